#include "rl.h"

#include <stdio.h>
#include <string.h>

#include "strict.h"

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

struct rl_tx {
	const char *subject, *category;
	long long now;
	unsigned long long window;
	unsigned long long hits;
	long long reset;
	unsigned long long override; /* 0: none */
};

/* Counts and reads back under the row lock, so the pair is consistent. */
static int
rl_tx_fn(struct db *db, void *arg)
{
	struct rl_tx *t = arg;
	struct db_arg a[4] = { DB_S(t->subject), DB_S(t->category), DB_I(t->now),
	    DB_I((long long)t->window) };
	struct db_rows rows;
	unsigned long long hits, reset;
	const char *h, *r;
	enum db_rc rc;

	rc = db_exec(db, DB_RL_HIT, a, 4, NULL, NULL);
	if (rc != DB_OK)
		return rc;
	rc = db_exec(db, DB_RL_READ, a, 2, &rows, NULL);
	if (rc != DB_OK)
		return rc;
	h = db_cell(&rows, 0, 0);
	r = db_cell(&rows, 0, 1);
	if (h == NULL || r == NULL || strict_uint(h, strlen(h), ~0ULL, &hits) != 0 ||
	    strict_uint(r, strlen(r), ~0ULL >> 1, &reset) != 0) {
		db_rows_free(&rows);
		return DB_FAIL;
	}
	t->override = 0;
	if (db_cell(&rows, 0, 2) != NULL)
		(void)strict_uint(db_cell(&rows, 0, 2), strlen(db_cell(&rows, 0, 2)),
		    ~0ULL, &t->override);
	db_rows_free(&rows);
	t->hits = hits;
	t->reset = (long long)reset;
	return DB_OK;
}

enum db_rc
rl_hit(struct db *db, const struct cfg *c, const char *subject,
    enum rl_category cat, long long now, struct rl_result *out)
{
	struct cfg_rate lim = rl_limit(c, cat);
	struct rl_tx t = { subject, rl_names[cat], now, lim.window, 0, 0, 0 };
	int rc;

	rc = db_tx(db, rl_tx_fn, &t);
	if (rc != DB_OK)
		return rc == DB_DUP ? DB_FAIL : (enum db_rc)rc;
	if (t.override > 0)
		lim.limit = t.override; /* the operator's limit for this caller */
	out->limit = lim.limit;
	out->window = lim.window;
	out->limited = t.hits > lim.limit;
	out->remaining = t.hits >= lim.limit ? 0 : lim.limit - t.hits;
	out->reset = t.reset;
	return DB_OK;
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
