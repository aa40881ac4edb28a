/*
 * ops_payout: the back office's decision on a payout held for review
 * (docs/console.md, "Back office"), as an operator takes it:
 * payout_review_resolve, the call `cediramp-admin payout resolve` makes,
 * the reason checked first and kept in the audit log ("payout.resolve";
 * the object the payout's id, no partner), the review recording
 * "console cu_..." (the operator's console user) as who decided; and its
 * "retry now" of a payout still unsettled.
 */
#ifndef CEDIRAMP_CONSOLE_OPS_PAYOUT_H
#define CEDIRAMP_CONSOLE_OPS_PAYOUT_H

#include "domain/console/session.h"
#include "domain/ctx.h"
#include "domain/payout.h"

/*
 * s settles held payout id once: complete (1) as the provider's success
 * would have, or fail (0), refunding it; its owner (one of owners, as
 * payout.h's) follows. The same decision again finishes what a
 * resolution cut short left (ERR_OK, o->changed 0 when nothing was left:
 * then nothing is audited). ERR_VALIDATION naming reason or payout_id;
 * ERR_NOT_FOUND (never held); ERR_INVALID_STATE (resolved the other
 * way). Fills o (initialised here).
 */
enum err console_ops_payout_resolve(struct ctx *ctx, const struct console_session *s,
    const char *id, int complete, const char *reason, const struct console_client *from,
    const struct payout_owner_ops *const *owners, struct outcome *o);

/*
 * s makes payout id due now (payout_retry_now, `cediramp-admin payout
 * retry`'s call) with reason, audited ("payout.retry"). ERR_VALIDATION
 * (reason), ERR_NOT_FOUND, ERR_INVALID_STATE (settled, or held). Fills o
 * (initialised here).
 */
enum err console_ops_payout_retry(struct db *db, const struct console_session *s,
    const char *id, const char *reason, const struct console_client *from,
    struct outcome *o);

#endif
