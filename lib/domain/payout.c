#include "domain/payout.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "core/log.h"
#include "core/phone.h"
#include "core/strict.h"
#include "core/timefmt.h"
#include "core/currency.h"
#include "domain/conversion.h"
#include "domain/internal.h"
#include "domain/quote.h"
#include "domain/ledger.h"
#include "domain/outbox.h"
#include "domain/payout_float.h"
#include "domain/catalog.h"
#include "domain/tier_limit.h"
#include "domain/withdrawal.h"
#include "providers/registry.h"

#define IN_FLIGHT "house:payouts_in_flight:GHS"
#define FEES "house:fees:GHS"
#define CHECK_BACKOFF_MAX 300 /* seconds between status checks, at most */

/* Column positions of PO_COLS (lib/store/db_stmt.c). */
enum { PC_ID, PC_USER, PC_BEN, PC_PROVIDER, PC_PHONE, PC_NAME, PC_AMOUNT, PC_FEE,
	PC_CURRENCY, PC_REFERENCE, PC_PROVIDER_REF, PC_STATUS, PC_REASON, PC_SENDS,
	PC_CREATED, PC_PROCESSING, PC_COMPLETED, PC_CREATED_DB, PC_CONVERSION,
	PC_WITHDRAWAL };
_Static_assert(PC_WITHDRAWAL + 1 == PAYOUT_NCOLS, "PAYOUT_NCOLS is PO_COLS' width");

int
payout_from_row(const struct db_rows *rows, size_t row, struct payout *p)
{
	const struct network *n;
	unsigned long long u;
	const char *v = db_cell(rows, row, PC_USER);

	memset(p, 0, sizeof(*p));
	/* a withdrawal's payout has no user */
	if (v != NULL && strict_uint(v, strlen(v), ~0ULL >> 1, &u) != 0)
		return -1;
	p->user_id = v != NULL ? (long long)u : 0;
	v = db_cell(rows, row, PC_SENDS);
	if (v == NULL || strict_uint(v, strlen(v), 1000000, &u) != 0)
		return -1;
	p->sends = (unsigned)u;
	db_cell_copy(p->id, sizeof(p->id), rows, row, PC_ID);
	db_cell_copy(p->beneficiary_id, sizeof(p->beneficiary_id), rows, row, PC_BEN);
	db_cell_copy(p->provider, sizeof(p->provider), rows, row, PC_PROVIDER);
	db_cell_copy(p->phone, sizeof(p->phone), rows, row, PC_PHONE);
	db_cell_copy(p->account_name, sizeof(p->account_name), rows, row, PC_NAME);
	db_cell_copy(p->amount, sizeof(p->amount), rows, row, PC_AMOUNT);
	db_cell_copy(p->fee, sizeof(p->fee), rows, row, PC_FEE);
	db_cell_copy(p->currency, sizeof(p->currency), rows, row, PC_CURRENCY);
	db_cell_copy(p->reference, sizeof(p->reference), rows, row, PC_REFERENCE);
	db_cell_copy(p->provider_ref, sizeof(p->provider_ref), rows, row, PC_PROVIDER_REF);
	db_cell_copy(p->status, sizeof(p->status), rows, row, PC_STATUS);
	db_cell_copy(p->failure_reason, sizeof(p->failure_reason), rows, row, PC_REASON);
	db_cell_copy(p->created_at, sizeof(p->created_at), rows, row, PC_CREATED);
	db_cell_copy(p->processing_at, sizeof(p->processing_at), rows, row, PC_PROCESSING);
	db_cell_copy(p->completed_at, sizeof(p->completed_at), rows, row, PC_COMPLETED);
	db_cell_copy(p->created_db, sizeof(p->created_db), rows, row, PC_CREATED_DB);
	db_cell_copy(p->conversion_id, sizeof(p->conversion_id), rows, row, PC_CONVERSION);
	db_cell_copy(p->withdrawal_id, sizeof(p->withdrawal_id), rows, row, PC_WITHDRAWAL);
	n = catalog_network(p->provider);
	(void)strict_copy(p->provider_name, sizeof(p->provider_name), n ? n->name : p->provider);
	return 0;
}

json_t *
payout_json(const struct payout *p)
{
	return json_pack("{s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:o,s:s,s:s}",
	    "transactionId", p->id, "beneficiaryId", p->beneficiary_id,
	    "provider", p->provider, "phone", p->phone, "amount", p->amount,
	    "currency", p->currency, "fee", p->fee, "status", p->status,
	    "reference", p->reference[0] ? json_string(p->reference) : json_null(),
	    "createdAt", p->created_at, "estimatedArrival", "1-5 minutes");
}

/* Loads payout id (of user_id, or anyone's when 0), locked when lock.
 * DB_OK, DB_DUP for no such row, or the database's error. */
static enum db_rc
load(struct db *db, const char *id, long long user_id, int lock, struct payout *p)
{
	struct db_arg a[2] = { DB_S(id), DB_I(user_id) };
	struct db_rows rows;
	enum db_rc rc;

	rc = db_exec(db, lock ? DB_PAYOUT_LOCK : DB_PAYOUT_GET, a, 2, &rows, NULL);
	if (rc != DB_OK)
		return rc;
	if (rows.nrows == 0)
		rc = DB_DUP;
	else if (payout_from_row(&rows, 0, p) != 0)
		rc = DB_FAIL;
	db_rows_free(&rows);
	return rc;
}

