/*
 * Unit tests for lib/core/money.c (exact decimals on GMP integers), the quote
 * arithmetic of lib/domain/quote.c (quote_price only: quote_create needs a
 * database), fxrate_display and the currency table.
 *
 * Expected values are either hand-computed literals or computed here with
 * plain GMP integer arithmetic (multiply the units, divide by a power of
 * ten with mpz_fdiv_q / mpz_cdiv_q), never through the money_* functions
 * under test. No binary fractional arithmetic anywhere in this file.
 */
#include "core/currency.h"
#include "core/err.h"
#include "domain/fxrate.h"
#include "core/money.h"
#include "domain/quote.h"

#include <CUnit/Basic.h>
#include <gmp.h>
#include <stdint.h>
#include <string.h>

#include "unit.h"

#define ZTEXT 160 /* room for any mpz printed in a message */

/* ---------------------------------------------------------------- helpers */

/* The same pseudo-random cases on every run; each test seeds it. */
static struct tu_rng rng;

/* Decimal text of z for messages. */
static const char *
ztext(char *buf, size_t cap, const mpz_t z)
{
	gmp_snprintf(buf, cap, "%Zd", z);
	return buf;
}

/* Sets z from a decimal integer literal of the test tables (must be valid). */
static void
zset(mpz_t z, const char *dec)
{
	int rc = mpz_set_str(z, dec, 10);

	UNIT_REQUIRE(rc == 0, "test table: bad integer literal \"%s\"", dec);
}

/* out = 10^k */
static void
zpow10(mpz_t out, unsigned k)
{
	mpz_ui_pow_ui(out, 10, k);
}

/*
 * Reads s as a canonical decimal with exactly places decimal places (no
 * point when places is 0, no redundant leading zero) into out as units.
 * Independent of money_parse. Returns 0, or -1 if s is not of that form.
 */
static int
text_units(const char *s, unsigned places, mpz_t out)
{
	char digits[256];
	size_t i, n = 0, intlen = 0, frac = 0;
	int point = 0;

	if (s == NULL || s[0] == '\0')
		return -1;
	for (i = 0; s[i] != '\0'; i++) {
		if (s[i] == '.') {
			if (point || intlen == 0)
				return -1;
			point = 1;
			continue;
		}
		if (s[i] < '0' || s[i] > '9' || n + 1 >= sizeof(digits))
			return -1;
		if (point)
			frac++;
		else
			intlen++;
		digits[n++] = s[i];
	}
	if (intlen == 0 || frac != places || (places == 0) != !point)
		return -1;
	if (intlen > 1 && s[0] == '0')
		return -1;
	digits[n] = '\0';
	return mpz_set_str(out, digits, 10) == 0 ? 0 : -1;
}

/* 1 when text is the canonical form of the units z at places. */
static int
text_is(const char *text, unsigned places, const mpz_t z)
{
	mpz_t t;
	int ok;

	mpz_init(t);
	ok = text_units(text, places, t) == 0 && mpz_cmp(t, z) == 0;
	mpz_clear(t);
	return ok;
}

static const char *
rc_name(enum money_rc rc)
{
	switch (rc) {
	case MONEY_OK:
		return "MONEY_OK";
	case MONEY_MALFORMED:
		return "MONEY_MALFORMED";
	case MONEY_PRECISION:
		return "MONEY_PRECISION";
	case MONEY_RANGE:
		return "MONEY_RANGE";
	}
	return "?";
}

/* ---------------------------------------------------- 1. money_parse */

struct parse_row {
	const char *s;
	unsigned scale;
	enum money_rc rc;
	const char *units; /* expected units (decimal integer) on MONEY_OK */
};

static const struct parse_row parse_rows[] = {
	/* valid */
	{ "0", 0, MONEY_OK, "0" },
	{ "0", 2, MONEY_OK, "0" },
	{ "0", 6, MONEY_OK, "0" },
	{ "0", 18, MONEY_OK, "0" },
	{ "1", 0, MONEY_OK, "1" },
	{ "1", 2, MONEY_OK, "100" },
	{ "1", 6, MONEY_OK, "1000000" },
	{ "1", 8, MONEY_OK, "100000000" },
	{ "1", 18, MONEY_OK, "1000000000000000000" },
	{ "1.5", 1, MONEY_OK, "15" },
	{ "1.5", 2, MONEY_OK, "150" },
	{ "1.5", 6, MONEY_OK, "1500000" },
	{ "1.5", 18, MONEY_OK, "1500000000000000000" },
	{ "12.5", 6, MONEY_OK, "12500000" },
	{ "0.000001", 6, MONEY_OK, "1" },
	{ "0.000001", 18, MONEY_OK, "1000000000000" },
	{ "0.01", 2, MONEY_OK, "1" },
	{ "0.0", 2, MONEY_OK, "0" },
	{ "0.000000", 6, MONEY_OK, "0" },
	{ "00", 2, MONEY_OK, "0" },
	{ "123456789012345", 0, MONEY_OK, "123456789012345" },
	{ "123456789012345", 2, MONEY_OK, "12345678901234500" },
	{ "123456789012345", 6, MONEY_OK, "123456789012345000000" },
	{ "123456789012345", 18, MONEY_OK,
	  "123456789012345000000000000000000" },
	{ "999999999999999.999999", 6, MONEY_OK, "999999999999999999999" },
	{ "999999999999999.999999999999999999", 18, MONEY_OK,
	  "999999999999999999999999999999999" },
	{ "000123.40", 2, MONEY_OK, "12340" },
	{ "000123.40", 6, MONEY_OK, "123400000" },
	{ "0001234567890123", 0, MONEY_OK, "1234567890123" },
	{ "0001234567890123", 6, MONEY_OK, "1234567890123000000" },
	{ "0123456789012345", 2, MONEY_OK, "12345678901234500" },
	{ "1.123456789012345678", 18, MONEY_OK, "1123456789012345678" },
	{ "0.000000000000000001", 18, MONEY_OK, "1" },
	{ "1.1234567", 7, MONEY_OK, "11234567" },
	{ "15.19908800", 8, MONEY_OK, "1519908800" },
	{ "0.00000001", 8, MONEY_OK, "1" },
	/* malformed */
	{ "", 6, MONEY_MALFORMED, NULL },
	{ ".", 6, MONEY_MALFORMED, NULL },
	{ "1.", 6, MONEY_MALFORMED, NULL },
	{ ".5", 6, MONEY_MALFORMED, NULL },
	{ "-1", 6, MONEY_MALFORMED, NULL },
	{ "-0", 6, MONEY_MALFORMED, NULL },
	{ "+1", 6, MONEY_MALFORMED, NULL },
	{ " 1", 6, MONEY_MALFORMED, NULL },
	{ "1 ", 6, MONEY_MALFORMED, NULL },
	{ "1e3", 6, MONEY_MALFORMED, NULL },
	{ "1E3", 6, MONEY_MALFORMED, NULL },
	{ "0x10", 6, MONEY_MALFORMED, NULL },
	{ "1,000", 6, MONEY_MALFORMED, NULL },
	{ "1,5", 6, MONEY_MALFORMED, NULL },
	{ "1.2.3", 6, MONEY_MALFORMED, NULL },
	{ "1..2", 6, MONEY_MALFORMED, NULL },
	{ "abc", 6, MONEY_MALFORMED, NULL },
	{ "\xd9\xa1", 6, MONEY_MALFORMED, NULL }, /* U+0661 ARABIC-INDIC ONE */
	{ "1\xd9\xa1", 6, MONEY_MALFORMED, NULL },
	{ "\xef\xbc\x91", 6, MONEY_MALFORMED, NULL }, /* U+FF11 FULLWIDTH 1 */
	{ "1\t", 6, MONEY_MALFORMED, NULL },
	{ "1\n", 6, MONEY_MALFORMED, NULL },
	{ "NaN", 6, MONEY_MALFORMED, NULL },
	{ "Infinity", 6, MONEY_MALFORMED, NULL },
	{ ".", 0, MONEY_MALFORMED, NULL },
	{ "", 18, MONEY_MALFORMED, NULL },
	{ "1.", 18, MONEY_MALFORMED, NULL },
	{ "-1", 2, MONEY_MALFORMED, NULL },
	/* too many places */
	{ "1.1234567", 6, MONEY_PRECISION, NULL },
	{ "0.001", 2, MONEY_PRECISION, NULL },
	{ "0.5", 0, MONEY_PRECISION, NULL },
	{ "1.0", 0, MONEY_PRECISION, NULL },
	{ "1.000000000", 8, MONEY_PRECISION, NULL },
	{ "1.0000000000000000001", 18, MONEY_PRECISION, NULL },
	{ "0.1234567890123456789", 18, MONEY_PRECISION, NULL },
	{ "5.0000000", 6, MONEY_PRECISION, NULL }, /* zeros count too */
	/* integer part too long */
	{ "1234567890123456", 0, MONEY_RANGE, NULL },
	{ "1234567890123456", 2, MONEY_RANGE, NULL },
	{ "1234567890123456", 6, MONEY_RANGE, NULL },
	{ "1234567890123456", 18, MONEY_RANGE, NULL },
	{ "1000000000000000", 6, MONEY_RANGE, NULL },
	{ "1234567890123456.5", 6, MONEY_RANGE, NULL },
	{ "99999999999999999999", 6, MONEY_RANGE, NULL },
};

