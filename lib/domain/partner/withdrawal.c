#include "domain/partner/withdrawal.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/currency.h"
#include "core/log.h"
#include "core/strict.h"
#include "domain/fxrate.h"
#include "domain/ledger.h"
#include "domain/onchain.h"
#include "domain/partner/partner_request.h"
#include "domain/partner/resource.h"
#include "domain/payout.h"
#include "domain/payout_call.h"
#include "domain/payout_float.h"
#include "domain/quote.h"
#include "domain/quote_redeem.h"
#include "domain/tier_limit.h"
#include "providers/registry.h"
#include "store/db_sig.h"

#define IN_FLIGHT "house:payouts_in_flight:GHS"
#define FEES "house:fees:GHS"
#define POOL_GHS "house:pool:GHS"
#define CHECK_BACKOFF_MAX 30 /* seconds between receipt checks, at most */

static const char *const statuses[] = { "pending", "processing", "completed", "failed",
	"cancelled" };

void
withdrawal_free(struct withdrawal *w)
{
	free(w->metadata);
	w->metadata = NULL;
}

/* How a withdrawal row (store/stmt_withdrawal.h) fills a struct withdrawal */
static const struct db_field columns[] = { DB_FIELDS(withdrawal, struct withdrawal) };

static int
from_row(const struct db_rows *rows, size_t row, void *out)
{
	struct withdrawal *w = out;
	const char *amount = db_cell(rows, row, DB_COL(withdrawal, amount));
	const char *rate = db_cell(rows, row, DB_COL(withdrawal, rate));
	const struct currency *cur;

	memset(w, 0, sizeof(*w));
	if (db_row_read(rows, row, columns, DB_NCOLS(withdrawal), w) != 0 ||
	    (cur = currency_find(w->currency)) == NULL || amount == NULL ||
	    money_normalize(amount, 18, cur->scale, w->amount, sizeof(w->amount)) != 0)
		return -1;
	fxrate_display(rate ? rate : "0.00", w->rate, sizeof(w->rate));
	return 0;
}

static void free_row(void *w) { withdrawal_free(w); }
static json_t *payload(const void *out);

RESOURCE_KIND(withdrawal_kind, struct withdrawal, "withdrawal", "wd_", "withdrawal", statuses,
    WITHDRAWAL_PAGE_MAX, DB_WD, from_row, free_row, payload);

/* The event's data (a contract of its own: the spec's fields; the
 * completed event's extras). */
static json_t *
payload(const void *out)
{
	const struct withdrawal *w = out;
	json_t *d = json_pack("{s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s}",
	    "withdrawal_id", w->id, "status", w->status, "amount", w->amount,
	    "currency", w->currency, "ghs_amount", w->ghs_amount,
	    "recipient_phone", w->phone, "mobile_network", w->network,
	    "reference_id", w->reference_id);
	json_t *extra;
	int ok;

	if (d == NULL || strcmp(w->status, "completed") != 0)
		return d;
	extra = json_pack("{s:s,s:s,s:s,s:s,s:s}", "fx_rate", w->rate, "fee", w->fee,
	    "on_chain_tx_hash", w->tx_hash, "mobile_money_reference", w->provider_ref,
	    "completed_at", w->completed_at);
	ok = extra != NULL && json_object_update(d, extra) == 0;
	json_decref(extra);
	if (!ok) {
		json_decref(d);
		return NULL;
	}
	return d;
}

/* ---- create ---- */

struct create {
	const struct withdrawal_req *in;
	const struct currency *coin;
	char amount[MONEY_MAX_TEXT];     /* at the coin's scale */
	const char *metadata;            /* canonical, or NULL */
	struct quote q;                  /* the price: the quote's, or the live rate's */
	struct quote_held held;          /* the quote (quote_id), as found */
	int quoted;                      /* q is a stored quote (quote_id) */
	const struct cfg *cfg;
	struct resource_create c;        /* who, the hash, the answer, o */
};

/* SHA-256 of what the request means (the amount at its scale, the
 * metadata canonical), so an equal request under a reference is known.
 * 0, or -1 when out of memory. */
static int
request_hash(struct create *k)
{
	const struct withdrawal_req *in = k->in;
	const char *part[7] = { k->amount, in->currency, in->phone, in->network,
		in->reference_id, in->quote_id ? in->quote_id : "",
		k->metadata ? k->metadata : "" };

	return partner_request_hash(part, 7, k->c.hash);
}