enum err
payout_get(struct ctx *ctx, const struct caller *who, const char *id,
    struct payout *out, struct outcome *o)
{
	enum db_rc rc;

	/* not an id at all (bytes outside the id alphabet): no query */
	if (!id_has_shape(id, "po_"))
		return outcome_fail(o, ERR_NOT_FOUND, "No transaction with that id");
	rc = load(ctx->db, id, who ? who->id : 0, 0, out);
	if (rc == DB_DUP)
		return outcome_fail(o, ERR_NOT_FOUND, "No transaction with that id");
	return rc == DB_OK ? ERR_OK : domain_db_fail(o, rc, "read the payout");
}

/* "user:<id>:GHS" */
static void
user_account(long long user_id, char *out, size_t cap)
{
	snprintf(out, cap, "user:%lld:GHS", user_id);
}

/* a + b (both 2 places) into out. 0 or -1. */
static int
add_ghs(const char *a, const char *b, char *out, size_t cap)
{
	mpz_t x, y;
	int rc = -1;

	mpz_inits(x, y, NULL);
	if (money_parse(a, 2, x) == MONEY_OK && money_parse(b, 2, y) == MONEY_OK) {
		mpz_add(x, x, y);
		rc = money_format(x, 2, out, cap);
	}
	mpz_clears(x, y, NULL);
	return rc;
}

/* ---- create ---- */

struct create {
	const struct caller *who;
	const struct beneficiary *ben;
	const char *amount, *fee, *reference;
	const struct idempotency_claim *claim;
	struct payout *p;
	struct outcome *o;
	long long lease_seconds;
	int sandbox;            /* the float's default when it has no row */
};

/* The first ten arguments of both payout inserts: who, to whom, how much. */
static void
payout_args(const struct create *k, struct db_arg *a)
{
	a[0] = DB_S(k->p->id);
	a[1] = DB_I(k->who->id);
	a[2] = DB_S(k->ben->id);
	a[3] = DB_S(k->ben->provider);
	a[4] = DB_S(k->ben->phone);
	a[5] = DB_S(k->ben->account_name);
	a[6] = DB_S(k->amount);
	a[7] = DB_S(k->fee);
	a[8] = DB_S("GHS");
	a[9] = k->reference ? DB_S(k->reference) : DB_NULL;
}

/* The answer for a network whose float cannot cover amount. */
static void
float_short(struct outcome *o, const char *network, const char *amount)
{
	outcome_clear_ctx(o);
	outcome_fail(o, ERR_INSUFFICIENT_LIQUIDITY, "The %s payout float cannot cover "
	    "%s GHS right now; try again later", network, amount);
}

/*
 * The payout's row, its provider reference, the hold on the user's GHS,
 * the draw on the network's float and the idempotency key's recovery
 * point, in one transaction.
 */
static int
create_tx(struct db *db, void *arg)
{
	struct create *k = arg;
	char acct[LEDGER_CODE_MAX], total[MONEY_MAX_TEXT], bal[MONEY_MAX_TEXT];
	char ref[MOMO_REF_LEN + 1];
	struct ledger_leg legs[2];
	struct db_arg a[13];
	enum db_rc rc;
	int covered;

	outcome_init(k->o);
	a[0] = DB_I(k->who->id);
	if ((rc = db_exec(db, DB_USER_LOCK, a, 1, NULL, NULL)) != DB_OK)
		return rc;
	user_account(k->who->id, acct, sizeof(acct));
	/* the tier's limits first: a rule, whatever the balance */
	if ((rc = tier_limit_check(db, k->who, TIER_PAYOUTS, k->amount, k->o)) != DB_OK)
		return rc;
	if (add_ghs(k->amount, k->fee, total, sizeof(total)) != 0 ||
	    (rc = ledger_balance(db, acct, 2, bal, sizeof(bal))) != DB_OK)
		return rc != DB_OK ? rc : DB_FAIL;
	if (money_cmp_text(bal, total, 2) < 0) {
		outcome_clear_ctx(k->o);
		outcome_str(k->o, "available", bal);
		outcome_str(k->o, "required", total);
		outcome_str(k->o, "currency", "GHS");
		outcome_fail(k->o, ERR_INSUFFICIENT_BALANCE,
		    "The payout needs %s GHS (amount and fee); %s GHS is available",
		    total, bal);
		return DB_FAIL;
	}
	if (id_new(k->p->id, sizeof(k->p->id), "po_") != 0 || momo_new_ref(ref) != 0)
		return DB_FAIL;
	payout_args(k, a);
	a[10] = DB_S(ref);
	/* due for a check at once, but the creating request holds it (the
	 * lease) until its own send returns */
	a[11] = DB_I(0);
	a[12] = DB_I(k->lease_seconds);
	if ((rc = db_exec(db, DB_PAYOUT_INSERT, a, 13, NULL, NULL)) != DB_OK)
		return rc;
	/* the float before the ledger, as settle_tx does: one lock order */
	if ((rc = payout_float_draw(db, k->sandbox, k->ben->provider, k->amount, k->p->id,
	    &covered)) != DB_OK)
		return rc;
	if (!covered) {
		float_short(k->o, k->ben->provider, k->amount);
		return DB_FAIL;
	}
	ledger_leg(&legs[0], acct, "GHS", total, 1);
	ledger_leg(&legs[1], IN_FLIGHT, "GHS", total, 0);
	if ((rc = ledger_post(db, "payout.hold", k->p->id, legs, 2)) != DB_OK)
		return rc;
	return idempotency_mark(db, k->claim, PAYOUT_POINT_CREATED, k->p->id);
}

