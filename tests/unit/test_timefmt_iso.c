/*
 * timefmt_iso_to_us: ISO 8601 filter dates and date-times to Unix
 * microseconds, by table. The expected seconds are worked out apart from
 * the code under test (`date -u -d 2026-11-22T00:00:00Z +%s` and so on).
 */
#include "core/timefmt.h"

#include <CUnit/Basic.h>
#include <string.h>

#include "unit.h"

/* A row's expected value: whole Unix seconds, then the microseconds. */
#define US(sec, usec) ((long long)(sec) * 1000000LL + (long long)(usec))

static void
test_accepted_table(void)
{
	static const struct {
		const char *in;
		int eod;
		long long sec, usec;
	} rows[] = {
		/* a date alone: its first microsecond, or its last */
		{ "2026-11-22", 0, 1795305600, 0 },
		{ "2026-11-22", 1, 1795391999, 999999 },
		{ "1970-01-01", 0, 0, 0 },
		{ "1970-01-01", 1, 86399, 999999 },
		{ "2024-02-29", 0, 1709164800, 0 }, /* leap day */
		{ "2026-12-31", 1, 1798761599, 999999 },
		{ "9999-12-31", 0, 253402214400, 0 },
		/* date-time: Z, no zone (UTC), end_of_day does not apply */
		{ "2026-11-22T00:00:00Z", 0, 1795305600, 0 },
		{ "2026-11-22T00:00:00", 0, 1795305600, 0 },
		{ "2026-11-22T00:00:00Z", 1, 1795305600, 0 },
		{ "2026-11-22T09:00:00Z", 0, 1795338000, 0 },
		{ "2026-11-22T09:00:00", 1, 1795338000, 0 },
		{ "2026-11-22T10:00:00Z", 0, 1795341600, 0 },
		{ "2026-11-22T23:59:59Z", 0, 1795391999, 0 },
		{ "1970-01-01T00:00:00Z", 0, 0, 0 },
		/* offsets: local time minus the offset is UTC */
		{ "2026-11-22T10:00:00+01:00", 0, 1795338000, 0 }, /* = 09:00Z */
		{ "2026-11-22T08:00:00-01:00", 0, 1795338000, 0 }, /* = 09:00Z */
		{ "2026-11-22T10:00:00-05:30", 0, 1795361400, 0 }, /* = 15:30Z */
		{ "2026-11-22T10:00:00+00:00", 0, 1795341600, 0 },
		{ "2026-11-22T10:00:00-00:00", 0, 1795341600, 0 },
		{ "2026-11-22T00:30:00+01:00", 0, 1795303800, 0 }, /* 21st 23:30Z */
		{ "2026-11-22T23:00:00-01:00", 0, 1795392000, 0 }, /* 23rd 00:00Z */
		{ "2026-11-22T10:00:00+23:59", 0, 1795341600 - 86340, 0 },
		/* fractions of 1 to 9 digits, kept to the microsecond (truncated) */
		{ "2026-11-22T10:00:00.5Z", 0, 1795341600, 500000 },
		{ "2026-11-22T10:00:00.0Z", 0, 1795341600, 0 },
		{ "2026-11-22T10:00:00.12Z", 0, 1795341600, 120000 },
		{ "2026-11-22T10:00:00.123456Z", 0, 1795341600, 123456 },
		{ "2026-11-22T10:00:00.000001Z", 0, 1795341600, 1 },
		{ "2026-11-22T10:00:00.999999Z", 0, 1795341600, 999999 },
		{ "2026-11-22T10:00:00.1234567Z", 0, 1795341600, 123456 },
		{ "2026-11-22T10:00:00.123456789Z", 0, 1795341600, 123456 },
		{ "2026-11-22T10:00:00.999999999Z", 0, 1795341600, 999999 },
		{ "2026-11-22T10:00:00.000000999Z", 0, 1795341600, 0 },
		{ "2026-11-22T10:00:00.123456", 0, 1795341600, 123456 },
		{ "2026-11-22T10:00:00.123456789", 0, 1795341600, 123456 },
		{ "2026-11-22T10:00:00.250+01:00", 0, 1795338000, 250000 },
		{ "2026-11-22T10:00:00.123456789-05:30", 0, 1795361400, 123456 },
		/* the last second a DATETIME holds, however it is written */
		{ "9999-12-31T23:59:59Z", 0, 253402300799, 0 },
		{ "9999-12-31T23:59:59.999999", 0, 253402300799, 999999 },
		{ "9999-12-31T22:59:59-01:00", 0, 253402300799, 0 },
	};
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		long long us = -42, want = US(rows[i].sec, rows[i].usec);
		int rc = timefmt_iso_to_us(rows[i].in, rows[i].eod, &us);

		UNIT_CHECK(rc == 0, "\"%s\" eod=%d: rc %d want 0", rows[i].in,
		    rows[i].eod, rc);
		UNIT_CHECK(rc == 0 && us == want, "\"%s\" eod=%d: us %lld want %lld",
		    rows[i].in, rows[i].eod, us, want);
	}
}

