/*
 * float_reconcile: each network's payout float (payout_float.h) against
 * the provider's own balance, for `reconcile` (docs/operations.md,
 * "Float reconciliation").
 *
 * The float is what our books say the payout account holds once what is
 * in flight settles: a payout draws it when it is held, before the
 * provider pays, so while payouts are in flight the provider holds more
 * than the float, by at most what they drew; so does a collection the
 * provider took that is not completed here yet (on a network whose
 * collections land in the payout account). So, per network with a limited
 * float whose provider answers:
 *   difference = provider's balance - float
 *   0                               matches
 *   0 < difference <= in flight      explained: the payouts and
 *                                    collections in flight are listed
 *   anything else                    UNEXPLAINED, listed with them: money
 *                                    left or came in without our books
 *                                    (an out-of-band debit, a provider's
 *                                    fee, a reversal not yet seen)
 * An unlimited float (the sandbox's default) is not compared; a provider
 * that does not answer is reported and not compared. An operator who has
 * found the cause records the provider's balance with `cediramp-admin
 * float sync NETWORK --reason TEXT`.
 */
#ifndef CEDIRAMP_FLOAT_RECONCILE_H
#define CEDIRAMP_FLOAT_RECONCILE_H

#include <stdio.h>

#include "domain/ctx.h"
#include "domain/payout_float.h"

/* Compares every network's float with its provider, a report to out. The
 * number of unexplained differences, or -1 when the database failed. */
int float_reconcile(struct ctx *ctx, FILE *out);

/*
 * `float sync NETWORK --reason TEXT` (the admin tool's and the back
 * office's): network's provider, through its adapter in prov, gives its
 * GHS balance (into provider, cap bytes; "" when it gave none), which
 * payout_float_sync makes the float, less what payouts in flight drew,
 * journalled with reason. ERR_VALIDATION naming network or reason (before
 * the provider is asked); ERR_PROVIDER_UNAVAILABLE (no adapter, or the
 * provider gave no balance); then payout_float_sync's errors
 * (ERR_INVALID_STATE: an unlimited float, a balance below what is in
 * flight). Nothing is written on an error. Fills o (initialised here).
 */
enum err float_sync_from_provider(struct db *db, const struct cfg *cfg,
    const struct providers *prov, const char *network, const char *reason, char *provider,
    size_t cap, struct payout_float_sync *out, struct outcome *o);

#endif
