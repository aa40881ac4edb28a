#include "domain/wallet/conversion.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "core/currency.h"
#include "domain/fxrate.h"
#include "domain/ledger.h"
#include "domain/tier_limit.h"
#include "core/log.h"
#include "domain/catalog.h"
#include "core/strict.h"
#include "core/timefmt.h"
#include "domain/internal.h"
#include "domain/onchain.h"
#include "domain/quote_redeem.h"
#include "providers/registry.h"
#include "store/db_sig.h"

int
conversion_from_row(const struct db_rows *rows, size_t row, struct conversion *c)
{
	const struct currency *cur;
	unsigned long long u;
	const char *v;

	memset(c, 0, sizeof(*c));
	if (row >= rows->nrows)
		return -1;
	/* a column by its name (the history's c_ columns sit where these do) */
#define COL(name) DB_COL(conversion, name)
	db_cell_copy(c->id, sizeof(c->id), rows, row, COL(id));
	v = db_cell(rows, row, COL(user_id));
	if (v == NULL || strict_uint(v, strlen(v), ~0ULL >> 1, &u) != 0)
		return -1;
	c->user_id = (long long)u;
	db_cell_copy(c->quote_id, sizeof(c->quote_id), rows, row, COL(quote_id));
	db_cell_copy(c->wallet, sizeof(c->wallet), rows, row, COL(wallet_id));
	db_cell_copy(c->from, sizeof(c->from), rows, row, COL(from_currency));
	db_cell_copy(c->to, sizeof(c->to), rows, row, COL(to_currency));
	cur = currency_find(c->from);
	db_cell_copy(c->amount_exact, sizeof(c->amount_exact), rows, row, COL(amount));
	if (cur == NULL || money_normalize(c->amount_exact, 18, cur->scale,
	    c->amount, sizeof(c->amount)) != 0)
		return -1;
	fxrate_display(db_cell(rows, row, COL(rate)) ? db_cell(rows, row, COL(rate)) : "0.00",
	    c->rate, sizeof(c->rate));
	db_cell_copy(c->fee, sizeof(c->fee), rows, row, COL(fee));
	db_cell_copy(c->receive, sizeof(c->receive), rows, row, COL(receive_amount));
	db_cell_copy(c->status, sizeof(c->status), rows, row, COL(status));
	db_cell_copy(c->tx_hash, sizeof(c->tx_hash), rows, row, COL(tx_hash));
	v = db_cell(rows, row, COL(block_number));
	if (v != NULL && strict_uint(v, strlen(v), ~0ULL >> 1, &u) == 0)
		c->block_number = (long long)u;
	db_cell_copy(c->failure_reason, sizeof(c->failure_reason), rows, row, COL(failure_reason));
	v = db_cell(rows, row, COL(ghs_balance_after));
	if (v != NULL && money_normalize(v, 18, 2, c->ghs_balance_after,
	    sizeof(c->ghs_balance_after)) != 0)
		return -1;
	db_cell_copy(c->created_at, sizeof(c->created_at), rows, row, COL(created_at));
	db_cell_copy(c->completed_at, sizeof(c->completed_at), rows, row, COL(completed_at));
	db_cell_copy(c->created_db, sizeof(c->created_db), rows, row, COL(created_db));
#undef COL
	return 0;
}

/* Loads conversion id (any owner when user_id is 0) into c. */
static enum db_rc
conversion_load(struct db *db, const char *id, long long user_id, int lock,
    struct conversion *c)
{
	struct db_rows rows;
	enum db_rc rc;

	if (lock)
		rc = DB_EXEC(db, DB_CONV_LOCK, by_id, &rows, NULL, .id = id);
	else
		rc = DB_EXEC(db, DB_CONV_GET, conv_by_owner, &rows, NULL, .id = id,
		    .user_id = user_id);
	if (rc != DB_OK)
		return rc;
	rc = rows.nrows == 1 && conversion_from_row(&rows, 0, c) == 0 ? DB_OK : DB_FAIL;
	if (rows.nrows == 0)
		rc = DB_DUP; /* used here as "no such row" */
	db_rows_free(&rows);
	return rc;
}

enum err
conversion_get(struct ctx *ctx, const struct caller *who, const char *id,
    struct conversion *out, struct outcome *o)
{
	enum db_rc rc;

