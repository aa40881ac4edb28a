#include "core/totp.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <stdio.h>
#include <string.h>

static const char b32[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

int
totp_base32(const unsigned char *in, size_t n, char *out, size_t cap)
{
	size_t i, o = 0;
	unsigned buf = 0;
	int bits = 0;

	for (i = 0; i < n; i++) {
		buf = (buf << 8) | in[i];
		bits += 8;
		while (bits >= 5) {
			if (o + 1 >= cap)
				return -1;
			out[o++] = b32[(buf >> (bits - 5)) & 31];
			bits -= 5;
		}
	}
	if (bits > 0) {
		if (o + 1 >= cap)
			return -1;
		out[o++] = b32[(buf << (5 - bits)) & 31];
	}
	if (o >= cap)
		return -1;
	out[o] = '\0';
	return 0;
}

long
totp_base32_decode(const char *in, unsigned char *out, size_t cap)
{
	unsigned buf = 0;
	int bits = 0;
	size_t o = 0;

	for (; *in != '\0'; in++) {
		char c = *in >= 'a' && *in <= 'z' ? (char)(*in - 32) : *in;
		const char *p = strchr(b32, c);

		if (c == '\0' || p == NULL)
			return -1;
		buf = (buf << 5) | (unsigned)(p - b32);
		bits += 5;
		if (bits >= 8) {
			if (o >= cap)
				return -1;
			out[o++] = (unsigned char)(buf >> (bits - 8));
			bits -= 8;
		}
	}
	return (long)o;
}

unsigned
totp_code(const unsigned char *secret, size_t n, long long step)
{
	unsigned char msg[8], md[EVP_MAX_MD_SIZE];
	unsigned int mdlen = 0, off;
	unsigned long long c = (unsigned long long)step;
	int i;

	for (i = 7; i >= 0; i--) {
		msg[i] = (unsigned char)(c & 0xff);
		c >>= 8;
	}
	if (HMAC(EVP_sha1(), secret, (int)n, msg, sizeof(msg), md, &mdlen) == NULL || mdlen < 20)
		return 1000000; /* never a code */
	off = md[mdlen - 1] & 0x0f;
	return (((unsigned)(md[off] & 0x7f) << 24) | ((unsigned)md[off + 1] << 16) |
	    ((unsigned)md[off + 2] << 8) | md[off + 3]) % 1000000;
}

long long
totp_match(const unsigned char *secret, size_t n, const char *code, long long now,
    int window)
{
	long long step = now / TOTP_STEP_SECONDS, found = -1;
	char want[TOTP_DIGITS + 1];
	int d;

	if (code == NULL || strlen(code) != TOTP_DIGITS)
		return -1;
	for (d = 0; d < TOTP_DIGITS; d++)
		if (code[d] < '0' || code[d] > '9')
			return -1;
	/* every step of the window is computed and compared, matched or not */
	for (d = -window; d <= window; d++) {
		snprintf(want, sizeof(want), "%06u", totp_code(secret, n, step + d));
		if (CRYPTO_memcmp(want, code, TOTP_DIGITS) == 0 && found < 0)
			found = step + d;
	}
	return found;
}
