/*
 * deposits: credits partners' deposits from the chain (domain/
 * chain_deposit.h): the configured tokens' transfers to the custody
 * address, from the last finished block up to the newest one with
 * providers.evm.confirmations on top, each credited once to the partner
 * whose registered address sent it, or recorded unmatched for reconcile;
 * a reorg that removed a finished block is walked back and its credits
 * reversed. Safe on many hosts at once: a block range is recorded in one
 * transaction, and the same log cannot be recorded twice. Under the chain
 * simulator there is nothing to read: it exits 0 at once. Runs at most
 * 50 s.
 */
#include "core/log.h"
#include "domain/chain_deposit.h"
#include "domain/ctx.h"
#include "domain/worker_metrics.h"

#define BUDGET_SECONDS 50

int
main(void)
{
	struct chain_deposit_stats st = { 0 };
	struct ctx ctx;
	int rc = 1;

	if (ctx_init(&ctx, "deposits", 0) != 0)
		goto out;
	if (chain_deposit_scan(&ctx, BUDGET_SECONDS, &st) != 0)
		goto out;
	if (st.credited > 0 || st.unmatched > 0 || st.reorgs > 0)
		log_event(st.reorgs ? "warn" : "info", "deposits: blocks %lld..%lld: %d credited, "
		    "%d unmatched, %d reorg(s), %d credit(s) reversed", st.from, st.to,
		    st.credited, st.unmatched, st.reorgs, st.reversed);
	rc = 0;
out:
	/* items: the deposits recorded (credited, or unmatched for reconcile) */
	worker_metrics_run(&ctx, (unsigned long long)st.credited + (unsigned long long)st.unmatched,
	    rc != 0);
	ctx_free(&ctx);
	return rc;
}