/* Quote q for k: ERR_OK with k->q its price, or the error in k->c.o. */
static enum err
use_quote(struct create *k, const struct quote_held *q)
{
	struct outcome *o = k->c.o;

	if (!q->found)
		return outcome_fail(o, ERR_NOT_FOUND, "No quote with that quote_id");
	if (q->used)
		return outcome_fail(o, ERR_QUOTE_EXPIRED,
		    "The quote has already locked a withdrawal; fetch a new one");
	if (q->expired)
		return outcome_fail(o, ERR_QUOTE_EXPIRED,
		    "The quote is past its valid_until; fetch a new one");
	if (strcmp(q->q.from->code, k->coin->code) != 0)
		return outcome_field(o, ERR_VALIDATION, "currency", "does not match the quote");
	if (strcmp(q->q.amount, k->amount) != 0)
		return outcome_field(o, ERR_VALIDATION, "amount", "does not match the quote");
	k->held = *q;
	k->q = q->q;
	return ERR_OK;
}

/* Reads (and in a transaction locks) quote_id for k. DB_OK with k->q
 * priced; DB_FAIL with the error in k->c.o; or the database's error. */
static enum db_rc
read_quote(struct db *db, struct create *k)
{
	struct quote_held q;
	enum db_rc rc;

	if ((rc = quote_find(db, k->cfg, k->c.who, k->in->quote_id, &q)) != DB_OK)
		return rc;
	return use_quote(k, &q) == ERR_OK ? DB_OK : DB_FAIL;
}

/*
 * Withdrawal id's payout: it belongs to no user; it is written `pending`,
 * its provider reference fixed and its float drawn (*covered 0: the float
 * is short, the caller rolls back); its id into payout_id. The
 * withdrawal's worker starts it once the conversion is confirmed (the
 * withdrawal posts the hold, from the conversion's proceeds) or drops it
 * when the conversion fails. From `processing` on it is any payout: sent,
 * settled from its status, never sent under a new reference; its final
 * transaction calls withdrawal_payout_owner's steps instead of refunding a
 * user. DB_OK or the database's error.
 */
static int
add_payout(struct db *db, const struct cfg *cfg, const char *id,
    const struct withdrawal_req *in, const char *amount, char payout_id[ID_MAX],
    int *covered)
{
	char provider_ref[MOMO_REF_LEN + 1];
	enum db_rc rc;

	*covered = 0;
	if (id_new(payout_id, ID_MAX, "po_") != 0 || momo_new_ref(provider_ref) != 0)
		return DB_FAIL;
	rc = DB_EXEC(db, DB_PAYOUT_INSERT_WITHDRAWAL, payout_insert_wd, NULL, NULL,
	    .id = payout_id, .provider = in->network, .phone = in->phone, .amount = amount,
	    .client_ref = in->reference_id, .withdrawal_id = id, .provider_ref = provider_ref);
	if (rc != DB_OK)
		return rc;
	return payout_float_draw(db, cfg, in->network, amount, payout_id, covered);
}

/*
 * The withdrawal's row, the hold of its source amount, its payout (float
 * drawn) and the quote's use, inside resource_commit's transaction (the
 * partner's lock held, the reference free); it then writes
 * withdrawal.pending.
 */
