/*
 * wallet/mobile_money: paying out to mobile money. POST /api/mobile-money/verify verifies and
 * stores a beneficiary (201); GET /api/beneficiaries pages them; POST
 * /api/mobile-money/transfer pays GHS to one of them (201 processing).
 */
#include <string.h>

#include "domain/wallet/beneficiary.h"
#include "domain/wallet/transfer.h"
#include "http/app.h"
#include "http/view_wallet.h"
#include "http/body.h"
#include "http/page_cursor.h"

static const char *const verify_fields[] = { "provider", "phone", "accountName",
	"country", "currency", NULL };

static enum err
post_verify(struct req *r, struct resp *resp)
{
	struct beneficiary_req in;
	struct beneficiary b;
	enum err e;

	if ((e = body_only(r->body, resp, verify_fields)) != ERR_OK ||
	    (e = body_string(r->body, resp, "provider", 32, &in.provider)) != ERR_OK ||
	    (e = body_string(r->body, resp, "phone", 32, &in.phone)) != ERR_OK ||
	    (e = body_string(r->body, resp, "accountName", BENEFICIARY_NAME_MAX, &in.account_name)) != ERR_OK ||
	    (e = body_opt_string(r->body, resp, "country", 8, &in.country)) != ERR_OK ||
	    (e = body_opt_string(r->body, resp, "currency", 8, &in.currency)) != ERR_OK)
		return e;
	if ((e = beneficiary_verify(r->ctx, &r->caller, &in, &b, &resp->out)) != ERR_OK)
		return e;
	return resp_ok(resp, 201, beneficiary_json(&b));
}

static const char *const list_params[] = { "limit", "cursor", "order", NULL };

static enum err
list_beneficiaries(struct req *r, struct resp *resp)
{
	struct beneficiary rows[100];
	struct db_total total;
	struct page_cursor p;
	json_t *data;
	size_t i, n;
	int more;
	enum err e;

	if ((e = page_cursor_read(r, resp, "beneficiaries", &p)) != ERR_OK)
		return e;
	if ((e = beneficiary_page(r->ctx, &r->caller, p.asc, p.after, p.after_id,
	    p.limit, rows, &n, &more, &total, &resp->out)) != ERR_OK)
		return e;
	if ((data = json_array()) == NULL)
		return ERR_INTERNAL;
	for (i = 0; i < n; i++)
		json_array_append_new(data, beneficiary_json(&rows[i]));
	resp_ok(resp, 200, data);
	page_cursor_render(r, resp, &p, n ? rows[n - 1].created_db : NULL,
	    n ? rows[n - 1].id : NULL, more, &total);
	return ERR_OK;
}

static const char *const transfer_fields[] = { "beneficiaryId", "amount", "currency",
	"reference", NULL };

static enum err
post_transfer(struct req *r, struct resp *resp)
{
	struct transfer_req in;
	struct payout p;
	enum err e;

	if ((e = body_only(r->body, resp, transfer_fields)) != ERR_OK ||
	    (e = body_string(r->body, resp, "beneficiaryId", 40, &in.beneficiary_id)) != ERR_OK ||
	    (e = body_string(r->body, resp, "amount", 64, &in.amount)) != ERR_OK ||
	    (e = body_string(r->body, resp, "currency", 16, &in.currency)) != ERR_OK ||
	    (e = body_opt_string(r->body, resp, "reference", PAYOUT_CLIENT_REF_MAX, &in.client_ref)) != ERR_OK)
		return e;
	if ((e = transfer_create(r->ctx, &r->caller, &in, &r->idempotency, &p, &resp->out)) != ERR_OK)
		return e;
	return resp_ok(resp, 201, payout_json(&p));
}

static const struct route routes[] = {
	{ "POST", "/api/mobile-money/verify", post_verify, ROUTE_BODY, NULL, RATE_LIMIT_BENEFICIARIES },
	{ "GET", "/api/beneficiaries", list_beneficiaries, 0, list_params, RATE_LIMIT_GENERAL },
	{ "POST", "/api/mobile-money/transfer", post_transfer,
	  ROUTE_BODY | ROUTE_IDEMPOTENT, NULL, RATE_LIMIT_PAYOUTS },
};

int
main(void)
{
	return app_run("wallet-mobile-money", routes, APP_NROUTES(routes));
}
