/*
 * convert: wallet conversions. POST /api/convert/usdt-to-ghs redeems a
 * quote (201, status processing, with the transfer hash); POST
 * /api/convert/confirm settles it once the chain confirms (200 completed,
 * or 202 processing while the chain has not confirmed yet).
 */
#include <stdio.h>
#include <string.h>

#include "http/app.h"
#include "http/body.h"
#include "domain/wallet/conversion.h"

static const char *const convert_fields[] = { "quoteId", "amount", "from", NULL };

static enum err
post_convert(struct req *r, struct resp *resp)
{
	const char *quote_id, *amount, *from;
	struct conversion c;
	enum err e;

	if ((e = body_only(r, resp, convert_fields)) != ERR_OK ||
	    (e = body_string(r, resp, "quoteId", 40, &quote_id)) != ERR_OK ||
	    (e = body_string(r, resp, "amount", 64, &amount)) != ERR_OK ||
	    (e = body_string(r, resp, "from", 16, &from)) != ERR_OK)
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

	if ((e = body_only(r, resp, confirm_fields)) != ERR_OK ||
	    (e = body_string(r, resp, "conversionId", 40, &id)) != ERR_OK)
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
	{ "POST", "/api/convert/usdt-to-ghs", post_convert, ROUTE_BODY | ROUTE_IDEMPOTENT, NULL, RATE_LIMIT_CONVERT },
	{ "POST", "/api/convert/confirm", post_confirm, ROUTE_BODY | ROUTE_IDEMPOTENT, NULL, RATE_LIMIT_CONVERT },
};

int
main(void)
{
	return app_run("convert", routes, APP_NROUTES(routes));
}
