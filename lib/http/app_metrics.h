/*
 * app_metrics: what one request adds to its program's metrics
 * (core/metrics.h): the request counter and latency histogram by route
 * template (never the path), method and status class, the requests in
 * flight, and the database statements, round trips and retries it cost.
 */
#ifndef CEDIRAMP_APP_METRICS_H
#define CEDIRAMP_APP_METRICS_H

#include "store/db.h"

/* A request of program starts: in flight, and db's counts so far into at. */
void app_metrics_begin(const char *program, const struct db *db, struct db_counts *at);

/*
 * It ended with status after us microseconds: route is the matched
 * route's pattern (NULL: none matched), method the request's (any other
 * than the usual ones counts as "other"); db's counts since at are its.
 */
void app_metrics_end(const char *program, const char *route, const char *method, int status,
    long long us, const struct db *db, const struct db_counts *at);

#endif
