/*
 * quote_query: a rate quote asked for in a query string, as both APIs ask
 * (GET /api/convert/rate: from, to, amount; GET /v1/rates: from_currency,
 * to_currency, amount). Each API names and bounds the query its way; the
 * pricing and storing is the domain's (quote_create).
 */
#ifndef CEDIRAMP_QUOTE_QUERY_H
#define CEDIRAMP_QUOTE_QUERY_H

#include "domain/quote.h"
#include "http/req.h"
#include "http/resp.h"

/* How one API names and bounds a quote's query. */
struct quote_query {
	const char *const *params; /* from, to, amount: all required; NULL-ended */
	unsigned coin_flag;        /* which coins this API quotes (CURRENCY_...) */
	enum err bad_coin;         /* the error for another coin */
	const char *coin_reason;
};

/*
 * Validates the query of r as qq describes it (each parameter present and
 * non-empty, the coin one qq allows, the target GHS), then prices and
 * stores the quote for the caller into q. ERR_OK, or the error (in resp).
 */
enum err quote_from_query(struct req *r, struct resp *resp, const struct quote_query *qq,
    struct quote *q);

#endif
