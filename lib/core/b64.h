/* b64: base64url (RFC 4648 section 5) without padding, as JOSE uses it. */
#ifndef CEDIRAMP_B64_H
#define CEDIRAMP_B64_H

#include <stddef.h>

/* Length of the encoding of n bytes, without the terminating NUL. */
size_t b64url_encoded_len(size_t n);

/*
 * Encodes n bytes of in into out (outcap bytes, NUL-terminated).
 * Returns the encoded length, or (size_t)-1 if outcap is too small.
 */
size_t b64url_encode(const unsigned char *in, size_t n, char *out,
    size_t outcap);

/* The encoding of n bytes of in as a new string (caller frees), or NULL
 * on OOM. */
char *b64url_dup(const void *in, size_t n);

/*
 * Decodes n characters of in into out (outcap bytes). Strict: rejects
 * padding, characters outside the url alphabet, a length of 4k+1 and
 * non-zero trailing bits. Returns the decoded length, or (size_t)-1.
 */
size_t b64url_decode(const char *in, size_t n, unsigned char *out,
    size_t outcap);

#endif
