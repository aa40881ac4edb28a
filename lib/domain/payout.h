/*
 * payout: the payout engine. Each payout has an owner (what asked for it),
 * which the engine knows only through the ops its owner's module gives
 * (struct payout_owner_ops), as the providers' adapters are known through
 * theirs. Exactly once, as docs/design.md's "Exactly once" says:
 *
 * 1. The payout's row, its provider reference (a UUID), the ledger hold
 *    (the owner's GHS, amount + fee, into house:payouts_in_flight:GHS) and
 *    the draw of the amount on the network's payout float (payout_float.h; a
 *    float that cannot cover it refuses the payout) are committed in one
 *    transaction before any provider call.
 * 2. The send: accepted is `processing`; refused outright is `failed` with
 *    the refund in the same transaction as the state change; a timeout, a
 *    5xx or a lost connection after sending leaves it in doubt, still
 *    `processing`.
 * 3. Only the provider's answer to a status query of the same reference
 *    settles it: completed (in flight to the network's settlement account
 *    house:momo:<NET>:GHS, the fee to house:fees:GHS) or failed (in flight
 *    back to the user, exactly once: the ledger's UNIQUE event key; the
 *    float gets its draw back in the same transaction, once).
 * 4. A payout is never sent under a new reference; the same reference is
 *    sent again only when the provider says it never saw it.
 *
 * Every final transition writes its outbox event (payout.completed,
 * payout.failed) in the same transaction.
 */
#ifndef CEDIRAMP_PAYOUT_H
#define CEDIRAMP_PAYOUT_H

#include <jansson.h>

#include "core/id.h"
#include "core/money.h"
#include "core/outcome.h"
#include "domain/caller.h"
#include "domain/ctx.h"
#include "domain/outbox.h"
#include "providers/momo.h"

#define PAYOUT_CLIENT_REF_MAX 100
#define PAYOUT_NAME_MAX 200 /* a beneficiary's account name */
#define PAYOUT_IN_FLIGHT "house:payouts_in_flight:GHS"

/* A payout's owner (docs/design.md, Glossary): its kind, as the payout's
 * row names it, and the owner id. */
struct payout_owner {
	char kind[16];
	char id[ID_MAX];
};

struct payout {
	char id[ID_MAX];
	long long user_id;
	char beneficiary_id[ID_MAX];
	char provider[16];
	char provider_name[64];
	char phone[16];
	char account_name[PAYOUT_NAME_MAX + 1];
	char amount[MONEY_MAX_TEXT];   /* GHS the recipient gets */
	char fee[MONEY_MAX_TEXT];      /* GHS charged on top */
	char currency[4];
	char client_ref[PAYOUT_CLIENT_REF_MAX + 1]; /* the client reference, or "" */
	char provider_ref[MOMO_REF_LEN + 1];
	char status[16];
	char failure_reason[201];
	unsigned sends;                /* how often the reference went out */
	unsigned doubt_ago;            /* seconds since a send last ended in doubt
	                                * (1000000: never) */
	char created_at[32], processing_at[32], completed_at[32]; /* ISO or "" */
	char created_db[32];
	struct payout_owner owner;
	char funding_id[ID_MAX];       /* what funds a pending one (its owner's), or "" */
	int held;                      /* held for review (domain/payout_review.h) */
};

/*
 * What a kind of owner does for its payouts. Either the engine settles the
 * owner's side with the others of a group (account and subject set): a
 * failed or reversed payout's amount and fee go back to the owner's
 * account, and the payout's own events go to its subject; or the owner
 * settles its side itself, each payout alone (final and reversed set).
 */
struct payout_owner_ops {
	const char *kind;
	/* A pending payout waiting on its owner (its funding): moved on. 1
	 * when it moved, 0 when not, -1 on error. NULL: the owner's own
	 * worker starts it. */
	int (*pending)(struct ctx *ctx, struct payout *p);
	/* The GHS ledger account p was held from, into out. */
	void (*account)(const struct payout *p, char *out, size_t cap);
	/* Whom p's events are for. */
	void (*subject)(const struct payout *p, enum outbox_subject *kind, long long *id);
	/* p settled, inside the settling transaction, after the payout's own
	 * side (its state; completed: in flight to the network's settlement
	 * account; failed: the float's draw back); anything but DB_OK rolls
	 * it back. */
	int (*final)(struct db *db, const struct payout *p, int completed, const char *reason);
	/* p, completed, reversed by its provider (payout_reversal.h): inside
	 * the reversing transaction, after the payout's own side put its GHS
	 * back in flight; anything but DB_OK rolls it back. */
	int (*reversed)(struct db *db, const struct payout *p, const char *reason);
};

/* The ops of p's owner in owners, or NULL (logged). owners, here and
 * below: the owners a program settles payouts for, a NULL-terminated list;
 * a payout whose owner is not in it is left for a program that has it. */
const struct payout_owner_ops *payout_owner_of(const struct payout_owner_ops *const *owners,
    const struct payout *p);

/*
 * Settles payout id from the provider's status of its reference, for the
 * payouts worker: 1 when it completed or failed now, 0 when nothing
 * changed (pending, in doubt, re-sent because the provider never saw it),
 * -1 on error. Pending payouts are checked again with backoff; owners
 * carry the owners' steps.
 */
int payout_settle(struct ctx *ctx, const char *id,
    const struct payout_owner_ops *const *owners);

/*
 * 1 when p's reference, which the provider says it never saw, may go out
 * again now: no send of it ended in doubt within payouts.resend_grace_
 * seconds (schema 056). A send that timed out may still reach the
 * provider after its status was asked: 0 then, and the payout is asked
 * again later.
 */
int payout_resend_due(const struct ctx *ctx, const struct payout *p);