/* ---- final transitions ---- */

struct settle {
	const char *id;
	int completed;          /* else failed */
	const char *reason;     /* failed: why */
	struct payout p;
	int changed;
};

/* The event's data: the spec's webhook fields. New reference. */
static json_t *
event_data(const struct payout *p)
{
	return json_pack("{s:s,s:s,s:s,s:s,s:s}", "transactionId", p->id,
	    "status", p->status, "amount", p->amount, "currency", p->currency,
	    "beneficiary", p->phone);
}

/*
 * settle_tx for a withdrawal's payout: the payout's own side (its state;
 * completed: in flight to the network's settlement account; failed: the
 * float's draw back), then the withdrawal's (withdrawal_payout_final: its
 * state, its event, and on failure the refund of the source amount, which
 * also takes the GHS back out of flight).
 */
static int
settle_withdrawal(struct db *db, struct settle *s, int held)
{
	struct payout *p = &s->p;
	char settle_acct[LEDGER_CODE_MAX];
	struct ledger_leg legs[2];
	struct db_arg a[2];
	struct db_res res;
	enum db_rc rc;

	if (!held)
		return DB_FAIL; /* a pending one moves with its withdrawal only */
	if (s->completed) {
		snprintf(settle_acct, sizeof(settle_acct), "house:momo:%s:GHS", p->provider);
		ledger_leg(&legs[0], IN_FLIGHT, "GHS", p->amount, 1);
		ledger_leg(&legs[1], settle_acct, "GHS", p->amount, 0);
		a[0] = DB_S(s->id);
		if ((rc = db_exec(db, DB_PAYOUT_COMPLETE, a, 1, NULL, &res)) != DB_OK)
			return rc;
		if (res.affected != 1)
			return DB_FAIL;
		if ((rc = ledger_post(db, "payout.completed", p->id, legs, 2)) != DB_OK)
			return rc;
	} else {
		a[0] = DB_S(s->reason);
		a[1] = DB_S(s->id);
		if ((rc = db_exec(db, DB_PAYOUT_FAIL, a, 2, NULL, &res)) != DB_OK)
			return rc;
		if (res.affected != 1)
			return DB_FAIL;
		if ((rc = payout_float_restore(db, p->id)) != DB_OK)
			return rc;
	}
	(void)strict_copy(p->status, sizeof(p->status), s->completed ? "completed" : "failed");
	if ((rc = withdrawal_payout_final(db, p, s->completed, s->reason)) != DB_OK)
		return rc;
	s->changed = 1;
	return DB_OK;
}

/*
 * Moves a processing payout to completed or failed, with its ledger
 * entries and its outbox event, once: a payout already final is left as
 * it is (s->changed 0).
 */
static int
settle_tx(struct db *db, void *arg)
{
	struct settle *s = arg;
	struct payout *p = &s->p;
	char acct[LEDGER_CODE_MAX], total[MONEY_MAX_TEXT], settle_acct[LEDGER_CODE_MAX];
	struct ledger_leg legs[3];
	struct db_arg a[2];
	struct db_res res;
	enum db_rc rc;
	json_t *data;
	size_t n = 0;
	int held;

	s->changed = 0;
	if ((rc = load(db, s->id, 0, 1, p)) != DB_OK)
		return rc;
	held = strcmp(p->status, "processing") == 0;
	if (!held && (strcmp(p->status, "pending") != 0 || s->completed))
		return DB_OK; /* final already; a pending one can only fail */
	if (add_ghs(p->amount, p->fee, total, sizeof(total)) != 0)
		return DB_FAIL;
	if (p->withdrawal_id[0] != '\0')
		return settle_withdrawal(db, s, held);
	if (!held) {
		/* it waited for its conversion: nothing was held, nothing returns */
		a[0] = DB_S(s->reason);
		a[1] = DB_S(s->id);
		rc = db_exec(db, DB_PAYOUT_FAIL, a, 2, NULL, &res);
	} else if (s->completed) {
		snprintf(settle_acct, sizeof(settle_acct), "house:momo:%s:GHS", p->provider);
		ledger_leg(&legs[n++], IN_FLIGHT, "GHS", total, 1);
		ledger_leg(&legs[n++], settle_acct, "GHS", p->amount, 0);
		if (money_cmp_text(p->fee, "0.00", 2) > 0)
			ledger_leg(&legs[n++], FEES, "GHS", p->fee, 0);
		a[0] = DB_S(s->id);
		rc = db_exec(db, DB_PAYOUT_COMPLETE, a, 1, NULL, &res);
	} else {
		user_account(p->user_id, acct, sizeof(acct));
		ledger_leg(&legs[n++], IN_FLIGHT, "GHS", total, 1);
		ledger_leg(&legs[n++], acct, "GHS", total, 0);
		a[0] = DB_S(s->reason);
		a[1] = DB_S(s->id);
		rc = db_exec(db, DB_PAYOUT_FAIL, a, 2, NULL, &res);
	}
	if (rc != DB_OK)
		return rc;
	if (res.affected != 1)
		return DB_FAIL; /* changed under our lock: impossible */
	/* a refund gives the float back what the payout drew (a completed
	 * payout keeps the draw: that money left the provider account) */
	if (held && !s->completed && (rc = payout_float_restore(db, p->id)) != DB_OK)
		return rc;
	if (held && (rc = ledger_post(db, s->completed ? "payout.completed" :
	    "payout.refund", p->id, legs, n)) != DB_OK)
		return rc;
	(void)strict_copy(p->status, sizeof(p->status), s->completed ? "completed" : "failed");
	if ((data = event_data(p)) == NULL)
		return DB_FAIL;
	rc = outbox_add(db, s->completed ? "payout.completed" : "payout.failed",
	    OUTBOX_USER, p->user_id, p->id, data);
	json_decref(data);
	if (rc != DB_OK)
		return rc;
	s->changed = 1;
	return DB_OK;
}

