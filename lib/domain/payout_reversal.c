#include "domain/payout_reversal.h"

#include <string.h>

#include "core/clock.h"
#include "core/log.h"
#include "core/strict.h"
#include "domain/internal.h"
#include "domain/ledger.h"
#include "domain/outbox.h"
#include "domain/payout_call.h"
#include "domain/payout_float.h"
#include "domain/report.h"
#include "providers/registry.h"
#include "store/db_sig.h"

#define FEES "house:fees:GHS"

struct reversal {
	const char *id, *reason;
	const struct payout_owner_ops *const *owners;
	struct payout p;
	int changed;
};

/* The owner's side of a reversal, settled by the engine: amount + fee
 * back to the owner's account, from the network's settlement account and
 * the fees; payout.failed, reversed, to its subject. */
static int
reverse_to_account(struct db *db, const struct payout_owner_ops *ops, struct payout *p,
    const char *settle_acct)
{
	enum outbox_subject kind;
	long long subject_id;
	char acct[LEDGER_CODE_MAX], total[MONEY_MAX_TEXT];
	struct ledger_leg legs[3];
	json_t *data;
	size_t n = 0;
	enum db_rc rc;

	if (payout_add_ghs(p->amount, p->fee, total, sizeof(total)) != 0)
		return DB_FAIL;
	ops->account(p, acct, sizeof(acct));
	ledger_leg(&legs[n++], settle_acct, "GHS", p->amount, 1);
	if (money_cmp_text(p->fee, "0.00", 2) > 0)
		ledger_leg(&legs[n++], FEES, "GHS", p->fee, 1);
	ledger_leg(&legs[n++], acct, "GHS", total, 0);
	if ((rc = ledger_post(db, "payout.reversal", p->id, legs, n)) != DB_OK)
		return rc;
	if ((data = payout_event_data(p)) == NULL ||
	    json_object_set_new(data, "reversed", json_true()) != 0) {
		json_decref(data);
		return DB_FAIL;
	}
	ops->subject(p, &kind, &subject_id);
	rc = outbox_add(db, "payout.failed", kind, subject_id, p->id, data);
	json_decref(data);
	return rc;
}

/* Completed -> failed, refunded, the float's draw back, the event: once
 * (a payout no longer completed is left as it is). */
static int
reverse_tx(struct db *db, void *arg)
{
	struct reversal *r = arg;
	struct payout *p = &r->p;
	const struct payout_owner_ops *ops;
	char settle_acct[LEDGER_CODE_MAX];
	struct ledger_leg legs[2];
	struct db_res res;
	enum db_rc rc;

	r->changed = 0;
	if ((rc = payout_load_any(db, r->id, 1, p)) != DB_OK)
		return rc;
	if (strcmp(p->status, "completed") != 0)
		return DB_OK;
	if ((ops = payout_owner_of(r->owners, p)) == NULL)
		return DB_FAIL;
	rc = DB_EXEC(db, DB_PAYOUT_REVERSE, payout_reason, NULL, &res, .reason = r->reason,
	    .id = r->id);
	if (rc != DB_OK)
		return rc;
	if (res.affected != 1)
		return DB_FAIL; /* changed under our lock: impossible */
	(void)strict_copy(p->status, sizeof(p->status), "failed");
	strict_clip(p->failure_reason, sizeof(p->failure_reason), r->reason, strlen(r->reason));
	/* the money is back in the disbursement account: so is the draw */
	if ((rc = payout_float_restore(db, p->id)) != DB_OK)
		return rc;
	snprintf(settle_acct, sizeof(settle_acct), "house:momo:%s:GHS", p->provider);
	if (ops->reversed == NULL)
		rc = reverse_to_account(db, ops, p, settle_acct);
	else {
		/* back in flight, where the owner's refund takes it from */
		ledger_leg(&legs[0], settle_acct, "GHS", p->amount, 1);
		ledger_leg(&legs[1], PAYOUT_IN_FLIGHT, "GHS", p->amount, 0);
		if ((rc = ledger_post(db, "payout.reversal", p->id, legs, 2)) == DB_OK)
			rc = ops->reversed(db, p, r->reason);
	}
	if (rc != DB_OK)
		return rc;
	r->changed = 1;
	return DB_OK;
}

