#include "domain/wallet/kyc_audited.h"

#include <string.h>

#include "domain/console/audit.h"
#include "domain/console/ops.h"

/* kyc_approve's and kyc_reject's "already decided" (ERR_VALIDATION with
 * the submission's status in its context, which a malformed input has
 * not) as the conflict it is here. */
static enum err
decided(struct outcome *o)
{
	size_t i;

	for (i = 0; o->err == ERR_VALIDATION && i < o->nctx; i++)
		if (strcmp(o->ctx[i].key, "status") == 0)
			o->err = ERR_INVALID_STATE;
	return o->err;
}

enum err
kyc_approve_audited(struct db *db, const struct console_session *s,
    const char *id, const char *tier, const char *reason, const struct console_client *from,
    struct kyc_decision *d, struct outcome *o)
{
	outcome_init(o);
	memset(d, 0, sizeof(*d));
	if (console_ops_reason(reason, o) != ERR_OK)
		return o->err;
	if (tier == NULL)
		return outcome_field(o, ERR_VALIDATION, "tier", "basic, verified or enterprise");
	if (kyc_approve(db, id, tier, d, o) != ERR_OK)
		return decided(o);
	(void)console_audit_reason(db, 0, s->user_id, "kyc.approve", id, reason, from);
	return ERR_OK;
}

enum err
kyc_reject_audited(struct db *db, const struct console_session *s,
    const char *id, const char *reason, const struct console_client *from,
    struct kyc_decision *d, struct outcome *o)
{
	outcome_init(o);
	memset(d, 0, sizeof(*d));
	if (console_ops_reason(reason, o) != ERR_OK)
		return o->err;
	if (kyc_reject(db, id, reason, d, o) != ERR_OK)
		return decided(o);
	(void)console_audit_reason(db, 0, s->user_id, "kyc.reject", id, reason, from);
	return ERR_OK;
}
