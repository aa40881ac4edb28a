/*
 * partner/account: the partner's own standing. GET /v1/limits (the KYC
 * tier limits, GHS), GET /v1/balances (USDT, USDC and GHS: available,
 * and pending, held by withdrawals in flight) and GET /v1/statements (a
 * currency's movements over a period, CSV).
 */
#include "domain/catalog.h"
#include "domain/funds.h"
#include "http/app.h"
#include "http/statement_query.h"

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

static enum err
get_statement(struct req *r, struct resp *resp)
{
	return statement_answer(r, resp, STATEMENT_PARTNER);
}

static const struct route routes[] = {
	{ "GET", "/v1/limits", get_limits, 0, NULL, RATE_LIMIT_GENERAL },
	{ "GET", "/v1/balances", get_balances, 0, NULL, RATE_LIMIT_GENERAL },
	{ "GET", "/v1/statements", get_statement, 0, statement_partner_params, RATE_LIMIT_GENERAL },
};

int
main(void)
{
	return app_run("partner-account", routes, APP_NROUTES(routes));
}
