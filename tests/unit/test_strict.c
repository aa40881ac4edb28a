/* Unit tests for lib/core/strict.c: bounded parsers and string helpers. */
#include "core/strict.h"

#include <CUnit/Basic.h>
#include <stdio.h>
#include <string.h>

#include "unit.h"

#define ALL ((size_t)-1) /* row length: strlen(s) */
#define U64MAX (~0ULL)

struct uint_row {
	const char *s;
	size_t n;
	unsigned long long max;
	int rc;
	unsigned long long want;
};

static const struct uint_row uint_rows[] = {
	/* accepted */
	{ "0", ALL, U64MAX, 0, 0 },
	{ "7", ALL, U64MAX, 0, 7 },
	{ "10", ALL, U64MAX, 0, 10 },
	{ "1234567890", ALL, U64MAX, 0, 1234567890ULL },
	{ "18446744073709551615", ALL, U64MAX, 0, U64MAX },
	{ "9223372036854775807", ALL, U64MAX >> 1, 0, U64MAX >> 1 },
	{ "599", ALL, 599, 0, 599 },
	{ "65535", ALL, 65535, 0, 65535 },
	{ "9", ALL, 9, 0, 9 },
	{ "0", ALL, 0, 0, 0 },
	{ "123", 2, U64MAX, 0, 12 },  /* only n bytes are read */
	{ "5xyz", 1, U64MAX, 0, 5 },
	/* rejected */
	{ "", ALL, U64MAX, -1, 0 },
	{ "01", ALL, U64MAX, -1, 0 },
	{ "00", ALL, U64MAX, -1, 0 },
	{ "007", ALL, U64MAX, -1, 0 },
	{ "-1", ALL, U64MAX, -1, 0 },
	{ "+1", ALL, U64MAX, -1, 0 },
	{ " 1", ALL, U64MAX, -1, 0 },
	{ "1 ", ALL, U64MAX, -1, 0 },
	{ "1a", ALL, U64MAX, -1, 0 },
	{ "a1", ALL, U64MAX, -1, 0 },
	{ "0x10", ALL, U64MAX, -1, 0 },
	{ "1.5", ALL, U64MAX, -1, 0 },
	{ "1e3", ALL, U64MAX, -1, 0 },
	{ "1\n", ALL, U64MAX, -1, 0 },
	{ "1\0", 2, U64MAX, -1, 0 },        /* NUL inside the n bytes */
	{ "18446744073709551616", ALL, U64MAX, -1, 0 }, /* 2^64 */
	{ "18446744073709551620", ALL, U64MAX, -1, 0 },
	{ "99999999999999999999", ALL, U64MAX, -1, 0 },
	{ "184467440737095516150", ALL, U64MAX, -1, 0 }, /* 21 digits */
	{ "9223372036854775808", ALL, U64MAX >> 1, -1, 0 },
	{ "600", ALL, 599, -1, 0 },
	{ "1000", ALL, 599, -1, 0 },
	{ "65536", ALL, 65535, -1, 0 },
	{ "10", ALL, 9, -1, 0 },
	{ "11", ALL, 10, -1, 0 },
};

static void
test_uint_table(void)
{
	size_t i;

	for (i = 0; i < NELEM(uint_rows); i++) {
		const struct uint_row *t = &uint_rows[i];
		size_t n = t->n == ALL ? strlen(t->s) : t->n;
		unsigned long long out = 424242;
		int rc = strict_uint(t->s, n, t->max, &out);

		UNIT_CHECK(rc == t->rc, "row %zu \"%s\" n=%zu max=%llu: rc %d want %d",
		    i, t->s, n, t->max, rc, t->rc);
		if (t->rc == 0)
			UNIT_CHECK(out == t->want,
			    "row %zu \"%s\": value %llu want %llu", i, t->s, out,
			    t->want);
	}
	/* a NULL string is refused, not dereferenced */
	{
		unsigned long long out = 0;

		CU_ASSERT_EQUAL(strict_uint(NULL, 3, U64MAX, &out), -1);
	}
}

/*
 * A single digit above a max below 9: (max - d) wraps around in the
 * overflow check, so the digit is accepted although it is above max.
 */
