/* health: the service's own view of itself, for GET /v1/health. */
#ifndef CEDIRAMP_HEALTH_H
#define CEDIRAMP_HEALTH_H

#include "domain/ctx.h"

/* Each part's state: "operational", "degraded" or "down" (static text). */
struct health {
	const char *status;              /* the service as a whole */
	const char *database, *blockchain, *mobile_money;
	long long uptime_seconds;
};

/*
 * Checks the database (a query, reconnecting if needed), the chain
 * gateway and the mobile money providers (a probe of each, bounded by
 * providers.timeout_ms) into h. status is "operational" when all three
 * are, "down" when the database is, and "degraded" otherwise; mobile money
 * is every network's state, or degraded when they differ.
 */
void health_check(struct ctx *ctx, struct health *h);

/* Each network's state ("operational", "degraded", "down"; static text),
 * in the registry's order (prov_network_ids). */
void health_networks(struct ctx *ctx, const char *status[PROV_NETWORKS]);

#endif
