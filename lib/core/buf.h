/*
 * buf: a growable byte buffer with a hard maximum. Appending past the
 * maximum or failing to allocate frees nothing the caller did not ask for:
 * the buffer keeps what it had and the call returns -1.
 */
#ifndef CEDIRAMP_BUF_H
#define CEDIRAMP_BUF_H

#include <stddef.h>

struct buf {
	char *data; /* NUL-terminated when len > 0 or after buf_cstr() */
	size_t len;
	size_t cap;
	size_t max; /* hard limit on len */
};

void buf_init(struct buf *b, size_t max);
int buf_append(struct buf *b, const void *p, size_t n);
int buf_puts(struct buf *b, const char *s);
/* Appends printf-style text: 0, or -1 (OOM or past max; b unchanged). */
int buf_printf(struct buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Always NUL-terminated: "" for an empty buffer (never NULL unless OOM). */
const char *buf_cstr(struct buf *b);
void buf_reset(struct buf *b); /* len = 0, memory kept */
void buf_free(struct buf *b);  /* accepts a zeroed or freed buffer */

#endif
