#include "domain/signer_keys.h"

#include <libgen.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "core/strict.h"
#include "providers/registry.h"
#include "store/db_sig.h"

const char *
signer_keys_prefix(const struct cfg *c)
{
	return strcmp(c->signer_key_store, "pkcs11") == 0 ? c->signer_pkcs11_key_label :
	    "operator";
}

struct keystore *
signer_keys_named(const struct cfg *c, const char *name, char *why, size_t cap)
{
	char dir[512], path[1100];

	if (strcmp(c->signer_key_store, "pkcs11") == 0)
		return keystore_open_pkcs11(c->signer_pkcs11_module, c->signer_pkcs11_token,
		    c->signer_pkcs11_pin_file, name != NULL ? name : c->signer_pkcs11_key_label, 1,
		    why, cap);
	if (strcmp(c->signer_key_store, "file") != 0) {
		snprintf(why, cap, "signer.key_store must be file or pkcs11");
		return NULL;
	}
	if (name == NULL)
		return keystore_open_file(c->signer_key_file, why, cap);
	/* a rotation's: beside the configured key unless signer.key_dir says */
	(void)strict_copy(dir, sizeof(dir), c->signer_key_dir[0] != '\0' ? c->signer_key_dir :
	    c->signer_key_file);
	snprintf(path, sizeof(path), "%s/%s.key", c->signer_key_dir[0] != '\0' ? dir :
	    dirname(dir), name);
	return keystore_make_file(path, why, cap);
}

struct keystore *
signer_keys_owner(const struct cfg *c, char *why, size_t cap)
{
	if (strcmp(c->signer_key_store, "pkcs11") == 0 && c->signer_pkcs11_owner_label[0] != '\0')
		return keystore_open_pkcs11(c->signer_pkcs11_module, c->signer_pkcs11_token,
		    c->signer_pkcs11_pin_file, c->signer_pkcs11_owner_label, 1, why, cap);
	if (strcmp(c->signer_key_store, "file") == 0 && c->signer_owner_key_file[0] != '\0')
		return keystore_open_file(c->signer_owner_key_file, why, cap);
	snprintf(why, cap, "no owner key is configured (signer.owner_key_file or "
	    "signer.pkcs11.owner_label)");
	return NULL;
}

/* The key of a rotation (key NULL: the newest the gateway took; else the
 * one that made key) into name (64) and address (43): 1, 0 for none, -1
 * on a database error. */
static int
rotation_key(struct ctx *ctx, const char *key, char *name, char *address)
{
	struct prov_chain *ch = providers_chain(&ctx->prov);
	struct db_rows rows;
	int rc;

	rc = key != NULL ? DB_EXEC(ctx->db, DB_ROT_OF_KEY, sg_chain_key, &rows, NULL,
	    .chain_id = (long long)ch->chain_id, .sender = key) :
	    DB_EXEC(ctx->db, DB_ROT_ACTIVE, sg_chain, &rows, NULL,
	    .chain_id = (long long)ch->chain_id);
	if (rc != DB_OK)
		return -1;
	rc = rows.nrows == 1;
	if (rc) {
		db_cell_copy(name, 64, &rows, 0, DB_COL(sg_rot, key_name));
		db_cell_copy(address, 43, &rows, 0, DB_COL(sg_rot, new_address));
		rc = address[0] != '\0' ? 1 : 0; /* not made yet: nothing to open */
	}
	db_rows_free(&rows);
	return rc;
}

/* The key a rotation made (name), checked against the address it
 * recorded. */
static struct keystore *
rotation_store(const struct cfg *c, const char *name, const char *address, char *why,
    size_t cap)
{
	struct keystore *s = signer_keys_named(c, name, why, cap);

	if (s != NULL && strcasecmp(keystore_address(s), address) != 0) {
		snprintf(why, cap, "the key %s is %s, not %s as its rotation recorded", name,
		    keystore_address(s), address);
		keystore_close(s);
		return NULL;
	}
	return s;
}