static void
test_parse_table(void)
{
	size_t i;
	mpz_t got, want;
	char gb[ZTEXT];

	mpz_inits(got, want, NULL);
	for (i = 0; i < NELEM(parse_rows); i++) {
		const struct parse_row *t = &parse_rows[i];
		enum money_rc rc;

		mpz_set_si(got, -7);
		rc = money_parse(t->s, t->scale, got);
		UNIT_CHECK(rc == t->rc, "parse row %zu \"%s\" scale %u: %s want %s",
		    i, t->s, t->scale, rc_name(rc), rc_name(t->rc));
		if (t->rc == MONEY_OK && rc == MONEY_OK) {
			zset(want, t->units);
			UNIT_CHECK(mpz_cmp(got, want) == 0,
			    "parse row %zu \"%s\" scale %u: units %s want %s", i,
			    t->s, t->scale, ztext(gb, sizeof(gb), got), t->units);
		}
	}
	/* NULL is refused, not dereferenced */
	UNIT_CHECK(money_parse(NULL, 6, got) == MONEY_MALFORMED,
	    "parse NULL: want MONEY_MALFORMED");
	mpz_clears(got, want, NULL);
}

/* A 19-place DAI amount is refused; 18 places is the exact limit. */
static void
test_parse_dai_places(void)
{
	char s[64];
	unsigned places;
	mpz_t got, want;

	mpz_inits(got, want, NULL);
	for (places = 1; places <= 20; places++) {
		enum money_rc rc, wantrc = places <= 18 ? MONEY_OK : MONEY_PRECISION;
		size_t n;

		/* "7." followed by places-1 nines and a final 3 */
		s[0] = '7';
		s[1] = '.';
		for (n = 0; n + 1 < places; n++)
			s[2 + n] = '9';
		s[2 + n] = '3';
		s[3 + n] = '\0';
		rc = money_parse(s, 18, got);
		UNIT_CHECK(rc == wantrc, "DAI %u places \"%s\": %s want %s", places,
		    s, rc_name(rc), rc_name(wantrc));
		if (rc == MONEY_OK && wantrc == MONEY_OK) {
			/* 7.99..93 at 18 = (7 99..93) x 10^(18-places) */
			char digits[64];
			mpz_t p;

			memcpy(digits, s, 1);
			memcpy(digits + 1, s + 2, places);
			digits[1 + places] = '\0';
			zset(want, digits);
			mpz_init(p);
			zpow10(p, 18 - places);
			mpz_mul(want, want, p);
			mpz_clear(p);
			UNIT_CHECK(mpz_cmp(got, want) == 0,
			    "DAI %u places \"%s\": units differ", places, s);
		}
	}
	mpz_clears(got, want, NULL);
}

/*
 * Leading zeros never count toward the 15-digit limit; 15 significant
 * digits after any run of zeros is accepted, 16 is MONEY_RANGE.
 */
static void
test_parse_leading_zeros(void)
{
	static const char sig15[] = "123456789012345";
	static const char sig16[] = "1234567890123456";
	unsigned zeros;
	mpz_t got, want;

	mpz_inits(got, want, NULL);
	zset(want, sig15);
	for (zeros = 0; zeros <= 20; zeros++) {
		char s[64];
		enum money_rc rc;

		memset(s, '0', zeros);
		memcpy(s + zeros, sig15, sizeof(sig15));
		rc = money_parse(s, 0, got);
		UNIT_CHECK(rc == MONEY_OK && mpz_cmp(got, want) == 0,
		    "%u leading zeros + 15 digits \"%s\": %s", zeros, s,
		    rc_name(rc));
		memcpy(s + zeros, sig16, sizeof(sig16));
		rc = money_parse(s, 0, got);
		UNIT_CHECK(rc == MONEY_RANGE,
		    "%u leading zeros + 16 digits \"%s\": %s want MONEY_RANGE",
		    zeros, s, rc_name(rc));
	}
	mpz_clears(got, want, NULL);
}

/* ---------------------------------------------------- 2. money_format */

struct format_row {
	const char *units;
	unsigned scale;
	const char *want;
};

