#include "core/buf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void
buf_init(struct buf *b, size_t max)
{
	b->data = NULL;
	b->len = 0;
	b->cap = 0;
	b->max = max;
}

/* Grows to hold need+1 bytes (the NUL), doubling; -1 on OOM. */
static int
buf_reserve(struct buf *b, size_t need)
{
	size_t cap;
	char *p;

	if (need + 1 <= b->cap)
		return 0;
	cap = b->cap ? b->cap : 256;
	while (cap < need + 1)
		cap *= 2;
	p = realloc(b->data, cap);
	if (p == NULL)
		return -1;
	b->data = p;
	b->cap = cap;
	return 0;
}

int
buf_append(struct buf *b, const void *p, size_t n)
{
	if (n > b->max || b->len > b->max - n)
		return -1;
	if (buf_reserve(b, b->len + n) != 0)
		return -1;
	if (n > 0)
		memcpy(b->data + b->len, p, n);
	b->len += n;
	b->data[b->len] = '\0';
	return 0;
}

int
buf_puts(struct buf *b, const char *s)
{
	return buf_append(b, s, strlen(s));
}

int
buf_printf(struct buf *b, const char *fmt, ...)
{
	char small[512];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(small, sizeof(small), fmt, ap);
	va_end(ap);
	if (n < 0)
		return -1;
	if ((size_t)n < sizeof(small))
		return buf_append(b, small, (size_t)n);
	if ((size_t)n > b->max || b->len > b->max - (size_t)n ||
	    buf_reserve(b, b->len + (size_t)n) != 0)
		return -1;
	va_start(ap, fmt);
	(void)vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
	return 0;
}

const char *
buf_cstr(struct buf *b)
{
	if (buf_reserve(b, b->len) != 0)
		return NULL;
	b->data[b->len] = '\0';
	return b->data;
}

void
buf_reset(struct buf *b)
{
	b->len = 0;
	if (b->data != NULL)
		b->data[0] = '\0';
}

void
buf_free(struct buf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
}
