/*
 * partner/sandbox: the partner API's test helpers, which exist only in
 * the sandbox; production answers 404 for all of them.
 *
 * POST /v1/sandbox/wallet-tokens {"wallet_id": "...", "ttl_seconds": 3600}
 * mints an HS256 wallet-API token for any wallet id, so an integrator can
 * act as several wallets.
 *
 * POST /v1/sandbox/deposits {"currency": "USDT", "amount": "1000"} credits
 * the calling partner's USDT or USDC as a deposit (201; at most 1,000,000).
 *
 * POST /v1/sandbox/payment-intents/{id}/approve and .../reject act as the
 * payer of the calling partner's pending intent on the simulator, and the
 * provider's new status moves the intent (sandbox/payer.h): 200 with the
 * intent (approved or rejected), 409 INVALID_STATE once it left
 * pending_approval or when the provider holds no request waiting.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/strict.h"
#include "core/timefmt.h"
#include "domain/funds.h"
#include "domain/partner/intent.h"
#include "http/app.h"
#include "http/body.h"
#include "http/jwt.h"
#include "http/view_partner.h"
#include "sandbox/tools_answer.h"

#define TTL_DEFAULT 3600
#define TTL_MAX (30 * 24 * 3600)

/* Wallet ids: 1..128 of [A-Za-z0-9_:.-] (addresses, DIDs, plain names). */
static int
wallet_id_ok(const char *s)
{
	size_t i, n = strlen(s);

	if (n == 0 || n > JWT_SUB_MAX)
		return 0;
	for (i = 0; i < n; i++) {
		char c = s[i];

		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || c == '_' || c == ':' || c == '.' ||
		    c == '-'))
			return 0;
	}
	return 1;
}

static const char *const token_fields[] = { "wallet_id", "ttl_seconds", NULL };

static enum err
post_wallet_token(struct req *r, struct resp *resp)
{
	const struct cfg *c = &r->ctx->cfg;
	json_t *wid = json_object_get(r->body, "wallet_id");
	json_t *ttl = json_object_get(r->body, "ttl_seconds");
	enum err e;
	long long now = (long long)time(NULL), life = TTL_DEFAULT;
	char *tok, exp[40];

	if (!c->sandbox)
		return ERR_NOT_FOUND;
	if ((e = body_only(r->body, resp, token_fields)) != ERR_OK)
		return e;
	if (wid == NULL)
		return resp_invalid(resp, ERR_VALIDATION, "wallet_id", "required");
	if (!json_is_string(wid) || !wallet_id_ok(json_string_value(wid)))
		return resp_invalid(resp, ERR_VALIDATION, "wallet_id",
		    "1 to 128 of A-Z a-z 0-9 _ : . -");
	if (ttl != NULL) {
		if (!json_is_integer(ttl) || json_integer_value(ttl) < 60 ||
		    json_integer_value(ttl) > TTL_MAX)
			return resp_invalid(resp, ERR_VALIDATION, "ttl_seconds",
			    "an integer from 60 to 2592000");
		life = (long long)json_integer_value(ttl);
	}
	if (c->jwt_hs256_secret[0] == '\0')
		return resp_fail(resp, ERR_INTERNAL, "no HS256 secret configured");
	tok = jwt_sign_hs256((const unsigned char *)c->jwt_hs256_secret,
	    strlen(c->jwt_hs256_secret), json_string_value(wid), now, now + life,
	    c->jwt_issuer[0] ? c->jwt_issuer : NULL,
	    c->jwt_audience[0] ? c->jwt_audience : NULL);
	if (tok == NULL)
		return ERR_INTERNAL;
	timefmt_iso(now + life, exp, sizeof(exp));
	resp_ok(resp, 201, json_pack("{s:s,s:s,s:s}", "wallet_id",
	    json_string_value(wid), "token", tok, "expires_at", exp));
	free(tok);
	return resp->data ? ERR_OK : ERR_INTERNAL;
}

static const struct route routes[] = {
	{ "POST", "/v1/sandbox/payment-intents/:id/approve", sandbox_intent_approve_answer, 0, NULL,
	    RATE_LIMIT_GENERAL },
	{ "POST", "/v1/sandbox/payment-intents/:id/reject", sandbox_intent_reject_answer, 0, NULL,
	    RATE_LIMIT_GENERAL },
	{ "POST", "/v1/sandbox/wallet-tokens", post_wallet_token, ROUTE_BODY, NULL, RATE_LIMIT_GENERAL },
	{ "POST", "/v1/sandbox/deposits", sandbox_deposit_answer, ROUTE_BODY, NULL, RATE_LIMIT_GENERAL },
};

int
main(void)
{
	return app_run("partner-sandbox", routes, APP_NROUTES(routes));
}
