/*
 * kyc: the sandbox's identity checker. It decides pending KYC submissions
 * by their magic document numbers, as an operator would with
 * cediramp-admin: ending 0000 approved (tier verified), ending 1111
 * rejected (SANDBOX_KYC_REASON); any other number waits for an operator.
 * The kyc worker runs it; outside the sandbox it decides nothing (magic
 * numbers mean nothing there: only operators decide).
 */
#ifndef CEDIRAMP_SANDBOX_KYC_H
#define CEDIRAMP_SANDBOX_KYC_H

#include <stddef.h>

#include "core/outcome.h"
#include "domain/ctx.h"

#define SANDBOX_KYC_REASON "Document could not be verified (sandbox)"

enum sandbox_kyc_verdict {
	SANDBOX_KYC_WAIT = 0, /* an operator decides */
	SANDBOX_KYC_APPROVE,  /* ends in 0000 */
	SANDBOX_KYC_REJECT    /* ends in 1111 */
};

/* The sandbox's verdict on a document number (NULL: wait). */
enum sandbox_kyc_verdict sandbox_kyc_verdict(const char *number);

/*
 * Decides pending submissions by magic number, at most max per batch
 * until none is left; *approved and *rejected get the counts. A
 * submission another worker or an operator decided first is skipped. Not
 * the sandbox: nothing, ERR_OK.
 */
enum err sandbox_kyc_decide(struct ctx *ctx, size_t max, unsigned *approved,
    unsigned *rejected, struct outcome *o);

#endif
