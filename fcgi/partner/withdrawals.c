/*
 * partner/withdrawals: the partner API's payouts. POST /v1/withdrawals
 * (201 new, 200 the same request again under its reference_id), GET
 * /v1/withdrawals/{id}, and GET /v1/withdrawals: status, from_date,
 * to_date and reference_id filters, page and per_page paging (GET
 * /v1/transactions is the same list: partner/transactions.c).
 */
#include <string.h>

#include "domain/partner/withdrawal.h"
#include "http/app.h"
#include "http/body.h"
#include "http/resource_page.h"
#include "http/view_partner.h"

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
	data = withdrawal_json(&w, &r->ctx->cfg, WITHDRAWAL_CREATE);
	withdrawal_free(&w);
	return data ? resp_ok(resp, created ? 201 : 200, data) : ERR_INTERNAL;
}

static enum err
get_withdrawal(struct req *r, struct resp *resp)
{
	struct withdrawal w;
	json_t *data;
	enum err e;

	if ((e = resource_get(r->ctx, &withdrawal_kind, &r->caller, req_param(r, "id"), &w,
	    &resp->out)) != ERR_OK)
		return e;
	data = withdrawal_json(&w, &r->ctx->cfg, WITHDRAWAL_GET);
	withdrawal_free(&w);
	return data ? resp_ok(resp, 200, data) : ERR_INTERNAL;
}

static enum err
list_withdrawals(struct req *r, struct resp *resp)
{
	return resource_page_answer(r, resp, &withdrawal_kind, WITHDRAWAL_REFERENCE_MAX,
	    withdrawal_row_json);
}

static const struct route routes[] = {
	{ "POST", "/v1/withdrawals", post_withdrawal, ROUTE_BODY, NULL, RATE_LIMIT_GENERAL },
	{ "GET", "/v1/withdrawals", list_withdrawals, 0, resource_page_params, RATE_LIMIT_GENERAL },
	{ "GET", "/v1/withdrawals/:id", get_withdrawal, 0, NULL, RATE_LIMIT_GENERAL },
};

int
main(void)
{
	return app_run("partner-withdrawals", routes, APP_NROUTES(routes));
}
