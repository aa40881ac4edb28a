#include "domain/apikey.h"

#include <stdio.h>
#include <string.h>
#include <time.h>
#include <openssl/crypto.h>
#include <openssl/sha.h>

#include "core/id.h"
#include "core/strict.h"
#include "store/db_sig.h"

#define PREFIX_LEN 8

void
apikey_hash(const char *s, size_t n, char *hash)
{
	unsigned char md[SHA256_DIGEST_LENGTH];

	SHA256((const unsigned char *)s, n, md);
	id_hex(md, sizeof(md), hash);
}

void
apikey_public(const struct cfg *cfg, const char *key_id, char *out, size_t cap)
{
	/* the secret's prefix "sk_test_" with the p of public */
	snprintf(out, cap, "p%s%s", cfg->apikey_prefix + 1, key_id);
}

int
apikey_generate(const struct cfg *cfg, char *key, char *key_id, char *hash)
{
	char secret[APIKEY_SECRET_CHARS + 1];

	if (id_random(key_id, APIKEY_ID_CHARS + 1, "", APIKEY_ID_CHARS) != 0 ||
	    id_random(secret, sizeof(secret), "", APIKEY_SECRET_CHARS) != 0)
		return -1;
	snprintf(key, APIKEY_MAX, "%s%s%s", cfg->apikey_prefix, key_id, secret);
	apikey_hash(key, strlen(key), hash);
	return 0;
}

static int
is_b62(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
	    (c >= 'A' && c <= 'Z');
}

int
apikey_parse(const struct cfg *cfg, const char *key, size_t n, char *key_id)
{
	size_t i;

	if (strlen(cfg->apikey_prefix) != PREFIX_LEN ||
	    n != PREFIX_LEN + APIKEY_ID_CHARS + APIKEY_SECRET_CHARS ||
	    memcmp(key, cfg->apikey_prefix, PREFIX_LEN) != 0)
		return -1;
	for (i = PREFIX_LEN; i < n; i++)
		if (!is_b62(key[i]))
			return -1;
	memcpy(key_id, key + PREFIX_LEN, APIKEY_ID_CHARS);
	key_id[APIKEY_ID_CHARS] = '\0';
	return 0;
}

/* Whether the "suspended" column of DB_APIKEY_LOOKUP or DB_APIKEY_POLICY
 * says the key's partner is suspended. */
static int
is_suspended(const char *cell)
{
	return cell != NULL && strcmp(cell, "1") == 0;
}

/* Whether a key must sign: its own flag ("1") or its partner's policy
 * ("required"), the two columns of DB_APIKEY_LOOKUP and DB_APIKEY_POLICY
 * (signature_required, signing). */
static int
must_sign(const char *key_flag, const char *partner_signing)
{
	return (key_flag != NULL && strcmp(key_flag, "1") == 0) ||
	    (partner_signing != NULL && strcmp(partner_signing, "required") == 0);
}

/* apikey_authenticate, and *signature_required gets the key's policy. */
static enum apikey_rc
authenticate(struct db *db, const struct cfg *cfg, const char *key, size_t n,
    const char *address, struct caller *caller, int *signature_required)
{
	char key_id[APIKEY_ID_CHARS + 1], hash[APIKEY_HASH_HEX];
	struct db_rows rows;
	const char *stored, *env, *id, *ref, *tier;
	enum apikey_rc rc = APIKEY_BAD;
	unsigned long long pid;

	if (apikey_parse(cfg, key, n, key_id) != 0)
		return APIKEY_BAD;
	apikey_hash(key, n, hash);
	if (DB_EXEC(db, DB_APIKEY_LOOKUP, ak_by_key_id, &rows, NULL, .key_id = key_id) != DB_OK)
		return APIKEY_DB_DOWN;
	/* not here: maybe issued a moment ago on another Galera node, which
	 * this one has not applied yet; read again once it has (a key just
	 * created answers at once, wherever the request lands) */
	if (rows.nrows == 0) {
		db_rows_free(&rows);
		if (DB_EXEC(db, DB_APIKEY_LOOKUP_SYNC, ak_by_key_id, &rows, NULL,
		    .key_id = key_id) != DB_OK)
			return APIKEY_DB_DOWN;
	}
	if (rows.nrows != 1)
		goto out;
	stored = db_cell(&rows, 0, DB_COL(ak_lookup, key_hash));
	env = db_cell(&rows, 0, DB_COL(ak_lookup, environment));
	id = db_cell(&rows, 0, DB_COL(ak_lookup, id));
	if (stored == NULL || env == NULL || id == NULL ||
	    strlen(stored) != APIKEY_HASH_HEX - 1 ||
	    CRYPTO_memcmp(stored, hash, APIKEY_HASH_HEX - 1) != 0)
		goto out;
	if (strcmp(env, cfg->environment) != 0)
		goto out;
	if (strict_uint(id, strlen(id), ~0ULL >> 1, &pid) != 0)
		goto out;
	caller->kind = CALLER_PARTNER;
	caller->id = (long long)pid;
	ref = db_cell(&rows, 0, DB_COL(ak_lookup, public_id));
	tier = db_cell(&rows, 0, DB_COL(ak_lookup, tier));
	(void)strict_copy(caller->public_id, sizeof(caller->public_id), ref ? ref : "");
	(void)strict_copy(caller->tier, sizeof(caller->tier), tier ? tier : "basic");
	*signature_required = must_sign(
	    db_cell(&rows, 0, DB_COL(ak_lookup, signature_required)),
	    db_cell(&rows, 0, DB_COL(ak_lookup, signing)));
	if (is_suspended(db_cell(&rows, 0, DB_COL(ak_lookup, suspended)))) {
		rc = APIKEY_SUSPENDED;
		goto out;
	}
	(void)DB_EXEC(db, DB_APIKEY_TOUCH, ak_touch, NULL, NULL, .address = address,
	    .key_id = key_id);
	rc = APIKEY_OK;
out:
	db_rows_free(&rows);
	return rc;
}

