#include "domain/console/ops_payout.h"

#include <stdio.h>

#include "domain/console/audit.h"
#include "domain/console/ops.h"
#include "domain/payout_retry.h"
#include "domain/payout_review.h"

enum err
console_ops_payout_resolve(struct ctx *ctx, const struct console_session *s,
    const char *id, int complete, const char *reason, const struct console_client *from,
    const struct payout_owner_ops *const *owners, struct outcome *o)
{
	char who[64];

	outcome_init(o);
	if (console_ops_reason(reason, o) != ERR_OK)
		return o->err;
	/* the review's resolved_by (64 characters): the console user's id,
	 * whose email the audit record joins */
	snprintf(who, sizeof(who), "console %s", s->user_public_id);
	if (payout_review_resolve(ctx, id, complete, reason, who, owners, o) != ERR_OK)
		return o->err;
	if (o->changed)
		(void)console_audit_reason(ctx->db, 0, s->user_id, "payout.resolve", id, reason,
		    from);
	return ERR_OK;
}

enum err
console_ops_payout_retry(struct db *db, const struct console_session *s, const char *id,
    const char *reason, const struct console_client *from, struct outcome *o)
{
	outcome_init(o);
	if (console_ops_reason(reason, o) != ERR_OK)
		return o->err;
	if (payout_retry_now(db, id, o) != ERR_OK)
		return o->err;
	(void)console_audit_reason(db, 0, s->user_id, "payout.retry", id, reason, from);
	return ERR_OK;
}
