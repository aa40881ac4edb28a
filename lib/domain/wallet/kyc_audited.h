/*
 * kyc_audited: the back office's KYC decisions (docs/console.md, "Back
 * office"), as compliance takes them: kyc_approve and kyc_reject, the
 * calls `cediramp-admin kyc approve|reject` makes (recorded as the
 * operator's decision, decided_by "operator"), the reason checked first
 * and kept in the audit log ("kyc.approve", "kyc.reject"; the object the
 * submission's id, no partner).
 *
 * Each fills o (initialised here) and returns its error; an error means
 * nothing was written.
 */
#ifndef CEDIRAMP_KYC_AUDITED_H
#define CEDIRAMP_KYC_AUDITED_H

#include "domain/console/session.h"
#include "domain/wallet/kyc.h"
#include "store/db.h"

/*
 * s approves pending submission id with tier (basic, verified or
 * enterprise; the user's tier is raised to it, never lowered) for
 * reason. ERR_VALIDATION naming reason, id or tier; ERR_NOT_FOUND;
 * ERR_INVALID_STATE (decided already: a decision is final).
 */
enum err kyc_approve_audited(struct db *db, const struct console_session *s,
    const char *id, const char *tier, const char *reason, const struct console_client *from,
    struct kyc_decision *d, struct outcome *o);

/* s rejects pending submission id with reason (the submission's
 * rejection reason, which its user reads, and the audit's). Errors as
 * kyc_approve_audited. */
enum err kyc_reject_audited(struct db *db, const struct console_session *s,
    const char *id, const char *reason, const struct console_client *from,
    struct kyc_decision *d, struct outcome *o);

#endif
