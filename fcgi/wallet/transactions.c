/*
 * wallet/transactions: the wallet user's history and balances. GET
 * /api/transactions lists conversions and payouts newest first by default,
 * with opaque cursors; GET /api/transactions/:id is one of them, 404 for an
 * id that is not the caller's; GET /api/balances is the GHS balance and
 * what payouts in flight hold; GET /api/statements the GHS balance's
 * movements over a period, CSV.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "domain/wallet/history.h"
#include "http/statement_query.h"
#include "http/app.h"
#include "domain/wallet/transfer.h"
#include "http/page_cursor.h"

static json_t *
opt_string(const char *s)
{
	return s[0] ? json_string(s) : json_null();
}

static json_t *
conversion_item(const struct conversion *c)
{
	return json_pack("{s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:o}",
	    "transactionId", c->id, "type", "conversion", "status", c->status,
	    "amount", c->amount, "from", c->from, "to", c->to, "rate", c->rate,
	    "fee", c->fee, "receiveAmount", c->receive, "txHash", c->tx_hash,
	    "createdAt", c->created_at, "completedAt", opt_string(c->completed_at));
}

static json_t *
payout_item(const struct payout *p)
{
	return json_pack("{s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:o,s:s,s:o}",
	    "transactionId", p->id, "type", "payout", "status", p->status,
	    "amount", p->amount, "currency", p->currency, "fee", p->fee,
	    "beneficiaryId", p->beneficiary_id, "provider", p->provider,
	    "phone", p->phone, "reference", opt_string(p->client_ref),
	    "createdAt", p->created_at,
	    "completedAt", opt_string(strcmp(p->status, "completed") == 0 ?
	    p->completed_at : ""));
}

static json_t *
item(const struct history_item *h)
{
	return h->kind == HISTORY_PAYOUT ? payout_item(&h->p) : conversion_item(&h->c);
}

/* One of the allowed values (or absent: ""), else ERR_VALIDATION. */
static enum err
one_of(struct req *r, struct resp *resp, const char *name, const char *const *ok,
    const char **out)
{
	const char *v = req_query(r, name);

	*out = "";
	if (v == NULL)
		return ERR_OK;
	for (; *ok != NULL; ok++)
		if (strcmp(*ok, v) == 0) {
			*out = v;
			return ERR_OK;
		}
	return resp_invalid(resp, ERR_VALIDATION, name, "not an allowed value");
}

static const char *const types[] = { "conversion", "payout", NULL };
static const char *const statuses[] = { "pending", "processing", "completed", "failed", NULL };
static const char *const list_params[] = { "limit", "cursor", "order", "type", "status", NULL };

static enum err
list(struct req *r, struct resp *resp)
{
	struct history_query q;
	struct history_item *items;
	struct db_total total;
	char filters[64];
	struct page_cursor p;
	json_t *data;
	size_t i, n;
	int more;
	enum err e;

	if ((e = one_of(r, resp, "type", types, &q.type)) != ERR_OK ||
	    (e = one_of(r, resp, "status", statuses, &q.status)) != ERR_OK)
		return e;
	snprintf(filters, sizeof(filters), "%s|%s", q.type, q.status);
	if ((e = page_cursor_read(r, resp, filters, &p)) != ERR_OK)
		return e;
	q.asc = p.asc;
	q.after = p.after;
	q.after_id = p.after_id;
	q.limit = p.limit;
	if ((items = calloc(p.limit, sizeof(*items))) == NULL)
		return ERR_INTERNAL;
	e = history_page(r->ctx, &r->caller, &q, items, &n, &more, &total, &resp->out);
	if (e == ERR_OK && (data = json_array()) == NULL)
		e = ERR_INTERNAL;
	if (e == ERR_OK) {
		for (i = 0; i < n; i++)
			json_array_append_new(data, item(&items[i]));
		resp_ok(resp, 200, data);
		page_cursor_render(r, resp, &p, n ? items[n - 1].created_db : NULL,
		    n ? items[n - 1].id : NULL, more, &total);
	}
	free(items);
	return e;
}

static enum err
detail(struct req *r, struct resp *resp)
{
	struct history_item h;
	const struct payout *p = &h.p;
	const struct conversion *c = &h.c;
	json_t *o;
	enum err e;

	if ((e = history_get(r->ctx, &r->caller, req_param(r, "id"), &h, &resp->out)) != ERR_OK)
		return e; /* unknown, or someone else's: 404 */
	if (h.kind == HISTORY_PAYOUT) {
		o = json_pack("{s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:o,s:o,s:s,"
		    "s:o,s:o,s:o}",
		    "transactionId", p->id, "type", "payout", "status", p->status,
		    "amount", p->amount, "currency", p->currency, "fee", p->fee,
		    "beneficiaryId", p->beneficiary_id, "provider", p->provider,
		    "providerName", p->provider_name, "phone", p->phone,
		    "accountName", p->account_name, "reference", opt_string(p->client_ref),
		    "providerReference", opt_string(p->sends > 0 ? p->provider_ref : ""),
		    "createdAt", p->created_at, "processingAt", opt_string(p->processing_at),
		    "completedAt", opt_string(strcmp(p->status, "completed") == 0 ?
		    p->completed_at : ""),
		    "failureReason", opt_string(p->failure_reason));
		return o ? resp_ok(resp, 200, o) : ERR_INTERNAL;
	}
	if ((o = conversion_item(c)) == NULL)
		return ERR_INTERNAL;
	json_object_set_new(o, "blockNumber", c->block_number ? json_integer(c->block_number) : json_null());
	json_object_set_new(o, "failureReason", opt_string(c->failure_reason));
	return resp_ok(resp, 200, o);
}

static enum err
balances(struct req *r, struct resp *resp)
{
	char available[MONEY_MAX_TEXT], pending[MONEY_MAX_TEXT];
	enum err e;

	if ((e = transfer_balances(r->ctx, &r->caller, available, pending,
	    sizeof(available), &resp->out)) != ERR_OK)
		return e;
	return resp_ok(resp, 200, json_pack("[{s:s,s:s,s:s}]", "currency", "GHS",
	    "available", available, "pending", pending));
}

/* GET /api/statements: the GHS balance's movements over a period, CSV. */
static enum err
statement(struct req *r, struct resp *resp)
{
	return statement_answer(r, resp, STATEMENT_USER);
}

static const struct route routes[] = {
	{ "GET", "/api/transactions", list, 0, list_params, RATE_LIMIT_GENERAL },
	{ "GET", "/api/transactions/:id", detail, 0, NULL, RATE_LIMIT_GENERAL },
	{ "GET", "/api/balances", balances, 0, NULL, RATE_LIMIT_GENERAL },
	{ "GET", "/api/statements", statement, 0, statement_user_params, RATE_LIMIT_GENERAL },
};

int
main(void)
{
	return app_run("wallet-transactions", routes, APP_NROUTES(routes));
}
