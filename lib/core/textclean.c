#include "core/textclean.h"

/* The length of the well-formed UTF-8 sequence at p (n bytes left) of two
 * bytes or more, or 0. */
static size_t
sequence(const unsigned char *p, size_t n)
{
	size_t len, i;
	unsigned lo = 0x80, hi = 0xbf;

	if (p[0] >= 0xc2 && p[0] <= 0xdf)
		len = 2;
	else if (p[0] >= 0xe0 && p[0] <= 0xef)
		len = 3;
	else if (p[0] >= 0xf0 && p[0] <= 0xf4)
		len = 4;
	else
		return 0;
	/* the second byte's range rules out overlong forms, surrogates and
	 * code points past U+10FFFF (RFC 3629, section 4) */
	if (p[0] == 0xe0)
		lo = 0xa0;
	else if (p[0] == 0xed)
		hi = 0x9f;
	else if (p[0] == 0xf0)
		lo = 0x90;
	else if (p[0] == 0xf4)
		hi = 0x8f;
	if (n < len || p[1] < lo || p[1] > hi)
		return 0;
	for (i = 2; i < len; i++)
		if (p[i] < 0x80 || p[i] > 0xbf)
			return 0;
	return len;
}

size_t
text_clean(const void *in, size_t n, char *out, size_t cap)
{
	const unsigned char *p = in;
	size_t i = 0, w = 0, len;

	while (i < n) {
		if (p[i] < 0x80) {
			len = 1;
			if (w + 1 >= cap)
				break;
			out[w++] = (p[i] >= 0x20 && p[i] != 0x7f) || p[i] == '\t' || p[i] == '\n' ||
			    p[i] == '\r' ? (char)p[i] : '?';
		} else if ((len = sequence(p + i, n - i)) > 0) {
			size_t k;

			if (w + len >= cap)
				break;
			for (k = 0; k < len; k++)
				out[w++] = (char)p[i + k];
		} else {
			len = 1;
			if (w + 1 >= cap)
				break;
			out[w++] = '?';
		}
		i += len;
	}
	out[w] = '\0';
	return w;
}
