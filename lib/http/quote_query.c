#include "http/quote_query.h"

#include <string.h>

#include "core/currency.h"

/* The named query parameters, all required: ERR_VALIDATION naming the
 * first missing. */
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

enum err
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
