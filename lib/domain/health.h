/* health: the service's own view of itself, for GET /v1/health. */
#ifndef CEDIRAMP_HEALTH_H
#define CEDIRAMP_HEALTH_H

#include "domain/ctx.h"

/* Each part's state: "operational", "degraded" or "down" (static text). */
struct health {
	const char *status;              /* the service as a whole */
	const char *database, *blockchain, *mobile_money;
	long long uptime_seconds;
	/* when each state was checked (Unix seconds): the database now; the
	 * chain and mobile money (the oldest network's) when last probed */
	long long database_checked_at, blockchain_checked_at, mobile_money_checked_at;
};

/*
 * Checks the database (the node's state, reconnecting if needed:
 * health_database) and reads the chain gateway's and the mobile money
 * providers' stored states (domain/probe.h: probed again when older than
 * health.probe_seconds) into h. status is
 * "operational" when all three are, "down" when the database is, and
 * "degraded" otherwise; mobile money is every network's state, or
 * degraded when they differ.
 */
void health_check(struct ctx *ctx, struct health *h);

/*
 * The database's state from what its node answered (DB_NODE_STATE): down
 * when it did not answer (reachable 0); for a Galera node (wsrep_on "ON",
 * or "1"), degraded when it is not ready (wsrep_ready other than "ON") or
 * not in the primary component (wsrep_cluster_status other than
 * "Primary"): such a node refuses every table; otherwise operational. A
 * plain server (wsrep_on "0", "OFF" or NULL) is operational whatever its
 * wsrep status says. Pure; any text may be NULL.
 */
enum prov_health health_database(int reachable, const char *wsrep_on,
    const char *ready, const char *cluster_status);

/* The service's status from its parts' (static text): "down" when the
 * database is, "operational" when all three are, else "degraded". Pure. */
const char *health_status(enum prov_health db, enum prov_health chain,
    enum prov_health momo);

/* Each network's state ("operational", "degraded", "down"; static text),
 * in the registry's order (prov_network_ids). */
void health_networks(struct ctx *ctx, const char *status[PROV_NETWORKS]);

#endif
