#include "domain/payout_review.h"

#include <stdio.h>
#include <string.h>

#include "core/id.h"
#include "core/log.h"
#include "core/strict.h"
#include "domain/internal.h"
#include "store/db_sig.h"

struct hold_tx {
	const struct payout *p;
	const struct momo_status *st;
};

/* held_at and the review row, together; a payout held already: nothing. */
static int
hold_tx(struct db *db, void *arg)
{
	const struct hold_tx *h = arg;
	struct db_res res;
	int rc;

	if ((rc = DB_EXEC(db, DB_PAYOUT_REVIEW_HOLD, by_id, NULL, &res, .id = h->p->id)) != DB_OK)
		return rc;
	if (res.affected != 1)
		return DB_OK; /* held already, or settled meanwhile */
	return DB_EXEC(db, DB_PAYOUT_REVIEW_INSERT, review_insert, NULL, NULL,
	    .amount = h->st->amount, .currency = h->st->currency, .party = h->st->party,
	    .financial_id = h->st->financial_id, .id = h->p->id);
}

enum db_rc
payout_review_hold(struct ctx *ctx, const struct payout *p, const struct momo_status *st,
    const char *why)
{
	struct hold_tx h = { p, st };
	int rc = db_tx(ctx->db, hold_tx, &h);

	if (rc == DB_OK)
		log_event("error", "payout %s (%s, reference %s) held for review: %s; not "
		    "completed, not refunded: `cediramp-admin payout resolve %s --complete|--fail "
		    "--reason TEXT` settles it", p->id, p->provider, p->provider_ref, why, p->id);
	return (enum db_rc)rc;
}

/* How a review row (store/stmt_payout.h) fills a struct payout_review;
 * asked and answered are each three columns, joined below */
static const struct db_field review_fields[] = { DB_FIELDS(review, struct payout_review) };

/* Column c of row i, "" for NULL. */
static const char *
cell(const struct db_rows *rows, size_t i, size_t c)
{
	const char *v = db_cell(rows, i, c);

	return v != NULL ? v : "";
}

void
payout_review_row(const struct db_rows *rows, size_t i, struct payout_review *r)
{
	memset(r, 0, sizeof(*r));
	(void)db_row_read(rows, i, review_fields, DB_NCOLS(review), r); /* text only: no failure */
	snprintf(r->asked, sizeof(r->asked), "%s %s to %s",
	    cell(rows, i, DB_COL(review, asked_amount)),
	    cell(rows, i, DB_COL(review, asked_currency)),
	    cell(rows, i, DB_COL(review, asked_party)));
	snprintf(r->answered, sizeof(r->answered), "%s %s to %s",
	    cell(rows, i, DB_COL(review, answered_amount)),
	    cell(rows, i, DB_COL(review, answered_currency)),
	    cell(rows, i, DB_COL(review, answered_party)));
}

struct decide_tx {
	const char *id, *decision, *reason, *who;
	int found, decided_now;
	char was[16];       /* the decision recorded before, or "" */
	char status[24];    /* the payout's (as payout_review.h keeps it) */
};

/* The review locked; its decision taken when it has none. */
static int
decide_tx(struct db *db, void *arg)
{
	struct decide_tx *d = arg;
	struct payout_review r;
	struct db_rows rows;
	struct db_res res;
	int rc;

	d->found = d->decided_now = 0;
	if ((rc = DB_EXEC(db, DB_PAYOUT_REVIEW_GET, by_id, &rows, NULL, .id = d->id)) != DB_OK)
		return rc;
	if (rows.nrows == 1) {
		d->found = 1;
		payout_review_row(&rows, 0, &r);
		snprintf(d->was, sizeof(d->was), "%s", r.decision);
		snprintf(d->status, sizeof(d->status), "%s", r.status);
	}
	db_rows_free(&rows);
	/* decided already; or settled, so no longer held (a payout settles
	 * only from processing, and a held one only on review) */
	if (!d->found || d->was[0] != '\0' || strcmp(d->status, "processing") != 0)
		return DB_OK;
	rc = DB_EXEC(db, DB_PAYOUT_REVIEW_DECIDE, review_decide, NULL, &res,
	    .decision = d->decision, .reason = d->reason, .resolved_by = d->who, .id = d->id);
	if (rc != DB_OK)
		return rc;
	d->decided_now = res.affected == 1;
	return DB_OK;
}

enum err
payout_review_resolve(struct ctx *ctx, const char *id, int complete, const char *reason,
    const char *who, const struct payout_owner_ops *const *owners, struct outcome *o)
{
	struct decide_tx d;
	/* what is stored as the failure's reason: at most 200 characters */
	char line[201];
	int rc, changed = 0;

	outcome_init(o);
	if (id == NULL || !id_has_shape(id, "po_"))
		return outcome_field(o, ERR_VALIDATION, "payout_id", "a payout id (po_...)");
	if (reason == NULL || reason[0] == '\0' || strlen(reason) > 200 ||
	    !strict_printable(reason, strlen(reason)))
		return outcome_field(o, ERR_VALIDATION, "reason",
		    "1 to 200 printable characters, saying why");
	memset(&d, 0, sizeof(d));
	d.id = id;
	d.decision = complete ? "complete" : "fail";
	d.reason = reason;
	d.who = who != NULL && who[0] != '\0' ? who : "unknown";
	if ((rc = db_tx(ctx->db, decide_tx, &d)) != DB_OK)
		return domain_db_fail(o, rc, "record the decision");
	if (!d.found)
		return outcome_fail(o, ERR_NOT_FOUND, "payout %s was never held for review", id);
	if (d.was[0] != '\0' && strcmp(d.was, d.decision) != 0)
		return outcome_fail(o, ERR_INVALID_STATE, "payout %s was resolved already: %s",
		    id, d.was);
	if (d.was[0] == '\0' && !d.decided_now)
		return outcome_fail(o, ERR_INVALID_STATE, "payout %s is %s: nothing to resolve",
		    id, d.status);
	/* the decision stands (taken now, or by a run cut short): the payout
	 * settles as it says, once (a settled payout is left as it is) */
	snprintf(line, sizeof(line), "%s by %s: %s", complete ? "completed on review" :
	    "failed on review", d.who, reason);
	if (payout_finish_review(ctx, id, complete, line, owners, &changed) != DB_OK)
		return outcome_fail(o, ERR_SERVICE_UNAVAILABLE, "settle the payout: the database "
		    "is unavailable (the decision is recorded: run the same command again)");
	(void)DB_EXEC(ctx->db, DB_PAYOUT_REVIEW_RELEASE, by_id, NULL, NULL, .id = id);
	o->changed = d.decided_now || changed;
	if (o->changed)
		log_event("warn", "payout %s resolved on review: %s", id, line);
	return ERR_OK;
}

int
payout_review_list(struct db *db, void (*fn)(const struct payout_review *r, void *arg),
    void *arg)
{
	struct payout_review r;
	struct db_rows rows;
	size_t i;

	if (DB_EXEC(db, DB_PAYOUT_REVIEW_LIST, no_args, &rows, NULL) != DB_OK)
		return -1;
	for (i = 0; i < rows.nrows; i++) {
		payout_review_row(&rows, i, &r);
		fn(&r, arg);
	}
	db_rows_free(&rows);
	return (int)i;
}
