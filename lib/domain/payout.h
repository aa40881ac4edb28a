/*
 * payout: the payout engine, shared by wallet transfers and
 * partner withdrawals. Exactly once, as DESIGN.md's "Exactly once" says:
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
#include "domain/beneficiary.h"
#include "domain/caller.h"
#include "domain/ctx.h"
#include "domain/idempotency.h"
#include "providers/momo.h"

/* The recovery point a transfer's idempotency key records with the
 * payout's row; its reference is the payout id. */
#define PAYOUT_POINT_CREATED "payout_created"
#define PAYOUT_REFERENCE_MAX 100

struct payout {
	char id[ID_MAX];
	long long user_id;
	char beneficiary_id[ID_MAX];
	char provider[16];
	char provider_name[64];
	char phone[16];
	char account_name[BENEFICIARY_NAME_MAX + 1];
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
};

/* What a wallet user asks to pay; reference may be NULL. */
struct payout_req {
	const char *beneficiary_id, *amount, *currency, *reference;
};

/*
 * Pays in->amount GHS of who's balance to beneficiary in->beneficiary_id.
 * With in->currency a stablecoin (USDT, USDC, USDC_E, DAI; DESIGN decision
 * 7) it converts in->amount of the coin at the live rate instead, records
 * the conversion as its own transaction, and pays the proceeds less the
 * network's fee: the payout waits, `pending` with nothing held, until the
 * conversion completes, then is held and sent like any other (the payouts
 * worker does it); a failed conversion fails the payout, and so does a
 * balance or a network float that no longer covers it then (nothing held).
 * Errors in o: ERR_FORBIDDEN (tier none), ERR_INVALID_CURRENCY,
 * ERR_INVALID_AMOUNT (malformed; or outside the network's bounds, context
 * {minAmount, maxAmount, currency}), ERR_VALIDATION (reference),
 * ERR_BENEFICIARY_NOT_FOUND, ERR_LIMIT_EXCEEDED (context), ERR_INSUFFICIENT_BALANCE
 * (context {available, required, currency}), ERR_VERIFICATION_FAILED (the
 * account is gone), ERR_PROVIDER_TIMEOUT / ERR_PROVIDER_UNAVAILABLE (the
 * provider's check before anything is debited), ERR_INSUFFICIENT_LIQUIDITY
 * (the network's payout float cannot cover the amount; nothing written),
 * ERR_PAYOUT_FAILED (refused
 * at send, or not reached by the send: failed and refunded; context
 * {transactionId, status, failureReason}; a final answer),
 * ERR_SERVICE_UNAVAILABLE.
 * On ERR_OK out is the payout, "processing" (accepted, or in doubt) or
 * "pending" (a stablecoin transfer).
 *
 * claim (may be NULL) is the request's idempotency key: the payout's row
 * records PAYOUT_POINT_CREATED on it, and a claim taken over at that point
 * resumes that payout (sending its reference only if the provider never
 * saw it) instead of paying again.
 */
enum err payout_create(struct ctx *ctx, const struct caller *who,
    const struct payout_req *in, struct idempotency_claim *claim, struct payout *out,
    struct outcome *o);

/*
 * Settles payout id from the provider's status of its reference, for the
 * payouts worker: 1 when it completed or failed now, 0 when nothing
 * changed (pending, in doubt, re-sent because the provider never saw it),
 * -1 on error. Pending payouts are checked again with backoff.
 */
int payout_settle(struct ctx *ctx, const char *id);

/* Claims up to n processing payouts due for a check, for lease_seconds;
 * ids into out. How many, or -1. */
int payout_claim(struct ctx *ctx, int n, int lease_seconds, char (*out)[ID_MAX]);

/* Payout id of who (any user when who is NULL) into out. ERR_NOT_FOUND,
 * ERR_SERVICE_UNAVAILABLE. */
enum err payout_get(struct ctx *ctx, const struct caller *who, const char *id,
    struct payout *out, struct outcome *o);

/* Fills p from a row of the PO_COLS statements (PAYOUT_NCOLS columns).
 * 0 or -1. */
#define PAYOUT_NCOLS 20
int payout_from_row(const struct db_rows *rows, size_t row, struct payout *p);

/* The Payout object of POST /api/mobile-money/transfer (new reference). */
json_t *payout_json(const struct payout *p);

/* The wallet user's GHS: available (the ledger balance) and pending (held
 * by payouts in flight), as decimal text with 2 places. */
enum err payout_balances(struct ctx *ctx, const struct caller *who,
    char *available, char *pending, size_t cap, struct outcome *o);

/* ---- a partner withdrawal's payout (domain/withdrawal.h) ----
 *
 * A withdrawal's payout belongs to no user: it is written `pending` with
 * the withdrawal, its provider reference fixed and its float drawn; the
 * withdrawal's worker starts it once the conversion is confirmed (the
 * withdrawal posts the hold, from the conversion's proceeds) or drops it
 * when the conversion fails. From `processing` on it is any payout: sent,
 * settled from its status, never sent under a new reference; its final
 * transaction calls withdrawal_payout_final() instead of refunding a user.
 */
struct payout_wd {
	const char *withdrawal_id, *network, *phone, *amount, *reference;
};

/* Inside the caller's transaction: the pending payout of a withdrawal and
 * its draw on the network's float (*covered 0: the float is short, the
 * caller rolls back). Its id into id. DB_OK or the database's error. */
int payout_add_withdrawal(struct db *db, int sandbox, const struct payout_wd *w,
    char id[ID_MAX], int *covered);

/* Inside the caller's transaction: pending -> processing, leased to the
 * caller for lease_seconds while it sends. DB_OK, DB_FAIL when it was not
 * pending, or the database's error. */
int payout_start_withdrawal(struct db *db, const char *id, long long lease_seconds);

/* Inside the caller's transaction: a pending withdrawal payout fails
 * (nothing was held) and gives its float draw back. */
int payout_drop_withdrawal(struct db *db, const char *id, const char *reason);

/* Sends a started payout's reference (the send step of payout_create):
 * accepted or in doubt it stays processing for the worker; refused, it
 * fails at once, through its final transaction. */
void payout_send(struct ctx *ctx, const char *id);

#endif
