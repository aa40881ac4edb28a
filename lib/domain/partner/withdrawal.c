#include "domain/partner/withdrawal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>


#include "core/currency.h"
#include "core/log.h"
#include "core/phone.h"
#include "core/strict.h"
#include "core/timefmt.h"
#include "domain/fxrate.h"
#include "domain/internal.h"
#include "domain/ledger.h"
#include "domain/outbox.h"
#include "domain/onchain.h"
#include "domain/payout.h"
#include "domain/partner/partner_request.h"
#include "domain/quote.h"
#include "domain/catalog.h"
#include "domain/tier_limit.h"
#include "providers/registry.h"

#define IN_FLIGHT "house:payouts_in_flight:GHS"
#define FEES "house:fees:GHS"
#define POOL_GHS "house:pool:GHS"
#define CHECK_BACKOFF_MAX 30 /* seconds between receipt checks, at most */
#define SANDBOX_ESTIMATE 15  /* seconds to completed: the simulators' pace */
#define LIVE_ESTIMATE 300

/* Column positions of WD_COLS (lib/store/db_stmt.c). */
enum { WC_ID, WC_PARTNER, WC_REFERENCE, WC_HASH, WC_QUOTE, WC_CURRENCY, WC_AMOUNT,
	WC_RATE, WC_GROSS, WC_FEE, WC_GHS, WC_PHONE, WC_NETWORK, WC_METADATA,
	WC_STATUS, WC_TX_HASH, WC_SUBMITS, WC_PAYOUT, WC_REASON, WC_CREATED,
	WC_PROCESSING, WC_COMPLETED, WC_PROVIDER_REF, WC_SENDS };

/* Column positions of DB_QUOTE_LOCK. */
enum { QL_USER, QL_API, QL_FROM, QL_AMOUNT, QL_RATE, QL_FEE_PERCENT, QL_GROSS,
	QL_FEE, QL_RECEIVE, QL_EXPIRED, QL_USED, QL_PARTNER };

static const char *const statuses[] = { "pending", "processing", "completed", "failed" };

int
withdrawal_status_valid(const char *s)
{
	size_t i;

	for (i = 0; s != NULL && i < sizeof(statuses) / sizeof(statuses[0]); i++)
		if (strcmp(s, statuses[i]) == 0)
			return 1;
	return 0;
}

void
withdrawal_free(struct withdrawal *w)
{
	free(w->metadata);
	w->metadata = NULL;
}

static int
from_row(const struct db_rows *rows, size_t row, struct withdrawal *w)
{
	const struct currency *cur;
	unsigned long long u;
	const char *v;

	memset(w, 0, sizeof(*w));
	v = db_cell(rows, row, WC_PARTNER);
	if (v == NULL || strict_uint(v, strlen(v), ~0ULL >> 1, &u) != 0)
		return -1;
	w->partner_id = (long long)u;
	v = db_cell(rows, row, WC_SUBMITS);
	if (v == NULL || strict_uint(v, strlen(v), 1000000, &u) != 0)
		return -1;
	w->submits = (unsigned)u;
	db_cell_copy(w->id, sizeof(w->id), rows, row, WC_ID);
	db_cell_copy(w->reference_id, sizeof(w->reference_id), rows, row, WC_REFERENCE);
	db_cell_copy(w->request_hash, sizeof(w->request_hash), rows, row, WC_HASH);
	db_cell_copy(w->quote_id, sizeof(w->quote_id), rows, row, WC_QUOTE);
	db_cell_copy(w->currency, sizeof(w->currency), rows, row, WC_CURRENCY);
	cur = currency_find(w->currency);
	v = db_cell(rows, row, WC_AMOUNT);
	if (cur == NULL || v == NULL ||
	    money_normalize(v, 18, cur->scale, w->amount, sizeof(w->amount)) != 0)
		return -1;
	fxrate_display(db_cell(rows, row, WC_RATE) ? db_cell(rows, row, WC_RATE) : "0.00",
	    w->rate, sizeof(w->rate));
	db_cell_copy(w->gross, sizeof(w->gross), rows, row, WC_GROSS);
	db_cell_copy(w->fee, sizeof(w->fee), rows, row, WC_FEE);
	db_cell_copy(w->ghs_amount, sizeof(w->ghs_amount), rows, row, WC_GHS);
	db_cell_copy(w->phone, sizeof(w->phone), rows, row, WC_PHONE);
	db_cell_copy(w->network, sizeof(w->network), rows, row, WC_NETWORK);
	if ((v = db_cell(rows, row, WC_METADATA)) != NULL && (w->metadata = strdup(v)) == NULL)
		return -1;
	db_cell_copy(w->status, sizeof(w->status), rows, row, WC_STATUS);
	db_cell_copy(w->tx_hash, sizeof(w->tx_hash), rows, row, WC_TX_HASH);
	db_cell_copy(w->payout_id, sizeof(w->payout_id), rows, row, WC_PAYOUT);
	db_cell_copy(w->failure_reason, sizeof(w->failure_reason), rows, row, WC_REASON);
	db_cell_copy(w->created_at, sizeof(w->created_at), rows, row, WC_CREATED);
	db_cell_copy(w->processing_at, sizeof(w->processing_at), rows, row, WC_PROCESSING);
	db_cell_copy(w->completed_at, sizeof(w->completed_at), rows, row, WC_COMPLETED);
	db_cell_copy(w->provider_ref, sizeof(w->provider_ref), rows, row, WC_PROVIDER_REF);
	return 0;
}