static const struct uint_row small_max_rows[] = {
	{ "8", ALL, 7, -1, 0 },
	{ "9", ALL, 5, -1, 0 },
	{ "1", ALL, 0, -1, 0 },
	{ "7", ALL, 6, -1, 0 },
	{ "5", ALL, 5, 0, 5 },
	{ "3", ALL, 5, 0, 3 },
};

static void
test_uint_small_max(void)
{
	size_t i;

	for (i = 0; i < NELEM(small_max_rows); i++) {
		const struct uint_row *t = &small_max_rows[i];
		unsigned long long out = 424242;
		int rc = strict_uint(t->s, strlen(t->s), t->max, &out);

		UNIT_CHECK(rc == t->rc,
		    "small max row %zu \"%s\" max=%llu: rc %d (value %llu) want %d",
		    i, t->s, t->max, rc, out, t->rc);
		if (t->rc == 0)
			UNIT_CHECK(out == t->want, "small max row %zu: value %llu want %llu",
			    i, out, t->want);
	}
}

static void
test_copy(void)
{
	struct {
		const char *src;
		size_t cap;
		int rc;
	} rows[] = {
		{ "abc", 4, 0 },
		{ "abc", 100, 0 },
		{ "abc", 3, -1 },
		{ "abc", 1, -1 },
		{ "abc", 0, -1 },
		{ "", 1, 0 },
		{ "", 0, -1 },
	};
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		char dst[128];
		int rc;

		memset(dst, 'Z', sizeof(dst));
		rc = strict_copy(dst, rows[i].cap, rows[i].src);
		UNIT_CHECK(rc == rows[i].rc, "copy row %zu \"%s\" cap %zu: rc %d want %d",
		    i, rows[i].src, rows[i].cap, rc, rows[i].rc);
		if (rows[i].rc == 0) {
			UNIT_STR_EQ(dst, rows[i].src, "copied text");
		} else {
			/* a refused copy leaves dst alone */
			UNIT_CHECK(dst[0] == 'Z', "copy row %zu: dst written on failure", i);
		}
		/* nothing is written past cap */
		UNIT_CHECK(dst[rows[i].cap] == 'Z' || rows[i].cap >= sizeof(dst),
		    "copy row %zu: wrote past cap", i);
	}
}

struct clip_row {
	const char *src;
	size_t n;
	size_t cap;
	const char *want;
};

static const struct clip_row clip_rows[] = {
	{ "hello", 5, 64, "hello" },
	{ "hello world ~", 13, 64, "hello world ~" },
	{ "a\nb\tc", 5, 64, "a?b?c" },
	{ "\r\n", 2, 64, "??" },
	{ "x\x1by", 3, 64, "x?y" },
	{ "\x7f", 1, 64, "?" },
	{ "caf\xc3\xa9", 5, 64, "caf??" },
	{ "\x80\xff", 2, 64, "??" },
	{ "a\0b", 3, 64, "a?b" },     /* n, not the NUL, bounds the source */
	{ "abcdef", 3, 64, "abc" },   /* n shorter than the string */
	{ "abcdef", 6, 4, "abc" },    /* truncated to cap - 1 */
	{ "abcdef", 6, 7, "abcdef" },
	{ "abcdef", 6, 6, "abcde" },
	{ "abcdef", 6, 1, "" },
	{ "", 0, 64, "" },
};

static void
test_clip(void)
{
	size_t i;

	for (i = 0; i < NELEM(clip_rows); i++) {
		const struct clip_row *t = &clip_rows[i];
		char dst[80], label[64];
		char *ret;

		memset(dst, 'Z', sizeof(dst));
		ret = strict_clip(dst, t->cap, t->src, t->n);
		snprintf(label, sizeof(label), "clip row %zu", i);
		UNIT_CHECK(ret == dst, "%s: does not return dst", label);
		UNIT_STR_EQ(dst, t->want, label);
		UNIT_CHECK(dst[t->cap] == 'Z', "%s: wrote past cap", label);
	}
	/* cap 0 writes nothing */
	{
		char dst[4] = "ZZZ";

		CU_ASSERT_PTR_EQUAL(strict_clip(dst, 0, "abc", 3), dst);
		CU_ASSERT_STRING_EQUAL(dst, "ZZZ");
	}
}

