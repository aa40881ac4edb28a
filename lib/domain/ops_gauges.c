#include "domain/ops_gauges.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "providers/registry.h"
#include "store/db_sig.h"

struct render {
	struct buf *out;
	int failed; /* reads that failed */
	int oom;
};

/* 1 when v is a plain decimal number as the database prints one. */
static int
numeric(const char *v)
{
	size_t i = v != NULL && v[0] == '-' ? 1 : 0;
	int digits = 0;

	if (v == NULL)
		return 0;
	for (; v[i] != '\0'; i++) {
		if (v[i] >= '0' && v[i] <= '9')
			digits = 1;
		else if (v[i] != '.')
			return 0;
	}
	return digits;
}

static void
family(struct render *g, const char *name, const char *help)
{
	if (buf_printf(g->out, "# HELP %s %s\n# TYPE %s gauge\n", name, help, name) != 0)
		g->oom = 1;
}

/* name{labels} value, when value is a number (NULL: left out) */
static void
sample(struct render *g, const char *name, const char *labels, const char *value)
{
	if (!numeric(value))
		return;
	if (buf_printf(g->out, labels[0] ? "%s{%s} %s\n" : "%s%s %s\n", name, labels,
	    value) != 0)
		g->oom = 1;
}

static void
payouts(struct render *g, struct db *db)
{
	static const char *const states[] = { "in_doubt", "held", "reversed" };
	const int cols[] = { DB_COL(gauge_payouts, in_doubt), DB_COL(gauge_payouts, held),
		DB_COL(gauge_payouts, reversed) };
	struct db_rows rows;
	char labels[32];
	size_t i;

	if (DB_EXEC(db, DB_GAUGE_PAYOUTS, no_args, &rows, NULL) != DB_OK) {
		g->failed++;
		return;
	}
	family(g, "cediramp_payouts", "Payouts in doubt (processing, unsettled by the provider), "
	    "held for review, and reversed after they completed.");
	for (i = 0; i < 3 && rows.nrows == 1; i++) {
		snprintf(labels, sizeof(labels), "state=\"%s\"", states[i]);
		sample(g, "cediramp_payouts", labels, db_cell(&rows, 0, cols[i]));
	}
	family(g, "cediramp_payouts_in_doubt_oldest_seconds",
	    "Age of the oldest payout in doubt (0 when none).");
	if (rows.nrows == 1)
		sample(g, "cediramp_payouts_in_doubt_oldest_seconds", "",
		    db_cell(&rows, 0, DB_COL(gauge_payouts, in_doubt_oldest_seconds)));
	db_rows_free(&rows);
}

/* The rows of the limited floats among rows (the Float page's statement,
 * DB_PFLOAT_VIEW: each float with its last sync), each once per family. */
static void
float_family(struct render *g, const struct db_rows *rows, const char *name, int col,
    const char *fixed)
{
	char labels[64];
	const char *u;
	size_t i;

	for (i = 0; i < rows->nrows; i++) {
		if ((u = db_cell(rows, i, DB_COL(pfloat_view, unlimited))) == NULL ||
		    strcmp(u, "0") != 0)
			continue;
		snprintf(labels, sizeof(labels), "network=\"%.16s\"",
		    db_cell(rows, i, DB_COL(pfloat_view, network)));
		sample(g, name, labels, fixed != NULL ? fixed : db_cell(rows, i, col));
	}
}

static void
floats(struct render *g, struct db *db, unsigned long long low)
{
	struct db_rows rows;
	char threshold[32];

	if (DB_EXEC(db, DB_PFLOAT_VIEW, no_args, &rows, NULL) != DB_OK) {
		g->failed++;
		return;
	}
	snprintf(threshold, sizeof(threshold), "%llu", low);
	family(g, "cediramp_float_ghs", "Each limited payout float, GHS.");
	float_family(g, &rows, "cediramp_float_ghs", DB_COL(pfloat_view, balance), NULL);
	family(g, "cediramp_float_low_ghs", "The float below which an alert fires "
	    "(metrics.float_low_ghs).");
	float_family(g, &rows, "cediramp_float_low_ghs", 0, threshold);
	family(g, "cediramp_float_sync_difference_ghs", "The signed change the last float sync "
	    "made: the provider's balance less the float, then.");
	float_family(g, &rows, "cediramp_float_sync_difference_ghs",
	    DB_COL(pfloat_view, sync_change), NULL);
	db_rows_free(&rows);
}

static void
queues(struct render *g, struct db *db)
{
	struct db_rows rows;
	char labels[64];
	size_t i;

	if (DB_EXEC(db, DB_GAUGE_QUEUES, no_args, &rows, NULL) != DB_OK) {
		g->failed++;
	} else {
		family(g, "cediramp_queue_due", "Items of a worker's queue due now.");
		for (i = 0; i < rows.nrows; i++) {
			snprintf(labels, sizeof(labels), "queue=\"%.32s\"",
			    db_cell(&rows, i, DB_COL(gauge_queue, queue)));
			sample(g, "cediramp_queue_due", labels,
			    db_cell(&rows, i, DB_COL(gauge_queue, due)));
		}
		family(g, "cediramp_queue_oldest_due_seconds",
		    "How late the oldest due item of a worker's queue is (0 when none).");
		for (i = 0; i < rows.nrows; i++) {
			snprintf(labels, sizeof(labels), "queue=\"%.32s\"",
			    db_cell(&rows, i, DB_COL(gauge_queue, queue)));
			sample(g, "cediramp_queue_oldest_due_seconds", labels,
			    db_cell(&rows, i, DB_COL(gauge_queue, oldest_due_seconds)));
		}
		db_rows_free(&rows);
	}
	if (DB_EXEC(db, DB_GAUGE_WEBHOOKS, no_args, &rows, NULL) != DB_OK) {
		g->failed++;
		return;
	}
	family(g, "cediramp_webhook_deliveries_pending",
	    "Webhook deliveries still to make, due now or waiting for a retry.");
	if (rows.nrows == 1)
		sample(g, "cediramp_webhook_deliveries_pending", "",
		    db_cell(&rows, 0, DB_COL(gauge_webhooks, pending)));
	db_rows_free(&rows);
}

