#include "domain/probe.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "core/log.h"
#include "core/strict.h"
#include "store/db_sig.h"

/* The row of probed provider i (providers_probe's order): "chain",
 * "momo:<NETWORK>" (schema/028 seeds them). */
static const char *
name_of(size_t i, char buf[32])
{
	if (i == 0)
		return "chain";
	snprintf(buf, 32, "momo:%s", prov_network_ids[i - 1]);
	return buf;
}

static enum prov_health
health_named(const char *s)
{
	if (s != NULL && strcmp(s, "operational") == 0)
		return PROV_OPERATIONAL;
	if (s != NULL && strcmp(s, "degraded") == 0)
		return PROV_DEGRADED;
	return PROV_DOWN;
}

/* This process's own last probe: the states when the database cannot be
 * read, probed again at most every health.probe_seconds. */
static struct probe_state own[PROV_PROBED];
static long long own_at = -1;

static void
own_states(struct ctx *ctx, struct probe_state out[PROV_PROBED])
{
	static const int all[PROV_PROBED] = { 1, 1, 1, 1 };
	enum prov_health h[PROV_PROBED];
	long long now = (long long)time(NULL);
	size_t i;

	if (own_at < 0 || now - own_at >= (long long)ctx->cfg.health_probe_seconds) {
		providers_probe(&ctx->prov, all, h);
		for (i = 0; i < PROV_PROBED; i++)
			own[i].health = h[i];
		own_at = now;
	}
	for (i = 0; i < PROV_PROBED; i++) {
		out[i] = own[i];
		out[i].age_seconds = now - own_at;
		out[i].checked_at = own_at;
	}
}

/* A row's checked_at as stored, to the microsecond: what a probe claims
 * and stores against. */
#define CHECKED_AT_MAX 32

/* The stored states into out, those whose want is set (NULL: all);
 * found[i] says whether provider i has a row; at[i] (when not NULL) its
 * checked_at as stored. DB_OK or the error. */
static int
read_states(struct ctx *ctx, const int *want, struct probe_state out[PROV_PROBED],
    int found[PROV_PROBED], char (*at_text)[CHECKED_AT_MAX])
{
	struct db_rows rows;
	char name[32];
	size_t i, r;
	int rc = DB_EXEC(ctx->db, DB_PROBE_READ, no_args, &rows, NULL);

	if (rc != DB_OK)
		return rc;
	for (r = 0; r < rows.nrows; r++) {
		const char *who = db_cell(&rows, r, DB_COL(probe_state, name));
		const char *age = db_cell(&rows, r, DB_COL(probe_state, age_seconds));
		const char *at = db_cell(&rows, r, DB_COL(probe_state, checked_unix));

		for (i = 0; i < PROV_PROBED; i++) {
			unsigned long long v = 0, t = 0;

			if ((want != NULL && !want[i]) || who == NULL ||
			    strcmp(who, name_of(i, name)) != 0)
				continue;
			out[i].health = health_named(db_cell(&rows, r,
			    DB_COL(probe_state, state)));
			/* a row checked in the future (a clock step) is fresh */
			if (age != NULL && age[0] != '-')
				(void)strict_uint(age, strlen(age), ~0ULL >> 1, &v);
			if (at != NULL)
				(void)strict_uint(at, strlen(at), ~0ULL >> 1, &t);
			out[i].age_seconds = (long long)v;
			out[i].checked_at = (long long)t;
			if (at_text != NULL)
				db_cell_copy(at_text[i], CHECKED_AT_MAX, &rows, r,
				    DB_COL(probe_state, checked_at));
			found[i] = 1;
		}
	}
	db_rows_free(&rows);
	return DB_OK;
}

void
probe_states(struct ctx *ctx, struct probe_state out[PROV_PROBED])
{
	const long long every = (long long)ctx->cfg.health_probe_seconds;
	/* the lease outlives a probe: the slowest provider's timeout, and then some */
	const long long lease = ctx->cfg.provider_timeout_ms / 1000 + 2;
	int found[PROV_PROBED] = { 0 }, mine[PROV_PROBED] = { 0 }, any = 0;
	char at[PROV_PROBED][CHECKED_AT_MAX];
	enum prov_health h[PROV_PROBED];
	struct db_res res;
	char name[32];
	size_t i;

	memset(at, 0, sizeof(at));
	if (read_states(ctx, NULL, out, found, at) != DB_OK) {
		own_states(ctx, out);
		return;
	}
	for (i = 0; i < PROV_PROBED; i++) {
		if (!found[i]) {
			out[i] = (struct probe_state){ PROV_DOWN, 0, (long long)time(NULL) };
			continue;
		}
		if (out[i].age_seconds < every)
			continue;
		if (DB_EXEC(ctx->db, DB_PROBE_CLAIM, probe_claim, NULL, &res,
		    .lease_seconds = lease, .name = name_of(i, name), .stale_seconds = every,
		    .checked_at = at[i]) == DB_OK && res.affected == 1)
			any = mine[i] = 1;
	}
	if (!any)
		return;
	providers_probe(&ctx->prov, mine, h);
	for (i = 0; i < PROV_PROBED; i++) {
		if (!mine[i])
			continue;
		out[i] = (struct probe_state){ h[i], 0, (long long)time(NULL) };
		if (DB_EXEC(ctx->db, DB_PROBE_STORE, probe_store, NULL, NULL,
		    .state = prov_health_name(h[i]), .name = name_of(i, name),
		    .checked_at = at[i]) != DB_OK)
			log_event("warn", "provider health %s not stored (its lease runs out)",
			    name);
	}
	/* what was stored, to the second: the answer's checked_at is the
	 * row's (once per probe, so at most every health.probe_seconds); a
	 * probe the row moved on from answers the row's newer state */
	(void)read_states(ctx, mine, out, found, NULL);
}

enum prov_health
probe_network(struct ctx *ctx, const char *network)
{
	struct probe_state s[PROV_PROBED];
	size_t i;

	for (i = 0; i < PROV_NETWORKS; i++)
		if (network != NULL && strcmp(prov_network_ids[i], network) == 0) {
			probe_states(ctx, s);
			return s[1 + i].health;
		}
	return PROV_DOWN;
}

int
probe_mark_stale(struct db *db)
{
	return DB_EXEC(db, DB_PROBE_STALE, no_args, NULL, NULL);
}
