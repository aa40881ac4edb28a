#include "core/strict.h"

#include <string.h>

int
strict_uint(const char *s, size_t n, unsigned long long max,
    unsigned long long *out)
{
	unsigned long long v = 0;
	size_t i;

	if (s == NULL || n == 0 || n > 20)
		return -1;
	if (n > 1 && s[0] == '0')
		return -1;
	for (i = 0; i < n; i++) {
		unsigned d;

		if (s[i] < '0' || s[i] > '9')
			return -1;
		d = (unsigned)(s[i] - '0');
		if (d > max || v > (max - d) / 10)
			return -1;
		v = v * 10 + d;
	}
	*out = v;
	return 0;
}

int
strict_copy(char *dst, size_t cap, const char *src)
{
	size_t n = strlen(src);

	if (cap == 0 || n >= cap)
		return -1;
	memcpy(dst, src, n + 1);
	return 0;
}

char *
strict_clip(char *dst, size_t cap, const char *src, size_t n)
{
	size_t i, o = 0;

	if (cap == 0)
		return dst;
	for (i = 0; i < n && o + 1 < cap; i++) {
		unsigned char c = (unsigned char)src[i];

		dst[o++] = (c >= 0x20 && c < 0x7f) ? (char)c : '?';
	}
	dst[o] = '\0';
	return dst;
}

int
strict_printable(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if ((unsigned char)s[i] < 0x20 || (unsigned char)s[i] > 0x7e)
			return 0;
	return 1;
}

int
strict_text(const char *s, size_t min, size_t max)
{
	size_t n;

	if (s == NULL)
		return 0;
	n = strlen(s);
	return n >= min && n <= max && strict_printable(s, n);
}

int
strict_ieq(const char *s, size_t n, const char *lit)
{
	size_t i;

	if (strlen(lit) != n)
		return 0;
	for (i = 0; i < n; i++) {
		unsigned char a = (unsigned char)s[i], b = (unsigned char)lit[i];

		if (a >= 'A' && a <= 'Z')
			a = (unsigned char)(a - 'A' + 'a');
		if (b >= 'A' && b <= 'Z')
			b = (unsigned char)(b - 'A' + 'a');
		if (a != b)
			return 0;
	}
	return 1;
}

int
strict_list_next(const char *s, size_t n, size_t *at, size_t *start, size_t *len)
{
	size_t i = *at;

	while (i < n && (s[i] == ' ' || s[i] == ','))
		i++;
	if (i == n) {
		*at = i;
		return 0;
	}
	*start = i;
	while (i < n && s[i] != ' ' && s[i] != ',')
		i++;
	*len = i - *start;
	*at = i;
	return 1;
}

int
strict_hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

long
strict_pct_decode(const char *s, size_t n, char *out, size_t outcap,
    unsigned flags)
{
	size_t i, o = 0;

	if (outcap == 0)
		return -1; /* not even room for the NUL */
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == '%') {
			int hi, lo;

			if (i + 2 >= n)
				return -1;
			hi = strict_hexval(s[i + 1]);
			lo = strict_hexval(s[i + 2]);
			if (hi < 0 || lo < 0)
				return -1;
			c = (unsigned char)(hi * 16 + lo);
			i += 2;
		} else if (c == '+' && (flags & STRICT_PCT_PLUS_SPACE)) {
			c = ' ';
		}
		if (c < 0x20 || c == 0x7f || (c == '/' && (flags & STRICT_PCT_NO_SLASH)) ||
		    o + 1 >= outcap)
			return -1;
		out[o++] = (char)c;
	}
	out[o] = '\0';
	return (long)o;
}
