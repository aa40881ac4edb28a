/*
 * console/ops_payouts: the back office's payouts needing a person
 * (docs/console.md, "Back office"). Every back-office role reads: GET
 * /console/api/ops/payouts/held (each held payout, and each resolved one
 * whose settling was cut short, oldest first, as reconcile lists them),
 * .../in-doubt, .../reversed, .../refused-for-float, and one payout's
 * page, GET .../payouts/{id} (its timeline, provider calls, events and
 * what the service does next). The operator acts, with a reason: POST
 * .../payouts/{id}/resolve {decision: complete|fail, reason} (`cediramp-
 * admin payout resolve`'s call) and POST .../payouts/{id}/retry {reason}
 * (`payout retry`'s).
 */
#include <string.h>

#include "domain/console/ops_payout.h"
#include "domain/console/ops_payout_view.h"
#include "domain/partner/withdrawal.h"
#include "domain/payout_review.h"
#include "domain/wallet/transfer.h"
#include "http/body.h"
#include "console.h"

static const char *const resolve_fields[] = { "decision", "reason", NULL };

/* Every owner of payouts, whose payouts an operator resolves (as the
 * admin tool's and the payouts worker's lists). */
static const struct payout_owner_ops *const owners[] = {
	&transfer_payout_owner,
	&withdrawal_payout_owner,
	NULL,
};

/* "" as JSON null, else the text (new reference). */
static json_t *
text_or_null(const char *s)
{
	return s[0] != '\0' ? json_string(s) : json_null();
}

/* A review as the list shows it (new reference). */
static json_t *
review_json(const struct review *v)
{
	return json_pack("{s:s,s:s,s:s,s:o,s:s,s:s,s:o,s:o,s:o,s:o}", "payout_id", v->id,
	    "status", v->status, "held_at", v->held_at, "financial_id",
	    text_or_null(v->financial_id), "asked", v->asked, "answered", v->answered,
	    "decision", text_or_null(v->decision), "reason", text_or_null(v->reason),
	    "resolved_by", text_or_null(v->resolved_by), "resolved_at",
	    text_or_null(v->resolved_at));
}

/* The listing's array, and whether appending failed. */
struct listing {
	json_t *a;
	int failed;
};

static void
one_review(const struct review *v, void *arg)
{
	struct listing *l = arg;

	if (!l->failed && json_array_append_new(l->a, review_json(v)) != 0)
		l->failed = 1;
}

enum err
console_ops_payouts_held_get(struct req *r, struct resp *resp)
{
	struct listing l = { json_array(), 0 };

	if (l.a == NULL)
		return ERR_INTERNAL;
	if (payout_review_list(r->ctx->db, one_review, &l) < 0 || l.failed) {
		json_decref(l.a);
		return l.failed ? ERR_INTERNAL : resp_fail(resp, ERR_SERVICE_UNAVAILABLE,
		    "The held payouts cannot be read now");
	}
	return resp_ok(resp, 200, l.a);
}

enum err
console_ops_payout_resolve_post(struct req *r, struct resp *resp)
{
	struct console_client from = console_client_of(r);
	const char *decision, *reason, *id = req_param(r, "id");
	enum err e;

	if ((e = body_only(r->body, resp, resolve_fields)) != ERR_OK ||
	    (e = body_string(r->body, resp, "decision", 8, &decision)) != ERR_OK ||
	    (e = body_whole_text(r->body, resp, "reason", &reason)) != ERR_OK)
		return e;
	if (strcmp(decision, "complete") != 0 && strcmp(decision, "fail") != 0)
		return resp_invalid(resp, ERR_VALIDATION, "decision", "complete or fail");
	e = console_ops_payout_resolve(r->ctx, &r->console, id, strcmp(decision, "complete") == 0,
	    reason, &from, owners, &resp->out);
	/* a malformed id names no payout held */
	if (e == ERR_VALIDATION && strncmp(resp->out.message, "reason:", 7) != 0) {
		outcome_init(&resp->out);
		return resp_fail(resp, ERR_NOT_FOUND, "No such payout held for review");
	}
	if (e != ERR_OK)
		return e;
	return resp_ok(resp, 200, json_pack("{s:s,s:s,s:b}", "payout_id", id, "decision",
	    decision, "changed", resp->out.changed));
}

/* One of the lists. */
static enum err
listed(struct req *r, struct resp *resp, enum ops_payout_list which)
{
	json_t *a;
	enum err e;

	if ((e = console_ops_payouts_list(r->ctx->db, &r->ctx->cfg, which, &a,
	    &resp->out)) != ERR_OK)
		return e;
	return resp_ok(resp, 200, a);
}

enum err
console_ops_payouts_in_doubt_get(struct req *r, struct resp *resp)
{
	return listed(r, resp, OPS_PAYOUTS_IN_DOUBT);
}

enum err
console_ops_payouts_reversed_get(struct req *r, struct resp *resp)
{
	return listed(r, resp, OPS_PAYOUTS_REVERSED);
}

enum err
console_ops_payouts_refused_get(struct req *r, struct resp *resp)
{
	return listed(r, resp, OPS_PAYOUTS_REFUSED_FOR_FLOAT);
}

enum err
console_ops_payout_get(struct req *r, struct resp *resp)
{
	json_t *page;
	enum err e;

	if ((e = console_ops_payout_page(r->ctx->db, req_param(r, "id"), &page,
	    &resp->out)) != ERR_OK)
		return e;
	return resp_ok(resp, 200, page);
}

static const char *const retry_fields[] = { "reason", NULL };

enum err
console_ops_payout_retry_post(struct req *r, struct resp *resp)
{
	struct console_client from = console_client_of(r);
	const char *reason, *id = req_param(r, "id");
	enum err e;

	if ((e = body_only(r->body, resp, retry_fields)) != ERR_OK ||
	    (e = body_whole_text(r->body, resp, "reason", &reason)) != ERR_OK)
		return e;
	if ((e = console_ops_payout_retry(r->ctx->db, &r->console, id, reason, &from,
	    &resp->out)) != ERR_OK)
		return e;
	return resp_ok(resp, 200, json_pack("{s:s,s:b}", "payout_id", id, "due_now", 1));
}
