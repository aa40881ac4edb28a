/*
 * partner/providers: where providers call us back. No API key: a provider
 * cannot hold one, which is why a callback is only a hint
 * (domain/momo_callback.h).
 *   PUT|POST /v1/providers/momo/<NETWORK>/callback/<TOKEN>   MTN's
 *     callbacks (register providers.momo.callback_base as the API user's
 *     providerCallbackHost; the adapter sends this URL, with the
 *     deployment's providers.momo.callback_token, as X-Callback-Url): 200
 *     {"received": true} for any well-formed body, known reference or
 *     not; 400 VALIDATION_ERROR for a body without externalId or
 *     referenceId; 404 for another network, another token, or an address
 *     outside providers.momo.callback_allow when that is set.
 *   POST /v1/providers/paystack/webhook   Paystack's webhooks (register it
 *     in the Paystack dashboard): 200 {"received": true} when a network's
 *     secret key signed it (x-paystack-signature), known reference or not;
 *     401 unsigned or signed otherwise; 400 without event or data.reference.
 */
#include <openssl/crypto.h>
#include <string.h>

#include "core/cidr.h"
#include "domain/momo_callback.h"
#include "http/app.h"

/* Whether the path's token is the deployment's (compared in constant
 * time) and the client may call back: no token configured is no
 * callback at all. */
static int
callback_allowed(const struct req *r)
{
	const struct cfg *c = &r->ctx->cfg;
	const char *token = req_param(r, "token");
	size_t n = strlen(c->momo_callback_token);

	if (n == 0 || token == NULL || strlen(token) != n ||
	    CRYPTO_memcmp(token, c->momo_callback_token, n) != 0)
		return 0;
	return c->momo_callback_allow.n == 0 ||
	    cidr_list_has(&c->momo_callback_allow, req_env(r->envp, "REMOTE_ADDR"));
}

static enum err
momo_callback(struct req *r, struct resp *resp)
{
	int matched;
	enum err e;

	if (!callback_allowed(r))
		return ERR_NOT_FOUND;
	e = momo_callback_hint(r->ctx, req_param(r, "network"), r->body, &matched);

	if (e != ERR_OK)
		return e;
	return resp_ok(resp, 200, json_pack("{s:b}", "received", 1));
}

static enum err
paystack_webhook(struct req *r, struct resp *resp)
{
	int matched;
	enum err e = paystack_webhook_hint(r->ctx, r->raw_body, r->raw_len,
	    req_header(r, "X-Paystack-Signature"), r->body, &matched);

	if (e == ERR_UNAUTHORIZED)
		return resp_fail(resp, e, "x-paystack-signature is not the HMAC-SHA512 of "
		    "the body under a configured Paystack secret key");
	if (e == ERR_VALIDATION)
		return resp_fail(resp, e, "a webhook needs an event and data.reference");
	if (e != ERR_OK)
		return e;
	return resp_ok(resp, 200, json_pack("{s:b}", "received", 1));
}

static const struct route routes[] = {
	{ "PUT", "/v1/providers/momo/:network/callback/:token", momo_callback,
	  ROUTE_PUBLIC | ROUTE_PER_ADDRESS | ROUTE_BODY, NULL, RATE_LIMIT_GENERAL },
	{ "POST", "/v1/providers/momo/:network/callback/:token", momo_callback,
	  ROUTE_PUBLIC | ROUTE_PER_ADDRESS | ROUTE_BODY, NULL, RATE_LIMIT_GENERAL },
	{ "POST", "/v1/providers/paystack/webhook", paystack_webhook,
	  ROUTE_PUBLIC | ROUTE_PER_ADDRESS | ROUTE_BODY, NULL, RATE_LIMIT_GENERAL },
};

int
main(void)
{
	return app_run("partner-providers", routes, APP_NROUTES(routes));
}
