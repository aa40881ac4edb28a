/* quote_token: signed, self-contained quote ids. See quote_token.h. */
#include "core/quote_token.h"

#include <string.h>

#include <gmp.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>

#include "core/b64.h"
#include "core/currency.h"
#include "core/money.h"

#define TOKEN_VERSION 1
#define RATE_SCALE 8
#define HEAD_LEN 13              /* version and coin, expiry, rate, fee */
#define NONCE_LEN 5
#define TAG_LEN 12
#define FIXED_LEN (HEAD_LEN + NONCE_LEN + TAG_LEN)
#define AMOUNT_MAX 14            /* 10^33 base units fit 110 bits */
#define RAW_MAX (FIXED_LEN + AMOUNT_MAX)

_Static_assert(3 + (RAW_MAX * 4 + 2) / 3 < QUOTE_ID_MAX, "largest token exceeds QUOTE_ID_MAX");
_Static_assert(3 + ((FIXED_LEN + 1) * 4 + 2) / 3 >= QUOTE_TOKEN_MIN_LEN,
    "shortest token must not look like a stored quote's id");

/* The coins a token can name, by index (1-based; never reorder: tokens in
 * flight carry the index). */
static const char *const coins[] = { "USDT", "USDC", "USDC_E", "DAI", "GHSFIAT" };
#define NCOINS (sizeof(coins) / sizeof(coins[0]))

static void
put_be(unsigned char *p, unsigned long long v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (unsigned char)(v >> (8 * (n - 1 - i)));
}

static unsigned long long
get_be(const unsigned char *p, size_t n)
{
	unsigned long long v = 0;

	for (size_t i = 0; i < n; i++)
		v = v << 8 | p[i];
	return v;
}

/* text (at most scale places) as whole units of 10^-scale, when it fits n
 * bytes: 0, or -1. */
static int
units_of(const char *text, unsigned scale, size_t n, unsigned long long *v)
{
	mpz_t u;
	int rc = -1;

	mpz_init(u);
	if (money_parse(text, scale, u) == MONEY_OK && mpz_sgn(u) > 0 &&
	    mpz_sizeinbase(u, 2) <= 8 * n) {
		*v = (unsigned long long)mpz_get_ui(u);
		rc = 0;
	}
	mpz_clear(u);
	return rc;
}

static int
units_text(unsigned long long v, unsigned scale, char *out, size_t cap)
{
	mpz_t u;
	int rc;

	mpz_init_set_ui(u, (unsigned long)v);
	rc = money_format(u, scale, out, cap);
	mpz_clear(u);
	return rc;
}

/* The tag of raw (its tag bytes left out) for scope, into tag. 0 or -1. */
static int
tag_of(const unsigned char *key, size_t key_len, const char *scope,
    const unsigned char *raw, size_t n, unsigned char tag[TAG_LEN])
{
	static const char label[] = "cediramp-quote";
	unsigned char msg[sizeof(label) + 64 + RAW_MAX], md[EVP_MAX_MD_SIZE];
	size_t slen = strlen(scope), m = 0;
	unsigned int mdlen = 0;

	if (slen > 63 || key_len == 0 || key_len > 1024)
		return -1;
	memcpy(msg, label, sizeof(label)); /* with its NUL: the separator */
	m = sizeof(label);
	memcpy(msg + m, scope, slen);
	m += slen;
	msg[m++] = 0;
	memcpy(msg + m, raw, HEAD_LEN + NONCE_LEN);
	m += HEAD_LEN + NONCE_LEN;
	memcpy(msg + m, raw + FIXED_LEN, n - FIXED_LEN);
	m += n - FIXED_LEN;
	if (HMAC(EVP_sha256(), key, (int)key_len, msg, m, md, &mdlen) == NULL || mdlen < TAG_LEN)
		return -1;
	memcpy(tag, md, TAG_LEN);
	OPENSSL_cleanse(md, sizeof(md));
	return 0;
}

