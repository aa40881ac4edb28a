#include "domain/partner_account.h"

#include <stdio.h>
#include <string.h>

#include "core/strict.h"
#include "domain/chain_deposit.h"
#include "domain/funds.h"
#include "domain/internal.h"
#include "domain/catalog.h"
#include "store/db_sig.h"

#define PUBLIC_ID_PREFIX "pt_"

/* 1 when s is shaped like a partner's public id: "pt_" and base62. */
static int
public_id_ok(const char *s)
{
	return id_has_shape(s, PUBLIC_ID_PREFIX);
}

/* 1 when s is shaped like a key id: APIKEY_ID_CHARS base62 characters. */
static int
key_id_ok(const char *s)
{
	/* an id with an empty prefix is the base62 run */
	return s != NULL && strlen(s) == APIKEY_ID_CHARS && id_has_shape(s, "");
}

/*
 * Fills out's key_id and key, and hash (APIKEY_HASH_HEX bytes), for a new
 * key of this environment. ERR_OK or ERR_INTERNAL (no random bytes).
 */
static enum err
new_key(const struct cfg *cfg, struct partner_key *out, char *hash, struct outcome *o)
{
	if (apikey_generate(cfg, out->key, out->key_id, hash) != 0)
		return outcome_fail(o, ERR_INTERNAL, "no random bytes for a key");
	return ERR_OK;
}

static int
insert_key(struct db *db, long long partner_id, const char *key_id,
    const char *hash, const char *env)
{
	return DB_EXEC(db, DB_APIKEY_INSERT, ak_insert, NULL, NULL, .key_id = key_id,
	    .partner_id = partner_id, .key_hash = hash, .environment = env);
}

struct create {
	const char *name, *tier, *env;
	const struct partner_key *key;
	const char *hash;
	const char *start_funds;   /* USDT and USDC to start with, or NULL */
	const struct partner_then *then;
};

/* A new partner's starting coins, amount of each, as deposits of source
 * "seed". */
static int
fund(struct db *db, long long partner_id, const char *public_id, const char *amount)
{
	static const char *const coins[] = { "USDT", "USDC" };
	struct funds_deposit d;
	char ref[FUNDS_REFERENCE_MAX + 1];
	size_t i;
	int rc;

	for (i = 0; i < sizeof(coins) / sizeof(coins[0]); i++) {
		snprintf(ref, sizeof(ref), "seed:%s:%s", public_id, coins[i]);
		if ((rc = funds_deposit_tx(db, partner_id, coins[i], amount, ref, FUNDS_SEED,
		    &d)) != DB_OK)
			return rc;
	}
	return DB_OK;
}

/* The partner row, its first key and its starting coins; a re-run
 * starts over (nothing kept). */
static int
create_tx(struct db *db, void *arg)
{
	const struct create *c = arg;
	struct db_res res;
	int rc;

	if ((rc = DB_EXEC(db, DB_PARTNER_INSERT, partner_insert, NULL, &res,
	    .public_id = c->key->public_id, .name = c->name, .tier = c->tier,
	    .environment = c->env)) != DB_OK)
		return rc;
	if ((rc = insert_key(db, (long long)res.insert_id, c->key->key_id, c->hash,
	    c->env)) != DB_OK)
		return rc;
	if (c->start_funds != NULL &&
	    (rc = fund(db, (long long)res.insert_id, c->key->public_id, c->start_funds)) != DB_OK)
		return rc;
	return c->then != NULL ? c->then->fn(db, (long long)res.insert_id, c->then->arg) : DB_OK;
}

enum err
partner_create(struct db *db, const struct cfg *cfg, const char *name, const char *tier,
    const char *start_funds, struct partner_key *out, struct outcome *o)
{
	return partner_create_then(db, cfg, name, tier, start_funds, NULL, out, o);
}

enum err
partner_create_then(struct db *db, const struct cfg *cfg, const char *name,
    const char *tier, const char *start_funds, const struct partner_then *then,
    struct partner_key *out, struct outcome *o)
{
	char hash[APIKEY_HASH_HEX];
	struct create c;
	int rc;

