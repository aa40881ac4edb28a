/*
 * payout_reversal: a payout the provider reversed after it completed.
 * Paystack may report a transfer `reversed` after `success` (the network
 * handed the money back to the disbursement account); MTN's Open API has
 * no such state (momo_adapter.reverses says which do).
 *
 * A completed payout on such a network is watched: the payouts worker
 * verifies its reference again a minute after it completed, then each time
 * as long again as it has been completed, for
 * payouts.reversal_watch_seconds (default 24 h); a provider's webhook
 * (transfer.reversed, a hint like any other) makes it due at once. Only
 * the verify decides. A reversal, in one transaction, once:
 *   - the payout completed -> failed, failure_reason the provider's
 *     ("TRANSFER_REVERSED: ..."), reversed_at set;
 *   - ledger event payout.reversal: the amount back out of the network's
 *     settlement account house:momo:<NET>:GHS and the fee out of
 *     house:fees:GHS, to its owner's account (amount + fee, as any failed
 *     payout is refunded); or, when its owner settles its own side, the
 *     amount back in flight and the owner's reversed step (which refunds
 *     what it took);
 *   - the float gets the payout's draw back (payout_float_restore);
 *   - payout.failed with "reversed": true to the owner's subject (or the
 *     owner's own event).
 * `reconcile` lists every reversed payout.
 */
#ifndef CEDIRAMP_PAYOUT_REVERSAL_H
#define CEDIRAMP_PAYOUT_REVERSAL_H

#include <stdio.h>

#include "domain/ctx.h"
#include "domain/payout.h"

/* Claims up to n completed payouts due for a reversal check, for
 * lease_seconds; ids into out. How many, or -1. */
int payout_watch_claim(struct ctx *ctx, int n, int lease_seconds, char (*out)[ID_MAX]);

/*
 * Verifies completed payout id for a reversal: reversed, it is reversed
 * now (1); still completed, its next check is set, or its watch ends past
 * the window (0); -1 on error. owners as payout.h's.
 */
int payout_watch(struct ctx *ctx, const char *id,
    const struct payout_owner_ops *const *owners);

/* Prints every reversed payout to out, one line each. How many, or -1. */
int payout_report_reversed(struct db *db, FILE *out);

#endif
