#include "domain/health.h"

#include <string.h>
#include <strings.h>
#include <time.h>

#include "domain/probe.h"
#include "providers/registry.h"
#include "store/db_sig.h"

/* One state for the mobile money service: every network's, or degraded
 * when they differ. */
static enum prov_health
worst_of(const enum prov_health *h, size_t n)
{
	size_t i, down = 0, ok = 0;

	for (i = 0; i < n; i++) {
		down += h[i] == PROV_DOWN;
		ok += h[i] == PROV_OPERATIONAL;
	}
	return down == n ? PROV_DOWN : ok == n ? PROV_OPERATIONAL : PROV_DEGRADED;
}

static int
same_text(const char *v, const char *want)
{
	return v != NULL && strcasecmp(v, want) == 0;
}

enum prov_health
health_database(int reachable, const char *wsrep_on, const char *ready,
    const char *cluster_status)
{
	if (!reachable)
		return PROV_DOWN;
	if (!same_text(wsrep_on, "1") && !same_text(wsrep_on, "ON"))
		return PROV_OPERATIONAL; /* one plain server */
	if (!same_text(ready, "ON") || cluster_status == NULL ||
	    strcmp(cluster_status, "Primary") != 0)
		return PROV_DEGRADED;
	return PROV_OPERATIONAL;
}

const char *
health_status(enum prov_health db, enum prov_health chain, enum prov_health momo)
{
	if (db == PROV_DOWN)
		return "down";
	if (db == PROV_OPERATIONAL && chain == PROV_OPERATIONAL && momo == PROV_OPERATIONAL)
		return "operational";
	return "degraded";
}

/* Asks the node (reconnecting if needed). */
static enum prov_health
database_state(struct db *db)
{
	struct db_rows rows;
	enum prov_health h;

	if (DB_EXEC(db, DB_NODE_STATE, no_args, &rows, NULL) != DB_OK)
		return health_database(0, NULL, NULL, NULL);
	h = health_database(rows.nrows == 1, db_cell(&rows, 0, DB_COL(node_state, wsrep_on)),
	    db_cell(&rows, 0, DB_COL(node_state, wsrep_ready)),
	    db_cell(&rows, 0, DB_COL(node_state, cluster_status)));
	db_rows_free(&rows);
	return h;
}

void
health_check(struct ctx *ctx, struct health *h)
{
	struct probe_state p[PROV_PROBED];
	enum prov_health db, net[PROV_NETWORKS], momo;
	long long now = (long long)time(NULL), oldest = -1;
	size_t i;

	db = database_state(ctx->db);
	probe_states(ctx, p);
	for (i = 0; i < PROV_NETWORKS; i++) {
		net[i] = p[1 + i].health;
		if (oldest < 0 || p[1 + i].checked_at < oldest)
			oldest = p[1 + i].checked_at;
	}
	momo = worst_of(net, PROV_NETWORKS);
	h->status = health_status(db, p[0].health, momo);
	h->database = prov_health_name(db);
	h->blockchain = prov_health_name(p[0].health);
	h->mobile_money = prov_health_name(momo);
	h->uptime_seconds = now - ctx->started;
	h->database_checked_at = now;
	h->blockchain_checked_at = p[0].checked_at;
	h->mobile_money_checked_at = oldest;
}

void
health_networks(struct ctx *ctx, const char *status[PROV_NETWORKS])
{
	struct probe_state p[PROV_PROBED];
	size_t i;

	probe_states(ctx, p);
	for (i = 0; i < PROV_NETWORKS; i++)
		status[i] = prov_health_name(p[1 + i].health);
}
