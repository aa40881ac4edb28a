#include "domain/console/ops_float.h"

#include <string.h>

#include "core/currency.h"
#include "domain/console/audit.h"
#include "domain/console/ops.h"
#include "domain/partner_account.h"

enum err
console_ops_float_sync(struct ctx *ctx, const struct console_session *s, const char *network,
    const char *reason, const struct console_client *from, char *provider, size_t cap,
    struct payout_float_sync *out, struct outcome *o)
{
	outcome_init(o);
	if (cap > 0)
		provider[0] = '\0';
	if (console_ops_reason(reason, o) != ERR_OK)
		return o->err;
	if (float_sync_from_provider(ctx->db, &ctx->cfg, &ctx->prov, network, reason, provider,
	    cap, out, o) != ERR_OK)
		return o->err;
	(void)console_audit_reason(ctx->db, 0, s->user_id, "float.sync", network, reason, from);
	return ERR_OK;
}

enum err
console_ops_deposit_assign(struct ctx *ctx, const struct console_session *s, const char *id,
    const char *partner_id, const char *reason, const struct console_client *from,
    struct chain_deposit_row *d, struct funds_deposit *out, struct outcome *o)
{
	const struct currency *cur;
	long long row;

	memset(out, 0, sizeof(*out));
	outcome_init(o);
	if (console_ops_reason(reason, o) != ERR_OK)
		return o->err;
	if (chain_deposit_get(ctx->db, id, d, o) != ERR_OK)
		return o->err;
	/* the partner before the deposit's state: a typo is told as one */
	if (partner_row(ctx->db, &ctx->cfg, partner_id, &row, o) != ERR_OK)
		return o->err;
	if (strcmp(d->status, "unmatched") != 0)
		return outcome_fail(o, ERR_INVALID_STATE, "This deposit is %s, not unmatched: "
		    "it was assigned or credited already", d->status);
	cur = currency_find(d->asset);
	if (cur == NULL || !(cur->flags & CURRENCY_PARTNER) || d->amount[0] == '\0')
		return outcome_fail(o, ERR_INVALID_STATE, "No partner can hold this deposit "
		    "(%s, %s base units): return it to its sender", d->asset, d->units);
	/* exactly `partner credit PARTNER_ID COIN AMOUNT --reference chain:...` */
	if (partner_credit(ctx->db, &ctx->cfg, partner_id, d->asset, d->amount, d->deposit_ref,
	    out, o) != ERR_OK) {
		/* assigned meanwhile (the guarded update found it no longer
		 * unmatched): the same answer as above */
		if (o->err == ERR_VALIDATION && strncmp(o->message, "reference", 9) == 0) {
			outcome_init(o);
			return outcome_fail(o, ERR_INVALID_STATE, "This deposit is no longer "
			    "unmatched: it was assigned meanwhile");
		}
		return o->err;
	}
	(void)console_audit_reason(ctx->db, 0, s->user_id, "deposit.assign", d->id, reason, from);
	return ERR_OK;
}