/* Applies a final answer to payout id; 0 ok (s->changed says whether it
 * moved now), else the db_tx code. */
static int
finish(struct ctx *ctx, const char *id, int completed, const char *reason,
    struct settle *s)
{
	int rc;

	memset(s, 0, sizeof(*s));
	s->id = id;
	s->completed = completed;
	s->reason = reason;
	rc = db_tx(ctx->db, settle_tx, s);
	if (rc != DB_OK)
		log_event("error", "payout %s: settling failed (%d): %s", id, rc,
		    db_error(ctx->db));
	return rc;
}

/* Counts one more send of payout id's reference, before it goes out. */
static enum db_rc
count_send(struct db *db, const char *id)
{
	struct db_arg a[1] = { DB_S(id) };

	return db_exec(db, DB_PAYOUT_SENT, a, 1, NULL, NULL);
}

/* Sends payout p's reference once. The provider's word, as momo_rc. */
static enum momo_rc
send_once(struct ctx *ctx, const struct payout *p, char *why, size_t whycap)
{
	const struct prov_momo *m = providers_momo(&ctx->prov, p->provider);
	char msisdn[16];

	if (m == NULL || phone_msisdn(p->phone, msisdn, sizeof(msisdn)) != 0)
		return MOMO_UNAVAILABLE;
	if (count_send(ctx->db, p->id) != DB_OK)
		return MOMO_UNAVAILABLE; /* not counted, so not sent */
	return m->ops->transfer(&m->ep, p->provider_ref, msisdn, p->amount, p->currency,
	    p->id, p->reference[0] ? p->reference : "cediramp payout", why, whycap);
}

/*
 * The send step of a payout whose row committed: sends it (unless resuming
 * a payout the provider already has), and answers as the transfer call
 * does.
 */
static enum err
send_step(struct ctx *ctx, struct payout *p, struct outcome *o)
{
	const struct prov_momo *m = providers_momo(&ctx->prov, p->provider);
	struct db_arg a[1] = { DB_S(p->id) };
	char why[160] = "", reason[200];
	struct momo_status st;
	struct settle s;
	enum momo_rc rc;

	if (strcmp(p->status, "processing") != 0)
		goto answer; /* settled since: the answer is its state */
	/* resuming: the provider may have it already; never send it twice */
	if (p->sends > 0 && m != NULL &&
	    m->ops->transfer_status(&m->ep, p->provider_ref, &st) != MOMO_NOT_FOUND)
		goto answer;
	rc = send_once(ctx, p, why, sizeof(why));
	switch (rc) {
	case MOMO_OK:
	case MOMO_DUPLICATE: /* the provider has this reference: in flight */
		break;
	case MOMO_IN_DOUBT:
		log_event("warn", "payout %s: send in doubt; the worker asks for %s",
		    p->id, p->provider_ref);
		break;
	case MOMO_REFUSED:
	case MOMO_UNAVAILABLE:
	default:
		/* nothing was accepted: failed, and refunded with the change */
		snprintf(reason, sizeof(reason), "%s", rc == MOMO_REFUSED ?
		    (why[0] ? why : "refused by the provider") : "the provider could not be reached");
		if (finish(ctx, p->id, 0, reason, &s) != DB_OK)
			return outcome_err(o, ERR_SERVICE_UNAVAILABLE); /* a retry resumes */
		if (load(ctx->db, p->id, 0, 0, p) != DB_OK)
			return outcome_err(o, ERR_SERVICE_UNAVAILABLE);
		/* final: the same key replays this failure, never pays again */
		goto answer;
	}
	if (db_exec(ctx->db, DB_PAYOUT_RELEASE, a, 1, NULL, NULL) != DB_OK)
		log_event("warn", "payout %s: lease not released (it expires)", p->id);
answer:
	o->changed = 1;
	if (strcmp(p->status, "failed") == 0) {
		outcome_clear_ctx(o);
		outcome_str(o, "transactionId", p->id);
		outcome_str(o, "status", "failed");
		outcome_str(o, "failureReason", p->failure_reason);
		return outcome_fail(o, ERR_PAYOUT_FAILED, "The payout failed: %s",
		    p->failure_reason);
	}
	return ERR_OK;
}

/*
 * The checks that need no database: the currency (GHS, or a coin when
 * coin is not NULL: *coin is set), the amount at its scale, the reference.
 */
