#include "domain/partner/intent_review.h"

#include <stdio.h>
#include <string.h>

#include "core/id.h"
#include "core/log.h"
#include "core/strict.h"
#include "domain/internal.h"
#include "store/db_sig.h"

struct hold_tx {
	const struct intent *in;
	const struct momo_status *st;
};

/* held_at and the review row, together; an intent held already: nothing. */
static int
hold_tx(struct db *db, void *arg)
{
	const struct hold_tx *h = arg;
	struct db_res res;
	int rc;

	if ((rc = DB_EXEC(db, DB_PI_REVIEW_HOLD, by_id, NULL, &res, .id = h->in->id)) != DB_OK)
		return rc;
	if (res.affected != 1)
		return DB_OK; /* held already, or closed meanwhile */
	return DB_EXEC(db, DB_PI_REVIEW_INSERT, review_insert, NULL, NULL,
	    .amount = h->st->amount, .currency = h->st->currency, .party = h->st->party,
	    .financial_id = h->st->financial_id, .id = h->in->id);
}

enum db_rc
intent_review_hold(struct ctx *ctx, const struct intent *in, const struct momo_status *st,
    const char *why)
{
	struct hold_tx h = { in, st };
	int rc = db_tx(ctx->db, hold_tx, &h);

	if (rc == DB_OK)
		log_event("error", "payment intent %s (%s, reference %s, %s) held for review: %s; "
		    "not credited, not failed: `cediramp-admin intent resolve %s "
		    "--complete|--fail --reason TEXT` settles it", in->id, in->network,
		    in->provider_ref, in->status, why, in->id);
	return (enum db_rc)rc;
}

struct decide_tx {
	const char *id, *decision, *reason, *who;
	int found, decided_now;
	char was[16];       /* the decision recorded before, or "" */
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
	if ((rc = DB_EXEC(db, DB_PI_REVIEW_GET, by_id, &rows, NULL, .id = d->id)) != DB_OK)
		return rc;
	if (rows.nrows == 1) {
		d->found = 1;
		payout_review_row(&rows, 0, &r);
		snprintf(d->was, sizeof(d->was), "%s", r.decision);
	}
	db_rows_free(&rows);
	if (!d->found || d->was[0] != '\0')
		return DB_OK;
	rc = DB_EXEC(db, DB_PI_REVIEW_DECIDE, review_decide, NULL, &res,
	    .decision = d->decision, .reason = d->reason, .resolved_by = d->who, .id = d->id);
	if (rc != DB_OK)
		return rc;
	d->decided_now = res.affected == 1;
	return DB_OK;
}

enum err
intent_review_resolve(struct ctx *ctx, const char *id, int complete, const char *reason,
    const char *who, struct outcome *o)
{
	struct decide_tx d;
	/* what is stored as the failure's reason: at most 200 characters */
	char line[201];
	int rc, changed = 0;

	outcome_init(o);
	if (id == NULL || !id_has_shape(id, "pi_"))
		return outcome_field(o, ERR_VALIDATION, "intent_id", "a payment intent id (pi_...)");
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
		return outcome_fail(o, ERR_NOT_FOUND, "payment intent %s was never held for review",
		    id);
	if (d.was[0] != '\0' && strcmp(d.was, d.decision) != 0)
		return outcome_fail(o, ERR_INVALID_STATE, "payment intent %s was resolved already: "
		    "%s", id, d.was);
	/* the decision stands (taken now, or by a run cut short): the intent
	 * moves as it says, once; then it is no longer held */
	snprintf(line, sizeof(line), "%s by %s: %s", complete ? "completed on review" :
	    "failed on review", d.who, reason);
	if (intent_finish(ctx, id, complete, line, &changed) != 0)
		return outcome_fail(o, ERR_SERVICE_UNAVAILABLE, "settle the payment intent: the "
		    "database is unavailable (the decision is recorded: run the same command again)");
	if ((rc = DB_EXEC(ctx->db, DB_PI_REVIEW_RELEASE, by_id, NULL, NULL, .id = id)) != DB_OK)
		return domain_db_fail(o, rc, "release the payment intent");
	o->changed = d.decided_now || changed;
	if (o->changed)
		log_event("warn", "payment intent %s resolved on review: %s", id, line);
	return ERR_OK;
}

int
intent_review_list(struct db *db, void (*fn)(const struct payout_review *r, void *arg),
    void *arg)
{
	struct payout_review r;
	struct db_rows rows;
	size_t i;

	if (DB_EXEC(db, DB_PI_REVIEW_LIST, no_args, &rows, NULL) != DB_OK)
		return -1;
	for (i = 0; i < rows.nrows; i++) {
		payout_review_row(&rows, i, &r);
		fn(&r, arg);
	}
	db_rows_free(&rows);
	return (int)i;
}