static int
insert(struct db *db, struct resource_create *c, char id[ID_MAX])
{
	struct create *k = c->arg;
	const struct withdrawal_req *in = k->in;
	char acct[LEDGER_CODE_MAX], held[LEDGER_CODE_MAX], bal[MONEY_MAX_TEXT];
	char payout_id[ID_MAX];
	struct ledger_leg legs[2];
	enum db_rc rc;
	int covered;

	if (k->quoted && (rc = read_quote(db, k)) != DB_OK)
		return rc;
	if ((rc = tier_limit_check(db, c->who, TIER_WITHDRAWALS, k->q.receive, c->o)) != DB_OK)
		return rc;
	snprintf(acct, sizeof(acct), "partner:%lld:%s", c->who->id, k->coin->code);
	snprintf(held, sizeof(held), "partner:%lld:%s:held", c->who->id, k->coin->code);
	if ((rc = ledger_balance(db, acct, k->coin->scale, bal, sizeof(bal))) != DB_OK)
		return rc;
	if (money_cmp_text(bal, k->amount, k->coin->scale) < 0) {
		outcome_fail(c->o, ERR_INSUFFICIENT_BALANCE, "The withdrawal needs %s %s; "
		    "%s %s is available", k->amount, k->coin->code, bal, k->coin->code);
		return DB_FAIL;
	}
	if (k->quoted && (rc = quote_use(db, k->cfg, c->who, in->quote_id, &k->held)) != DB_OK) {
		if (rc == DB_DUP) {
			outcome_fail(c->o, ERR_QUOTE_EXPIRED,
			    "The quote has already locked a withdrawal; fetch a new one");
			return DB_FAIL;
		}
		return rc;
	}
	if (id_new(id, ID_MAX, "wd_") != 0)
		return DB_FAIL;
	if ((rc = add_payout(db, k->cfg, id, in, k->q.receive, payout_id, &covered)) != DB_OK)
		return rc;
	if (!covered) {
		outcome_fail(c->o, ERR_INSUFFICIENT_LIQUIDITY, "The %s payout float cannot "
		    "cover %s GHS right now; try again later", in->network, k->q.receive);
		return DB_FAIL;
	}
	rc = DB_EXEC(db, DB_WD_INSERT, wd_insert, NULL, NULL, .id = id,
	    .partner_id = c->who->id, .reference_id = in->reference_id,
	    .request_hash = c->hash, .quote_id = k->quoted ? in->quote_id : NULL,
	    .currency = k->coin->code, .amount = k->amount, .rate = k->q.rate_exact,
	    .gross_amount = k->q.gross, .fee = k->q.fee, .ghs_amount = k->q.receive,
	    .recipient_phone = in->phone, .mobile_network = in->network,
	    .metadata = k->metadata,
	    .tx_hash = NULL, /* signed when the worker first sends it */
	    .payout_id = payout_id);
	if (rc != DB_OK)
		return rc;
	ledger_leg(&legs[0], acct, k->coin->code, k->amount, 1);
	ledger_leg(&legs[1], held, k->coin->code, k->amount, 0);
	return ledger_post(db, "withdrawal.hold", id, legs, 2);
}

/* The checks that need no database: currency, amount, phone, network,
 * metadata (canonical text into *md). */
static enum err
check_request(struct create *k, char **md)
{
	const struct withdrawal_req *in = k->in;
	struct outcome *o = k->c.o;
	mpz_t v;
	int ok;

	*md = NULL;
	k->coin = currency_find(in->currency);
	if (k->coin == NULL || !(k->coin->flags & CURRENCY_PARTNER))
		return outcome_field(o, ERR_INVALID_CURRENCY, "currency", "USDC or USDT");
	mpz_init(v);
	ok = money_parse(in->amount, k->coin->scale, v) == MONEY_OK && mpz_sgn(v) > 0 &&
	    money_format(v, k->coin->scale, k->amount, sizeof(k->amount)) == 0;
	mpz_clear(v);
	if (!ok)
		return outcome_field(o, ERR_VALIDATION, "amount",
		    "a positive decimal string with at most 6 places");
	if (partner_request_wallet(in->phone, "recipient_phone", in->network, o) != ERR_OK)
		return o->err;
	return partner_request_metadata(in->metadata, md, o);
}

/* The price: the quote's (checked again under its lock when written), or
 * the live rate's as GET /v1/rates would quote it. */
static enum err
price(struct ctx *ctx, struct create *k)
{
	struct outcome *o = k->c.o;

	if (k->in->quote_id == NULL)
		return quote_live(ctx, k->coin, k->amount, &k->q, o);
	k->quoted = 1;
	if (!id_has_shape(k->in->quote_id, "qt_") && !quote_token_shaped(k->in->quote_id))
		return outcome_fail(o, ERR_NOT_FOUND, "No quote with that quote_id");
	if (read_quote(ctx->db, k) == DB_OK)
		return ERR_OK;
	return o->err != ERR_OK ? o->err : outcome_err(o, ERR_SERVICE_UNAVAILABLE);
}

enum err
withdrawal_create(struct ctx *ctx, const struct caller *who,
    const struct withdrawal_req *in, struct withdrawal *out, int *created,
    struct outcome *o)
{
	struct create k;
	char *md = NULL;
	enum err e;

