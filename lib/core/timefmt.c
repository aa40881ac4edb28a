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

/* The calendar fields, checked by a round trip through timegm (so 02-30
 * and 24:00 are refused); Unix seconds into *t. 0 or -1. */
static int
civil(unsigned long long y, unsigned long long mo, unsigned long long d,
    unsigned long long h, unsigned long long mi, unsigned long long s, long long *t)
{
	struct tm tm, back;
	time_t tt;

	if (y < 1970 || y > 9999 || mo < 1 || mo > 12 || d < 1 || d > 31 ||
	    h > 23 || mi > 59 || s > 59)
		return -1;
	memset(&tm, 0, sizeof(tm));
	tm.tm_year = (int)y - 1900;
	tm.tm_mon = (int)mo - 1;
	tm.tm_mday = (int)d;
	tm.tm_hour = (int)h;
	tm.tm_min = (int)mi;
	tm.tm_sec = (int)s;
	tt = timegm(&tm);
	gmtime_r(&tt, &back);
	/* timegm normalised tm in place: compare with what was asked */
	if (back.tm_mday != (int)d || back.tm_mon != (int)mo - 1)
		return -1;
	*t = (long long)tt;
	return 0;
}

int
timefmt_iso_to_us(const char *s, int end_of_day, long long *us)
{
	unsigned long long y, mo, d, h = 0, mi = 0, sec = 0, frac = 0, zh, zm;
	size_t n, i, places;
	long long t, off = 0;

	if (s == NULL)
		return -1;
	n = strlen(s);
	if (n < 10 || s[4] != '-' || s[7] != '-' || digits(s, 4, &y) != 0 ||
	    digits(s + 5, 2, &mo) != 0 || digits(s + 8, 2, &d) != 0)
		return -1;
	if (n == 10) {
		if (civil(y, mo, d, 0, 0, 0, &t) != 0)
			return -1;
		*us = t * 1000000LL + (end_of_day ? 86400LL * 1000000LL - 1 : 0);
		return 0;
	}
	if (n < 19 || s[10] != 'T' || s[13] != ':' || s[16] != ':' ||
	    digits(s + 11, 2, &h) != 0 || digits(s + 14, 2, &mi) != 0 ||
	    digits(s + 17, 2, &sec) != 0)
		return -1;
	i = 19;
	if (s[i] == '.') {
		for (places = 0, i++; i < n && s[i] >= '0' && s[i] <= '9'; i++, places++)
			if (places < 6)
				frac = frac * 10 + (unsigned long long)(s[i] - '0');
		if (places == 0 || places > 9)
			return -1;
		for (; places < 6; places++)
			frac *= 10;
	}
	if (i == n || (s[i] == 'Z' && i + 1 == n)) {
		off = 0; /* no zone: UTC, as every time this API writes */
	} else if ((s[i] == '+' || s[i] == '-') && n - i == 6 && s[i + 3] == ':' &&
	    digits(s + i + 1, 2, &zh) == 0 && digits(s + i + 4, 2, &zm) == 0 &&
	    zh <= 23 && zm <= 59) {
		off = (long long)(zh * 3600 + zm * 60) * (s[i] == '+' ? 1 : -1);
	} else {
		return -1;
	}
	if (civil(y, mo, d, h, mi, sec, &t) != 0)
		return -1;
	/* before 1970, or past 9999-12-31T23:59:59Z (no DATETIME holds it),
	 * once the offset is taken off (the statement fuzz found year 10000) */
	if (t - off < 0 || t - off > 253402300799LL)
		return -1;
	*us = (t - off) * 1000000LL + (long long)frac;
	return 0;
}
