#include "http/statement_query.h"

#include <stdio.h>
#include <string.h>

#include "http/app.h"
#include "http/page_number.h"

const char *const statement_partner_params[] = { "currency", "from_date", "to_date", NULL };
const char *const statement_user_params[] = { "from_date", "to_date", NULL };

/* A partner's balance currencies (GET /v1/balances). */
static const struct currency *
partner_currency(const char *code)
{
	static const char *const codes[] = { "USDT", "USDC", "GHS" };
	size_t i;

	for (i = 0; code != NULL && i < sizeof(codes) / sizeof(codes[0]); i++)
		if (strcmp(code, codes[i]) == 0)
			return currency_find(code);
	return NULL;
}

enum err
statement_answer(struct req *r, struct resp *resp, enum statement_owner owner)
{
	char from[40], to[40], name[120];
	const char *f, *t;
	struct statement_req q;
	enum err e;

	memset(&q, 0, sizeof(q));
	q.owner = owner;
	q.id = r->caller.id;
	if (owner == STATEMENT_PARTNER) {
		if (req_query(r, "currency") == NULL)
			return resp_invalid(resp, ERR_VALIDATION, "currency", "required");
		if ((q.cur = partner_currency(req_query(r, "currency"))) == NULL)
			return resp_invalid(resp, ERR_INVALID_CURRENCY, "currency",
			    "USDT, USDC or GHS");
	} else {
		q.cur = currency_ghs();
	}
	if ((e = page_number_dates(r, resp, from, to, sizeof(from), &f, &t)) != ERR_OK)
		return e;
	if (f == NULL)
		return resp_invalid(resp, ERR_VALIDATION, "from_date", "required");
	if (t == NULL)
		return resp_invalid(resp, ERR_VALIDATION, "to_date", "required");
	q.from = f;
	q.to = t;
	resp->content_type = "text/csv; charset=utf-8";
	snprintf(name, sizeof(name), "attachment; filename=\"statement-%s-%.10s-%.10s.csv\"",
	    q.cur->code, f, t);
	resp_header(resp, "Content-Disposition", name);
	return statement_write(r->ctx->db, &q, app_stream_write, r, &resp->out);
}