	memset(out, 0, sizeof(*out));
	memset(&k, 0, sizeof(k));
	*created = 0;
	k.in = in;
	k.cfg = &ctx->cfg;
	k.c = (struct resource_create){ .kind = &withdrawal_kind, .who = who,
		.reference_id = in->reference_id, .insert = insert, .arg = &k, .out = out,
		.o = o };
	if ((e = check_request(&k, &md)) != ERR_OK)
		goto done;
	k.metadata = md;
	if (request_hash(&k) != 0) {
		e = outcome_err(o, ERR_INTERNAL);
		goto done;
	}
	/* the same request again answers as the first did, whatever changed
	 * since (an expired quote, a network down) */
	if ((e = resource_existing(ctx, &k.c)) != ERR_OK || k.c.existing)
		goto done;
	if ((e = price(ctx, &k)) != ERR_OK ||
	    (e = partner_request_network(ctx, in->network, "ghs_amount", k.q.receive,
	    o)) != ERR_OK)
		goto done;
	if ((e = resource_commit(ctx, &k.c)) != ERR_OK) {
		if (e == ERR_INSUFFICIENT_LIQUIDITY) /* rolled back: kept for the back office */
			payout_float_refused(ctx, in->network, k.q.receive, "partner", who->public_id,
			    NULL);
		goto done;
	}
	*created = !k.c.existing;
done:
	free(md);
	if (e != ERR_OK)
		withdrawal_free(out);
	return e;
}

/* ---- the partner's cancel ---- */

static int undo_pending(struct db *db, struct withdrawal *w, const char *reason);

struct cancel {
	const char *id;
	long long owner;
	struct withdrawal w;
	int found, cancelled;
};

/*
 * Under the row's lock: a pending withdrawal whose conversion is not yet
 * signed (record_tx takes the same lock to sign it, so exactly one of the
 * two goes first) becomes cancelled and is undone.
 */
static int
cancel_tx(struct db *db, void *arg)
{
	struct cancel *k = arg;
	struct db_res res;
	enum db_rc rc;

	k->found = k->cancelled = 0;
	withdrawal_free(&k->w);
	memset(&k->w, 0, sizeof(k->w));
	if ((rc = resource_load(db, &withdrawal_kind, k->id, k->owner, 1, &k->w)) != DB_OK)
		return rc == DB_DUP ? DB_OK : rc;
	k->found = 1;
	if (strcmp(k->w.status, "pending") != 0 || k->w.tx_hash[0] != '\0')
		return DB_OK;
	if ((rc = DB_EXEC(db, DB_WD_CANCEL, by_id, NULL, &res, .id = k->id)) != DB_OK)
		return rc;
	if (res.affected != 1)
		return DB_FAIL; /* changed under our lock: impossible */
	k->cancelled = 1;
	return undo_pending(db, &k->w, "cancelled by the partner");
}

enum err
withdrawal_cancel(struct ctx *ctx, const struct caller *who, const char *id,
    struct withdrawal *out, struct outcome *o)
{
	struct cancel k;

	outcome_init(o);
	memset(out, 0, sizeof(*out));
	if (!id_has_shape(id, "wd_"))
		return outcome_err(o, ERR_NOT_FOUND);
	memset(&k, 0, sizeof(k));
	k.id = id;
	k.owner = who->id;
	if (db_tx(ctx->db, cancel_tx, &k) != DB_OK) {
		withdrawal_free(&k.w);
		return outcome_err(o, ERR_SERVICE_UNAVAILABLE);
	}
	if (!k.found)
		return outcome_err(o, ERR_NOT_FOUND);
	*out = k.w;
	if (!k.cancelled) {
		if (strcmp(out->status, "pending") == 0)
			outcome_fail(o, ERR_INVALID_STATE, "The withdrawal is pending and its "
			    "conversion has been sent to the chain; it can no longer be cancelled");
		else
			outcome_fail(o, ERR_INVALID_STATE, "The withdrawal is %s; only a "
			    "pending one whose conversion has not been sent can be cancelled",
			    out->status);
		outcome_str(o, "status", out->status);
		return ERR_INVALID_STATE;
	}
	o->changed = 1;
	return ERR_OK;
}

/* ---- the worker ---- */

