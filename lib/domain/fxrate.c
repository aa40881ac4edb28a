#include "domain/fxrate.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "core/clock.h"
#include "core/currency.h"
#include "core/money.h"
#include "core/strict.h"
#include "domain/internal.h"
#include "store/db_sig.h"

static void
pair_name(const char *coin, char *out, size_t cap)
{
	snprintf(out, cap, "%s/GHS", coin);
}

/* The rate of coin to GHS into rate (as stored, e.g. "15.20000000") when
 * it is at most max_age seconds old at now, its own time into
 * *updated_at. */
static enum fxrate_rc
rate_read(struct db *db, const char *coin, long long max_age, long long now, char *rate,
    size_t cap, long long *updated_at)
{
	char pair[24];
	struct db_rows rows;
	const char *r, *t;
	unsigned long long updated;
	enum fxrate_rc rc = FXRATE_MISSING;

	pair_name(coin, pair, sizeof(pair));
	if (DB_EXEC(db, DB_FXRATE_GET, fx_pair, &rows, NULL, .pair = pair) != DB_OK)
		return FXRATE_DB;
	r = db_cell(&rows, 0, DB_COL(fx_rate, rate));
	t = db_cell(&rows, 0, DB_COL(fx_rate, updated));
	/* UNIX_TIMESTAMP of a DATETIME(6) has a fraction: whole seconds do */
	if (r != NULL && t != NULL &&
	    strict_uint(t, strcspn(t, "."), ~0ULL >> 1, &updated) == 0) {
		*updated_at = (long long)updated;
		if ((long long)updated + max_age < now)
			rc = FXRATE_STALE;
		else if (strict_copy(rate, cap, r) == 0)
			rc = FXRATE_OK;
	}
	db_rows_free(&rows);
	return rc;
}

/* This process's copy of each coin's rate (rates.cache_seconds). */
struct cached_rate {
	char coin[8];
	char rate[FXRATE_TEXT];
	long long updated;     /* the rate's own time, Unix seconds */
	long long read_ms;     /* when it was read, monotonic milliseconds */
};

static struct cached_rate cache[8];

enum fxrate_rc
fxrate_quoted(struct db *db, const char *coin, long long max_age, long long cache_seconds,
    long long now, char *rate, size_t cap)
{
	long long at = clock_monotonic_ms();
	struct cached_rate *c = NULL, *free_slot = NULL;
	enum fxrate_rc rc;
	long long updated;
	size_t i;

	for (i = 0; i < sizeof(cache) / sizeof(cache[0]); i++) {
		if (strcmp(cache[i].coin, coin) == 0)
			c = &cache[i];
		else if (cache[i].coin[0] == '\0' && free_slot == NULL)
			free_slot = &cache[i];
	}
	if (c != NULL && cache_seconds > 0 && at - c->read_ms < cache_seconds * 1000) {
		/* the copy ages like the row: never quoted past max_age */
		if (c->updated + max_age < now)
			return FXRATE_STALE;
		return strict_copy(rate, cap, c->rate) == 0 ? FXRATE_OK : FXRATE_MISSING;
	}
	rc = rate_read(db, coin, max_age, now, rate, cap, &updated);
	if (c == NULL)
		c = free_slot;
	if (c != NULL && cache_seconds > 0 && rc == FXRATE_OK && strlen(coin) < sizeof(c->coin) &&
	    strict_copy(c->rate, sizeof(c->rate), rate) == 0) {
		(void)strict_copy(c->coin, sizeof(c->coin), coin);
		c->updated = updated;
		c->read_ms = at;
	} else if (c != NULL) {
		c->coin[0] = '\0'; /* nothing kept but a fresh rate */
	}
	return rc;
}

/*
 * Why coin and rate cannot be stored, or NULL when they can: coin must be
 * a source coin, rate a positive decimal of at most FXRATE_SCALE places
 * and 6 integer digits. *field gets the one at fault ("coin", "rate").
 */
