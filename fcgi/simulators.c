/*
 * simulator: the sandbox's stand-ins for the chain gateway and the mobile
 * money provider, reached over HTTP by the same adapters production uses.
 * Mounted under /sim only in the sandbox; production answers 404.
 *
 * GET /sim/chain/health, GET /sim/momo/health, GET /sim/momo/<NET>/health:
 * 200 {"status":"ok"}, or the state set in sim_settings ("chain.health",
 * "momo.health", or one network's "momo.<NET>.health" = ok | degraded |
 * slow | down): degraded reports itself so, slow answers late (past half
 * the probe timeout), down answers 503.
 *
 * /sim/momo/<NET>/...: the MTN MoMo Open API of each network (tokens,
 * account lookup, transfers, requests to pay and their statuses;
 * lib/sandbox/sim_momo.h), for MTN, TELECEL and AIRTELTIGO.
 *
 * GET /sim/rates: the rates feed. Each call moves every coin's market rate
 * by a random step of at most 0.02% (GHSFIAT stays within 0.99..1.01) and
 * returns {"rates": {"USDT": "15.20123456", ...}}; "rates.source" = down
 * makes it answer 503.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <openssl/rand.h>

#include "http/app.h"
#include "store/db.h"
#include "domain/fxrate.h"
#include "core/money.h"
#include "sandbox/sim_chain.h"
#include "sandbox/sim_momo.h"
#include "sandbox/sim_paystack.h"
#include "sandbox/rates.h"
#include "sandbox/settings.h"

static enum err
sim_health(struct req *r, struct resp *resp, const char *setting)
{
	char state[16] = "ok", v[sizeof(state)];

	if (!r->ctx->cfg.sandbox)
		return ERR_NOT_FOUND;
	if (sandbox_setting_get(r->ctx->db, setting, v, sizeof(v)) == 0)
		memcpy(state, v, sizeof(state));
	if (strcmp(state, "down") == 0)
		return ERR_SERVICE_UNAVAILABLE;
	if (strcmp(state, "slow") == 0) {
		/* slower than half the probe timeout: reads as degraded */
		long ms = (long)r->ctx->cfg.provider_timeout_ms * 3 / 4;
		struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

		while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
			;
	}
	return resp_ok(resp, 200, json_pack("{s:s}", "status",
	    strcmp(state, "degraded") == 0 ? "degraded" : "ok"));
}

static enum err
chain_health(struct req *r, struct resp *resp)
{
	return sim_health(r, resp, "chain.health");
}

static enum err
momo_health(struct req *r, struct resp *resp)
{
	return sim_health(r, resp, "momo.health");
}

/*
 * One network's health: "momo.<NETWORK>.health" when set (the admin tool's
 * `sim set momo.MTN.health down`), else the shared "momo.health".
 */
static enum err
momo_network_health(struct req *r, struct resp *resp)
{
	const char *net = req_param(r, "network");
	char name[48], state[16];

	if (!r->ctx->cfg.sandbox)
		return ERR_NOT_FOUND;
	if (strlen(net) > 16)
		return ERR_NOT_FOUND;
	snprintf(name, sizeof(name), "momo.%s.health", net);
	if (sandbox_setting_get(r->ctx->db, name, state, sizeof(state)) != 0)
		snprintf(name, sizeof(name), "momo.health");
	return sim_health(r, resp, name);
}

