/*
 * fuzz_money: the money parser and formatter (lib/core/money.c) and what
 * is built on them: money_parse against an independent reading of the
 * grammar, then money_format, the round trip (a parsed value formatted
 * and parsed again is the same value, and its text is canonical),
 * money_cmp_text, money_normalize, money_rescale and money_mul.
 * Input: scale (1 byte), a second scale (1 byte), any scale (4 bytes) and
 * a buffer size (1 byte) for money_format's edge, then amount text a,
 * '\n', amount text b.
 */
#include <stdlib.h>
#include <string.h>

#include <gmp.h>

#include "core/money.h"

#include "fuzzutil.h"

#define SCALES 64    /* scales 0..63: every currency's and far beyond */
#define TEXT_MAX 256 /* room for any value parsed at those scales */
/* money_parse refuses text of more than about 95 digits (money.c); up to
 * this many, grammar, places and integer digits alone decide. */
#define PARSE_ROOM 64

/* Independent reading of s: digits, optionally '.' and digits. */
struct reading {
	int syntax_ok;
	size_t intlen, frac, significant; /* integer digits without leading 0s */
};

static struct reading
read_amount(const char *s)
{
	struct reading r = { 0, 0, 0, 0 };
	const char *dot = strchr(s, '.');
	size_t n = strlen(s), lead = 0;

	if (n == 0 || s[0] == '.' || s[n - 1] == '.' ||
	    (dot != NULL && strchr(dot + 1, '.') != NULL))
		return r;
	for (size_t i = 0; i < n; i++)
		if (s[i] != '.' && (s[i] < '0' || s[i] > '9'))
			return r;
	r.syntax_ok = 1;
	r.intlen = dot != NULL ? (size_t)(dot - s) : n;
	r.frac = dot != NULL ? n - r.intlen - 1 : 0;
	while (lead + 1 < r.intlen && s[lead] == '0')
		lead++;
	r.significant = r.intlen - lead;
	return r;
}

/* out = the units of s (read as r) at scale, by plain GMP arithmetic. */
static void
units_of(const char *s, const struct reading *r, unsigned scale, mpz_t out)
{
	char *digits = fz_strndup(s, strlen(s));
	size_t o = 0;
	mpz_t p;

	for (size_t i = 0; digits[i] != '\0'; i++)
		if (digits[i] != '.')
			digits[o++] = digits[i];
	digits[o] = '\0';
	FZ_CHECK(mpz_set_str(out, digits, 10) == 0);
	mpz_init(p);
	mpz_ui_pow_ui(p, 10, scale - r->frac);
	mpz_mul(out, out, p);
	mpz_clear(p);
	free(digits);
}

/* 1 when t is canonical at scale: no redundant leading zero, a point
 * followed by exactly scale digits (none when scale is 0). */
static int
canonical(const char *t, unsigned scale)
{
	size_t n = strlen(t), intlen;

	if (n == 0 || (scale > 0 && n < (size_t)scale + 2))
		return 0;
	intlen = scale > 0 ? n - scale - 1 : n;
	if (scale > 0 && t[intlen] != '.')
		return 0;
	if (intlen > 1 && t[0] == '0')
		return 0;
	for (size_t i = 0; i < n; i++)
		if (i != intlen && (t[i] < '0' || t[i] > '9'))
			return 0;
	return 1;
}

/* money_format into a heap buffer of exactly cap bytes: 0 (and out
 * equal to want, when want is not NULL) or -1, as the contract says. */
static void
check_format_cap(const mpz_t v, unsigned scale, size_t cap, const char *want)
{
	char *out = malloc(cap > 0 ? cap : 1);
	int rc;

	FZ_CHECK(out != NULL);
	rc = money_format(v, scale, out, cap);
	FZ_CHECK(rc == 0 || rc == -1);
	if (want != NULL)
		FZ_CHECK((rc == 0) == (strlen(want) + 1 <= cap));
	if (rc == 0) {
		FZ_CHECK(memchr(out, '\0', cap) != NULL);
		FZ_CHECK(canonical(out, scale));
		if (want != NULL)
			FZ_CHECK(strcmp(out, want) == 0);
	}
	free(out);
}

/* Normalizing a (v at scale) to scale to rounds down, and only down. */
static void
check_normalize(const char *a, const mpz_t v, unsigned scale, unsigned to)
{
	char out[TEXT_MAX];
	mpz_t q, p, lo, hi;

	FZ_CHECK(money_normalize(a, scale, to, out, sizeof(out)) == 0);
	FZ_CHECK(canonical(out, to));
	mpz_inits(q, p, lo, hi, NULL);
	FZ_CHECK(money_parse(out, to, q) == MONEY_OK);
	if (to >= scale) {
		mpz_ui_pow_ui(p, 10, to - scale);
		mpz_mul(lo, v, p);
		FZ_CHECK(mpz_cmp(q, lo) == 0);
	} else {
		/* q * 10^k <= v < (q + 1) * 10^k */
		mpz_ui_pow_ui(p, 10, scale - to);
		mpz_mul(lo, q, p);
		mpz_add(hi, lo, p);
		FZ_CHECK(mpz_cmp(lo, v) <= 0 && mpz_cmp(v, hi) < 0);
	}
	mpz_clears(q, p, lo, hi, NULL);
}