int
quote_token_encode(const unsigned char *key, size_t key_len, const char *scope,
    const struct quote_token *t, char *out)
{
	unsigned char raw[RAW_MAX];
	const struct currency *c;
	unsigned long long rate, fee, exp;
	size_t ci, n;
	mpz_t amt;
	int rc = -1;

	if (key == NULL || scope == NULL || t == NULL || out == NULL)
		return -1;
	for (ci = 0; ci < NCOINS && strcmp(coins[ci], t->coin) != 0; ci++)
		;
	if (ci == NCOINS || (c = currency_find(t->coin)) == NULL || t->expires_at <= 0 ||
	    (unsigned long long)t->expires_at > 0xffffffffULL ||
	    units_of(t->rate, RATE_SCALE, 6, &rate) != 0 ||
	    units_of(t->fee_percent, 2, 2, &fee) != 0)
		return -1;
	exp = (unsigned long long)t->expires_at;
	raw[0] = (unsigned char)(TOKEN_VERSION << 4 | (ci + 1));
	put_be(raw + 1, exp, 4);
	put_be(raw + 5, rate, 6);
	put_be(raw + 11, fee, 2);
	if (RAND_bytes(raw + HEAD_LEN, NONCE_LEN) != 1)
		return -1;
	mpz_init(amt);
	if (money_parse(t->amount, c->scale, amt) != MONEY_OK || mpz_sgn(amt) <= 0 ||
	    (n = (mpz_sizeinbase(amt, 2) + 7) / 8) > AMOUNT_MAX)
		goto out;
	mpz_export(raw + FIXED_LEN, NULL, 1, 1, 1, 0, amt);
	n += FIXED_LEN;
	if (tag_of(key, key_len, scope, raw, n, raw + HEAD_LEN + NONCE_LEN) != 0)
		goto out;
	memcpy(out, "qt_", 3);
	if (b64url_encode(raw, n, out + 3, QUOTE_ID_MAX - 3) == (size_t)-1)
		goto out;
	rc = 0;
out:
	mpz_clear(amt);
	return rc;
}

int
quote_token_decode(const unsigned char *key, size_t key_len, const char *scope,
    const char *id, struct quote_token *t)
{
	unsigned char raw[RAW_MAX + 3], tag[TAG_LEN];
	char canon[QUOTE_ID_MAX];
	const struct currency *c;
	struct quote_token d;
	size_t len, n, ci;
	mpz_t amt;
	int rc = -1;

	if (key == NULL || scope == NULL || id == NULL || t == NULL ||
	    !quote_token_shaped(id))
		return -1;
	len = strlen(id);
	n = b64url_decode(id + 3, len - 3, raw, sizeof(raw));
	if (n == (size_t)-1 || n <= FIXED_LEN || n > RAW_MAX)
		return -1;
	/* one token, one text: the id is the key of its single use, so a
	 * variant (other unused bits in the last character) is refused */
	if (b64url_encode(raw, n, canon, sizeof(canon)) == (size_t)-1 ||
	    strcmp(canon, id + 3) != 0)
		return -1;
	/* the tag first: nothing of an unverified token is believed */
	if (tag_of(key, key_len, scope, raw, n, tag) != 0 ||
	    CRYPTO_memcmp(tag, raw + HEAD_LEN + NONCE_LEN, TAG_LEN) != 0)
		return -1;
	ci = raw[0] & 0x0f;
	if (raw[0] >> 4 != TOKEN_VERSION || ci < 1 || ci > NCOINS || raw[FIXED_LEN] == 0 ||
	    (c = currency_find(coins[ci - 1])) == NULL)
		return -1;
	memset(&d, 0, sizeof(d));
	memcpy(d.coin, coins[ci - 1], strlen(coins[ci - 1]) + 1);
	d.expires_at = (long long)get_be(raw + 1, 4);
	mpz_init(amt);
	mpz_import(amt, n - FIXED_LEN, 1, 1, 1, 0, raw + FIXED_LEN);
	if (units_text(get_be(raw + 5, 6), RATE_SCALE, d.rate, sizeof(d.rate)) == 0 &&
	    units_text(get_be(raw + 11, 2), 2, d.fee_percent, sizeof(d.fee_percent)) == 0 &&
	    money_format(amt, c->scale, d.amount, sizeof(d.amount)) == 0) {
		*t = d;
		rc = 0;
	}
	mpz_clear(amt);
	return rc;
}

int
quote_token_shaped(const char *id)
{
	size_t n = id != NULL ? strnlen(id, QUOTE_ID_MAX) : 0;

	return n >= QUOTE_TOKEN_MIN_LEN && n < QUOTE_ID_MAX && strncmp(id, "qt_", 3) == 0;
}