/* Runs stmt (one withdrawal's columns) with a; DB_OK with *w filled,
 * DB_DUP for no row, or the database's error. */
static enum db_rc
load_by(struct db *db, enum db_stmt stmt, const struct db_arg *a, size_t na,
    struct withdrawal *w)
{
	struct db_rows rows;
	enum db_rc rc;

	memset(w, 0, sizeof(*w));
	if ((rc = db_exec(db, stmt, a, na, &rows, NULL)) != DB_OK)
		return rc;
	if (rows.nrows == 0)
		rc = DB_DUP;
	else if (from_row(&rows, 0, w) != 0) {
		withdrawal_free(w);
		rc = DB_FAIL;
	}
	db_rows_free(&rows);
	return rc;
}

/* Withdrawal id of partner_id (anyone's when 0), locked when lock. */
static enum db_rc
load(struct db *db, const char *id, long long partner_id, int lock, struct withdrawal *w)
{
	struct db_arg a[2] = { DB_S(id), DB_I(partner_id) };

	return load_by(db, lock ? DB_WD_LOCK : DB_WD_GET, a, 2, w);
}

/* ---- JSON and events ---- */

static json_t *
str_or_null(const char *s)
{
	return s != NULL && s[0] != '\0' ? json_string(s) : json_null();
}

json_t *
withdrawal_json(const struct withdrawal *w, int sandbox, enum withdrawal_view view)
{
	int started = strcmp(w->status, "pending") != 0;
	json_t *o = json_pack("{s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s}",
	    "withdrawal_id", w->id, "status", w->status, "amount", w->amount,
	    "currency", w->currency, "ghs_amount", w->ghs_amount, "fx_rate", w->rate,
	    "recipient_phone", w->phone, "mobile_network", w->network,
	    "reference_id", w->reference_id);
	long long us;
	char when[40];
	int ok;

	if (o == NULL)
		return NULL;
	ok = json_object_set_new(o, "created_at", json_string(w->created_at)) == 0;
	if (view == WITHDRAWAL_LIST)
		return ok && json_object_set_new(o, "completed_at",
		    str_or_null(w->completed_at)) == 0 ? o : (json_decref(o), NULL);
	ok = ok && json_object_set_new(o, "fee", json_string(w->fee)) == 0;
	if (view == WITHDRAWAL_CREATE) {
		if (timefmt_iso_to_us(w->created_at, 0, &us) != 0)
			us = (long long)time(NULL) * 1000000LL;
		timefmt_iso(us / 1000000LL + (sandbox ? SANDBOX_ESTIMATE : LIVE_ESTIMATE),
		    when, sizeof(when));
		ok = ok && json_object_set_new(o, "estimated_completion", json_string(when)) == 0;
		return ok ? o : (json_decref(o), NULL);
	}
	/* the hash and the reference mean something once they went out */
	ok = ok && json_object_set_new(o, "on_chain_tx_hash",
	    started && w->submits > 0 ? json_string(w->tx_hash) : json_null()) == 0 &&
	    json_object_set_new(o, "mobile_money_reference", started &&
	    w->processing_at[0] ? json_string(w->provider_ref) : json_null()) == 0 &&
	    json_object_set_new(o, "processing_at", str_or_null(w->processing_at)) == 0 &&
	    json_object_set_new(o, "completed_at", str_or_null(w->completed_at)) == 0 &&
	    json_object_set_new(o, "failure_reason", str_or_null(w->failure_reason)) == 0 &&
	    json_object_set_new(o, "metadata", w->metadata ?
	    json_loads(w->metadata, 0, NULL) : json_null()) == 0;
	return ok ? o : (json_decref(o), NULL);
}

