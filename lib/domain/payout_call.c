#include "domain/payout_call.h"

#include <jansson.h>
#include <stdlib.h>

#include "core/clock.h"
#include "core/log.h"
#include "store/db_sig.h"

const char *
payout_call_result(enum momo_rc rc)
{
	switch (rc) {
	case MOMO_OK: return "ok";
	case MOMO_NOT_FOUND: return "not_found";
	case MOMO_REFUSED: return "refused";
	case MOMO_DUPLICATE: return "duplicate";
	case MOMO_UNAVAILABLE: return "unavailable";
	case MOMO_TIMEOUT: return "timeout";
	case MOMO_IN_DOUBT: return "in_doubt";
	}
	return "unavailable";
}

/* A status read's state word; NULL when rc carries none. */
static const char *
state_word(enum momo_rc rc, const struct momo_status *st)
{
	if (st == NULL || rc != MOMO_OK)
		return NULL;
	return st->state == MOMO_SUCCESSFUL ? "successful" : st->state == MOMO_FAILED ?
	    (st->reversed ? "reversed" : "failed") : "pending";
}

void
payout_call_record(struct ctx *ctx, const char *payout_id, const char *operation,
    long long started_ms, enum momo_rc rc, const struct momo_status *st, const char *why)
{
	long long ms = clock_monotonic_ms() - started_ms;
	const char *detail = st != NULL ? (st->reason[0] ? st->reason : NULL) :
	    why != NULL && why[0] ? why : NULL;

	if (DB_EXEC(ctx->db, DB_PAYOUT_CALL_INSERT, payout_call, NULL, NULL,
	    .payout_id = payout_id, .operation = operation, .latency_ms = ms < 0 ? 0 : ms,
	    .result = payout_call_result(rc), .state = state_word(rc, st), .detail = detail,
	    .request_id = log_request_current()) != DB_OK)
		log_event("warn", "payout %s: its %s call not recorded: %s", payout_id, operation,
		    db_error(ctx->db));
}

void
payout_call_record_many(struct ctx *ctx, const struct momo_ask *asks,
    const char *const *ids, size_t n, long long elapsed_ms)
{
	json_t *rows = json_array();
	char *text = NULL;
	size_t i;

	if (n == 0) {
		json_decref(rows);
		return;
	}
	for (i = 0; rows != NULL && i < n; i++) {
		const char *state = state_word(asks[i].rc, &asks[i].st);
		json_t *r = json_pack("{s:s,s:I,s:s,s:s?,s:s?}", "payout_id", ids[i],
		    "latency_ms", (json_int_t)(elapsed_ms < 0 ? 0 : elapsed_ms), "result",
		    payout_call_result(asks[i].rc), "state", state, "detail",
		    asks[i].rc == MOMO_OK && asks[i].st.reason[0] ? asks[i].st.reason : NULL);

		if (r == NULL || json_array_append_new(rows, r) != 0) {
			json_decref(rows);
			rows = NULL;
		}
	}
	if (rows != NULL)
		text = json_dumps(rows, JSON_COMPACT);
	if (text == NULL || DB_EXEC(ctx->db, DB_PAYOUT_CALL_INSERT_MANY, json_batch, NULL, NULL,
	    .json = text) != DB_OK)
		log_event("warn", "payouts: %zu status read(s) not recorded: %s", n,
		    text == NULL ? "out of memory" : db_error(ctx->db));
	free(text);
	json_decref(rows);
}

void
payout_float_refused(struct ctx *ctx, const char *network, const char *amount,
    const char *owner_kind, const char *owner_id, const char *payout_id)
{
	if (DB_EXEC(ctx->db, DB_FLOAT_REFUSAL_INSERT, float_refusal, NULL, NULL,
	    .network = network, .amount = amount, .owner_kind = owner_kind,
	    .owner_id = owner_id, .payout_id = payout_id,
	    .request_id = log_request_current()) != DB_OK)
		log_event("warn", "payout float %s: a refusal of %s GHS not recorded: %s", network,
		    amount, db_error(ctx->db));
}
