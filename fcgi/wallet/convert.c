/*
 * wallet/convert: conversions. GET /api/convert/rate prices an amount at
 * the current rate and stores the quote for the wallet (the price holds
 * until expiresAt); POST /api/convert/usdt-to-ghs redeems a quote (201,
 * status processing, with the transfer hash); POST /api/convert/confirm
 * settles it once the chain confirms (200 completed, or 202 processing
 * while the chain has not confirmed yet).
 */
#include <stdio.h>
#include <string.h>

#include "core/currency.h"
#include "core/timefmt.h"
#include "domain/wallet/conversion.h"
#include "http/app.h"
#include "http/body.h"
#include "http/quote_query.h"
#include "http/view_wallet.h"

static const char *const rate_params[] = { "from", "to", "amount", NULL };
static const struct quote_query rate_query = { rate_params, CURRENCY_STABLECOIN,
	ERR_INVALID_STABLECOIN, "one of USDT, USDC, USDC_E, DAI, GHSFIAT" };

static enum err
get_rate(struct req *r, struct resp *resp)
{
	char expires[40];
	struct quote q;
	enum err e;

	if ((e = quote_from_query(r, resp, &rate_query, &q)) != ERR_OK)
		return e;
	timefmt_iso(q.expires_at, expires, sizeof(expires));
	return resp_ok(resp, 200, json_pack(
	    "{s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s}",
	    "from", q.from->code, "to", "GHS", "amount", q.amount, "rate", q.rate,
	    "fee", q.fee, "feePercent", q.fee_percent, "receiveAmount", q.receive,
	    "expiresAt", expires, "quoteId", q.id));
}

static const char *const convert_fields[] = { "quoteId", "amount", "from", NULL };

static enum err
post_convert(struct req *r, struct resp *resp)
{
	const char *quote_id, *amount, *from;
	struct conversion c;
	enum err e;

	if ((e = body_only(r->body, resp, convert_fields)) != ERR_OK ||
	    (e = body_string(r->body, resp, "quoteId", QUOTE_ID_MAX - 1, &quote_id)) != ERR_OK ||
	    (e = body_string(r->body, resp, "amount", 64, &amount)) != ERR_OK ||
	    (e = body_string(r->body, resp, "from", 16, &from)) != ERR_OK)
		return e;
	e = conversion_create(r->ctx, &r->caller, quote_id, amount, from, &r->idempotency, &c,
	    &resp->out);
	if (e != ERR_OK)
		return e;
	return resp_ok(resp, 201, conversion_json(&c));
}

static const char *const confirm_fields[] = { "conversionId", NULL };

static enum err
post_confirm(struct req *r, struct resp *resp)
{
	const char *id;
	struct conversion c;
	enum err e;

	if ((e = body_only(r->body, resp, confirm_fields)) != ERR_OK ||
	    (e = body_string(r->body, resp, "conversionId", 40, &id)) != ERR_OK)
		return e;
	e = conversion_confirm(r->ctx, &r->caller, id, &c, &resp->out);
	if (e != ERR_OK)
		return e;
	if (strcmp(c.status, "completed") == 0)
		return resp_ok(resp, 200, json_pack("{s:s,s:s,s:s,s:s}",
		    "conversionId", c.id, "status", "completed",
		    "ghsBalance", c.ghs_balance_after, "confirmedAt", c.completed_at));
	/* not confirmed yet: not final, so nothing is stored either */
	outcome_fail(&resp->out, ERR_OK, "Not yet confirmed on chain; confirm again shortly");
	return resp_ok(resp, 202, json_pack("{s:s,s:s,s:n,s:n}", "conversionId", c.id,
	    "status", "processing", "ghsBalance", "confirmedAt"));
}

static const struct route routes[] = {
	{ "GET", "/api/convert/rate", get_rate, 0, rate_params, RATE_LIMIT_QUOTES },
	{ "POST", "/api/convert/usdt-to-ghs", post_convert, ROUTE_BODY | ROUTE_IDEMPOTENT, NULL, RATE_LIMIT_CONVERT },
	{ "POST", "/api/convert/confirm", post_confirm, ROUTE_BODY | ROUTE_IDEMPOTENT, NULL, RATE_LIMIT_CONVERT },
};

int
main(void)
{
	return app_run("wallet-convert", routes, APP_NROUTES(routes));
}
