/*
 * payout_call: what the back office shows of a payout's provider calls and
 * of the payouts a float could not cover (schema 052; docs/console.md,
 * "Back office"). Each is written after the fact, outside the payout's
 * own transactions: a row that cannot be written is logged (warn) and the
 * payout goes on, as a metric that cannot be counted would.
 */
#ifndef CEDIRAMP_PAYOUT_CALL_H
#define CEDIRAMP_PAYOUT_CALL_H

#include "domain/ctx.h"
#include "providers/momo.h"
#include "providers/momo_many.h"

/* The word of an adapter's answer: ok, not_found, refused, duplicate,
 * unavailable, timeout, in_doubt. */
const char *payout_call_result(enum momo_rc rc);

/*
 * Records payout_id's call of operation ("transfer", "transfer_status"),
 * started at the monotonic millisecond started_ms (clock.h), that
 * answered rc: with st (a status read; NULL for a send) its state and
 * reason, else why (the refusal's reason, or NULL). The request's id
 * (log_request_current) goes with it.
 */
void payout_call_record(struct ctx *ctx, const char *payout_id, const char *operation,
    long long started_ms, enum momo_rc rc, const struct momo_status *st, const char *why);

/* Records the n status reads of asks (momo_transfer_status_many), the
 * payout of asks[i] being ids[i]; each took elapsed_ms (the batch's). */
void payout_call_record_many(struct ctx *ctx, const struct momo_ask *asks,
    const char *const *ids, size_t n, long long elapsed_ms);

/* Records that network's float could not cover amount GHS for owner_kind
 * ("partner" or "user") owner_id's payout, payout_id when one was made
 * (NULL: the request was refused, nothing kept). */
void payout_float_refused(struct ctx *ctx, const char *network, const char *amount,
    const char *owner_kind, const char *owner_id, const char *payout_id);

#endif
