/*
 * The sandbox's payer: POST /v1/sandbox/payment-intents/{id}/approve and
 * .../reject answer the simulator's request to pay as the payer would on
 * the phone, and nothing else. The provider's status of the request
 * becomes SUCCESSFUL (approve) or FAILED APPROVAL_REJECTED (reject), and
 * the intent moves the normal way, from that status: at once for the
 * answer, then by the payouts worker (approved -> completed and credited,
 * as for a payer who approved on the phone). An earlier version moved the
 * intent itself and left the simulator PENDING, stranding an approved
 * intent that nothing ever completed.
 */
#ifndef CEDIRAMP_SANDBOX_PAYER_H
#define CEDIRAMP_SANDBOX_PAYER_H

#include "domain/ctx.h"
#include "domain/partner/intent.h"

/*
 * Answers who's intent id as its payer: ERR_OK with out as the intent now
 * stands (approved or rejected; a 302 payer's approval is reversed later,
 * as the simulator documents); ERR_INVALID_STATE (out as it is) when it is
 * not pending_approval, or when the provider holds no request waiting
 * for the payer (never received, or already answered); ERR_NOT_FOUND;
 * ERR_SERVICE_UNAVAILABLE.
 */
enum err sandbox_payer_answer(struct ctx *ctx, const struct caller *who, const char *id,
    int approve, struct intent *out, struct outcome *o);

#endif