/* Sets completed payout id's next check, or ends its watch when it
 * completed more than window seconds ago (0: ends it now). */
static void
watch_later(struct ctx *ctx, const char *id, unsigned long long window)
{
	if (DB_EXEC(ctx->db, DB_PAYOUT_WATCH_LATER, payout_watch_later, NULL, NULL,
	    .window = (long long)window, .id = id) != DB_OK)
		log_event("warn", "payout %s: next reversal check not recorded (the lease "
		    "expires)", id);
}

int
payout_watch_claim(struct ctx *ctx, int n, int lease_seconds, char (*out)[ID_MAX])
{
	return db_claim(ctx->db, DB_PAYOUT_WATCH_CLAIM, DB_PAYOUT_LEASE, n, lease_seconds,
	    out[0], ID_MAX);
}

int
payout_watch(struct ctx *ctx, const char *id, const struct payout_owner_ops *const *owners)
{
	unsigned long long window = ctx->cfg.payout_reversal_watch_seconds;
	const struct prov_momo *m;
	struct momo_status st;
	struct reversal r;
	enum momo_rc rc;
	long long t0;

	memset(&r, 0, sizeof(r));
	if (payout_load_any(ctx->db, id, 0, &r.p) != DB_OK)
		return -1;
	m = providers_momo(&ctx->prov, r.p.provider);
	memset(&st, 0, sizeof(st));
	if (strcmp(r.p.status, "completed") != 0 || m == NULL || !m->ops->reverses) {
		watch_later(ctx, id, 0); /* nothing to watch for */
		return 0;
	}
	t0 = clock_monotonic_ms();
	if ((rc = m->ops->transfer_status(&m->ep, r.p.provider_ref, &st)) != MOMO_OK ||
	    st.state != MOMO_FAILED) {
		watch_later(ctx, id, window); /* still paid, or no answer: later */
		return 0;
	}
	/* the read that changed something is kept (the routine ones that found
	 * it still paid are not: every completed payout is watched) */
	payout_call_record(ctx, id, "transfer_status", t0, rc, &st, NULL);
	if (!st.reversed) {
		/* no provider we speak goes from success to plain failed */
		log_event("error", "payout %s: completed, but %s now reads FAILED (%s) "
		    "without a reversal; left as it is for an operator", id, r.p.provider,
		    st.reason);
		watch_later(ctx, id, window);
		return 0;
	}
	r.id = id;
	r.reason = st.reason[0] ? st.reason : "TRANSFER_REVERSED: reversed by the provider";
	r.owners = owners;
	if (db_tx(ctx->db, reverse_tx, &r) != DB_OK) {
		log_event("error", "payout %s: reversal failed: %s", id, db_error(ctx->db));
		return -1;
	}
	if (r.changed)
		log_event("warn", "payout %s: %s reversed it after it completed (%s); "
		    "refunded once", id, r.p.provider, r.reason);
	return r.changed;
}

/* One reversed payout's line (a report_lines printer). */
static void
reversed_line(FILE *out, const struct db_rows *row)
{
	fprintf(out, "reversed payout: %s %s %s GHS (fee %s) to %s refunded; completed "
	    "at %s, reversed at %s\n", db_cell(row, 0, DB_COL(payout_reversed, id)),
	    db_cell(row, 0, DB_COL(payout_reversed, provider)),
	    db_cell(row, 0, DB_COL(payout_reversed, amount)),
	    db_cell(row, 0, DB_COL(payout_reversed, fee)),
	    db_cell(row, 0, DB_COL(payout_reversed, owner)),
	    db_cell(row, 0, DB_COL(payout_reversed, completed_at)),
	    db_cell(row, 0, DB_COL(payout_reversed, reversed_at)));
}

int
payout_report_reversed(struct db *db, FILE *out)
{
	return report_lines(db, DB_BIND(DB_PAYOUT_REVERSED, no_args), out, reversed_line);
}
