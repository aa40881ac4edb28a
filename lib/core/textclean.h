/*
 * textclean: bytes from elsewhere (the first bytes of a webhook
 * receiver's answer) as text that JSON and a page can carry: valid UTF-8
 * kept, anything else shown as '?'.
 */
#ifndef CEDIRAMP_TEXTCLEAN_H
#define CEDIRAMP_TEXTCLEAN_H

#include <stddef.h>

/*
 * Copies the n bytes of in to out (cap bytes, cap > 0), NUL-terminated:
 * each well-formed UTF-8 sequence (RFC 3629: shortest form, no
 * surrogates, at most U+10FFFF) as it is, tab, newline and carriage
 * return as they are, and every other byte (a control character, DEL, a
 * byte of no well-formed sequence) as '?'. A sequence that would not fit
 * whole is left out, as is all that follows it. Returns the bytes written
 * (the NUL not counted).
 */
size_t text_clean(const void *in, size_t n, char *out, size_t cap);

#endif