int
signer_keys_open(struct signer_keys *k, struct ctx *ctx, char *why, size_t cap)
{
	struct prov_chain *ch = providers_chain(&ctx->prov);
	char name[64], address[43], open_name[64], open_new[43], step[16], old[43];
	struct db_rows rows;
	int rc;

	memset(k, 0, sizeof(*k));
	if ((k->base = signer_keys_named(&ctx->cfg, NULL, why, cap)) == NULL)
		return -1;
	k->owner = signer_keys_owner(&ctx->cfg, why, cap);
	if (k->owner == NULL && (ctx->cfg.signer_owner_key_file[0] != '\0' ||
	    ctx->cfg.signer_pkcs11_owner_label[0] != '\0'))
		goto fail; /* configured, but it does not open */
	k->active = k->base;
	/* the newest rotation the gateway took: its key signs */
	if ((rc = rotation_key(ctx, NULL, name, address)) < 0)
		goto db;
	if (rc == 1 && (k->active = rotation_store(&ctx->cfg, name, address, why, cap)) == NULL)
		goto fail;
	/* a rotation under way: the key beside it */
	if (DB_EXEC(ctx->db, DB_ROT_OPEN, sg_chain, &rows, NULL,
	    .chain_id = (long long)ch->chain_id) != DB_OK)
		goto db;
	rc = rows.nrows == 1;
	if (rc) {
		db_cell_copy(open_name, sizeof(open_name), &rows, 0, DB_COL(sg_rot, key_name));
		db_cell_copy(open_new, sizeof(open_new), &rows, 0, DB_COL(sg_rot, new_address));
		db_cell_copy(step, sizeof(step), &rows, 0, DB_COL(sg_rot, step));
		db_cell_copy(old, sizeof(old), &rows, 0, DB_COL(sg_rot, old_address));
	}
	db_rows_free(&rows);
	if (!rc || open_new[0] == '\0')
		return 0;
	if (strcmp(step, "funding") == 0 || strcmp(step, "adding") == 0) {
		k->other = rotation_store(&ctx->cfg, open_name, open_new, why, cap);
	} else if (strcasecmp(old, keystore_address(k->base)) == 0) {
		k->other = k->base; /* the old key: the configured one */
	} else { /* the old key: an earlier rotation's */
		if ((rc = rotation_key(ctx, old, name, address)) < 0)
			goto db;
		if (rc == 0) {
			snprintf(why, cap, "no rotation made the key %s being rotated out", old);
			goto fail;
		}
		k->other = rotation_store(&ctx->cfg, name, address, why, cap);
	}
	if (k->other == NULL)
		goto fail;
	return 0;
db:
	snprintf(why, cap, "the database: %s", db_error(ctx->db));
fail:
	signer_keys_close(k);
	return -1;
}

struct keystore *
signer_keys_find(const struct signer_keys *k, const char *address)
{
	struct keystore *const all[] = { k->active, k->other, k->base };
	size_t i;

	for (i = 0; address != NULL && i < sizeof(all) / sizeof(all[0]); i++)
		if (all[i] != NULL && strcasecmp(keystore_address(all[i]), address) == 0)
			return all[i];
	return NULL;
}

struct keystore *
signer_keys_use(struct prov_chain *ch, struct keystore *key)
{
	struct keystore *was = ch->evm.keys;

	ch->evm.keys = key;
	(void)strict_copy(ch->evm.operator_address, sizeof(ch->evm.operator_address),
	    keystore_address(key));
	return was;
}

void
signer_keys_close(struct signer_keys *k)
{
	struct keystore *all[] = { k->active, k->other, k->base, k->owner };
	size_t i, j;

	for (i = 0; i < sizeof(all) / sizeof(all[0]); i++) {
		for (j = 0; j < i; j++)
			if (all[j] == all[i])
				break;
		if (j == i)
			keystore_close(all[i]);
	}
	memset(k, 0, sizeof(*k));
}
