#include "sandbox/payer.h"

#include <string.h>

#include "domain/partner/resource.h"
#include "store/db_sig.h"

/* The simulator's request ref answered by its payer: 1, or 0 when it does
 * not wait for one (not received, or final), or -1. */
static int
answer_request(struct db *db, const char *ref, int approve)
{
	struct db_res res;

	if (DB_EXEC(db, DB_SIM_MOMO_RTP_ANSWER, sim_rtp_answer, NULL, &res,
	    .final_state = approve ? "successful" : "failed",
	    .reason = approve ? NULL : "APPROVAL_REJECTED", .reference = ref) != DB_OK)
		return -1;
	return res.affected == 1;
}

static enum err
not_waiting(struct outcome *o, const struct intent *in, const char *why)
{
	outcome_fail(o, ERR_INVALID_STATE, "The payment intent is %s; %s", in->status, why);
	outcome_str(o, "status", in->status);
	return ERR_INVALID_STATE;
}

enum err
sandbox_payer_answer(struct ctx *ctx, const struct caller *who, const char *id,
    int approve, struct intent *out, struct outcome *o)
{
	enum err e;
	int r;

	if ((e = resource_get(ctx, &intent_kind, who, id, out, o)) != ERR_OK)
		return e;
	if (strcmp(out->status, "pending_approval") != 0)
		return not_waiting(o, out, "only a pending_approval one waits for its payer");
	if ((r = answer_request(ctx->db, out->provider_ref, approve)) < 0) {
		intent_free(out);
		return outcome_err(o, ERR_SERVICE_UNAVAILABLE);
	}
	if (r == 0)
		return not_waiting(o, out, "the provider holds no request for it that waits "
		    "for the payer (not received yet: the worker sends it again)");
	/* the provider's status moves it, as it would the worker */
	if (intent_advance(ctx, id) < 0) {
		intent_free(out);
		return outcome_err(o, ERR_SERVICE_UNAVAILABLE);
	}
	intent_free(out);
	if ((e = resource_get(ctx, &intent_kind, who, id, out, o)) != ERR_OK)
		return e;
	if (strcmp(out->status, "pending_approval") == 0 || strcmp(out->status, "cancelled") == 0)
		/* the provider could not be asked, or a cancel came first */
		return not_waiting(o, out, "the payer's answer was not taken");
	o->changed = 1;
	return ERR_OK;
}
