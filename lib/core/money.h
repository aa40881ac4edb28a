/*
 * money: exact decimals. A value is a GMP integer of units at a known
 * scale (12.5 at scale 6 is 12500000). Parsing is strict, arithmetic is
 * exact, and rounding happens only where docs/design.md ("Money") says, in
 * the direction it says. No floating point anywhere on this path.
 *
 * GMP rather than 128-bit integers: DAI has 18 places, and an 18-place
 * amount times an 8-place rate needs 26 places of a number that can itself
 * be large; GMP removes the overflow question instead of bounding it.
 */
#ifndef CEDIRAMP_MONEY_H
#define CEDIRAMP_MONEY_H

#include <stddef.h>
#include <gmp.h>

#define MONEY_MAX_INT_DIGITS 15 /* integer part: up to 999 trillion */
#define MONEY_MAX_TEXT 64       /* longest formatted value, with NUL */

enum money_rc {
	MONEY_OK = 0,
	MONEY_MALFORMED, /* not digits with one optional point */
	MONEY_PRECISION, /* more decimal places than the scale */
	MONEY_RANGE      /* integer part too long */
};

/*
 * Parses s as a non-negative decimal: one or more digits, optionally a
 * point followed by one or more digits. No sign, exponent, spaces, hex,
 * leading or trailing point. At most scale decimal places. On MONEY_OK,
 * out holds the value in units of 10^-scale (out must be initialised).
 */
enum money_rc money_parse(const char *s, unsigned scale, mpz_t out);

/*
 * Formats units (>= 0) at scale with exactly scale decimal places ("5.00",
 * "0.000001"; scale 0 has no point) into out. Returns 0, or -1 if it does
 * not fit or units is negative.
 */
int money_format(const mpz_t units, unsigned scale, char *out, size_t cap);

/* As money_parse, with an optional leading '-' ("-25.00"): a difference
 * or a balance that may be below zero, never an amount. */
enum money_rc money_parse_signed(const char *s, unsigned scale, mpz_t out);

/* As money_format, any sign: a negative value gets a leading '-'
 * ("-25.00"). A difference or a change, never an amount. */
int money_format_signed(const mpz_t units, unsigned scale, char *out, size_t cap);

/*
 * Compares two decimal texts of at most scale places (money_parse's
 * form): -1, 0 or 1 as a is below, equal to or above b; -2 when either
 * does not parse.
 */
int money_cmp_text(const char *a, const char *b, unsigned scale);

enum money_round { MONEY_DOWN, MONEY_UP };

/*
 * Re-expresses text (a non-negative decimal with at most from places, as
 * MariaDB returns a DECIMAL column) at scale to, rounding down, into out.
 * Returns 0 or -1.
 */
int money_normalize(const char *text, unsigned from, unsigned to, char *out,
    size_t cap);

/*
 * out = a (at scale sa) * b (at scale sb), expressed at scale so and
 * rounded toward zero (MONEY_DOWN) or away from zero (MONEY_UP) when
 * places are dropped. Operands are non-negative. out may alias neither.
 */
void money_mul(mpz_t out, const mpz_t a, unsigned sa, const mpz_t b,
    unsigned sb, unsigned so, enum money_round r);

/* out = v (at scale from) re-expressed at scale to, rounded as r. */
void money_rescale(mpz_t out, const mpz_t v, unsigned from, unsigned to,
    enum money_round r);

#endif
