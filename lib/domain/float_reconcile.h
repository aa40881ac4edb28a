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

/* Compares every network's float with its provider, a report to out. The
 * number of unexplained differences, or -1 when the database failed. */
int float_reconcile(struct ctx *ctx, FILE *out);

#endif