/* Up by k places and down again is the same value; down rounds as asked. */
static void
check_rescale(const mpz_t v, unsigned scale, unsigned to)
{
	mpz_t up, back, down, ceil;

	mpz_inits(up, back, down, ceil, NULL);
	money_rescale(up, v, scale, scale + to, MONEY_DOWN);
	money_rescale(back, up, scale + to, scale, MONEY_DOWN);
	FZ_CHECK(mpz_cmp(back, v) == 0);
	money_rescale(back, up, scale + to, scale, MONEY_UP);
	FZ_CHECK(mpz_cmp(back, v) == 0);
	if (to <= scale) {
		money_rescale(down, v, scale, scale - to, MONEY_DOWN);
		money_rescale(ceil, v, scale, scale - to, MONEY_UP);
		mpz_sub(back, ceil, down);
		FZ_CHECK(mpz_cmp_ui(back, 0) == 0 || mpz_cmp_ui(back, 1) == 0);
	}
	mpz_clears(up, back, down, ceil, NULL);
}

/* a * b at scale: down <= the exact product <= up, one unit apart at most. */
static void
check_mul(const mpz_t a, const mpz_t b, unsigned scale)
{
	mpz_t down, up, exact, p, lo, hi;

	mpz_inits(down, up, exact, p, lo, hi, NULL);
	money_mul(down, a, scale, b, scale, scale, MONEY_DOWN);
	money_mul(up, a, scale, b, scale, scale, MONEY_UP);
	mpz_mul(exact, a, b); /* at scale 2 * scale */
	mpz_ui_pow_ui(p, 10, scale);
	mpz_mul(lo, down, p);
	mpz_mul(hi, up, p);
	FZ_CHECK(mpz_cmp(lo, exact) <= 0 && mpz_cmp(exact, hi) <= 0);
	mpz_sub(lo, up, down);
	FZ_CHECK(mpz_cmp_ui(lo, 0) == 0 || mpz_cmp_ui(lo, 1) == 0);
	mpz_clears(down, up, exact, p, lo, hi, NULL);
}

/* Parses s at scale; checks the verdict against read_amount. */
static enum money_rc
parse_checked(const char *s, unsigned scale, mpz_t v)
{
	struct reading r = read_amount(s);
	enum money_rc rc = money_parse(s, scale, v);
	mpz_t want;

	FZ_CHECK(rc == MONEY_OK || rc == MONEY_MALFORMED ||
	    rc == MONEY_PRECISION || rc == MONEY_RANGE);
	/* refused: bad syntax, too many places, too many integer digits */
	if (!r.syntax_ok || r.frac > scale ||
	    r.significant > MONEY_MAX_INT_DIGITS)
		FZ_CHECK(rc != MONEY_OK);
	if (!r.syntax_ok && strlen(s) <= PARSE_ROOM)
		FZ_CHECK(rc == MONEY_MALFORMED);
	/* accepted: the rest, digits and padding within the room */
	if (r.syntax_ok && r.frac <= scale &&
	    r.significant <= MONEY_MAX_INT_DIGITS && r.intlen + scale <= PARSE_ROOM)
		FZ_CHECK(rc == MONEY_OK);
	if (rc == MONEY_OK) {
		mpz_init(want);
		units_of(s, &r, scale, want);
		FZ_CHECK(mpz_cmp(v, want) == 0);
		mpz_clear(want);
	}
	return rc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fz_in in = { data, size };
	unsigned scale = fz_byte(&in) % SCALES, to = fz_byte(&in) % SCALES;
	unsigned any_scale = fz_u32(&in);
	size_t cap = fz_byte(&in);
	char *a = fz_cut(&in, '\n', NULL), *b = fz_cut(&in, '\n', NULL);
	char text[TEXT_MAX], again[TEXT_MAX];
	mpz_t va, vb, w;
	int ok_a, ok_b, cmp;

	mpz_inits(va, vb, w, NULL);
	ok_a = parse_checked(a, scale, va) == MONEY_OK;
	ok_b = parse_checked(b, scale, vb) == MONEY_OK;
	(void)money_parse(a, any_scale, w);
	if (ok_a) {
		/* formatted, parsed again: the same value, the same text */
		FZ_CHECK(mpz_sgn(va) >= 0);
		FZ_CHECK(money_format(va, scale, text, sizeof(text)) == 0);
		FZ_CHECK(canonical(text, scale));
		FZ_CHECK(money_parse(text, scale, w) == MONEY_OK);
		FZ_CHECK(mpz_cmp(w, va) == 0);
		FZ_CHECK(money_format(w, scale, again, sizeof(again)) == 0);
		FZ_CHECK(strcmp(text, again) == 0);
		/* MONEY_MAX_TEXT holds every amount at a scale that leaves
		 * room for MONEY_MAX_INT_DIGITS, the point and the NUL */
		if (scale + MONEY_MAX_INT_DIGITS + 2 <= MONEY_MAX_TEXT)
			check_format_cap(va, scale, MONEY_MAX_TEXT, text);
		check_format_cap(va, scale, cap, text);
		check_format_cap(va, any_scale, cap, NULL);
		FZ_CHECK(money_cmp_text(a, text, scale) == 0);
		check_normalize(a, va, scale, to);
		check_rescale(va, scale, to);
	} else {
		FZ_CHECK(money_cmp_text(a, b, scale) == -2);
		FZ_CHECK(money_normalize(a, scale, to, text, sizeof(text)) == -1);
	}
	if (ok_a && ok_b) {
		cmp = mpz_cmp(va, vb);
		cmp = cmp < 0 ? -1 : cmp > 0;
		FZ_CHECK(money_cmp_text(a, b, scale) == cmp);
		FZ_CHECK(money_cmp_text(b, a, scale) == -cmp);
		check_mul(va, vb, scale);
	}
	mpz_clears(va, vb, w, NULL);
	free(a);
	free(b);
	return 0;
}
