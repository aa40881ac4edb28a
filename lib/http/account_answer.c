#include "http/account_answer.h"

#include "domain/ctx.h"
#include "domain/funds.h"
#include "http/statement_query.h"

enum err
partner_balances_answer(struct req *r, struct resp *resp)
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

enum err
partner_statement_answer(struct req *r, struct resp *resp)
{
	return statement_answer(r, resp, STATEMENT_PARTNER);
}
