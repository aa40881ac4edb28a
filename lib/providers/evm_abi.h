/*
 * evm_abi: the Solidity ABI as far as the gateway and ERC-20 tokens need
 * it (static arguments only: address, uint256, bytes32), addresses and
 * hex text, and exact conversion between the service's decimal amounts and
 * a token's base units.
 */
#ifndef CEDIRAMP_EVM_ABI_H
#define CEDIRAMP_EVM_ABI_H

#include <stddef.h>
#include <gmp.h>

#include "core/buf.h"
#include "providers/evm_key.h"

#define EVM_ADDR_TEXT 43   /* "0x" + 40 hex + NUL */
#define EVM_HASH_TEXT 67   /* "0x" + 64 hex + NUL */
#define EVM_WORD 32

/* Function selectors and event topics the service uses. */
#define EVM_SIG_CONVERT "convert(bytes32,address,address,uint256)"
#define EVM_SIG_SET_OPERATOR "setOperator(address,bool)"
#define EVM_SIG_BALANCE_OF "balanceOf(address)"
#define EVM_SIG_ALLOWANCE "allowance(address,address)"
#define EVM_SIG_APPROVE "approve(address,uint256)"
#define EVM_SIG_TRANSFER "transfer(address,uint256)"
#define EVM_SIG_MINT "mint(address,uint256)"
#define EVM_SIG_DECIMALS "decimals()"
#define EVM_EVENT_TRANSFER "Transfer(address,address,uint256)"
#define EVM_EVENT_CONVERTED "Converted(bytes32,address,address,uint256)"

/* "0x" + 40 hex digits into addr: all in lower or upper case, or in mixed
 * case with its EIP-55 checksum right (core/eip55.h); identity is
 * case-insensitive. 0 or -1. */
int evm_addr_parse(const char *s, unsigned char addr[EVM_ADDR_LEN]);
/* 1 when s is such an address. */
int evm_addr_ok(const char *s);
/* The address as "0x" + 40 lowercase hex. */
void evm_addr_format(const unsigned char addr[EVM_ADDR_LEN], char out[EVM_ADDR_TEXT]);
/* Lowercases an address text in place (identity: case-insensitive). */
void evm_addr_lower(char *s);

/* "0x" + lowercase hex of n bytes into out (2n + 3 bytes). */
void evm_hex(const unsigned char *p, size_t n, char *out);
/* Decodes "0x" + exactly 2n hex digits into out. 0 or -1. */
int evm_unhex(const char *s, unsigned char *out, size_t n);
/* Decodes "0x" + an even number of hex digits (at most cap bytes) into
 * out; the byte count into *n. 0 or -1. */
int evm_unhex_any(const char *s, unsigned char *out, size_t cap, size_t *n);

/* The first 4 bytes of keccak256(signature). */
void evm_selector(const char *signature, unsigned char out[4]);
/* keccak256(signature), an event's topic 0, as "0x" + 64 hex. */
void evm_topic(const char *signature, char out[EVM_HASH_TEXT]);

/* Appends one 32-byte word to call data: a selector starts it, then each
 * argument. 0, or -1 when the buffer refused (or a uint256 is out of
 * range: negative or above 2^256 - 1). */
int evm_abi_selector(struct buf *b, const char *signature);
int evm_abi_address(struct buf *b, const unsigned char addr[EVM_ADDR_LEN]);
int evm_abi_uint(struct buf *b, const mpz_t v);
int evm_abi_bytes32(struct buf *b, const unsigned char w[EVM_WORD]);

/* A 32-byte big-endian word as an unsigned integer into v. */
void evm_word_to_mpz(const unsigned char w[EVM_WORD], mpz_t v);

/*
 * A gateway id from one of the service's ids: its ASCII bytes, right-
 * padded with zero bytes (so the id reads plainly in a block explorer).
 * 0, or -1 for an id longer than 32 bytes.
 */
int evm_id_word(const char *id, unsigned char out[EVM_WORD]);

/*
 * Base units of a token with `decimals` places from the service's decimal
 * text (at most `decimals` places: more would have to be cut, and is
 * refused). 0, or -1 (malformed, too many places, out of range).
 */
int evm_units_from_text(const char *text, unsigned decimals, mpz_t units);

/*
 * The decimal text, at the service's `scale`, of token base units with
 * `decimals` places. 0, or -1 when the value has a non-zero digit past
 * `scale` (it cannot be written exactly; never rounded) or does not fit
 * cap bytes.
 */
int evm_units_to_text(const mpz_t units, unsigned decimals, unsigned scale,
    char *out, size_t cap);

#endif
