/*
 * partner_account: the businesses that call the partner API (their
 * accounts), and their API keys.
 * A partner has a public id ("pt_..."), a name, a tier and an environment;
 * its keys belong to the same environment (see apikey.h for their shape).
 * These are the operations the admin tool runs; any other caller (a
 * worker, an HTTP handler) gets the same checks and the same errors.
 *
 * Every function fills the caller's struct outcome (initialised here) and
 * returns its error: ERR_OK, ERR_VALIDATION (an argument is malformed;
 * nothing was written), ERR_NOT_FOUND, ERR_SERVICE_UNAVAILABLE (the
 * database is down) or ERR_INTERNAL. o->changed is 1 once state was
 * committed.
 */
#ifndef CEDIRAMP_PARTNER_ACCOUNT_H
#define CEDIRAMP_PARTNER_ACCOUNT_H

#include <stddef.h>

#include "core/id.h"
#include "core/outcome.h"
#include "domain/funds.h"
#include "domain/apikey.h"
#include "store/db.h"

#define PARTNER_NAME_MAX 200 /* characters, printable ASCII */

/* A key just issued. key is the only copy of the secret: show it once. */
struct partner_key {
	char public_id[ID_MAX];            /* the partner's "pt_..." id */
	char key_id[APIKEY_ID_CHARS + 1];  /* the key's lookup id (not secret) */
	char key[APIKEY_MAX];              /* the whole key */
};

/*
 * Creates a partner named name (1 to PARTNER_NAME_MAX printable ASCII
 * characters) with tier (basic, verified or enterprise; NULL is basic) in
 * cfg's environment, and its first API key, in one transaction: either
 * both rows exist afterwards or neither does. With start_funds (trusted:
 * an amount with 6 places; NULL: none) the same transaction credits that
 * much USDT and USDC, as deposits of source "seed" (the sandbox's
 * starting coins). On ERR_OK, out holds the new public id and key.
 * Validation failures name the field ("name", "tier") in o's context.
 */
enum err partner_create(struct db *db, const struct cfg *cfg, const char *name,
    const char *tier, const char *start_funds, struct partner_key *out,
    struct outcome *o);

/* What else a new partner's transaction writes (a console sign-up: its
 * owner): fn(db, the new partner's row, arg) returns DB_OK to commit, or
 * a db_rc that undoes everything. */
struct partner_then {
	int (*fn)(struct db *db, long long partner_id, void *arg);
	void *arg;
};

/* partner_create with then (may be NULL) run inside its transaction. */
enum err partner_create_then(struct db *db, const struct cfg *cfg, const char *name,
    const char *tier, const char *start_funds, const struct partner_then *then,
    struct partner_key *out, struct outcome *o);

/* The row of partner public_id in this environment into *id: ERR_OK,
 * ERR_VALIDATION (not a partner id), ERR_NOT_FOUND, or the database's. */
enum err partner_row(struct db *db, const struct cfg *cfg, const char *public_id,
    long long *id, struct outcome *o);

/* funds_adjust for the partner public_id of this environment; errors as
 * funds_adjust and partner_row. */
enum err partner_adjust(struct db *db, const struct cfg *cfg, const char *public_id,
    const char *currency, const char *amount, const char *reference, char *balance,
    size_t cap, struct outcome *o);

/*
 * Credits a real deposit of amount currency (USDT or USDC) to the partner
 * public_id of this environment under deposit_ref (required, unique: the
 * same deposit cannot be credited twice, ERR_DUPLICATE_REFERENCE). Errors
 * as funds_deposit, and ERR_VALIDATION / ERR_NOT_FOUND for the partner.
 * A deposit_ref "chain:..." names an unmatched deposit the deposits worker
 * recorded (reconcile lists them): currency and amount must be its own,
 * and it is assigned to the partner in the same transaction
 * (chain_deposit_assign).
 */
enum err partner_credit(struct db *db, const struct cfg *cfg, const char *public_id,
    const char *currency, const char *amount, const char *deposit_ref,
    struct funds_deposit *out, struct outcome *o);

/*
 * Issues another key (rotation) for the partner public_id of this
 * environment; earlier keys stay valid until revoked. ERR_VALIDATION for
 * a malformed id, ERR_NOT_FOUND when no such partner exists in this
 * environment. On ERR_OK, out holds the partner's id and the new key.
 */
