/* timefmt: ISO 8601 UTC timestamps, as both APIs write them. */
#ifndef CEDIRAMP_TIMEFMT_H
#define CEDIRAMP_TIMEFMT_H

#include <stddef.h>

/* Writes t (Unix seconds) as "YYYY-MM-DDTHH:MM:SSZ" into out. */
void timefmt_iso(long long t, char *out, size_t cap);

/*
 * MariaDB DATETIME(6) text "YYYY-MM-DD HH:MM:SS.ffffff" (UTC) to Unix
 * microseconds and back. Parsing is strict: 0 or -1.
 */
int timefmt_db_to_us(const char *s, long long *us);
void timefmt_us_to_db(long long us, char *out, size_t cap);

/*
 * An ISO 8601 date or date-time, as a client sends a filter, to Unix
 * microseconds (UTC): "YYYY-MM-DD", or "YYYY-MM-DDTHH:MM:SS" with an
 * optional fraction (1 to 9 digits, kept to the microsecond) and an
 * optional zone ("Z" or "+HH:MM"/"-HH:MM"; none is UTC). A date alone is
 * its first microsecond, or its last when end_of_day. 0, or -1 for
 * anything else (impossible dates included).
 */
int timefmt_iso_to_us(const char *s, int end_of_day, long long *us);

#endif
