/*
 * fxrate: the current exchange rate of each source coin to GHS, kept in
 * fx_rates. A rate older than rates.max_age_seconds is never quoted.
 */
#ifndef CEDIRAMP_FXRATE_H
#define CEDIRAMP_FXRATE_H

#include <stddef.h>

#include "core/outcome.h"
#include "store/db.h"

#define FXRATE_SCALE 8   /* decimal places a rate may have */
#define FXRATE_TEXT 40

enum fxrate_rc {
	FXRATE_OK = 0,
	FXRATE_MISSING, /* no rate for the coin */
	FXRATE_STALE,   /* older than max_age */
	FXRATE_DB       /* the database failed */
};

/*
 * The rate of coin to GHS into rate (FXRATE_TEXT bytes, as stored, e.g.
 * "15.20000000") when it is at most max_age seconds old at now: from this
 * process's copy of the rate when that was read from fx_rates less than cache_seconds ago (the
 * copy is checked against max_age as the row would be, so a rate is never
 * quoted older than max_age; a newer rate reaches quotes within
 * cache_seconds), else from fx_rates, keeping a fresh one. 0 never caches.
 */
enum fxrate_rc fxrate_quoted(struct db *db, const char *coin, long long max_age,
    long long cache_seconds, long long now, char *rate, size_t cap);

/*
 * Sets coin's rate (a positive decimal of at most FXRATE_SCALE places and
 * at most 6 integer digits) from source. ERR_OK, or in o: ERR_VALIDATION
 * (the message says what is wrong, context "field" which: "coin" or
 * "rate"; nothing written),
 * ERR_SERVICE_UNAVAILABLE, ERR_INTERNAL.
 */
enum err fxrate_set(struct db *db, const char *coin, const char *rate,
    const char *source, struct outcome *o);

/* A coin and its rate to GHS, as text (e.g. { "USDT", "15.20" }). */
struct fxrate_pair {
	const char *coin;
	const char *rate;
};

/*
 * Stores the starting rates rates[0..n) (borrowed) for the coins that have
 * no rate yet, source "seed"; a coin that has one keeps it. Every pair is
 * checked as fxrate_set checks it before anything is written, and all are
 * written in one transaction. Fills o (context "seeded": how many rates
 * were new) and returns ERR_OK, ERR_VALIDATION (o names the coin; nothing
 * written), ERR_SERVICE_UNAVAILABLE or ERR_INTERNAL.
 */
enum err fxrate_seed(struct db *db, const struct fxrate_pair *rates, size_t n,
    struct outcome *o);

/* One stored rate as fxrate_list shows it. */
struct fxrate_row {
	char pair[24];        /* "USDT/GHS" */
	char rate[FXRATE_TEXT];  /* as stored, 8 places */
	char updated_at[24];  /* "YYYY-MM-DDTHH:MM:SSZ" */
	char source[72];      /* "seed", "feed", "admin", "console" */
	char age_seconds[24]; /* its age now, whole seconds (the database's clock) */
};

/*
 * Called once per rate; row is borrowed for the call only. A non-zero
 * return stops the listing early (fxrate_list still returns ERR_OK).
 */
typedef int (*fxrate_row_fn)(const struct fxrate_row *row, void *arg);

/*
 * Calls fn(row, arg) for every stored rate, by pair, whatever its age.
 * Nothing is allocated for the caller. ERR_OK, or a database error
 * (ERR_SERVICE_UNAVAILABLE, ERR_INTERNAL) before any row was passed.
 */
enum err fxrate_list(struct db *db, fxrate_row_fn fn, void *arg,
    struct outcome *o);

/*
 * Writes rate (as stored) without trailing zeros but with at least two
 * decimal places: "15.20000000" -> "15.20", "15.20341000" -> "15.20341".
 */
void fxrate_display(const char *rate, char *out, size_t cap);

#endif
