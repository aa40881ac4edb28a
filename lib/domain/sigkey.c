#include "domain/sigkey.h"

#include <stdio.h>
#include <string.h>
#include <openssl/sha.h>

#include "core/id.h"
#include "core/strict.h"
#include "domain/apikey.h"
#include "domain/internal.h"
#include "store/db_sig.h"

#define PUBLIC_ID_PREFIX "pt_"

/* 1 when s is shaped like a key id: APIKEY_ID_CHARS base62 characters. */
static int
key_id_ok(const char *s)
{
	return s != NULL && strlen(s) == APIKEY_ID_CHARS && id_has_shape(s, "");
}

enum err
sigkey_policy_set(struct db *db, const struct cfg *cfg, const char *key_id, int required,
    struct outcome *o)
{
	struct db_rows rows;
	const char *env, *now;
	int rc, found, same;

	outcome_init(o);
	if (!key_id_ok(key_id))
		return outcome_field(o, ERR_VALIDATION, "key_id", "a 16-character key id");
	/* the server counts changed rows only: look first, so that a key
	 * already so is found, not "no such key" */
	if ((rc = DB_EXEC(db, DB_APIKEY_LOOKUP, ak_by_key_id, &rows, NULL,
	    .key_id = key_id)) != DB_OK)
		return domain_db_fail(o, rc, "find the key");
	env = db_cell(&rows, 0, DB_COL(ak_lookup, environment));
	now = db_cell(&rows, 0, DB_COL(ak_lookup, signature_required));
	found = rows.nrows == 1 && env != NULL && strcmp(env, cfg->environment) == 0;
	same = found && now != NULL && strcmp(now, required ? "1" : "0") == 0;
	db_rows_free(&rows);
	if (!found)
		return outcome_fail(o, ERR_NOT_FOUND, "no active key %s in this environment",
		    key_id);
	if (same)
		return ERR_OK;
	if ((rc = DB_EXEC(db, DB_APIKEY_SET_SIGNATURE_POLICY, ak_policy_set, NULL, NULL,
	    .required = required ? 1 : 0, .key_id = key_id,
	    .environment = cfg->environment)) != DB_OK)
		return domain_db_fail(o, rc, "set the key's policy");
	o->changed = 1;
	return ERR_OK;
}

enum err
sigkey_partner_signing_get(struct db *db, const struct cfg *cfg, const char *public_id,
    int *required, struct outcome *o)
{
	struct db_rows rows;
	const char *v;
	int rc, found;

	outcome_init(o);
	if (public_id == NULL || !id_has_shape(public_id, PUBLIC_ID_PREFIX))
		return outcome_field(o, ERR_VALIDATION, "partner_id", "a partner id (pt_...)");
	if ((rc = DB_EXEC(db, DB_PARTNER_SIGNING_GET, ak_partner, &rows, NULL,
	    .public_id = public_id, .environment = cfg->environment)) != DB_OK)
		return domain_db_fail(o, rc, "find the partner");
	found = rows.nrows == 1;
	v = found ? db_cell(&rows, 0, DB_COL(ak_signing, signing)) : NULL;
	*required = v != NULL && strcmp(v, "required") == 0;
	db_rows_free(&rows);
	if (!found)
		return outcome_fail(o, ERR_NOT_FOUND, "no partner %s in this environment",
		    public_id);
	return ERR_OK;
}

enum err
sigkey_partner_signing_set(struct db *db, const struct cfg *cfg, const char *public_id,
    int required, struct outcome *o)
{
	const char *want = required ? "required" : "optional";
	int rc, now;

	/* the server counts changed rows only: look first, so that a partner
	 * already so is found, not "no such partner" */
	if (sigkey_partner_signing_get(db, cfg, public_id, &now, o) != ERR_OK)
		return o->err;
	if (now == required)
		return ERR_OK;
	if ((rc = DB_EXEC(db, DB_PARTNER_SIGNING_SET, ak_signing_set, NULL, NULL,
	    .signing = want, .public_id = public_id,
	    .environment = cfg->environment)) != DB_OK)
		return domain_db_fail(o, rc, "set the partner's signing policy");
	o->changed = 1;
	return ERR_OK;
}

/* The checks every sigkey admin call makes of a partner id and a keyid. */
static enum err
check_ids(const char *public_id, const char *keyid, struct outcome *o)
{
	if (public_id == NULL || !id_has_shape(public_id, PUBLIC_ID_PREFIX))
		return outcome_field(o, ERR_VALIDATION, "partner_id", "a partner id (pt_...)");
	if (keyid == NULL || !httpsig_keyid_ok(keyid))
		return outcome_field(o, ERR_VALIDATION, "keyid",
		    "1 to 64 of A-Z a-z 0-9 . _ : -");
	return ERR_OK;
}

