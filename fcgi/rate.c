/*
 * rate: quotes. GET /api/convert/rate (wallet) and GET /v1/rates
 * (partner). Both price the amount at the current rate, store the quote for
 * the caller, and return it; the price holds until it expires.
 */
#include <string.h>

#include "http/app.h"
#include "core/currency.h"
#include "domain/quote.h"
#include "core/timefmt.h"

/* The named query parameters, all required: ERR_VALIDATION naming the first missing. */
static enum err
require(struct req *r, struct resp *resp, const char *const *names)
{
	for (; *names != NULL; names++) {
		const char *v = req_query(r, *names);

		if (v == NULL || *v == '\0')
			return resp_invalid(resp, ERR_VALIDATION, *names, "required");
	}
	return ERR_OK;
}

static const char *const wallet_params[] = { "from", "to", "amount", NULL };

static enum err
wallet_rate(struct req *r, struct resp *resp)
{
	const struct currency *from;
	char expires[40];
	struct quote q;
	enum err e;

	if ((e = require(r, resp, wallet_params)) != ERR_OK)
		return e;
	from = currency_find(req_query(r, "from"));
	if (from == NULL || !(from->flags & CURRENCY_STABLECOIN))
		return resp_invalid(resp, ERR_INVALID_STABLECOIN, "from",
		    "one of USDT, USDC, USDC_E, DAI, GHSFIAT");
	if (strcmp(req_query(r, "to"), "GHS") != 0)
		return resp_invalid(resp, ERR_INVALID_CURRENCY, "to", "must be GHS");
	e = quote_create(r->ctx, &r->caller, from, req_query(r, "amount"), &q,
	    &resp->out);
	if (e != ERR_OK)
		return e;
	timefmt_iso(q.expires_at, expires, sizeof(expires));
	return resp_ok(resp, 200, json_pack(
	    "{s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s}",
	    "from", from->code, "to", "GHS", "amount", q.amount, "rate", q.rate,
	    "fee", q.fee, "feePercent", q.fee_percent, "receiveAmount", q.receive,
	    "expiresAt", expires, "quoteId", q.id));
}

static const char *const partner_params[] = { "from_currency", "to_currency",
	"amount", NULL };

static enum err
partner_rate(struct req *r, struct resp *resp)
{
	const struct currency *from;
	char until[40];
	struct quote q;
	enum err e;

	if ((e = require(r, resp, partner_params)) != ERR_OK)
		return e;
	from = currency_find(req_query(r, "from_currency"));
	if (from == NULL || !(from->flags & CURRENCY_PARTNER))
		return resp_invalid(resp, ERR_INVALID_CURRENCY, "from_currency",
		    "must be USDC or USDT");
	if (strcmp(req_query(r, "to_currency"), "GHS") != 0)
		return resp_invalid(resp, ERR_INVALID_CURRENCY, "to_currency",
		    "must be GHS");
	e = quote_create(r->ctx, &r->caller, from, req_query(r, "amount"), &q,
	    &resp->out);
	if (e != ERR_OK)
		return e;
	timefmt_iso(q.expires_at, until, sizeof(until));
	return resp_ok(resp, 200, json_pack("{s:s,s:s,s:s,s:s,s:s,s:s,s:s}",
	    "from_currency", from->code, "to_currency", "GHS", "amount", q.amount,
	    "rate", q.rate, "fee", q.fee, "total_ghs", q.receive,
	    "valid_until", until));
}

static const struct route routes[] = {
	{ "GET", "/api/convert/rate", wallet_rate, 0, wallet_params, RL_QUOTES },
	{ "GET", "/v1/rates", partner_rate, 0, partner_params, RL_GENERAL },
};

int
main(void)
{
	return app_run("rate", routes, APP_NROUTES(routes));
}
