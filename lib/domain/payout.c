#include "domain/payout.h"
#include "domain/payout_review.h"
#include "domain/provider_answer.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "core/clock.h"
#include "core/log.h"
#include "core/phone.h"
#include "core/strict.h"
#include "core/timefmt.h"
#include "core/currency.h"
#include "domain/internal.h"
#include "domain/ledger.h"
#include "domain/outbox.h"
#include "domain/payout_call.h"
#include "domain/payout_float.h"
#include "domain/catalog.h"
#include "providers/registry.h"
#include "store/db_sig.h"

#define IN_FLIGHT PAYOUT_IN_FLIGHT
#define FEES "house:fees:GHS"
#define CHECK_BACKOFF_MAX 300 /* seconds between status checks, at most */

/* How a payout row (store/stmt_payout.h) fills a struct payout */
static const struct db_field columns[] = { DB_FIELDS(payout_row, struct payout) };

int
payout_from_row(const struct db_rows *rows, size_t row, struct payout *p)
{
	const struct network *n;
	unsigned long long u;
	const char *v = db_cell(rows, row, DB_COL(payout_row, user_id));

	memset(p, 0, sizeof(*p));
	/* a payout its owner holds the money of may have no user */
	if (v != NULL && strict_uint(v, strlen(v), ~0ULL >> 1, &u) != 0)
		return -1;
	p->user_id = v != NULL ? (long long)u : 0;
	if (db_row_read(rows, row, columns, DB_NCOLS(payout_row), p) != 0)
		return -1;
	n = catalog_network(p->provider);
	(void)strict_copy(p->provider_name, sizeof(p->provider_name), n ? n->name : p->provider);
	return 0;
}

/* The payout that bound statement b reads into p. */
static enum db_rc
load_by(struct db *db, struct db_bound b, struct payout *p)
{
	struct db_rows rows;
	enum db_rc rc;

	rc = db_run(db, b, &rows, NULL);
	if (rc != DB_OK)
		return rc;
	if (rows.nrows == 0)
		rc = DB_DUP;
	else if (payout_from_row(&rows, 0, p) != 0)
		rc = DB_FAIL;
	db_rows_free(&rows);
	return rc;
}

enum db_rc
payout_load(struct db *db, const char *id, long long user_id, int lock, struct payout *p)
{
	if (user_id <= 0)
		return DB_DUP; /* no owner is nobody's, never anyone's */
	if (lock)
		return load_by(db, DB_BIND(DB_PAYOUT_LOCK, payout_by_owner, .id = id,
		    .user_id = user_id), p);
	return load_by(db, DB_BIND(DB_PAYOUT_GET, payout_by_owner, .id = id,
	    .user_id = user_id), p);
}

enum db_rc
payout_load_any(struct db *db, const char *id, int lock, struct payout *p)
{
	if (lock)
		return load_by(db, DB_BIND(DB_PAYOUT_LOCK_ANY, by_id, .id = id), p);
	return load_by(db, DB_BIND(DB_PAYOUT_GET_ANY, by_id, .id = id), p);
}

enum err
payout_get(struct ctx *ctx, const struct caller *who, const char *id,
    struct payout *out, struct outcome *o)
{
	enum db_rc rc;

	/* not an id at all (bytes outside the id alphabet): no query */
	if (!id_has_shape(id, "po_"))
		return outcome_fail(o, ERR_NOT_FOUND, "No transaction with that id");
	rc = payout_load(ctx->db, id, who->id, 0, out);
	if (rc == DB_DUP)
		return outcome_fail(o, ERR_NOT_FOUND, "No transaction with that id");
	return rc == DB_OK ? ERR_OK : domain_db_fail(o, rc, "read the payout");
}

