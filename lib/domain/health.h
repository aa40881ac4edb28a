/* health: the service's own view of itself, for GET /v1/health. */
#ifndef CEDIRAMP_HEALTH_H
#define CEDIRAMP_HEALTH_H

#include <jansson.h>

#include "domain/ctx.h"

/*
 * Checks the database (a query, reconnecting if needed), the chain
 * gateway and the mobile money provider (an HTTP probe of each, bounded by
 * providers.timeout_ms), and returns the Health object (new reference, NULL
 * on OOM). status is "operational" when all three are, "down" when the
 * database is, and "degraded" otherwise.
 */
json_t *health_report(struct ctx *ctx);

/* Each network's state ("operational", "degraded", "down"; static text),
 * in the registry's order (prov_network_ids). */
void health_networks(struct ctx *ctx, const char *status[PROV_NETWORKS]);

#endif
