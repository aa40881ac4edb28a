/*
 * expire: deletes what has outlived its use: rate-limit counters whose
 * window has closed, idempotency keys older than 24 hours (their stored
 * answers go with them and the keys can be used again), and unused quotes
 * a day past expiry (kept that long so a late client still gets
 * quote_expired, not 404), and the hashes of accepted request signatures
 * whose window has passed (decision 63: a replay is refused as expired by
 * then). Deletes run in
 * batches of 1000 rows, so several hosts may run this at once.
 *
 * And it expires payment intents past their time to live, each only after
 * the provider, asked first, has no payment for it (one it has is
 * approved instead; an unreachable provider leaves it for the next run);
 * an expired one is still asked for payment_intents.late_check_seconds
 * (24 h), and a late payment approves it (the payouts worker completes it,
 * marked late). Claimed with SKIP LOCKED, so copies may run at once.
 */
#include <time.h>

#include "domain/ctx.h"
#include "domain/partner/intent.h"
#include "domain/worker_metrics.h"
#include "core/log.h"
#include "store/db_sig.h"

/* Runs a batched DELETE (b, bound to its arguments) until a batch comes
 * back short; -1 on error. */
static long long
drain(struct db *db, struct db_bound b)
{
	struct db_res res;
	long long total = 0;

	do {
		if (db_run(db, b, NULL, &res) != DB_OK)
			return -1;
		total += (long long)res.affected;
	} while (res.affected == 1000);
	return total;
}

/* A drain's count as items (-1, an error, counts none). */
static unsigned long long
removed(long long n)
{
	return n > 0 ? (unsigned long long)n : 0;
}

int
main(void)
{
	struct ctx ctx;
	long long now = (long long)time(NULL), counters = 0, quotes = 0, keys = 0, sigs = 0;
	int rc = 1, intents = 0, n;

	if (ctx_init(&ctx, "expire", 0) != 0)
		goto out;
	counters = drain(ctx.db, DB_BIND(DB_RL_EXPIRE, rl_expire, .now = now));
	quotes = drain(ctx.db, DB_BIND(DB_QUOTE_EXPIRE, no_args));
	keys = drain(ctx.db, DB_BIND(DB_IDEM_EXPIRE, no_args));
	sigs = drain(ctx.db, DB_BIND(DB_SIGSEEN_EXPIRE, sigseen_expire, .now = now));
	while ((n = intent_expire_due(&ctx, 100)) > 0)
		intents += n;
	if (n >= 0 && (n = intent_watch_expired(&ctx, 100)) > 0)
		intents += n;
	if (counters < 0 || quotes < 0 || keys < 0 || sigs < 0 || n < 0) {
		log_event("error", "expire: %s", db_error(ctx.db));
		goto out;
	}
	if (counters > 0 || quotes > 0 || keys > 0 || sigs > 0 || intents > 0)
		log_event("info", "expire: %lld counter(s), %lld quote(s), %lld key(s), "
		    "%lld signature(s) removed; %d payment intent(s) moved", counters, quotes, keys,
		    sigs, intents);
	rc = 0;
out:
	/* items: the rows removed and the payment intents moved */
	worker_metrics_run(&ctx, removed(counters) + removed(quotes) + removed(keys) +
	    removed(sigs) + (unsigned long long)intents, rc != 0);
	ctx_free(&ctx);
	return rc;
}