static const struct format_row format_rows[] = {
	{ "500", 2, "5.00" },
	{ "5", 2, "0.05" },
	{ "50", 2, "0.50" },
	{ "99", 2, "0.99" },
	{ "100", 2, "1.00" },
	{ "0", 2, "0.00" },
	{ "1", 6, "0.000001" },
	{ "999999", 6, "0.999999" },
	{ "1000000", 6, "1.000000" },
	{ "12500000", 6, "12.500000" },
	{ "0", 6, "0.000000" },
	{ "1000000000000000000", 18, "1.000000000000000000" },
	{ "1", 18, "0.000000000000000001" },
	{ "0", 18, "0.000000000000000000" },
	{ "1123456789012345678", 18, "1.123456789012345678" },
	{ "999999999999999999999999999999999", 18,
	  "999999999999999.999999999999999999" },
	{ "42", 0, "42" },
	{ "0", 0, "0" },
	{ "123456789012345", 0, "123456789012345" },
	{ "7", 1, "0.7" },
	{ "10", 1, "1.0" },
	{ "1519908800", 8, "15.19908800" },
	{ "1", 8, "0.00000001" },
	{ "99999999999998900000000", 2, "999999999999989000000.00" },
};

static void
test_format_table(void)
{
	size_t i;
	mpz_t u;

	mpz_init(u);
	for (i = 0; i < NELEM(format_rows); i++) {
		const struct format_row *t = &format_rows[i];
		char out[MONEY_MAX_TEXT], label[96];
		int rc;

		zset(u, t->units);
		memset(out, 'Z', sizeof(out));
		rc = money_format(u, t->scale, out, sizeof(out));
		snprintf(label, sizeof(label), "format row %zu (%s at %u)", i,
		    t->units, t->scale);
		UNIT_CHECK(rc == 0, "%s: rc %d want 0", label, rc);
		if (rc == 0)
			UNIT_STR_EQ(out, t->want, label);
	}
	mpz_clear(u);
}

/*
 * cap: the exact size (text + NUL) fits, one byte less is -1, and nothing
 * is written past cap either way.
 */
static void
test_format_cap(void)
{
	size_t i;
	mpz_t u;

	mpz_init(u);
	for (i = 0; i < NELEM(format_rows); i++) {
		const struct format_row *t = &format_rows[i];
		size_t need = strlen(t->want) + 1, cap;
		size_t caps[5];

		caps[0] = 0;
		caps[1] = 1;
		caps[2] = need - 1;
		caps[3] = need;
		caps[4] = need + 1;
		zset(u, t->units);
		for (cap = 0; cap < NELEM(caps); cap++) {
			char buf[MONEY_MAX_TEXT + 16];
			size_t c = caps[cap], k;
			int rc, clean = 1;

			memset(buf, 'Z', sizeof(buf));
			rc = money_format(u, t->scale, buf, c);
			for (k = c; k < sizeof(buf); k++)
				if (buf[k] != 'Z')
					clean = 0;
			UNIT_CHECK(clean,
			    "format cap row %zu (%s at %u) cap %zu: wrote past cap",
			    i, t->units, t->scale, c);
			if (c >= need) {
				UNIT_CHECK(rc == 0 && strcmp(buf, t->want) == 0,
				    "format cap row %zu (%s at %u) cap %zu (text+NUL "
				    "is %zu): rc %d want 0 and \"%s\"", i, t->units,
				    t->scale, c, need, rc, t->want);
			} else {
				UNIT_CHECK(rc == -1,
				    "format cap row %zu (%s at %u) cap %zu < %zu: rc "
				    "%d want -1", i, t->units, t->scale, c, need, rc);
			}
		}
	}
	mpz_clear(u);
}

static void
test_format_negative(void)
{
	static const long neg[] = { -1, -5, -500, -1000000, -42 };
	static const unsigned scales[] = { 0, 2, 6, 18 };
	size_t i, j;
	mpz_t u;

	mpz_init(u);
	for (i = 0; i < NELEM(neg); i++)
		for (j = 0; j < NELEM(scales); j++) {
			char out[MONEY_MAX_TEXT];
			int rc;

			mpz_set_si(u, neg[i]);
			rc = money_format(u, scales[j], out, sizeof(out));
			UNIT_CHECK(rc == -1, "format %ld at scale %u: rc %d want -1",
			    neg[i], scales[j], rc);
		}
	mpz_clear(u);
}

/* money_format_signed and money_parse_signed: a difference's sign, never
 * a cap overrun, and back. */
static void
test_format_signed(void)
{
	static const struct { long v; unsigned scale; size_t cap; int rc; const char *want; }
	    rows[] = {
		{ -2500, 2, 16, 0, "-25.00" }, { 2500, 2, 16, 0, "25.00" },
		{ 0, 2, 16, 0, "0.00" }, { -5, 2, 16, 0, "-0.05" }, { -1, 0, 16, 0, "-1" },
		{ -2500, 2, 7, 0, "-25.00" }, { -2500, 2, 6, -1, NULL },
		{ -2500, 2, 1, -1, NULL }, { -2500, 2, 0, -1, NULL },
	};
	size_t i;
	mpz_t u;

	mpz_init(u);
	for (i = 0; i < NELEM(rows); i++) {
		char out[32] = "";
		int rc;

		mpz_set_si(u, rows[i].v);
		rc = money_format_signed(u, rows[i].scale, out, rows[i].cap);
		UNIT_CHECK(rc == rows[i].rc, "signed row %zu: rc %d want %d", i, rc, rows[i].rc);
		if (rows[i].want == NULL)
			continue;
		UNIT_CHECK(strcmp(out, rows[i].want) == 0, "signed row %zu: \"%s\" want "
		    "\"%s\"", i, out, rows[i].want);
		/* and back: money_parse_signed reads what it wrote */
		mpz_set_si(u, 7);
		UNIT_CHECK(money_parse_signed(out, rows[i].scale, u) == MONEY_OK &&
		    mpz_cmp_si(u, rows[i].v) == 0, "signed row %zu: \"%s\" read back", i, out);
	}
	/* one sign, leading, then money_parse's rules */
	UNIT_CHECK(money_parse_signed("--1.00", 2, u) != MONEY_OK, "two signs");
	UNIT_CHECK(money_parse_signed("+1.00", 2, u) != MONEY_OK, "a plus");
	UNIT_CHECK(money_parse_signed("1.00-", 2, u) != MONEY_OK, "a trailing sign");
	UNIT_CHECK(money_parse_signed("-", 2, u) != MONEY_OK, "a sign alone");
	UNIT_CHECK(money_parse_signed(NULL, 2, u) != MONEY_OK, "NULL");
	mpz_clear(u);
}

