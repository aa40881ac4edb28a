/*
 * quote_token: a quote as a signed, self-contained id (issue 25). Quoting
 * stores nothing: the id carries the coin, the amount, the rate, the fee
 * percent and the expiry, under an HMAC-SHA256 tag bound to the caller
 * (the scope, e.g. "w:42" or "p:7"), so redeeming it needs no read to
 * know the price, and another caller's or an altered id is refused. Its
 * single use is recorded by the transaction that redeems it.
 *
 * Text form: "qt_" + base64url (no padding) of
 *
 *   version and coin (1 byte: version << 4 | coin index, 1..15)
 *   expires_at (4 bytes, big-endian Unix seconds)
 *   rate (6 bytes, big-endian, units of 1e-8 GHS)
 *   fee percent (2 bytes, big-endian, units of 0.01 %)
 *   nonce (5 random bytes)
 *   tag (12 bytes): the first 12 of HMAC-SHA256(key, "cediramp-quote"
 *       || 0x00 || scope || 0x00 || every byte above and below)
 *   amount (the rest, 1..14 bytes: big-endian base units, no leading zero)
 *
 * at most 62 characters for the largest amount (15 integer digits and 18
 * places), within the partner API's 64 for a quote_id.
 */
#ifndef CEDIRAMP_QUOTE_TOKEN_H
#define CEDIRAMP_QUOTE_TOKEN_H

#include <stddef.h>

#define QUOTE_ID_MAX 65          /* the longest quote id, with its NUL */
#define QUOTE_TOKEN_MIN_LEN 45   /* shorter ids are stored quotes ("qt_" + 24) */

/* What a token carries, as text. */
struct quote_token {
	char coin[8];            /* "USDT", "USDC", "USDC_E", "DAI" */
	char amount[64];         /* at the coin's scale */
	char rate[32];           /* 8 places */
	char fee_percent[16];    /* 2 places */
	long long expires_at;    /* Unix seconds */
};

/*
 * Encodes t for scope under key into out (QUOTE_ID_MAX bytes). The amount
 * and the rate are read at the coin's and at 8 places; a coin the format
 * does not know, an amount or rate out of range, or a failure of the
 * random source or OpenSSL gives -1. 0 on success.
 */
int quote_token_encode(const unsigned char *key, size_t key_len, const char *scope,
    const struct quote_token *t, char *out);

/*
 * Decodes id into t when it is a token whose tag verifies (in constant
 * time) for scope under key. -1 for anything else: not a token, altered,
 * another caller's, another key's.
 */
int quote_token_decode(const unsigned char *key, size_t key_len, const char *scope,
    const char *id, struct quote_token *t);

/* 1 when id has a token's shape (its length), 0 for a stored quote's. */
int quote_token_shaped(const char *id);

#endif
