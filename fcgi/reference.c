/*
 * reference: the partner API's reference data. GET /v1/health (no key),
 * GET /v1/supported-networks, GET /v1/limits, GET /v1/balances.
 */
#include <string.h>

#include "domain/funds.h"
#include "http/app.h"
#include "domain/health.h"
#include "domain/catalog.h"

static enum err
get_health(struct req *r, struct resp *resp)
{
	json_t *h = health_report(r->ctx);

	return h ? resp_ok(resp, 200, h) : ERR_INTERNAL;
}

static enum err
get_networks(struct req *r, struct resp *resp)
{
	const char *state[PROV_NETWORKS];
	json_t *a = json_array();
	size_t i, k;

	if (a == NULL)
		return ERR_INTERNAL;
	health_networks(r->ctx, state);
	for (i = 0; i < catalog_nnetworks; i++) {
		const struct network *n = &catalog_networks[i];
		const char *status = "down";

		for (k = 0; k < PROV_NETWORKS; k++)
			if (strcmp(prov_network_ids[k], n->id) == 0)
				status = state[k];

		if (json_array_append_new(a, json_pack(
		    "{s:s,s:s,s:s,s:s,s:s,s:s,s:s}",
		    "network_id", n->id, "name", n->name, "country", n->country,
		    "currency", n->currency, "status", status,
		    "min_amount", n->min_amount, "max_amount", n->max_amount)) != 0) {
			json_decref(a);
			return ERR_INTERNAL;
		}
	}
	return resp_ok(resp, 200, a);
}

static enum err
get_limits(struct req *r, struct resp *resp)
{
	json_t *a = json_array();
	size_t i;

	(void)r;
	if (a == NULL)
		return ERR_INTERNAL;
	for (i = 0; i < catalog_ntiers; i++) {
		const struct tier *t = &catalog_tiers[i];

		if (json_array_append_new(a, json_pack("{s:s,s:s,s:s,s:s}",
		    "tier", t->tier, "daily_limit", t->daily_limit,
		    "monthly_limit", t->monthly_limit,
		    "per_transaction_max", t->per_transaction_max)) != 0) {
			json_decref(a);
			return ERR_INTERNAL;
		}
	}
	return resp_ok(resp, 200, a);
}

/* The partner's USDT, USDC and GHS: available, and held by withdrawals. */
static enum err
get_balances(struct req *r, struct resp *resp)
{
	struct funds_balance b[FUNDS_CURRENCIES];
	json_t *a;
	size_t i;
	enum err e;

	if ((e = funds_balances(r->ctx->db, r->caller.id, b, &resp->out)) != ERR_OK)
		return e;
	if ((a = json_array()) == NULL)
		return ERR_INTERNAL;
	for (i = 0; i < FUNDS_CURRENCIES; i++)
		json_array_append_new(a, json_pack("{s:s,s:s,s:s}", "currency", b[i].currency,
		    "available", b[i].available, "pending", b[i].pending));
	return resp_ok(resp, 200, a);
}

static const struct route routes[] = {
	{ "GET", "/v1/health", get_health, ROUTE_PUBLIC, NULL, RATE_LIMIT_GENERAL },
	{ "GET", "/v1/supported-networks", get_networks, 0, NULL, RATE_LIMIT_GENERAL },
	{ "GET", "/v1/limits", get_limits, 0, NULL, RATE_LIMIT_GENERAL },
	{ "GET", "/v1/balances", get_balances, 0, NULL, RATE_LIMIT_GENERAL },
};

int
main(void)
{
	return app_run("reference", routes, APP_NROUTES(routes));
}
