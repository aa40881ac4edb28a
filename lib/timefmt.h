/* timefmt: ISO 8601 UTC timestamps, as both APIs write them. */
#ifndef CEDIRAMP_TIMEFMT_H
#define CEDIRAMP_TIMEFMT_H

#include <stddef.h>

/* Writes t (Unix seconds) as "YYYY-MM-DDTHH:MM:SSZ" into out. */
void timefmt_iso(long long t, char *out, size_t cap);

#endif
