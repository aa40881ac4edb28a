/*
 * intent_review: payment intents held for an operator's review (issue 34,
 * item 4), as payouts are (domain/payout_review.h). A provider's
 * SUCCESSFUL whose amount, currency or payer number is not the intent's
 * (domain/provider_answer.h) is no payment of ours: the intent neither
 * moves on (the partner would be credited for money someone else paid,
 * or another amount) nor fails (the payer may have paid, after all). It
 * is held, in the state it was, never claimed, expired or hinted, and a
 * row of intent_reviews records both sides. An operator settles it once
 * with `cediramp-admin intent resolve`; reconcile lists every intent held.
 */
#ifndef CEDIRAMP_INTENT_REVIEW_H
#define CEDIRAMP_INTENT_REVIEW_H

#include "core/err.h"
#include "core/outcome.h"
#include "domain/ctx.h"
#include "domain/partner/intent.h"
#include "domain/review.h"
#include "providers/momo.h"

/*
 * Holds intent in, whose provider answered st (SUCCESSFUL, not what was
 * asked: why), in one transaction: its held_at and its review row; says so
 * in the log at error level, naming both sides. DB_OK (also when it was
 * held already) or the database's error.
 */
enum db_rc intent_review_hold(struct ctx *ctx, const struct intent *in,
    const struct momo_status *st, const char *why);

/*
 * Settles held intent id once, as its review decides (intent_finish):
 * complete (1) or fail (0), with reason and who recorded. The same
 * decision again finishes what a resolution cut short left. ERR_VALIDATION
 * for a bad id or an empty reason (at most 200 characters); ERR_NOT_FOUND
 * when it was never held; ERR_INVALID_STATE when it was resolved the other
 * way.
 */
enum err intent_review_resolve(struct ctx *ctx, const char *id, int complete,
    const char *reason, const char *who, struct outcome *o);

/* Calls fn for each intent still held, oldest first: how many, or -1. */
int intent_review_list(struct db *db, void (*fn)(const struct review *r, void *arg),
    void *arg);

#endif
