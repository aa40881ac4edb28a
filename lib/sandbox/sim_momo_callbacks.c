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
#include "store/db.h"

#define SETTLE_BATCH 1000
#define CALLBACK_TIMEOUT_MS 5000
#define BATCH_MAX 200

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
	snprintf(ep.url, sizeof(ep.url), "%s", db_cell(rows, i, 2));
	ep.timeout_ms = CALLBACK_TIMEOUT_MS;
	if (prov_http_call(&ep, method, "", headers, body, &call) != 0)
		log_event("info", "sim momo: the callback of %s was not answered (not retried)",
		    db_cell(rows, i, 0));
	else
		prov_call_free(&call);
}

/* MTN's callback of row i: the status query's body, PUT for a request to
 * pay, POST for a transfer. */
static void
mtn_callback(const struct db_rows *rows, size_t i)
{
	static const char *const headers[] = { NULL };
	json_t *body = sim_momo_status_body(db_cell(rows, i, 1), db_cell(rows, i, 3),
	    db_cell(rows, i, 4), db_cell(rows, i, 5), db_cell(rows, i, 6),
	    db_cell(rows, i, 7), db_cell(rows, i, 8), db_cell(rows, i, 9));

	if (body != NULL)
		post(rows, i, strcmp(db_cell(rows, i, 1), "rtp") == 0 ? "PUT" : "POST",
		    headers, body);
	json_decref(body);
}

/* Paystack's webhook of row i, signed with its network's secret key:
 * transfer.success, transfer.failed, transfer.reversed or charge.success
 * (a failed charge has no event at Paystack). */
static void
paystack_webhook(const struct cfg *c, const struct db_rows *rows, size_t i)
{
	const char *kind = db_cell(rows, i, 1), *state = db_cell(rows, i, 3),
	    *net = db_cell(rows, i, 11), *event, *key = NULL;
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
	    db_cell(rows, i, 0), state, db_cell(rows, i, 4), db_cell(rows, i, 5),
	    db_cell(rows, i, 6), db_cell(rows, i, 7), db_cell(rows, i, 8), net));
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
	struct db_arg a[1];
	struct db_rows rows;
	struct db_res res;
	int drop;
	size_t i;

	*sent = *dropped = 0;
	if (!ctx->cfg.sandbox)
		return 0;
	a[0] = DB_I(SETTLE_BATCH);
	if (db_exec(ctx->db, DB_SIM_MOMO_SETTLE_DUE, a, 1, NULL, NULL) != DB_OK ||
	    db_exec(ctx->db, DB_SIM_MOMO_REVERSE_DUE, a, 1, NULL, NULL) != DB_OK)
		return -1;
	a[0] = DB_I(batch > 0 && batch <= BATCH_MAX ? batch : BATCH_MAX);
	if (db_exec(ctx->db, DB_SIM_MOMO_CALLBACKS_DUE, a, 1, &rows, NULL) != DB_OK)
		return -1;
	drop = sandbox_setting_uint(ctx->db, "momo.drop_callbacks", 1, 0) == 1;
	for (i = 0; i < rows.nrows; i++) {
		/* taken before it is sent: a crash loses it, never sends two */
		a[0] = DB_S(db_cell(&rows, i, 0));
		if (db_exec(ctx->db, DB_SIM_MOMO_CALLBACK_TAKE, a, 1, NULL, &res) != DB_OK ||
		    res.affected != 1)
			continue; /* another worker's */
		if (drop) {
			(*dropped)++;
			continue;
		}
		if (strcmp(db_cell(&rows, i, 10), "paystack") == 0)
			paystack_webhook(&ctx->cfg, &rows, i);
		else
			mtn_callback(&rows, i);
		(*sent)++;
	}
	db_rows_free(&rows);
	return 0;
}