enum err partner_issue_key(struct db *db, const struct cfg *cfg, const char *public_id,
    struct partner_key *out, struct outcome *o);

/*
 * Revokes one key (which is its 16-character key id) or every active key
 * of a partner (which is its "pt_..." id). *count (may be NULL) gets the
 * number of keys revoked. ERR_VALIDATION when which is neither shape,
 * ERR_NOT_FOUND when no active key matched (nothing changed).
 */
enum err partner_revoke(struct db *db, const char *which,
    unsigned long long *count, struct outcome *o);

/* One partner as partner_list shows it. */
struct partner_row {
	char public_id[ID_MAX];
	char name[PARTNER_NAME_MAX + 1];
	char tier[16];
	char environment[16];
	char created_at[24];           /* "YYYY-MM-DDTHH:MM:SSZ" */
	unsigned long long active_keys;
	char status[12];               /* active, suspended (partner_suspend) */
	long long row_id;              /* its row (internal: never shown) */
};

/*
 * Called once per partner; row is borrowed for the call only. A non-zero
 * return stops the listing early (partner_list still returns ERR_OK).
 */
typedef int (*partner_row_fn)(const struct partner_row *row, void *arg);

/*
 * Calls fn(row, arg) for every partner of every environment, oldest
 * first, with its count of active keys. Nothing is allocated for the
 * caller. ERR_OK, or a database error before any row was passed.
 */
enum err partner_list(struct db *db, partner_row_fn fn, void *arg,
    struct outcome *o);

/* The most partners one partner_page call passes. */
#define PARTNER_PAGE_MAX 100

/*
 * Calls fn(row, arg) for up to n (1 to PARTNER_PAGE_MAX) partners of
 * cfg's environment, in the order they were made, after the partner
 * after (its public id; NULL: from the first). *more gets 1 when more
 * follow the last one passed. ERR_VALIDATION naming "limit" or "after"
 * (malformed, or no partner of this environment), or the database's.
 */
enum err partner_page(struct db *db, const struct cfg *cfg, const char *after, size_t n,
    partner_row_fn fn, void *arg, int *more, struct outcome *o);

/* A partner as the back office shows it: as listed, and its suspension. */
struct partner_detail {
	struct partner_row row;
	char suspended_at[24];         /* "" when active */
	char suspended_reason[201];    /* the operator's; "" when active */
	char tier_changed_at[24];      /* partner_set_tier's last; "" when never */
	char tier_reason[201];         /* its reason; "" when never */
};

/* The partner public_id of this environment into out: ERR_OK, or as
 * partner_row. */
enum err partner_detail(struct db *db, const struct cfg *cfg, const char *public_id,
    struct partner_detail *out, struct outcome *o);

/*
 * Suspends the partner public_id of this environment with reason (1 to
 * 200 printable characters, kept as suspended_reason): from then its API
 * keys are refused (403 FORBIDDEN, within a second on every process:
 * domain/apikey.h); nothing else changes. ERR_VALIDATION ("reason", or as
 * partner_row), ERR_NOT_FOUND, ERR_INVALID_STATE (suspended already).
 */
enum err partner_suspend(struct db *db, const struct cfg *cfg, const char *public_id,
    const char *reason, struct outcome *o);

/* Lifts public_id's suspension: its keys work again as they were.
 * ERR_VALIDATION and ERR_NOT_FOUND as partner_row, ERR_INVALID_STATE (not
 * suspended). */
enum err partner_reactivate(struct db *db, const struct cfg *cfg, const char *public_id,
    struct outcome *o);

/*
 * Sets the tier (basic, verified or enterprise) of the partner public_id
 * of this environment, with reason (1 to 200 printable characters, kept
 * as tier_reason with tier_changed_at): its withdrawals' limits
 * (domain/tier_limit.h) are the new tier's from its next request (its
 * keys' cached policy is read again within APIKEY_POLICY_SECONDS).
 * ERR_VALIDATION ("tier", "reason", or as partner_row), ERR_NOT_FOUND,
 * ERR_INVALID_STATE (it has that tier already: nothing written).
 */
enum err partner_set_tier(struct db *db, const struct cfg *cfg, const char *public_id,
    const char *tier, const char *reason, struct outcome *o);

#endif
