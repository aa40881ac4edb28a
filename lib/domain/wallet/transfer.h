/*
 * transfer: a wallet user's payout to a verified beneficiary (POST
 * /api/mobile-money/transfer), and the wallet's GHS balances. The payout
 * engine (domain/payout.h) sends and settles what this writes.
 */
#ifndef CEDIRAMP_TRANSFER_H
#define CEDIRAMP_TRANSFER_H

#include "core/outcome.h"
#include "domain/caller.h"
#include "domain/ctx.h"
#include "domain/idempotency.h"
#include "domain/payout.h"

/* The recovery point a transfer's idempotency key records with the
 * payout's row; its reference is the payout id. */
#define PAYOUT_POINT_CREATED "payout_created"

/* What a wallet user asks to pay; client_ref (the API's reference) may be NULL. */
struct transfer_req {
	const char *beneficiary_id, *amount, *currency, *client_ref;
};

/*
 * Pays in->amount GHS of who's balance to beneficiary in->beneficiary_id.
 * With in->currency a stablecoin (USDT, USDC, USDC_E, DAI; docs/decisions.md, decision
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
enum err transfer_create(struct ctx *ctx, const struct caller *who,
    const struct transfer_req *in, struct idempotency_claim *claim, struct payout *out,
    struct outcome *o);

/* The wallet user's GHS: available (the ledger balance) and pending (held
 * by payouts in flight), as decimal text with 2 places. */
enum err transfer_balances(struct ctx *ctx, const struct caller *who,
    char *available, char *pending, size_t cap, struct outcome *o);

/*
 * The owner of wallet users' payouts (kind "user", the owner id the user's
 * id), for the payout engine: a failed payout's GHS go back to the user's
 * account, its events are the user's; pending, a stablecoin transfer's
 * payout waits for its conversion: completed, it is held and sent; failed,
 * it fails (nothing was held); else it is checked later.
 */
extern const struct payout_owner_ops transfer_payout_owner;

/* The owners list of a program that settles only wallet users' payouts
 * (payout.h): { &transfer_payout_owner, NULL }. */
extern const struct payout_owner_ops *const transfer_owners[];

#endif
