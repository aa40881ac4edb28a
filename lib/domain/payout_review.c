#include "domain/payout_review.h"

#include "core/log.h"
#include "store/db_sig.h"

/* A payout is decided only while it is processing: a payout settles only
 * from processing, and a held one only on review. */
static const struct review_kind payout_reviews = {
	.noun = "payout", .id_prefix = "po_", .id_field = "payout_id",
	.id_hint = "a payout id (po_...)", .decided_from = "processing",
	REVIEW_STMTS(DB_PAYOUT_REVIEW),
};

enum db_rc
payout_review_hold(struct ctx *ctx, const struct payout *p, const struct momo_status *st,
    const char *why)
{
	enum db_rc rc = review_hold(ctx->db, &payout_reviews, p->id, st);

	if (rc == DB_OK)
		log_event("error", "payout %s (%s, reference %s) held for review: %s; not "
		    "completed, not refunded: `cediramp-admin payout resolve %s --complete|--fail "
		    "--reason TEXT` settles it", p->id, p->provider, p->provider_ref, why, p->id);
	return rc;
}

/* review_settle_fn: the payout finished as decided, its owners' steps with it */
static int
settle(struct ctx *ctx, const char *id, int complete, const char *line, void *owners,
    int *changed)
{
	return payout_finish_review(ctx, id, complete, line, owners, changed) == DB_OK ? 0 : -1;
}

enum err
payout_review_resolve(struct ctx *ctx, const char *id, int complete, const char *reason,
    const char *who, const struct payout_owner_ops *const *owners, struct outcome *o)
{
	return review_resolve(ctx, &payout_reviews, id, complete, reason, who, settle,
	    (void *)owners, o);
}

int
payout_review_list(struct db *db, void (*fn)(const struct review *r, void *arg), void *arg)
{
	return review_list(db, &payout_reviews, fn, arg);
}
