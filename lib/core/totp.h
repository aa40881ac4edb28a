/*
 * totp: one-time codes of RFC 6238 (TOTP: HOTP of RFC 4226 over the Unix
 * time in 30-second steps), as every authenticator app computes them:
 * HMAC-SHA-1, 6 digits, the secret given to the app in base32 (RFC 4648,
 * no padding) inside an otpauth:// URI.
 */
#ifndef CEDIRAMP_TOTP_H
#define CEDIRAMP_TOTP_H

#include <stddef.h>

#define TOTP_SECRET_BYTES 20
#define TOTP_SECRET_B32 32      /* base32 characters of a 20-byte secret */
#define TOTP_STEP_SECONDS 30
#define TOTP_DIGITS 6

/* The base32 of n bytes into out (cap bytes, NUL-ended): 0, or -1. */
int totp_base32(const unsigned char *in, size_t n, char *out, size_t cap);

/* base32 text (upper or lower case, no padding) into out: the bytes, or -1. */
long totp_base32_decode(const char *in, unsigned char *out, size_t cap);

/* The code of secret at step (a Unix time / TOTP_STEP_SECONDS), 0..999999. */
unsigned totp_code(const unsigned char *secret, size_t n, long long step);

/*
 * The step within window steps of now whose code is code (exactly
 * TOTP_DIGITS digits), checked in constant time over the window: that
 * step, or -1 when none matches or code is malformed.
 */
long long totp_match(const unsigned char *secret, size_t n, const char *code, long long now,
    int window);

#endif
