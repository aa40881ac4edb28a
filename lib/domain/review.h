/*
 * review: what a payout and a payment intent held for an operator's review
 * share (payout_review.h, partner/intent_review.h): the review row, the
 * hold, the decision taken once, and the list, each over its kind's
 * statements. The kind says what moves once the decision is taken.
 */
#ifndef CEDIRAMP_REVIEW_H
#define CEDIRAMP_REVIEW_H

#include "core/err.h"
#include "core/id.h"
#include "core/outcome.h"
#include "domain/ctx.h"
#include "providers/momo.h"
#include "store/db.h"

/* A review: what was asked, what the provider answered, and its decision. */
struct review {
	char id[ID_MAX];     /* the payout's or the intent's */
	char asked[96];      /* "10.00 GHS to +233241234567" */
	char answered[96];   /* "11.00 GHS to 233241234567" */
	char financial_id[64];
	char held_at[32];
	char decision[16];   /* "complete", "fail", or "" while held */
	char reason[201];
	char resolved_by[65];
	char resolved_at[32];
	char status[24];     /* the payout's or the intent's ("pending_approval") */
};

/* A kind of thing held: its words and its statements (the review shapes of
 * store/stmt_payout.h). */
struct review_kind {
	const char *noun;         /* "payout": for messages */
	const char *id_prefix;    /* "po_" */
	const char *id_field;     /* "payout_id": the field a bad id is named by */
	const char *id_hint;      /* "a payout id (po_...)" */
	const char *decided_from; /* the status it must still have to be decided, or NULL */
	enum db_stmt hold, insert, get, decide, release, list;
};

/* A kind's six statements, named PREFIX_HOLD to PREFIX_LIST. */
#define REVIEW_STMTS(prefix) .hold = prefix##_HOLD, .insert = prefix##_INSERT, \
	.get = prefix##_GET, .decide = prefix##_DECIDE, .release = prefix##_RELEASE, \
	.list = prefix##_LIST

/*
 * Holds id, whose provider answered st, in one transaction: its held_at
 * and its review row. DB_OK (also when it was held already, or moved on
 * meanwhile) or the database's error (nothing held).
 */
enum db_rc review_hold(struct db *db, const struct review_kind *k, const char *id,
    const struct momo_status *st);

/*
 * Moves id as the decision says (complete 1, or 0 to fail it), with line
 * as its reason, once: 0, or -1 when the database failed (the decision
 * stands: the same decision again finishes). *changed 1 when it moved now.
 */
typedef int review_settle_fn(struct ctx *ctx, const char *id, int complete,
    const char *line, void *arg, int *changed);

/*
 * Decides held id once (complete 1, or 0 to fail it) with reason and who
 * recorded, then settles it (settle, with arg) and releases the hold. The
 * same decision again finishes what a resolution cut short left (ERR_OK,
 * o->changed 0 when nothing was left). ERR_VALIDATION for a bad id or an
 * empty reason (at most 200 printable characters); ERR_NOT_FOUND when it
 * was never held; ERR_INVALID_STATE when it was resolved the other way,
 * or moved on before any decision.
 */
enum err review_resolve(struct ctx *ctx, const struct review_kind *k, const char *id,
    int complete, const char *reason, const char *who, review_settle_fn *settle, void *arg,
    struct outcome *o);

/*
 * Calls fn for each review k's list statement returns, oldest first: how
 * many, or -1 when the database failed.
 */
int review_list(struct db *db, const struct review_kind *k,
    void (*fn)(const struct review *r, void *arg), void *arg);

#endif
