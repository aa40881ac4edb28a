#include "domain/health.h"

#include <time.h>

#include "providers/registry.h"

/* One state for the mobile money service: every network's, or degraded
 * when they differ. */
static enum prov_health
worst_of(const enum prov_health *h, size_t n)
{
	size_t i, down = 0, ok = 0;

	for (i = 0; i < n; i++) {
		down += h[i] == PROV_DOWN;
		ok += h[i] == PROV_OPERATIONAL;
	}
	return down == n ? PROV_DOWN : ok == n ? PROV_OPERATIONAL : PROV_DEGRADED;
}

json_t *
health_report(struct ctx *ctx)
{
	enum prov_health db, chain, net[PROV_NETWORKS], momo;
	const char *overall;

	db = db_ping(ctx->db) == DB_OK ? PROV_OPERATIONAL : PROV_DOWN;
	providers_health(&ctx->prov, &chain, net);
	momo = worst_of(net, PROV_NETWORKS);
	if (db == PROV_DOWN)
		overall = "down";
	else if (chain == PROV_OPERATIONAL && momo == PROV_OPERATIONAL)
		overall = "operational";
	else
		overall = "degraded";
	return json_pack("{s:s,s:s,s:I,s:s,s:{s:s,s:s,s:s}}",
	    "status", overall,
	    "version", CEDIRAMP_VERSION,
	    "uptime_seconds", (json_int_t)((long long)time(NULL) - ctx->started),
	    "environment", ctx->cfg.environment,
	    "services",
	    "database", prov_health_name(db),
	    "blockchain", prov_health_name(chain),
	    "mobile_money", prov_health_name(momo));
}

void
health_networks(struct ctx *ctx, const char *status[PROV_NETWORKS])
{
	enum prov_health chain, net[PROV_NETWORKS];
	size_t i;

	providers_health(&ctx->prov, &chain, net);
	for (i = 0; i < PROV_NETWORKS; i++)
		status[i] = prov_health_name(net[i]);
}
