/*
 * cursor: opaque pagination cursors bound to their query. See cursor.h for
 * the contract. Binary form before base64url:
 *
 *   version (1 byte, CURSOR_VERSION)
 *   created_us (8 bytes, big-endian, never negative)
 *   id length (1 byte, 1..CURSOR_ID_MAX)
 *   id bytes ([A-Za-z0-9_-])
 *   tag (16 bytes): the first 16 bytes of
 *       HMAC-SHA256(secret, everything above || 0x00 || scope)
 *
 * The id length is part of the MAC input, so the 0x00 separator and the
 * scope cannot be shifted into the id or back.
 */
#include "core/cursor.h"

#include "core/b64.h"

#include <limits.h>
#include <stdint.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#define CURSOR_VERSION 1
#define CURSOR_TAG_LEN 16
#define CURSOR_HEAD_LEN 10 /* version, created_us, id length */
#define CURSOR_RAW_MAX (CURSOR_HEAD_LEN + CURSOR_ID_MAX + CURSOR_TAG_LEN)

/* The longest cursor (88 characters) must fit the documented bound. */
_Static_assert(CURSOR_RAW_MAX / 3 * 4 + 3 <= CURSOR_MAX,
    "largest cursor exceeds CURSOR_MAX");
_Static_assert(CURSOR_ID_MAX <= 255, "id length must fit one byte");
_Static_assert(LLONG_MAX == INT64_MAX, "created_us must fit 8 bytes");

/* 1 if c is in the url-safe id alphabet [A-Za-z0-9_-]. */
static int
id_char_ok(unsigned char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
	    (c >= '0' && c <= '9') || c == '-' || c == '_';
}

/* 1 if the n bytes at id are a valid cursor id (1..CURSOR_ID_MAX, alphabet). */
static int
id_ok(const unsigned char *id, size_t n)
{
	if (n == 0 || n > CURSOR_ID_MAX)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!id_char_ok(id[i]))
			return 0;
	return 1;
}

/*
 * Writes the truncated tag HMAC-SHA256(secret, msg || 0x00 || scope) into
 * tag (CURSOR_TAG_LEN bytes). Returns 0, or -1 if OpenSSL fails.
 */
static int
cursor_tag(const unsigned char *secret, size_t secret_len,
    const unsigned char *msg, size_t msglen, const char *scope,
    unsigned char *tag)
{
	static const unsigned char sep = 0x00;
	unsigned char full[EVP_MAX_MD_SIZE];
	size_t fulllen = 0;
	char digest[] = "SHA256";
	OSSL_PARAM params[] = {
		OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, digest,
		    0),
		OSSL_PARAM_construct_end(),
	};
	EVP_MAC *mac = EVP_MAC_fetch(NULL, "HMAC", NULL);
	EVP_MAC_CTX *ctx = mac != NULL ? EVP_MAC_CTX_new(mac) : NULL;
	int rc = -1;

	if (ctx != NULL &&
	    EVP_MAC_init(ctx, secret, secret_len, params) == 1 &&
	    EVP_MAC_update(ctx, msg, msglen) == 1 &&
	    EVP_MAC_update(ctx, &sep, 1) == 1 &&
	    EVP_MAC_update(ctx, (const unsigned char *)scope,
	    strlen(scope)) == 1 &&
	    EVP_MAC_final(ctx, full, &fulllen, sizeof(full)) == 1 &&
	    fulllen >= CURSOR_TAG_LEN) {
		memcpy(tag, full, CURSOR_TAG_LEN);
		rc = 0;
	}
	OPENSSL_cleanse(full, sizeof(full));
	EVP_MAC_CTX_free(ctx);
	EVP_MAC_free(mac);
	return rc;
}

/*
 * Encodes pos for scope under secret into out (CURSOR_MAX + 1 bytes).
 * Returns 0, or -1 for a NULL argument, an empty secret, a negative
 * created_us, an id that is empty, longer than CURSOR_ID_MAX or outside
 * [A-Za-z0-9_-], or an OpenSSL failure (out is then left untouched).
 */
int
cursor_encode(const unsigned char *secret, size_t secret_len,
    const char *scope, const struct cursor_pos *pos, char *out)
{
	unsigned char raw[CURSOR_RAW_MAX];
	unsigned long long t;
	size_t idlen, n;

	if (secret == NULL || secret_len == 0 || scope == NULL ||
	    pos == NULL || out == NULL || pos->created_us < 0)
		return -1;
	idlen = strnlen(pos->id, sizeof(pos->id));
	if (!id_ok((const unsigned char *)pos->id, idlen))
		return -1;
	t = (unsigned long long)pos->created_us;
	raw[0] = CURSOR_VERSION;
	for (int i = 0; i < 8; i++)
		raw[1 + i] = (unsigned char)(t >> (56 - 8 * i));
	raw[9] = (unsigned char)idlen;
	memcpy(raw + CURSOR_HEAD_LEN, pos->id, idlen);
	n = CURSOR_HEAD_LEN + idlen;
	if (cursor_tag(secret, secret_len, raw, n, scope, raw + n) != 0)
		return -1;
	n += CURSOR_TAG_LEN;
	if (b64url_encode(raw, n, out, CURSOR_MAX + 1) == (size_t)-1)
		return -1;
	return 0;
}

/*
 * Decodes text into pos when it is a well-formed cursor whose tag verifies
 * (in constant time) for scope under secret. Returns 0, or -1 with pos
 * untouched for NULL arguments, an empty secret, empty or over-long text,
 * bad base64url, a wrong length, an unknown version, a bad id, a negative
 * time, or a tag mismatch.
 */
int
cursor_decode(const unsigned char *secret, size_t secret_len,
    const char *scope, const char *text, struct cursor_pos *pos)
{
	unsigned char raw[CURSOR_RAW_MAX];
	unsigned char tag[CURSOR_TAG_LEN];
	unsigned long long t = 0;
	size_t textlen, n, idlen;

	if (secret == NULL || secret_len == 0 || scope == NULL ||
	    text == NULL || pos == NULL)
		return -1;
	textlen = strnlen(text, CURSOR_MAX + 1);
	if (textlen == 0 || textlen > CURSOR_MAX)
		return -1;
	n = b64url_decode(text, textlen, raw, sizeof(raw));
	if (n == (size_t)-1 || n < CURSOR_HEAD_LEN + 1 + CURSOR_TAG_LEN)
		return -1;
	idlen = raw[9];
	if (raw[0] != CURSOR_VERSION || n != CURSOR_HEAD_LEN + idlen +
	    CURSOR_TAG_LEN)
		return -1;
	if (cursor_tag(secret, secret_len, raw, CURSOR_HEAD_LEN + idlen,
	    scope, tag) != 0 ||
	    CRYPTO_memcmp(tag, raw + CURSOR_HEAD_LEN + idlen,
	    CURSOR_TAG_LEN) != 0)
		return -1;
	for (int i = 0; i < 8; i++)
		t = t << 8 | raw[1 + i];
	if (t > (unsigned long long)INT64_MAX ||
	    !id_ok(raw + CURSOR_HEAD_LEN, idlen))
		return -1;
	pos->created_us = (long long)t;
	memcpy(pos->id, raw + CURSOR_HEAD_LEN, idlen);
	pos->id[idlen] = '\0';
	return 0;
}