	outcome_init(o);
	memset(out, 0, sizeof(*out));
	if (tier == NULL)
		tier = "basic";
	if (!strict_text(name, 1, PARTNER_NAME_MAX))
		return outcome_field(o, ERR_VALIDATION, "name",
		    "1 to 200 printable characters");
	if (catalog_tier(tier) == NULL)
		return outcome_field(o, ERR_VALIDATION, "tier",
		    "basic, verified or enterprise");
	if (id_new(out->public_id, sizeof(out->public_id), PUBLIC_ID_PREFIX) != 0)
		return outcome_fail(o, ERR_INTERNAL, "no random bytes for an id");
	if (new_key(cfg, out, hash, o) != ERR_OK)
		goto wipe;
	c.name = name;
	c.tier = tier;
	c.env = cfg->environment;
	c.key = out;
	c.hash = hash;
	c.start_funds = start_funds;
	c.then = then;
	if ((rc = db_tx(db, create_tx, &c)) != DB_OK) {
		(void)domain_db_fail(o, rc, "store the partner");
		goto wipe;
	}
	o->changed = 1;
	return ERR_OK;
wipe:
	memset(out, 0, sizeof(*out)); /* no key that was never stored */
	return o->err;
}

/* The row id of partner public_id in env: 1 found, 0 not, or -(db_rc). */
static int
find_partner(struct db *db, const char *public_id, const char *env,
    long long *id)
{
	struct db_rows rows;
	unsigned long long v;
	const char *s, *e;
	int rc, found = 0;

	if ((rc = DB_EXEC(db, DB_PARTNER_BY_PUBLIC_ID, partner_by_public_id, &rows, NULL,
	    .public_id = public_id)) != DB_OK)
		return -rc;
	s = db_cell(&rows, 0, DB_COL(partner, id));
	e = db_cell(&rows, 0, DB_COL(partner, environment));
	if (rows.nrows == 1 && s != NULL && e != NULL && strcmp(e, env) == 0 &&
	    strict_uint(s, strlen(s), ~0ULL >> 1, &v) == 0) {
		*id = (long long)v;
		found = 1;
	}
	db_rows_free(&rows);
	return found;
}

enum err
partner_row(struct db *db, const struct cfg *cfg, const char *public_id, long long *id,
    struct outcome *o)
{
	int rc;

	outcome_init(o);
	*id = 0;
	if (public_id == NULL || !public_id_ok(public_id))
		return outcome_field(o, ERR_VALIDATION, "partner_id", "pt_ and base62 characters");
	rc = find_partner(db, public_id, cfg->environment, id);
	if (rc < 0)
		return domain_db_fail(o, -rc, "find the partner");
	if (rc == 0)
		return outcome_fail(o, ERR_NOT_FOUND, "No partner %s in this environment",
		    public_id);
	return ERR_OK;
}

enum err
partner_adjust(struct db *db, const struct cfg *cfg, const char *public_id,
    const char *currency, const char *amount, const char *reference, char *balance,
    size_t cap, struct outcome *o)
{
	long long id;
	enum err e;

	if ((e = partner_row(db, cfg, public_id, &id, o)) != ERR_OK)
		return e;
	return funds_adjust(db, id, currency, amount, reference, balance, cap, o);
}

enum err
partner_credit(struct db *db, const struct cfg *cfg, const char *public_id,
    const char *currency, const char *amount, const char *deposit_ref,
    struct funds_deposit *out, struct outcome *o)
{
	long long id = 0;
	enum err e;

	memset(out, 0, sizeof(*out));
	if ((e = partner_row(db, cfg, public_id, &id, o)) != ERR_OK)
		return e;
	if (deposit_ref == NULL)
		return outcome_field(o, ERR_VALIDATION, "reference", "required");
	/* a deposit the chain delivered that no partner's address matched */
	if (strncmp(deposit_ref, CHAIN_DEPOSIT_REF_PREFIX, strlen(CHAIN_DEPOSIT_REF_PREFIX)) == 0)
		return chain_deposit_assign(db, id, currency, amount, deposit_ref, out, o);
	return funds_deposit(db, id, currency, amount, deposit_ref, FUNDS_OPERATOR, out, o);
}

enum err
partner_issue_key(struct db *db, const struct cfg *cfg, const char *public_id,
    struct partner_key *out, struct outcome *o)
{
	char hash[APIKEY_HASH_HEX];
	long long id = 0;
	int rc;

	outcome_init(o);
	memset(out, 0, sizeof(*out));
	if (!public_id_ok(public_id))
		return outcome_field(o, ERR_VALIDATION, "partner_id",
		    "a partner id (pt_...)");
	rc = find_partner(db, public_id, cfg->environment, &id);
	if (rc < 0)
		return domain_db_fail(o, -rc, "find the partner");
	if (rc == 0)
		return outcome_fail(o, ERR_NOT_FOUND,
		    "no partner %s in this environment", public_id);
	(void)strict_copy(out->public_id, sizeof(out->public_id), public_id);
	if (new_key(cfg, out, hash, o) != ERR_OK)
		goto wipe;
	if ((rc = insert_key(db, id, out->key_id, hash, cfg->environment)) != DB_OK) {
		(void)domain_db_fail(o, rc, "store the key");
		goto wipe;
	}
	o->changed = 1;
	return ERR_OK;
wipe:
	memset(out, 0, sizeof(*out));
	return o->err;
}