	/* not an id at all (bytes outside the id alphabet): no query */
	if (!id_has_shape(id, "cv_"))
		return outcome_fail(o, ERR_NOT_FOUND, "No transaction with that id");
	rc = conversion_load(ctx->db, id, who->id, 0, out);
	if (rc == DB_DUP)
		return outcome_fail(o, ERR_NOT_FOUND, "No transaction with that id");
	return rc == DB_OK ? ERR_OK : outcome_err(o, domain_db_err(rc));
}

/* ---- create ---- */

struct create {
	struct ctx *ctx;
	const struct caller *who;
	const char *quote_id, *amount, *from;
	const struct currency *coin;
	const struct idempotency_claim *claim;
	const struct conversion_hook *hook;
	const struct chain_move *move;
	const struct chain_fees *fees;
	struct conversion *c;
	struct outcome *o;
	long long lease_seconds;
};

/* Why quote q cannot be redeemed as asked: ERR_OK when it can, else the
 * error in k->o. */
static enum err
check_quote(struct create *k, const struct quote_held *q)
{
	char amount[MONEY_MAX_TEXT];

	if (!q->found)
		return outcome_fail(k->o, ERR_NOT_FOUND, "No quote with that quoteId");
	if (q->used)
		return outcome_fail(k->o, ERR_QUOTE_EXPIRED,
		    "The quote has already been converted; fetch a new one");
	if (q->expired)
		return outcome_fail(k->o, ERR_QUOTE_EXPIRED,
		    "The quote has expired; fetch a new one");
	if (strcmp(q->q.from->code, k->from) != 0)
		return outcome_field(k->o, ERR_VALIDATION, "from", "does not match the quote");
	/* the amount must be the quote's, compared as exact decimals */
	if (money_normalize(k->amount, k->coin->scale, k->coin->scale, amount, sizeof(amount)) != 0 ||
	    strcmp(amount, q->q.amount) != 0)
		return outcome_field(k->o, ERR_VALIDATION, "amount", "does not match the quote");
	return ERR_OK;
}

/* The quote as it stands now, checked without holding it: the request's
 * own mistakes are answered before the chain is asked anything. */
static enum err
precheck_quote(struct create *k)
{
	struct quote_held q;
	int rc;

	/* outside a transaction the locking read is a plain read */
	if ((rc = quote_find(k->ctx->db, &k->ctx->cfg, k->who, k->quote_id, &q)) != DB_OK)
		return domain_db_fail(k->o, rc, "read the quote");
	return check_quote(k, &q);
}

/*
 * The conversion's row with its signed transfer, the quote's use and the
 * idempotency key's recovery point, in one transaction: after it, a retry
 * under the same key resumes this conversion (the same bytes) and never
 * makes another.
 */
static int
create_tx(struct db *db, void *arg)
{
	struct create *k = arg;
	struct conversion *c = k->c;
	struct onchain_refusal no;
	struct quote_held q;
	enum db_rc rc;

	outcome_init(k->o);
	if ((rc = quote_find(db, &k->ctx->cfg, k->who, k->quote_id, &q)) != DB_OK)
		return rc;
	if (check_quote(k, &q) != ERR_OK)
		return DB_FAIL; /* nothing to keep */
	if ((rc = DB_EXEC(db, DB_USER_LOCK, user_id, NULL, NULL, .id = k->who->id)) != DB_OK)
		return rc;
	if ((rc = tier_limit_check(db, k->who, TIER_CONVERSIONS, q.q.receive, k->o)) != DB_OK)
		return rc;
	/* before the conversion's row, which names it */
	if ((rc = quote_use(db, &k->ctx->cfg, k->who, k->quote_id, &q)) != DB_OK) {
		if (rc == DB_DUP) {
			outcome_fail(k->o, ERR_QUOTE_EXPIRED,
			    "The quote has already been converted; fetch a new one");
			return DB_FAIL;
		}
		return rc;
	}
	/* last before the row: cediramp-signer signs and stores the send (a
	 * retry of this transaction gets the same one back) */
	if ((rc = onchain_record(k->ctx, ONCHAIN_CONVERSION, k->move, k->fees, c->tx_hash,
	    &no)) != DB_OK) {
		if (no.rc != SIGNER_OK)
			outcome_err(k->o, ERR_SIGNER_UNAVAILABLE); /* nothing signed, or in doubt */
		return rc;
	}
	/*
	 * This request holds the conversion until its own broadcast has
	 * returned (lease_seconds); a worker finding it unsent meanwhile would
	 * broadcast it too, or fail it under the request's feet.
	 */
	if ((rc = DB_EXEC(db, DB_CONV_INSERT, conv_insert, NULL, NULL, .id = c->id,
	    .user_id = k->who->id, .quote_id = k->quote_id, .wallet_id = k->who->public_id,
	    .from = k->from, .to = "GHS", .amount = q.q.amount, .rate = q.q.rate_exact,
	    .fee_percent = q.q.fee_percent, .gross = q.q.gross, .fee = q.q.fee,
	    .receive = q.q.receive, .tx_hash = c->tx_hash,
	    .lease_seconds = k->lease_seconds)) != DB_OK)
		return rc;
	if ((rc = idempotency_mark(db, k->claim, CONVERSION_POINT_CREATED, c->id)) != DB_OK)
		return rc;
	if (k->hook != NULL)
		rc = k->hook->created(db, c->id, k->hook->arg);
	return rc;
}

