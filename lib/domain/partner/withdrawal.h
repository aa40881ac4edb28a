/*
 * withdrawal: a partner's withdrawal (partner spec; docs/decisions.md, decisions 9-11,
 * 19, 20). A conversion of the partner's own coins, then a payout of the
 * proceeds through the payout engine (domain/payout.h):
 *
 *   pending     created: the source amount held (partner:<id>:<CUR> ->
 *               :held), the rate locked, the chain transfer's hash and the
 *               payout's provider reference fixed, the network's float
 *               drawn, withdrawal.pending written; all in one transaction.
 *   processing  the worker broadcast the conversion from the custody
 *               wallet and the chain confirmed it: the coins go to the
 *               pool, the GHS proceeds into flight, the payout starts
 *               (processing_at, withdrawal.processing) and is sent.
 *   completed   the payout engine saw the provider complete the payout
 *               (completed_at, withdrawal.completed), in the payout's own
 *               final transaction.
 *   failed      from pending when the chain failed the conversion, or from
 *               processing when the provider failed the payout: the source
 *               amount returns to the partner's available balance once (the
 *               ledger's UNIQUE event key), withdrawal.failed is written.
 *   cancelled   from pending, by the partner, while the conversion is not
 *               yet signed for the chain: the source amount returns once,
 *               the payout is dropped, withdrawal.cancelled is written.
 *
 * reference_id is UNIQUE per partner: the same request again returns the
 * withdrawal it made; a different one under that reference is refused.
 */
#ifndef CEDIRAMP_WITHDRAWAL_H
#define CEDIRAMP_WITHDRAWAL_H

#include <jansson.h>

#include "core/id.h"
#include "core/money.h"
#include "core/quote_token.h"
#include "core/outcome.h"
#include "domain/caller.h"
#include "domain/ctx.h"
#include "domain/payout.h"
#include "domain/partner/resource.h"
#include "providers/chain.h"
#include "providers/momo.h"

#define WITHDRAWAL_REFERENCE_MAX 100
#define WITHDRAWAL_PAGE_MAX 100

struct withdrawal {
	char id[ID_MAX];
	long long partner_id;
	char reference_id[WITHDRAWAL_REFERENCE_MAX + 1];
	char request_hash[65];
	char quote_id[QUOTE_ID_MAX];    /* "" when the live rate was locked */
	char currency[8];
	char amount[MONEY_MAX_TEXT];    /* at the coin's scale */
	char rate[MONEY_MAX_TEXT];      /* as displayed */
	char gross[MONEY_MAX_TEXT];     /* GHS: ghs_amount + fee */
	char fee[MONEY_MAX_TEXT];
	char ghs_amount[MONEY_MAX_TEXT];
	char phone[16];
	char network[16];
	char *metadata;                 /* JSON object text, or NULL; withdrawal_free */
	char status[16];
	char tx_hash[CHAIN_HASH_LEN + 1];
	unsigned submits;               /* how often the conversion was broadcast */
	char payout_id[ID_MAX];
	char failure_reason[201];
	char created_at[32], processing_at[32], completed_at[32]; /* ISO, or "" */
	char provider_ref[MOMO_REF_LEN + 1]; /* the payout's reference */
};

/* POST /v1/withdrawals as the domain takes it; quote_id and metadata may
 * be NULL. */
struct withdrawal_req {
	const char *amount, *currency, *phone, *network, *reference_id, *quote_id;
	const json_t *metadata;
};

/*
 * Creates who's withdrawal. *created is 1 for a new one (201), 0 when
 * reference_id already made one with the same request (200: out is it).
 * Errors in o: ERR_INVALID_CURRENCY, ERR_VALIDATION (amount, metadata, a
 * quote that differs; o names the field), ERR_INVALID_PHONE,
 * ERR_PROVIDER_NOT_FOUND (network), ERR_NOT_FOUND (quote), ERR_QUOTE_EXPIRED
 * (expired or used), ERR_RATE_UNAVAILABLE, ERR_BELOW_MINIMUM /
 * ERR_ABOVE_MAXIMUM (ghs_amount against the network's bounds),
 * ERR_PROVIDER_UNAVAILABLE (the network is down), ERR_DUPLICATE_REFERENCE,
 * ERR_LIMIT_EXCEEDED, ERR_INSUFFICIENT_BALANCE, ERR_INSUFFICIENT_LIQUIDITY,
 * ERR_SERVICE_UNAVAILABLE. On an error nothing was written.
 */
enum err withdrawal_create(struct ctx *ctx, const struct caller *who,
    const struct withdrawal_req *in, struct withdrawal *out, int *created,
    struct outcome *o);

/*
 * Cancels who's withdrawal id (POST /v1/withdrawals/{id}/cancel) while it
 * is pending and its conversion has not been signed: the worker signs it
 * under the same row lock, so a cancel and the worker never both win.
 * ERR_OK with out as cancelled; ERR_INVALID_STATE with out as it stands
 * (o names its status); ERR_NOT_FOUND; ERR_SERVICE_UNAVAILABLE (then out
 * is empty). Free out with withdrawal_free unless the result is NOT_FOUND
 * or SERVICE_UNAVAILABLE.
 */
enum err withdrawal_cancel(struct ctx *ctx, const struct caller *who, const char *id,
    struct withdrawal *out, struct outcome *o);

/* What withdrawals share with the partner API's other resources
 * (domain/partner/resource.h): resource_get, resource_list (its statuses:
 * pending, processing, completed, failed, cancelled), resource_claim for the payouts
 * worker. */
extern const struct resource_kind withdrawal_kind;

void withdrawal_free(struct withdrawal *w);

/*
 * Moves pending withdrawal id on, for the payouts worker: broadcasts its
 * conversion (the same hash every time), and from the chain's receipt
 * starts its payout or fails it. 1 when it moved, 0 when it waits, -1 on
 * error.
 */
int withdrawal_advance(struct ctx *ctx, const char *id);

/*
 * The owner of withdrawals' payouts (kind "withdrawal", the owner id the
 * withdrawal's id), for the payout engine, which settles the payout's own
 * side and then calls it, alone, inside the same transaction: final, the
 * withdrawal completes, or fails and its source amount returns to the
 * partner (the GHS leaves flight), with its event; reversed (its completed
 * payout reversed by the provider, after the payout's side put the GHS
 * back in flight), completed -> failed, its source amount refunded once,
 * withdrawal.failed sent. Its payouts are started by the withdrawal's own
 * worker (withdrawal_advance), never by the engine.
 */
extern const struct payout_owner_ops withdrawal_payout_owner;

/* The owners list of a program that settles only withdrawals' payouts
 * (payout.h): { &withdrawal_payout_owner, NULL }. */
extern const struct payout_owner_ops *const withdrawal_owners[];

#endif