static enum err
check_request(const struct payout_req *in, const struct currency **coin,
    char *amount, size_t cap, struct outcome *o)
{
	unsigned scale = 2;
	mpz_t v;
	int ok;

	*coin = NULL;
	if (strcmp(in->currency, "GHS") != 0) {
		*coin = currency_find(in->currency);
		if (*coin == NULL || !((*coin)->flags & CURRENCY_CONVERTIBLE))
			return outcome_field(o, ERR_INVALID_CURRENCY, "currency",
			    "GHS, or one of USDT, USDC, USDC_E, DAI");
		scale = (*coin)->scale;
	}
	mpz_init(v);
	ok = money_parse(in->amount, scale, v) == MONEY_OK && mpz_sgn(v) > 0 &&
	    money_format(v, scale, amount, cap) == 0;
	mpz_clear(v);
	if (!ok)
		return outcome_field(o, ERR_INVALID_AMOUNT, "amount",
		    "a positive decimal with the currency's places");
	if (in->reference != NULL && (strlen(in->reference) > PAYOUT_REFERENCE_MAX ||
	    !strict_printable(in->reference, strlen(in->reference))))
		return outcome_field(o, ERR_VALIDATION, "reference",
		    "at most 100 printable characters");
	return ERR_OK;
}

/* The network's bounds: ERR_OK, or ERR_INVALID_AMOUNT with context. */
static enum err
check_bounds(const char *network, const char *amount, struct outcome *o)
{
	const struct network *n = catalog_network(network);

	if (n == NULL)
		return outcome_err(o, ERR_INTERNAL);
	if (money_cmp_text(amount, n->min_amount, 2) >= 0 &&
	    money_cmp_text(amount, n->max_amount, 2) <= 0)
		return ERR_OK;
	outcome_clear_ctx(o);
	outcome_str(o, "minAmount", n->min_amount);
	outcome_str(o, "maxAmount", n->max_amount);
	outcome_str(o, "currency", "GHS");
	return outcome_fail(o, ERR_INVALID_AMOUNT, "%s payouts are %s to %s GHS",
	    network, n->min_amount, n->max_amount);
}

/* Before anything is debited: the provider answers for the account. */
static enum err
preflight(struct ctx *ctx, const struct beneficiary *b, struct outcome *o)
{
	const struct prov_momo *m = providers_momo(&ctx->prov, b->provider);
	char msisdn[16], name[BENEFICIARY_NAME_MAX + 1];

	if (m == NULL || phone_msisdn(b->phone, msisdn, sizeof(msisdn)) != 0)
		return outcome_err(o, ERR_INTERNAL);
	switch (m->ops->lookup(&m->ep, msisdn, name, sizeof(name))) {
	case MOMO_OK:
		return ERR_OK;
	case MOMO_NOT_FOUND:
		return outcome_fail(o, ERR_VERIFICATION_FAILED,
		    "The beneficiary's account no longer exists at %s", b->provider);
	case MOMO_TIMEOUT:
		return outcome_err(o, ERR_PROVIDER_TIMEOUT);
	default:
		return outcome_err(o, ERR_PROVIDER_UNAVAILABLE);
	}
}

/* The network's payout fee from config ("" when the network is unknown). */
static const char *
network_fee(const struct cfg *c, const char *network)
{
	size_t i;

	for (i = 0; i < PROV_NETWORKS; i++)
		if (strcmp(prov_network_ids[i], network) == 0)
			return c->momo_net[i].payout_fee;
	return "";
}

/* ---- a stablecoin transfer: its conversion, then its payout ---- */

struct funded {
	struct create k;          /* the payout, as a GHS transfer describes it */
	const char *coin, *source_amount;
	char ref[MOMO_REF_LEN + 1];
};

/* In the conversion's own transaction: the payout that waits for it, the
 * payout tier limits, and the transfer's recovery point. */
static int
funded_created(struct db *db, const char *conversion_id, void *arg)
{
	struct funded *f = arg;
	struct create *k = &f->k;
	struct db_arg a[14];
	enum db_rc rc;

	if ((rc = tier_limit_check(db, k->who, TIER_PAYOUTS, k->amount, k->o)) != DB_OK)
		return rc;
	if (id_new(k->p->id, sizeof(k->p->id), "po_") != 0 || momo_new_ref(f->ref) != 0)
		return DB_FAIL;
	payout_args(k, a);
	a[10] = DB_S(conversion_id);
	a[11] = DB_S(f->coin);
	a[12] = DB_S(f->source_amount);
	a[13] = DB_S(f->ref);
	if ((rc = db_exec(db, DB_PAYOUT_INSERT_PENDING, a, 14, NULL, NULL)) != DB_OK)
		return rc;
	return idempotency_mark(db, k->claim, PAYOUT_POINT_CREATED, k->p->id);
}

/* In the transaction that undoes a refused conversion: its payout goes too,
 * and the transfer's key is back at "started" (nothing committed). */
static int
funded_undone(struct db *db, const char *conversion_id, void *arg)
{
	struct funded *f = arg;
	struct db_arg a[1] = { DB_S(conversion_id) };
	enum db_rc rc;

	if ((rc = db_exec(db, DB_PAYOUT_DELETE_PENDING, a, 1, NULL, NULL)) != DB_OK)
		return rc;
	return idempotency_mark(db, f->k.claim, IDEMPOTENCY_STARTED, NULL);
}

/*
 * A transfer in coin: prices amount of it at the live rate, checks the
 * proceeds less the fee as a payout, and converts with the payout's row
 * in the conversion's transaction.
 */
static enum err
create_funded(struct ctx *ctx, const struct caller *who, const struct currency *coin,
    const char *amount, const struct payout_req *in, struct idempotency_claim *claim,
    struct payout *out, struct outcome *o)
{
	char ghs[MONEY_MAX_TEXT];
	struct conversion c;
	struct beneficiary ben;
	struct conversion_hook hook;
	struct funded f;
	struct quote q;
	mpz_t r, fee;
	enum err e;
	int ok;

