/*
 * b64: base64url (RFC 4648 section 5) without padding, as JOSE uses it;
 * and a strict decoder of standard base64 (section 4, padded), the form
 * JSON APIs carry binary data in (KYC images).
 */
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

/*
 * The length n characters of padded standard base64 decode to: n / 4 * 3,
 * less one byte per trailing '=' (at most two). (size_t)-1 when n is not
 * a multiple of 4. Says nothing about the other characters: the buffer
 * size for b64std_decode.
 */
size_t b64std_decoded_len(const char *in, size_t n);

/*
 * Decodes n characters of standard base64 ('+' and '/', padded with '=' to
 * a multiple of 4) into out (outcap bytes). Strict: rejects a length that
 * is not a multiple of 4, any character outside the alphabet (whitespace,
 * line breaks, a "data:" prefix, the url alphabet's '-' and '_'), '='
 * anywhere but the last one or two places, and non-zero bits under the
 * padding, so each byte string has exactly one accepted encoding. Empty
 * input decodes to 0 bytes. Returns the decoded length, or (size_t)-1; on
 * failure out may hold partial output and must not be used.
 */
size_t b64std_decode(const char *in, size_t n, unsigned char *out,
    size_t outcap);

#endif
