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

#endif