static void
test_rejected_table(void)
{
	static const char *const rows[] = {
		"",
		"2026-02-30",                     /* impossible date */
		"2026-02-29",                     /* 2026 is not a leap year */
		"2026-04-31",
		"2026-13-01",
		"2026-00-10",
		"2026-11-00",
		"2026-11-31",
		"2026-11-32",
		"2026-02-30T10:00:00Z",           /* impossible date, with a time */
		"1969-12-31",                     /* before 1970 */
		"1969-12-31T23:59:59Z",
		"2026-11-22T24:00:00Z",
		"2026-11-22T10:60:00Z",
		"2026-11-22T10:00:60Z",           /* no leap seconds */
		"2026-11-22T10:00Z",              /* no seconds */
		"2026-11-22T10:00",
		"2026-11-22T",
		"2026-11-22 10:00:00",            /* space for T */
		"2026-11-22t10:00:00Z",           /* lowercase t */
		"2026-11-22T10:00:00z",           /* lowercase z */
		"2026-11-22T10:00:00Zx",          /* trailing garbage */
		"2026-11-22T10:00:00Z ",
		"2026-11-22T10:00:00x",
		"2026-11-22x",
		"2026-11-22 ",
		" 2026-11-22",
		"2026-11-22Z",
		"2026-11-22T10:00:00.Z",          /* a dot without digits */
		"2026-11-22T10:00:00.",
		"2026-11-22T10:00:00.1234567890Z", /* 10 fraction digits */
		"2026-11-22T10:00:00.1234567890",
		"2026-11-22T10:00:00,5Z",
		"2026-11-22T10:00:00+25:00",      /* zone hour out of range */
		"2026-11-22T10:00:00+24:00",
		"2026-11-22T10:00:00+01:60",
		"2026-11-22T10:00:00+0100",
		"2026-11-22T10:00:00+01",
		"2026-11-22T10:00:00+01:00Z",
		"2026-11-22T10:00:00+01:00:00",
		"2026-11-22T10:00:00Z+01:00",
		"2026-1-22",
		"2026/11/22",
		"26-11-22",
		"+2026-11-22",
		"2026-11-2a",
		"2026-11-22T1a:00:00Z",
		/* year 10000 once the offset is taken off: no DATETIME holds it
		 * (fuzz_statement, issue 34) */
		"9999-12-31T23:59:59-00:01",
		"9999-12-31T23:00:00.5-01:00",
	};
	size_t i;
	int eod;

	for (i = 0; i < NELEM(rows); i++)
		for (eod = 0; eod <= 1; eod++) {
			long long us = 0;
			int rc = timefmt_iso_to_us(rows[i], eod, &us);

			UNIT_CHECK(rc == -1, "\"%s\" eod=%d: rc %d want -1", rows[i], eod,
			    rc);
		}
	{
		long long us = 0;

		UNIT_CHECK(timefmt_iso_to_us(NULL, 0, &us) == -1, "NULL eod=0: want -1");
		UNIT_CHECK(timefmt_iso_to_us(NULL, 1, &us) == -1, "NULL eod=1: want -1");
	}
}

int
main(void)
{
	static const struct tu_test tests[] = {
		{ "accepted dates and date-times", test_accepted_table },
		{ "rejected input", test_rejected_table },
	};

	return tu_main("timefmt_iso", NULL, NULL, tests, NELEM(tests));
}
