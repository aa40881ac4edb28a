/*
 * The chain gateway simulator's handlers (see lib/providers/chain.h for
 * the API it implements). State lives in sim_chain_balances and
 * sim_chain_txs. Magic amounts, by the first three digits of the
 * fraction (so they fit under every tier's per-transaction maximum):
 * x.666... fails on chain ("execution reverted"), x.777... never confirms;
 * anything else confirms
 * sim_settings "chain.confirm_seconds" after submission (default 5).
 * "chain.answer_delay_ms" makes every submission answer that late.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "http/app.h"
#include "core/currency.h"
#include "core/money.h"
#include "sandbox/settings.h"
#include "sandbox/sim_chain.h"
#include "core/strict.h"
#include "store/db_sig.h"

#define FAUCET_MAX "1000000"

struct submit {
	const char *hash, *wallet, *asset, *amount, *outcome;
	long long delay;
	int insufficient;
};

static int
submit_tx(struct db *db, void *arg)
{
	struct submit *s = arg;
	struct db_res res;
	enum db_rc rc;

	s->insufficient = 0;
	rc = DB_EXEC(db, DB_SIM_TX_INSERT, sim_chain_tx_insert, NULL, NULL, .tx_hash = s->hash,
	    .wallet = s->wallet, .asset = s->asset, .amount = s->amount, .outcome = s->outcome,
	    .confirm_seconds = s->delay);
	if (rc != DB_OK)
		return rc;
	if (strcmp(s->outcome, "fail") == 0)
		return DB_OK; /* a reverted transfer moves nothing */
	rc = DB_EXEC(db, DB_SIM_BAL_DEBIT, sim_debit, NULL, &res, .amount = s->amount,
	    .wallet = s->wallet, .asset = s->asset);
	if (rc != DB_OK)
		return rc;
	if (res.affected != 1) {
		s->insufficient = 1;
		return DB_FAIL; /* roll the transaction record back too */
	}
	return DB_OK;
}

/* sim_settings chain.confirm_seconds, default 5. */
static long long
confirm_delay(struct db *db)
{
	return (long long)sandbox_setting_uint(db, "chain.confirm_seconds", 3600, 5);
}

/*
 * sim_settings chain.answer_delay_ms (default 0): the gateway has recorded
 * the transfer, then answers this late, so tests can kill a caller (or its
 * database) while its broadcast is in flight.
 */