	if ((e = beneficiary_get(ctx, who, in->beneficiary_id, &ben, o)) != ERR_OK)
		return e;
	memset(&f, 0, sizeof(f));
	f.k.fee = network_fee(&ctx->cfg, ben.provider);
	/* the proceeds at today's rate (a stored quote, redeemed at once) */
	if ((e = quote_create(ctx, who, coin, amount, &q, o)) != ERR_OK)
		return e;
	mpz_inits(r, fee, NULL);
	ok = money_parse(q.receive, 2, r) == MONEY_OK && money_parse(f.k.fee, 2, fee) == MONEY_OK;
	mpz_sub(r, r, fee);
	ok = ok && mpz_sgn(r) > 0 && money_format(r, 2, ghs, sizeof(ghs)) == 0;
	mpz_clears(r, fee, NULL);
	if (!ok)
		return outcome_field(o, ERR_INVALID_AMOUNT, "amount",
		    "too small: nothing is left after the conversion and payout fees");
	if ((e = check_bounds(ben.provider, ghs, o)) != ERR_OK ||
	    (e = preflight(ctx, &ben, o)) != ERR_OK)
		return e;
	f.k.who = who;
	f.k.ben = &ben;
	f.k.amount = ghs;
	f.k.reference = in->reference;
	f.k.claim = claim;
	f.k.p = out;
	f.k.o = o;
	f.coin = coin->code;
	f.source_amount = q.amount;
	hook.created = funded_created;
	hook.undone = funded_undone;
	hook.arg = &f;
	e = conversion_create_hooked(ctx, who, q.id, q.amount, coin->code, NULL, &hook, &c, o);
	if (out->id[0] == '\0' || load(ctx->db, out->id, who->id, 0, out) != DB_OK) {
		/* nothing committed (refused, or undone with its conversion) */
		idempotency_noted(claim, IDEMPOTENCY_STARTED, NULL);
		return e != ERR_OK ? e : outcome_err(o, ERR_SERVICE_UNAVAILABLE);
	}
	idempotency_noted(claim, PAYOUT_POINT_CREATED, out->id);
	if (e != ERR_OK && e != ERR_CONVERSION_FAILED)
		return e;
	o->changed = 1;
	outcome_clear_ctx(o);
	return ERR_OK; /* pending: the worker holds and sends it once converted */
}

/* Resumes a stablecoin transfer whose request died: its conversion's
 * broadcast again, then its payout as it stands. */
static enum err
resume_funded(struct ctx *ctx, const struct caller *who, struct idempotency_claim *claim,
    struct payout *p, struct outcome *o)
{
	struct conversion c;
	struct conversion_hook hook;
	struct funded f;
	enum err e;

	memset(&f, 0, sizeof(f));
	f.k.claim = claim;
	hook.created = funded_created;
	hook.undone = funded_undone;
	hook.arg = &f;
	e = conversion_resume(ctx, who, p->conversion_id, NULL, &hook, &c, o);
	if (load(ctx->db, p->id, who->id, 0, p) != DB_OK) {
		idempotency_noted(claim, IDEMPOTENCY_STARTED, NULL); /* undone with its conversion */
		return e != ERR_OK ? e : outcome_err(o, ERR_SERVICE_UNAVAILABLE);
	}
	o->changed = 1;
	outcome_clear_ctx(o);
	return ERR_OK;
}

enum err
payout_create(struct ctx *ctx, const struct caller *who, const struct payout_req *in,
    struct idempotency_claim *claim, struct payout *out, struct outcome *o)
{
	const struct currency *coin;
	char amount[MONEY_MAX_TEXT];
	struct beneficiary ben;
	struct create k;
	enum err e;
	int rc;

	memset(out, 0, sizeof(*out));
	if (claim != NULL && claim->row != 0 &&
	    strcmp(claim->point, PAYOUT_POINT_CREATED) == 0) {
		/* a retry of a request that died after committing: resume it */
		rc = load(ctx->db, claim->ref, who->id, 0, out);
		if (rc != DB_OK)
			return outcome_err(o, rc == DB_DOWN ? ERR_SERVICE_UNAVAILABLE : ERR_INTERNAL);
		if (strcmp(out->status, "pending") == 0)
			return resume_funded(ctx, who, claim, out, o);
		return send_step(ctx, out, o);
	}
	if (strcmp(who->tier, "none") == 0)
		return outcome_err(o, ERR_FORBIDDEN);
	if ((e = check_request(in, &coin, amount, sizeof(amount), o)) != ERR_OK)
		return e;
	if (coin != NULL)
		return create_funded(ctx, who, coin, amount, in, claim, out, o);
	if ((e = beneficiary_get(ctx, who, in->beneficiary_id, &ben, o)) != ERR_OK ||
	    (e = check_bounds(ben.provider, amount, o)) != ERR_OK ||
	    (e = preflight(ctx, &ben, o)) != ERR_OK)
		return e;
	memset(&k, 0, sizeof(k));
	k.who = who;
	k.ben = &ben;
	k.amount = amount;
	k.fee = network_fee(&ctx->cfg, ben.provider);
	k.reference = in->reference;
	k.claim = claim;
	k.p = out;
	k.o = o;
	k.lease_seconds = ctx_call_lease(ctx);
	k.sandbox = ctx->cfg.sandbox;
	rc = db_tx(ctx->db, create_tx, &k);
	if (rc != DB_OK) {
		if (o->err != ERR_OK)
			return o->err;
		if (rc == DB_CHECK) /* a balance would go below zero: a race lost */
			return outcome_err(o, ERR_INSUFFICIENT_BALANCE);
		return outcome_err(o, rc == DB_DOWN || rc == DB_RETRY ?
		    ERR_SERVICE_UNAVAILABLE : ERR_INTERNAL);
	}
	idempotency_noted(claim, PAYOUT_POINT_CREATED, out->id);
	/* committed: the reference is on record before the payout goes out */
	if (load(ctx->db, out->id, who->id, 0, out) != DB_OK)
		return outcome_err(o, ERR_SERVICE_UNAVAILABLE); /* a retry resumes */
	return send_step(ctx, out, o);
}

