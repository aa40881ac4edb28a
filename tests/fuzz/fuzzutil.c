/* fuzzutil: input reading and invariant checks for the fuzz targets. */
#include "fuzzutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint8_t
fz_byte(struct fz_in *in)
{
	uint8_t b;

	if (in->n == 0)
		return 0;
	b = in->p[0];
	in->p++;
	in->n--;
	return b;
}

uint32_t
fz_u32(struct fz_in *in)
{
	uint32_t v = 0;

	for (int i = 0; i < 4; i++)
		v = v << 8 | fz_byte(in);
	return v;
}

uint64_t
fz_u64(struct fz_in *in)
{
	uint64_t v = 0;

	for (int i = 0; i < 8; i++)
		v = v << 8 | fz_byte(in);
	return v;
}

int
fz_no_controls(const char *s)
{
	for (; *s != '\0'; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return 0;
	return 1;
}

char *
fz_strndup(const void *p, size_t n)
{
	char *s = malloc(n + 1);

	if (s == NULL)
		abort();
	if (n > 0)
		memcpy(s, p, n);
	s[n] = '\0';
	return s;
}

char *
fz_cut(struct fz_in *in, char sep, size_t *len)
{
	const uint8_t *end = in->n > 0 ? memchr(in->p, sep, in->n) : NULL;
	size_t n = end != NULL ? (size_t)(end - in->p) : in->n;
	char *s = fz_strndup(in->p, n);

	in->p += n;
	in->n -= n;
	if (end != NULL) {
		in->p++;
		in->n--;
	}
	if (len != NULL)
		*len = n;
	return s;
}

void
fz_fail(const char *file, int line, const char *what)
{
	fprintf(stderr, "fuzz: broken promise at %s:%d: %s\n", file, line, what);
	abort();
}
