/* user: wallet users, created on their first valid token. */
#ifndef CEDIRAMP_USER_H
#define CEDIRAMP_USER_H

#include "core/outcome.h"
#include "store/db.h"
#include "domain/caller.h"

#define USER_WALLET_MAX 128             /* characters, 0x21..0x7e (a JWT sub) */
#define USER_LIMIT_MAX 1000000000ULL    /* the largest per-user override */

/* 1 when s is a wallet id a token could carry: 1..USER_WALLET_MAX of 0x21..0x7e. */
int user_wallet_ok(const char *s);

/* On an EVM chain (evm non-zero) a wallet that is an address is its
 * address, whatever the letters' case: lowercases such a wallet id in
 * place, so 0xAbC... and 0xabc... are one user. Other ids are left as
 * they are. */
void user_wallet_canonical(int evm, char *wallet);

/*
 * Finds the user for wallet_id, creating it on first sight with
 * start_tier (the environment's: cfg->user_start_tier). Fills
 * caller. Returns DB_OK, or DB_DOWN / DB_FAIL.
 */
enum db_rc user_resolve(struct db *db, const char *wallet_id, const char *start_tier,
    struct caller *caller);

/*
 * Sets the KYC tier (none, basic, verified or enterprise) of the user
 * wallet_id, creating the user first if it was never seen (as
 * user_resolve does, with start_tier; a user so created keeps its starting tier if the
 * update then fails). Fills o and returns its error:
 * ERR_OK, ERR_VALIDATION (a malformed wallet id or tier; nothing
 * written, no user created; o's context names the field),
 * ERR_SERVICE_UNAVAILABLE (database down) or ERR_INTERNAL.
 */
enum err user_set_tier(struct db *db, const char *start_tier, const char *wallet_id,
    const char *tier, struct outcome *o);

/*
 * Sets the user wallet_id's own rate limit for category (general, quotes,
 * convert, payouts, beneficiaries or kyc) to limit requests per the
 * category's configured window; limit 0 removes the override, so the
 * configured limit applies again. Only the override table is written (the
 * HTTP rate limiter reads it); the user is created first if never seen.
 * Errors as user_set_tier; ERR_VALIDATION also for a limit above
 * USER_LIMIT_MAX.
 */
enum err user_limit_set(struct db *db, const char *start_tier, const char *wallet_id,
    const char *category, unsigned long long limit, struct outcome *o);

#endif