enum err
sigkey_add(struct db *db, const struct cfg *cfg, const char *public_id, const char *keyid,
    const char *alg, const char *pem, size_t n, struct outcome *o)
{
	enum httpsig_alg a = httpsig_alg_parse(alg);
	struct db_res res;
	char why[96];
	int rc;

	outcome_init(o);
	if (check_ids(public_id, keyid, o) != ERR_OK)
		return o->err;
	if (a == HTTPSIG_ALG_NONE)
		return outcome_field(o, ERR_VALIDATION, "alg", "ed25519 or ecdsa-p256-sha256");
	if (pem == NULL || n > HTTPSIG_PEM_MAX)
		return outcome_field(o, ERR_VALIDATION, "public_key", "at most 1024 bytes of PEM");
	if (httpsig_public_key_check(a, pem, n, why, sizeof(why)) != 0)
		return outcome_field(o, ERR_VALIDATION, "public_key", why);
	rc = DB_EXEC(db, DB_SIGKEY_INSERT, sigkey_insert, NULL, &res, .keyid = keyid,
	    .alg = httpsig_alg_name(a), .public_key_pem = (struct db_bytes){ pem, n },
	    .public_id = public_id, .environment = cfg->environment);
	if (rc == DB_DUP)
		return outcome_fail(o, ERR_DUPLICATE_REFERENCE, "%s already has a key %s",
		    public_id, keyid);
	if (rc != DB_OK)
		return domain_db_fail(o, rc, "store the key");
	if (res.affected == 0)
		return outcome_fail(o, ERR_NOT_FOUND, "no partner %s in this environment",
		    public_id);
	o->changed = 1;
	return ERR_OK;
}

enum err
sigkey_remove(struct db *db, const struct cfg *cfg, const char *public_id, const char *keyid,
    struct outcome *o)
{
	struct db_res res;
	int rc;

	outcome_init(o);
	if (check_ids(public_id, keyid, o) != ERR_OK)
		return o->err;
	if ((rc = DB_EXEC(db, DB_SIGKEY_DELETE, sigkey_delete, NULL, &res,
	    .public_id = public_id, .environment = cfg->environment, .keyid = keyid)) != DB_OK)
		return domain_db_fail(o, rc, "remove the key");
	if (res.affected == 0)
		return outcome_fail(o, ERR_NOT_FOUND, "%s has no key %s", public_id, keyid);
	o->changed = 1;
	return ERR_OK;
}

/* Cell (row, col) of rows, "" for NULL. */
static const char *
cell_or_empty(const struct db_rows *rows, size_t row, size_t col)
{
	const char *v = db_cell(rows, row, col);

	return v != NULL ? v : "";
}

enum err
sigkey_list(struct db *db, const struct cfg *cfg, const char *public_id, sigkey_list_fn fn,
    void *arg, struct outcome *o)
{
	struct db_rows rows;
	size_t i;
	int rc;

	outcome_init(o);
	if (public_id != NULL && !id_has_shape(public_id, PUBLIC_ID_PREFIX))
		return outcome_field(o, ERR_VALIDATION, "partner_id", "a partner id (pt_...)");
	if ((rc = DB_EXEC(db, DB_SIGKEY_LIST, sigkey_list, &rows, NULL,
	    .environment = cfg->environment, .public_id = public_id)) != DB_OK)
		return domain_db_fail(o, rc, "list the keys");
	for (i = 0; i < rows.nrows; i++)
		fn(cell_or_empty(&rows, i, DB_COL(sigkey_listed, public_id)),
		    cell_or_empty(&rows, i, DB_COL(sigkey_listed, keyid)),
		    cell_or_empty(&rows, i, DB_COL(sigkey_listed, alg)),
		    cell_or_empty(&rows, i, DB_COL(sigkey_listed, created_at)), arg);
	db_rows_free(&rows);
	return ERR_OK;
}

int
sigkey_find(struct db *db, long long partner_id, const char *keyid, enum httpsig_alg *alg,
    char *pem)
{
	struct db_rows rows;
	const char *al, *p;
	int found = 0;

	if (DB_EXEC(db, DB_SIGKEY_FIND, sigkey_find, &rows, NULL, .partner_id = partner_id,
	    .keyid = keyid) != DB_OK)
		return -1;
	al = db_cell(&rows, 0, DB_COL(sigkey, alg));
	p = db_cell(&rows, 0, DB_COL(sigkey, public_key_pem));
	if (rows.nrows == 1 && al != NULL && p != NULL &&
	    (*alg = httpsig_alg_parse(al)) != HTTPSIG_ALG_NONE &&
	    strict_copy(pem, HTTPSIG_PEM_MAX + 1, p) == 0)
		found = 1;
	db_rows_free(&rows);
	return found;
}

int
sigkey_seen(struct db *db, long long partner_id, const void *base, size_t n,
    long long expires_at)
{
	unsigned char md[SHA256_DIGEST_LENGTH];
	char hex[2 * SHA256_DIGEST_LENGTH + 1];
	int rc;

	SHA256(base, n, md);
	id_hex(md, sizeof(md), hex);
	rc = DB_EXEC(db, DB_SIGSEEN_INSERT, sigseen_insert, NULL, NULL,
	    .partner_id = partner_id, .base_sha256 = hex, .expires_at = expires_at);
	if (rc == DB_DUP)
		return 1;
	return rc == DB_OK ? 0 : -1;
}
