#include "domain/fxrate.h"

#include <stdio.h>
#include <string.h>

#include "core/currency.h"
#include "core/money.h"
#include "core/strict.h"

static void
pair_name(const char *coin, char *out, size_t cap)
{
	snprintf(out, cap, "%s/GHS", coin);
}

enum fxrate_rc
fxrate_current(struct db *db, const char *coin, long long max_age,
    long long now, char *rate, size_t cap)
{
	char pair[24];
	struct db_arg a[1];
	struct db_rows rows;
	const char *r, *t;
	unsigned long long updated;
	enum fxrate_rc rc = FXRATE_MISSING;

	pair_name(coin, pair, sizeof(pair));
	a[0] = DB_S(pair);
	if (db_exec(db, DB_FXRATE_GET, a, 1, &rows, NULL) != DB_OK)
		return FXRATE_DB;
	r = db_cell(&rows, 0, 0);
	t = db_cell(&rows, 0, 1);
	/* UNIX_TIMESTAMP of a DATETIME(6) has a fraction: whole seconds do */
	if (r != NULL && t != NULL &&
	    strict_uint(t, strcspn(t, "."), ~0ULL >> 1, &updated) == 0) {
		if ((long long)updated + max_age < now)
			rc = FXRATE_STALE;
		else if (strict_copy(rate, cap, r) == 0)
			rc = FXRATE_OK;
	}
	db_rows_free(&rows);
	return rc;
}

int
fxrate_set(struct db *db, const char *coin, const char *rate,
    const char *source, const char **why)
{
	const struct currency *c = currency_find(coin);
	char pair[24];
	struct db_arg a[3];
	mpz_t v;
	enum money_rc mrc;

	if (c == NULL || !(c->flags & CURRENCY_STABLECOIN)) {
		*why = "unknown coin (USDT, USDC, USDC_E, DAI, GHSFIAT)";
		return -1;
	}
	mpz_init(v);
	mrc = money_parse(rate, FXRATE_SCALE, v);
	if (mrc != MONEY_OK || mpz_sgn(v) <= 0 || strcspn(rate, ".") > 6) {
		mpz_clear(v);
		*why = "a rate is a positive decimal, at most 6 integer digits and 8 places";
		return -1;
	}
	mpz_clear(v);
	pair_name(coin, pair, sizeof(pair));
	a[0] = DB_S(pair);
	a[1] = DB_S(rate);
	a[2] = DB_S(source);
	if (db_exec(db, DB_FXRATE_SET, a, 3, NULL, NULL) != DB_OK) {
		*why = db_error(db);
		return -1;
	}
	return 0;
}

void
fxrate_display(const char *rate, char *out, size_t cap)
{
	const char *dot = strchr(rate, '.');
	size_t n = strlen(rate);

	if (dot != NULL) {
		size_t keep = (size_t)(dot - rate) + 3; /* two places at least */

		while (n > keep && rate[n - 1] == '0')
			n--;
	}
	snprintf(out, cap, "%.*s", (int)n, rate);
}