static const char *
rate_invalid(const char *coin, const char *rate, const char **field)
{
	const struct currency *c = coin ? currency_find(coin) : NULL;
	enum money_rc mrc;
	mpz_t v;
	int ok;

	*field = "coin";
	if (c == NULL || !(c->flags & CURRENCY_STABLECOIN))
		return "unknown coin (USDT, USDC, USDC_E, DAI, GHSFIAT)";
	*field = "rate";
	if (rate == NULL)
		return "a rate is a positive decimal, at most 6 integer digits and 8 places";
	mpz_init(v);
	mrc = money_parse(rate, FXRATE_SCALE, v);
	ok = mrc == MONEY_OK && mpz_sgn(v) > 0 && strcspn(rate, ".") <= 6;
	mpz_clear(v);
	return ok ? NULL :
	    "a rate is a positive decimal, at most 6 integer digits and 8 places";
}

enum err
fxrate_set(struct db *db, const char *coin, const char *rate,
    const char *source, struct outcome *o)
{
	const char *why, *field;
	char pair[24];
	enum db_rc rc;

	if ((why = rate_invalid(coin, rate, &field)) != NULL) {
		outcome_str(o, "field", field);
		return outcome_fail(o, ERR_VALIDATION, "%s", why);
	}
	pair_name(coin, pair, sizeof(pair));
	rc = DB_EXEC(db, DB_FXRATE_SET, fx_set, NULL, NULL, .pair = pair, .rate = rate,
	    .source = source);
	if (rc != DB_OK)
		return domain_db_fail(o, rc, "set the rate");
	o->changed = 1;
	return ERR_OK;
}

struct seed {
	const struct fxrate_pair *rates;
	size_t n;
	long long seeded;
};

static int
seed_tx(struct db *db, void *arg)
{
	struct seed *s = arg;
	char pair[24];
	struct db_res res;
	size_t i;
	int rc;

	s->seeded = 0;
	for (i = 0; i < s->n; i++) {
		pair_name(s->rates[i].coin, pair, sizeof(pair));
		rc = DB_EXEC(db, DB_FXRATE_SEED, fx_seed, NULL, &res, .pair = pair,
		    .rate = s->rates[i].rate);
		if (rc != DB_OK)
			return rc;
		s->seeded += res.affected > 0;
	}
	return DB_OK;
}

enum err
fxrate_seed(struct db *db, const struct fxrate_pair *rates, size_t n,
    struct outcome *o)
{
	struct seed s = { rates, n, 0 };
	const char *why, *field;
	char coin[24];
	size_t i;
	int rc;

	outcome_init(o);
	for (i = 0; i < n; i++)
		if ((why = rate_invalid(rates[i].coin, rates[i].rate, &field)) != NULL) {
			(void)strict_clip(coin, sizeof(coin),
			    rates[i].coin ? rates[i].coin : "",
			    rates[i].coin ? strlen(rates[i].coin) : 0);
			outcome_str(o, "coin", coin);
			return outcome_fail(o, ERR_VALIDATION, "%s: %s", coin, why);
		}
	if ((rc = db_tx(db, seed_tx, &s)) != DB_OK)
		return domain_db_fail(o, rc, "seed the rates");
	o->changed = s.seeded > 0;
	outcome_int(o, "seeded", s.seeded);
	return ERR_OK;
}

/* How a listed rate (store/stmt_fxrate.h) fills a struct fxrate_row */
static const struct db_field list_fields[] = { DB_FIELDS(fx_row, struct fxrate_row) };

enum err
fxrate_list(struct db *db, fxrate_row_fn fn, void *arg, struct outcome *o)
{
	struct fxrate_row row;
	struct db_rows rows;
	size_t i;
	int rc;

	outcome_init(o);
	if ((rc = DB_EXEC(db, DB_FXRATE_LIST, no_args, &rows, NULL)) != DB_OK)
		return domain_db_fail(o, rc, "list the rates");
	for (i = 0; i < rows.nrows; i++) {
		/* text only: nothing to fail */
		(void)db_row_read(&rows, i, list_fields, DB_NCOLS(fx_row), &row);
		if (fn(&row, arg) != 0)
			break;
	}
	db_rows_free(&rows);
	return ERR_OK;
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
