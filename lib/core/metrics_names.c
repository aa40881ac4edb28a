/*
 * metrics_names: every family the programs write into shared memory, with
 * its help text (docs/operations.md, "Metrics", lists them with their
 * labels). The scrape program's own gauges, read from the database at
 * scrape time, are fcgi/metrics.c's.
 */
#include "core/metrics.h"

#include <stddef.h>

const struct metric_family metrics_families[] = {
	{ "cediramp_http_requests_total", METRIC_COUNTER,
	  "Requests answered, by program, route template, method and status class." },
	{ "cediramp_http_request_duration_seconds", METRIC_HISTOGRAM,
	  "Time from a request's start to its answer, by program, route template and method." },
	{ "cediramp_http_requests_in_flight", METRIC_GAUGE,
	  "Requests being answered now, by program." },
	{ "cediramp_db_statements_total", METRIC_COUNTER,
	  "Prepared statements executed, by program and route template (or worker)." },
	{ "cediramp_db_round_trips_total", METRIC_COUNTER,
	  "Round trips to the database (statements, prepares, begins, commits, rollbacks), "
	  "by program and route template (or worker)." },
	{ "cediramp_db_retries_total", METRIC_COUNTER,
	  "Transactions run again after a deadlock (1213), a lock wait timeout (1205) or a "
	  "lost Galera certification, by program." },
	{ "cediramp_provider_calls_total", METRIC_COUNTER,
	  "Calls to a provider (MoMo, Paystack, the chain node, the rates source, webhooks), "
	  "by provider, operation and outcome." },
	{ "cediramp_provider_call_duration_seconds", METRIC_HISTOGRAM,
	  "Latency of calls to a provider, by provider and operation." },
	{ "cediramp_worker_runs_total", METRIC_COUNTER, "Runs of a cron worker, by worker." },
	{ "cediramp_worker_items_total", METRIC_COUNTER,
	  "Items a cron worker handled, by worker." },
	{ "cediramp_worker_errors_total", METRIC_COUNTER,
	  "Runs of a cron worker that ended in an error, by worker." },
	{ "cediramp_worker_last_run_timestamp_seconds", METRIC_LATEST,
	  "When a cron worker's last run ended (Unix seconds), by worker." },
	{ "cediramp_webhook_deliveries_total", METRIC_COUNTER,
	  "Webhook delivery attempts, by outcome (delivered, retry, failed)." },
	{ "cediramp_reconcile_last_run_timestamp_seconds", METRIC_LATEST,
	  "When the last reconcile run that read everything ended (Unix seconds)." },
	{ "cediramp_reconcile_findings", METRIC_LATEST,
	  "What the last whole reconcile run found, by kind (late_collections, "
	  "reversed_payouts, held, unmatched_deposits, unreversible, float, ledger)." },
	{ "cediramp_signer_unsigned_total", METRIC_COUNTER,
	  "Moves cediramp-signer signed nothing for, by purpose and why (refused: its "
	  "policy; down: it did not answer)." },
	{ "cediramp_signer_last_refusal_timestamp_seconds", METRIC_LATEST,
	  "When cediramp-signer's policy last refused a move (Unix seconds): the alert; "
	  "cediramp-admin signer journal says what and why." },
	{ NULL, METRIC_COUNTER, NULL },
};