struct undo {
	const char *conversion_id, *quote_id;
	const struct idempotency_claim *claim;
	const struct conversion_hook *hook;
};

/* Deletes a conversion the gateway refused outright (nothing moved, no
 * nonce used), gives its quote back, and sets its key back to "started"
 * (nothing committed). */
static int
undo_tx(struct db *db, void *arg)
{
	struct undo *u = arg;
	struct db_res res;
	enum db_rc rc;

	if ((rc = DB_EXEC(db, DB_CONV_DELETE_UNSENT, by_id, NULL, &res,
	    .id = u->conversion_id)) != DB_OK)
		return rc;
	if (res.affected != 1)
		return DB_FAIL; /* someone settled it: keep the quote used */
	if ((rc = onchain_forget(db, u->conversion_id)) != DB_OK)
		return rc;
	if ((rc = DB_EXEC(db, DB_QUOTE_UNMARK_USED, by_id, NULL, NULL, .id = u->quote_id)) != DB_OK)
		return rc;
	if (u->hook != NULL && (rc = u->hook->undone(db, u->conversion_id, u->hook->arg)) != DB_OK)
		return rc;
	return idempotency_mark(db, u->claim, IDEMPOTENCY_STARTED, NULL);
}

/* 1 when a move that was never accepted can be taken back: the adapter
 * hands out no nonces (the simulator). A signed EVM transaction holds its
 * nonce: it must be mined (or replaced), never forgotten. */
static int
undoable(struct ctx *ctx)
{
	struct prov_chain *ch = providers_chain(&ctx->prov);

	return !ch->ops->nonces;
}

/*
 * The second step of a conversion, after its row committed: broadcasts the
 * stored transaction (again, when resuming: the chain answers a known one
 * without a second transfer) and answers. A refusal of the simulator
 * undoes the conversion; anything else is left to the payouts worker.
 */
static enum err
broadcast(struct ctx *ctx, const struct caller *who, struct idempotency_claim *claim,
    const struct conversion_hook *hook, struct conversion *out, struct outcome *o)
{
	enum chain_rc sent;
	char why[200];
	struct undo u;

	(void)who;
	o->changed = 1;
	if (strcmp(out->status, "processing") != 0)
		return ERR_OK; /* settled since: nothing left to send */
	sent = onchain_broadcast(ctx, out->id, why, sizeof(why));
	if (sent == CHAIN_OK || sent == CHAIN_IN_DOUBT || !undoable(ctx)) {
		/* in doubt or not taken: the payouts worker asks for the receipt
		 * and broadcasts the same bytes again */
		if (sent != CHAIN_OK)
			log_event("warn", "conversion %s: broadcast %s: %s", out->id,
			    sent == CHAIN_IN_DOUBT ? "in doubt" : "not accepted", why);
		if (DB_EXEC(ctx->db, DB_CONV_RELEASE, by_id, NULL, NULL, .id = out->id) != DB_OK)
			log_event("warn", "conversion %s: lease not released (it expires)", out->id);
		return ERR_OK;
	}
	/* refused outright, so nothing moved: undo the conversion */
	u.conversion_id = out->id;
	u.quote_id = out->quote_id;
	u.claim = claim;
	u.hook = hook;
	if (db_tx(ctx->db, undo_tx, &u) != DB_OK) {
		/* the row stays: the worker fails it on the gateway's word */
		log_event("error", "conversion %s: undo failed: %s", out->id, db_error(ctx->db));
		return ERR_OK;
	}
	o->changed = 0;
	idempotency_noted(claim, IDEMPOTENCY_STARTED, NULL);
	switch (sent) {
	case CHAIN_INSUFFICIENT:
		return outcome_fail(o, ERR_INSUFFICIENT_BALANCE,
		    "Your wallet does not hold %s %s", out->amount, out->from);
	case CHAIN_UNAVAILABLE:
		return outcome_err(o, ERR_PROVIDER_UNAVAILABLE);
	default:
		return outcome_err(o, ERR_CONVERSION_FAILED);
	}
}