/* ---- a partner withdrawal's payout (domain/withdrawal.c) ---- */

int
payout_add_withdrawal(struct db *db, int sandbox, const struct payout_wd *w,
    char id[ID_MAX], int *covered)
{
	char ref[MOMO_REF_LEN + 1];
	struct db_arg a[7];
	enum db_rc rc;

	*covered = 0;
	if (id_new(id, ID_MAX, "po_") != 0 || momo_new_ref(ref) != 0)
		return DB_FAIL;
	a[0] = DB_S(id);
	a[1] = DB_S(w->network);
	a[2] = DB_S(w->phone);
	a[3] = DB_S(w->amount);
	a[4] = DB_S(w->reference);
	a[5] = DB_S(w->withdrawal_id);
	a[6] = DB_S(ref);
	if ((rc = db_exec(db, DB_PAYOUT_INSERT_WITHDRAWAL, a, 7, NULL, NULL)) != DB_OK)
		return rc;
	return payout_float_draw(db, sandbox, w->network, w->amount, id, covered);
}

int
payout_start_withdrawal(struct db *db, const char *id, long long lease_seconds)
{
	struct db_arg a[2] = { DB_I(lease_seconds), DB_S(id) };
	struct db_res res;
	enum db_rc rc;

	if ((rc = db_exec(db, DB_PAYOUT_START, a, 2, NULL, &res)) != DB_OK)
		return rc;
	return res.affected == 1 ? DB_OK : DB_FAIL;
}

int
payout_drop_withdrawal(struct db *db, const char *id, const char *reason)
{
	struct db_arg a[2] = { DB_S(reason), DB_S(id) };
	struct db_res res;
	enum db_rc rc;

	if ((rc = db_exec(db, DB_PAYOUT_FAIL, a, 2, NULL, &res)) != DB_OK)
		return rc;
	if (res.affected != 1)
		return DB_FAIL;
	return payout_float_restore(db, id);
}

void
payout_send(struct ctx *ctx, const char *id)
{
	struct outcome o;
	struct payout p;

	outcome_init(&o);
	if (load(ctx->db, id, 0, 0, &p) != DB_OK) {
		log_event("warn", "payout %s: unreadable before its send; the worker "
		    "sends it", id);
		return;
	}
	(void)send_step(ctx, &p, &o);
}

/* ---- the worker ---- */

/* Puts payout id back for a later check, with backoff. */
static void
check_later(struct ctx *ctx, const char *id)
{
	struct db_arg a[2] = { DB_I(CHECK_BACKOFF_MAX), DB_S(id) };

	if (db_exec(ctx->db, DB_PAYOUT_CHECK_LATER, a, 2, NULL, NULL) != DB_OK)
		log_event("warn", "payout %s: backoff not recorded (the lease expires)", id);
}

struct start {
	const struct payout *p;
	long long lease_seconds;
	int sandbox;
	int short_of_funds;
	int short_of_float;
};

/* A converted payout's hold, once its conversion credited the GHS: the
 * balance is checked under the user's lock, then held as any payout, with
 * its draw on the network's float. */
static int
start_tx(struct db *db, void *arg)
{
	struct start *st = arg;
	const struct payout *p = st->p;
	char acct[LEDGER_CODE_MAX], total[MONEY_MAX_TEXT], bal[MONEY_MAX_TEXT];
	struct ledger_leg legs[2];
	struct db_arg a[2];
	struct db_res res;
	enum db_rc rc;
	int covered;

	st->short_of_funds = st->short_of_float = 0;
	a[0] = DB_I(p->user_id);
	if ((rc = db_exec(db, DB_USER_LOCK, a, 1, NULL, NULL)) != DB_OK)
		return rc;
	user_account(p->user_id, acct, sizeof(acct));
	if (add_ghs(p->amount, p->fee, total, sizeof(total)) != 0 ||
	    (rc = ledger_balance(db, acct, 2, bal, sizeof(bal))) != DB_OK)
		return rc != DB_OK ? rc : DB_FAIL;
	if (money_cmp_text(bal, total, 2) < 0) {
		st->short_of_funds = 1; /* spent meanwhile: the payout fails */
		return DB_FAIL;
	}
	a[0] = DB_I(st->lease_seconds);
	a[1] = DB_S(p->id);
	if ((rc = db_exec(db, DB_PAYOUT_START, a, 2, NULL, &res)) != DB_OK)
		return rc;
	if (res.affected != 1)
		return DB_FAIL;
	if ((rc = payout_float_draw(db, st->sandbox, p->provider, p->amount, p->id,
	    &covered)) != DB_OK)
		return rc;
	if (!covered) {
		st->short_of_float = 1; /* the payout fails, nothing held */
		return DB_FAIL;
	}
	ledger_leg(&legs[0], acct, "GHS", total, 1);
	ledger_leg(&legs[1], IN_FLIGHT, "GHS", total, 0);
	return ledger_post(db, "payout.hold", p->id, legs, 2);
}

