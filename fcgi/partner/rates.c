/*
 * partner/rates: GET /v1/rates prices an amount of USDT or USDC at the
 * current rate, stores the quote for the partner and returns it with its
 * quote_id; the price holds until valid_until (a withdrawal with that
 * quote_id locks it).
 */
#include "core/currency.h"
#include "core/timefmt.h"
#include "http/app.h"
#include "http/quote_query.h"

static const char *const params[] = { "from_currency", "to_currency", "amount", NULL };
static const struct quote_query query = { params, CURRENCY_PARTNER, ERR_INVALID_CURRENCY,
	"must be USDC or USDT" };

static enum err
get_rates(struct req *r, struct resp *resp)
{
	char until[40];
	struct quote q;
	enum err e;

	if ((e = quote_from_query(r, resp, &query, &q)) != ERR_OK)
		return e;
	timefmt_iso(q.expires_at, until, sizeof(until));
	return resp_ok(resp, 200, json_pack("{s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s}",
	    "from_currency", q.from->code, "to_currency", "GHS", "amount", q.amount,
	    "rate", q.rate, "fee", q.fee, "total_ghs", q.receive,
	    "valid_until", until, "quote_id", q.id));
}

static const struct route routes[] = {
	{ "GET", "/v1/rates", get_rates, 0, params, RATE_LIMIT_GENERAL },
};

int
main(void)
{
	return app_run("partner-rates", routes, APP_NROUTES(routes));
}
