/*
 * payout_review: payouts held for an operator's review. A provider's
 * SUCCESSFUL whose amount, currency or number is not the payout's
 * (domain/provider_answer.h) is no success of ours: the payout neither
 * completes (someone else may have been paid) nor fails (ours may have
 * been, after all). It is held: still processing on the wire, never
 * claimed by the payouts worker nor made due by a provider's hint, its
 * money still in flight, and a row of payout_reviews records both sides.
 * An operator looks at the provider's books and settles it once with
 * `cediramp-admin payout resolve`; reconcile lists every payout held.
 */
#ifndef CEDIRAMP_PAYOUT_REVIEW_H
#define CEDIRAMP_PAYOUT_REVIEW_H

#include "core/err.h"
#include "core/outcome.h"
#include "domain/ctx.h"
#include "domain/payout.h"
#include "domain/review.h"
#include "providers/momo.h"
#include "store/db.h"

/*
 * Holds processing payout p, whose provider answered st (SUCCESSFUL, not
 * what was asked: why, from provider_answer_matches), in one transaction:
 * its held_at and its review row. Says so in the log at error level,
 * naming both sides. DB_OK (also when it was held already) or the
 * database's error (nothing held: the next check finds the same answer).
 */
enum db_rc payout_review_hold(struct ctx *ctx, const struct payout *p,
    const struct momo_status *st, const char *why);

/*
 * Settles held payout id once, as its review decides: complete (1) as the
 * provider's success would have (ledger, events, its owner's final step:
 * owners as payout.h's), or fail (0), refunding it once; reason and
 * who are recorded with the decision. The same decision again finishes
 * what a resolution cut short left (ERR_OK, o->changed 0 when nothing was
 * left). ERR_VALIDATION for a bad id or an empty reason (at most 200
 * characters); ERR_NOT_FOUND when the payout was never held;
 * ERR_INVALID_STATE when it was resolved the other way.
 */
enum err payout_review_resolve(struct ctx *ctx, const char *id, int complete,
    const char *reason, const char *who, const struct payout_owner_ops *const *owners,
    struct outcome *o);

/*
 * Calls fn for each payout still held, and each resolved whose payout is
 * not yet settled (a resolution cut short), oldest first: how many, or -1
 * when the database failed.
 */
int payout_review_list(struct db *db, void (*fn)(const struct review *r, void *arg),
    void *arg);

#endif
