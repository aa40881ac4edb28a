/*
 * ops_gauges: the service's state as Prometheus gauges, read from the
 * database (and the chain node, for its head and the operator's gas) at
 * scrape time by GET /metrics: payouts in doubt, held and reversed; each
 * limited float, its alert threshold and its last sync's change; each
 * work queue's due items and lateness; the webhook backlog; the node's
 * head age, the deposit scanner's last block, the service's pending
 * transactions and the operator's gas; the Galera node's state. Reads
 * only: a scrape writes nothing.
 */
#ifndef CEDIRAMP_OPS_GAUGES_H
#define CEDIRAMP_OPS_GAUGES_H

#include "core/buf.h"
#include "domain/ctx.h"

/* Appends the gauges to out in the text exposition format. A read that
 * fails leaves its gauges out and counts in
 * cediramp_metrics_gauge_failures. 0, or -1 on low memory. */
int ops_gauges_render(struct ctx *ctx, struct buf *out);

#endif