/*
 * Round trips for scales 0..18: canonical text -> parse -> format gives
 * the same text, and random units -> format -> parse gives the same units.
 */
static void
test_format_round_trip(void)
{
	static const char *fixed[] = { "0", "1", "9", "10", "100", "5",
		"123456789012345", "999999999999999", "100000000000000" };
	unsigned scale;
	mpz_t u, back;
	int fails = 0;

	mpz_inits(u, back, NULL);
	tu_rng_seed(&rng, 0xC0FFEE1234ULL);
	for (scale = 0; scale <= 18; scale++) {
		unsigned k;

		/* fixed integer parts, with every fraction length 0..scale */
		for (k = 0; k < NELEM(fixed); k++) {
			unsigned places;

			for (places = 0; places <= scale; places++) {
				char in[64], canon[64], out[MONEY_MAX_TEXT];
				size_t n = strlen(fixed[k]);
				enum money_rc rc;
				int frc;

				memcpy(in, fixed[k], n);
				if (places > 0) {
					in[n] = '.';
					tu_rng_digits(&rng, in + n + 1, places, 0);
				} else {
					in[n] = '\0';
				}
				/* canonical: pad the fraction to scale */
				memcpy(canon, fixed[k], n);
				if (scale > 0) {
					size_t f = places;

					canon[n] = '.';
					if (places > 0)
						memcpy(canon + n + 1, in + n + 1, places);
					for (; f < scale; f++)
						canon[n + 1 + f] = '0';
					canon[n + 1 + scale] = '\0';
				} else {
					canon[n] = '\0';
				}
				rc = money_parse(in, scale, u);
				frc = rc == MONEY_OK ?
				    money_format(u, scale, out, sizeof(out)) : -2;
				if (frc != 0 || strcmp(out, canon) != 0) {
					fails++;
					UNIT_CHECK(0, "round trip \"%s\" at %u: parse %s, "
					    "format rc %d, \"%s\" want \"%s\"", in, scale,
					    rc_name(rc), frc, frc == 0 ? out : "", canon);
				}
			}
		}
		/* random units up to 15 integer digits */
		for (k = 0; k < 200; k++) {
			char digits[64], out[MONEY_MAX_TEXT], zb[ZTEXT];
			unsigned len = 1 + tu_rng_below(&rng, 15 + scale);
			enum money_rc rc = MONEY_MALFORMED;
			int frc;

			tu_rng_digits(&rng, digits, len, 1);
			zset(u, digits);
			frc = money_format(u, scale, out, sizeof(out));
			if (frc == 0)
				rc = money_parse(out, scale, back);
			if (frc != 0 || rc != MONEY_OK || mpz_cmp(u, back) != 0 ||
			    !text_is(out, scale, u)) {
				fails++;
				UNIT_CHECK(0, "round trip units %s at %u: format rc %d "
				    "\"%s\", parse %s", ztext(zb, sizeof(zb), u), scale,
				    frc, frc == 0 ? out : "", rc_name(rc));
			}
		}
	}
	UNIT_CHECK(fails == 0, "round trips: %d failed", fails);
	mpz_clears(u, back, NULL);
}

/* ---------------------------------------------------- 3. rounding */

struct rescale_row {
	const char *v;
	unsigned from, to;
	const char *down, *up;
};

static const struct rescale_row rescale_rows[] = {
	{ "15199088", 4, 2, "151990", "151991" }, /* 1519.9088 */
	{ "15199000", 4, 2, "151990", "151990" }, /* exact */
	{ "15199001", 4, 2, "151990", "151991" },
	{ "15199099", 4, 2, "151990", "151991" },
	{ "0", 4, 2, "0", "0" },
	{ "0", 18, 0, "0", "0" },
	{ "0", 2, 6, "0", "0" },
	{ "5", 2, 6, "50000", "50000" },          /* scale up: exact */
	{ "12345", 3, 3, "12345", "12345" },      /* same scale */
	{ "1", 18, 2, "0", "1" },
	{ "999999999999999999", 18, 0, "0", "1" },
	{ "1000000000000000000", 18, 0, "1", "1" },
	{ "1000000000000000001", 18, 0, "1", "2" },
	{ "151999", 2, 0, "1519", "1520" },
	{ "151900", 2, 0, "1519", "1519" },
	{ "1", 1, 0, "0", "1" },
	{ "9", 1, 0, "0", "1" },
	{ "10", 1, 0, "1", "1" },
	{ "123456789012345999999", 6, 2, "12345678901234599", "12345678901234600" },
	{ "1", 0, 18, "1000000000000000000", "1000000000000000000" },
};

static void
test_rescale(void)
{
	size_t i;
	mpz_t v, got, want;
	char gb[ZTEXT];

	mpz_inits(v, got, want, NULL);
	for (i = 0; i < NELEM(rescale_rows); i++) {
		const struct rescale_row *t = &rescale_rows[i];

		zset(v, t->v);
		money_rescale(got, v, t->from, t->to, MONEY_DOWN);
		zset(want, t->down);
		UNIT_CHECK(mpz_cmp(got, want) == 0,
		    "rescale row %zu %s %u->%u DOWN: %s want %s", i, t->v, t->from,
		    t->to, ztext(gb, sizeof(gb), got), t->down);
		money_rescale(got, v, t->from, t->to, MONEY_UP);
		zset(want, t->up);
		UNIT_CHECK(mpz_cmp(got, want) == 0,
		    "rescale row %zu %s %u->%u UP: %s want %s", i, t->v, t->from,
		    t->to, ztext(gb, sizeof(gb), got), t->up);
	}
	mpz_clears(v, got, want, NULL);
}

/* Going up a scale and back down, either way, is the identity. */
static void
test_rescale_both_directions(void)
{
	unsigned from, to, k;
	mpz_t v, mid, back;
	int fails = 0;

	mpz_inits(v, mid, back, NULL);
	tu_rng_seed(&rng, 0xBADC0DE5ULL);
	for (from = 0; from <= 18; from++)
		for (to = from; to <= 18; to++)
			for (k = 0; k < 5; k++) {
				char digits[40];
				int r;

				tu_rng_digits(&rng, digits, 1 + tu_rng_below(&rng, 20),
				    0);
				zset(v, digits);
				for (r = 0; r < 2; r++) {
					enum money_round rd = r ? MONEY_UP : MONEY_DOWN;

					money_rescale(mid, v, from, to, rd);
					money_rescale(back, mid, to, from, rd);
					if (mpz_cmp(back, v) != 0) {
						fails++;
						UNIT_CHECK(0, "rescale %s %u->%u->%u (%s) "
						    "not identity", digits, from, to, from,
						    r ? "UP" : "DOWN");
					}
				}
			}
	UNIT_CHECK(fails == 0, "rescale up then down: %d failed", fails);
	mpz_clears(v, mid, back, NULL);
}

