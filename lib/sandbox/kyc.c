#include "sandbox/kyc.h"

#include <string.h>

#include "domain/wallet/kyc.h"
#include "store/db_sig.h"

#define BATCHES 20 /* batches per run at most */

enum sandbox_kyc_verdict
sandbox_kyc_verdict(const char *number)
{
	size_t n = number ? strlen(number) : 0;

	if (n < 4)
		return SANDBOX_KYC_WAIT;
	if (memcmp(number + n - 4, "0000", 4) == 0)
		return SANDBOX_KYC_APPROVE;
	if (memcmp(number + n - 4, "1111", 4) == 0)
		return SANDBOX_KYC_REJECT;
	return SANDBOX_KYC_WAIT;
}

/*
 * One batch of the magic decisions: *seen gets the rows read, the
 * counters what was decided. ERR_OK, or the first failure (o filled).
 */
static enum err
batch(struct ctx *ctx, size_t max, size_t *seen, unsigned *approved,
    unsigned *rejected, struct outcome *o)
{
	struct kyc_decision out;
	struct db_rows rows;
	struct outcome one;
	enum sandbox_kyc_verdict v;
	enum err e = ERR_OK;
	size_t i;
	int rc;

	*seen = 0;
	rc = DB_EXEC(ctx->db, DB_SIM_KYC_MAGIC_DUE, claim_batch, &rows, NULL, .n = (long long)max);
	if (rc != DB_OK)
		return outcome_fail(o, rc == DB_DOWN ? ERR_SERVICE_UNAVAILABLE : ERR_INTERNAL,
		    "find magic submissions: the database %s", rc == DB_DOWN ?
		    "is unavailable" : "refused it");
	*seen = rows.nrows;
	for (i = 0; i < rows.nrows && e == ERR_OK; i++) {
		const char *id = db_cell(&rows, i, DB_COL(sim_kyc_due, public_id));

		v = sandbox_kyc_verdict(db_cell(&rows, i, DB_COL(sim_kyc_due, document_number)));
		if (id == NULL || v == SANDBOX_KYC_WAIT)
			continue;
		switch (v == SANDBOX_KYC_APPROVE ?
		    kyc_approve_by(ctx->db, "sandbox", id, KYC_DEFAULT_TIER, &out, &one) :
		    kyc_reject_by(ctx->db, "sandbox", id, SANDBOX_KYC_REASON, &out, &one)) {
		case ERR_OK:
			if (v == SANDBOX_KYC_APPROVE)
				(*approved)++;
			else
				(*rejected)++;
			break;
		case ERR_NOT_FOUND:
		case ERR_VALIDATION:
			break; /* decided (or removed) by someone else first */
		default:
			*o = one;
			e = one.err;
			break;
		}
	}
	db_rows_free(&rows);
	return e;
}

enum err
sandbox_kyc_decide(struct ctx *ctx, size_t max, unsigned *approved,
    unsigned *rejected, struct outcome *o)
{
	unsigned before;
	size_t seen, n;
	enum err e;

	outcome_init(o);
	*approved = *rejected = 0;
	if (!ctx->cfg.sandbox || max == 0)
		return ERR_OK;
	for (n = 0; n < BATCHES; n++) {
		before = *approved + *rejected;
		if ((e = batch(ctx, max, &seen, approved, rejected, o)) != ERR_OK)
			return e;
		/* a short batch was the last; a full one that decided nothing
		 * was taken by another worker: leave the rest to it */
		if (seen < max || *approved + *rejected == before)
			break;
	}
	if (*approved + *rejected > 0)
		o->changed = 1;
	return ERR_OK;
}