/* One random-walk step of rate (FXRATE_SCALE places) into out. */
static int
walk(const char *coin, const char *rate, char *out, size_t cap)
{
	unsigned char rnd;
	long step;
	mpz_t v, d, lo, hi;
	int rc;

	if (RAND_bytes(&rnd, 1) != 1)
		return -1;
	step = (long)(rnd % 41) - 20; /* -20..20 hundred-thousandths */
	mpz_inits(v, d, lo, hi, NULL);
	rc = money_parse(rate, FXRATE_SCALE, v) == MONEY_OK ? 0 : -1;
	mpz_mul_si(d, v, step);
	mpz_tdiv_q_ui(d, d, 100000);
	mpz_add(v, v, d);
	if (strcmp(coin, "GHSFIAT") == 0) {
		mpz_set_ui(lo, 99000000);
		mpz_set_ui(hi, 101000000);
		if (mpz_cmp(v, lo) < 0)
			mpz_set(v, lo);
		if (mpz_cmp(v, hi) > 0)
			mpz_set(v, hi);
	}
	if (rc == 0)
		rc = money_format(v, FXRATE_SCALE, out, cap);
	mpz_clears(v, d, lo, hi, NULL);
	return rc;
}

static enum err
sim_rates(struct req *r, struct resp *resp)
{
	struct db *db = r->ctx->db;
	char state[16] = "ok", name[32], rate[MONEY_MAX_TEXT], next[MONEY_MAX_TEXT];
	const struct sandbox_rate *s;
	json_t *rates;

	if (!r->ctx->cfg.sandbox)
		return ERR_NOT_FOUND;
	(void)sandbox_setting_get(db, "rates.source", state, sizeof(state));
	if (strcmp(state, "down") == 0)
		return ERR_SERVICE_UNAVAILABLE;
	rates = json_object();
	for (s = sandbox_rates; s->coin != NULL && rates != NULL; s++) {
		struct outcome o;

		snprintf(name, sizeof(name), "market.%s", s->coin);
		if (sandbox_setting_get(db, name, rate, sizeof(rate)) != 0)
			snprintf(rate, sizeof(rate), "%s", s->rate);
		if (walk(s->coin, rate, next, sizeof(next)) != 0)
			continue;
		if (sandbox_setting_set(db, 1, name, next, &o) == ERR_OK)
			json_object_set_new(rates, s->coin, json_string(next));
	}
	return rates ? resp_ok(resp, 200, json_pack("{s:o}", "rates", rates)) :
	    ERR_INTERNAL;
}

static const char *const paystack_resolve_query[] = { "account_number", "bank_code", NULL };

