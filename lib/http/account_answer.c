#include "http/account_answer.h"

#include <string.h>

#include "domain/catalog.h"
#include "domain/ctx.h"
#include "domain/funds.h"
#include "domain/health.h"
#include "http/statement_query.h"

enum err
partner_balances_json(struct req *r, struct resp *resp, json_t **out)
{
	return partner_balances_json_of(r, r->caller.id, resp, out);
}

enum err
partner_balances_json_of(struct req *r, long long partner_id, struct resp *resp, json_t **out)
{
	struct funds_balance b[FUNDS_CURRENCIES];
	size_t i;
	enum err e;

	*out = NULL;
	if ((e = funds_balances(r->ctx->db, partner_id, b, &resp->out)) != ERR_OK)
		return e;
	if ((*out = json_array()) == NULL)
		return ERR_INTERNAL;
	for (i = 0; i < FUNDS_CURRENCIES; i++)
		json_array_append_new(*out, json_pack("{s:s,s:s,s:s}", "currency", b[i].currency,
		    "available", b[i].available, "pending", b[i].pending));
	return ERR_OK;
}

enum err
partner_balances_answer(struct req *r, struct resp *resp)
{
	json_t *a;
	enum err e = partner_balances_json(r, resp, &a);

	return e == ERR_OK ? resp_ok(resp, 200, a) : e;
}

json_t *
partner_networks_json(struct ctx *ctx)
{
	const char *state[PROV_NETWORKS];
	json_t *a = json_array();
	size_t i, k;

	if (a == NULL)
		return NULL;
	health_networks(ctx, state);
	for (i = 0; i < catalog_nnetworks; i++) {
		const struct network *n = &catalog_networks[i];
		const char *status = "down";

		for (k = 0; k < PROV_NETWORKS; k++)
			if (strcmp(prov_network_ids[k], n->id) == 0)
				status = state[k];
		if (json_array_append_new(a, json_pack(
		    "{s:s,s:s,s:s,s:s,s:s,s:s,s:s}",
		    "network_id", n->id, "name", n->name, "country", n->country,
		    "currency", n->currency, "status", status,
		    "min_amount", n->min_amount, "max_amount", n->max_amount)) != 0) {
			json_decref(a);
			return NULL;
		}
	}
	return a;
}

enum err
partner_networks_answer(struct req *r, struct resp *resp)
{
	json_t *a = partner_networks_json(r->ctx);

	return a ? resp_ok(resp, 200, a) : ERR_INTERNAL;
}

enum err
partner_statement_answer(struct req *r, struct resp *resp)
{
	return statement_answer(r, resp, STATEMENT_PARTNER);
}