enum err
partner_revoke(struct db *db, const char *which, unsigned long long *count,
    struct outcome *o)
{
	struct db_res res;
	enum db_stmt s;
	int rc;

	outcome_init(o);
	if (count != NULL)
		*count = 0;
	if (public_id_ok(which))
		s = DB_APIKEY_REVOKE_PARTNER;
	else if (key_id_ok(which))
		s = DB_APIKEY_REVOKE;
	else
		return outcome_field(o, ERR_VALIDATION, "id",
		    "a 16-character key id or a partner id (pt_...)");
	if ((rc = db_run(db, DB_BIND_ANY(s, ak_revoke, .which = which), NULL, &res)) != DB_OK)
		return domain_db_fail(o, rc, "revoke");
	if (res.affected == 0)
		return outcome_fail(o, ERR_NOT_FOUND, "no active key matches %s", which);
	o->changed = 1;
	outcome_int(o, "revoked", (long long)res.affected);
	if (count != NULL)
		*count = res.affected;
	return ERR_OK;
}

/* Row i of a partner_listed (or partner_detail) result into row. */
static void
listed_row(const struct db_rows *rows, size_t i, struct partner_row *row)
{
	const char *cell;
	unsigned long long v;

	memset(row, 0, sizeof(*row));
	db_cell_copy(row->public_id, sizeof(row->public_id), rows, i,
	    DB_COL(partner_listed, public_id));
	db_cell_copy(row->name, sizeof(row->name), rows, i, DB_COL(partner_listed, name));
	db_cell_copy(row->tier, sizeof(row->tier), rows, i, DB_COL(partner_listed, tier));
	db_cell_copy(row->environment, sizeof(row->environment), rows, i,
	    DB_COL(partner_listed, environment));
	db_cell_copy(row->created_at, sizeof(row->created_at), rows, i,
	    DB_COL(partner_listed, created_at));
	db_cell_copy(row->status, sizeof(row->status), rows, i, DB_COL(partner_listed, status));
	cell = db_cell(rows, i, DB_COL(partner_listed, active_keys));
	if (cell == NULL || strict_uint(cell, strlen(cell), ~0ULL, &row->active_keys) != 0)
		row->active_keys = 0;
	cell = db_cell(rows, i, DB_COL(partner_listed, row_id));
	if (cell != NULL && strict_uint(cell, strlen(cell), ~0ULL >> 1, &v) == 0)
		row->row_id = (long long)v;
}

enum err
partner_list(struct db *db, partner_row_fn fn, void *arg, struct outcome *o)
{
	struct partner_row row;
	struct db_rows rows;
	size_t i;
	int rc;

	outcome_init(o);
	if ((rc = DB_EXEC(db, DB_PARTNER_LIST, no_args, &rows, NULL)) != DB_OK)
		return domain_db_fail(o, rc, "list the partners");
	for (i = 0; i < rows.nrows; i++) {
		listed_row(&rows, i, &row);
		if (fn(&row, arg) != 0)
			break;
	}
	db_rows_free(&rows);
	return ERR_OK;
}

enum err
partner_page(struct db *db, const struct cfg *cfg, const char *after, size_t n,
    partner_row_fn fn, void *arg, int *more, struct outcome *o)
{
	struct partner_row row;
	struct db_rows rows;
	long long from = 0;
	size_t i;
	int rc;

	outcome_init(o);
	*more = 0;
	if (n < 1 || n > PARTNER_PAGE_MAX)
		return outcome_field(o, ERR_VALIDATION, "limit", "1 to 100");
	if (after != NULL) {
		if (!public_id_ok(after))
			return outcome_field(o, ERR_VALIDATION, "after", "a partner id (pt_...)");
		if ((rc = find_partner(db, after, cfg->environment, &from)) < 0)
			return domain_db_fail(o, -rc, "find the partner");
		if (rc == 0)
			return outcome_field(o, ERR_VALIDATION, "after", "a partner of this environment");
	}
	/* one more than asked: whether a next page exists */
	if ((rc = DB_EXEC(db, DB_PARTNER_PAGE, partner_page, &rows, NULL,
	    .environment = cfg->environment, .after = from, .n = (long long)n + 1)) != DB_OK)
		return domain_db_fail(o, rc, "list the partners");
	*more = rows.nrows > n;
	for (i = 0; i < rows.nrows && i < n; i++) {
		listed_row(&rows, i, &row);
		if (fn(&row, arg) != 0)
			break;
	}
	db_rows_free(&rows);
	return ERR_OK;
}

