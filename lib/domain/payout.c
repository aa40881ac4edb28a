#include "domain/payout.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "core/log.h"
#include "core/phone.h"
#include "core/strict.h"
#include "core/timefmt.h"
#include "core/currency.h"
#include "domain/internal.h"
#include "domain/ledger.h"
#include "domain/outbox.h"
#include "domain/payout_float.h"
#include "domain/catalog.h"
#include "providers/registry.h"

#define IN_FLIGHT PAYOUT_IN_FLIGHT
#define FEES "house:fees:GHS"
#define CHECK_BACKOFF_MAX 300 /* seconds between status checks, at most */


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

/* Loads payout id (of user_id, or anyone's when 0), locked when lock.
 * DB_OK, DB_DUP for no such row, or the database's error. */
enum db_rc
payout_load(struct db *db, const char *id, long long user_id, int lock, struct payout *p)
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
	rc = payout_load(ctx->db, id, who ? who->id : 0, 0, out);
	if (rc == DB_DUP)
		return outcome_fail(o, ERR_NOT_FOUND, "No transaction with that id");
	return rc == DB_OK ? ERR_OK : domain_db_fail(o, rc, "read the payout");
}

/* "user:<id>:GHS" */
void
payout_user_account(long long user_id, char *out, size_t cap)
{
	snprintf(out, cap, "user:%lld:GHS", user_id);
}

/* a + b (both 2 places) into out. 0 or -1. */
int
payout_add_ghs(const char *a, const char *b, char *out, size_t cap)
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

/* ---- final transitions ---- */

struct settle {
	const char *id;
	int completed;          /* else failed */
	const char *reason;     /* failed: why */
	const struct payout_hooks *hooks;
	const struct providers *prov; /* whose adapters may reverse a payout */
	struct payout p;
	int changed;
};

/* Whether payout p, completed, is to be watched for a reversal. */
static int
watched(const struct settle *s)
{
	const struct prov_momo *m = providers_momo(s->prov, s->p.provider);

	return m != NULL && m->ops->reverses;
}

json_t *
payout_event_data(const struct payout *p)
{
	return json_pack("{s:s,s:s,s:s,s:s,s:s}", "transactionId", p->id,
	    "status", p->status, "amount", p->amount, "currency", p->currency,
	    "beneficiary", p->phone);
}

/*
 * settle_tx for a withdrawal's payout: the payout's own side (its state;
 * completed: in flight to the network's settlement account; failed: the
 * float's draw back), then its owner's, through the hook the withdrawal
 * code gave (its state, its event, and on failure the refund of the source
 * amount, which also takes the GHS back out of flight). Without the hook
 * it does not settle (logged; the next pass with it does).
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
	if (s->hooks == NULL || s->hooks->withdrawal_final == NULL) {
		log_event("error", "payout %s: a withdrawal's payout settled without its "
		    "owner's hook; left for the payouts worker", p->id);
		return DB_FAIL;
	}
	if (s->completed) {
		snprintf(settle_acct, sizeof(settle_acct), "house:momo:%s:GHS", p->provider);
		ledger_leg(&legs[0], IN_FLIGHT, "GHS", p->amount, 1);
		ledger_leg(&legs[1], settle_acct, "GHS", p->amount, 0);
		a[0] = DB_I(watched(s));
		a[1] = DB_S(s->id);
		if ((rc = db_exec(db, DB_PAYOUT_COMPLETE, a, 2, NULL, &res)) != DB_OK)
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
	if ((rc = s->hooks->withdrawal_final(db, p, s->completed, s->reason)) != DB_OK)
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
	if ((rc = payout_load(db, s->id, 0, 1, p)) != DB_OK)
		return rc;
	held = strcmp(p->status, "processing") == 0;
	if (!held && (strcmp(p->status, "pending") != 0 || s->completed))
		return DB_OK; /* final already; a pending one can only fail */
	if (payout_add_ghs(p->amount, p->fee, total, sizeof(total)) != 0)
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
		a[0] = DB_I(watched(s));
		a[1] = DB_S(s->id);
		rc = db_exec(db, DB_PAYOUT_COMPLETE, a, 2, NULL, &res);
	} else {
		payout_user_account(p->user_id, acct, sizeof(acct));
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
	if ((data = payout_event_data(p)) == NULL)
		return DB_FAIL;
	rc = outbox_add(db, s->completed ? "payout.completed" : "payout.failed",
	    OUTBOX_USER, p->user_id, p->id, data);
	json_decref(data);
	if (rc != DB_OK)
		return rc;
	s->changed = 1;
	return DB_OK;
}

