/*
 * payout: the payout engine, shared by wallet transfers (wallet/transfer.h)
 * and partner withdrawals (partner/withdrawal.h), which it knows only
 * through the hooks they give it. Exactly once, as docs/design.md's "Exactly once" says:
 *
 * 1. The payout's row, its provider reference (a UUID), the ledger hold
 *    (the user's GHS, amount + fee, into house:payouts_in_flight:GHS) and
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
#include "providers/momo.h"

#define PAYOUT_REFERENCE_MAX 100
#define PAYOUT_NAME_MAX 200 /* a beneficiary's account name */
#define PAYOUT_IN_FLIGHT "house:payouts_in_flight:GHS"

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
	char reference[PAYOUT_REFERENCE_MAX + 1]; /* "" when none was given */
	char provider_ref[MOMO_REF_LEN + 1];
	char status[16];
	char failure_reason[201];
	unsigned sends;                /* how often the reference went out */
	char created_at[32], processing_at[32], completed_at[32]; /* ISO or "" */
	char created_db[32];
	char conversion_id[ID_MAX];    /* a stablecoin transfer's conversion, or "" */
	char withdrawal_id[ID_MAX];    /* a partner withdrawal's payout, or "" (user_id 0) */
	int held;                      /* held for review (domain/payout_review.h) */
};

/*
 * What the engine cannot know of the payouts it settles, given by their
 * owners' modules (as conversion_hook is): a slot left NULL is an owner
 * the caller does not settle for.
 */
struct payout_hooks {
	/* A wallet user's pending payout waits on its funding (a stablecoin
	 * transfer's conversion, wallet/transfer.c): move it on. 1 when it
	 * moved, 0 when not, -1 on error. */
	int (*user_pending)(struct ctx *ctx, struct payout *p);
	/* A partner withdrawal's payout settled (partner/withdrawal.c): inside
	 * the settling transaction, after the payout's own side; anything but
	 * DB_OK rolls it back. */
	int (*withdrawal_final)(struct db *db, const struct payout *p, int completed,
	    const char *reason);
	/* A partner withdrawal's completed payout was reversed by the provider
	 * (payout_reversal.h): inside the reversing transaction, after the
	 * payout's own side put its GHS back in flight; anything but DB_OK
	 * rolls it back. */
	int (*withdrawal_reversed)(struct db *db, const struct payout *p, const char *reason);
};

/*
 * Settles payout id from the provider's status of its reference, for the
 * payouts worker: 1 when it completed or failed now, 0 when nothing
 * changed (pending, in doubt, re-sent because the provider never saw it),
 * -1 on error. Pending payouts are checked again with backoff; hooks (may
 * be NULL) carry the owners' steps.
 */
int payout_settle(struct ctx *ctx, const char *id, const struct payout_hooks *hooks);

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
    const struct payout_hooks *hooks, int *out);

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

/* "user:<id>:GHS" into out. */
void payout_user_account(long long user_id, char *out, size_t cap);
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
    const struct payout_hooks *hooks, struct outcome *o);

/* One final answer of payout_finish_many. */
struct payout_final {
	const char *id;
	int completed;          /* else failed */
	const char *reason;     /* failed: why */
	int alone;              /* settled in a transaction of its own (a
	                           withdrawal's payout: its owner's hook posts
	                           its own entries) */
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
    const struct payout_hooks *hooks);

/* Applies a final answer (completed, or failed with reason) to payout id
 * once, with its ledger entries and its event; *changed 1 when it moved
 * now. DB_OK or the transaction's error (logged). */
int payout_finish(struct ctx *ctx, const char *id, int completed, const char *reason,
    const struct payout_hooks *hooks, int *changed);

/* payout_finish for an operator's decision on a payout held for review
 * (payout_review_resolve): the one answer that moves it. */
int payout_finish_review(struct ctx *ctx, const char *id, int completed, const char *reason,
    const struct payout_hooks *hooks, int *changed);

/* A pending wallet payout held once its funding arrived: the user's GHS
 * checked under the user's lock and held, the network's float drawn, the
 * payout processing and leased to the caller. DB_OK; else nothing held,
 * with *short_of_funds or *short_of_float saying why when that was it. */
int payout_hold(struct ctx *ctx, const struct payout *p, int *short_of_funds,
    int *short_of_float);

/* Puts payout id back for a later check, with backoff. */
void payout_check_later(struct ctx *ctx, const char *id);

/* payout_check_later for n payouts, in one transaction. */
void payout_check_later_many(struct ctx *ctx, const char *const *ids, size_t n);

/* Sends payout p's reference once, counted first (not counted: not sent,
 * MOMO_UNAVAILABLE). The provider's word, its reason in why. */
enum momo_rc payout_send_once(struct ctx *ctx, const struct payout *p, char *why,
    size_t whycap);

/* ---- a partner withdrawal's payout (domain/partner/withdrawal.h) ----
 *
 * A withdrawal's payout belongs to no user: it is written `pending` with
 * the withdrawal, its provider reference fixed and its float drawn; the
 * withdrawal's worker starts it once the conversion is confirmed (the
 * withdrawal posts the hold, from the conversion's proceeds) or drops it
 * when the conversion fails. From `processing` on it is any payout: sent,
 * settled from its status, never sent under a new reference; its final
 * transaction calls the withdrawal's hook (payout_hooks) instead of refunding
 * a user.
 */
struct payout_wd {
	const char *withdrawal_id, *network, *phone, *amount, *reference;
};

/* Inside the caller's transaction: the pending payout of a withdrawal and
 * its draw on the network's float (*covered 0: the float is short, the
 * caller rolls back). Its id into id. DB_OK or the database's error. */
int payout_add_withdrawal(struct db *db, const struct cfg *cfg, const struct payout_wd *w,
    char id[ID_MAX], int *covered);

/* Inside the caller's transaction: pending -> processing, leased to the
 * caller for lease_seconds while it sends. DB_OK, DB_FAIL when it was not
 * pending, or the database's error. */
int payout_start_withdrawal(struct db *db, const char *id, long long lease_seconds);

/* Inside the caller's transaction: a pending withdrawal payout fails
 * (nothing was held) and gives its float draw back. */
int payout_drop_withdrawal(struct db *db, const char *id, const char *reason);

/* Sends a started payout's reference (payout_send_step): accepted or in
 * doubt it stays processing for the worker; refused, it fails at once,
 * through its final transaction (and hooks). */
void payout_send(struct ctx *ctx, const char *id, const struct payout_hooks *hooks);

#endif