enum err
partner_detail(struct db *db, const struct cfg *cfg, const char *public_id,
    struct partner_detail *out, struct outcome *o)
{
	struct db_rows rows;
	long long id;
	enum err e;
	int rc;

	memset(out, 0, sizeof(*out));
	if ((e = partner_row(db, cfg, public_id, &id, o)) != ERR_OK)
		return e;
	if ((rc = DB_EXEC(db, DB_PARTNER_DETAIL, partner_by_row, &rows, NULL, .id = id)) != DB_OK)
		return domain_db_fail(o, rc, "read the partner");
	if (rows.nrows != 1) {
		db_rows_free(&rows);
		return outcome_fail(o, ERR_NOT_FOUND, "No partner %s in this environment", public_id);
	}
	listed_row(&rows, 0, &out->row);
	db_cell_copy(out->suspended_at, sizeof(out->suspended_at), &rows, 0,
	    DB_COL(partner_detail, suspended_at));
	db_cell_copy(out->suspended_reason, sizeof(out->suspended_reason), &rows, 0,
	    DB_COL(partner_detail, suspended_reason));
	db_cell_copy(out->tier_changed_at, sizeof(out->tier_changed_at), &rows, 0,
	    DB_COL(partner_detail, tier_changed_at));
	db_cell_copy(out->tier_reason, sizeof(out->tier_reason), &rows, 0,
	    DB_COL(partner_detail, tier_reason));
	db_rows_free(&rows);
	return ERR_OK;
}

/* Suspends (reason not NULL) or reactivates the partner public_id:
 * ERR_INVALID_STATE when it is so already. */
static enum err
suspension(struct db *db, const struct cfg *cfg, const char *public_id, const char *reason,
    struct outcome *o)
{
	struct db_res res;
	long long id;
	enum err e;
	int rc;

	if ((e = partner_row(db, cfg, public_id, &id, o)) != ERR_OK)
		return e;
	if (reason != NULL && !strict_text(reason, 1, 200))
		return outcome_field(o, ERR_VALIDATION, "reason", "1 to 200 printable characters");
	rc = reason != NULL ?
	    DB_EXEC(db, DB_PARTNER_SUSPEND, partner_suspend, NULL, &res, .reason = reason, .id = id) :
	    DB_EXEC(db, DB_PARTNER_REACTIVATE, partner_by_row, NULL, &res, .id = id);
	if (rc != DB_OK)
		return domain_db_fail(o, rc, reason != NULL ? "suspend the partner" :
		    "reactivate the partner");
	if (res.affected == 0)
		return outcome_fail(o, ERR_INVALID_STATE, "Partner %s is %s", public_id,
		    reason != NULL ? "suspended already" : "not suspended");
	o->changed = 1;
	return ERR_OK;
}

enum err
partner_suspend(struct db *db, const struct cfg *cfg, const char *public_id,
    const char *reason, struct outcome *o)
{
	/* no reason is no suspension: refused as an empty one */
	return suspension(db, cfg, public_id, reason != NULL ? reason : "", o);
}

enum err
partner_reactivate(struct db *db, const struct cfg *cfg, const char *public_id,
    struct outcome *o)
{
	return suspension(db, cfg, public_id, NULL, o);
}

enum err
partner_set_tier(struct db *db, const struct cfg *cfg, const char *public_id,
    const char *tier, const char *reason, struct outcome *o)
{
	struct db_res res;
	long long id;
	enum err e;
	int rc;

	if ((e = partner_row(db, cfg, public_id, &id, o)) != ERR_OK)
		return e;
	if (tier == NULL || catalog_tier(tier) == NULL)
		return outcome_field(o, ERR_VALIDATION, "tier", "basic, verified or enterprise");
	if (reason == NULL || !strict_text(reason, 1, 200))
		return outcome_field(o, ERR_VALIDATION, "reason", "1 to 200 printable characters");
	/* the same tier again writes nothing: refused as a suspension twice */
	if ((rc = DB_EXEC(db, DB_PARTNER_TIER_SET, partner_tier, NULL, &res, .tier = tier,
	    .reason = reason, .id = id)) != DB_OK)
		return domain_db_fail(o, rc, "set the partner's tier");
	if (res.affected == 0)
		return outcome_fail(o, ERR_INVALID_STATE, "Partner %s is %s already", public_id,
		    tier);
	o->changed = 1;
	return ERR_OK;
}
