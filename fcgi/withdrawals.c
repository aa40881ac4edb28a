/*
 * withdrawals: the partner API's payouts. POST /v1/withdrawals (201 new,
 * 200 the same request again under its reference_id), GET
 * /v1/withdrawals/{id}, and GET /v1/withdrawals and GET /v1/transactions,
 * the same list (DESIGN decision 12): status, from_date, to_date and
 * reference_id filters, page and per_page paging.
 */
#include <string.h>

#include "domain/partner/withdrawal.h"
#include "http/app.h"
#include "http/body.h"
#include "http/numpage.h"

static const char *const create_fields[] = { "amount", "currency", "recipient_phone",
	"mobile_network", "reference_id", "metadata", "quote_id", NULL };

static enum err
post_withdrawal(struct req *r, struct resp *resp)
{
	struct withdrawal_req in;
	struct withdrawal w;
	json_t *data;
	int created;
	enum err e;

	memset(&in, 0, sizeof(in));
	if ((e = body_only(r, resp, create_fields)) != ERR_OK ||
	    (e = body_string(r, resp, "amount", 64, &in.amount)) != ERR_OK ||
	    (e = body_string(r, resp, "currency", 16, &in.currency)) != ERR_OK ||
	    (e = body_string(r, resp, "recipient_phone", 64, &in.phone)) != ERR_OK ||
	    (e = body_string(r, resp, "mobile_network", 32, &in.network)) != ERR_OK ||
	    (e = body_string(r, resp, "reference_id", WITHDRAWAL_REFERENCE_MAX,
	    &in.reference_id)) != ERR_OK ||
	    (e = body_opt_string(r, resp, "quote_id", 64, &in.quote_id)) != ERR_OK)
		return e;
	in.metadata = json_object_get(r->body, "metadata");
	if ((e = withdrawal_create(r->ctx, &r->caller, &in, &w, &created, &resp->out)) != ERR_OK)
		return e;
	data = withdrawal_json(&w, r->ctx->cfg.sandbox, WITHDRAWAL_CREATE);
	withdrawal_free(&w);
	return data ? resp_ok(resp, created ? 201 : 200, data) : ERR_INTERNAL;
}

static enum err
get_withdrawal(struct req *r, struct resp *resp)
{
	struct withdrawal w;
	json_t *data;
	enum err e;

	if ((e = withdrawal_get(r->ctx, &r->caller, req_param(r, "id"), &w,
	    &resp->out)) != ERR_OK)
		return e;
	data = withdrawal_json(&w, r->ctx->cfg.sandbox, WITHDRAWAL_GET);
	withdrawal_free(&w);
	return data ? resp_ok(resp, 200, data) : ERR_INTERNAL;
}

static const char *const list_params[] = { "status", "from_date", "to_date",
	"reference_id", "page", "per_page", NULL };

static enum err
list_withdrawals(struct req *r, struct resp *resp)
{
	struct withdrawal rows[WITHDRAWAL_PAGE_MAX];
	struct withdrawal_filter f;
	unsigned long long total;
	char from[40], to[40];
	struct numpage p;
	json_t *data;
	size_t i, n;
	enum err e;

	memset(&f, 0, sizeof(f));
	if ((e = numpage_read(r, resp, &p)) != ERR_OK ||
	    (e = numpage_dates(r, resp, from, to, sizeof(from), &f.from, &f.to)) != ERR_OK)
		return e;
	f.status = req_query(r, "status");
	if (f.status != NULL && !withdrawal_status_valid(f.status))
		return resp_invalid(resp, ERR_VALIDATION, "status",
		    "pending, processing, completed or failed");
	if ((e = numpage_reference(r, resp, WITHDRAWAL_REFERENCE_MAX, &f.reference_id)) != ERR_OK)
		return e;
	if ((e = withdrawal_list(r->ctx, &r->caller, &f, p.offset, (size_t)p.per_page,
	    rows, &n, &total, &resp->out)) != ERR_OK)
		return e;
	data = json_array();
	for (i = 0; i < n; i++) {
		if (data != NULL && json_array_append_new(data, withdrawal_json(&rows[i],
		    r->ctx->cfg.sandbox, WITHDRAWAL_LIST)) != 0) {
			json_decref(data);
			data = NULL;
		}
		withdrawal_free(&rows[i]);
	}
	return numpage_ok(resp, &p, total, data);
}

static const struct route routes[] = {
	{ "POST", "/v1/withdrawals", post_withdrawal, ROUTE_BODY, NULL, RATE_LIMIT_GENERAL },
	{ "GET", "/v1/withdrawals", list_withdrawals, 0, list_params, RATE_LIMIT_GENERAL },
	{ "GET", "/v1/withdrawals/:id", get_withdrawal, 0, NULL, RATE_LIMIT_GENERAL },
	{ "GET", "/v1/transactions", list_withdrawals, 0, list_params, RATE_LIMIT_GENERAL },
};

int
main(void)
{
	return app_run("withdrawals", routes, APP_NROUTES(routes));
}