static void
check_later(struct ctx *ctx, const char *id)
{
	if (DB_EXEC(ctx->db, DB_WD_CHECK_LATER, check_later, NULL, NULL,
	    .backoff_max = CHECK_BACKOFF_MAX, .id = id) != DB_OK)
		log_event("warn", "withdrawal %s: backoff not recorded (the lease expires)", id);
}

struct step {
	const char *id;
	const char *reason;   /* fail: why */
	const char *hash;     /* processing: the transaction that was mined */
	long long lease_seconds;
	struct withdrawal w;
	int changed;
};

/* "partner:<id>:<CUR>" (held: with ":held"). */
static void
partner_account(const struct withdrawal *w, int held, char *out, size_t cap)
{
	snprintf(out, cap, "partner:%lld:%s%s", w->partner_id, w->currency,
	    held ? ":held" : "");
}

/* Locks withdrawal s->id into s->w and, while it is still pending, moves
 * it on with move: s->changed says whether it moved (0: someone moved it
 * meanwhile). DB_OK or the database's error. */
static int
leave_pending(struct db *db, struct step *s, struct db_bound move)
{
	struct db_res res;
	enum db_rc rc;

	s->changed = 0;
	withdrawal_free(&s->w);
	if ((rc = resource_load_any(db, &withdrawal_kind, s->id, 1, &s->w)) != DB_OK)
		return rc;
	if (strcmp(s->w.status, "pending") != 0)
		return DB_OK;
	if ((rc = db_run(db, move, NULL, &res)) != DB_OK)
		return rc;
	if (res.affected != 1)
		return DB_FAIL;
	s->changed = 1;
	return DB_OK;
}

/* The conversion confirmed: the coins go to the pool, the proceeds into
 * flight (the fee to fees), the payout starts; withdrawal.processing. */
static int
processing_tx(struct db *db, void *arg)
{
	struct step *s = arg;
	struct withdrawal *w = &s->w;
	char held[LEDGER_CODE_MAX], pool[LEDGER_CODE_MAX];
	struct ledger_leg legs[5];
	enum db_rc rc;
	size_t n = 0;

	rc = leave_pending(db, s, DB_BIND(DB_WD_PROCESSING, wd_tx_hash, .tx_hash = s->hash,
	    .id = s->id));
	if (rc != DB_OK || !s->changed)
		return rc; /* an error rolls back; step() then ignores changed */
	partner_account(w, 1, held, sizeof(held));
	snprintf(pool, sizeof(pool), "house:pool:%s", w->currency);
	ledger_leg(&legs[n++], held, w->currency, w->amount, 1);
	ledger_leg(&legs[n++], pool, w->currency, w->amount, 0);
	ledger_leg(&legs[n++], POOL_GHS, "GHS", w->gross, 1);
	ledger_leg(&legs[n++], IN_FLIGHT, "GHS", w->ghs_amount, 0);
	if (money_cmp_text(w->fee, "0", 2) > 0)
		ledger_leg(&legs[n++], FEES, "GHS", w->fee, 0);
	if ((rc = ledger_post(db, "withdrawal.converted", w->id, legs, n)) != DB_OK)
		return rc;
	if ((rc = payout_start(db, w->payout_id, s->lease_seconds)) != DB_OK)
		return rc;
	return resource_event(db, &withdrawal_kind, s->id, w);
}

/* Pending w left pending without converting (failed or cancelled), in
 * the caller's transaction: the source amount returns from held to
 * available (once: the ledger's event key), the payout is dropped (its
 * float draw back), the event of w's new state. */
static int
undo_pending(struct db *db, struct withdrawal *w, const char *reason)
{
	char acct[LEDGER_CODE_MAX], held[LEDGER_CODE_MAX], id[ID_MAX];
	struct ledger_leg legs[2];
	enum db_rc rc;

	(void)strict_copy(id, sizeof(id), w->id); /* resource_event reloads w */
	partner_account(w, 0, acct, sizeof(acct));
	partner_account(w, 1, held, sizeof(held));
	ledger_leg(&legs[0], held, w->currency, w->amount, 1);
	ledger_leg(&legs[1], acct, w->currency, w->amount, 0);
	if ((rc = ledger_post(db, "withdrawal.refund", id, legs, 2)) != DB_OK)
		return rc;
	if ((rc = payout_drop(db, w->payout_id, reason)) != DB_OK)
		return rc;
	return resource_event(db, &withdrawal_kind, id, w);
}