/* The event's data: the spec's fields; the completed event's extras. */
static json_t *
event_data(const struct withdrawal *w)
{
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

/* Reads withdrawal id into *w as it now stands (inside the transaction
 * that changed it) and writes its event for that status
 * ("withdrawal.<status>"). w is the caller's to withdrawal_free. */
static enum db_rc
event_now(struct db *db, const char *id, struct withdrawal *w)
{
	char type[40];
	json_t *data;
	enum db_rc rc;

	withdrawal_free(w);
	if ((rc = load(db, id, 0, 0, w)) != DB_OK)
		return rc == DB_DUP ? DB_FAIL : rc;
	snprintf(type, sizeof(type), "withdrawal.%s", w->status);
	if ((data = event_data(w)) == NULL)
		return DB_FAIL;
	rc = outbox_add(db, type, OUTBOX_PARTNER, w->partner_id, w->id, data);
	json_decref(data);
	return rc;
}

/* ---- create ---- */

struct create {
	const struct caller *who;
	const struct withdrawal_req *in;
	const struct currency *coin;
	char amount[MONEY_MAX_TEXT];     /* at the coin's scale */
	const char *metadata;            /* canonical, or NULL */
	char hash[65];
	struct quote q;                  /* the price: the quote's, or the live rate's */
	int quoted;                      /* q is a stored quote (quote_id) */
	int sandbox;
	struct withdrawal *out;
	int existing;                    /* 1: the reference made it already */
	struct outcome *o;
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

	return partner_request_hash(part, 7, k->hash);
}

/* The existing withdrawal under k's reference: DB_OK (k->existing set, or
 * ERR_DUPLICATE_REFERENCE in o and DB_FAIL when the request differs),
 * DB_DUP when there is none, or the database's error. */
static enum db_rc
find_existing(struct db *db, struct create *k)
{
	struct db_arg a[2] = { DB_I(k->who->id), DB_S(k->in->reference_id) };
	enum db_rc rc;

	if ((rc = load_by(db, DB_WD_BY_REFERENCE, a, 2, k->out)) != DB_OK)
		return rc;
	if (strcmp(k->out->request_hash, k->hash) != 0) {
		withdrawal_free(k->out);
		outcome_fail(k->o, ERR_DUPLICATE_REFERENCE, "reference_id %s was used for "
		    "a different withdrawal (%s)", k->in->reference_id, k->out->id);
		return DB_FAIL;
	}
	k->existing = 1;
	return DB_OK;
}

/* Quote row q (DB_QUOTE_LOCK) for k: ERR_OK with k->q priced from it, or
 * the error in k->o. */
static enum err
use_quote(struct create *k, const struct db_rows *q)
{
	char qamount[MONEY_MAX_TEXT];
	unsigned long long owner;
	const char *v = q->nrows == 1 ? db_cell(q, 0, QL_PARTNER) : NULL;

	if (v == NULL || strcmp(db_cell(q, 0, QL_API), "partner") != 0 ||
	    strict_uint(v, strlen(v), ~0ULL >> 1, &owner) != 0 ||
	    (long long)owner != k->who->id)
		return outcome_fail(k->o, ERR_NOT_FOUND, "No quote with that quote_id");
	if (strcmp(db_cell(q, 0, QL_USED), "1") == 0)
		return outcome_fail(k->o, ERR_QUOTE_EXPIRED,
		    "The quote has already locked a withdrawal; fetch a new one");
	if (strcmp(db_cell(q, 0, QL_EXPIRED), "1") == 0)
		return outcome_fail(k->o, ERR_QUOTE_EXPIRED,
		    "The quote is past its valid_until; fetch a new one");
	if (strcmp(db_cell(q, 0, QL_FROM), k->coin->code) != 0)
		return outcome_field(k->o, ERR_VALIDATION, "currency", "does not match the quote");
	if (money_normalize(db_cell(q, 0, QL_AMOUNT), 18, k->coin->scale, qamount,
	    sizeof(qamount)) != 0 || strcmp(qamount, k->amount) != 0)
		return outcome_field(k->o, ERR_VALIDATION, "amount", "does not match the quote");
	memset(&k->q, 0, sizeof(k->q));
	k->q.from = k->coin;
	(void)strict_copy(k->q.amount, sizeof(k->q.amount), k->amount);
	db_cell_copy(k->q.rate_exact, sizeof(k->q.rate_exact), q, 0, QL_RATE);
	fxrate_display(k->q.rate_exact, k->q.rate, sizeof(k->q.rate));
	db_cell_copy(k->q.gross, sizeof(k->q.gross), q, 0, QL_GROSS);
	db_cell_copy(k->q.fee, sizeof(k->q.fee), q, 0, QL_FEE);
	db_cell_copy(k->q.receive, sizeof(k->q.receive), q, 0, QL_RECEIVE);
	return ERR_OK;
}

/* Reads (and in a transaction locks) quote_id for k. DB_OK with k->q
 * priced; DB_FAIL with the error in k->o; or the database's error. */
static enum db_rc
read_quote(struct db *db, struct create *k)
{
	struct db_arg a[1] = { DB_S(k->in->quote_id) };
	struct db_rows rows;
	enum db_rc rc;
	enum err e;

	if ((rc = db_exec(db, DB_QUOTE_LOCK, a, 1, &rows, NULL)) != DB_OK)
		return rc;
	e = use_quote(k, &rows);
	db_rows_free(&rows);
	return e == ERR_OK ? DB_OK : DB_FAIL;
}

/*
 * The withdrawal's row, the hold of its source amount, its payout (float
 * drawn), the quote's use and withdrawal.pending, in one transaction
 * under the partner row's lock, which also orders requests racing for one
 * reference_id (the UNIQUE key backs it).
 */
static int
create_tx(struct db *db, void *arg)
{
	struct create *k = arg;
	const struct withdrawal_req *in = k->in;
	char acct[LEDGER_CODE_MAX], held[LEDGER_CODE_MAX], bal[MONEY_MAX_TEXT];
	char id[ID_MAX], payout_id[ID_MAX];
	struct ledger_leg legs[2];
	struct payout_wd pw;
	struct db_arg a[17];
	struct db_res res;
	enum db_rc rc;
	int covered;

	outcome_init(k->o);
	k->existing = 0;
	withdrawal_free(k->out); /* a retried transaction starts over */
	a[0] = DB_I(k->who->id);
	if ((rc = db_exec(db, DB_PARTNER_LOCK, a, 1, NULL, NULL)) != DB_OK)
		return rc;
	if ((rc = find_existing(db, k)) != DB_DUP)
		return rc; /* made already (DB_OK: nothing to write), or refused */
	if (k->quoted && (rc = read_quote(db, k)) != DB_OK)
		return rc;
	if ((rc = tier_limit_check(db, k->who, TIER_WITHDRAWALS, k->q.receive, k->o)) != DB_OK)
		return rc;
	snprintf(acct, sizeof(acct), "partner:%lld:%s", k->who->id, k->coin->code);
	snprintf(held, sizeof(held), "partner:%lld:%s:held", k->who->id, k->coin->code);
	if ((rc = ledger_balance(db, acct, k->coin->scale, bal, sizeof(bal))) != DB_OK)
		return rc;
	if (money_cmp_text(bal, k->amount, k->coin->scale) < 0) {
		outcome_fail(k->o, ERR_INSUFFICIENT_BALANCE, "The withdrawal needs %s %s; "
		    "%s %s is available", k->amount, k->coin->code, bal, k->coin->code);
		return DB_FAIL;
	}
	if (k->quoted) {
		a[0] = DB_S(in->quote_id);
		if ((rc = db_exec(db, DB_QUOTE_MARK_USED, a, 1, NULL, &res)) != DB_OK)
			return rc;
		if (res.affected != 1)
			return DB_FAIL;
	}
	if (id_new(id, sizeof(id), "wd_") != 0)
		return DB_FAIL;
	pw.withdrawal_id = id;
	pw.network = in->network;
	pw.phone = in->phone;
	pw.amount = k->q.receive;
	pw.reference = in->reference_id;
	if ((rc = payout_add_withdrawal(db, k->sandbox, &pw, payout_id, &covered)) != DB_OK)
		return rc;
	if (!covered) {
		outcome_fail(k->o, ERR_INSUFFICIENT_LIQUIDITY, "The %s payout float cannot "
		    "cover %s GHS right now; try again later", in->network, k->q.receive);
		return DB_FAIL;
	}
	a[0] = DB_S(id);
	a[1] = DB_I(k->who->id);
	a[2] = DB_S(in->reference_id);
	a[3] = DB_S(k->hash);
	a[4] = k->quoted ? DB_S(in->quote_id) : DB_NULL;
	a[5] = DB_S(k->coin->code);
	a[6] = DB_S(k->amount);
	a[7] = DB_S(k->q.rate_exact);
	a[8] = DB_S(k->q.gross);
	a[9] = DB_S(k->q.fee);
	a[10] = DB_S(k->q.receive);
	a[11] = DB_S(in->phone);
	a[12] = DB_S(in->network);
	a[13] = k->metadata ? DB_S(k->metadata) : DB_NULL;
	a[14] = DB_NULL; /* signed when the worker first sends it */
	a[15] = DB_S(payout_id);
	if ((rc = db_exec(db, DB_WD_INSERT, a, 16, NULL, NULL)) != DB_OK)
		return rc;
	ledger_leg(&legs[0], acct, k->coin->code, k->amount, 1);
	ledger_leg(&legs[1], held, k->coin->code, k->amount, 0);
	if ((rc = ledger_post(db, "withdrawal.hold", id, legs, 2)) != DB_OK)
		return rc;
	return event_now(db, id, k->out); /* also the answer: one read */
}

/* The checks that need no database: currency, amount, phone, network,
 * metadata (canonical text into *md). */
static enum err
check_request(struct create *k, char **md)
{
	const struct withdrawal_req *in = k->in;
	mpz_t v;
	int ok;

	*md = NULL;
	k->coin = currency_find(in->currency);
	if (k->coin == NULL || !(k->coin->flags & CURRENCY_PARTNER))
		return outcome_field(k->o, ERR_INVALID_CURRENCY, "currency", "USDC or USDT");
	mpz_init(v);
	ok = money_parse(in->amount, k->coin->scale, v) == MONEY_OK && mpz_sgn(v) > 0 &&
	    money_format(v, k->coin->scale, k->amount, sizeof(k->amount)) == 0;
	mpz_clear(v);
	if (!ok)
		return outcome_field(k->o, ERR_VALIDATION, "amount",
		    "a positive decimal string with at most 6 places");
	if (!phone_valid(in->phone))
		return outcome_field(k->o, ERR_INVALID_PHONE, "recipient_phone",
		    "E.164, a Ghana mobile number: +233 and 9 digits");
	if (catalog_network(in->network) == NULL)
		return outcome_field(k->o, ERR_PROVIDER_NOT_FOUND, "mobile_network",
		    "MTN, TELECEL or AIRTELTIGO");
	return partner_request_metadata(in->metadata, md, k->o);
}

/* The price at the live rate, as GET /v1/rates would quote it. */
static enum err
live_price(struct ctx *ctx, struct create *k)
{
	enum err e = quote_live(ctx, k->coin, k->amount, &k->q, k->o);

	if (e == ERR_INVALID_AMOUNT)
		return outcome_field(k->o, ERR_VALIDATION, "amount",
		    "too small: nothing is left after the fee");
	return e;
}

/* ghs_amount against the network's bounds; then the network's health. */
static enum err
check_network(struct ctx *ctx, const struct create *k)
{
	const struct network *n = catalog_network(k->in->network);
	const struct prov_momo *m = providers_momo(&ctx->prov, k->in->network);

	if (n == NULL || m == NULL)
		return outcome_err(k->o, ERR_INTERNAL);
	if (money_cmp_text(k->q.receive, n->min_amount, 2) < 0)
		return outcome_fail(k->o, ERR_BELOW_MINIMUM, "ghs_amount %s is below the "
		    "%s minimum of %s GHS", k->q.receive, n->id, n->min_amount);
	if (money_cmp_text(k->q.receive, n->max_amount, 2) > 0)
		return outcome_fail(k->o, ERR_ABOVE_MAXIMUM, "ghs_amount %s is above the "
		    "%s maximum of %s GHS", k->q.receive, n->id, n->max_amount);
	if (prov_http_probe(m->ep.url, m->ops->health_path, m->ep.timeout_ms) == PROV_DOWN)
		return outcome_fail(k->o, ERR_PROVIDER_UNAVAILABLE,
		    "The %s mobile money network is down; try again later", n->id);
	return ERR_OK;
}

enum err
withdrawal_create(struct ctx *ctx, const struct caller *who,
    const struct withdrawal_req *in, struct withdrawal *out, int *created,
    struct outcome *o)
{
	struct create k;
	char *md = NULL;
	enum err e;
	int rc;

	memset(out, 0, sizeof(*out));
	memset(&k, 0, sizeof(k));
	*created = 0;
	k.who = who;
	k.in = in;
	k.out = out;
	k.o = o;
	k.sandbox = ctx->cfg.sandbox;
	if ((e = check_request(&k, &md)) != ERR_OK)
		goto done;
	k.metadata = md;
	if (request_hash(&k) != 0) {
		e = outcome_err(o, ERR_INTERNAL);
		goto done;
	}
	/* the same request again answers as the first did, whatever changed
	 * since (an expired quote, a network down) */
	switch (find_existing(ctx->db, &k)) {
	case DB_OK:
		e = ERR_OK;
		goto done;
	case DB_DUP:
		break;
	case DB_FAIL:
		e = o->err != ERR_OK ? o->err : outcome_err(o, ERR_INTERNAL);
		goto done;
	default:
		e = outcome_err(o, ERR_SERVICE_UNAVAILABLE);
		goto done;
	}
	if (in->quote_id != NULL) {
		k.quoted = 1;
		if (!id_has_shape(in->quote_id, "qt_")) {
			e = outcome_fail(o, ERR_NOT_FOUND, "No quote with that quote_id");
			goto done;
		}
		/* priced from the quote now; checked again under its lock */
		rc = read_quote(ctx->db, &k);
		if (rc != DB_OK) {
			e = o->err != ERR_OK ? o->err : outcome_err(o, ERR_SERVICE_UNAVAILABLE);
			goto done;
		}
	} else if ((e = live_price(ctx, &k)) != ERR_OK) {
		goto done;
	}
	if ((e = check_network(ctx, &k)) != ERR_OK)
		goto done;
	rc = db_tx(ctx->db, create_tx, &k);
	if (rc == DB_DUP && o->err == ERR_OK) {
		/* lost a race for the reference to a request that committed */
		rc = find_existing(ctx->db, &k) == DB_OK ? DB_OK : DB_FAIL;
		k.existing = rc == DB_OK;
	}
	if (rc != DB_OK) {
		if (o->err != ERR_OK)
			e = o->err;
		else if (rc == DB_CHECK) /* a balance would go below zero: a race lost */
			e = outcome_err(o, ERR_INSUFFICIENT_BALANCE);
		else
			e = outcome_err(o, rc == DB_DOWN || rc == DB_RETRY ?
			    ERR_SERVICE_UNAVAILABLE : ERR_INTERNAL);
		goto done;
	}
	*created = !k.existing;
	o->changed = *created;
	e = ERR_OK;
done:
	free(md);
	if (e != ERR_OK)
		withdrawal_free(out);
	return e;
}

/* ---- reading ---- */

enum err
withdrawal_get(struct ctx *ctx, const struct caller *who, const char *id,
    struct withdrawal *out, struct outcome *o)
{
	enum db_rc rc;

	memset(out, 0, sizeof(*out));
	if (!id_has_shape(id, "wd_"))
		return outcome_fail(o, ERR_NOT_FOUND, "No withdrawal with that id");
	rc = load(ctx->db, id, who->id, 0, out);
	if (rc == DB_DUP)
		return outcome_fail(o, ERR_NOT_FOUND, "No withdrawal with that id");
	return rc == DB_OK ? ERR_OK : domain_db_fail(o, rc, "read the withdrawal");
}

/* The filter's arguments: the partner, then each filter twice. */
static void
filter_args(long long partner_id, const struct withdrawal_filter *f, struct db_arg *a)
{
	const char *v[4] = { f->status, f->from, f->to, f->reference_id };
	size_t i;

	a[0] = DB_I(partner_id);
	for (i = 0; i < 4; i++)
		a[1 + 2 * i] = a[2 + 2 * i] = v[i] ? DB_S(v[i]) : DB_NULL;
}

enum err
withdrawal_list(struct ctx *ctx, const struct caller *who,
    const struct withdrawal_filter *f, unsigned long long offset, size_t limit,
    struct withdrawal *out, size_t *n, unsigned long long *total, struct outcome *o)
{
	struct db_arg a[11];
	struct db_rows rows;
	enum db_rc rc;
	size_t i;
	const char *v;

	*n = 0;
	*total = 0;
	if (limit > WITHDRAWAL_PAGE_MAX)
		limit = WITHDRAWAL_PAGE_MAX;
	filter_args(who->id, f, a);
	if ((rc = db_exec(ctx->db, DB_WD_COUNT, a, 9, &rows, NULL)) != DB_OK)
		return domain_db_fail(o, rc, "count the withdrawals");
	v = db_cell(&rows, 0, 0);
	if (v == NULL || strict_uint(v, strlen(v), ~0ULL >> 1, total) != 0) {
		db_rows_free(&rows);
		return outcome_err(o, ERR_INTERNAL);
	}
	db_rows_free(&rows);
	if (offset >= *total || limit == 0)
		return ERR_OK;
	a[9] = DB_I((long long)limit);
	a[10] = DB_I((long long)offset);
	if ((rc = db_exec(ctx->db, DB_WD_PAGE, a, 11, &rows, NULL)) != DB_OK)
		return domain_db_fail(o, rc, "read the withdrawals");
	for (i = 0; i < rows.nrows && i < limit; i++) {
		if (from_row(&rows, i, &out[i]) != 0) {
			withdrawal_free(&out[i]);
			while (i-- > 0)
				withdrawal_free(&out[i]);
			db_rows_free(&rows);
			return outcome_err(o, ERR_INTERNAL);
		}
	}
	*n = i;
	db_rows_free(&rows);
	return ERR_OK;
}

/* ---- the worker ---- */

int
withdrawal_claim(struct ctx *ctx, int n, int lease_seconds, char (*out)[ID_MAX])
{
	return db_claim(ctx->db, DB_WD_CLAIM, DB_WD_LEASE, n, lease_seconds, out[0], ID_MAX);
}

static void
check_later(struct ctx *ctx, const char *id)
{
	struct db_arg a[2] = { DB_I(CHECK_BACKOFF_MAX), DB_S(id) };

	if (db_exec(ctx->db, DB_WD_CHECK_LATER, a, 2, NULL, NULL) != DB_OK)
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
 * it on with stmt (args a): s->changed says whether it moved (0: someone
 * moved it meanwhile). DB_OK or the database's error. */
static int
leave_pending(struct db *db, struct step *s, enum db_stmt stmt, const struct db_arg *a,
    size_t n)
{
	struct db_res res;
	enum db_rc rc;

	s->changed = 0;
	withdrawal_free(&s->w);
	if ((rc = load(db, s->id, 0, 1, &s->w)) != DB_OK)
		return rc;
	if (strcmp(s->w.status, "pending") != 0)
		return DB_OK;
	if ((rc = db_exec(db, stmt, a, n, NULL, &res)) != DB_OK)
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
	struct db_arg a[2];
	enum db_rc rc;
	size_t n = 0;

	a[0] = s->hash != NULL ? DB_S(s->hash) : DB_NULL;
	a[1] = DB_S(s->id);
	if ((rc = leave_pending(db, s, DB_WD_PROCESSING, a, 2)) != DB_OK || !s->changed)
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
	if ((rc = payout_start_withdrawal(db, w->payout_id, s->lease_seconds)) != DB_OK)
		return rc;
	return event_now(db, s->id, w);
}

/* The conversion failed: the source amount returns from held to
 * available, the payout is dropped (its float draw back); withdrawal.failed. */
static int
fail_pending_tx(struct db *db, void *arg)
{
	struct step *s = arg;
	struct withdrawal *w = &s->w;
	char acct[LEDGER_CODE_MAX], held[LEDGER_CODE_MAX];
	struct ledger_leg legs[2];
	struct db_arg a[2];
	enum db_rc rc;

	a[0] = DB_S(s->reason);
	a[1] = DB_S(s->id);
	if ((rc = leave_pending(db, s, DB_WD_FAIL, a, 2)) != DB_OK || !s->changed)
		return rc;
	partner_account(w, 0, acct, sizeof(acct));
	partner_account(w, 1, held, sizeof(held));
	ledger_leg(&legs[0], held, w->currency, w->amount, 1);
	ledger_leg(&legs[1], acct, w->currency, w->amount, 0);
	if ((rc = ledger_post(db, "withdrawal.refund", w->id, legs, 2)) != DB_OK)
		return rc;
	if ((rc = payout_drop_withdrawal(db, w->payout_id, s->reason)) != DB_OK)
		return rc;
	return event_now(db, s->id, w);
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
		payout_send(ctx, s.w.payout_id, &withdrawal_payout_hooks); /* after the commit */
	return s.changed;
}

static int settle(struct ctx *ctx, const char *id);

/*
 * The sandbox's custody wallet is topped up when it runs short, as if the
 * partners' deposits had arrived on chain: the simulator's faucet, or a
 * mint of the sandbox token on a real node. Production waits (and says so).
 */
static void
custody_short(struct ctx *ctx, const struct withdrawal *w, const char *why)
{
	struct prov_chain *ch = providers_chain(&ctx->prov);
	const char *custody = ctx->cfg.chain_custody_wallet;
	char bal[64], mint[ID_MAX], hash[CHAIN_HASH_LEN + 1], reason[200];

	if (!ctx->cfg.sandbox) {
		log_event("error", "withdrawal %s: the custody wallet %s cannot cover %s %s "
		    "(%s); it waits", w->id, custody, w->amount, w->currency, why);
		return;
	}
	if (ch->ops->faucet != NULL)
		(void)ch->ops->faucet(ch, custody, w->currency, w->amount, bal, sizeof(bal));
	else if (onchain_mint(ctx, custody, w->currency, w->amount, mint, hash, reason,
	    sizeof(reason)) != CHAIN_OK)
		log_event("warn", "withdrawal %s: the sandbox custody top-up failed: %s",
		    w->id, reason);
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
		custody_short(ctx, w, why);
		break;
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
};

/* The withdrawal's conversion, signed and stored with it, while it is
 * pending and has none yet. */
static int
record_tx(struct db *db, void *arg)
{
	struct record *k = arg;
	char hash[CHAIN_HASH_LEN + 1];
	struct withdrawal w;
	struct db_arg a[2];
	struct db_res res;
	enum db_rc rc;

	k->recorded = 0;
	if ((rc = load(db, k->id, 0, 1, &w)) != DB_OK)
		return rc;
	withdrawal_free(&w);
	if (strcmp(w.status, "pending") != 0 || w.tx_hash[0] != '\0')
		return DB_OK; /* someone else got here first */
	if ((rc = onchain_record(k->ctx, ONCHAIN_WITHDRAWAL, k->move, k->fees, hash)) != DB_OK)
		return rc;
	a[0] = DB_S(hash);
	a[1] = DB_S(k->id);
	if ((rc = db_exec(db, DB_WD_SIGNED, a, 2, NULL, &res)) != DB_OK)
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
	struct db_arg a[1] = { DB_S(w->id) };
	struct chain_fees fees;
	struct record k;
	char why[200];
	enum chain_rc rc;

	if ((rc = onchain_prepare(ctx, &move, &fees, why, sizeof(why))) != CHAIN_OK)
		return refused(ctx, w, rc, why);
	k = (struct record){ ctx, w->id, &move, &fees, 0 };
	if (db_tx(ctx->db, record_tx, &k) != DB_OK) {
		log_event("error", "withdrawal %s: its conversion was not stored: %s", w->id,
		    db_error(ctx->db));
		check_later(ctx, w->id);
		return -1;
	}
	if (!k.recorded)
		return 0;
	if (db_exec(ctx->db, DB_WD_SUBMITTED, a, 1, NULL, NULL) != DB_OK)
		log_event("warn", "withdrawal %s: its broadcast was not counted", w->id);
	rc = onchain_broadcast(ctx, w->id, why, sizeof(why));
	if ((rc == CHAIN_INSUFFICIENT || rc == CHAIN_REJECTED) && ch->ops->signer(ch) == NULL) {
		/* the simulator said no: a custody top-up (sandbox) and once more */
		if (rc == CHAIN_INSUFFICIENT) {
			custody_short(ctx, w, why);
			rc = onchain_broadcast(ctx, w->id, why, sizeof(why));
		}
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
		if (load(ctx->db, id, 0, 0, &w) != DB_OK)
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

	if (load(ctx->db, id, 0, 0, &w) != DB_OK)
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

int
withdrawal_payout_final(struct db *db, const struct payout *p, int completed,
    const char *reason)
{
	char acct[LEDGER_CODE_MAX], pool[LEDGER_CODE_MAX];
	struct ledger_leg legs[5];
	struct withdrawal w;
	struct db_arg a[2];
	struct db_res res;
	enum db_rc rc;
	size_t n = 0;

	if ((rc = load(db, p->withdrawal_id, 0, 1, &w)) != DB_OK)
		return rc == DB_DUP ? DB_FAIL : rc;
	withdrawal_free(&w);
	if (strcmp(w.status, "processing") != 0) {
		log_event("error", "withdrawal %s: its payout %s settled while it is %s",
		    w.id, p->id, w.status);
		return DB_FAIL;
	}
	if (completed) {
		a[0] = DB_S(w.id);
		rc = db_exec(db, DB_WD_COMPLETE, a, 1, NULL, &res);
	} else {
		a[0] = DB_S(reason ? reason : "the payout failed");
		a[1] = DB_S(w.id);
		rc = db_exec(db, DB_WD_FAIL, a, 2, NULL, &res);
	}
	if (rc != DB_OK)
		return rc;
	if (res.affected != 1)
		return DB_FAIL;
	if (!completed) {
		/* the whole conversion undone: the source amount, exactly, back */
		partner_account(&w, 0, acct, sizeof(acct));
		snprintf(pool, sizeof(pool), "house:pool:%s", w.currency);
		ledger_leg(&legs[n++], IN_FLIGHT, "GHS", w.ghs_amount, 1);
		if (money_cmp_text(w.fee, "0", 2) > 0)
			ledger_leg(&legs[n++], FEES, "GHS", w.fee, 1);
		ledger_leg(&legs[n++], POOL_GHS, "GHS", w.gross, 0);
		ledger_leg(&legs[n++], pool, w.currency, w.amount, 1);
		ledger_leg(&legs[n++], acct, w.currency, w.amount, 0);
		if ((rc = ledger_post(db, "withdrawal.refund", w.id, legs, n)) != DB_OK)
			return rc;
	}
	rc = event_now(db, p->withdrawal_id, &w);
	withdrawal_free(&w);
	return rc;
}

const struct payout_hooks withdrawal_payout_hooks = {
	.user_pending = NULL,
	.withdrawal_final = withdrawal_payout_final,
};
