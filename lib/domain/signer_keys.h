/*
 * signer_keys: the keys cediramp-signer holds (issue 38; docs/design.md
 * "Custody"), all in its key store (providers/keystore.h):
 *
 *   base    the configured operator key (signer.key_file, or
 *           signer.pkcs11.key_label in the token);
 *   active  the operator key that signs new moves: base, or the newest
 *           rotation's key once the gateway took it (schema 054);
 *   other   during a rotation, the operator key beside it: the new one
 *           before the gateway takes it, the old one while its sends
 *           finish; NULL otherwise;
 *   owner   the gateway owner's key (signer.owner_key_file, or
 *           signer.pkcs11.owner_label), which signs setOperator only;
 *           NULL when none is configured (no rotation then).
 *
 * A rotation's key is named by the rotation: <dir>/operator-<id>.key
 * (signer.key_dir, by default the key file's directory) or the token's
 * label <key_label>-<id>, made in the store the first time and found
 * again after a restart.
 */
#ifndef CEDIRAMP_SIGNER_KEYS_H
#define CEDIRAMP_SIGNER_KEYS_H

#include <stddef.h>

#include "domain/ctx.h"
#include "providers/keystore.h"

struct signer_keys {
	struct keystore *base, *active, *other, *owner;
};

/* The keys as the database's rotations leave them. 0, or -1 with why. */
int signer_keys_open(struct signer_keys *k, struct ctx *ctx, char *why, size_t cap);

/* The store's key called name (made there when there is none), or the
 * configured operator key for NULL. NULL with why. */
struct keystore *signer_keys_named(const struct cfg *c, const char *name, char *why,
    size_t cap);

/* The owner's key, as configured; NULL with why (none configured: why
 * says so). */
struct keystore *signer_keys_owner(const struct cfg *c, char *why, size_t cap);

/* The prefix of a rotation's key names in this store. */
const char *signer_keys_prefix(const struct cfg *c);

/* The operator key of address among those held, or NULL. */
struct keystore *signer_keys_find(const struct signer_keys *k, const char *address);

/* Makes key the one ch signs with and speaks for (its address: the next
 * nonce, the gas, the fills); the key it replaces is returned, to be put
 * back. The signer does one thing at a time, so a swap is safe. */
struct keystore *signer_keys_use(struct prov_chain *ch, struct keystore *key);

/* Closes each key once (wiping what a file store holds). */
void signer_keys_close(struct signer_keys *k);

#endif