/* The conversion failed: withdrawal.failed, the source amount back. */
static int
fail_pending_tx(struct db *db, void *arg)
{
	struct step *s = arg;
	enum db_rc rc;

	rc = leave_pending(db, s, DB_BIND(DB_WD_FAIL, wd_reason, .reason = s->reason,
	    .id = s->id));
	if (rc != DB_OK || !s->changed)
		return rc;
	return undo_pending(db, &s->w, s->reason);
}

/* Runs fn for withdrawal id; 1 when it moved, 0 when not, -1 on error. */
static int
step(struct ctx *ctx, const char *id, int (*fn)(struct db *, void *), const char *reason,
    const char *hash)
{
	struct step s;
	int rc;

	memset(&s, 0, sizeof(s));
	s.id = id;
	s.reason = reason;
	s.hash = hash;
	s.lease_seconds = ctx_call_lease(ctx);
	rc = db_tx(ctx->db, fn, &s);
	withdrawal_free(&s.w);
	if (rc != DB_OK) {
		log_event("error", "withdrawal %s: step failed (%d): %s", id, rc,
		    db_error(ctx->db));
		return -1;
	}
	if (s.changed && fn == processing_tx)
		payout_send(ctx, s.w.payout_id, withdrawal_owners); /* after the commit */
	return s.changed;
}

static int settle(struct ctx *ctx, const char *id);

/* The custody wallet cannot cover w (why): the program's hook (the
 * sandbox refills it); without one it waits for an operator. 1 when it
 * was refilled at once. */
static int
custody_short(struct ctx *ctx, const struct withdrawal *w, const char *why)
{
	if (ctx->hooks.custody_short != NULL)
		return ctx->hooks.custody_short(ctx, w->currency, w->amount, w->id);
	log_event("error", "withdrawal %s: the custody wallet %s cannot cover %s %s (%s); "
	    "it waits", w->id, ctx->cfg.chain_custody_wallet, w->amount, w->currency, why);
	return 0;
}

/*
 * cediramp-signer signed nothing for w (no says why): w stays pending,
 * held with the reason an operator sees (withdrawals.signer_hold, the
 * console's held withdrawals), and is asked for again at the next check
 * (a policy that changed, a signer that came back). 0.
 */
static int
signer_held(struct ctx *ctx, const struct withdrawal *w, const struct onchain_refusal *no)
{
	char reason[240];

	snprintf(reason, sizeof(reason), "%s: %s", no->rc == SIGNER_REFUSED ?
	    "refused by the signer's policy" : "the signer did not answer", no->reason);
	if (DB_EXEC(ctx->db, DB_WD_SIGNER_HOLD, wd_signer_hold, NULL, NULL, .reason = reason,
	    .id = w->id) != DB_OK)
		log_event("warn", "withdrawal %s: its hold was not recorded", w->id);
	check_later(ctx, w->id);
	return 0;
}

/* What the chain's refusal of a withdrawal's conversion means for it:
 * the gateway refusing it outright fails it (the source amount returns);
 * anything else waits for the next check. */
static int
refused(struct ctx *ctx, const struct withdrawal *w, enum chain_rc rc, const char *why)
{
	char reason[256];

	switch (rc) {
	case CHAIN_REJECTED:
		snprintf(reason, sizeof(reason), "the chain gateway refused the conversion: %s",
		    why);
		return step(ctx, w->id, fail_pending_tx, reason, NULL);
	case CHAIN_INSUFFICIENT:
		(void)custody_short(ctx, w, why);
		break;
	case CHAIN_SIGNER: {
		struct onchain_refusal no = { SIGNER_DOWN, "" };

		(void)strict_copy(no.reason, sizeof(no.reason), why);
		return signer_held(ctx, w, &no);
	}
	case CHAIN_ALLOWANCE:
		log_event("error", "withdrawal %s: the custody wallet %s has not approved "
		    "the gateway for %s %s; it waits", w->id, ctx->cfg.chain_custody_wallet,
		    w->amount, w->currency);
		break;
	default:
		break;
	}
	check_later(ctx, w->id);
	return 0;
}

struct record {
	struct ctx *ctx;
	const char *id;
	const struct chain_move *move;
	const struct chain_fees *fees;
	int recorded;
	struct onchain_refusal no; /* why cediramp-signer signed nothing */
};

