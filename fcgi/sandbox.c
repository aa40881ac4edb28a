/*
 * sandbox: test helpers that exist only in the sandbox; production
 * answers 404 for all of them.
 *
 * POST /v1/sandbox/wallet-tokens {"wallet_id": "...", "ttl_seconds": 3600}
 * mints an HS256 wallet-API token for any wallet id, so an integrator can
 * act as several wallets.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "app.h"
#include "jwt.h"
#include "strict.h"
#include "timefmt.h"

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

static enum err
post_wallet_token(struct req *r, struct resp *resp)
{
	const struct cfg *c = &r->ctx->cfg;
	json_t *wid = json_object_get(r->body, "wallet_id");
	json_t *ttl = json_object_get(r->body, "ttl_seconds");
	const char *key;
	json_t *v;
	long long now = (long long)time(NULL), life = TTL_DEFAULT;
	char *tok, exp[40];

	if (!c->sandbox)
		return ERR_NOT_FOUND;
	json_object_foreach(r->body, key, v)
		if (strcmp(key, "wallet_id") != 0 && strcmp(key, "ttl_seconds") != 0)
			return resp_invalid(resp, ERR_VALIDATION, key, "unknown field");
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
	{ "POST", "/v1/sandbox/wallet-tokens", post_wallet_token, ROUTE_BODY, NULL, RL_GENERAL },
};

int
main(void)
{
	static const struct app app = { "sandbox", routes,
	    sizeof(routes) / sizeof(routes[0]) };

	return app_main(&app);
}