struct mul_row {
	const char *a;
	unsigned sa;
	const char *b;
	unsigned sb, so;
	const char *down, *up;
};

static const struct mul_row mul_rows[] = {
	{ "25", 1, "4", 0, 1, "100", "100" },          /* 2.5 x 4 = 10.0 */
	{ "15", 1, "15", 1, 1, "22", "23" },           /* 1.5 x 1.5 = 2.25 */
	{ "15", 1, "15", 1, 2, "225", "225" },         /* exact at 2 */
	{ "15", 1, "2", 0, 4, "30000", "30000" },      /* so > sa + sb */
	{ "100000000", 6, "1519908800", 8, 2, "151990", "151991" },
	{ "100000000", 6, "1500000000", 8, 2, "150000", "150000" },
	{ "0", 6, "1519908800", 8, 2, "0", "0" },
	{ "100000000", 6, "0", 8, 2, "0", "0" },
	{ "1", 6, "1", 8, 2, "0", "1" },               /* 1e-14 */
	{ "1123456789012345678", 18, "1520000000", 8, 2, "1707", "1708" },
	{ "151990", 2, "100", 4, 2, "1519", "1520" },  /* fee: 1% of 1519.90 */
	{ "150000", 2, "100", 4, 2, "1500", "1500" },  /* fee: exact */
	{ "999999999999999000000", 6, "99999999999999", 8, 2,
	  "99999999999998900000000", "99999999999998900000001" },
	{ "999999999999999999999999999999999", 18, "99999999999999", 8, 2,
	  "99999999999998999999999", "99999999999999000000000" },
};

static void
test_mul(void)
{
	size_t i;
	mpz_t a, b, got, want;
	char gb[ZTEXT];

	mpz_inits(a, b, got, want, NULL);
	for (i = 0; i < NELEM(mul_rows); i++) {
		const struct mul_row *t = &mul_rows[i];

		zset(a, t->a);
		zset(b, t->b);
		money_mul(got, a, t->sa, b, t->sb, t->so, MONEY_DOWN);
		zset(want, t->down);
		UNIT_CHECK(mpz_cmp(got, want) == 0,
		    "mul row %zu %s@%u x %s@%u ->%u DOWN: %s want %s", i, t->a,
		    t->sa, t->b, t->sb, t->so, ztext(gb, sizeof(gb), got), t->down);
		money_mul(got, a, t->sa, b, t->sb, t->so, MONEY_UP);
		zset(want, t->up);
		UNIT_CHECK(mpz_cmp(got, want) == 0,
		    "mul row %zu %s@%u x %s@%u ->%u UP: %s want %s", i, t->a,
		    t->sa, t->b, t->sb, t->so, ztext(gb, sizeof(gb), got), t->up);
	}
	mpz_clears(a, b, got, want, NULL);
}

/* ---------------------------------------------------- 4. quote_price */

struct quote_row {
	const char *coin, *amount, *rate, *fee_pct;
	enum err err;
	/* on ERR_OK */
	const char *q_amount, *gross, *fee, *receive, *q_fee_pct, *q_rate;
	/* on error: a substring of why */
	const char *why;
};

#define QOK(c, a, r, f, qa, g, fe, rv, qf, qr) \
	{ c, a, r, f, ERR_OK, qa, g, fe, rv, qf, qr, NULL }
#define QERR(c, a, r, f, w) \
	{ c, a, r, f, ERR_INVALID_AMOUNT, NULL, NULL, NULL, NULL, NULL, NULL, w }
#define QSMALL(c, a, r, f) \
	{ c, a, r, f, ERR_BELOW_MINIMUM, NULL, NULL, NULL, NULL, NULL, NULL, "too small" }

static const struct quote_row quote_rows[] = {
	/* docs/design.md's example: gross 1519.9088 -> 1519.90; fee 15.199 -> 15.20 */
	QOK("USDT", "100", "15.19908800", "1.00",
	    "100.000000", "1519.90", "15.20", "1504.70", "1.00", "15.199088"),
	/* gross x fee% exact: no rounding up */
	QOK("USDT", "100", "15.00000000", "1.00",
	    "100.000000", "1500.00", "15.00", "1485.00", "1.00", "15.00"),
	QOK("USDC", "12.5", "16.40000000", "2.00",
	    "12.500000", "205.00", "4.10", "200.90", "2.00", "16.40"),
	QOK("USDC_E", "33.333333", "3.00000000", "3.00",
	    "33.333333", "99.99", "3.00", "96.99", "3.00", "3.00"),
	/* DAI 18 places */
	QOK("DAI", "1.123456789012345678", "15.20000000", "1.00",
	    "1.123456789012345678", "17.07", "0.18", "16.89", "1.00", "15.20"),
	QOK("DAI", "0.999999999999999999", "10.00000000", "1.00",
	    "0.999999999999999999", "9.99", "0.10", "9.89", "1.00", "10.00"),
	QOK("DAI", "5", "15.20341000", "1.00",
	    "5.000000000000000000", "76.01", "0.77", "75.24", "1.00", "15.20341"),
	/* GHSFIAT at scale 2 */
	QOK("GHSFIAT", "250.75", "1.00000000", "1.00",
	    "250.75", "250.75", "2.51", "248.24", "1.00", "1.00"),
	QOK("GHSFIAT", "10", "0.99950000", "0.50",
	    "10.00", "9.99", "0.05", "9.94", "0.50", "0.9995"),
	/* no fee: receive = gross */
	QOK("USDC", "7", "15.19908800", "0.00",
	    "7.000000", "106.39", "0.00", "106.39", "0.00", "15.199088"),
	/* leading zeros in the amount are canonicalised */
	QOK("USDT", "000123.40", "15.00000000", "1.00",
	    "123.400000", "1851.00", "18.51", "1832.49", "1.00", "15.00"),
	/* smallest amounts that still leave something */
	QOK("USDT", "0.002", "15.19908800", "1.00",
	    "0.002000", "0.03", "0.01", "0.02", "1.00", "15.199088"),
	QOK("GHSFIAT", "0.02", "1.00000000", "1.00",
	    "0.02", "0.02", "0.01", "0.01", "1.00", "1.00"),
	/* huge: 15 integer digits at the largest rate */
	QOK("USDT", "999999999999999", "999999.99999999", "1.00",
	    "999999999999999.000000", "999999999999989000000.00",
	    "9999999999999890000.00", "989999999999989110000.00", "1.00",
	    "999999.99999999"),
	QOK("DAI", "999999999999999.999999999999999999", "999999.99999999", "1.00",
	    "999999999999999.999999999999999999", "999999999999989999999.99",
	    "9999999999999900000.00", "989999999999990099999.99", "1.00",
	    "999999.99999999"),
	/* too small: nothing after the fee */
	QSMALL("USDT", "0.000001", "15.19908800", "1.00"),
	QSMALL("USDT", "0.001", "15.19908800", "1.00"),
	QSMALL("GHSFIAT", "0.01", "1.00000000", "1.00"),
	QSMALL("DAI", "0.000000000000000001", "15.20000000", "1.00"),
	QSMALL("DAI", "0.000000000000000001", "999999.99999999", "0.00"),
	/* zero */
	QERR("USDT", "0", "15.19908800", "1.00", "greater than zero"),
	QERR("USDT", "0.000000", "15.19908800", "1.00", "greater than zero"),
	QERR("DAI", "000.0", "15.19908800", "1.00", "greater than zero"),
	QERR("GHSFIAT", "0.00", "1.00000000", "1.00", "greater than zero"),
	/* malformed */
	QERR("USDT", "", "15.19908800", "1.00", "not a decimal"),
	QERR("USDT", "abc", "15.19908800", "1.00", "not a decimal"),
	QERR("USDT", "-1", "15.19908800", "1.00", "not a decimal"),
	QERR("USDT", "+1", "15.19908800", "1.00", "not a decimal"),
	QERR("USDT", "1e3", "15.19908800", "1.00", "not a decimal"),
	QERR("USDT", " 100", "15.19908800", "1.00", "not a decimal"),
	QERR("USDT", "1.", "15.19908800", "1.00", "not a decimal"),
	QERR("USDT", "1,000", "15.19908800", "1.00", "not a decimal"),
	/* too many places */
	QERR("USDT", "1.1234567", "15.19908800", "1.00", "decimal places"),
	QERR("GHSFIAT", "0.001", "1.00000000", "1.00", "decimal places"),
	QERR("DAI", "1.0000000000000000001", "15.20000000", "1.00",
	    "decimal places"),
	/* too large */
	QERR("USDT", "1234567890123456", "15.19908800", "1.00", "too large"),
};

