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

void
health_check(struct ctx *ctx, struct health *h)
{
	enum prov_health db, chain, net[PROV_NETWORKS], momo;

	db = db_ping(ctx->db) == DB_OK ? PROV_OPERATIONAL : PROV_DOWN;
	providers_health(&ctx->prov, &chain, net);
	momo = worst_of(net, PROV_NETWORKS);
	if (db == PROV_DOWN)
		h->status = "down";
	else if (chain == PROV_OPERATIONAL && momo == PROV_OPERATIONAL)
		h->status = "operational";
	else
		h->status = "degraded";
	h->database = prov_health_name(db);
	h->blockchain = prov_health_name(chain);
	h->mobile_money = prov_health_name(momo);
	h->uptime_seconds = (long long)time(NULL) - ctx->started;
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
