#include "http/rate_limit.h"

#include <stdio.h>
#include <string.h>

#include "core/strict.h"
#include "store/db_sig.h"

static const char *const rate_limit_names[RATE_LIMIT__MAX] = {
	[RATE_LIMIT_GENERAL] = "general",
	[RATE_LIMIT_QUOTES] = "quotes",
	[RATE_LIMIT_CONVERT] = "convert",
	[RATE_LIMIT_PAYOUTS] = "payouts",
	[RATE_LIMIT_BENEFICIARIES] = "beneficiaries",
	[RATE_LIMIT_KYC] = "kyc",
	[RATE_LIMIT_CONSOLE_SIGNIN] = "console_signin",
	[RATE_LIMIT_PARTNER_MINUTE] = "partner_minute",
	[RATE_LIMIT_PARTNER_DAY] = "partner_day",
};

struct cfg_rate
rate_limit_limit(const struct cfg *c, enum rate_limit_category cat)
{
	struct cfg_rate r;

	switch (cat) {
	case RATE_LIMIT_QUOTES: r = c->rate_limit_quotes; break;
	case RATE_LIMIT_CONVERT: r = c->rate_limit_convert; break;
	case RATE_LIMIT_PAYOUTS: r = c->rate_limit_payouts; break;
	case RATE_LIMIT_BENEFICIARIES: r = c->rate_limit_beneficiaries; break;
	case RATE_LIMIT_KYC: r = c->rate_limit_kyc; break;
	case RATE_LIMIT_CONSOLE_SIGNIN: r = c->rate_limit_console_signin; break;
	case RATE_LIMIT_PARTNER_MINUTE:
		r = c->rate_limit_partner_minute; /* cfg_load decided a 0 */
		break;
	case RATE_LIMIT_PARTNER_DAY:
		r = c->rate_limit_partner_day;
		break;
	default: r = c->rate_limit_general; break;
	}
	return r;
}

struct rate_limit_count {
	const char *category;
	unsigned long long window;
	unsigned long long hits;
	long long reset;
	unsigned long long override; /* 0: none */
};

/* a window's end and the caller's override for category k of rows */
static int
rate_limit_read_row(const struct db_rows *rows, struct rate_limit_count *k)
{
	unsigned long long reset;
	const char *cat, *r, *limit;
	size_t i;

	for (i = 0; i < rows->nrows; i++) {
		cat = db_cell(rows, i, DB_COL(rl_window, category));
		if (cat == NULL || strcmp(cat, k->category) != 0)
			continue;
		r = db_cell(rows, i, DB_COL(rl_window, reset));
		if (r == NULL || strict_uint(r, strlen(r), ~0ULL >> 1, &reset) != 0)
			return -1;
		k->reset = (long long)reset;
		k->override = 0;
		if ((limit = db_cell(rows, i, DB_COL(rl_window, limit_count))) != NULL)
			(void)strict_uint(limit, strlen(limit), ~0ULL, &k->override);
		return 0;
	}
	return -1;
}

/*
 * Counts every category: each hit is one autocommit upsert that returns
 * its own count atomically (no transaction around the hits: each commits
 * on its own), then one statement reads the windows' ends and the caller's
 * overrides. n + 1 round trips. The counters are InnoDB (schema/018), so
 * every node of a Galera cluster counts the same windows: a hit racing one
 * on another node conflicts at certification and db_exec runs it again.
 * Each hit is a durable commit; what that costs is measured by `make
 * bench` (docs/performance.md).
 */
static enum db_rc
rate_limit_count_all(struct db *db, const char *subject, long long now,
    struct rate_limit_count *counts, size_t n)
{
	struct db_rows rows;
	enum db_rc rc;
	size_t i;

	for (i = 0; i < n; i++) {
		struct rate_limit_count *k = &counts[i];
		struct db_res res;

		rc = DB_EXEC(db, DB_RL_HIT, rl_hit, NULL, &res, .subject = subject,
		    .category = k->category, .window_start = now,
		    .window_seconds = (long long)k->window);
		if (rc != DB_OK)
			return rc;
		k->hits = res.insert_id; /* this hit's own count */
		if (k->hits == 0)
			return DB_FAIL;
	}
	/* the read takes two categories: one twice when n is 1 */
	rc = DB_EXEC(db, DB_RL_READ, rl_read, &rows, NULL, .subject = subject,
	    .category = counts[0].category, .other = counts[n > 1].category);
	if (rc != DB_OK)
		return rc;
	for (i = 0; i < n && rc == DB_OK; i++)
		if (rate_limit_read_row(&rows, &counts[i]) != 0)
			rc = DB_FAIL;
	db_rows_free(&rows);
	return rc;
}

enum db_rc
rate_limit_hit_many(struct db *db, const struct cfg *c, const char *subject,
    const enum rate_limit_category *cats, size_t n, long long now, struct rate_limit_result *out)
{
	struct rate_limit_count counts[2];
	enum db_rc rc;
	size_t i;

	if (n == 0 || n > 2)
		return DB_FAIL;
	memset(counts, 0, sizeof(counts));
	for (i = 0; i < n; i++) {
		counts[i].category = rate_limit_names[cats[i]];
		counts[i].window = rate_limit_limit(c, cats[i]).window;
	}
	if ((rc = rate_limit_count_all(db, subject, now, counts, n)) != DB_OK)
		return rc == DB_DUP ? DB_FAIL : rc;
	for (i = 0; i < n; i++) {
		struct cfg_rate lim = rate_limit_limit(c, cats[i]);

		if (counts[i].override > 0)
			lim.limit = counts[i].override; /* the operator's limit for this caller */
		out[i].limit = lim.limit;
		out[i].window = lim.window;
		out[i].limited = counts[i].hits > lim.limit;
		out[i].remaining = counts[i].hits >= lim.limit ? 0 : lim.limit - counts[i].hits;
		out[i].reset = counts[i].reset;
	}
	return DB_OK;
}

enum db_rc
rate_limit_hit(struct db *db, const struct cfg *c, const char *subject,
    enum rate_limit_category cat, long long now, struct rate_limit_result *out)
{
	return rate_limit_hit_many(db, c, subject, &cat, 1, now, out);
}

void
rate_limit_window_name(unsigned long long seconds, char *out, size_t cap)
{
	if (seconds == 60)
		snprintf(out, cap, "minute");
	else if (seconds == 3600)
		snprintf(out, cap, "hour");
	else if (seconds == 86400)
		snprintf(out, cap, "day");
	else
		snprintf(out, cap, "%llus", seconds);
}
