#include "sandbox/sim_momo_callbacks.h"

#include <stdio.h>
#include <string.h>

#include "core/log.h"
#include "sandbox/sim_momo.h"
#include "providers/prov_http.h"
#include "sandbox/settings.h"
#include "store/db.h"

#define SETTLE_BATCH 1000
#define CALLBACK_TIMEOUT_MS 5000
#define BATCH_MAX 200

/* Sends row i's callback once; its answer changes nothing. */
static void
send_one(const struct db_rows *rows, size_t i)
{
	static const char *const headers[] = { NULL };
	int rtp = strcmp(db_cell(rows, i, 1), "rtp") == 0;
	struct prov_endpoint ep;
	struct prov_call call;
	/* MTN's callback carries the status query's body */
	json_t *body = sim_momo_status_body(db_cell(rows, i, 1), db_cell(rows, i, 3),
	    db_cell(rows, i, 4), db_cell(rows, i, 5), db_cell(rows, i, 6),
	    db_cell(rows, i, 7), db_cell(rows, i, 8), db_cell(rows, i, 9));

	memset(&ep, 0, sizeof(ep));
	snprintf(ep.provider, sizeof(ep.provider), "callback");
	snprintf(ep.url, sizeof(ep.url), "%s", db_cell(rows, i, 2));
	ep.timeout_ms = CALLBACK_TIMEOUT_MS;
	if (body == NULL || prov_http_call(&ep, rtp ? "PUT" : "POST", "", headers, body,
	    &call) != 0)
		log_event("info", "sim momo: the callback of %s was not answered (not retried)",
		    db_cell(rows, i, 0));
	else
		prov_call_free(&call);
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
	if (db_exec(ctx->db, DB_SIM_MOMO_SETTLE_DUE, a, 1, NULL, NULL) != DB_OK)
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
		send_one(&rows, i);
		(*sent)++;
	}
	db_rows_free(&rows);
	return 0;
}