/*
 * A pending payout waits for its conversion: completed, it is held and
 * sent; failed, it fails (nothing was held); else it is checked later.
 * 1 when it moved, 0 when not, -1 on error.
 */
static int
advance_pending(struct ctx *ctx, struct payout *p)
{
	struct caller owner;
	struct conversion c;
	struct outcome o;
	struct settle s;
	struct start st;
	char reason[256];
	int rc;

	memset(&owner, 0, sizeof(owner));
	owner.kind = CALLER_USER;
	owner.id = p->user_id;
	outcome_init(&o);
	if (conversion_get(ctx, &owner, p->conversion_id, &c, &o) != ERR_OK) {
		log_event("error", "payout %s: its conversion %s unreadable: %s", p->id,
		    p->conversion_id, o.message);
		return -1;
	}
	if (strcmp(c.status, "failed") == 0) {
		snprintf(reason, sizeof(reason), "the conversion failed: %s", c.failure_reason);
		return finish(ctx, p->id, 0, reason, &s) == DB_OK ? s.changed : -1;
	}
	if (strcmp(c.status, "completed") != 0) {
		check_later(ctx, p->id);
		return 0;
	}
	st.p = p;
	st.lease_seconds = ctx_call_lease(ctx);
	st.sandbox = ctx->cfg.sandbox;
	rc = db_tx(ctx->db, start_tx, &st);
	if (rc != DB_OK && st.short_of_float) {
		snprintf(reason, sizeof(reason), "the %s payout float could not cover it; "
		    "nothing was held", p->provider);
		return finish(ctx, p->id, 0, reason, &s) == DB_OK ? s.changed : -1;
	}
	if (rc != DB_OK) {
		if (!st.short_of_funds) {
			log_event("error", "payout %s: holding it failed (%d): %s", p->id, rc,
			    db_error(ctx->db));
			return -1;
		}
		return finish(ctx, p->id, 0, "the GHS balance no longer covers the payout",
		    &s) == DB_OK ? s.changed : -1;
	}
	if (load(ctx->db, p->id, 0, 0, p) != DB_OK)
		return -1;
	(void)send_step(ctx, p, &o);
	return 1;
}

int
payout_settle(struct ctx *ctx, const char *id)
{
	const struct prov_momo *m;
	struct momo_status st;
	struct payout p;
	struct settle s;
	char why[160] = "";
	enum momo_rc rc;

	if (load(ctx->db, id, 0, 0, &p) != DB_OK)
		return -1;
	if (strcmp(p.status, "pending") == 0 && p.withdrawal_id[0] != '\0')
		return 0; /* its withdrawal's worker starts it */
	if (strcmp(p.status, "pending") == 0)
		return advance_pending(ctx, &p);
	if (strcmp(p.status, "processing") != 0)
		return 0;
	if ((m = providers_momo(&ctx->prov, p.provider)) == NULL)
		return -1;
	memset(&st, 0, sizeof(st));
	rc = m->ops->transfer_status(&m->ep, p.provider_ref, &st);
	if (rc == MOMO_NOT_FOUND) {
		/*
		 * The provider never saw this reference (a send lost on the
		 * way, or a request that died before sending): sending the same
		 * reference again cannot pay twice.
		 */
		rc = send_once(ctx, &p, why, sizeof(why));
		if (rc == MOMO_REFUSED)
			return finish(ctx, id, 0, why[0] ? why : "refused by the provider",
			    &s) == DB_OK ? s.changed : -1;
		check_later(ctx, id);
		return 0;
	}
	if (rc != MOMO_OK || st.state == MOMO_PENDING) {
		check_later(ctx, id); /* pending, or the provider did not answer */
		return 0;
	}
	if (finish(ctx, id, st.state == MOMO_SUCCESSFUL,
	    st.reason[0] ? st.reason : "the provider reported a failure", &s) != DB_OK)
		return -1;
	return s.changed;
}

int
payout_claim(struct ctx *ctx, int n, int lease_seconds, char (*out)[ID_MAX])
{
	return db_claim(ctx->db, DB_PAYOUT_CLAIM, DB_PAYOUT_LEASE, n, lease_seconds, out[0], ID_MAX);
}

enum err
payout_balances(struct ctx *ctx, const struct caller *who, char *available,
    char *pending, size_t cap, struct outcome *o)
{
	char acct[LEDGER_CODE_MAX];
	struct db_arg a[1] = { DB_I(who->id) };
	struct db_rows rows;
	enum db_rc rc;
	int bad;

	user_account(who->id, acct, sizeof(acct));
	if ((rc = ledger_balance(ctx->db, acct, 2, available, cap)) != DB_OK)
		return domain_db_fail(o, rc, "read the balance");
	if ((rc = db_exec(ctx->db, DB_PAYOUT_PENDING_SUM, a, 1, &rows, NULL)) != DB_OK)
		return domain_db_fail(o, rc, "read the pending payouts");
	bad = money_normalize(db_cell(&rows, 0, 0) ? db_cell(&rows, 0, 0) : "0", 2, 2,
	    pending, cap) != 0;
	db_rows_free(&rows);
	return bad ? outcome_err(o, ERR_INTERNAL) : ERR_OK;
}
