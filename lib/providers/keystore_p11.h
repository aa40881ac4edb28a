/*
 * keystore_p11: the operator's secp256k1 key held in a PKCS#11 token
 * (issue 38; SoftHSM2 in the sandbox and tests, a real HSM's module in
 * production), through the standard C API loaded with dlopen. The key is
 * generated in the token, sensitive and not extractable: it never leaves
 * it. A signature is CKM_ECDSA over the 32-byte digest (the caller's
 * Keccak), normalised to low S as Ethereum requires, with the recovery id
 * found by recovering the address with libsecp256k1.
 *
 * Not yet wired: the signer daemon (cediramp-signer) is to hold it.
 */
#ifndef CEDIRAMP_KEYSTORE_P11_H
#define CEDIRAMP_KEYSTORE_P11_H

#include <stddef.h>

#include "providers/evm_key.h"

struct p11_store;

/*
 * Opens module (the library's path), logs in to the token labelled token
 * with pin, and finds the key pair labelled label; when there is none and
 * create is set, generates it in the token. NULL with the reason in why
 * (never the pin).
 */
struct p11_store *p11_open(const char *module, const char *token, const char *pin,
    const char *label, int create, char *why, size_t cap);

/* Logs out, closes the session and unloads the module. */
void p11_close(struct p11_store *s);

/* The key's Ethereum address. */
void p11_address(const struct p11_store *s, unsigned char addr[EVM_ADDR_LEN]);

/* Signs digest in the token: r and s (low S) and the recovery id, as
 * evm_key_sign gives them. 0 or -1. */
int p11_sign(struct p11_store *s, const unsigned char digest[32], unsigned char rs[64],
    int *recid);

/* 1 when the token refuses to give out the private key's value (as it
 * must), 0 when it gave it (a key it would export), -1 on error. */
int p11_key_sealed(struct p11_store *s);

#endif
