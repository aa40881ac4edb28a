#include "core/money.h"

#include <string.h>

enum money_rc
money_parse(const char *s, unsigned scale, mpz_t out)
{
	/* Bounded input: text longer than any real amount (about 95
	 * characters, even of leading zeros) is refused, not parsed. */
	char digits[MONEY_MAX_INT_DIGITS + 80];
	size_t i = 0, n = 0, intlen = 0, frac = 0;
	int point = 0;

	if (s == NULL || s[0] == '\0')
		return MONEY_MALFORMED;
	for (i = 0; s[i] != '\0'; i++) {
		char c = s[i];

		if (c == '.') {
			if (point || i == 0 || s[i + 1] == '\0')
				return MONEY_MALFORMED;
			point = 1;
			continue;
		}
		if (c < '0' || c > '9')
			return MONEY_MALFORMED;
		if (point)
			frac++;
		else
			intlen++;
		if (n + 1 >= sizeof(digits))
			return intlen > MONEY_MAX_INT_DIGITS ? MONEY_RANGE : MONEY_PRECISION;
		digits[n++] = c;
	}
	if (frac > scale)
		return MONEY_PRECISION;
	/* leading zeros do not count toward the integer-part limit */
	{
		size_t lead = 0;

		while (lead + 1 < intlen && s[lead] == '0')
			lead++;
		if (intlen - lead > MONEY_MAX_INT_DIGITS)
			return MONEY_RANGE;
	}
	/* pad the fraction to the scale: "12.5" at 6 is 12500000 */
	while (frac < scale) {
		if (n + 1 >= sizeof(digits))
			return MONEY_RANGE;
		digits[n++] = '0';
		frac++;
	}
	digits[n] = '\0';
	if (mpz_set_str(out, digits, 10) != 0)
		return MONEY_MALFORMED;
	return MONEY_OK;
}

int
money_format(const mpz_t units, unsigned scale, char *out, size_t cap)
{
	char buf[MONEY_MAX_TEXT + 32];
	size_t len, pad, intlen;

	/* scale >= cap never fits, and keeps scale + 1 below from wrapping */
	if (mpz_sgn(units) < 0 || mpz_sizeinbase(units, 10) + 2 > sizeof(buf) ||
	    (size_t)scale >= cap)
		return -1;
	mpz_get_str(buf, 10, units);
	len = strlen(buf);
	/* make sure there is at least one integer digit: 5 at scale 2 is "0.05" */
	pad = len <= scale ? (size_t)scale + 1 - len : 0;
	if (len + pad + (scale ? 2 : 1) > cap) /* digits, point, NUL */
		return -1;
	memset(out, '0', pad);
	memcpy(out + pad, buf, len);
	len += pad;
	if (scale == 0) {
		out[len] = '\0';
		return 0;
	}
	intlen = len - scale;
	memmove(out + intlen + 1, out + intlen, scale);
	out[intlen] = '.';
	out[len + 1] = '\0';
	return 0;
}

enum money_rc
money_parse_signed(const char *s, unsigned scale, mpz_t out)
{
	int neg = s != NULL && s[0] == '-';
	enum money_rc rc = money_parse(s != NULL ? s + neg : NULL, scale, out);

	if (rc == MONEY_OK && neg)
		mpz_neg(out, out);
	return rc;
}

int
money_format_signed(const mpz_t units, unsigned scale, char *out, size_t cap)
{
	mpz_t abs;
	int rc;

	if (mpz_sgn(units) >= 0)
		return money_format(units, scale, out, cap);
	if (cap < 2)
		return -1;
	mpz_init(abs);
	mpz_neg(abs, units);
	out[0] = '-';
	rc = money_format(abs, scale, out + 1, cap - 1);
	mpz_clear(abs);
	return rc;
}

void
money_rescale(mpz_t out, const mpz_t v, unsigned from, unsigned to,
    enum money_round r)
{
	mpz_t p;

	mpz_init(p);
	if (to >= from) {
		mpz_ui_pow_ui(p, 10, to - from);
		mpz_mul(out, v, p);
	} else {
		mpz_ui_pow_ui(p, 10, from - to);
		if (r == MONEY_UP)
			mpz_cdiv_q(out, v, p);
		else
			mpz_fdiv_q(out, v, p);
	}
	mpz_clear(p);
}

int
money_cmp_text(const char *a, const char *b, unsigned scale)
{
	mpz_t x, y;
	int rc = -2;

	mpz_inits(x, y, NULL);
	if (money_parse(a, scale, x) == MONEY_OK && money_parse(b, scale, y) == MONEY_OK) {
		rc = mpz_cmp(x, y);
		rc = rc < 0 ? -1 : rc > 0;
	}
	mpz_clears(x, y, NULL);
	return rc;
}

int
money_normalize(const char *text, unsigned from, unsigned to, char *out,
    size_t cap)
{
	mpz_t v;
	int rc = -1;

	mpz_init(v);
	if (text != NULL && money_parse(text, from, v) == MONEY_OK) {
		money_rescale(v, v, from, to, MONEY_DOWN);
		rc = money_format(v, to, out, cap);
	}
	mpz_clear(v);
	return rc;
}

void
money_mul(mpz_t out, const mpz_t a, unsigned sa, const mpz_t b, unsigned sb,
    unsigned so, enum money_round r)
{
	mpz_t prod;

	mpz_init(prod);
	mpz_mul(prod, a, b);
	money_rescale(out, prod, sa + sb, so, r);
	mpz_clear(prod);
}