static const struct route routes[] = {
	{ "GET", "/sim/chain/health", chain_health, ROUTE_PUBLIC, NULL, RATE_LIMIT_GENERAL },
	{ "GET", "/sim/momo/health", momo_health, ROUTE_PUBLIC, NULL, RATE_LIMIT_GENERAL },
	{ "GET", "/sim/momo/:network/health", momo_network_health, ROUTE_PUBLIC, NULL, RATE_LIMIT_GENERAL },
	/* the MTN MoMo Open API; the token paths end in '/', as MTN's do */
	{ "POST", "/sim/momo/:network/disbursement/token/", sim_momo_disbursement_token,
	  ROUTE_PUBLIC, NULL, RATE_LIMIT_GENERAL },
	{ "POST", "/sim/momo/:network/collection/token/", sim_momo_collection_token,
	  ROUTE_PUBLIC, NULL, RATE_LIMIT_GENERAL },
	{ "GET", "/sim/momo/:network/disbursement/v1_0/accountholder/msisdn/:msisdn/basicuserinfo", sim_momo_lookup,
	  ROUTE_PUBLIC, NULL, RATE_LIMIT_GENERAL },
	{ "GET", "/sim/momo/:network/disbursement/v1_0/accountholder/:idtype/:msisdn/active",
	  sim_momo_disbursement_active, ROUTE_PUBLIC, NULL, RATE_LIMIT_GENERAL },
	{ "GET", "/sim/momo/:network/collection/v1_0/accountholder/:idtype/:msisdn/active", sim_momo_collection_active,
	  ROUTE_PUBLIC, NULL, RATE_LIMIT_GENERAL },
	{ "GET", "/sim/momo/:network/disbursement/v1_0/account/balance", sim_momo_disbursement_balance,
	  ROUTE_PUBLIC, NULL, RATE_LIMIT_GENERAL },
	{ "GET", "/sim/momo/:network/collection/v1_0/account/balance", sim_momo_collection_balance,
	  ROUTE_PUBLIC, NULL, RATE_LIMIT_GENERAL },
	{ "POST", "/sim/momo/:network/disbursement/v1_0/transfer", sim_momo_transfer,
	  ROUTE_PUBLIC | ROUTE_BODY, NULL, RATE_LIMIT_GENERAL },
	{ "GET", "/sim/momo/:network/disbursement/v1_0/transfer/:ref", sim_momo_transfer_status,
	  ROUTE_PUBLIC, NULL, RATE_LIMIT_GENERAL },
	{ "POST", "/sim/momo/:network/collection/v1_0/requesttopay", sim_momo_request_to_pay,
	  ROUTE_PUBLIC | ROUTE_BODY, NULL, RATE_LIMIT_GENERAL },
	{ "GET", "/sim/momo/:network/collection/v1_0/requesttopay/:ref", sim_momo_request_to_pay_status,
	  ROUTE_PUBLIC, NULL, RATE_LIMIT_GENERAL },
	/* Paystack's API, one account per network on the paystack adapter;
	 * its root answers as the health probe's (the adapter's health_path) */
	{ "GET", "/sim/paystack/:network/", momo_network_health, ROUTE_PUBLIC, NULL, RATE_LIMIT_GENERAL },
	{ "GET", "/sim/paystack/:network/bank/resolve", sim_paystack_resolve,
	  ROUTE_PUBLIC, paystack_resolve_query, RATE_LIMIT_GENERAL },
	{ "POST", "/sim/paystack/:network/transferrecipient", sim_paystack_recipient,
	  ROUTE_PUBLIC | ROUTE_BODY | ROUTE_ANY_TYPE, NULL, RATE_LIMIT_GENERAL },
	{ "POST", "/sim/paystack/:network/transfer", sim_paystack_transfer,
	  ROUTE_PUBLIC | ROUTE_BODY | ROUTE_ANY_TYPE, NULL, RATE_LIMIT_GENERAL },
	{ "GET", "/sim/paystack/:network/transfer/verify/:ref", sim_paystack_transfer_verify,
	  ROUTE_PUBLIC, NULL, RATE_LIMIT_GENERAL },
	{ "POST", "/sim/paystack/:network/charge", sim_paystack_charge,
	  ROUTE_PUBLIC | ROUTE_BODY | ROUTE_ANY_TYPE, NULL, RATE_LIMIT_GENERAL },
	{ "GET", "/sim/paystack/:network/transaction/verify/:ref", sim_paystack_charge_verify,
	  ROUTE_PUBLIC, NULL, RATE_LIMIT_GENERAL },
	{ "GET", "/sim/paystack/:network/balance", sim_paystack_balance, ROUTE_PUBLIC, NULL, RATE_LIMIT_GENERAL },
	{ "GET", "/sim/rates", sim_rates, ROUTE_PUBLIC, NULL, RATE_LIMIT_GENERAL },
	{ "GET", "/sim/chain/wallets/:wallet/:asset", sim_chain_balance, ROUTE_PUBLIC, NULL, RATE_LIMIT_GENERAL },
	{ "POST", "/sim/chain/transactions", sim_chain_submit, ROUTE_PUBLIC | ROUTE_BODY, NULL, RATE_LIMIT_GENERAL },
	{ "GET", "/sim/chain/transactions/:hash", sim_chain_receipt, ROUTE_PUBLIC, NULL, RATE_LIMIT_GENERAL },
	{ "POST", "/sim/chain/faucet", sim_chain_faucet, ROUTE_PUBLIC | ROUTE_BODY, NULL, RATE_LIMIT_GENERAL },
};

int
main(void)
{
	return app_run("simulators", routes, APP_NROUTES(routes));
}