static void
test_printable(void)
{
	struct {
		const char *s;
		size_t n;
		int want;
	} rows[] = {
		{ "", 0, 1 },
		{ " ", 1, 1 },
		{ "abc XYZ 0123 ~!@#$%^&*()", 24, 1 },
		{ "a\tb", 3, 0 },
		{ "a\nb", 3, 0 },
		{ "\r", 1, 0 },
		{ "\x1f", 1, 0 },
		{ "\x7f", 1, 0 },
		{ "\x80", 1, 0 },
		{ "caf\xc3\xa9", 5, 0 },
		{ "ab\0", 3, 0 },
		{ "ab\0", 2, 1 }, /* only n bytes count */
	};
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		int got = strict_printable(rows[i].s, rows[i].n);

		UNIT_CHECK(got == rows[i].want, "printable row %zu: got %d want %d", i,
		    got, rows[i].want);
	}
}

static void
test_text(void)
{
	UNIT_CHECK(!strict_text(NULL, 0, 10), "NULL is no text");
	UNIT_CHECK(strict_text("", 0, 10) && !strict_text("", 1, 10),
	    "the empty string is text only when min is 0");
	UNIT_CHECK(strict_text("a", 1, 1) && !strict_text("ab", 1, 1), "max bytes at the most");
	UNIT_CHECK(strict_text("ten chars!", 10, 10), "exactly min and max");
	UNIT_CHECK(!strict_text("tab\there", 1, 10), "a control byte is refused");
	UNIT_CHECK(!strict_text("caf\xc3\xa9", 1, 10), "a non-ASCII byte is refused");
}

static void
test_ieq(void)
{
	struct {
		const char *s;
		size_t n;
		const char *lit;
		int want;
	} rows[] = {
		{ "abc", 3, "abc", 1 },
		{ "ABC", 3, "abc", 1 },
		{ "abc", 3, "ABC", 1 },
		{ "Bearer", 6, "bearer", 1 },
		{ "application/JSON", 16, "Application/json", 1 },
		{ "", 0, "", 1 },
		{ "abc", 3, "abd", 0 },
		{ "abc", 2, "ab", 1 },     /* only n bytes of s */
		{ "abc", 2, "abc", 0 },
		{ "ab", 2, "abc", 0 },
		{ "abc", 3, "ab", 0 },
		{ "a", 1, "", 0 },
		{ "[", 1, "{", 0 },        /* only letters fold */
		{ "@", 1, "`", 0 },
		{ "^", 1, "~", 0 },
		{ "\xc9", 1, "\xe9", 0 },  /* no folding beyond ASCII */
	};
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		int got = strict_ieq(rows[i].s, rows[i].n, rows[i].lit);

		UNIT_CHECK(got == rows[i].want, "ieq row %zu (\"%s\",%zu,\"%s\"): got %d want %d",
		    i, rows[i].s, rows[i].n, rows[i].lit, got, rows[i].want);
	}
}

/* Items separated by spaces and commas, as many of either as there are;
 * the items joined by "|" into got. */
static void
test_list_next(void)
{
	static const struct {
		const char *in, *want;
	} rows[] = {
		{ "", "" }, { " ,, ", "" }, { "a", "a" }, { "a,b", "a|b" },
		{ " a , b ,c,", "a|b|c" }, { ",,10.0.0.0/8  ::1", "10.0.0.0/8|::1" },
	};
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		size_t at = 0, start, len, used = 0;
		char got[64] = "";

		while (strict_list_next(rows[i].in, strlen(rows[i].in), &at, &start, &len))
			used += (size_t)snprintf(got + used, sizeof(got) - used, "%s%.*s",
			    used ? "|" : "", (int)len, rows[i].in + start);
		UNIT_STR_EQ(got, rows[i].want, "the items of the list");
		UNIT_CHECK(at == strlen(rows[i].in), "%s: read to its end", rows[i].in);
	}
}

int
main(void)
{
	static const struct tu_test tests[] = {
		{ "strict_uint table", test_uint_table },
		{ "strict_uint with max below 9", test_uint_small_max },
		{ "strict_copy bounds", test_copy },
		{ "strict_clip cleans and truncates", test_clip },
		{ "strict_printable", test_printable },
		{ "strict_text: length and printable", test_text },
		{ "strict_ieq", test_ieq },
		{ "strict_list_next: items between spaces and commas", test_list_next },
	};

	return tu_main("strict", NULL, NULL, tests, NELEM(tests));
}
