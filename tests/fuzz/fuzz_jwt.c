/*
 * fuzz_jwt: the wallet API's bearer token parser and verifier (jwt_verify)
 * under fixed HS256 configurations, and jwt_sign_hs256. Input: a mode
 * byte, then
 *   0: a raw token, verified as a client sent it;
 *   1: header JSON, '\n', payload JSON: signed here with the configured
 *      secret, so the header and claim checks behind the signature are
 *      reached; also signed with another secret, which must fail;
 *   2: iat and exp (8 bytes each) and a flag byte, then a subject: minted
 *      by jwt_sign_hs256 and verified, against the claim rules.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "core/b64.h"
#include "http/jwt.h"

#include "fuzzutil.h"

#define NOW 1700000000LL
#define LEEWAY 60
#define ISSUER "https://issuer.example"
#define AUDIENCE "cediramp-wallet"

static const char secret[] = "fuzz-hs256-secret-0123456789abcdef";
static const char other_secret[] = "fuzz-hs256-secret-0123456789abcdeX";

/* full: every algorithm allowed (no JWKS: RS256/ES256 find no key), with
 * iss, aud and leeway; plain: HS256 only, no iss or aud, no leeway. */
static struct jwt_verifier *full, *plain;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	struct jwt_config c = { (const unsigned char *)secret, strlen(secret),
		NULL, ISSUER, AUDIENCE, LEEWAY,
		JWT_ALG_HS256 | JWT_ALG_RS256 | JWT_ALG_ES256 };
	struct jwt_config p = { (const unsigned char *)secret, strlen(secret),
		NULL, NULL, NULL, 0, JWT_ALG_HS256 };
	char err[256];

	(void)argc;
	(void)argv;
	if (jwt_verifier_new(&c, &full, err, sizeof(err)) != 0 ||
	    jwt_verifier_new(&p, &plain, err, sizeof(err)) != 0)
		fz_fail(__FILE__, __LINE__, err);
	return 0;
}

/* a + b saturating, as the verifier adds leeway. */
static long long
sat_add(long long a, long long b)
{
	return a > LLONG_MAX - b ? LLONG_MAX : a + b;
}

/* What JWT_OK promises about claims, with the verifier's leeway. */
static void
check_ok_claims(const struct jwt_claims *c, long long leeway)
{
	size_t n = strnlen(c->sub, sizeof(c->sub));

	FZ_CHECK(n >= 1 && n <= JWT_SUB_MAX);
	for (size_t i = 0; i < n; i++)
		FZ_CHECK((unsigned char)c->sub[i] >= 0x21 &&
		    (unsigned char)c->sub[i] <= 0x7e);
	FZ_CHECK(NOW < sat_add(c->exp, leeway));
	FZ_CHECK(c->nbf == 0 || c->nbf <= sat_add(NOW, leeway));
	FZ_CHECK(c->iat == 0 || c->iat <= sat_add(NOW, leeway));
}

/* Verifies token with v; checks the status and, on JWT_OK, the claims. */
static enum jwt_status
verify(const struct jwt_verifier *v, long long leeway, const char *tok,
    size_t len, struct jwt_claims *c)
{
	char why[128];
	enum jwt_status st = jwt_verify(v, tok, len, NOW, c, why, sizeof(why));

	FZ_CHECK(st == JWT_OK || st == JWT_EXPIRED || st == JWT_INVALID);
	FZ_CHECK(memchr(why, '\0', sizeof(why)) != NULL);
	if (st == JWT_OK)
		check_ok_claims(c, leeway);
	return st;
}

/* base64url(h) "." base64url(p) "." base64url(HMAC-SHA256(key, ...)). */
static char *
sign(const char *h, size_t hl, const char *p, size_t pl, const char *key,
    size_t *len)
{
	char *h64 = b64url_dup(h, hl), *p64 = b64url_dup(p, pl), *s64, *tok;
	unsigned char mac[EVP_MAX_MD_SIZE];
	unsigned int maclen = 0;
	size_t a, b, c;

	FZ_CHECK(h64 != NULL && p64 != NULL);
	a = strlen(h64);
	b = strlen(p64);
	tok = malloc(a + b + 2 + b64url_encoded_len(32) + 1);
	FZ_CHECK(tok != NULL);
	memcpy(tok, h64, a);
	tok[a] = '.';
	memcpy(tok + a + 1, p64, b);
	FZ_CHECK(HMAC(EVP_sha256(), key, (int)strlen(key), (unsigned char *)tok,
	    a + 1 + b, mac, &maclen) != NULL);
	s64 = b64url_dup(mac, maclen);
	FZ_CHECK(s64 != NULL);
	c = strlen(s64);
	tok[a + 1 + b] = '.';
	memcpy(tok + a + b + 2, s64, c + 1);
	*len = a + b + 2 + c;
	free(h64);
	free(p64);
	free(s64);
	return tok;
}

