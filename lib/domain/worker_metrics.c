#include "domain/worker_metrics.h"

#include <stdio.h>
#include <time.h>

#include "core/metrics.h"
#include "store/db.h"

void
worker_metrics_run(const struct ctx *ctx, unsigned long long items, int failed)
{
	char labels[METRICS_LABELS_MAX];
	struct db_counts c;

	if (!metrics_on() || ctx->program == NULL)
		return;
	snprintf(labels, sizeof(labels), "worker=\"%s\"", ctx->program);
	/* every series is written at every run, zeros too: each exists from
	 * the worker's first run on, so rate() and increase() see it start */
	metrics_count("cediramp_worker_runs_total", labels, 1);
	metrics_count("cediramp_worker_items_total", labels, items);
	metrics_count("cediramp_worker_errors_total", labels, failed ? 1 : 0);
	metrics_latest_set("cediramp_worker_last_run_timestamp_seconds", labels,
	    (int64_t)time(NULL));
	/* a whole run's database cost, under the request families' labels
	 * (program, route, method) so that those families keep one label set */
	db_counts(ctx->db, &c);
	snprintf(labels, sizeof(labels), "program=\"%s\",route=\"worker\",method=\"none\"",
	    ctx->program);
	metrics_count("cediramp_db_statements_total", labels, c.statements);
	metrics_count("cediramp_db_round_trips_total", labels, c.round_trips);
	snprintf(labels, sizeof(labels), "program=\"%s\"", ctx->program);
	metrics_count("cediramp_db_retries_total", labels, c.retries);
}
