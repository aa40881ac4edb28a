#include "domain/console/ops_funds.h"

#include <string.h>

#include "domain/chain_deposit.h"
#include "domain/console/audit.h"
#include "domain/console/ops.h"
#include "domain/partner_account.h"

enum err
console_ops_partner_credit(struct db *db, const struct cfg *cfg,
    const struct console_session *s, const char *public_id, const struct console_ops_funds *in,
    const struct console_client *from, struct funds_deposit *out, struct outcome *o)
{
	outcome_init(o);
	memset(out, 0, sizeof(*out));
	if (console_ops_reason(in->reason, o) != ERR_OK)
		return o->err;
	/* an unmatched chain deposit is assigned as itself (its currency and
	 * amount checked against the chain's record), not credited by hand */
	if (in->reference != NULL && strncmp(in->reference, CHAIN_DEPOSIT_REF_PREFIX,
	    strlen(CHAIN_DEPOSIT_REF_PREFIX)) == 0)
		return outcome_field(o, ERR_VALIDATION, "reference",
		    "a chain deposit's (chain:...): use the deposit's assign");
	if (partner_credit(db, cfg, public_id, in->currency, in->amount, in->reference, out,
	    o) != ERR_OK)
		return o->err;
	(void)console_audit_reason(db, 0, s->user_id, "partner.credit", public_id, in->reason,
	    from);
	return ERR_OK;
}

enum err
console_ops_partner_adjust(struct db *db, const struct cfg *cfg,
    const struct console_session *s, const char *public_id, const struct console_ops_funds *in,
    const struct console_client *from, char *balance, size_t cap, struct outcome *o)
{
	outcome_init(o);
	if (console_ops_reason(in->reason, o) != ERR_OK)
		return o->err;
	if (partner_adjust(db, cfg, public_id, in->currency, in->amount, in->reference, balance,
	    cap, o) != ERR_OK)
		return o->err;
	(void)console_audit_reason(db, 0, s->user_id, "partner.adjust", public_id, in->reason,
	    from);
	return ERR_OK;
}
