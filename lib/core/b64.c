/* b64: base64url (RFC 4648 section 5) without padding, as JOSE uses it. */
#include "core/b64.h"

#include <stdint.h>
#include <stdlib.h>

static const char b64url_alphabet[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/* Value of one url-alphabet character, or -1 for anything else. */
static int
b64url_value(unsigned char c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == '-')
		return 62;
	if (c == '_')
		return 63;
	return -1;
}

/*
 * Length of the unpadded encoding of n bytes. Returns SIZE_MAX when that
 * length is not representable (b64url_encode then always fails).
 */
size_t
b64url_encoded_len(size_t n)
{
	static const size_t tail[3] = { 0, 2, 3 };

	if (n / 3 > (SIZE_MAX - 3) / 4)
		return SIZE_MAX;
	return n / 3 * 4 + tail[n % 3];
}

/*
 * Encodes n bytes of in into out, which must hold the encoding plus a NUL.
 * Returns the encoded length; on (size_t)-1 (outcap too small, or in NULL
 * with n > 0) out is left untouched.
 */
size_t
b64url_encode(const unsigned char *in, size_t n, char *out, size_t outcap)
{
	size_t len = b64url_encoded_len(n);
	size_t i = 0;
	size_t o = 0;

	if (out == NULL || len == SIZE_MAX || outcap < len + 1)
		return (size_t)-1;
	if (in == NULL && n > 0)
		return (size_t)-1;
	for (; n - i >= 3; i += 3) {
		uint32_t w = (uint32_t)in[i] << 16 | (uint32_t)in[i + 1] << 8 |
		    in[i + 2];
		out[o++] = b64url_alphabet[w >> 18 & 63];
		out[o++] = b64url_alphabet[w >> 12 & 63];
		out[o++] = b64url_alphabet[w >> 6 & 63];
		out[o++] = b64url_alphabet[w & 63];
	}
	if (n - i == 1) {
		uint32_t w = (uint32_t)in[i] << 16;
		out[o++] = b64url_alphabet[w >> 18 & 63];
		out[o++] = b64url_alphabet[w >> 12 & 63];
	} else if (n - i == 2) {
		uint32_t w = (uint32_t)in[i] << 16 | (uint32_t)in[i + 1] << 8;
		out[o++] = b64url_alphabet[w >> 18 & 63];
		out[o++] = b64url_alphabet[w >> 12 & 63];
		out[o++] = b64url_alphabet[w >> 6 & 63];
	}
	out[o] = '\0';
	return o;
}

/*
 * Strict decoder: every character must be in the url alphabet (no '=',
 * no whitespace), n % 4 != 1, and the unused low bits of the last character
 * must be zero, so each byte string has exactly one accepted encoding.
 * Returns the decoded length, or (size_t)-1; on failure out may hold
 * partial output and must not be used.
 */
size_t
b64url_decode(const char *in, size_t n, unsigned char *out, size_t outcap)
{
	static const size_t tail[4] = { 0, 0, 1, 2 };
	size_t len;
	size_t i = 0;
	size_t o = 0;
	int v[4];

	if (n % 4 == 1 || (in == NULL && n > 0))
		return (size_t)-1;
	len = n / 4 * 3 + tail[n % 4];
	if (len > outcap || (out == NULL && len > 0))
		return (size_t)-1;
	for (; n - i >= 4; i += 4) {
		for (size_t k = 0; k < 4; k++)
			if ((v[k] = b64url_value((unsigned char)in[i + k])) < 0)
				return (size_t)-1;
		out[o++] = (unsigned char)(v[0] << 2 | v[1] >> 4);
		out[o++] = (unsigned char)((v[1] & 15) << 4 | v[2] >> 2);
		out[o++] = (unsigned char)((v[2] & 3) << 6 | v[3]);
	}
	if (n - i >= 2) {
		size_t rest = n - i;
		for (size_t k = 0; k < rest; k++)
			if ((v[k] = b64url_value((unsigned char)in[i + k])) < 0)
				return (size_t)-1;
		if (rest == 2 && (v[1] & 15) != 0)
			return (size_t)-1;
		if (rest == 3 && (v[2] & 3) != 0)
			return (size_t)-1;
		out[o++] = (unsigned char)(v[0] << 2 | v[1] >> 4);
		if (rest == 3)
			out[o++] = (unsigned char)((v[1] & 15) << 4 | v[2] >> 2);
	}
	return o;
}

char *
b64url_dup(const void *in, size_t n)
{
	size_t cap = b64url_encoded_len(n) + 1;
	char *s = malloc(cap);

	if (s != NULL && b64url_encode(in, n, s, cap) == (size_t)-1) {
		free(s);
		s = NULL;
	}
	return s;
}

/* Value of one standard-alphabet character, or -1 for anything else. */
static int
b64std_value(unsigned char c)
{
	if (c == '+')
		return 62;
	if (c == '/')
		return 63;
	if (c == '-' || c == '_')
		return -1;
	return b64url_value(c);
}

size_t
b64std_decoded_len(const char *in, size_t n)
{
	size_t len;

	if (n % 4 != 0 || (in == NULL && n > 0))
		return (size_t)-1;
	len = n / 4 * 3;
	if (n > 0 && in[n - 1] == '=')
		len--;
	if (n > 1 && in[n - 2] == '=')
		len--;
	return len;
}

size_t
b64std_decode(const char *in, size_t n, unsigned char *out, size_t outcap)
{
	size_t len = b64std_decoded_len(in, n), i, o = 0, k, pad;
	int v[4];

	if (len == (size_t)-1 || len > outcap || (out == NULL && len > 0))
		return (size_t)-1;
	for (i = 0; i < n; i += 4) {
		/* '=' only in the last group, and only as its last one or two */
		pad = 0;
		if (i + 4 == n)
			pad = in[i + 3] == '=' ? (in[i + 2] == '=' ? 2 : 1) : 0;
		for (k = 0; k < 4 - pad; k++)
			if ((v[k] = b64std_value((unsigned char)in[i + k])) < 0)
				return (size_t)-1;
		if (pad == 2 && (v[1] & 15) != 0)
			return (size_t)-1;
		if (pad == 1 && (v[2] & 3) != 0)
			return (size_t)-1;
		out[o++] = (unsigned char)(v[0] << 2 | v[1] >> 4);
		if (pad < 2)
			out[o++] = (unsigned char)((v[1] & 15) << 4 | v[2] >> 2);
		if (pad < 1)
			out[o++] = (unsigned char)((v[2] & 3) << 6 | v[3]);
	}
	return o;
}