enum apikey_rc
apikey_authenticate(struct db *db, const struct cfg *cfg, const char *key, size_t n,
    const char *address, struct caller *caller)
{
	int signature_required;

	return authenticate(db, cfg, key, n, address, caller, &signature_required);
}

/* ---- the per-process cache ---- */

#define CACHE_SLOTS 64

static struct cached_key {
	char key_id[APIKEY_ID_CHARS + 1];
	char hash[APIKEY_HASH_HEX];
	char environment[16];       /* the key's */
	struct caller caller;
	int signature_required;     /* the key's policy */
	long long until;            /* monotonic seconds; 0: empty */
	long long policy_until;     /* the policy read again after this */
} cache[CACHE_SLOTS];

static long long
mono_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec;
}

/*
 * The signing policy of a key this process trusts, read again (it is never
 * older than APIKEY_POLICY_SECONDS). A key revoked meanwhile leaves the
 * cache and is APIKEY_BAD at once; one whose partner was suspended leaves
 * it too and is APIKEY_SUSPENDED (a reactivation is read afresh); its
 * partner's tier is read again with it.
 */
static enum apikey_rc
policy_again(struct db *db, struct cached_key *c, long long now)
{
	struct db_rows rows;

	if (DB_EXEC(db, DB_APIKEY_POLICY, ak_by_key_id, &rows, NULL,
	    .key_id = c->key_id) != DB_OK)
		return APIKEY_DB_DOWN;
	if (rows.nrows != 1) {
		db_rows_free(&rows);
		c->until = 0;
		return APIKEY_BAD;
	}
	if (is_suspended(db_cell(&rows, 0, DB_COL(ak_policy, suspended)))) {
		db_rows_free(&rows);
		c->until = 0;
		return APIKEY_SUSPENDED;
	}
	c->signature_required = must_sign(
	    db_cell(&rows, 0, DB_COL(ak_policy, signature_required)),
	    db_cell(&rows, 0, DB_COL(ak_policy, signing)));
	/* a tier an operator changed (partner_set_tier): its limits from now */
	if (db_cell(&rows, 0, DB_COL(ak_policy, tier)) != NULL)
		(void)strict_copy(c->caller.tier, sizeof(c->caller.tier),
		    db_cell(&rows, 0, DB_COL(ak_policy, tier)));
	c->policy_until = now + APIKEY_POLICY_SECONDS;
	db_rows_free(&rows);
	return APIKEY_OK;
}

enum apikey_rc
apikey_authenticate_cached(struct db *db, const struct cfg *cfg, unsigned ttl, const char *key,
    size_t n, const char *address, struct caller *caller, int *signature_required)
{
	char key_id[APIKEY_ID_CHARS + 1], hash[APIKEY_HASH_HEX];
	struct cached_key *slot = &cache[0];
	long long now = mono_seconds();
	enum apikey_rc rc;
	size_t i;

	if (ttl == 0)
		return authenticate(db, cfg, key, n, address, caller, signature_required);
	if (apikey_parse(cfg, key, n, key_id) != 0)
		return APIKEY_BAD;
	apikey_hash(key, n, hash);
	for (i = 0; i < CACHE_SLOTS; i++) {
		struct cached_key *c = &cache[i];

		if (c->until > now && strcmp(c->environment, cfg->environment) == 0 && strcmp(c->key_id, key_id) == 0 &&
		    CRYPTO_memcmp(c->hash, hash, APIKEY_HASH_HEX - 1) == 0) {
			if (c->policy_until <= now && (rc = policy_again(db, c, now)) != APIKEY_OK)
				return rc;
			*caller = c->caller;
			*signature_required = c->signature_required;
			return APIKEY_OK;
		}
		if (c->until < slot->until)
			slot = c; /* the emptiest or soonest to expire */
	}
	if ((rc = authenticate(db, cfg, key, n, address, caller, signature_required)) != APIKEY_OK)
		return rc;
	memcpy(slot->key_id, key_id, sizeof(slot->key_id));
	memcpy(slot->hash, hash, sizeof(slot->hash));
	(void)strict_copy(slot->environment, sizeof(slot->environment), cfg->environment);
	slot->caller = *caller;
	slot->signature_required = *signature_required;
	slot->until = now + (long long)ttl;
	slot->policy_until = now + APIKEY_POLICY_SECONDS;
	return APIKEY_OK;
}
