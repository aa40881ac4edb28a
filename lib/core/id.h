/*
 * id: opaque identifiers and secrets from the CSPRNG (OpenSSL RAND_bytes).
 * Ids are a type prefix ("qt_", "cv_", ...) and base62 characters.
 */
#ifndef CEDIRAMP_ID_H
#define CEDIRAMP_ID_H

#include <stddef.h>

#define ID_RANDOM_CHARS 24 /* about 143 bits */
#define ID_MAX 40

/*
 * Writes prefix followed by nchars random base62 characters into out
 * (cap bytes, NUL-terminated). Returns 0, or -1 if the CSPRNG fails or the
 * id does not fit.
 */
int id_random(char *out, size_t cap, const char *prefix, size_t nchars);

/* id_random with ID_RANDOM_CHARS characters. */
int id_new(char *out, size_t cap, const char *prefix);

/* 1 when s has an id's shape: prefix, then 1 or more base62 characters,
 * shorter than ID_MAX in all; else 0 (NULL too). */
int id_has_shape(const char *s, const char *prefix);

/* Lowercase hex of n bytes into out (2n+1 bytes). */
void id_hex(const unsigned char *in, size_t n, char *out);

#endif