/* The chain's answer to prepare, as the API's error (nothing was written). */
static enum err
refusal(struct outcome *o, enum chain_rc rc, const char *amount, const char *coin,
    const char *why)
{
	switch (rc) {
	case CHAIN_INSUFFICIENT:
		return outcome_fail(o, ERR_INSUFFICIENT_BALANCE,
		    "Your wallet does not hold %s %s", amount, coin);
	case CHAIN_ALLOWANCE:
		outcome_fail(o, ERR_INSUFFICIENT_BALANCE, "Your wallet has not approved the "
		    "gateway for %s %s (approve it for the amount first)", amount, coin);
		outcome_str(o, "reason", "allowance");
		return o->err;
	case CHAIN_REJECTED:
		return outcome_fail(o, ERR_CONVERSION_FAILED,
		    "The chain would refuse this conversion: %s", why);
	case CHAIN_SIGNER:
		log_event("warn", "conversion: %s", why);
		return outcome_err(o, ERR_SIGNER_UNAVAILABLE);
	default:
		log_event("warn", "conversion: the chain is unavailable: %s", why);
		return outcome_err(o, ERR_PROVIDER_UNAVAILABLE);
	}
}

enum err
conversion_create(struct ctx *ctx, const struct caller *who, const char *quote_id,
    const char *amount, const char *from, struct idempotency_claim *claim,
    struct conversion *out, struct outcome *o)
{
	return conversion_create_hooked(ctx, who, quote_id, amount, from, claim, NULL, out, o);
}

enum err
conversion_create_hooked(struct ctx *ctx, const struct caller *who, const char *quote_id,
    const char *amount, const char *from, struct idempotency_claim *claim,
    const struct conversion_hook *hook, struct conversion *out, struct outcome *o)
{
	struct prov_chain *ch = providers_chain(&ctx->prov);
	char norm[MONEY_MAX_TEXT], why[200];
	struct chain_fees fees;
	struct chain_move move;
	struct create k;
	enum chain_rc crc;
	enum err e;
	int rc;

	memset(out, 0, sizeof(*out));
	if (claim != NULL && claim->row != 0 &&
	    strcmp(claim->point, CONVERSION_POINT_CREATED) == 0)
		/* a retry of a request that died after committing: resume it */
		return conversion_resume(ctx, who, claim->recovery_id, claim, hook, out, o);
	if (strcmp(who->tier, "none") == 0)
		return outcome_err(o, ERR_FORBIDDEN);
	k.coin = currency_find(from);
	if (k.coin == NULL || !(k.coin->flags & CURRENCY_CONVERTIBLE))
		return outcome_field(o, ERR_INVALID_STABLECOIN, "from",
		    "one of USDT, USDC, USDC_E, DAI");
	if (!ch->ops->wallet_ok(who->public_id))
		return outcome_fail(o, ERR_VALIDATION, "Converting on chain needs a wallet "
		    "address as the token's subject (0x and 40 hexadecimal digits); this "
		    "token's subject is not one");
	k.ctx = ctx;
	k.who = who;
	k.quote_id = quote_id;
	k.amount = amount;
	k.from = from;
	k.claim = claim;
	k.hook = hook;
	k.c = out;
	k.o = o;
	k.lease_seconds = ctx_call_lease(ctx);
	if ((e = precheck_quote(&k)) != ERR_OK)
		return e;
	/* the chain's checks, before anything is written */
	if (money_normalize(amount, k.coin->scale, k.coin->scale, norm, sizeof(norm)) != 0 ||
	    id_new(out->id, sizeof(out->id), "cv_") != 0)
		return outcome_err(o, ERR_INTERNAL);
	move = (struct chain_move){ CHAIN_CONVERT, out->id, who->public_id, from, norm };
	if ((crc = onchain_prepare(ctx, &move, &fees, why, sizeof(why))) != CHAIN_OK)
		return refusal(o, crc, norm, from, why);
	k.move = &move;
	k.fees = &fees;
	rc = db_tx(ctx->db, create_tx, &k);
	if (rc != DB_OK) {
		if (o->err != ERR_OK)
			return o->err;
		return outcome_err(o, domain_db_err(rc));
	}
	idempotency_noted(claim, CONVERSION_POINT_CREATED, out->id);
	/* committed: the signed transaction is on record before it goes out */
	if (conversion_load(ctx->db, out->id, who->id, 0, out) != DB_OK)
		return outcome_err(o, ERR_SERVICE_UNAVAILABLE); /* a retry resumes */
	return broadcast(ctx, who, claim, hook, out, o);
}

