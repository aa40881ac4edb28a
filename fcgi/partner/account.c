/*
 * partner/account: the partner's own standing. GET /v1/limits (the KYC
 * tier limits, GHS), GET /v1/balances (USDT, USDC and GHS: available,
 * and pending, held by withdrawals in flight) and GET /v1/statements (a
 * currency's movements over a period, CSV); the last two are
 * http/account_answer.c's, which the console gives too.
 */
#include "domain/catalog.h"
#include "http/account_answer.h"
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

static const struct route routes[] = {
	{ "GET", "/v1/limits", get_limits, 0, NULL, RATE_LIMIT_GENERAL },
	{ "GET", "/v1/balances", partner_balances_answer, 0, NULL, RATE_LIMIT_GENERAL },
	{ "GET", "/v1/statements", partner_statement_answer, 0, statement_partner_params,
	    RATE_LIMIT_GENERAL },
};

int
main(void)
{
	return app_run("partner-account", routes, APP_NROUTES(routes));
}
