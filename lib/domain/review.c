#include "domain/review.h"

#include <stdio.h>
#include <string.h>

#include "core/log.h"
#include "core/strict.h"
#include "domain/internal.h"
#include "store/db_sig.h"

/* the most a decision's reason may be, and what is stored as the reason */
#define REASON_MAX 200

struct hold_tx {
	const struct review_kind *k;
	const char *id;
	const struct momo_status *st;
};

/* held_at and the review row, together; held already: nothing. */
static int
hold_tx(struct db *db, void *arg)
{
	const struct hold_tx *h = arg;
	struct db_res res;
	int rc;

	if ((rc = db_run(db, DB_BIND_ANY(h->k->hold, by_id, .id = h->id), NULL, &res)) != DB_OK)
		return rc;
	if (res.affected != 1)
		return DB_OK; /* held already, or moved on meanwhile */
	return db_run(db, DB_BIND_ANY(h->k->insert, review_insert, .amount = h->st->amount,
	    .currency = h->st->currency, .party = h->st->party,
	    .financial_id = h->st->financial_id, .id = h->id), NULL, NULL);
}

enum db_rc
review_hold(struct db *db, const struct review_kind *k, const char *id,
    const struct momo_status *st)
{
	struct hold_tx h = { k, id, st };

	return (enum db_rc)db_tx(db, hold_tx, &h);
}

/* How a review row fills a struct review; asked and answered are each
 * three columns, joined below */
static const struct db_field review_fields[] = { DB_FIELDS(review, struct review) };

/* Column c of row i, "" for NULL. */
static const char *
cell(const struct db_rows *rows, size_t i, size_t c)
{
	const char *v = db_cell(rows, i, c);

	return v != NULL ? v : "";
}

static void
review_row(const struct db_rows *rows, size_t i, struct review *r)
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
	const struct review_kind *k;
	const char *id, *decision, *reason, *who;
	int found, decided_now;
	struct review was;  /* as it was found: decision "" when none */
};

/* The review locked; its decision taken when it has none (and the held
 * thing is still as it must be to be decided). */
static int
decide_tx(struct db *db, void *arg)
{
	struct decide_tx *d = arg;
	const struct review_kind *k = d->k;
	struct db_rows rows;
	struct db_res res;
	int rc;

	d->found = d->decided_now = 0;
	if ((rc = db_run(db, DB_BIND_ANY(k->get, by_id, .id = d->id), &rows, NULL)) != DB_OK)
		return rc;
	if (rows.nrows == 1) {
		d->found = 1;
		review_row(&rows, 0, &d->was);
	}
	db_rows_free(&rows);
	if (!d->found || d->was.decision[0] != '\0' ||
	    (k->decided_from != NULL && strcmp(d->was.status, k->decided_from) != 0))
		return DB_OK;
	rc = db_run(db, DB_BIND_ANY(k->decide, review_decide, .decision = d->decision,
	    .reason = d->reason, .resolved_by = d->who, .id = d->id), NULL, &res);
	if (rc != DB_OK)
		return rc;
	d->decided_now = res.affected == 1;
	return DB_OK;
}

enum err
review_resolve(struct ctx *ctx, const struct review_kind *k, const char *id, int complete,
    const char *reason, const char *who, review_settle_fn *settle, void *arg,
    struct outcome *o)
{
	struct decide_tx d;
	char line[REASON_MAX + 1];
	int rc, changed = 0;

	outcome_init(o);
	if (id == NULL || !id_has_shape(id, k->id_prefix))
		return outcome_field(o, ERR_VALIDATION, k->id_field, k->id_hint);
	if (!strict_text(reason, 1, REASON_MAX))
		return outcome_field(o, ERR_VALIDATION, "reason",
		    "1 to 200 printable characters, saying why");
	d = (struct decide_tx){ .k = k, .id = id, .decision = complete ? "complete" : "fail",
	    .reason = reason, .who = who != NULL && who[0] != '\0' ? who : "unknown" };
	if ((rc = db_tx(ctx->db, decide_tx, &d)) != DB_OK)
		return domain_db_fail(o, rc, "record the decision");
	if (!d.found)
		return outcome_fail(o, ERR_NOT_FOUND, "%s %s was never held for review", k->noun,
		    id);
	if (d.was.decision[0] != '\0' && strcmp(d.was.decision, d.decision) != 0)
		return outcome_fail(o, ERR_INVALID_STATE, "%s %s was resolved already: %s",
		    k->noun, id, d.was.decision);
	if (d.was.decision[0] == '\0' && !d.decided_now)
		return outcome_fail(o, ERR_INVALID_STATE, "%s %s is %s: nothing to resolve",
		    k->noun, id, d.was.status);
	/* the decision stands (taken now, or by a run cut short): the held
	 * thing moves as it says, once; then it is no longer held */
	snprintf(line, sizeof(line), "%s by %s: %s", complete ? "completed on review" :
	    "failed on review", d.who, reason);
	if (settle(ctx, id, complete, line, arg, &changed) != 0)
		return outcome_fail(o, ERR_SERVICE_UNAVAILABLE, "settle the %s: the database is "
		    "unavailable (the decision is recorded: run the same command again)", k->noun);
	if ((rc = db_run(ctx->db, DB_BIND_ANY(k->release, by_id, .id = id), NULL, NULL)) != DB_OK)
		return domain_db_fail(o, rc, "release the hold");
	o->changed = d.decided_now || changed;
	if (o->changed)
		log_event("warn", "%s %s resolved on review: %s", k->noun, id, line);
	return ERR_OK;
}

int
review_list(struct db *db, const struct review_kind *k,
    void (*fn)(const struct review *r, void *arg), void *arg)
{
	struct review r;
	struct db_rows rows;
	size_t i;

	if (db_run(db, DB_BIND_ANY(k->list, no_args), &rows, NULL) != DB_OK)
		return -1;
	for (i = 0; i < rows.nrows; i++) {
		review_row(&rows, i, &r);
		fn(&r, arg);
	}
	db_rows_free(&rows);
	return (int)i;
}
