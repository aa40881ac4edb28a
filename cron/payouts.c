/*
 * payouts: advances money that waits on a provider.
 * - Conversions in processing, settled from their chain receipts
 *   (confirmed: GHS credited; failed: marked failed), so no money waits on
 *   a client that never calls confirm.
 * - Partner withdrawals in pending: their conversion broadcast from the
 *   custody wallet (always under its one hash), and from the chain's
 *   receipt their payout started and sent, or the withdrawal failed and
 *   its source amount returned.
 * - Payouts in processing whose next check is due, settled only from the
 *   provider's status of their reference (completed, or failed and
 *   refunded once); one the provider never saw is sent again under the
 *   same reference; pending ones are checked again with backoff. A
 *   claimed batch's statuses are asked at once (payouts.concurrency) and
 *   its settlements committed in groups (payouts.group_size).
 * - Completed payouts on a network whose provider may reverse them
 *   (Paystack), watched for a while after they completed: a reversal is
 *   failed and refunded once (domain/payout_reversal.h).
 * - The service's other moves on chain (sandbox mints): broadcast again
 *   until mined, replaced when stuck, recorded once final.
 * - Payment intents pending approval or approved, moved from the
 *   provider's status of their request-to-pay (approved, completed and
 *   credited once, rejected, failed); a request that never arrived is sent
 *   again under its reference.
 * Work is claimed in batches with SELECT ... FOR UPDATE SKIP LOCKED plus a
 * short lease, so any number of copies may run at once, on many hosts; the
 * ledger's one-posting-per-event key makes a double credit or refund
 * impossible even if two ever met on one row. Runs until nothing is left
 * or 50 s pass.
 */
#include <stdio.h>
#include <time.h>

#include "core/log.h"
#include "domain/wallet/conversion.h"
#include "domain/ctx.h"
#include "domain/partner/intent.h"
#include "domain/onchain.h"
#include "domain/payout.h"
#include "domain/payout_reversal.h"
#include "domain/worker_metrics.h"
#include "domain/wallet/transfer.h"
#include "domain/partner/withdrawal.h"
#include "sandbox/install.h"

#define BATCH 50
#define LEASE_SECONDS 60
#define BUDGET_SECONDS 50

/* The payout engine with every owner of payouts: wallet users' transfers,
 * partners' withdrawals. */
static const struct payout_owner_ops *const owners[] = {
	&transfer_payout_owner,
	&withdrawal_payout_owner,
	NULL,
};

static void
settle_payouts(struct ctx *ctx, char (*ids)[ID_MAX], size_t n, int *out)
{
	payout_settle_many(ctx, ids, n, owners, out);
}

/* A completed payout watched for a reversal. */
static int
watch_payout(struct ctx *ctx, const char *id)
{
	return payout_watch(ctx, id, owners);
}

static int
withdrawal_claim(struct ctx *ctx, int n, int lease_seconds, char (*out)[ID_MAX])
{
	return resource_claim(ctx, &withdrawal_kind, n, lease_seconds, out);
}

static int
intent_claim(struct ctx *ctx, int n, int lease_seconds, char (*out)[ID_MAX])
{
	return resource_claim(ctx, &intent_kind, n, lease_seconds, out);
}

/* A kind of work: how it is claimed, and how one (or, where there is
 * such a step, a whole batch) is settled: 1 moved, 0 not, -1 error. */
struct kind {
	const char *name;
	int (*claim)(struct ctx *, int, int, char (*)[ID_MAX]);
	int (*settle)(struct ctx *, const char *);
	void (*settle_batch)(struct ctx *, char (*)[ID_MAX], size_t, int *);
};

static const struct kind kinds[] = {
	{ "conversion", conversion_claim, conversion_settle, NULL },
	{ "withdrawal", withdrawal_claim, withdrawal_advance, NULL },
	{ "payout", payout_claim, NULL, settle_payouts },
	{ "payment intent", intent_claim, intent_advance, NULL },
	{ "chain send", onchain_claim, onchain_settle, NULL },
	{ "reversal check", payout_watch_claim, watch_payout, NULL },
};

/* Claims and settles one kind's due work until none is left, a batch
 * moves nothing, or the budget is spent. Counts into settled and errors. */
static void
drain(struct ctx *ctx, const struct kind *k, time_t start, int *settled, int *errors)
{
	char ids[BATCH][ID_MAX];
	int n = 0, i, r[BATCH];

	while (time(NULL) - start < BUDGET_SECONDS &&
	    (n = k->claim(ctx, BATCH, LEASE_SECONDS, ids)) > 0) {
		int progressed = 0;

		if (k->settle_batch != NULL)
			k->settle_batch(ctx, ids, (size_t)n, r);
		else
			for (i = 0; i < n; i++)
				r[i] = k->settle(ctx, ids[i]);
		for (i = 0; i < n; i++) {
			if (r[i] > 0)
				(*settled)++, progressed++;
			else if (r[i] < 0)
				(*errors)++;
		}
		/* a batch all still pending: each waits for its next check; stop */
		if (progressed == 0)
			return;
	}
	if (n < 0)
		(*errors)++;
}

int
main(void)
{
	struct ctx ctx;
	time_t start = time(NULL);
	int settled[6] = { 0, 0, 0, 0, 0, 0 }, errors = 0, any = 0;
	unsigned long long moved = 0;
	size_t i;

	if (ctx_init(&ctx, "payouts", 0) != 0) {
		worker_metrics_run(&ctx, 0, 1);
		ctx_free(&ctx);
		return 1;
	}
	sandbox_install(&ctx); /* the sandbox refills its custody wallet */
	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		drain(&ctx, &kinds[i], start, &settled[i], &errors);
		any |= settled[i] > 0;
		moved += (unsigned long long)settled[i];
	}
	if (any || errors > 0)
		log_event(errors ? "warn" : "info", "payouts: %d conversion(s), %d "
		    "withdrawal step(s), %d payout(s), %d payment intent step(s), %d "
		    "other chain move(s) settled, %d payout(s) found reversed, %d error(s)",
		    settled[0], settled[1], settled[2], settled[3], settled[4], settled[5],
		    errors);
	/* items: the pieces of work moved on (settled[] summed); one still
	 * pending at its check is not counted */
	worker_metrics_run(&ctx, moved, errors != 0);
	ctx_free(&ctx);
	return errors ? 1 : 0;
}