static void
answer_late(struct db *db)
{
	long ms = (long)sandbox_setting_uint(db, "chain.answer_delay_ms", 60000, 0);
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (ms > 0 && nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

/* A body string member, or NULL. */
static const char *
member(struct req *r, const char *name)
{
	return json_string_value(json_object_get(r->body, name));
}

/* The amount at the asset's scale, normalised, into out; -1 if invalid. */
static int
normal_amount(const char *asset, const char *amount, char *out, size_t cap)
{
	const struct currency *c = currency_find(asset);
	mpz_t v;
	int rc = -1;

	if (c == NULL || amount == NULL)
		return -1;
	mpz_init(v);
	if (money_parse(amount, c->scale, v) == MONEY_OK && mpz_sgn(v) > 0 &&
	    money_format(v, c->scale, out, cap) == 0)
		rc = 0;
	mpz_clear(v);
	return rc;
}

enum err
sim_chain_submit(struct req *r, struct resp *resp)
{
	struct submit s;
	char amount[MONEY_MAX_TEXT];
	const char *frac;
	int rc;

	if (!r->ctx->cfg.sandbox)
		return ERR_NOT_FOUND;

	memset(&s, 0, sizeof(s));
	s.hash = member(r, "tx_hash");
	s.wallet = member(r, "wallet");
	s.asset = member(r, "asset");
	if (s.hash == NULL || strlen(s.hash) != 66 || s.wallet == NULL ||
	    normal_amount(s.asset, member(r, "amount"), amount, sizeof(amount)) != 0)
		return resp_fail(resp, ERR_VALIDATION, "tx_hash, wallet, asset, amount");
	s.amount = amount;
	/* the normalised amount's fraction (a coin has at least 6 places) */
	frac = strchr(amount, '.');
	frac = frac != NULL ? frac + 1 : "";
	s.outcome = strncmp(frac, "666", 3) == 0 ? "fail" :
	    strncmp(frac, "777", 3) == 0 ? "hang" : "confirm";
	s.delay = confirm_delay(r->ctx->db);
	rc = db_tx(r->ctx->db, submit_tx, &s);
	answer_late(r->ctx->db);
	if (rc == DB_DUP) {
		/* the same transfer again: accepted once, answered again */
		return resp_ok(resp, 202, json_pack("{s:s,s:s}", "tx_hash", s.hash,
		    "status", "pending"));
	}
	if (s.insufficient)
		return resp_fail(resp, ERR_INSUFFICIENT_BALANCE,
		    "the wallet does not hold %s %s", amount, s.asset);
	if (rc != DB_OK)
		return ERR_SERVICE_UNAVAILABLE;
	return resp_ok(resp, 202, json_pack("{s:s,s:s}", "tx_hash", s.hash,
	    "status", "pending"));
}

enum err
sim_chain_receipt(struct req *r, struct resp *resp)
{
	struct db_rows rows;
	const char *outcome, *due, *block;
	unsigned long long block_number;
	json_t *o;

	if (!r->ctx->cfg.sandbox)
		return ERR_NOT_FOUND;

	if (DB_EXEC(r->ctx->db, DB_SIM_TX_GET, sim_tx_hash, &rows, NULL,
	    .tx_hash = req_param(r, "hash")) != DB_OK)
		return ERR_SERVICE_UNAVAILABLE;
	if (rows.nrows != 1) {
		db_rows_free(&rows);
		return ERR_NOT_FOUND;
	}
	outcome = db_cell(&rows, 0, DB_COL(sim_chain_tx, outcome));
	block = db_cell(&rows, 0, DB_COL(sim_chain_tx, block_number));
	due = db_cell(&rows, 0, DB_COL(sim_chain_tx, confirmed));
	if (strcmp(outcome, "hang") == 0 || strcmp(due, "1") != 0)
		o = json_pack("{s:s}", "status", "pending");
	else if (strcmp(outcome, "fail") == 0)
		o = json_pack("{s:s,s:s}", "status", "failed", "failure_reason",
		    "execution reverted: the gateway rejected the transfer");
	else if (block != NULL &&
	    strict_uint(block, strlen(block), LLONG_MAX, &block_number) == 0)
		o = json_pack("{s:s,s:I}", "status", "confirmed", "block_number",
		    (json_int_t)block_number);
	else
		o = NULL; /* the column is BIGINT UNSIGNED NOT NULL: never here */
	db_rows_free(&rows);
	if (o == NULL)
		return ERR_INTERNAL;
	return resp_ok(resp, 200, o);
}

enum err
sim_chain_balance(struct req *r, struct resp *resp)
{
	const struct currency *c = currency_find(req_param(r, "asset"));
	struct db_rows rows;
	const char *bal;
	char out[MONEY_MAX_TEXT] = "0";
	mpz_t v;

	if (!r->ctx->cfg.sandbox)
		return ERR_NOT_FOUND;

	if (c == NULL)
		return ERR_NOT_FOUND;
	if (DB_EXEC(r->ctx->db, DB_SIM_BAL_GET, sim_wallet_asset, &rows, NULL,
	    .wallet = req_param(r, "wallet"), .asset = req_param(r, "asset")) != DB_OK)
		return ERR_SERVICE_UNAVAILABLE;
	mpz_init(v);
	bal = db_cell(&rows, 0, DB_COL(sim_balance, balance));
	if (bal == NULL || money_parse(bal, 18, v) != MONEY_OK)
		mpz_set_ui(v, 0);
	money_rescale(v, v, 18, c->scale, MONEY_DOWN);
	money_format(v, c->scale, out, sizeof(out));
	mpz_clear(v);
	db_rows_free(&rows);
	return resp_ok(resp, 200, json_pack("{s:s}", "balance", out));
}

enum err
sim_chain_faucet(struct req *r, struct resp *resp)
{
	const char *wallet = member(r, "wallet"), *asset = member(r, "asset");
	char amount[MONEY_MAX_TEXT], max[MONEY_MAX_TEXT];
	mpz_t v, lim;
	int too_much;

	if (!r->ctx->cfg.sandbox)
		return ERR_NOT_FOUND;

	if (wallet == NULL || normal_amount(asset, member(r, "amount"), amount,
	    sizeof(amount)) != 0)
		return resp_fail(resp, ERR_VALIDATION, "wallet, asset, amount");
	(void)normal_amount(asset, FAUCET_MAX, max, sizeof(max));
	mpz_inits(v, lim, NULL);
	money_parse(amount, 18, v);
	money_parse(max, 18, lim);
	too_much = mpz_cmp(v, lim) > 0;
	mpz_clears(v, lim, NULL);
	if (too_much)
		return resp_fail(resp, ERR_VALIDATION, "at most " FAUCET_MAX " per call");
	if (DB_EXEC(r->ctx->db, DB_SIM_BAL_CREDIT, sim_credit, NULL, NULL, .wallet = wallet,
	    .asset = asset, .amount = amount) != DB_OK)
		return ERR_SERVICE_UNAVAILABLE;
	r->params[0].key = "wallet";
	r->params[0].val = wallet;
	r->params[1].key = "asset";
	r->params[1].val = asset;
	r->nparams = 2;
	return sim_chain_balance(r, resp);
}
