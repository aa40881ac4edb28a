#include "domain/sigkey.h"

#include <stdio.h>
#include <string.h>
#include <openssl/sha.h>

#include "core/id.h"
#include "core/strict.h"
#include "domain/apikey.h"
#include "domain/internal.h"

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
	struct db_arg a[3];
	struct db_rows rows;
	const char *env, *now;
	int rc, found, same;

	outcome_init(o);
	if (!key_id_ok(key_id))
		return outcome_field(o, ERR_VALIDATION, "key_id", "a 16-character key id");
	/* the server counts changed rows only: look first, so that a key
	 * already so is found, not "no such key" */
	a[0] = DB_S(key_id);
	if ((rc = db_exec(db, DB_APIKEY_LOOKUP, a, 1, &rows, NULL)) != DB_OK)
		return domain_db_fail(o, rc, "find the key");
	env = db_cell(&rows, 0, 1);
	now = db_cell(&rows, 0, 5);
	found = rows.nrows == 1 && env != NULL && strcmp(env, cfg->environment) == 0;
	same = found && now != NULL && strcmp(now, required ? "1" : "0") == 0;
	db_rows_free(&rows);
	if (!found)
		return outcome_fail(o, ERR_NOT_FOUND, "no active key %s in this environment",
		    key_id);
	if (same)
		return ERR_OK;
	a[0] = DB_I(required ? 1 : 0);
	a[1] = DB_S(key_id);
	a[2] = DB_S(cfg->environment);
	if ((rc = db_exec(db, DB_APIKEY_SET_SIGNATURE_POLICY, a, 3, NULL, NULL)) != DB_OK)
		return domain_db_fail(o, rc, "set the key's policy");
	o->changed = 1;
	return ERR_OK;
}

enum err
sigkey_partner_signing_set(struct db *db, const struct cfg *cfg, const char *public_id,
    int required, struct outcome *o)
{
	const char *want = required ? "required" : "optional";
	struct db_arg a[3];
	struct db_rows rows;
	int rc, found, same;

	outcome_init(o);
	if (public_id == NULL || !id_has_shape(public_id, PUBLIC_ID_PREFIX))
		return outcome_field(o, ERR_VALIDATION, "partner_id", "a partner id (pt_...)");
	/* the server counts changed rows only: look first, so that a partner
	 * already so is found, not "no such partner" */
	a[0] = DB_S(public_id);
	a[1] = DB_S(cfg->environment);
	if ((rc = db_exec(db, DB_PARTNER_SIGNING_GET, a, 2, &rows, NULL)) != DB_OK)
		return domain_db_fail(o, rc, "find the partner");
	found = rows.nrows == 1;
	same = found && db_cell(&rows, 0, 0) != NULL && strcmp(db_cell(&rows, 0, 0), want) == 0;
	db_rows_free(&rows);
	if (!found)
		return outcome_fail(o, ERR_NOT_FOUND, "no partner %s in this environment",
		    public_id);
	if (same)
		return ERR_OK;
	a[0] = DB_S(want);
	a[1] = DB_S(public_id);
	a[2] = DB_S(cfg->environment);
	if ((rc = db_exec(db, DB_PARTNER_SIGNING_SET, a, 3, NULL, NULL)) != DB_OK)
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
	struct db_arg args[5];
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
	args[0] = DB_S(keyid);
	args[1] = DB_S(httpsig_alg_name(a));
	args[2] = DB_SN(pem, n);
	args[3] = DB_S(public_id);
	args[4] = DB_S(cfg->environment);
	rc = db_exec(db, DB_SIGKEY_INSERT, args, 5, NULL, &res);
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
	struct db_arg a[3];
	struct db_res res;
	int rc;

	outcome_init(o);
	if (check_ids(public_id, keyid, o) != ERR_OK)
		return o->err;
	a[0] = DB_S(public_id);
	a[1] = DB_S(cfg->environment);
	a[2] = DB_S(keyid);
	if ((rc = db_exec(db, DB_SIGKEY_DELETE, a, 3, NULL, &res)) != DB_OK)
		return domain_db_fail(o, rc, "remove the key");
	if (res.affected == 0)
		return outcome_fail(o, ERR_NOT_FOUND, "%s has no key %s", public_id, keyid);
	o->changed = 1;
	return ERR_OK;
}

enum err
sigkey_list(struct db *db, const struct cfg *cfg, const char *public_id, sigkey_list_fn fn,
    void *arg, struct outcome *o)
{
	struct db_arg a[3];
	struct db_rows rows;
	size_t i;
	int rc;

	outcome_init(o);
	if (public_id != NULL && !id_has_shape(public_id, PUBLIC_ID_PREFIX))
		return outcome_field(o, ERR_VALIDATION, "partner_id", "a partner id (pt_...)");
	a[0] = DB_S(cfg->environment);
	a[1] = public_id != NULL ? DB_S(public_id) : DB_NULL;
	a[2] = a[1];
	if ((rc = db_exec(db, DB_SIGKEY_LIST, a, 3, &rows, NULL)) != DB_OK)
		return domain_db_fail(o, rc, "list the keys");
	for (i = 0; i < rows.nrows; i++)
		fn(db_cell(&rows, i, 0) ? db_cell(&rows, i, 0) : "",
		    db_cell(&rows, i, 1) ? db_cell(&rows, i, 1) : "",
		    db_cell(&rows, i, 2) ? db_cell(&rows, i, 2) : "",
		    db_cell(&rows, i, 3) ? db_cell(&rows, i, 3) : "", arg);
	db_rows_free(&rows);
	return ERR_OK;
}

int
sigkey_find(struct db *db, long long partner_id, const char *keyid, enum httpsig_alg *alg,
    char *pem)
{
	struct db_arg a[2] = { DB_I(partner_id), DB_S(keyid) };
	struct db_rows rows;
	const char *al, *p;
	int found = 0;

	if (db_exec(db, DB_SIGKEY_FIND, a, 2, &rows, NULL) != DB_OK)
		return -1;
	al = db_cell(&rows, 0, 0);
	p = db_cell(&rows, 0, 1);
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
	struct db_arg a[3];
	int rc;

	SHA256(base, n, md);
	id_hex(md, sizeof(md), hex);
	a[0] = DB_I(partner_id);
	a[1] = DB_S(hex);
	a[2] = DB_I(expires_at);
	rc = db_exec(db, DB_SIGSEEN_INSERT, a, 3, NULL, NULL);
	if (rc == DB_DUP)
		return 1;
	return rc == DB_OK ? 0 : -1;
}