/* A pending payout (p) moved on by its owner (payout_owner_ops, pending):
 * 1 when it moved, 0 when not, -1 on error or an owner not in owners. */
int payout_pending(struct ctx *ctx, const struct payout_owner_ops *const *owners,
    struct payout *p);

/*
 * payout_settle for the n payouts of ids (a claimed batch; payout_batch.c),
 * out[i] as payout_settle answers for ids[i]: the providers' statuses of
 * the processing ones are asked at once (at most payouts.concurrency in
 * flight, momo_many.h), then each is settled as payout_settle would
 * (completed; failed and refunded once; sent again under the same
 * reference when the provider never saw it; pending: checked again with
 * backoff), the final ones with grouped commits (payout_finish_many).
 */
void payout_settle_many(struct ctx *ctx, char (*ids)[ID_MAX], size_t n,
    const struct payout_owner_ops *const *owners, int *out);

/* Claims up to n payouts due for a check, for lease_seconds: the pending
 * wallet payouts due (at most a fifth of n), then processing ones, each
 * least recently due first; ids into out. How many, or -1. */
int payout_claim(struct ctx *ctx, int n, int lease_seconds, char (*out)[ID_MAX]);

/* Payout id of who (any user when who is NULL) into out. ERR_NOT_FOUND,
 * ERR_SERVICE_UNAVAILABLE. */
enum err payout_get(struct ctx *ctx, const struct caller *who, const char *id,
    struct payout *out, struct outcome *o);

/* Fills p from a payout row (payout_row, store/stmt_payout.h: the
 * PAYOUT_COLS statements). 0 or -1. */
int payout_from_row(const struct db_rows *rows, size_t row, struct payout *p);

/* Payout id of user user_id (an API caller's, > 0), locked when lock:
 * DB_OK, DB_DUP when that user has none (a user_id of 0 or less is
 * nobody's: DB_DUP), or the database's error. */
enum db_rc payout_load(struct db *db, const char *id, long long user_id, int lock,
    struct payout *p);
/* Payout id of any owner (the workers'), as payout_load. */
enum db_rc payout_load_any(struct db *db, const char *id, int lock, struct payout *p);

/* A payout event's data (the spec's webhook fields) of p; a new
 * reference, or NULL. */
json_t *payout_event_data(const struct payout *p);

/* a + b, both GHS with 2 places, into out. 0 or -1. */
int payout_add_ghs(const char *a, const char *b, char *out, size_t cap);

/*
 * The send step of a payout whose row committed: sends it (unless resuming
 * a payout the provider already has), and answers as the transfer call
 * does: ERR_OK (processing: accepted or in doubt), or ERR_PAYOUT_FAILED
 * (refused: failed and refunded at once, context {transactionId, status,
 * failureReason}), ERR_SERVICE_UNAVAILABLE.
 */
enum err payout_send_step(struct ctx *ctx, struct payout *p,
    const struct payout_owner_ops *const *owners, struct outcome *o);

/* One final answer of payout_finish_many. */
struct payout_final {
	const char *id;
	int completed;          /* else failed */
	const char *reason;     /* failed: why */
	int alone;              /* settled in a transaction of its own (its
	                           owner settles its own side: ops final) */
	int changed;            /* out: 1 when it moved now */
	int rc;                 /* out: DB_OK, or its transaction's error */
	int review;             /* an operator's resolution: the only answer
	                           that moves a payout held for review */
};

/*
 * Applies n final answers, each as payout_finish does, with grouped
 * commits: up to payouts.group_size payouts in one transaction (those not
 * alone). A group whose transaction fails is settled again payout by
 * payout, so one payout's trouble holds back no other; none moves twice
 * (each is moved only from processing, or pending, under its row's lock;
 * the ledger's one-posting-per-event key stays the last defence). Errors
 * are logged.
 */
void payout_finish_many(struct ctx *ctx, struct payout_final *f, size_t n,
    const struct payout_owner_ops *const *owners);

/* Applies a final answer (completed, or failed with reason) to payout id
 * once, with its ledger entries and its event; *changed 1 when it moved
 * now. DB_OK or the transaction's error (logged). */
int payout_finish(struct ctx *ctx, const char *id, int completed, const char *reason,
    const struct payout_owner_ops *const *owners, int *changed);

/* payout_finish for an operator's decision on a payout held for review
 * (payout_review_resolve): the one answer that moves it. */
int payout_finish_review(struct ctx *ctx, const char *id, int completed, const char *reason,
    const struct payout_owner_ops *const *owners, int *changed);

/* Puts payout id back for a later check, with backoff. */
void payout_check_later(struct ctx *ctx, const char *id);

/* payout_check_later for n payouts, in one transaction. */
void payout_check_later_many(struct ctx *ctx, const char *const *ids, size_t n);

/* Sends payout p's reference once, counted first (not counted: not sent,
 * MOMO_UNAVAILABLE). The provider's word, its reason in why. */
enum momo_rc payout_send_once(struct ctx *ctx, const struct payout *p, char *why,
    size_t whycap);

/* ---- a payout its owner starts (written pending) ---- */

/* Inside the caller's transaction: pending -> processing, leased to the
 * caller for lease_seconds while it sends. DB_OK, DB_FAIL when it was not
 * pending, or the database's error. */
int payout_start(struct db *db, const char *id, long long lease_seconds);

/* Inside the caller's transaction: a pending payout fails (nothing was
 * held) and gives its float draw back. */
int payout_drop(struct db *db, const char *id, const char *reason);

/* Sends a started payout's reference (payout_send_step): accepted or in
 * doubt it stays processing for the worker; refused, it fails at once,
 * through its final transaction (and its owner's ops). */
void payout_send(struct ctx *ctx, const char *id,
    const struct payout_owner_ops *const *owners);

#endif
