/*
 * webhooks: delivers events to webhook endpoints (domain/delivery.h).
 * Claims due deliveries with SELECT ... FOR UPDATE SKIP LOCKED and a lease,
 * sends many at once (libcurl multi), records every attempt, and schedules
 * retries by the policy in force. Cron starts it once a minute; one run
 * keeps draining for webhooks.drain_seconds (55 by default), so new events
 * go out within a fraction of a second and the sandbox's 1 s and 4 s
 * retries are honoured within the run. Any number may run at once, on
 * many hosts.
 *
 *   webhooks [--until-idle]
 *
 * --until-idle exits as soon as nothing is in flight and nothing pending
 * falls due within the drain time (scripts and tests). Exit 1 when the
 * database failed.
 */
#include <string.h>

#include "core/log.h"
#include "domain/ctx.h"
#include "domain/delivery.h"
#include "domain/worker_metrics.h"

int
main(int argc, char **argv)
{
	struct delivery_stats st;
	struct ctx ctx;
	int until_idle = argc == 2 && strcmp(argv[1], "--until-idle") == 0, rc;

	if (argc > 2 || (argc == 2 && !until_idle)) {
		log_event("error", "usage: webhooks [--until-idle]");
		return 2;
	}
	if (ctx_init(&ctx, "webhooks", 0) != 0) {
		worker_metrics_run(&ctx, 0, 1);
		ctx_free(&ctx);
		return 1;
	}
	rc = delivery_drain(&ctx, until_idle, &st);
	if (st.attempts > 0 || st.errors > 0 || rc != 0)
		log_event(st.errors || rc ? "warn" : "info", "webhooks: %lld attempt(s): "
		    "%lld delivered, %lld to retry, %lld failed; %lld error(s)", st.attempts,
		    st.delivered, st.retried, st.failed, st.errors);
	rc = rc != 0 || st.errors > 0 ? 1 : 0;
	/* items: the delivery attempts made */
	worker_metrics_run(&ctx, (unsigned long long)st.attempts, rc);
	ctx_free(&ctx);
	return rc;
}
