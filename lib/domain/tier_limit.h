/*
 * tier_limit: a KYC tier's GHS limits on one kind of movement (conversions
 * and payouts count apart; docs/decisions.md, decision 21): a per-transaction maximum,
 * and daily and monthly totals of the caller's live ones (UTC day and
 * month), from the tier table of the partner spec.
 */
#ifndef CEDIRAMP_TIER_LIMIT_H
#define CEDIRAMP_TIER_LIMIT_H

#include "core/outcome.h"
#include "domain/caller.h"
#include "store/db.h"

/* A partner's withdrawals count on their own (ghs_amount). */
enum tier_kind { TIER_CONVERSIONS = 0, TIER_PAYOUTS, TIER_WITHDRAWALS };

/*
 * DB_OK when amount (GHS, 2 places) fits who's tier next to what its live
 * movements of kind already used; DB_FAIL with ERR_LIMIT_EXCEEDED and the
 * spec's context {limit, used, remaining, currency, resetsAt} in o (or
 * ERR_INTERNAL when an amount does not parse); or the database's error.
 * Run it under the caller row's lock, so concurrent requests cannot both
 * slip under a limit. A tier without limits (none) passes.
 */
int tier_limit_check(struct db *db, const struct caller *who, enum tier_kind kind,
    const char *amount, struct outcome *o);

#endif