/* The withdrawal's conversion, signed and stored with it, while it is
 * pending and has none yet. */
static int
record_tx(struct db *db, void *arg)
{
	struct record *k = arg;
	char hash[CHAIN_HASH_LEN + 1];
	struct withdrawal w;
	struct db_res res;
	enum db_rc rc;

	k->recorded = 0;
	if ((rc = resource_load_any(db, &withdrawal_kind, k->id, 1, &w)) != DB_OK)
		return rc;
	withdrawal_free(&w);
	if (strcmp(w.status, "pending") != 0 || w.tx_hash[0] != '\0')
		return DB_OK; /* someone else got here first */
	if ((rc = onchain_record(k->ctx, ONCHAIN_WITHDRAWAL, k->move, k->fees, hash,
	    &k->no)) != DB_OK)
		return rc;
	rc = DB_EXEC(db, DB_WD_SIGNED, wd_tx_hash, NULL, &res, .tx_hash = hash, .id = k->id);
	if (rc != DB_OK)
		return rc;
	if (res.affected != 1)
		return DB_FAIL;
	k->recorded = 1;
	return DB_OK;
}

/*
 * The first send of w's conversion from the custody wallet: the chain's
 * checks, then the signed transaction stored with the withdrawal, then
 * broadcast. Whatever happens after the commit, later passes only ever
 * broadcast those bytes again (onchain_advance).
 */
static int
first_send(struct ctx *ctx, struct withdrawal *w)
{
	struct chain_move move = { CHAIN_CONVERT, w->id, ctx->cfg.chain_custody_wallet,
		w->currency, w->amount };
	struct prov_chain *ch = providers_chain(&ctx->prov);
	struct chain_fees fees;
	struct record k;
	char why[200];
	enum chain_rc rc;

	if ((rc = onchain_prepare(ctx, &move, &fees, why, sizeof(why))) != CHAIN_OK)
		return refused(ctx, w, rc, why);
	memset(&k, 0, sizeof(k));
	k.ctx = ctx;
	k.id = w->id;
	k.move = &move;
	k.fees = &fees;
	if (db_tx(ctx->db, record_tx, &k) != DB_OK) {
		if (k.no.rc != SIGNER_OK)
			return signer_held(ctx, w, &k.no);
		log_event("error", "withdrawal %s: its conversion was not stored: %s", w->id,
		    db_error(ctx->db));
		check_later(ctx, w->id);
		return -1;
	}
	if (!k.recorded)
		return 0;
	if (DB_EXEC(ctx->db, DB_WD_SUBMITTED, by_id, NULL, NULL, .id = w->id) != DB_OK)
		log_event("warn", "withdrawal %s: its broadcast was not counted", w->id);
	rc = onchain_broadcast(ctx, w->id, why, sizeof(why));
	/* a gateway without signed transactions refuses at the broadcast */
	if (!ch->ops->nonces) {
		if (rc == CHAIN_INSUFFICIENT && custody_short(ctx, w, why) == 1)
			rc = onchain_broadcast(ctx, w->id, why, sizeof(why)); /* refilled */
		if (rc == CHAIN_REJECTED)
			return step(ctx, w->id, fail_pending_tx,
			    "the chain gateway refused the conversion", NULL);
	}
	return 1 + settle(ctx, w->id);
}

/* Moves w on from what the chain says of its conversion. */
static int
settle(struct ctx *ctx, const char *id)
{
	struct onchain_result r;
	char reason[256];
	struct withdrawal w;

	if (onchain_advance(ctx, id, &r) != 0) {
		check_later(ctx, id);
		return -1;
	}
	switch (r.state) {
	case ONCHAIN_CONFIRMED:
		return step(ctx, id, processing_tx, NULL, r.hash);
	case ONCHAIN_FAILED:
		snprintf(reason, sizeof(reason), "the conversion failed on chain: %s",
		    r.reason[0] ? r.reason : "reverted");
		return step(ctx, id, fail_pending_tx, reason, NULL);
	case ONCHAIN_REFUSED:
		if (resource_load_any(ctx->db, &withdrawal_kind, id, 0, &w) != DB_OK)
			return -1;
		withdrawal_free(&w);
		return refused(ctx, &w, r.refusal, r.reason);
	default:
		check_later(ctx, id);
		return 0;
	}
}

