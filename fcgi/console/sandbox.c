/*
 * console/sandbox: what only the sandbox has (404 in production).
 * POST /console/api/signup, self-serve sign-up: a new sandbox partner
 * (funded as `partner create` funds one) with its owner, signed in (a live
 * partner is created by an operator). GET /console/api/sandbox/mail: the
 * mail the sandbox's sink received: for an owner, to the partner's people
 * and invitees; for anyone else, to itself.
 * The Sandbox tools, as the partner API's /v1/sandbox/... answer them: POST
 * /console/api/sandbox/deposits {currency, amount} (a test deposit), POST
 * /console/api/sandbox/payment-intents/{id}/approve and .../reject (the
 * payer's answer).
 */
#include <string.h>

#include "domain/console/account.h"
#include "domain/apikey.h"
#include "domain/console/role.h"
#include "http/body.h"
#include "sandbox/mail_sink.h"
#include "sandbox/settings.h"
#include "sandbox/tools_answer.h"
#include "console.h"

static const char *const signup_fields[] = { "email", "password", "company", NULL };

const char *
console_new_partner_funds(const struct cfg *cfg)
{
	return cfg->sandbox ? SANDBOX_PARTNER_FUNDS : NULL;
}

enum err
console_signup_post(struct req *r, struct resp *resp)
{
	struct console_client from = console_client_of(r);
	struct console_signup in;
	struct console_opened opened;
	struct partner_key key;
	char pk[APIKEY_MAX];
	size_t len;
	json_t *extra;
	enum err e;

	if (!r->ctx->cfg.sandbox)
		return ERR_NOT_FOUND;
	memset(&in, 0, sizeof(in));
	if ((e = body_only(r->body, resp, signup_fields)) != ERR_OK ||
	    (e = body_text(r->body, resp, "email", 1, &in.email, &len)) != ERR_OK ||
	    (e = body_text(r->body, resp, "password", 1, &in.password, &len)) != ERR_OK)
		return e;
	if (strlen(in.password) != len)
		return resp_invalid(resp, ERR_VALIDATION, "password", "no NUL characters");
	if ((e = body_text(r->body, resp, "company", 1, &in.company, &len)) != ERR_OK)
		return e;
	if (strlen(in.company) != len)
		return resp_invalid(resp, ERR_VALIDATION, "company", "no NUL characters");
	in.start_funds = SANDBOX_PARTNER_FUNDS;
	if ((e = console_signin_count(r, resp)) != ERR_OK)
		return e;
	if ((e = console_signup(r->ctx->db, &r->ctx->cfg, &in, &from, &opened, &key,
	    &resp->out)) != ERR_OK)
		return e;
	/* the first key pair, its secret shown in this one answer */
	apikey_public(&r->ctx->cfg, key.key_id, pk, sizeof(pk));
	extra = json_pack("{s:{s:s,s:s,s:s}}", "api_key", "key_id", key.key_id, "public_key", pk,
	    "secret_key", key.key);
	memset(&key, 0, sizeof(key));
	return console_opened_answer(r, resp, &opened, 201, extra);
}

enum err
console_sink_mail_get(struct req *r, struct resp *resp)
{
	json_t *a;
	enum err e;

	if (!r->ctx->cfg.sandbox)
		return ERR_NOT_FOUND;
	/* an owner sees the mail of the partner's people and invitees (it
	 * administers them); anyone else only its own: a member's reset or
	 * unlock link is never shown to another member */
	if ((e = mail_sink_list(r->ctx->db, r->console.partner_id,
	    console_may(r->console.role_id, CONSOLE_TEAM) ? NULL : r->console.email,
	    &a, &resp->out)) != ERR_OK)
		return e;
	return resp_ok(resp, 200, a);
}

enum err
console_test_deposit_post(struct req *r, struct resp *resp)
{
	return sandbox_deposit_answer(r, resp);
}

enum err
console_test_approve_post(struct req *r, struct resp *resp)
{
	return sandbox_intent_approve_answer(r, resp);
}

enum err
console_test_reject_post(struct req *r, struct resp *resp)
{
	return sandbox_intent_reject_answer(r, resp);
}
