#include "domain/health.h"

#include <time.h>

#include "providers/prov_http.h"

json_t *
health_report(struct ctx *ctx)
{
	enum prov_health db, chain, momo;
	const char *overall;
	long t = (long)ctx->cfg.provider_timeout_ms;

	db = db_ping(ctx->db) == DB_OK ? PROV_OPERATIONAL : PROV_DOWN;
	chain = prov_http_probe(ctx->cfg.chain_url, "/health", t);
	momo = prov_http_probe(ctx->cfg.momo_url, "/health", t);
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