static void
chain(struct render *g, struct ctx *ctx)
{
	struct prov_chain *ch = providers_chain(&ctx->prov);
	char labels[64], gas[96];
	long long number, at, now = (long long)time(NULL);
	struct db_rows rows;
	size_t i;

	if (DB_EXEC(ctx->db, DB_GAUGE_CHAIN, no_args, &rows, NULL) != DB_OK) {
		g->failed++;
	} else {
		family(g, "cediramp_chain_scanned_block_age_seconds",
		    "Age of the last block the deposit scanner finished, per chain id.");
		for (i = 0; i < rows.nrows; i++) {
			snprintf(labels, sizeof(labels), "chain=\"%.20s\"",
			    db_cell(&rows, i, DB_COL(gauge_chain, chain_id)));
			sample(g, "cediramp_chain_scanned_block_age_seconds", labels,
			    db_cell(&rows, i, DB_COL(gauge_chain, head_age_seconds)));
		}
		db_rows_free(&rows);
	}
	if (DB_EXEC(ctx->db, DB_GAUGE_CHAIN_SENDS, no_args, &rows, NULL) != DB_OK) {
		g->failed++;
	} else {
		family(g, "cediramp_chain_pending_transactions",
		    "The service's chain transactions sent and not yet final.");
		if (rows.nrows == 1)
			sample(g, "cediramp_chain_pending_transactions", "",
			    db_cell(&rows, 0, DB_COL(gauge_chain_sends, pending)));
		family(g, "cediramp_signer_nonce_fills", "Nonces cediramp-signer filled with a "
		    "zero-value transfer, each for a send nobody would broadcast (its journal).");
		if (rows.nrows == 1)
			sample(g, "cediramp_signer_nonce_fills", "",
			    db_cell(&rows, 0, DB_COL(gauge_chain_sends, fills)));
		db_rows_free(&rows);
	}
	/* the head's age and the operator's gas, from the node itself (the
	 * simulator has neither) */
	if (ch == NULL || ch->ops->head_time == NULL)
		return;
	snprintf(labels, sizeof(labels), "chain=\"%llu\"", ch->chain_id);
	family(g, "cediramp_chain_head_age_seconds", "Age of the node's last block (its "
	    "timestamp to this host's clock; 0 for one ahead of it).");
	if (ch->ops->head_time(ch, &number, &at) == CHAIN_OK) {
		snprintf(gas, sizeof(gas), "%lld", at < now ? now - at : 0);
		sample(g, "cediramp_chain_head_age_seconds", labels, gas);
	} else {
		g->failed++;
	}
	if (ch->ops->gas_balance == NULL || ch->ops->signer(ch) == NULL)
		return;
	family(g, "cediramp_chain_operator_gas", "The operator account's balance of the chain's "
	    "native coin (ether), as the node answers.");
	if (ch->ops->gas_balance(ch, gas, sizeof(gas)) == CHAIN_OK)
		sample(g, "cediramp_chain_operator_gas", labels, gas);
	else
		g->failed++;
}

static void
galera(struct render *g, struct db *db)
{
	struct db_rows rows;
	const char *on;

	if (DB_EXEC(db, DB_GAUGE_GALERA, no_args, &rows, NULL) != DB_OK) {
		g->failed++;
		return;
	}
	/* on one plain server (wsrep_on OFF) there is no cluster to show */
	on = rows.nrows == 1 ? db_cell(&rows, 0, DB_COL(gauge_galera, wsrep_on)) : NULL;
	if (on != NULL && strcmp(on, "ON") == 0) {
		const char *ready = db_cell(&rows, 0, DB_COL(gauge_galera, ready));

		family(g, "cediramp_galera_cluster_size", "Nodes in the Galera cluster, as the web "
		    "server's node sees it.");
		sample(g, "cediramp_galera_cluster_size", "",
		    db_cell(&rows, 0, DB_COL(gauge_galera, cluster_size)));
		family(g, "cediramp_galera_ready", "1 when the web server's node accepts queries "
		    "(wsrep_ready ON).");
		sample(g, "cediramp_galera_ready", "",
		    ready != NULL && strcmp(ready, "ON") == 0 ? "1" : "0");
		family(g, "cediramp_galera_local_state",
		    "The node's wsrep_local_state (4: synced).");
		sample(g, "cediramp_galera_local_state", "",
		    db_cell(&rows, 0, DB_COL(gauge_galera, local_state)));
	}
	db_rows_free(&rows);
}

int
ops_gauges_render(struct ctx *ctx, struct buf *out)
{
	struct render g = { out, 0, 0 };
	char n[16];

	payouts(&g, ctx->db);
	floats(&g, ctx->db, ctx->cfg.metrics_float_low_ghs);
	queues(&g, ctx->db);
	chain(&g, ctx);
	galera(&g, ctx->db);
	snprintf(n, sizeof(n), "%d", g.failed);
	family(&g, "cediramp_metrics_gauge_failures",
	    "Reads of this scrape that failed (their gauges are left out).");
	sample(&g, "cediramp_metrics_gauge_failures", "", n);
	return g.oom ? -1 : 0;
}