enum err
conversion_resume(struct ctx *ctx, const struct caller *who, const char *id,
    struct idempotency_claim *claim, const struct conversion_hook *hook,
    struct conversion *out, struct outcome *o)
{
	enum db_rc rc = conversion_load(ctx->db, id, who->id, 0, out);

	if (rc != DB_OK)
		return outcome_err(o, domain_db_err(rc));
	return broadcast(ctx, who, claim, hook, out, o);
}

/* ---- settle ---- */

struct settle {
	const char *id;
	const struct onchain_result *chain;
	struct conversion c;
	int changed;
};

static int
complete_tx(struct db *db, void *arg)
{
	struct settle *s = arg;
	struct conversion *c = &s->c;
	struct ledger_leg legs[5];
	char acct[LEDGER_CODE_MAX], gross[MONEY_MAX_TEXT];
	char bal[MONEY_MAX_TEXT];
	struct db_res res;
	mpz_t g, f, r;
	enum db_rc rc;
	int no_fee, fmt;

	s->changed = 0;
	if ((rc = conversion_load(db, s->id, 0, 1, c)) != DB_OK)
		return rc;
	if (strcmp(c->status, "processing") != 0)
		return DB_OK; /* settled already: nothing to do */
	if (s->chain->state != ONCHAIN_CONFIRMED) {
		if ((rc = DB_EXEC(db, DB_CONV_FAIL, conv_fail, NULL, &res,
		    .reason = s->chain->reason[0] ? s->chain->reason : "the transfer failed on chain",
		    .id = c->id)) != DB_OK)
			return rc;
		s->changed = res.affected == 1;
		return DB_OK;
	}
	/* GHS: the pool pays gross, the user gets receive, fees get fee */
	mpz_inits(g, f, r, NULL);
	if (money_parse(c->fee, 2, f) != MONEY_OK || money_parse(c->receive, 2, r) != MONEY_OK) {
		mpz_clears(g, f, r, NULL);
		return DB_FAIL;
	}
	mpz_add(g, f, r);
	no_fee = mpz_sgn(f) == 0;
	fmt = money_format(g, 2, gross, sizeof(gross));
	mpz_clears(g, f, r, NULL);
	if (fmt != 0)
		return DB_FAIL;
	snprintf(acct, sizeof(acct), "user:%lld:GHS", c->user_id);
	ledger_leg(&legs[0], "house:pool:GHS", "GHS", gross, 1);
	ledger_leg(&legs[1], acct, "GHS", c->receive, 0);
	ledger_leg(&legs[2], "house:fees:GHS", "GHS", c->fee, 0);
	/* the coin: from the chain into the pool */
	snprintf(bal, sizeof(bal), "house:chain:%s", c->from);
	ledger_leg(&legs[3], bal, c->from, c->amount_exact, 1);
	snprintf(bal, sizeof(bal), "house:pool:%s", c->from);
	ledger_leg(&legs[4], bal, c->from, c->amount_exact, 0);
	if (no_fee) {
		legs[2] = legs[3];
		legs[3] = legs[4];
		rc = ledger_post(db, "conversion.completed", c->id, legs, 4);
	} else {
		rc = ledger_post(db, "conversion.completed", c->id, legs, 5);
	}
	if (rc != DB_OK)
		return rc;
	if ((rc = ledger_balance(db, acct, 18, bal, sizeof(bal))) != DB_OK)
		return rc;
	/* the attempt that was mined: a replacement has a hash of its own */
	if ((rc = DB_EXEC(db, DB_CONV_COMPLETE, conv_complete, NULL, &res,
	    .block = s->chain->block, .balance = bal,
	    .tx_hash = s->chain->hash[0] ? s->chain->hash : c->tx_hash, .id = c->id)) != DB_OK)
		return rc;
	if (res.affected != 1)
		return DB_FAIL; /* the row changed under our lock: impossible */
	s->changed = 1;
	return DB_OK;
}

