/*
 * partner/withdrawals: the partner API's payouts. POST /v1/withdrawals
 * (201 new, 200 the same request again under its reference_id), POST
 * /v1/withdrawals/bulk (up to 20 at once, 207), POST
 * /v1/withdrawals/{id}/cancel (before its conversion is signed), GET
 * /v1/withdrawals/{id}, and GET /v1/withdrawals: status, from_date,
 * to_date and reference_id filters, page and per_page paging (GET
 * /v1/transactions is the same list: partner/transactions.c).
 */
#include <string.h>

#include "domain/partner/withdrawal.h"
#include "http/app.h"
#include "http/body.h"
#include "http/resource_answer.h"
#include "http/resource_page.h"
#include "http/view_partner.h"

static const char *const create_fields[] = { "amount", "currency", "recipient_phone",
	"mobile_network", "reference_id", "metadata", "quote_id", NULL };
static const char *const bulk_fields[] = { "withdrawals", NULL };

#define BULK_MAX 20

/* Reads body (the request's, or one item of a bulk request) as one
 * withdrawal and creates it for r's caller: *data its create columns,
 * *created 1 (201) or 0 (200: the same request again). */
static enum err
create_one(struct req *r, const json_t *body, struct resp *resp, json_t **data,
    int *created)
{
	struct withdrawal_req in;
	struct withdrawal w;
	enum err e;

	memset(&in, 0, sizeof(in));
	if ((e = body_only(body, resp, create_fields)) != ERR_OK ||
	    (e = body_string(body, resp, "amount", 64, &in.amount)) != ERR_OK ||
	    (e = body_string(body, resp, "currency", 16, &in.currency)) != ERR_OK ||
	    (e = body_string(body, resp, "recipient_phone", 64, &in.phone)) != ERR_OK ||
	    (e = body_string(body, resp, "mobile_network", 32, &in.network)) != ERR_OK ||
	    (e = body_string(body, resp, "reference_id", WITHDRAWAL_REFERENCE_MAX,
	    &in.reference_id)) != ERR_OK ||
	    (e = body_opt_string(body, resp, "quote_id", 64, &in.quote_id)) != ERR_OK)
		return e;
	in.metadata = json_object_get(body, "metadata");
	if ((e = withdrawal_create(r->ctx, &r->caller, &in, &w, created, &resp->out)) != ERR_OK)
		return e;
	*data = withdrawal_json(&w, &r->ctx->cfg, WITHDRAWAL_CREATE);
	withdrawal_free(&w);
	return *data ? ERR_OK : ERR_INTERNAL;
}

static enum err
post_withdrawal(struct req *r, struct resp *resp)
{
	json_t *data = NULL;
	int created = 0;
	enum err e;

	if ((e = create_one(r, r->body, resp, &data, &created)) != ERR_OK)
		return e;
	return resp_ok(resp, created ? 201 : 200, data);
}

/*
 * One item of a bulk request, judged exactly as POST /v1/withdrawals
 * would judge it alone: the withdrawal with its http_status, or
 * {reference_id, http_status, error {code, message}}. NULL on OOM.
 */
static json_t *
bulk_item(struct req *r, struct resp *resp, json_t *item)
{
	json_t *data = NULL, *ref = json_object_get(item, "reference_id");
	const struct err_def *d;
	struct resp one;
	int created = 0;
	enum err e;

	resp_init(&one);
	e = create_one(r, item, &one, &data, &created);
	resp->out.changed |= one.out.changed;
	if (e == ERR_OK) {
		json_object_set_new(data, "http_status", json_integer(created ? 201 : 200));
	} else {
		d = err_def(API_PARTNER, e);
		data = json_pack("{s:O,s:i,s:{s:s,s:s}}", "reference_id",
		    json_is_string(ref) ? ref : json_null(), "http_status", d->http_status,
		    "error", "code", d->code, "message",
		    one.out.message[0] ? one.out.message : d->message);
	}
	resp_free(&one);
	return data;
}

/*
 * Counts bulk item item (after the first) against the caller's limits:
 * NULL when it may go on, else its answer (429 RATE_LIMITED, or 503 when
 * the count could not be made), as bulk_item shapes an error.
 */
static json_t *
bulk_count(struct req *r, struct resp *resp, json_t *item)
{
	json_t *ref = json_object_get(item, "reference_id");
	const struct err_def *d;
	char why[200] = "";
	enum err e = app_count_one_more(r, resp, why, sizeof(why));

	if (e == ERR_OK)
		return NULL;
	d = err_def(API_PARTNER, e);
	return json_pack("{s:O,s:i,s:{s:s,s:s}}", "reference_id",
	    json_is_string(ref) ? ref : json_null(), "http_status", d->http_status, "error",
	    "code", d->code, "message", why[0] ? why : d->message);
}

/*
 * POST /v1/withdrawals/bulk: 1 to BULK_MAX withdrawals, each created (or
 * refused) on its own, in request order, so the balance goes to the
 * earliest items that fit; 207 with one element per item. Each item counts
 * against the rate limit as a request of its own. A body that is
 * not such an array is refused whole, before any item is looked at.
 */
static enum err
post_bulk(struct req *r, struct resp *resp)
{
	json_t *items, *out, *el;
	size_t i, n;
	enum err e;

	if ((e = body_only(r->body, resp, bulk_fields)) != ERR_OK)
		return e;
	items = json_object_get(r->body, "withdrawals");
	n = json_is_array(items) ? json_array_size(items) : 0;
	if (n < 1 || n > BULK_MAX)
		return resp_invalid(resp, ERR_VALIDATION, "withdrawals",
		    "an array of 1 to 20 withdrawal objects");
	for (i = 0; i < n; i++)
		if (!json_is_object(json_array_get(items, i)))
			return resp_fail(resp, ERR_VALIDATION, "withdrawals[%zu]: must be an object",
			    i);
	if ((out = json_array()) == NULL)
		return ERR_INTERNAL;
	for (i = 0; i < n; i++) {
		/* each item is a withdrawal request: the first was counted with
		 * the request, each other one is counted now, and one over the
		 * limit is refused alone (429), nothing of it written */
		if (i > 0 && (el = bulk_count(r, resp, json_array_get(items, i))) != NULL) {
			if (json_array_append_new(out, el) != 0) {
				json_decref(out);
				return ERR_INTERNAL;
			}
			continue;
		}
		if ((el = bulk_item(r, resp, json_array_get(items, i))) == NULL ||
		    json_array_append_new(out, el) != 0) {
			json_decref(out);
			return ERR_INTERNAL; /* the items before it stand: each is its own */
		}
	}
	return resp_ok(resp, 207, out);
}

static const struct route routes[] = {
	{ "POST", "/v1/withdrawals", post_withdrawal, ROUTE_BODY, NULL, RATE_LIMIT_GENERAL },
	{ "POST", "/v1/withdrawals/bulk", post_bulk, ROUTE_BODY, NULL, RATE_LIMIT_GENERAL },
	{ "GET", "/v1/withdrawals", withdrawal_list_answer, 0, resource_page_params, RATE_LIMIT_GENERAL },
	{ "GET", "/v1/withdrawals/:id", withdrawal_get_answer, 0, NULL, RATE_LIMIT_GENERAL },
	{ "POST", "/v1/withdrawals/:id/cancel", withdrawal_cancel_answer, 0, NULL, RATE_LIMIT_GENERAL },
};

int
main(void)
{
	return app_run("partner-withdrawals", routes, APP_NROUTES(routes));
}
