#include "domain/tier_limit.h"

#include <stdio.h>
#include <time.h>

#include "core/money.h"
#include "core/timefmt.h"
#include "domain/catalog.h"
#include "store/db_sig.h"

/* The start of today and of this month (UTC) as DATETIME text (48 bytes
 * each), and when each ends. */
static void
periods(long long now, char *day, char *month, long long *day_end,
    long long *month_end)
{
	time_t t = (time_t)now;
	struct tm tm, next;

	gmtime_r(&t, &tm);
	snprintf(day, 48, "%04d-%02d-%02d 00:00:00", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
	snprintf(month, 48, "%04d-%02d-01 00:00:00", tm.tm_year + 1900, tm.tm_mon + 1);
	next = tm;
	next.tm_hour = next.tm_min = next.tm_sec = 0;
	next.tm_mday += 1;
	*day_end = (long long)timegm(&next);
	next = tm;
	next.tm_hour = next.tm_min = next.tm_sec = 0;
	next.tm_mday = 1;
	next.tm_mon += 1;
	*month_end = (long long)timegm(&next);
}

/* Fills o with the spec's limit_exceeded context and message. */
static int
exceeded(struct outcome *o, const char *limit, const char *used, const char *remaining,
    long long resets, const char *what)
{
	char when[40];

	timefmt_iso(resets, when, sizeof(when));
	outcome_clear_ctx(o);
	outcome_str(o, "limit", limit);
	outcome_str(o, "used", used);
	outcome_str(o, "remaining", remaining);
	outcome_str(o, "currency", "GHS");
	outcome_str(o, "resetsAt", when);
	outcome_fail(o, ERR_LIMIT_EXCEEDED, "%s of %s GHS exceeded", what, limit);
	return DB_FAIL;
}

int
tier_limit_check(struct db *db, const struct caller *who, enum tier_kind kind,
    const char *amount, struct outcome *o)
{
	static const char *const names[3][3] = {
		{ "The per-conversion maximum", "The daily conversion limit", "The monthly conversion limit" },
		{ "The per-payout maximum", "The daily payout limit", "The monthly payout limit" },
		{ "The per-withdrawal maximum", "The daily withdrawal limit", "The monthly withdrawal limit" },
	};
	static const enum db_stmt used_since[3] = { DB_CONV_USED_SINCE,
		DB_PAYOUT_USED_SINCE, DB_WD_USED_SINCE };
	const struct tier *t = catalog_tier(who->tier);
	char day[48], month[48], used_s[MONEY_MAX_TEXT], rem_s[MONEY_MAX_TEXT];
	long long now = (long long)time(NULL), ends[2];
	const char *since[2], *limit[2];
	mpz_t used, lim, want, rem;
	int i, rc = DB_OK;

	if (t == NULL)
		return DB_OK; /* tier none never gets here */
	mpz_inits(used, lim, want, rem, NULL);
	if (money_parse(amount, 2, want) != MONEY_OK ||
	    money_parse(t->per_transaction_max, 2, lim) != MONEY_OK) {
		rc = DB_FAIL;
		outcome_fail(o, ERR_INTERNAL, "limit arithmetic failed");
	} else if (mpz_cmp(want, lim) > 0) {
		/* a cap per transaction holds again for the very next request */
		rc = exceeded(o, t->per_transaction_max, "0.00", t->per_transaction_max,
		    now, names[kind][0]);
	}
	periods(now, day, month, &ends[0], &ends[1]);
	since[0] = day;
	since[1] = month;
	limit[0] = t->daily_limit;
	limit[1] = t->monthly_limit;
	for (i = 0; i < 2 && rc == DB_OK; i++) {
		struct db_rows rows;

		rc = db_run(db, DB_BIND_ANY(used_since[kind], used_since, .owner_id = who->id,
		    .since = since[i]), &rows, NULL);
		if (rc != DB_OK)
			break;
		if (money_normalize(db_cell(&rows, 0, DB_COL(used, used)), 2, 2, used_s,
		    sizeof(used_s)) != 0)
			rc = DB_FAIL;
		db_rows_free(&rows);
		if (rc != DB_OK || money_parse(used_s, 2, used) != MONEY_OK ||
		    money_parse(limit[i], 2, lim) != MONEY_OK) {
			rc = DB_FAIL;
			outcome_fail(o, ERR_INTERNAL, "limit arithmetic failed");
			break;
		}
		mpz_add(rem, used, want);
		if (mpz_cmp(rem, lim) <= 0)
			continue;
		mpz_sub(rem, lim, used);
		if (mpz_sgn(rem) < 0)
			mpz_set_ui(rem, 0);
		if (money_format(rem, 2, rem_s, sizeof(rem_s)) != 0) {
			rc = DB_FAIL;
			outcome_fail(o, ERR_INTERNAL, "limit arithmetic failed");
			break;
		}
		rc = exceeded(o, limit[i], used_s, rem_s, ends[i], names[kind][i + 1]);
	}
	mpz_clears(used, lim, want, rem, NULL);
	return rc;
}
