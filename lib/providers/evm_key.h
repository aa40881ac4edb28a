/*
 * evm_key: secp256k1 keys and signatures. A key file (cediramp-signer's
 * file key store, keystore.h) holds 64 hex digits (an optional 0x, an
 * optional final newline) and must be a regular file of mode 0400 owned by
 * the user reading it: any other mode or owner is refused, as ssh refuses
 * a readable key. Nothing here logs or returns the key's text.
 */
#ifndef CEDIRAMP_EVM_KEY_H
#define CEDIRAMP_EVM_KEY_H

#include <stddef.h>

#define EVM_KEY_LEN 32
#define EVM_ADDR_LEN 20

/*
 * Reads the key at path into key. 0, or -1 with the reason in why (the
 * path and what is wrong: missing, mode, format; never the content).
 * The caller wipes key (OPENSSL_cleanse) once done with it.
 */
int evm_key_load(const char *path, unsigned char key[EVM_KEY_LEN], char *why,
    size_t cap);

/* The Ethereum address of key: the last 20 bytes of the Keccak-256 of its
 * uncompressed public key. 0, or -1 for a key outside the curve's range. */
int evm_key_address(const unsigned char key[EVM_KEY_LEN],
    unsigned char addr[EVM_ADDR_LEN]);

/*
 * Signs the 32-byte digest with key: r and s (64 bytes, low-s, RFC 6979
 * nonces) and the recovery id (0 or 1) Ethereum calls y-parity. 0 or -1.
 */
int evm_key_sign(const unsigned char key[EVM_KEY_LEN], const unsigned char digest[32],
    unsigned char rs[64], int *recid);

/* The address that signed digest with rs/recid (for tests and checks).
 * 0 or -1. */
int evm_key_recover(const unsigned char digest[32], const unsigned char rs[64],
    int recid, unsigned char addr[EVM_ADDR_LEN]);

/* The digest EIP-191's personal_sign signs for the n bytes of msg:
 * Keccak-256 of "\x19Ethereum Signed Message:\n", n in decimal, msg. */
void evm_personal_digest(const char *msg, size_t n, unsigned char digest[32]);

/*
 * The address that personal_sign'ed the n bytes of msg with sig_hex ("0x"
 * and 130 hex digits: r, s and v, v 27 or 28, or 0 or 1 as some wallets
 * write it), as eth_sign's callers recover it. 0, or -1 when the
 * signature is malformed or recovers no key.
 */
int evm_personal_recover(const char *msg, size_t n, const char *sig_hex,
    unsigned char addr[EVM_ADDR_LEN]);

#endif
