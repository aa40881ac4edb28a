#include "http/rl.h"

#include <stdio.h>
#include <string.h>

#include "core/strict.h"

static const char *const rl_names[RL__MAX] = {
	[RL_GENERAL] = "general",
	[RL_QUOTES] = "quotes",
	[RL_CONVERT] = "convert",
	[RL_PAYOUTS] = "payouts",
	[RL_BENEFICIARIES] = "beneficiaries",
	[RL_KYC] = "kyc",
	[RL_PARTNER_MINUTE] = "partner_minute",
	[RL_PARTNER_DAY] = "partner_day",
};

struct cfg_rate
rl_limit(const struct cfg *c, enum rl_category cat)
{
	struct cfg_rate r;

	switch (cat) {
	case RL_QUOTES: r = c->rl_quotes; break;
	case RL_CONVERT: r = c->rl_convert; break;
	case RL_PAYOUTS: r = c->rl_payouts; break;
	case RL_BENEFICIARIES: r = c->rl_beneficiaries; break;
	case RL_KYC: r = c->rl_kyc; break;
	case RL_PARTNER_MINUTE:
		r = c->rl_partner_minute;
		if (r.limit == 0)
			r.limit = c->sandbox ? 60 : 300;
		break;
	case RL_PARTNER_DAY:
		r = c->rl_partner_day;
		if (r.limit == 0)
			r.limit = c->sandbox ? 10000 : 100000;
		break;
	default: r = c->rl_general; break;
	}
	return r;
}

struct rl_count {
	const char *category;
	unsigned long long window;
	unsigned long long hits;
	long long reset;
	unsigned long long override; /* 0: none */
};

struct rl_tx {
	const char *subject;
	long long now;
	struct rl_count *counts;
	size_t n;
};

/*
 * Counts every category: each hit returns its own count atomically (the
 * counters are a MEMORY table, schema/015: not transactional, nothing to
 * flush), then its window's end and the caller's override are read.
 */
static int
rl_tx_fn(struct db *db, void *arg)
{
	struct rl_tx *t = arg;
	struct db_rows rows;
	unsigned long long hits, reset;
	const char *r;
	enum db_rc rc;
	size_t i;

	for (i = 0; i < t->n; i++) {
		struct rl_count *k = &t->counts[i];
		struct db_arg a[4] = { DB_S(t->subject), DB_S(k->category), DB_I(t->now),
		    DB_I((long long)k->window) };

		struct db_res res;

		if ((rc = db_exec(db, DB_RL_HIT, a, 4, NULL, &res)) != DB_OK)
			return rc;
		if ((rc = db_exec(db, DB_RL_READ, a, 2, &rows, NULL)) != DB_OK)
			return rc;
		r = db_cell(&rows, 0, 1);
		hits = res.insert_id; /* this hit's own count */
		if (hits == 0 || r == NULL || strict_uint(r, strlen(r), ~0ULL >> 1, &reset) != 0) {
			db_rows_free(&rows);
			return DB_FAIL;
		}
		k->override = 0;
		if (db_cell(&rows, 0, 2) != NULL)
			(void)strict_uint(db_cell(&rows, 0, 2), strlen(db_cell(&rows, 0, 2)),
			    ~0ULL, &k->override);
		db_rows_free(&rows);
		k->hits = hits;
		k->reset = (long long)reset;
	}
	return DB_OK;
}

enum db_rc
rl_hit_many(struct db *db, const struct cfg *c, const char *subject,
    const enum rl_category *cats, size_t n, long long now, struct rl_result *out)
{
	struct rl_count counts[RL__MAX];
	struct rl_tx t = { subject, now, counts, n };
	size_t i;
	int rc;

	if (n == 0 || n > RL__MAX)
		return DB_FAIL;
	for (i = 0; i < n; i++) {
		counts[i].category = rl_names[cats[i]];
		counts[i].window = rl_limit(c, cats[i]).window;
	}
	rc = db_tx(db, rl_tx_fn, &t);
	if (rc != DB_OK)
		return rc == DB_DUP ? DB_FAIL : (enum db_rc)rc;
	for (i = 0; i < n; i++) {
		struct cfg_rate lim = rl_limit(c, cats[i]);

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
rl_hit(struct db *db, const struct cfg *c, const char *subject,
    enum rl_category cat, long long now, struct rl_result *out)
{
	return rl_hit_many(db, c, subject, &cat, 1, now, out);
}

void
rl_window_name(unsigned long long seconds, char *out, size_t cap)
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
