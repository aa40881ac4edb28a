/*
 * kyc: the sandbox's identity checker. Decides pending KYC submissions by
 * their magic document numbers (ending 0000: approved, tier verified;
 * ending 1111: rejected), as an operator would with cediramp-admin; any
 * other number waits for an operator. In production it does nothing:
 * there only operators decide. Each decision locks its row and decides
 * only a pending one, so any number of copies may run at once.
 */
#include "core/log.h"
#include "domain/ctx.h"
#include "domain/worker_metrics.h"
#include "sandbox/kyc.h"

#define BATCH 100

int
main(void)
{
	unsigned approved = 0, rejected = 0;
	struct outcome o;
	struct ctx ctx;
	int rc = 1;

	if (ctx_init(&ctx, "kyc", 0) != 0)
		goto out;
	if (sandbox_kyc_decide(&ctx, BATCH, &approved, &rejected, &o) != ERR_OK) {
		log_event("error", "kyc: %s (%s)", o.message, db_error(ctx.db));
		goto out;
	}
	if (approved > 0 || rejected > 0)
		log_event("info", "kyc: %u submission(s) approved, %u rejected (sandbox)",
		    approved, rejected);
	rc = 0;
out:
	/* items: the submissions decided */
	worker_metrics_run(&ctx, (unsigned long long)approved + rejected, rc != 0);
	ctx_free(&ctx);
	return rc;
}
