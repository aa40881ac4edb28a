/*
 * worker_metrics: what one run of a cron worker adds to its program's
 * metrics (core/metrics.h), labelled worker="NAME" (the ctx's program):
 * the run, the items it handled (each worker's own unit: docs/
 * operations.md, "Metrics"), an error when it ends with a nonzero exit
 * status, the time it ended, and the database statements, round trips
 * and retries it cost (the request families' labels, route="worker").
 */
#ifndef CEDIRAMP_WORKER_METRICS_H
#define CEDIRAMP_WORKER_METRICS_H

#include "domain/ctx.h"

/*
 * Counts the run of ctx's worker that handled items and failed (1: its
 * exit status is nonzero). Call it once, at the end of main and before
 * ctx_free (which closes the metrics file); a no-op when metrics are off
 * (no metrics.dir, or ctx_init failed before opening it).
 */
void worker_metrics_run(const struct ctx *ctx, unsigned long long items, int failed);

#endif