/* Applies the chain's final answer (confirmed, failed or refused) to
 * conversion id. */
static int
conversion_apply(struct ctx *ctx, const char *id, const struct onchain_result *chain,
    int *changed)
{
	struct settle s;
	int rc;

	memset(&s, 0, sizeof(s));
	s.id = id;
	s.chain = chain;
	rc = db_tx(ctx->db, complete_tx, &s);
	*changed = s.changed;
	if (rc != DB_OK)
		log_event("error", "conversion %s: settle failed (%d): %s", id, rc,
		    db_error(ctx->db));
	return rc;
}

enum err
conversion_confirm(struct ctx *ctx, const struct caller *who, const char *id,
    struct conversion *out, struct outcome *o)
{
	struct onchain_result chain;
	int changed;
	enum db_rc rc;

	memset(out, 0, sizeof(*out));
	rc = id_has_shape(id, "cv_") ? conversion_load(ctx->db, id, who->id, 0, out) : DB_DUP;
	if (rc == DB_DUP)
		return outcome_fail(o, ERR_NOT_FOUND, "No conversion with that id");
	if (rc != DB_OK)
		return outcome_err(o, domain_db_err(rc));
	if (strcmp(out->status, "processing") == 0) {
		if (onchain_advance(ctx, id, &chain) != 0)
			return outcome_err(o, ERR_SERVICE_UNAVAILABLE);
		if (chain.unavailable)
			return outcome_err(o, ERR_PROVIDER_UNAVAILABLE);
		if (chain.state == ONCHAIN_PENDING)
			return ERR_OK; /* still processing: not final, nothing stored */
		/* a database that failed mid-settlement is unavailable, not broken */
		if ((rc = conversion_apply(ctx, id, &chain, &changed)) != DB_OK)
			return outcome_err(o, domain_db_err(rc));
		if ((rc = conversion_load(ctx->db, id, who->id, 0, out)) != DB_OK)
			return outcome_err(o, domain_db_err(rc));
	}
	/* completed or failed: final, so the answer is stored for replays */
	o->changed = 1;
	if (strcmp(out->status, "failed") == 0) {
		outcome_clear_ctx(o);
		outcome_str(o, "conversionId", out->id);
		outcome_str(o, "status", "failed");
		outcome_str(o, "failureReason", out->failure_reason);
		return outcome_fail(o, ERR_CONVERSION_FAILED,
		    "The on-chain conversion failed: %s", out->failure_reason);
	}
	return ERR_OK;
}

int
conversion_settle(struct ctx *ctx, const char *id)
{
	struct onchain_result chain;
	struct conversion c;
	int changed = 0;

	/* outside a transaction the locking read is a plain read */
	if (conversion_load(ctx->db, id, 0, 1, &c) != DB_OK)
		return -1;
	if (strcmp(c.status, "processing") != 0)
		return 0;
	if (onchain_advance(ctx, id, &chain) != 0 || chain.unavailable)
		return -1;
	if (chain.state == ONCHAIN_PENDING) {
		/* give the lease back, stamped with when it was checked */
		(void)DB_EXEC(ctx->db, DB_CONV_CHECKED, by_id, NULL, NULL, .id = id);
		return 0;
	}
	if (conversion_apply(ctx, id, &chain, &changed) != DB_OK)
		return -1;
	return changed;
}

int
conversion_claim(struct ctx *ctx, int n, int lease_seconds, char (*out)[ID_MAX])
{
	return db_claim(ctx->db, DB_CONV_CLAIM, DB_CONV_LEASE, n, lease_seconds, out[0], ID_MAX);
}
