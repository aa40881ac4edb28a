#include "sandbox/sim_momo_callbacks.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/log.h"
#include "sandbox/sim_momo.h"
#include "sandbox/sim_paystack.h"
#include "providers/paystack_wire.h"
#include "providers/registry.h"
#include "providers/prov_http.h"
#include "sandbox/settings.h"
#include "store/db_sig.h"

#define SETTLE_BATCH 1000
#define CALLBACK_TIMEOUT_MS 5000
#define BATCH_MAX 200

/* a column of row i of a due callback's rows (store/stmt_sim.h, sim_callback) */
#define CB(name) db_cell(rows, i, DB_COL(sim_callback, name))

/* Sends body to row i's callback URL by method with headers (NULL-ended);
 * its answer changes nothing. */
static void
post(const struct db_rows *rows, size_t i, const char *method, const char *const *headers,
    const json_t *body)
{
	struct prov_endpoint ep;
	struct prov_call call;

	memset(&ep, 0, sizeof(ep));
	snprintf(ep.provider, sizeof(ep.provider), "callback");
	snprintf(ep.url, sizeof(ep.url), "%s", CB(callback_url));
	ep.timeout_ms = CALLBACK_TIMEOUT_MS;
	/* ep.kind NULL: the simulator's callback to us is no provider call */
	if (prov_http_call(&ep, NULL, method, "", headers, body, &call) != 0)
		log_event("info", "sim momo: the callback of %s was not answered (not retried)",
		    CB(reference));
	else
		prov_call_free(&call);
}

/* MTN's callback of row i: the status query's body, PUT for a request to
 * pay, POST for a transfer. */
static void
mtn_callback(const struct db_rows *rows, size_t i)
{
	static const char *const headers[] = { NULL };
	json_t *body = sim_momo_status_body(CB(kind), CB(state), CB(reason), CB(financial_id),
	    CB(msisdn), CB(amount), CB(currency), CB(external_id));

	if (body != NULL)
		post(rows, i, strcmp(CB(kind), "rtp") == 0 ? "PUT" : "POST", headers, body);
	json_decref(body);
}

/* Paystack's webhook of row i, signed with its network's secret key:
 * transfer.success, transfer.failed, transfer.reversed or charge.success
 * (a failed charge has no event at Paystack). */
static void
paystack_webhook(const struct cfg *c, const struct db_rows *rows, size_t i)
{
	const char *kind = CB(kind), *state = CB(state), *net = CB(network), *event, *key = NULL;
	char sig[129], line[160];
	const char *headers[2] = { line, NULL };
	json_t *body;
	char *text;
	size_t k;

	if (strcmp(kind, "rtp") == 0)
		event = strcmp(state, "successful") == 0 ? "charge.success" : NULL;
	else if (strcmp(state, "reversed") == 0)
		event = "transfer.reversed";
	else
		event = strcmp(state, "successful") == 0 ? "transfer.success" : "transfer.failed";
	for (k = 0; k < PROV_NETWORKS; k++)
		if (strcmp(prov_network_ids[k], net) == 0)
			key = c->momo_net[k].secret_key;
	if (event == NULL || key == NULL)
		return;
	body = json_pack("{s:s,s:o}", "event", event, "data", sim_paystack_data(kind,
	    CB(reference), state, CB(reason), CB(financial_id), CB(msisdn), CB(amount),
	    CB(currency), net));
	/* the bytes prov_http_call sends: the same dump of the same object */
	text = body != NULL ? json_dumps(body, JSON_COMPACT) : NULL;
	if (text != NULL && paystack_sign(key, text, strlen(text), sig) == 0) {
		snprintf(line, sizeof(line), "x-paystack-signature: %s", sig);
		post(rows, i, "POST", headers, body);
	}
	free(text);
	json_decref(body);
}

int
sim_momo_send_callbacks(struct ctx *ctx, int batch, unsigned *sent, unsigned *dropped)
{
	struct db_rows rows;
	struct db_res res;
	int drop;
	size_t i;

	*sent = *dropped = 0;
	if (!ctx->cfg.sandbox)
		return 0;
	if (DB_EXEC(ctx->db, DB_SIM_MOMO_SETTLE_DUE, claim_batch, NULL, NULL,
	    .n = SETTLE_BATCH) != DB_OK ||
	    DB_EXEC(ctx->db, DB_SIM_MOMO_REVERSE_DUE, claim_batch, NULL, NULL,
	    .n = SETTLE_BATCH) != DB_OK)
		return -1;
	if (DB_EXEC(ctx->db, DB_SIM_MOMO_CALLBACKS_DUE, claim_batch, &rows, NULL,
	    .n = batch > 0 && batch <= BATCH_MAX ? batch : BATCH_MAX) != DB_OK)
		return -1;
	drop = sandbox_setting_uint(ctx->db, "momo.drop_callbacks", 1, 0) == 1;
	for (i = 0; i < rows.nrows; i++) {
		/* taken before it is sent: a crash loses it, never sends two */
		if (DB_EXEC(ctx->db, DB_SIM_MOMO_CALLBACK_TAKE, sim_ref, NULL, &res,
		    .reference = db_cell(&rows, i, DB_COL(sim_callback, reference))) != DB_OK ||
		    res.affected != 1)
			continue; /* another worker's */
		if (drop) {
			(*dropped)++;
			continue;
		}
		if (strcmp(db_cell(&rows, i, DB_COL(sim_callback, api)), "paystack") == 0)
			paystack_webhook(&ctx->cfg, &rows, i);
		else
			mtn_callback(&rows, i);
		(*sent)++;
	}
	db_rows_free(&rows);
	return 0;
}
