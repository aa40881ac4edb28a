/*
 * intent: payment intents, the partner API's collect flow (issue 11;
 * docs/decisions.md, decisions 12, 24). A partner asks a payer to approve a payment
 * on their phone (the network's request-to-pay); the collected cedis, less
 * the collection fee (fees.collection_percent), credit the partner's GHS
 * balance.
 *
 *   pending_approval  created: the request-to-pay's reference fixed, the
 *                     event written, in one transaction; then the request
 *                     is sent (again by the worker if it never arrived).
 *   approved          the provider reports the payment SUCCESSFUL (the
 *                     payer approved; the sandbox helper approves on the
 *                     simulator, sandbox/payer.h).
 *   completed         settled: a later status still SUCCESSFUL; the
 *                     partner's GHS balance gets net_amount and the fee
 *                     account the fee, once (the ledger's event key).
 *   rejected          the payer declined (FAILED while pending), or the
 *                     provider refused the request outright.
 *   cancelled         POST .../cancel while pending_approval.
 *   expired           the time to live passed while pending and the
 *                     provider, asked first, has no payment for it.
 *   failed            approved, then FAILED (settlement failed).
 *
 * Every transition is one UPDATE ... WHERE status = <the state it leaves>
 * with its event (and the credit) in the same transaction: it happens
 * once, and of two racing (a cancel and an approval) exactly one wins.
 */
#ifndef CEDIRAMP_INTENT_H
#define CEDIRAMP_INTENT_H

#include <stdio.h>
#include <jansson.h>

#include "core/id.h"
#include "core/money.h"
#include "core/outcome.h"
#include "domain/caller.h"
#include "domain/ctx.h"
#include "domain/partner/resource.h"
#include "providers/momo.h"

#define INTENT_REFERENCE_MAX 100
#define INTENT_DESCRIPTION_MAX 255   /* characters */
#define INTENT_TTL_MIN 60
#define INTENT_TTL_MAX 86400
#define INTENT_TTL_DEFAULT 900
#define INTENT_PAGE_MAX 100

struct intent {
	char id[ID_MAX];
	long long partner_id;
	char reference_id[INTENT_REFERENCE_MAX + 1];
	char request_hash[65];
	char amount[MONEY_MAX_TEXT];
	char currency[4];
	char fee[MONEY_MAX_TEXT];
	char net_amount[MONEY_MAX_TEXT];
	char phone[16];
	char network[16];
	char *description;              /* or NULL; intent_free */
	char *metadata;                 /* JSON object text, or NULL; intent_free */
	char status[20];
	char provider_ref[MOMO_REF_LEN + 1];
	unsigned sends;
	char failure_reason[201];
	char expires_at[32], created_at[32], updated_at[32], completed_at[32];
	int late;                       /* completed after expires_at */
	int past_ttl;                   /* expires_at has passed */
	int held;                       /* held for review (intent_review.h) */
};

/* POST /v1/payment-intents as the domain takes it; description and
 * metadata may be NULL; ttl is 0 for the default. */
struct intent_req {
	const char *amount, *currency, *phone, *network, *reference_id, *description;
	const json_t *metadata;
	long long ttl;
};

/*
 * Creates who's payment intent and sends its request-to-pay. *created is
 * 1 for a new one (201), 0 when reference_id made one with the same
 * request (200: out is it, as it stands). Errors in o (nothing written):
 * ERR_VALIDATION (amount, description, metadata, ttl_seconds),
 * ERR_INVALID_CURRENCY, ERR_INVALID_PHONE, ERR_PROVIDER_NOT_FOUND
 * (network), ERR_BELOW_MINIMUM / ERR_ABOVE_MAXIMUM (the network's bounds),
 * ERR_PROVIDER_UNAVAILABLE (its health is down), ERR_DUPLICATE_REFERENCE,
 * ERR_SERVICE_UNAVAILABLE.
 */
enum err intent_create(struct ctx *ctx, const struct caller *who,
    const struct intent_req *in, struct intent *out, int *created, struct outcome *o);

/* What intents share with the partner API's other resources
 * (domain/partner/resource.h): resource_get, resource_list, resource_claim
 * for the payouts worker. */
extern const struct resource_kind intent_kind;

/* Cancels who's intent id: ERR_OK with out as it now is; ERR_INVALID_STATE
 * (out as it is) when it is not pending_approval; ERR_NOT_FOUND. */
enum err intent_cancel(struct ctx *ctx, const struct caller *who, const char *id,
    struct intent *out, struct outcome *o);

/* The Payment intent object, which is also every payment_intent event's
 * data (new reference); fee, net_amount and completed_at only when
 * completed. */
json_t *intent_payload(const struct intent *in);
void intent_free(struct intent *in);

/* Asks the provider about open intent id and moves it (resends a request
 * that never arrived). A SUCCESSFUL answer that is not what the intent
 * asked holds it for review (intent_review.h) instead. 1 moved, 0 waits,
 * -1 error. */
int intent_advance(struct ctx *ctx, const char *id);

/*
 * An operator's resolution of intent id held for review (intent_review.c):
 * complete moves it to approved and then completed (the credit, once),
 * from pending_approval, approved or expired; fail moves it to rejected
 * (before approval) or failed (after) with reason, or leaves an expired
 * one expired and no longer watched. Moves what is left (a run cut short
 * finishes); *changed says whether anything moved. 0, or -1 when the
 * database failed.
 */
int intent_finish(struct ctx *ctx, const char *id, int complete, const char *reason,
    int *changed);

/* The expire worker: intents past their time to live, each expired only
 * after the provider, asked first, reports no payment (a payment found
 * approves it instead; the provider unreachable: it waits). How many
 * moved, or -1. */
int intent_expire_due(struct ctx *ctx, int n);

/* The expire worker, after intent_expire_due: expired intents whose
 * provider is still asked (for payment_intents.late_check_seconds after
 * expires_at). A late SUCCESSFUL approves it (the payouts worker then
 * completes and credits it, marked late: collected money is never lost);
 * FAILED lets it go; anything else asks again later (1 min to 1 h). How
 * many were approved, or -1. */
int intent_watch_expired(struct ctx *ctx, int n);

/* Prints every intent completed after its time to live (collected late:
 * credited, never lost) to out, one line each. How many, or -1. */
int intent_report_late(struct db *db, FILE *out);

#endif
