#include "domain/partner/intent_review.h"

#include "core/log.h"
#include "store/db_sig.h"

/* An intent held is decided in whichever state it was held. */
static const struct review_kind intent_reviews = {
	.noun = "payment intent", .id_prefix = "pi_", .id_field = "intent_id",
	.id_hint = "a payment intent id (pi_...)", .decided_from = NULL,
	REVIEW_STMTS(DB_PI_REVIEW),
};

enum db_rc
intent_review_hold(struct ctx *ctx, const struct intent *in, const struct momo_status *st,
    const char *why)
{
	enum db_rc rc = review_hold(ctx->db, &intent_reviews, in->id, st);

	if (rc == DB_OK)
		log_event("error", "payment intent %s (%s, reference %s, %s) held for review: %s; "
		    "not credited, not failed: `cediramp-admin intent resolve %s "
		    "--complete|--fail --reason TEXT` settles it", in->id, in->network,
		    in->provider_ref, in->status, why, in->id);
	return rc;
}

/* review_settle_fn: the intent moved as decided (intent_finish) */
static int
settle(struct ctx *ctx, const char *id, int complete, const char *line, void *arg,
    int *changed)
{
	(void)arg;
	return intent_finish(ctx, id, complete, line, changed);
}

enum err
intent_review_resolve(struct ctx *ctx, const char *id, int complete, const char *reason,
    const char *who, struct outcome *o)
{
	return review_resolve(ctx, &intent_reviews, id, complete, reason, who, settle, NULL, o);
}

int
intent_review_list(struct db *db, void (*fn)(const struct review *r, void *arg), void *arg)
{
	return review_list(db, &intent_reviews, fn, arg);
}