static void
test_quote_table(void)
{
	size_t i;

	for (i = 0; i < NELEM(quote_rows); i++) {
		const struct quote_row *t = &quote_rows[i];
		const struct currency *c = currency_find(t->coin);
		struct quote q;
		struct outcome o;
		const char *why;
		char label[160];
		enum err e;

		snprintf(label, sizeof(label), "quote row %zu (%s \"%s\" @ %s fee %s)",
		    i, t->coin, t->amount, t->rate, t->fee_pct);
		UNIT_CHECK(c != NULL, "%s: unknown coin", label);
		if (c == NULL)
			continue;
		memset(&q, 0, sizeof(q));
		outcome_init(&o);
		e = quote_price(c, t->amount, t->rate, t->fee_pct, &q, &o);
		why = o.message;
		UNIT_CHECK(e == t->err, "%s: err %d want %d (why \"%s\")", label,
		    (int)e, (int)t->err, why ? why : "(null)");
		if (e != t->err)
			continue;
		if (t->err == ERR_OK) {
			char l2[200];

			UNIT_CHECK(q.from == c, "%s: q.from is not the coin", label);
			snprintf(l2, sizeof(l2), "%s amount", label);
			UNIT_STR_EQ(q.amount, t->q_amount, l2);
			snprintf(l2, sizeof(l2), "%s gross", label);
			UNIT_STR_EQ(q.gross, t->gross, l2);
			snprintf(l2, sizeof(l2), "%s fee", label);
			UNIT_STR_EQ(q.fee, t->fee, l2);
			snprintf(l2, sizeof(l2), "%s receive", label);
			UNIT_STR_EQ(q.receive, t->receive, l2);
			snprintf(l2, sizeof(l2), "%s fee_percent", label);
			UNIT_STR_EQ(q.fee_percent, t->q_fee_pct, l2);
			snprintf(l2, sizeof(l2), "%s rate", label);
			UNIT_STR_EQ(q.rate, t->q_rate, l2);
			snprintf(l2, sizeof(l2), "%s rate_exact", label);
			UNIT_STR_EQ(q.rate_exact, t->rate, l2);
		} else {
			UNIT_CHECK(why != NULL && unit_contains(why, t->why),
			    "%s: why \"%s\" should mention \"%s\"", label,
			    why ? why : "(null)", t->why);
		}
	}
}

/*
 * The independent pricing: amount (units at scale) x rate (units at 8)
 * floored to 2 places; fee = gross x pct (units at 2) / 100 ceiled to 2.
 */
static void
ref_price(mpz_t gross, mpz_t fee, mpz_t recv, const mpz_t amt, unsigned scale,
    const mpz_t rate, const mpz_t pct)
{
	mpz_t p, prod;

	mpz_inits(p, prod, NULL);
	mpz_mul(prod, amt, rate);
	zpow10(p, scale + FXRATE_SCALE - 2);
	mpz_fdiv_q(gross, prod, p);
	mpz_mul(prod, gross, pct);
	zpow10(p, 4);
	mpz_cdiv_q(fee, prod, p);
	mpz_sub(recv, gross, fee);
	mpz_clears(p, prod, NULL);
}

/* Checks q against the reference for one case; 1 when all matches. */
static int
quote_matches(const struct quote *q, const mpz_t amt, unsigned scale,
    const mpz_t gross, const mpz_t fee, const mpz_t recv)
{
	mpz_t g, f, r, sum;
	int ok;

	mpz_inits(g, f, r, sum, NULL);
	ok = text_is(q->amount, scale, amt) &&
	    text_units(q->gross, 2, g) == 0 && mpz_cmp(g, gross) == 0 &&
	    text_units(q->fee, 2, f) == 0 && mpz_cmp(f, fee) == 0 &&
	    text_units(q->receive, 2, r) == 0 && mpz_cmp(r, recv) == 0;
	if (ok) {
		mpz_add(sum, f, r);
		ok = mpz_cmp(sum, g) == 0 && mpz_sgn(f) >= 0 && mpz_sgn(r) > 0;
	}
	mpz_clears(g, f, r, sum, NULL);
	return ok;
}