int
payout_finish(struct ctx *ctx, const char *id, int completed, const char *reason,
    const struct payout_hooks *hooks, int *changed)
{
	struct settle s;
	int rc;

	memset(&s, 0, sizeof(s));
	s.id = id;
	s.completed = completed;
	s.reason = reason;
	s.hooks = hooks;
	s.prov = &ctx->prov;
	rc = db_tx(ctx->db, settle_tx, &s);
	*changed = s.changed;
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

enum err
payout_send_step(struct ctx *ctx, struct payout *p, const struct payout_hooks *hooks,
    struct outcome *o)
{
	const struct prov_momo *m = providers_momo(&ctx->prov, p->provider);
	struct db_arg a[1] = { DB_S(p->id) };
	char why[160] = "", reason[200];
	struct momo_status st;
	enum momo_rc rc;
	int changed;

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
		if (payout_finish(ctx, p->id, 0, reason, hooks, &changed) != DB_OK)
			return outcome_err(o, ERR_SERVICE_UNAVAILABLE); /* a retry resumes */
		if (payout_load(ctx->db, p->id, 0, 0, p) != DB_OK)
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

/* ---- a partner withdrawal's payout (domain/withdrawal.c) ---- */

int
payout_add_withdrawal(struct db *db, const struct cfg *cfg, const struct payout_wd *w,
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
	return payout_float_draw(db, cfg, w->network, w->amount, id, covered);
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
payout_send(struct ctx *ctx, const char *id, const struct payout_hooks *hooks)
{
	struct outcome o;
	struct payout p;

	outcome_init(&o);
	if (payout_load(ctx->db, id, 0, 0, &p) != DB_OK) {
		log_event("warn", "payout %s: unreadable before its send; the worker "
		    "sends it", id);
		return;
	}
	(void)payout_send_step(ctx, &p, hooks, &o);
}

/* ---- the worker ---- */

void
payout_check_later(struct ctx *ctx, const char *id)
{
	struct db_arg a[2] = { DB_I(CHECK_BACKOFF_MAX), DB_S(id) };

	if (db_exec(ctx->db, DB_PAYOUT_CHECK_LATER, a, 2, NULL, NULL) != DB_OK)
		log_event("warn", "payout %s: backoff not recorded (the lease expires)", id);
}

struct start {
	const struct payout *p;
	long long lease_seconds;
	const struct cfg *cfg;
	int *short_of_funds;
	int *short_of_float;
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

	*st->short_of_funds = *st->short_of_float = 0;
	a[0] = DB_I(p->user_id);
	if ((rc = db_exec(db, DB_USER_LOCK, a, 1, NULL, NULL)) != DB_OK)
		return rc;
	payout_user_account(p->user_id, acct, sizeof(acct));
	if (payout_add_ghs(p->amount, p->fee, total, sizeof(total)) != 0 ||
	    (rc = ledger_balance(db, acct, 2, bal, sizeof(bal))) != DB_OK)
		return rc != DB_OK ? rc : DB_FAIL;
	if (money_cmp_text(bal, total, 2) < 0) {
		*st->short_of_funds = 1; /* spent meanwhile: the payout fails */
		return DB_FAIL;
	}
	a[0] = DB_I(st->lease_seconds);
	a[1] = DB_S(p->id);
	if ((rc = db_exec(db, DB_PAYOUT_START, a, 2, NULL, &res)) != DB_OK)
		return rc;
	if (res.affected != 1)
		return DB_FAIL;
	if ((rc = payout_float_draw(db, st->cfg, p->provider, p->amount, p->id,
	    &covered)) != DB_OK)
		return rc;
	if (!covered) {
		*st->short_of_float = 1; /* the payout fails, nothing held */
		return DB_FAIL;
	}
	ledger_leg(&legs[0], acct, "GHS", total, 1);
	ledger_leg(&legs[1], IN_FLIGHT, "GHS", total, 0);
	return ledger_post(db, "payout.hold", p->id, legs, 2);
}

int
payout_hold(struct ctx *ctx, const struct payout *p, int *short_of_funds,
    int *short_of_float)
{
	struct start st;

	st.p = p;
	st.lease_seconds = ctx_call_lease(ctx);
	st.cfg = &ctx->cfg;
	st.short_of_funds = short_of_funds;
	st.short_of_float = short_of_float;
	return db_tx(ctx->db, start_tx, &st);
}

int
payout_settle(struct ctx *ctx, const char *id, const struct payout_hooks *hooks)
{
	const struct prov_momo *m;
	struct momo_status st;
	struct payout p;
	char why[160] = "";
	enum momo_rc rc;
	int changed;

	if (payout_load(ctx->db, id, 0, 0, &p) != DB_OK)
		return -1;
	if (strcmp(p.status, "pending") == 0 && p.withdrawal_id[0] != '\0')
		return 0; /* its withdrawal's worker starts it */
	if (strcmp(p.status, "pending") == 0)
		/* a wallet user's, waiting on its funding: its owner's step */
		return hooks != NULL && hooks->user_pending != NULL ?
		    hooks->user_pending(ctx, &p) : 0;
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
			return payout_finish(ctx, id, 0, why[0] ? why : "refused by the provider",
			    hooks, &changed) == DB_OK ? changed : -1;
		payout_check_later(ctx, id);
		return 0;
	}
	if (rc != MOMO_OK || st.state == MOMO_PENDING) {
		payout_check_later(ctx, id); /* pending, or the provider did not answer */
		return 0;
	}
	if (payout_finish(ctx, id, st.state == MOMO_SUCCESSFUL,
	    st.reason[0] ? st.reason : "the provider reported a failure", hooks,
	    &changed) != DB_OK)
		return -1;
	return changed;
}

int
payout_claim(struct ctx *ctx, int n, int lease_seconds, char (*out)[ID_MAX])
{
	return db_claim(ctx->db, DB_PAYOUT_CLAIM, DB_PAYOUT_LEASE, n, lease_seconds, out[0], ID_MAX);
}