/* The claims of a JWT_OK agree with the payload text they came from. */
static void
check_claims_match(const char *payload, size_t len, const struct jwt_claims *c)
{
	json_t *j = json_loadb(payload, len, JSON_REJECT_DUPLICATES, NULL);
	json_t *sub = json_object_get(j, "sub");

	FZ_CHECK(json_is_object(j));
	FZ_CHECK(json_is_string(sub) && json_string_length(sub) == strlen(c->sub) &&
	    memcmp(json_string_value(sub), c->sub, strlen(c->sub)) == 0);
	FZ_CHECK(json_is_integer(json_object_get(j, "exp")) &&
	    json_integer_value(json_object_get(j, "exp")) == c->exp);
	json_decref(j);
}

static void
fuzz_raw(struct fz_in *in)
{
	struct jwt_claims c;

	(void)verify(full, LEEWAY, (const char *)in->p, in->n, &c);
	(void)verify(plain, 0, (const char *)in->p, in->n, &c);
}

static void
fuzz_signed(struct fz_in *in)
{
	size_t hl, pl, len;
	char *h = fz_cut(in, '\n', &hl), *p = fz_cut(in, '\n', &pl), *tok;
	struct jwt_claims c;

	tok = sign(h, hl, p, pl, secret, &len);
	if (verify(full, LEEWAY, tok, len, &c) == JWT_OK)
		check_claims_match(p, pl, &c);
	if (verify(plain, 0, tok, len, &c) == JWT_OK)
		check_claims_match(p, pl, &c);
	/* the last signature character changed: never accepted */
	if (len > 0) {
		tok[len - 1] = tok[len - 1] == 'A' ? 'Q' : 'A';
		FZ_CHECK(verify(full, LEEWAY, tok, len, &c) == JWT_INVALID);
	}
	free(tok);
	tok = sign(h, hl, p, pl, other_secret, &len);
	FZ_CHECK(verify(full, LEEWAY, tok, len, &c) == JWT_INVALID);
	FZ_CHECK(verify(plain, 0, tok, len, &c) == JWT_INVALID);
	free(tok);
	free(h);
	free(p);
}

/* 1 when sub is 1..JWT_SUB_MAX characters in 0x21..0x7e. */
static int
sub_valid(const char *sub)
{
	size_t n = strlen(sub);

	if (n == 0 || n > JWT_SUB_MAX)
		return 0;
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)sub[i] < 0x21 || (unsigned char)sub[i] > 0x7e)
			return 0;
	return 1;
}

/* The status the claim rules give a token minted with iat and exp. */
static enum jwt_status
expected(long long iat, long long exp, long long leeway)
{
	if (iat > sat_add(NOW, leeway))
		return JWT_INVALID;
	return NOW >= sat_add(exp, leeway) ? JWT_EXPIRED : JWT_OK;
}

static void
fuzz_minted(struct fz_in *in)
{
	long long iat = (long long)fz_u64(in), exp = (long long)fz_u64(in);
	int with_iss = fz_byte(in) & 1;
	char *sub = fz_cut(in, '\0', NULL), *tok;
	struct jwt_claims c;
	enum jwt_status st;

	tok = jwt_sign_hs256((const unsigned char *)secret, strlen(secret), sub,
	    iat, exp, with_iss ? ISSUER : NULL, with_iss ? AUDIENCE : NULL);
	/* refused only for a subject the verifier would refuse */
	FZ_CHECK((tok != NULL) == sub_valid(sub));
	if (tok != NULL) {
		st = verify(full, LEEWAY, tok, strlen(tok), &c);
		FZ_CHECK(st == (with_iss ? expected(iat, exp, LEEWAY) : JWT_INVALID));
		if (st == JWT_OK)
			FZ_CHECK(strcmp(c.sub, sub) == 0 && c.exp == exp && c.iat == iat);
		st = verify(plain, 0, tok, strlen(tok), &c);
		FZ_CHECK(st == expected(iat, exp, 0));
		if (st == JWT_OK)
			FZ_CHECK(strcmp(c.sub, sub) == 0);
	}
	free(tok);
	free(sub);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fz_in in = { data, size };

	switch (fz_byte(&in) % 3) {
	case 0:
		fuzz_raw(&in);
		break;
	case 1:
		fuzz_signed(&in);
		break;
	default:
		fuzz_minted(&in);
		break;
	}
	return 0;
}
