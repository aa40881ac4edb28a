/*
 * fxrate: the current exchange rate of each source coin to GHS, kept in
 * fx_rates. A rate older than rates.max_age_seconds is never quoted.
 */
#ifndef CEDIRAMP_FXRATE_H
#define CEDIRAMP_FXRATE_H

#include <stddef.h>

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
 * "15.20000000") when it is at most max_age seconds old at now.
 */
enum fxrate_rc fxrate_current(struct db *db, const char *coin,
    long long max_age, long long now, char *rate, size_t cap);

/*
 * Sets coin's rate (a positive decimal of at most FXRATE_SCALE places and
 * at most 6 integer digits) from source. 0, or -1 with why set.
 */
int fxrate_set(struct db *db, const char *coin, const char *rate,
    const char *source, const char **why);

/*
 * Writes rate (as stored) without trailing zeros but with at least two
 * decimal places: "15.20000000" -> "15.20", "15.20341000" -> "15.20341".
 */
void fxrate_display(const char *rate, char *out, size_t cap);

#endif
