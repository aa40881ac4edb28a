/*
 * strict: small parsers and string helpers that replace atoi/strtok/strncpy.
 * Every parser takes a bound and rejects what it does not fully consume.
 */
#ifndef CEDIRAMP_STRICT_H
#define CEDIRAMP_STRICT_H

#include <stddef.h>

/*
 * Parses s[0..n) as a non-negative decimal integer: digits only, no sign,
 * no spaces, no leading zero unless the value is 0, at most max. Returns 0
 * and sets *out, or -1.
 */
int strict_uint(const char *s, size_t n, unsigned long long max,
    unsigned long long *out);

/* Copies src into dst (cap bytes) NUL-terminated; -1 if it does not fit. */
int strict_copy(char *dst, size_t cap, const char *src);

/*
 * Copies at most max visible bytes of src into dst (cap bytes), replacing
 * control and non-ASCII bytes by '?', so user text can go into a log line or
 * an error message. Returns dst.
 */
char *strict_clip(char *dst, size_t cap, const char *src, size_t n);

/* 1 if s[0..n) holds only printable ASCII (0x20..0x7e), else 0. */
int strict_printable(const char *s, size_t n);

/* 1 if s is a string of min to max bytes, all printable ASCII, else 0
 * (NULL: 0): a name, a reference or a reason a person typed. */
int strict_text(const char *s, size_t min, size_t max);

#define STRICT_PCT_PLUS_SPACE 0x1 /* '+' means ' ' (query strings) */
#define STRICT_PCT_NO_SLASH   0x2 /* a decoded '/' is refused (path segments) */

/*
 * Percent-decodes s[0..n) into out (outcap bytes, NUL-terminated). Refuses
 * a bad or cut escape, a decoded control byte (NUL included), and output
 * that does not fit; flags as above. Returns the length, or -1.
 */
long strict_pct_decode(const char *s, size_t n, char *out, size_t outcap,
    unsigned flags);

/* Case-insensitive ASCII comparison of s[0..n) with the C string lit. */
int strict_ieq(const char *s, size_t n, const char *lit);

/* The value of hex digit c (either case), or -1. */
int strict_hexval(char c);

/* The next item of list s (n bytes), its items separated by spaces and
 * commas, from *at on: 1 with the item at s + *start, *len bytes long, and
 * *at past it; 0 when no item is left. */
int strict_list_next(const char *s, size_t n, size_t *at, size_t *start, size_t *len);

#endif
