#include "core/timefmt.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "core/strict.h"

void
timefmt_iso(long long t, char *out, size_t cap)
{
	time_t tt = (time_t)t;
	struct tm tm;

	gmtime_r(&tt, &tm);
	snprintf(out, cap, "%04d-%02d-%02dT%02d:%02d:%02dZ", tm.tm_year + 1900,
	    tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec);
}

/* n digits at s into *v; -1 unless all are digits. */
static int
digits(const char *s, size_t n, unsigned long long *v)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return -1;
	*v = 0;
	for (i = 0; i < n; i++)
		*v = *v * 10 + (unsigned long long)(s[i] - '0');
	return 0;
}

int
timefmt_db_to_us(const char *s, long long *us)
{
	static const struct { size_t at, n; } f[7] = {
		{ 0, 4 }, { 5, 2 }, { 8, 2 }, { 11, 2 }, { 14, 2 }, { 17, 2 }, { 20, 6 },
	};
	unsigned long long v[7];
	struct tm tm;
	size_t i;

	if (s == NULL || strlen(s) != 26 || s[4] != '-' || s[7] != '-' ||
	    s[10] != ' ' || s[13] != ':' || s[16] != ':' || s[19] != '.')
		return -1;
	for (i = 0; i < 7; i++)
		if (digits(s + f[i].at, f[i].n, &v[i]) != 0)
			return -1;
	memset(&tm, 0, sizeof(tm));
	tm.tm_year = (int)v[0] - 1900;
	tm.tm_mon = (int)v[1] - 1;
	tm.tm_mday = (int)v[2];
	tm.tm_hour = (int)v[3];
	tm.tm_min = (int)v[4];
	tm.tm_sec = (int)v[5];
	*us = (long long)timegm(&tm) * 1000000LL + (long long)v[6];
	return 0;
}

void
timefmt_us_to_db(long long us, char *out, size_t cap)
{
	time_t t = (time_t)(us / 1000000LL);
	struct tm tm;

	gmtime_r(&t, &tm);
	snprintf(out, cap, "%04d-%02d-%02d %02d:%02d:%02d.%06lld", tm.tm_year + 1900,
	    tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, us % 1000000LL);
}