/* The huge rows again, with the expectation computed here with GMP. */
static void
test_quote_huge_gmp(void)
{
	static const struct {
		const char *coin, *amount, *int_units, *rate, *rate_units;
	} rows[] = {
		{ "USDT", "999999999999999", "999999999999999000000",
		  "999999.99999999", "99999999999999" },
		{ "USDC", "999999999999999.999999", "999999999999999999999",
		  "999999.99999999", "99999999999999" },
		{ "DAI", "999999999999999.999999999999999999",
		  "999999999999999999999999999999999", "999999.99999999",
		  "99999999999999" },
		{ "GHSFIAT", "999999999999999.99", "99999999999999999",
		  "999999.99999999", "99999999999999" },
		{ "USDC_E", "123456789012345.678901", "123456789012345678901",
		  "987654.32109876", "98765432109876" },
	};
	size_t i;
	mpz_t amt, rate, pct, gross, fee, recv;

	mpz_inits(amt, rate, pct, gross, fee, recv, NULL);
	mpz_set_ui(pct, 100); /* 1.00 % */
	for (i = 0; i < NELEM(rows); i++) {
		const struct currency *c = currency_find(rows[i].coin);
		struct quote q;
		struct outcome o;
		const char *why;
		enum err e;

		UNIT_REQUIRE(c != NULL, "huge row %zu: coin", i);
		zset(amt, rows[i].int_units);
		zset(rate, rows[i].rate_units);
		ref_price(gross, fee, recv, amt, c->scale, rate, pct);
		memset(&q, 0, sizeof(q));
		outcome_init(&o);
		e = quote_price(c, rows[i].amount, rows[i].rate, "1.00", &q, &o);
		why = o.message;
		UNIT_CHECK(e == ERR_OK, "huge row %zu %s \"%s\": err %d why \"%s\"",
		    i, rows[i].coin, rows[i].amount, (int)e, why ? why : "(null)");
		if (e == ERR_OK) {
			char gb[ZTEXT], fb[ZTEXT], rb[ZTEXT];

			UNIT_CHECK(quote_matches(&q, amt, c->scale, gross, fee, recv),
			    "huge row %zu %s \"%s\": got gross %s fee %s receive %s, "
			    "want units %s %s %s", i, rows[i].coin, rows[i].amount,
			    q.gross, q.fee, q.receive, ztext(gb, sizeof(gb), gross),
			    ztext(fb, sizeof(fb), fee), ztext(rb, sizeof(rb), recv));
		}
	}
	mpz_clears(amt, rate, pct, gross, fee, recv, NULL);
}

#define PROP_CASES 5000

/*
 * 5000 pseudo-random cases over the five sources: amounts of 1..15 integer
 * digits (leading zeros possible) and 0..scale places, rates
 * 0.00000001..999999.99999999, fees 0.00..99.99 %. quote_price must agree
 * exactly with ref_price, or refuse with ERR_INVALID_AMOUNT exactly when
 * the amount is zero, ERR_BELOW_MINIMUM exactly when nothing is left after
 * the fee.
 */
static void
test_quote_property(void)
{
	const struct currency *src[5];
	unsigned i, priced = 0, small = 0, zero = 0;
	int fails = 0;
	mpz_t amt, rate, pct, gross, fee, recv;

	for (i = 0; i < 5; i++) {
		src[i] = currency_source(i);
		UNIT_REQUIRE(src[i] != NULL, "currency_source(%u) is NULL", i);
	}
	mpz_inits(amt, rate, pct, gross, fee, recv, NULL);
	tu_rng_seed(&rng, 0x5EEDF00D2024ULL);
	for (i = 0; i < PROP_CASES; i++) {
		const struct currency *c = src[i % 5];
		char amount[64], units[64], rtext[32], runits[32], ftext[16];
		unsigned idig = 1 + tu_rng_below(&rng, 15);
		unsigned places = tu_rng_below(&rng, c->scale + 1);
		unsigned rdig = tu_rng_below(&rng, 7), fu, k;
		struct quote q;
		struct outcome o;
		const char *why;
		enum err e, want;
		int ok;

		/* amount text and its units at the coin's scale */
		tu_rng_digits(&rng, amount, idig, 0);
		if (places > 0) {
			amount[idig] = '.';
			tu_rng_digits(&rng, amount + idig + 1, places, 0);
		}
		/* one case in five is below 1 with a run of leading zeros */
		if (tu_rng_below(&rng, 5) == 0) {
			memset(amount, '0', idig);
			if (places > 0)
				memset(amount + idig + 1, '0', tu_rng_below(&rng, places));
		}
		memcpy(units, amount, idig);
		if (places > 0)
			memcpy(units + idig, amount + idig + 1, places);
		for (k = places; k < c->scale; k++)
			units[idig + k] = '0';
		units[idig + c->scale] = '\0';
		zset(amt, units);

		/* rate: 0..6 integer digits (none is "0."), exactly 8 places */
		if (rdig == 0) {
			rtext[0] = '0';
			rdig = 1;
		} else {
			tu_rng_digits(&rng, rtext, rdig, 1);
		}
		rtext[rdig] = '.';
		tu_rng_digits(&rng, rtext + rdig + 1, FXRATE_SCALE, 0);
		if (rtext[0] == '0')
			memset(rtext + rdig + 1, '0', tu_rng_below(&rng, FXRATE_SCALE));
		memcpy(runits, rtext, rdig);
		memcpy(runits + rdig, rtext + rdig + 1, FXRATE_SCALE + 1);
		zset(rate, runits);
		if (mpz_sgn(rate) == 0) {
			rtext[rdig + FXRATE_SCALE] = '1';
			mpz_set_ui(rate, 1);
		}

		/* fee: mostly the usual ones, sometimes anything below 100 % */
		switch (tu_rng_below(&rng, 4)) {
		case 0:
			fu = 100;
			break;
		case 1:
			fu = 0;
			break;
		default:
			fu = tu_rng_below(&rng, 10000);
			break;
		}
		snprintf(ftext, sizeof(ftext), "%u.%02u", fu / 100, fu % 100);
		mpz_set_ui(pct, fu);

		ref_price(gross, fee, recv, amt, c->scale, rate, pct);
		want = mpz_sgn(amt) == 0 ? ERR_INVALID_AMOUNT :
		    mpz_sgn(recv) > 0 ? ERR_OK : ERR_BELOW_MINIMUM;
		memset(&q, 0, sizeof(q));
		outcome_init(&o);
		e = quote_price(c, amount, rtext, ftext, &q, &o);
		why = o.message;
		if (e != want)
			ok = 0;
		else if (e == ERR_OK)
			ok = quote_matches(&q, amt, c->scale, gross, fee, recv) &&
			    mpz_sgn(fee) >= 0;
		else
			ok = why != NULL &&
			    unit_contains(why, mpz_sgn(amt) == 0 ?
			    "greater than zero" : "too small");
		if (e == ERR_OK)
			priced++;
		else if (mpz_sgn(amt) == 0)
			zero++;
		else
			small++;
		if (!ok) {
			char gb[ZTEXT], fb[ZTEXT], rb[ZTEXT];

			if (++fails <= 10)
				UNIT_CHECK(0, "property case %u: %s \"%s\" @ %s fee %s: "
				    "err %d want %d (why \"%s\"); got %s/%s/%s, want "
				    "units %s/%s/%s", i, c->code, amount, rtext, ftext,
				    (int)e, (int)want, why ? why : "", e == ERR_OK ?
				    q.gross : "-", e == ERR_OK ? q.fee : "-",
				    e == ERR_OK ? q.receive : "-",
				    ztext(gb, sizeof(gb), gross),
				    ztext(fb, sizeof(fb), fee),
				    ztext(rb, sizeof(rb), recv));
		}
	}
	UNIT_CHECK(fails == 0, "property: %d of %d cases failed", fails,
	    PROP_CASES);
	/* the generator must actually exercise the priced path */
	UNIT_CHECK(priced >= PROP_CASES / 2 && small >= 100 && zero >= 10,
	    "property: the mix is off: %u of %d priced, %u too small, %u zero",
	    priced, PROP_CASES, small, zero);
	mpz_clears(amt, rate, pct, gross, fee, recv, NULL);
}

