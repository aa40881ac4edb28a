/*
 * keystore: where cediramp-signer keeps the operator's key (issue 38,
 * docs/design.md "Custody"). Only the signer opens one; web programs and
 * workers never do.
 *
 *   file     a key file (evm_key.h: 64 hex digits, mode 0400, owned by
 *            the signer's user, both checked), read once at start into
 *            locked memory (mlock) and wiped when the store is closed.
 *   pkcs11   a key in a PKCS#11 token (keystore_p11.h), generated there,
 *            sensitive and not extractable: it never leaves the token.
 *
 * Both sign a 32-byte digest the way Ethereum wants it (r, s low, the
 * recovery id) and know their key's address.
 */
#ifndef CEDIRAMP_KEYSTORE_H
#define CEDIRAMP_KEYSTORE_H

#include <stddef.h>

#include "providers/evm_key.h"

struct keystore;

/* A file store of the key at path. NULL with why (never the key). */
struct keystore *keystore_open_file(const char *path, char *why, size_t cap);

/* A file store of a new key at path (a key rotation's), made from the
 * kernel's randomness and written 0400 (whole or not at all); the key
 * already there when path exists (made before a restart). */
struct keystore *keystore_make_file(const char *path, char *why, size_t cap);

/*
 * A PKCS#11 store: module (the library's path), the token labelled token,
 * the user PIN read from pin_file (the signer's own, 0400), the key pair
 * labelled label, made in the token when there is none and create is
 * set. NULL with why (never the PIN).
 */
struct keystore *keystore_open_pkcs11(const char *module, const char *token,
    const char *pin_file, const char *label, int create, char *why, size_t cap);

/* "file" or "pkcs11". */
const char *keystore_kind(const struct keystore *k);

/* The key's address as 0x and 40 lowercase hex digits. */
const char *keystore_address(const struct keystore *k);

/* Signs digest: r and s (low S) and the recovery id. 0 or -1. Safe from
 * several threads at once (a token's signatures take turns). */
int keystore_sign(struct keystore *k, const unsigned char digest[32], unsigned char rs[64],
    int *recid);

/* Wipes and frees what the store holds (NULL: nothing). */
void keystore_close(struct keystore *k);

#endif