int
withdrawal_advance(struct ctx *ctx, const char *id)
{
	struct withdrawal w;
	int moved;

	if (resource_load_any(ctx->db, &withdrawal_kind, id, 0, &w) != DB_OK)
		return -1;
	withdrawal_free(&w);
	if (strcmp(w.status, "pending") != 0)
		return 0;
	if (w.tx_hash[0] == '\0') {
		moved = first_send(ctx, &w);
		return moved > 1 ? 1 : moved;
	}
	return settle(ctx, id);
}

/* The whole conversion of w undone: its GHS out of flight, the source
 * amount, exactly, back to the partner (once: the ledger's event key). */
static enum db_rc
refund(struct db *db, const struct withdrawal *w)
{
	char acct[LEDGER_CODE_MAX], pool[LEDGER_CODE_MAX];
	struct ledger_leg legs[5];
	size_t n = 0;

	partner_account(w, 0, acct, sizeof(acct));
	snprintf(pool, sizeof(pool), "house:pool:%s", w->currency);
	ledger_leg(&legs[n++], IN_FLIGHT, "GHS", w->ghs_amount, 1);
	if (money_cmp_text(w->fee, "0", 2) > 0)
		ledger_leg(&legs[n++], FEES, "GHS", w->fee, 1);
	ledger_leg(&legs[n++], POOL_GHS, "GHS", w->gross, 0);
	ledger_leg(&legs[n++], pool, w->currency, w->amount, 1);
	ledger_leg(&legs[n++], acct, w->currency, w->amount, 0);
	return ledger_post(db, "withdrawal.refund", w->id, legs, n);
}

/* What a withdrawal's payout did: its withdrawal follows. */
enum payout_end { PAYOUT_COMPLETED, PAYOUT_FAILED, PAYOUT_REVERSED };

/*
 * The withdrawal of payout p follows it, inside the payout's transaction:
 * processing -> completed or failed, or (its completed payout reversed)
 * completed -> failed; a failure refunds the source amount once; the
 * event of its new state.
 */
static int
follow_payout(struct db *db, const struct payout *p, enum payout_end end,
    const char *reason)
{
	const char *from = end == PAYOUT_REVERSED ? "completed" : "processing";
	struct withdrawal w;
	struct db_res res;
	enum db_rc rc;

	if ((rc = resource_load_any(db, &withdrawal_kind, p->owner.id, 1, &w)) != DB_OK)
		return rc == DB_DUP ? DB_FAIL : rc;
	withdrawal_free(&w);
	if (strcmp(w.status, from) != 0) {
		log_event("error", "withdrawal %s: its payout %s %s while it is %s", w.id,
		    p->id, end == PAYOUT_REVERSED ? "was reversed" : "settled", w.status);
		return DB_FAIL;
	}
	if (!reason)
		reason = "the payout failed";
	if (end == PAYOUT_COMPLETED)
		rc = DB_EXEC(db, DB_WD_COMPLETE, by_id, NULL, &res, .id = w.id);
	else if (end == PAYOUT_FAILED)
		rc = DB_EXEC(db, DB_WD_FAIL, wd_reason, NULL, &res, .reason = reason, .id = w.id);
	else
		rc = DB_EXEC(db, DB_WD_REVERSE, wd_reason, NULL, &res, .reason = reason,
		    .id = w.id);
	if (rc != DB_OK)
		return rc;
	if (res.affected != 1)
		return DB_FAIL;
	if (end != PAYOUT_COMPLETED && (rc = refund(db, &w)) != DB_OK)
		return rc;
	rc = resource_event(db, &withdrawal_kind, p->owner.id, &w);
	withdrawal_free(&w);
	return rc;
}

static int
payout_final(struct db *db, const struct payout *p, int completed, const char *reason)
{
	return follow_payout(db, p, completed ? PAYOUT_COMPLETED : PAYOUT_FAILED, reason);
}

static int
payout_reversed(struct db *db, const struct payout *p, const char *reason)
{
	return follow_payout(db, p, PAYOUT_REVERSED, reason);
}

const struct payout_owner_ops withdrawal_payout_owner = {
	.kind = "withdrawal",
	.final = payout_final,
	.reversed = payout_reversed,
};

const struct payout_owner_ops *const withdrawal_owners[] = { &withdrawal_payout_owner, NULL };
