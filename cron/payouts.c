/*
 * payouts: advances money that waits on a provider. Today: conversions in
 * processing, settled from their chain receipts (confirmed: GHS credited;
 * failed: marked failed), so no money waits on a client that never calls
 * confirm. Work is claimed in batches with SELECT ... FOR UPDATE SKIP
 * LOCKED plus a short lease, so any number of copies may run at once; the
 * ledger's one-posting-per-event key makes a double credit impossible even
 * if two ever met on one row. Runs until nothing is left or 50 s pass.
 */
#include <stdio.h>
#include <time.h>

#include "domain/conv.h"
#include "domain/ctx.h"
#include "core/log.h"

#define BATCH 50
#define LEASE_SECONDS 60
#define BUDGET_SECONDS 50

int
main(void)
{
	char ids[BATCH][ID_MAX];
	struct ctx ctx;
	time_t start = time(NULL);
	int settled = 0, errors = 0, n = 0, i;

	if (ctx_init(&ctx, "payouts", 0) != 0) {
		ctx_free(&ctx);
		return 1;
	}
	while (time(NULL) - start < BUDGET_SECONDS &&
	    (n = conv_claim(&ctx, BATCH, LEASE_SECONDS, ids)) > 0) {
		int progressed = 0;

		for (i = 0; i < n; i++) {
			int r = conv_settle(&ctx, ids[i]);

			if (r > 0)
				settled++, progressed++;
			else if (r < 0)
				errors++;
		}
		/* a batch of transfers all still pending: they stay leased; stop */
		if (progressed == 0)
			break;
	}
	if (n < 0)
		errors++;
	if (settled > 0 || errors > 0)
		log_event(errors ? "warn" : "info", "payouts: %d conversion(s) settled, %d error(s)",
		    settled, errors);
	ctx_free(&ctx);
	return errors ? 1 : 0;
}
