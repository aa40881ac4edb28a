/*
 * sandbox: test helpers that exist only in the sandbox; production
 * answers 404 for all of them.
 *
 * POST /v1/sandbox/wallet-tokens {"wallet_id": "...", "ttl_seconds": 3600}
 * mints an HS256 wallet-API token for any wallet id, so an integrator can
 * act as several wallets.
 *
 * POST /api/sandbox/faucet {"asset": "USDT", "amount": "500"} credits the
 * calling wallet's coins (at most 1,000,000 a call): in the chain
 * simulator, or on the sandbox's Anvil node by a mint of its test token.
 *
 * POST /api/sandbox/approve {"asset": "USDT", "amount": "500"} has the
 * calling wallet approve the gateway for that amount (on Anvil; the
 * simulator needs no approval and answers with a null txHash).
 *
 * POST /v1/sandbox/deposits {"currency": "USDT", "amount": "1000"} credits
 * the calling partner's USDT or USDC as a deposit (201; at most 1,000,000).
 *
 * POST /v1/sandbox/payment-intents/{id}/approve and .../reject act as the
 * payer of the calling partner's pending intent: 200 with the intent, 409
 * INVALID_STATE once it left pending_approval.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "http/app.h"
#include "http/body.h"
#include "core/currency.h"
#include "domain/funds.h"
#include "domain/partner/intent.h"
#include "http/jwt.h"
#include "http/view_partner.h"
#include "core/money.h"
#include "providers/registry.h"
#include "sandbox/chain_helpers.h"
#include "core/strict.h"
#include "core/timefmt.h"

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
	if ((e = body_only(r, resp, token_fields)) != ERR_OK)
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

static const char *const faucet_fields[] = { "asset", "amount", NULL };

/* The body of the faucet and of approve: {asset, amount}, the asset a
 * convertible coin, the amount positive at its places (into norm), and a
 * caller whose wallet can hold coins on this chain. */
static enum err
coin_request(struct req *r, struct resp *resp, const char **asset, char norm[MONEY_MAX_TEXT])
{
	struct prov_chain *chain = providers_chain(&r->ctx->prov);
	const struct currency *coin;
	const char *amount;
	enum err e;
	mpz_t v;
	int ok;

	if ((e = body_only(r, resp, faucet_fields)) != ERR_OK ||
	    (e = body_string(r, resp, "asset", 16, asset)) != ERR_OK ||
	    (e = body_string(r, resp, "amount", 64, &amount)) != ERR_OK)
		return e;
	coin = currency_find(*asset);
	if (coin == NULL || !(coin->flags & CURRENCY_CONVERTIBLE))
		return resp_invalid(resp, ERR_INVALID_STABLECOIN, "asset",
		    "one of USDT, USDC, USDC_E, DAI");
	mpz_init(v);
	ok = money_parse(amount, coin->scale, v) == MONEY_OK && mpz_sgn(v) > 0 &&
	    money_format(v, coin->scale, norm, MONEY_MAX_TEXT) == 0;
	mpz_clear(v);
	if (!ok)
		return resp_invalid(resp, ERR_INVALID_AMOUNT, "amount",
		    "a positive decimal with the coin's places");
	if (!chain->ops->wallet_ok(r->caller.ref))
		return resp_fail(resp, ERR_VALIDATION, "On chain a wallet is an address: the "
		    "token's subject must be 0x and 40 hexadecimal digits");
	return ERR_OK;
}

static enum err
post_faucet(struct req *r, struct resp *resp)
{
	const char *asset;
	char norm[MONEY_MAX_TEXT], balance[MONEY_MAX_TEXT];
	enum err e;

	if (!r->ctx->cfg.sandbox)
		return ERR_NOT_FOUND;
	if ((e = coin_request(r, resp, &asset, norm)) != ERR_OK)
		return e;
	switch (sandbox_faucet(r->ctx, r->caller.ref, asset, norm, balance, sizeof(balance))) {
	case CHAIN_OK:
		break;
	case CHAIN_REJECTED:
		return resp_invalid(resp, ERR_INVALID_AMOUNT, "amount", "at most 1000000 a call");
	case CHAIN_TIMEOUT:
		return ERR_PROVIDER_TIMEOUT;
	default:
		return ERR_PROVIDER_UNAVAILABLE; /* the gateway failed: not the caller's amount */
	}
	resp->out.changed = 1;
	return resp_ok(resp, 200, json_pack("{s:s,s:s,s:s,s:s}", "wallet", r->caller.ref,
	    "asset", asset, "amount", norm, "balance", balance));
}

