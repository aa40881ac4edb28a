#include "sandbox/tools_answer.h"

#include "domain/funds.h"
#include "domain/partner/intent.h"
#include "http/body.h"
#include "http/view_partner.h"
#include "sandbox/payer.h"

static const char *const deposit_fields[] = { "currency", "amount", NULL };

enum err
sandbox_deposit_answer(struct req *r, struct resp *resp)
{
	const char *currency, *amount;
	struct funds_deposit d;
	enum err e;

	if (!r->ctx->cfg.sandbox)
		return ERR_NOT_FOUND;
	if ((e = body_only(r->body, resp, deposit_fields)) != ERR_OK ||
	    (e = body_string(r->body, resp, "currency", 16, &currency)) != ERR_OK ||
	    (e = body_string(r->body, resp, "amount", 64, &amount)) != ERR_OK)
		return e;
	if ((e = funds_deposit(r->ctx->db, r->caller.id, currency, amount, NULL,
	    FUNDS_TEST, &d, &resp->out)) != ERR_OK)
		return e;
	return resp_ok(resp, 201, json_pack("{s:s,s:s,s:s,s:s}", "deposit_id", d.id,
	    "currency", d.currency, "amount", d.amount, "reference", d.deposit_ref));
}

/* The payer's answer to an intent, by hand. */
static enum err
payer_decides(struct req *r, struct resp *resp, int approve)
{
	struct intent in;
	json_t *data;
	enum err e;

	if (!r->ctx->cfg.sandbox)
		return ERR_NOT_FOUND;
	e = sandbox_payer_answer(r->ctx, &r->caller, req_param(r, "id"), approve, &in,
	    &resp->out);
	if (e == ERR_INVALID_STATE)
		intent_free(&in);
	if (e != ERR_OK)
		return e;
	data = intent_json(&in);
	intent_free(&in);
	return data ? resp_ok(resp, 200, data) : ERR_INTERNAL;
}

enum err
sandbox_intent_approve_answer(struct req *r, struct resp *resp)
{
	return payer_decides(r, resp, 1);
}

enum err
sandbox_intent_reject_answer(struct req *r, struct resp *resp)
{
	return payer_decides(r, resp, 0);
}
