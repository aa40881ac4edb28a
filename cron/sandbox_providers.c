/*
 * sandbox_providers: in the sandbox, what the providers do on their own.
 * The mobile money simulator's transfers and requests to pay reach their
 * final state on time, and each final state is called back once to the
 * X-Callback-Url its send carried, with no retry, as MTN does
 * (sandbox/sim_momo_callbacks.h). In production it exits at once: real
 * providers call back by themselves, so it may stay installed. Each
 * callback is taken by one UPDATE before it is sent, so copies may run at
 * once.
 */
#include "core/log.h"
#include "domain/ctx.h"
#include "domain/worker_metrics.h"
#include "sandbox/sim_momo_callbacks.h"

#define BATCH 100

int
main(void)
{
	unsigned sent = 0, dropped = 0;
	struct ctx ctx;
	int rc = 1;

	if (ctx_init(&ctx, "sandbox_providers", 0) != 0)
		goto out;
	if (sim_momo_send_callbacks(&ctx, BATCH, &sent, &dropped) != 0) {
		log_event("error", "sandbox_providers: %s", db_error(ctx.db));
		goto out;
	}
	if (sent > 0 || dropped > 0)
		log_event("info", "sandbox_providers: %u MoMo callback(s) sent, %u dropped "
		    "(momo.drop_callbacks)", sent, dropped);
	rc = 0;
out:
	/* items: the callbacks due, sent or dropped */
	worker_metrics_run(&ctx, (unsigned long long)sent + dropped, rc != 0);
	ctx_free(&ctx);
	return rc;
}