/* POST /api/sandbox/approve: the calling wallet approves the gateway. */
static enum err
post_approve(struct req *r, struct resp *resp)
{
	struct prov_chain *chain = providers_chain(&r->ctx->prov);
	const char *asset;
	char norm[MONEY_MAX_TEXT], allowance[MONEY_MAX_TEXT], hash[CHAIN_HASH_LEN + 1];
	enum err e;

	if (!r->ctx->cfg.sandbox)
		return ERR_NOT_FOUND;
	if ((e = coin_request(r, resp, &asset, norm)) != ERR_OK)
		return e;
	switch (sandbox_approve(r->ctx, r->caller.ref, asset, norm, allowance,
	    sizeof(allowance), hash)) {
	case CHAIN_OK:
		break;
	case CHAIN_TIMEOUT:
		return ERR_PROVIDER_TIMEOUT;
	case CHAIN_REJECTED:
		return resp_fail(resp, ERR_VALIDATION, "The token refused the approval");
	default:
		return ERR_PROVIDER_UNAVAILABLE;
	}
	resp->out.changed = 1;
	return resp_ok(resp, 200, json_pack("{s:s,s:s,s:s,s:o,s:o}", "wallet", r->caller.ref,
	    "asset", asset, "allowance", allowance,
	    "spender", chain->evm.gateway[0] ? json_string(chain->evm.gateway) : json_null(),
	    "txHash", hash[0] ? json_string(hash) : json_null()));
}

static const char *const deposit_fields[] = { "currency", "amount", NULL };

/* POST /v1/sandbox/deposits: credits the calling partner's coins. */
static enum err
post_deposit(struct req *r, struct resp *resp)
{
	const char *currency, *amount;
	struct funds_deposit d;
	enum err e;

	if (!r->ctx->cfg.sandbox)
		return ERR_NOT_FOUND;
	if ((e = body_only(r, resp, deposit_fields)) != ERR_OK ||
	    (e = body_string(r, resp, "currency", 16, &currency)) != ERR_OK ||
	    (e = body_string(r, resp, "amount", 64, &amount)) != ERR_OK)
		return e;
	if ((e = funds_deposit(r->ctx->db, r->caller.id, currency, amount, NULL,
	    FUNDS_TEST, &d, &resp->out)) != ERR_OK)
		return e;
	return resp_ok(resp, 201, json_pack("{s:s,s:s,s:s,s:s}", "deposit_id", d.id,
	    "currency", d.currency, "amount", d.amount, "reference", d.reference));
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
	e = intent_payer_answer(r->ctx, &r->caller, req_param(r, "id"), approve, &in,
	    &resp->out);
	if (e == ERR_INVALID_STATE)
		intent_free(&in);
	if (e != ERR_OK)
		return e;
	data = intent_json(&in);
	intent_free(&in);
	return data ? resp_ok(resp, 200, data) : ERR_INTERNAL;
}

static enum err
post_intent_approve(struct req *r, struct resp *resp)
{
	return payer_decides(r, resp, 1);
}

static enum err
post_intent_reject(struct req *r, struct resp *resp)
{
	return payer_decides(r, resp, 0);
}

static const struct route routes[] = {
	{ "POST", "/v1/sandbox/payment-intents/:id/approve", post_intent_approve, 0, NULL,
	    RATE_LIMIT_GENERAL },
	{ "POST", "/v1/sandbox/payment-intents/:id/reject", post_intent_reject, 0, NULL,
	    RATE_LIMIT_GENERAL },
	{ "POST", "/v1/sandbox/wallet-tokens", post_wallet_token, ROUTE_BODY, NULL, RATE_LIMIT_GENERAL },
	{ "POST", "/api/sandbox/faucet", post_faucet, ROUTE_BODY, NULL, RATE_LIMIT_GENERAL },
	{ "POST", "/api/sandbox/approve", post_approve, ROUTE_BODY, NULL, RATE_LIMIT_GENERAL },
	{ "POST", "/v1/sandbox/deposits", post_deposit, ROUTE_BODY, NULL, RATE_LIMIT_GENERAL },
};

int
main(void)
{
	return app_run("sandbox", routes, APP_NROUTES(routes));
}