/* ---------------------------------------------------- 5. fxrate_display */

static void
test_fxrate_display(void)
{
	static const struct {
		const char *in, *want;
	} rows[] = {
		{ "15.20000000", "15.20" },
		{ "15.20341000", "15.20341" },
		{ "1.00000000", "1.00" },
		{ "15.12345678", "15.12345678" },
		{ "15.10000000", "15.10" },
		{ "15.19908800", "15.199088" },
		{ "0.99950000", "0.9995" },
		{ "0.00000001", "0.00000001" },
		{ "999999.99999999", "999999.99999999" },
		{ "100.00000000", "100.00" },
		{ "10.01000000", "10.01" },
		{ "10.00100000", "10.001" },
	};
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		char out[FXRATE_TEXT], label[64];

		memset(out, 'Z', sizeof(out));
		fxrate_display(rows[i].in, out, sizeof(out));
		snprintf(label, sizeof(label), "fxrate_display row %zu (%s)", i,
		    rows[i].in);
		UNIT_STR_EQ(out, rows[i].want, label);
	}
}

/* ---------------------------------------------------- 6. currency */

static void
test_currency(void)
{
	static const struct {
		const char *code;
		unsigned scale, flags;
	} rows[] = {
		{ "USDT", 6, CURRENCY_STABLECOIN | CURRENCY_CONVERTIBLE |
		    CURRENCY_PARTNER },
		{ "USDC", 6, CURRENCY_STABLECOIN | CURRENCY_CONVERTIBLE |
		    CURRENCY_PARTNER },
		{ "USDC_E", 6, CURRENCY_STABLECOIN | CURRENCY_CONVERTIBLE },
		{ "DAI", 18, CURRENCY_STABLECOIN | CURRENCY_CONVERTIBLE },
		{ "GHSFIAT", 2, CURRENCY_STABLECOIN },
		{ "GHS", 2, 0 },
	};
	static const char *unknown[] = { "usdt", "Usdt", "BTC", "", "USDT ",
		" USDT", "USD", "USDC-E", "usdc_e", "GHSFIAT2", "ghs", "ETH" };
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		const struct currency *c = currency_find(rows[i].code);

		UNIT_CHECK(c != NULL, "currency_find(\"%s\") is NULL", rows[i].code);
		if (c == NULL)
			continue;
		UNIT_STR_EQ(c->code, rows[i].code, "currency code");
		UNIT_CHECK(c->scale == rows[i].scale, "%s: scale %u want %u",
		    rows[i].code, c->scale, rows[i].scale);
		UNIT_CHECK(c->flags == rows[i].flags, "%s: flags 0x%x want 0x%x",
		    rows[i].code, c->flags, rows[i].flags);
		/* the sources are the first five rows, in that order */
		if (i < 5)
			UNIT_CHECK(currency_source((unsigned)i) == c,
			    "currency_source(%zu) is not %s", i, rows[i].code);
	}
	UNIT_CHECK(currency_source(5) == NULL, "currency_source(5) should be NULL");
	UNIT_CHECK(currency_source(100) == NULL,
	    "currency_source(100) should be NULL");
	UNIT_CHECK(currency_ghs() == currency_find("GHS"),
	    "currency_ghs() is not currency_find(\"GHS\")");
	UNIT_CHECK(currency_ghs() != NULL && currency_ghs()->scale == 2,
	    "GHS has 2 places");
	{
		const struct currency *g = currency_find("GHSFIAT");

		UNIT_CHECK(g != NULL && (g->flags & CURRENCY_STABLECOIN) &&
		    !(g->flags & CURRENCY_CONVERTIBLE) &&
		    !(g->flags & CURRENCY_PARTNER),
		    "GHSFIAT: a stablecoin source, not convertible, not partner");
	}
	for (i = 0; i < NELEM(unknown); i++)
		UNIT_CHECK(currency_find(unknown[i]) == NULL,
		    "currency_find(\"%s\") should be NULL", unknown[i]);
}

static void
test_cmp_text(void)
{
	static const struct { const char *a, *b; unsigned scale; int want; } t[] = {
		{ "1.00", "1", 2, 0 }, { "0.99", "1.00", 2, -1 }, { "10", "9.99", 2, 1 },
		{ "5.000001", "5", 6, 1 }, { "0", "0.000", 6, 0 }, { "007.5", "7.50", 2, 0 },
		{ "1.001", "1", 2, -2 }, { "-1", "1", 2, -2 }, { "1", "abc", 2, -2 },
		{ "", "0", 2, -2 },
	};
	size_t i;

	for (i = 0; i < NELEM(t); i++)
		UNIT_CHECK(money_cmp_text(t[i].a, t[i].b, t[i].scale) == t[i].want,
		    "cmp row %zu: \"%s\" vs \"%s\" at %u", i, t[i].a, t[i].b, t[i].scale);
}

int
main(void)
{
	static const struct tu_test tests[] = {
		{ "money_parse table", test_parse_table },
		{ "money_parse DAI 18 vs 19 places", test_parse_dai_places },
		{ "money_parse leading zeros", test_parse_leading_zeros },
		{ "money_format table", test_format_table },
		{ "money_cmp_text table", test_cmp_text },
		{ "money_format cap", test_format_cap },
		{ "money_format negative", test_format_negative },
		{ "money_format_signed, money_parse_signed", test_format_signed },
		{ "money_format round trips 0..18", test_format_round_trip },
		{ "money_rescale down and up", test_rescale },
		{ "money_rescale up then down", test_rescale_both_directions },
		{ "money_mul down and up", test_mul },
		{ "quote_price table", test_quote_table },
		{ "quote_price huge amounts (GMP)", test_quote_huge_gmp },
		{ "quote_price 5000 random cases", test_quote_property },
		{ "fxrate_display", test_fxrate_display },
		{ "currency table", test_currency },
	};

	return tu_main("money", NULL, NULL, tests, NELEM(tests));
}
