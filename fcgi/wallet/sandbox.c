/*
 * wallet/sandbox: the wallet API's test helpers, which exist only in the
 * sandbox; production answers 404 for both.
 *
 * POST /api/sandbox/faucet {"asset": "USDT", "amount": "500"} credits the
 * calling wallet's coins (at most 1,000,000 a call): in the chain
 * simulator, or on the sandbox's Anvil node by a mint of its test token.
 *
 * POST /api/sandbox/approve {"asset": "USDT", "amount": "500"} has the
 * calling wallet approve the gateway for that amount (on Anvil; the
 * simulator needs no approval and answers with a null txHash).
 */
#include "core/currency.h"
#include "core/money.h"
#include "http/app.h"
#include "http/body.h"
#include "providers/registry.h"
#include "sandbox/chain_helpers.h"

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

	if ((e = body_only(r->body, resp, faucet_fields)) != ERR_OK ||
	    (e = body_string(r->body, resp, "asset", 16, asset)) != ERR_OK ||
	    (e = body_string(r->body, resp, "amount", 64, &amount)) != ERR_OK)
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
	if (!chain->ops->wallet_ok(r->caller.public_id))
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
	switch (sandbox_faucet(r->ctx, r->caller.public_id, asset, norm, balance, sizeof(balance))) {
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
	return resp_ok(resp, 200, json_pack("{s:s,s:s,s:s,s:s}", "wallet", r->caller.public_id,
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
	switch (sandbox_approve(r->ctx, r->caller.public_id, asset, norm, allowance,
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
	return resp_ok(resp, 200, json_pack("{s:s,s:s,s:s,s:o,s:o}", "wallet", r->caller.public_id,
	    "asset", asset, "allowance", allowance,
	    "spender", chain->evm.gateway[0] ? json_string(chain->evm.gateway) : json_null(),
	    "txHash", hash[0] ? json_string(hash) : json_null()));
}

static const struct route routes[] = {
	{ "POST", "/api/sandbox/faucet", post_faucet, ROUTE_BODY, NULL, RATE_LIMIT_GENERAL },
	{ "POST", "/api/sandbox/approve", post_approve, ROUTE_BODY, NULL, RATE_LIMIT_GENERAL },
};

int
main(void)
{
	return app_run("wallet-sandbox", routes, APP_NROUTES(routes));
}
