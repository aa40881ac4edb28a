/*
 * eip55: the mixed-case checksum of an Ethereum address (EIP-55): the
 * i-th hex letter of the address is upper case when the i-th nibble of the
 * Keccak-256 of the lowercase hex (without 0x) is 8 or more. An address
 * written all in lower or all in upper case carries no checksum; one in
 * mixed case carries one, and a wrong one is a typo that must not be
 * taken for another address. No I/O.
 */
#ifndef CEDIRAMP_EIP55_H
#define CEDIRAMP_EIP55_H

#include <stddef.h>

#define EIP55_TEXT 43 /* "0x", 40 hex digits, NUL */

/*
 * 1 when s[0..n) is "0x" and 40 hex digits, either all of its letters in
 * one case or in the mixed case EIP-55 gives those 20 bytes; else 0.
 */
int eip55_ok(const char *s, size_t n);

/* The 20 bytes addr as "0x" and 40 hex digits in EIP-55's mixed case. */
void eip55_format(const unsigned char addr[20], char out[EIP55_TEXT]);

#endif
