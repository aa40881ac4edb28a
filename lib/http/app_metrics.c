#include "http/app_metrics.h"

#include <stdio.h>
#include <string.h>

#include "core/metrics.h"

/* method as a label: one of the usual methods, else "other" (a client
 * must not be able to make new series) */
static const char *
method_label(const char *method)
{
	static const char *const known[] = {
		"GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", NULL
	};
	size_t i;

	for (i = 0; method != NULL && known[i] != NULL; i++)
		if (strcmp(method, known[i]) == 0)
			return known[i];
	return "other";
}

void
app_metrics_begin(const char *program, const struct db *db, struct db_counts *at)
{
	char labels[96];

	db_counts(db, at);
	if (!metrics_on())
		return;
	snprintf(labels, sizeof(labels), "program=\"%s\"", program);
	metrics_gauge_add("cediramp_http_requests_in_flight", labels, 1);
}

void
app_metrics_end(const char *program, const char *route, const char *method, int status,
    long long us, const struct db *db, const struct db_counts *at)
{
	char labels[METRICS_LABELS_MAX], rt[128];
	struct db_counts now;
	const char *m = method_label(method);
	int n;

	if (!metrics_on())
		return;
	snprintf(labels, sizeof(labels), "program=\"%s\"", program);
	metrics_gauge_add("cediramp_http_requests_in_flight", labels, -1);
	metrics_label_value(route != NULL ? route : "unmatched", rt, sizeof(rt));
	n = snprintf(labels, sizeof(labels), "program=\"%s\",route=\"%s\",method=\"%s\"", program,
	    rt, m);
	if (n < 0 || (size_t)n >= sizeof(labels))
		return;
	metrics_observe_us("cediramp_http_request_duration_seconds", labels, us > 0 ? (uint64_t)us : 0);
	db_counts(db, &now);
	if (now.statements > at->statements)
		metrics_count("cediramp_db_statements_total", labels, now.statements - at->statements);
	if (now.round_trips > at->round_trips)
		metrics_count("cediramp_db_round_trips_total", labels,
		    now.round_trips - at->round_trips);
	snprintf(labels + n, sizeof(labels) - (size_t)n, ",status_class=\"%dxx\"",
	    status >= 100 && status < 600 ? status / 100 : 5);
	metrics_count("cediramp_http_requests_total", labels, 1);
	if (now.retries > at->retries) {
		snprintf(labels, sizeof(labels), "program=\"%s\"", program);
		metrics_count("cediramp_db_retries_total", labels, now.retries - at->retries);
	}
}
