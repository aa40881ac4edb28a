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

/* How one API names and bounds a quote's query. */
struct quote_query {
	const char *const *params; /* from, to, amount: all required */
	unsigned coin_flag;        /* which coins this API quotes */
	enum err bad_coin;
	const char *coin_reason;
};

/*
 * Validates the query of a quote request as qq describes it and prices and
 * stores the quote for the caller in q; ERR_OK or the error (in resp).
 */
static enum err
quote_from_query(struct req *r, struct resp *resp, const struct quote_query *qq,
    struct quote *q)
{
	const struct currency *from;
	enum err e;

	if ((e = require(r, resp, qq->params)) != ERR_OK)
		return e;
	from = currency_find(req_query(r, qq->params[0]));
	if (from == NULL || !(from->flags & qq->coin_flag))
		return resp_invalid(resp, qq->bad_coin, qq->params[0], qq->coin_reason);
	if (strcmp(req_query(r, qq->params[1]), "GHS") != 0)
		return resp_invalid(resp, ERR_INVALID_CURRENCY, qq->params[1], "must be GHS");
	return quote_create(r->ctx, &r->caller, from, req_query(r, qq->params[2]), q,
	    &resp->out);
}

static const char *const wallet_params[] = { "from", "to", "amount", NULL };
static const struct quote_query wallet_query = { wallet_params,
	CURRENCY_STABLECOIN, ERR_INVALID_STABLECOIN, "one of USDT, USDC, USDC_E, DAI, GHSFIAT" };

static enum err
wallet_rate(struct req *r, struct resp *resp)
{
	char expires[40];
	struct quote q;
	enum err e;

	if ((e = quote_from_query(r, resp, &wallet_query, &q)) != ERR_OK)
		return e;
	timefmt_iso(q.expires_at, expires, sizeof(expires));
	return resp_ok(resp, 200, json_pack(
	    "{s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s}",
	    "from", q.from->code, "to", "GHS", "amount", q.amount, "rate", q.rate,
	    "fee", q.fee, "feePercent", q.fee_percent, "receiveAmount", q.receive,
	    "expiresAt", expires, "quoteId", q.id));
}

static const char *const partner_params[] = { "from_currency", "to_currency",
	"amount", NULL };
static const struct quote_query partner_query = { partner_params,
	CURRENCY_PARTNER, ERR_INVALID_CURRENCY, "must be USDC or USDT" };

static enum err
partner_rate(struct req *r, struct resp *resp)
{
	char until[40];
	struct quote q;
	enum err e;

	if ((e = quote_from_query(r, resp, &partner_query, &q)) != ERR_OK)
		return e;
	timefmt_iso(q.expires_at, until, sizeof(until));
	return resp_ok(resp, 200, json_pack("{s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s}",
	    "from_currency", q.from->code, "to_currency", "GHS", "amount", q.amount,
	    "rate", q.rate, "fee", q.fee, "total_ghs", q.receive,
	    "valid_until", until, "quote_id", q.id));
}

static const struct route routes[] = {
	{ "GET", "/api/convert/rate", wallet_rate, 0, wallet_params, RATE_LIMIT_QUOTES },
	{ "GET", "/v1/rates", partner_rate, 0, partner_params, RATE_LIMIT_GENERAL },
};

int
main(void)
{
	return app_run("rate", routes, APP_NROUTES(routes));
}