const struct payout_owner_ops *
payout_owner_of(const struct payout_owner_ops *const *owners, const struct payout *p)
{
	size_t i;

	for (i = 0; owners != NULL && owners[i] != NULL; i++) {
		const struct payout_owner_ops *o = owners[i];

		if (strcmp(o->kind, p->owner.kind) != 0)
			continue;
		/* the engine's side needs both of a pair: never a NULL call */
		if (o->final != NULL ? o->reversed != NULL :
		    o->account != NULL && o->subject != NULL)
			return o;
		log_event("error", "payout %s: its owner %s gives neither final and reversed "
		    "nor account and subject; left as it is", p->id, o->kind);
		return NULL;
	}
	log_event("error", "payout %s: its owner's kind %s is not one this program "
	    "settles for; left for the payouts worker", p->id, p->owner.kind);
	return NULL;
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

/* One payout of a settling transaction (a group of one or more). */
struct settle {
	struct payout_final *f;
	const struct payout_owner_ops *const *owners;
	const struct payout_owner_ops *ops; /* its owner's, once read */
	const struct providers *prov; /* whose adapters may reverse a payout */
	struct payout p;
	int held;               /* it was processing: its GHS are in flight */
	int moved;              /* it moves now (this pass of the transaction) */
	struct ledger_leg legs[3];
	size_t nlegs;
};

/* The payouts of one settling transaction. */
struct settling {
	struct settle *s;
	size_t n;
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
 * A payout whose owner settles its own side, alone: the payout's own side
 * (its state; completed: in flight to the network's settlement account;
 * failed: the float's draw back), then its owner's final step (its own
 * state and event, and on failure its refund, which also takes the GHS
 * back out of flight).
 */
static int
settle_owned(struct db *db, struct settle *s)
{
	struct payout *p = &s->p;
	char settle_acct[LEDGER_CODE_MAX];
	struct ledger_leg legs[2];
	struct db_res res;
	enum db_rc rc;

	if (!s->held)
		return DB_FAIL; /* a pending one moves with its owner only */
	if (s->f->completed) {
		snprintf(settle_acct, sizeof(settle_acct), "house:momo:%s:GHS", p->provider);
		ledger_leg(&legs[0], IN_FLIGHT, "GHS", p->amount, 1);
		ledger_leg(&legs[1], settle_acct, "GHS", p->amount, 0);
		rc = DB_EXEC(db, DB_PAYOUT_COMPLETE, payout_complete, NULL, &res,
		    .watch = watched(s), .id = p->id);
		if (rc != DB_OK)
			return rc;
		if (res.affected != 1)
			return DB_FAIL;
		if ((rc = ledger_post(db, "payout.completed", p->id, legs, 2)) != DB_OK)
			return rc;
	} else {
		rc = DB_EXEC(db, DB_PAYOUT_FAIL, payout_reason, NULL, &res, .reason = s->f->reason,
		    .id = p->id);
		if (rc != DB_OK)
			return rc;
		if (res.affected != 1)
			return DB_FAIL;
		if ((rc = payout_float_restore(db, p->id)) != DB_OK)
			return rc;
	}
	(void)strict_copy(p->status, sizeof(p->status), s->f->completed ? "completed" : "failed");
	if ((rc = s->ops->final(db, p, s->f->completed, s->f->reason)) != DB_OK)
		return rc;
	s->f->changed = 1;
	return DB_OK;
}

/*
 * The legs of a payout that moves (locked and read already) into s: none
 * for a pending one that fails (it waited for its funding: nothing was
 * held, nothing returns); completed: in flight to the network's settlement
 * account, the fee to the fees account; failed: in flight back to its
 * owner's account. 0, or -1 for amounts that do not add up.
 */
static int
plan_legs(struct settle *s)
{
	struct payout *p = &s->p;
	char acct[LEDGER_CODE_MAX], total[MONEY_MAX_TEXT], settle_acct[LEDGER_CODE_MAX];

	s->nlegs = 0;
	if (payout_add_ghs(p->amount, p->fee, total, sizeof(total)) != 0)
		return -1;
	if (!s->held)
		return 0;
	ledger_leg(&s->legs[s->nlegs++], IN_FLIGHT, "GHS", total, 1);
	if (s->f->completed) {
		snprintf(settle_acct, sizeof(settle_acct), "house:momo:%s:GHS", p->provider);
		ledger_leg(&s->legs[s->nlegs++], settle_acct, "GHS", p->amount, 0);
		if (money_cmp_text(p->fee, "0.00", 2) > 0)
			ledger_leg(&s->legs[s->nlegs++], FEES, "GHS", p->fee, 0);
	} else {
		s->ops->account(p, acct, sizeof(acct));
		ledger_leg(&s->legs[s->nlegs++], acct, "GHS", total, 0);
	}
	return 0;
}

/*
 * The group's payouts locked and read (one statement, in id order), each
 * into its settle; DB_DUP when one is no payout.
 */
static enum db_rc
lock_payouts(struct db *db, struct settling *g)
{
	json_t *ids = json_array();
	struct db_rows rows;
	struct payout p;
	enum db_rc rc = DB_FAIL;
	size_t i, r, found = 0;
	int bad = ids == NULL;

	for (i = 0; i < g->n && !bad; i++) {
		g->s[i].p.id[0] = '\0'; /* not read yet (this pass) */
		bad = json_array_append_new(ids, json_string(g->s[i].f->id)) != 0;
	}
	if (!bad)
		rc = domain_exec_json(db, DB_PAYOUT_LOCK_MANY, ids, &rows, NULL);
	json_decref(ids);
	if (rc != DB_OK)
		return rc;
	for (r = 0; r < rows.nrows && rc == DB_OK; r++) {
		if (payout_from_row(&rows, r, &p) != 0)
			rc = DB_FAIL;
		for (i = 0; i < g->n && rc == DB_OK; i++)
			if (g->s[i].p.id[0] == '\0' && strcmp(g->s[i].f->id, p.id) == 0) {
				g->s[i].p = p;
				found++;
			}
	}
	db_rows_free(&rows);
	return rc == DB_OK && found != g->n ? DB_DUP : rc;
}

/*
 * The group's state changes: completed ones in one statement, failed ones
 * in another; s->moved set for each that moves.
 */
static enum db_rc
move_states(struct db *db, struct settling *g)
{
	json_t *done = json_array(), *failed = json_array(), *row;
	size_t i, nd = 0, nf = 0;
	enum db_rc rc;
	int bad = done == NULL || failed == NULL;

	for (i = 0; i < g->n && !bad; i++) {
		struct settle *s = &g->s[i];
		int completes = s->held && s->f->completed;

		if (!s->moved)
			continue;
		if (plan_legs(s) != 0) {
			bad = 1;
			continue;
		}
		row = completes ? json_pack("{s:s,s:i}", "id", s->p.id, "watch", watched(s)) :
		    json_pack("{s:s,s:s}", "id", s->p.id, "reason", s->f->reason);
		bad = json_array_append_new(completes ? done : failed, row) != 0;
		*(completes ? &nd : &nf) += 1;
	}
	if (bad) {
		json_decref(done);
		json_decref(failed);
		return DB_FAIL;
	}
	if ((rc = domain_exec_changes(db, DB_PAYOUT_COMPLETE_MANY, done, nd)) == DB_OK)
		rc = domain_exec_changes(db, DB_PAYOUT_FAIL_MANY, failed, nf);
	json_decref(done);
	json_decref(failed);
	return rc;
}

/* The group's events: each moved payout's, in one go. */
static enum db_rc
add_events(struct db *db, struct settling *g)
{
	struct outbox_event *ev = calloc(g->n, sizeof(*ev));
	json_t **data = calloc(g->n, sizeof(*data));
	size_t i, n = 0;
	enum db_rc rc = DB_FAIL;

	if (ev == NULL || data == NULL)
		goto out;
	for (i = 0; i < g->n; i++) {
		struct settle *s = &g->s[i];

		if (!s->moved)
			continue;
		(void)strict_copy(s->p.status, sizeof(s->p.status),
		    s->f->completed ? "completed" : "failed");
		if ((data[n] = payout_event_data(&s->p)) == NULL)
			goto out;
		ev[n] = (struct outbox_event){ .type = s->f->completed ? "payout.completed" :
		    "payout.failed", .ref_id = s->p.id, .data = data[n] };
		s->ops->subject(&s->p, &ev[n].kind, &ev[n].subject_id);
		n++;
	}
	rc = outbox_add_many(db, ev, n);
out:
	for (i = 0; data != NULL && i < g->n; i++)
		json_decref(data[i]);
	free(data);
	free(ev);
	return rc;
}

/*
 * Moves each payout of the group g that is to move, with its ledger
 * entries and its outbox event, once: a payout already final is left as it
 * is (changed 0). In phases, each a statement or a few for the whole
 * group, so that groups settled at once by several workers take their
 * locks in one order: the payouts' rows (each worker's own), the floats'
 * rows (network by network), the ledger's accounts (ledger_post_many),
 * then the events. A payout whose owner settles its own side is settled
 * alone (its owner posts its own entries): in a group of one.
 */
static int
settle_tx(struct db *db, void *arg)
{
	struct settling *g = arg;
	struct ledger_posting *post = NULL;
	size_t i, k, np = 0;
	enum db_rc rc;

	for (i = 0; i < g->n; i++)
		g->s[i].f->changed = g->s[i].moved = 0;
	if ((rc = lock_payouts(db, g)) != DB_OK)
		return rc;
	for (i = 0; i < g->n; i++) {
		struct settle *s = &g->s[i];

		s->held = strcmp(s->p.status, "processing") == 0;
		if (!s->held && (strcmp(s->p.status, "pending") != 0 || s->f->completed))
			continue; /* final already; a pending one can only fail */
		/* held for review since its answer was read (another worker
		 * found the mismatch): nothing moves it but the review */
		if (s->p.held && !s->f->review)
			continue;
		if ((s->ops = payout_owner_of(s->owners, &s->p)) == NULL)
			return DB_FAIL;
		if (s->ops->final != NULL)
			return g->n == 1 ? settle_owned(db, s) : DB_FAIL;
		s->moved = 1;
	}
	if ((rc = move_states(db, g)) != DB_OK)
		return rc;
	/* a refund gives the float back what the payout drew (a completed
	 * payout keeps the draw: that money left the provider account) */
	for (k = 0; k < PROV_NETWORKS; k++)
		for (i = 0; i < g->n; i++) {
			struct settle *s = &g->s[i];

			if (s->moved && s->held && !s->f->completed &&
			    strcmp(s->p.provider, prov_network_ids[k]) == 0 &&
			    (rc = payout_float_restore(db, s->p.id)) != DB_OK)
				return rc;
		}
	if ((post = calloc(g->n, sizeof(*post))) == NULL)
		return DB_FAIL;
	for (i = 0; i < g->n; i++)
		if (g->s[i].moved && g->s[i].held)
			post[np++] = (struct ledger_posting){ g->s[i].f->completed ?
			    "payout.completed" : "payout.refund", g->s[i].p.id, g->s[i].legs,
			    g->s[i].nlegs };
	rc = ledger_post_many(db, post, np);
	free(post);
	if (rc != DB_OK || (rc = add_events(db, g)) != DB_OK)
		return rc;
	for (i = 0; i < g->n; i++)
		g->s[i].f->changed = g->s[i].moved;
	return DB_OK;
}

/* Settles f[0..n) in one transaction; DB_OK or its error. Each one's
 * changed says whether it moved (0 on an error). */
static int
settle_group(struct ctx *ctx, struct payout_final *const *f, size_t n,
    const struct payout_owner_ops *const *owners)
{
	struct settling g;
	size_t i;
	int rc;

	if ((g.s = calloc(n, sizeof(*g.s))) == NULL)
		return DB_FAIL;
	g.n = n;
	for (i = 0; i < n; i++) {
		g.s[i].f = f[i];
		g.s[i].owners = owners;
		g.s[i].prov = &ctx->prov;
	}
	rc = db_tx(ctx->db, settle_tx, &g);
	for (i = 0; i < n; i++) {
		f[i]->rc = rc;
		if (rc != DB_OK)
			f[i]->changed = 0;
	}
	free(g.s);
	return rc;
}

/* Settles f alone, logged when it fails. */
static void
settle_alone(struct ctx *ctx, struct payout_final *f, const struct payout_owner_ops *const *owners)
{
	if (settle_group(ctx, &f, 1, owners) != DB_OK)
		log_event("error", "payout %s: settling failed (%d): %s", f->id, f->rc,
		    db_error(ctx->db));
}

/* Settles the group f[0..n) together; when that fails (a retryable error
 * that outlasted db_tx's tries, one payout's own trouble), each alone. */
static void
settle_together(struct ctx *ctx, struct payout_final *const *f, size_t n,
    const struct payout_owner_ops *const *owners)
{
	size_t i;
	int rc;

	if (n > 1 && (rc = settle_group(ctx, f, n, owners)) == DB_OK)
		return;
	if (n > 1)
		log_event("warn", "payouts: a group of %zu settlements failed (%d: %s); "
		    "each is settled alone", n, rc, db_error(ctx->db));
	for (i = 0; i < n; i++)
		settle_alone(ctx, f[i], owners);
}

void
payout_finish_many(struct ctx *ctx, struct payout_final *f, size_t n,
    const struct payout_owner_ops *const *owners)
{
	size_t group = ctx->cfg.payouts_group_size ? ctx->cfg.payouts_group_size : 1;
	struct payout_final **g = calloc(n ? n : 1, sizeof(*g));
	size_t i, k = 0;

	for (i = 0; i < n; i++) {
		if (f[i].alone || g == NULL) {
			settle_alone(ctx, &f[i], owners);
			continue;
		}
		g[k++] = &f[i];
		if (k == group || i + 1 == n) {
			settle_together(ctx, g, k, owners);
			k = 0;
		}
	}
	if (k > 0)
		settle_together(ctx, g, k, owners); /* the last was one alone */
	free(g);
}

int
payout_finish(struct ctx *ctx, const char *id, int completed, const char *reason,
    const struct payout_owner_ops *const *owners, int *changed)
{
	struct payout_final f = { id, completed, reason, 1, 0, DB_OK, 0 };

	payout_finish_many(ctx, &f, 1, owners);
	*changed = f.changed;
	return f.rc;
}

int
payout_finish_review(struct ctx *ctx, const char *id, int completed, const char *reason,
    const struct payout_owner_ops *const *owners, int *changed)
{
	struct payout_final f = { id, completed, reason, 1, 0, DB_OK, 1 };

	payout_finish_many(ctx, &f, 1, owners);
	*changed = f.changed;
	return f.rc;
}

/* Counts one more send of payout id's reference, before it goes out. */
static enum db_rc
count_send(struct db *db, const char *id)
{
	return DB_EXEC(db, DB_PAYOUT_SENT, by_id, NULL, NULL, .id = id);
}

enum momo_rc
payout_send_once(struct ctx *ctx, const struct payout *p, char *why, size_t whycap)
{
	const struct prov_momo *m = providers_momo(&ctx->prov, p->provider);
	char msisdn[16];
	long long t0;
	enum momo_rc rc;

	if (m == NULL || phone_msisdn(p->phone, msisdn, sizeof(msisdn)) != 0)
		return MOMO_UNAVAILABLE;
	if (count_send(ctx->db, p->id) != DB_OK)
		return MOMO_UNAVAILABLE; /* not counted, so not sent */
	t0 = clock_monotonic_ms();
	rc = m->ops->transfer(&m->ep, p->provider_ref, msisdn, p->amount, p->currency,
	    p->id, p->client_ref[0] ? p->client_ref : "cediramp payout", why, whycap);
	payout_call_record(ctx, p->id, "transfer", t0, rc, NULL, why);
	/* its status read soon after may not know it yet (payout_resend_due) */
	if (rc == MOMO_IN_DOUBT && DB_EXEC(ctx->db, DB_PAYOUT_IN_DOUBT, by_id, NULL, NULL,
	    .id = p->id) != DB_OK)
		log_event("warn", "payout %s: its send in doubt not recorded (a status of "
		    "never seen sends it again at once)", p->id);
	return rc;
}

int
payout_resend_due(const struct ctx *ctx, const struct payout *p)
{
	return p->doubt_ago >= ctx->cfg.payouts_resend_grace_seconds;
}

/* The status of p's reference, asked of m, recorded (payout_call.h). */
static enum momo_rc
ask_status(struct ctx *ctx, const struct prov_momo *m, const struct payout *p,
    struct momo_status *st)
{
	long long t0 = clock_monotonic_ms();
	enum momo_rc rc = m->ops->transfer_status(&m->ep, p->provider_ref, st);

	payout_call_record(ctx, p->id, "transfer_status", t0, rc, st, NULL);
	return rc;
}

enum err
payout_send_step(struct ctx *ctx, struct payout *p, const struct payout_owner_ops *const *owners,
    struct outcome *o)
{
	const struct prov_momo *m = providers_momo(&ctx->prov, p->provider);
	char why[160] = "", reason[200];
	struct momo_status st;
	enum momo_rc rc;
	int changed;

	if (strcmp(p->status, "processing") != 0)
		goto answer; /* settled since: the answer is its state */
	/* resuming: the provider may have it already, or a send of it in
	 * doubt may still be on its way there; never send it twice (the
	 * worker asks again) */
	if (p->sends > 0 && m != NULL && (ask_status(ctx, m, p, &st) != MOMO_NOT_FOUND ||
	    !payout_resend_due(ctx, p)))
		goto answer;
	rc = payout_send_once(ctx, p, why, sizeof(why));
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
		if (payout_finish(ctx, p->id, 0, reason, owners, &changed) != DB_OK)
			return outcome_err(o, ERR_SERVICE_UNAVAILABLE); /* a retry resumes */
		if (payout_load_any(ctx->db, p->id, 0, p) != DB_OK)
			return outcome_err(o, ERR_SERVICE_UNAVAILABLE);
		/* final: the same key replays this failure, never pays again */
		goto answer;
	}
	if (DB_EXEC(ctx->db, DB_PAYOUT_RELEASE, by_id, NULL, NULL, .id = p->id) != DB_OK)
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

/* ---- a payout its owner starts ---- */

int
payout_start(struct db *db, const char *id, long long lease_seconds)
{
	struct db_res res;
	enum db_rc rc;

	rc = DB_EXEC(db, DB_PAYOUT_START, lease_id, NULL, &res, .seconds = lease_seconds,
	    .id = id);
	if (rc != DB_OK)
		return rc;
	return res.affected == 1 ? DB_OK : DB_FAIL;
}

int
payout_drop(struct db *db, const char *id, const char *reason)
{
	struct db_res res;
	enum db_rc rc;

	rc = DB_EXEC(db, DB_PAYOUT_FAIL, payout_reason, NULL, &res, .reason = reason, .id = id);
	if (rc != DB_OK)
		return rc;
	if (res.affected != 1)
		return DB_FAIL;
	return payout_float_restore(db, id);
}

void
payout_send(struct ctx *ctx, const char *id, const struct payout_owner_ops *const *owners)
{
	struct outcome o;
	struct payout p;

	outcome_init(&o);
	if (payout_load_any(ctx->db, id, 0, &p) != DB_OK) {
		log_event("warn", "payout %s: unreadable before its send; the worker "
		    "sends it", id);
		return;
	}
	(void)payout_send_step(ctx, &p, owners, &o);
}

/* ---- the worker ---- */

void
payout_check_later(struct ctx *ctx, const char *id)
{
	if (DB_EXEC(ctx->db, DB_PAYOUT_CHECK_LATER, check_later, NULL, NULL,
	    .backoff_max = CHECK_BACKOFF_MAX, .id = id) != DB_OK)
		log_event("warn", "payout %s: backoff not recorded (the lease expires)", id);
}

void
payout_check_later_many(struct ctx *ctx, const char *const *ids, size_t n)
{
	char *text = n > 0 ? domain_json_strings(ids, n) : NULL;

	if (n == 0)
		return;
	if (text == NULL || DB_EXEC(ctx->db, DB_PAYOUT_CHECK_LATER_MANY, payout_ids_later, NULL,
	    NULL, .ids = text, .backoff_max = CHECK_BACKOFF_MAX) != DB_OK)
		log_event("warn", "payouts: the backoff of %zu payout(s) not recorded (their "
		    "leases expire)", n);
	free(text);
}

int
payout_pending(struct ctx *ctx, const struct payout_owner_ops *const *owners, struct payout *p)
{
	const struct payout_owner_ops *ops = payout_owner_of(owners, p);

	if (ops == NULL)
		return -1;
	/* waiting on its funding, or for its owner's own worker to start it */
	return ops->pending != NULL ? ops->pending(ctx, p) : 0;
}

int
payout_settle(struct ctx *ctx, const char *id, const struct payout_owner_ops *const *owners)
{
	const struct prov_momo *m;
	struct momo_status st;
	struct payout p;
	char why[160] = "";
	enum momo_rc rc;
	int changed;

	if (payout_load_any(ctx->db, id, 0, &p) != DB_OK)
		return -1;
	if (strcmp(p.status, "pending") == 0)
		return payout_pending(ctx, owners, &p);
	if (strcmp(p.status, "processing") != 0 || p.held)
		return 0; /* settled, or held for an operator's review */
	if ((m = providers_momo(&ctx->prov, p.provider)) == NULL)
		return -1;
	memset(&st, 0, sizeof(st));
	rc = ask_status(ctx, m, &p, &st);
	if (rc == MOMO_NOT_FOUND && payout_resend_due(ctx, &p)) {
		/*
		 * The provider never saw this reference (a send lost on the
		 * way, or a request that died before sending): sending the same
		 * reference again cannot pay twice.
		 */
		rc = payout_send_once(ctx, &p, why, sizeof(why));
		if (rc == MOMO_REFUSED)
			return payout_finish(ctx, id, 0, why[0] ? why : "refused by the provider",
			    owners, &changed) == DB_OK ? changed : -1;
		payout_check_later(ctx, id);
		return 0;
	}
	if (rc != MOMO_OK || st.state == MOMO_PENDING) {
		/* pending, the provider did not answer, or it has not yet
		 * recorded a send of moments ago */
		payout_check_later(ctx, id);
		return 0;
	}
	/* a success of something else: neither completed nor refunded */
	if (st.state == MOMO_SUCCESSFUL && !provider_answer_matches(p.amount, p.currency,
	    p.phone, &st, why, sizeof(why)))
		return payout_review_hold(ctx, &p, &st, why) == DB_OK ? 1 : -1;
	if (payout_finish(ctx, id, st.state == MOMO_SUCCESSFUL,
	    st.reason[0] ? st.reason : "the provider reported a failure", owners,
	    &changed) != DB_OK)
		return -1;
	return changed;
}

int
payout_claim(struct ctx *ctx, int n, int lease_seconds, char (*out)[ID_MAX])
{
	int pending, processing;

	/* the due pending ones first, at most a fifth of the batch, so that a
	 * backlog of processing ones never holds them back a whole run */
	pending = db_claim_all(ctx->db, DB_PAYOUT_CLAIM_PENDING, DB_PAYOUT_LEASE_MANY,
	    n / 5 > 0 ? n / 5 : 1, lease_seconds, out[0], ID_MAX);
	if (pending < 0 || pending >= n)
		return pending;
	processing = db_claim_all(ctx->db, DB_PAYOUT_CLAIM, DB_PAYOUT_LEASE_MANY, n - pending,
	    lease_seconds, out[pending], ID_MAX);
	return processing < 0 ? (pending > 0 ? pending : -1) : pending + processing;
}
