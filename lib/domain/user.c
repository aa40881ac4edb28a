#include "domain/user.h"

#include <stdio.h>
#include <string.h>

#include "core/strict.h"
#include "domain/internal.h"
#include "domain/catalog.h"
#include "providers/evm_abi.h"
#include "store/db_sig.h"

/* 1 and caller filled when rows holds the user; 0 when empty. */
static int
fill_caller(const struct db_rows *rows, const char *wallet_id,
    struct caller *caller)
{
	const char *id = db_cell(rows, 0, DB_COL(user, id));
	const char *tier = db_cell(rows, 0, DB_COL(user, tier));
	unsigned long long v;

	if (rows->nrows != 1 || id == NULL || tier == NULL ||
	    strict_uint(id, strlen(id), ~0ULL >> 1, &v) != 0)
		return 0;
	caller->kind = CALLER_USER;
	caller->id = (long long)v;
	(void)strict_copy(caller->public_id, sizeof(caller->public_id), wallet_id);
	(void)strict_copy(caller->tier, sizeof(caller->tier), tier);
	return 1;
}

enum db_rc
user_resolve(struct db *db, const char *wallet_id, const char *start_tier,
    struct caller *caller)
{
	struct db_rows rows;
	enum db_rc rc;
	int tries;

	/*
	 * The common case is one SELECT. A first sighting inserts; ON
	 * DUPLICATE KEY lets two concurrent first requests both succeed, and
	 * the UNIQUE key on wallet_id keeps one row.
	 */
	for (tries = 0; tries < 2; tries++) {
		rc = DB_EXEC(db, DB_USER_BY_WALLET, user_wallet, &rows, NULL,
		    .wallet_id = wallet_id);
		if (rc != DB_OK)
			return rc;
		if (fill_caller(&rows, wallet_id, caller)) {
			db_rows_free(&rows);
			return DB_OK;
		}
		db_rows_free(&rows);
		rc = DB_EXEC(db, DB_USER_INSERT, user_insert, NULL, NULL,
		    .wallet_id = wallet_id, .tier = start_tier);
		if (rc != DB_OK)
			return rc;
	}
	return DB_FAIL;
}

/*
 * The rate-limit categories of the wallet API, by the names the override
 * table stores; they must match rate_limit_names in lib/http/rate_limit.c.
 */
static const char *const limit_categories[] = { "general", "quotes", "convert",
	"payouts", "beneficiaries", "kyc" };

void
user_wallet_canonical(int evm, char *wallet)
{
	if (evm && evm_addr_ok(wallet))
		evm_addr_lower(wallet);
}

int
user_wallet_ok(const char *s)
{
	size_t i, n = s ? strlen(s) : 0;

	if (n == 0 || n > USER_WALLET_MAX)
		return 0;
	for (i = 0; i < n; i++)
		if ((unsigned char)s[i] <= 0x20 || (unsigned char)s[i] > 0x7e)
			return 0;
	return 1;
}

static int
user_tier_ok(const char *tier)
{
	return tier != NULL && (strcmp(tier, "none") == 0 || catalog_tier(tier) != NULL);
}

static int
category_ok(const char *category)
{
	size_t i;

	for (i = 0; category != NULL &&
	    i < sizeof(limit_categories) / sizeof(limit_categories[0]); i++)
		if (strcmp(limit_categories[i], category) == 0)
			return 1;
	return 0;
}

/*
 * The user's row id, created on first sight. Outside any transaction on
 * purpose: user_resolve's insert-or-read is safe on its own, and inside a
 * REPEATABLE READ snapshot a concurrent first sighting would stay
 * invisible to its second read. A user created this way and left with its
 * starting tier (a later write failed) is what a first login makes too.
 */
static enum db_rc
user_row(struct db *db, const char *start_tier, const char *wallet_id, long long *id)
{
	struct caller who;
	enum db_rc rc;

	if ((rc = user_resolve(db, wallet_id, start_tier, &who)) == DB_OK)
		*id = who.id;
	return rc;
}

/* Starts o; ERR_VALIDATION in it when wallet_id is no wallet id, else
 * ERR_OK. */
static enum err
wallet_arg(const char *wallet_id, struct outcome *o)
{
	outcome_init(o);
	if (!user_wallet_ok(wallet_id))
		return outcome_field(o, ERR_VALIDATION, "wallet_id",
		    "1 to 128 printable characters, no spaces");
	return ERR_OK;
}

enum err
user_set_tier(struct db *db, const char *start_tier, const char *wallet_id,
    const char *tier, struct outcome *o)
{
	long long id;
	int rc;

	if (wallet_arg(wallet_id, o) != ERR_OK)
		return o->err;
	if (!user_tier_ok(tier))
		return outcome_field(o, ERR_VALIDATION, "tier",
		    "none, basic, verified or enterprise");
	if ((rc = user_row(db, start_tier, wallet_id, &id)) != DB_OK)
		return domain_db_fail(o, rc, "find the user");
	rc = DB_EXEC(db, DB_USER_SET_TIER, user_tier, NULL, NULL, .tier = tier,
	    .wallet_id = wallet_id);
	if (rc != DB_OK)
		return domain_db_fail(o, rc, "set the tier");
	o->changed = 1;
	outcome_str(o, "tier", tier);
	return ERR_OK;
}

enum err
user_limit_set(struct db *db, const char *start_tier, const char *wallet_id,
    const char *category, unsigned long long limit, struct outcome *o)
{
	char subject[40];
	long long id;
	int rc;

	if (wallet_arg(wallet_id, o) != ERR_OK)
		return o->err;
	if (!category_ok(category))
		return outcome_field(o, ERR_VALIDATION, "category",
		    "general, quotes, convert, payouts, beneficiaries or kyc");
	if (limit > USER_LIMIT_MAX)
		return outcome_field(o, ERR_VALIDATION, "limit",
		    "0 (the configured limit) to 1000000000");
	if ((rc = user_row(db, start_tier, wallet_id, &id)) != DB_OK)
		return domain_db_fail(o, rc, "find the user");
	/* the rate limiter's subject for a user: "u:" and its row id */
	snprintf(subject, sizeof(subject), "u:%lld", id);
	if (limit == 0)
		rc = DB_EXEC(db, DB_RL_OVERRIDE_DELETE, rl_subject, NULL, NULL,
		    .subject = subject, .category = category);
	else
		rc = DB_EXEC(db, DB_RL_OVERRIDE_SET, rl_override, NULL, NULL,
		    .subject = subject, .category = category, .limit = (long long)limit);
	if (rc != DB_OK)
		return domain_db_fail(o, rc, "set the limit");
	o->changed = 1;
	outcome_str(o, "category", category);
	outcome_int(o, "limit", (long long)limit);
	return ERR_OK;
}
