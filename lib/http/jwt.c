/*
 * jwt: verification of wallet-API bearer tokens (JWS compact serialization).
 * See jwt.h for the contract. Keys come only from the configuration (HS256
 * secret) and the JWKS file; header members such as "jku", "jwk", "x5u" and
 * "x5c" are never used to find a key.
 */
#include "http/jwt.h"

#include "core/b64.h"

#include <jansson.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/param_build.h>
#include <openssl/rsa.h>

/* Decoded size bound of any part of a token of at most JWT_MAX_TOKEN bytes. */
#define JWT_MAX_DECODED (JWT_MAX_TOKEN / 4 * 3 + 3)
#define JWT_MIN_RSA_BITS 2048
#define JWK_MAX_FIELD 2048 /* base64url chars in one n, e, x or y */

enum key_type { KEY_RSA, KEY_EC };

struct jwk_key {
	enum key_type type;
	char *kid; /* NULL when the JWK has none */
	char *alg; /* NULL when the JWK has none */
	EVP_PKEY *pkey;
};

struct jwt_verifier {
	unsigned char *secret; /* NULL: HS256 refused */
	size_t secret_len;
	char *issuer;   /* NULL: not checked */
	char *audience; /* NULL: not checked */
	long long leeway;
	unsigned algs;
	struct jwk_key *keys;
	size_t nkeys;
};

/* snprintf into buf when there is one; a NULL or empty buffer is fine. */
static void
set_msg(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;

	if (buf == NULL || len == 0)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, len, fmt, ap);
	va_end(ap);
}

/* a + b for b >= 0, saturating at LLONG_MAX instead of overflowing. */
static long long
sat_add(long long a, long long b)
{
	if (a > LLONG_MAX - b)
		return LLONG_MAX;
	return a + b;
}

/* strdup of s, or NULL (and *ok = 0) when the copy fails; NULL/"" -> NULL. */
static char *
dup_opt(const char *s, int *ok)
{
	char *d = NULL;
	size_t n;

	if (s == NULL || s[0] == '\0')
		return NULL;
	n = strlen(s);
	d = malloc(n + 1);
	if (d == NULL) {
		*ok = 0;
		return NULL;
	}
	memcpy(d, s, n + 1);
	return d;
}

/*
 * Decodes the base64url string member name of jwk into a fresh buffer of
 * *len bytes (caller frees). Returns NULL when the member is missing, not a
 * string, empty, too long or not strict base64url.
 */
static unsigned char *
jwk_bytes(json_t *jwk, const char *name, size_t *len)
{
	json_t *m = json_object_get(jwk, name);
	unsigned char *buf = NULL;
	const char *s = NULL;
	size_t n;

	if (!json_is_string(m))
		return NULL;
	s = json_string_value(m);
	n = json_string_length(m);
	if (n == 0 || n > JWK_MAX_FIELD)
		return NULL;
	buf = malloc(n);
	if (buf == NULL)
		return NULL;
	*len = b64url_decode(s, n, buf, n);
	if (*len == (size_t)-1 || *len == 0) {
		free(buf);
		return NULL;
	}
	return buf;
}

/*
 * Builds a public EVP_PKEY of type name ("RSA" or "EC") from params and checks
 * it with EVP_PKEY_public_check. Returns the key (caller frees) or NULL.
 */
static EVP_PKEY *
pkey_from_params(const char *name, OSSL_PARAM_BLD *bld)
{
	OSSL_PARAM *params = NULL;
	EVP_PKEY_CTX *ctx = NULL;
	EVP_PKEY_CTX *check = NULL;
	EVP_PKEY *pkey = NULL;

	params = OSSL_PARAM_BLD_to_param(bld);
	if (params == NULL)
		goto free_params;
	ctx = EVP_PKEY_CTX_new_from_name(NULL, name, NULL);
	if (ctx == NULL)
		goto free_ctx;
	if (EVP_PKEY_fromdata_init(ctx) != 1 ||
	    EVP_PKEY_fromdata(ctx, &pkey, EVP_PKEY_PUBLIC_KEY, params) != 1)
		goto free_ctx;
	check = EVP_PKEY_CTX_new_from_pkey(NULL, pkey, NULL);
	if (check == NULL || EVP_PKEY_public_check(check) != 1) {
		EVP_PKEY_free(pkey);
		pkey = NULL;
	}
	EVP_PKEY_CTX_free(check);
free_ctx:
	EVP_PKEY_CTX_free(ctx);
free_params:
	OSSL_PARAM_free(params);
	return pkey;
}

/* RSA public key from JWK n/e, at least JWT_MIN_RSA_BITS; NULL on error. */
static EVP_PKEY *
jwk_rsa(json_t *jwk)
{
	unsigned char *nb = NULL;
	unsigned char *eb = NULL;
	size_t nlen = 0;
	size_t elen = 0;
	BIGNUM *n = NULL;
	BIGNUM *e = NULL;
	OSSL_PARAM_BLD *bld = NULL;
	EVP_PKEY *pkey = NULL;

	nb = jwk_bytes(jwk, "n", &nlen);
	if (nb == NULL)
		goto free_nb;
	eb = jwk_bytes(jwk, "e", &elen);
	if (eb == NULL)
		goto free_eb;
	n = BN_bin2bn(nb, (int)nlen, NULL);
	e = BN_bin2bn(eb, (int)elen, NULL);
	if (n == NULL || e == NULL)
		goto free_bn;
	bld = OSSL_PARAM_BLD_new();
	if (bld == NULL)
		goto free_bn;
	if (OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_N, n) != 1 ||
	    OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_E, e) != 1)
		goto free_bld;
	pkey = pkey_from_params("RSA", bld);
	if (pkey != NULL && EVP_PKEY_get_bits(pkey) < JWT_MIN_RSA_BITS) {
		EVP_PKEY_free(pkey);
		pkey = NULL;
	}
free_bld:
	OSSL_PARAM_BLD_free(bld);
free_bn:
	BN_free(n);
	BN_free(e);
free_eb:
	free(eb);
free_nb:
	free(nb);
	return pkey;
}

/* EC P-256 public key from JWK x/y (32 bytes each); NULL on error. */
static EVP_PKEY *
jwk_ec(json_t *jwk)
{
	unsigned char *xb = NULL;
	unsigned char *yb = NULL;
	size_t xlen = 0;
	size_t ylen = 0;
	unsigned char pub[65];
	OSSL_PARAM_BLD *bld = NULL;
	EVP_PKEY *pkey = NULL;

	xb = jwk_bytes(jwk, "x", &xlen);
	if (xb == NULL)
		goto free_xb;
	yb = jwk_bytes(jwk, "y", &ylen);
	if (yb == NULL || xlen != 32 || ylen != 32)
		goto free_yb;
	pub[0] = 0x04;
	memcpy(pub + 1, xb, 32);
	memcpy(pub + 33, yb, 32);
	bld = OSSL_PARAM_BLD_new();
	if (bld == NULL)
		goto free_yb;
	if (OSSL_PARAM_BLD_push_utf8_string(bld, OSSL_PKEY_PARAM_GROUP_NAME,
		"prime256v1", 0) != 1 ||
	    OSSL_PARAM_BLD_push_octet_string(bld, OSSL_PKEY_PARAM_PUB_KEY, pub,
		sizeof(pub)) != 1)
		goto free_bld;
	pkey = pkey_from_params("EC", bld);
free_bld:
	OSSL_PARAM_BLD_free(bld);
free_yb:
	free(yb);
free_xb:
	free(xb);
	return pkey;
}

/*
 * Optional string member name of jwk copied into *out (NULL when absent).
 * Returns 0, or -1 when the member is present but not a non-empty string or
 * the copy fails.
 */
static int
jwk_opt_string(json_t *jwk, const char *name, char **out)
{
	json_t *m = json_object_get(jwk, name);
	int ok = 1;

	*out = NULL;
	if (m == NULL)
		return 0;
	if (!json_is_string(m) || json_string_length(m) == 0 ||
	    strlen(json_string_value(m)) != json_string_length(m))
		return -1;
	*out = dup_opt(json_string_value(m), &ok);
	return ok ? 0 : -1;
}

/*
 * Appends the key described by jwk (index i, for messages) to v->keys.
 * Unsupported kty/crv and "use" other than "sig" are skipped (returns 0);
 * a malformed RSA or EC P-256 key is an error (-1, reason in err).
 */
static int
load_jwk(struct jwt_verifier *v, json_t *jwk, size_t i, char *err,
    size_t errlen)
{
	json_t *kty = json_object_get(jwk, "kty");
	json_t *use = json_object_get(jwk, "use");
	json_t *crv = json_object_get(jwk, "crv");
	struct jwk_key k = { KEY_RSA, NULL, NULL, NULL };

	if (!json_is_object(jwk) || !json_is_string(kty)) {
		set_msg(err, errlen, "JWKS key %zu: no kty", i);
		return -1;
	}
	if (use != NULL && (!json_is_string(use) ||
	    strcmp(json_string_value(use), "sig") != 0))
		return 0;
	if (strcmp(json_string_value(kty), "RSA") == 0) {
		k.type = KEY_RSA;
	} else if (strcmp(json_string_value(kty), "EC") == 0) {
		if (!json_is_string(crv) ||
		    strcmp(json_string_value(crv), "P-256") != 0)
			return 0;
		k.type = KEY_EC;
	} else {
		return 0;
	}
	if (jwk_opt_string(jwk, "kid", &k.kid) != 0 ||
	    jwk_opt_string(jwk, "alg", &k.alg) != 0) {
		set_msg(err, errlen, "JWKS key %zu: bad kid or alg", i);
		goto free_strings;
	}
	k.pkey = k.type == KEY_RSA ? jwk_rsa(jwk) : jwk_ec(jwk);
	if (k.pkey == NULL) {
		set_msg(err, errlen, "JWKS key %zu: bad %s public key", i,
		    k.type == KEY_RSA ? "RSA" : "EC");
		goto free_strings;
	}
	v->keys[v->nkeys++] = k;
	return 0;
free_strings:
	free(k.kid);
	free(k.alg);
	ERR_clear_error();
	return -1;
}

/* Frees v's keys (v keeps none). */
static void
free_keys(struct jwt_verifier *v)
{
	for (size_t i = 0; i < v->nkeys; i++) {
		EVP_PKEY_free(v->keys[i].pkey);
		free(v->keys[i].kid);
		free(v->keys[i].alg);
	}
	free(v->keys);
	v->keys = NULL;
	v->nkeys = 0;
}

/* Reads the JWKS root (a path or "the URL's" names it in messages) into
 * v->keys. Returns 0, or -1 with err set. */
static int
load_jwks_root(struct jwt_verifier *v, json_t *root, const char *path, char *err, size_t errlen)
{
	json_t *keys = NULL;
	size_t n;
	int rc = -1;

	keys = json_object_get(root, "keys");
	if (!json_is_array(keys)) {
		set_msg(err, errlen, "JWKS %s: no keys array", path);
		goto free_root;
	}
	n = json_array_size(keys);
	if (n > 0) {
		v->keys = calloc(n, sizeof(*v->keys));
		if (v->keys == NULL) {
			set_msg(err, errlen, "out of memory");
			goto free_root;
		}
	}
	for (size_t i = 0; i < n; i++)
		if (load_jwk(v, json_array_get(keys, i), i, err, errlen) != 0)
			goto free_root;
	if (v->nkeys == 0) {
		set_msg(err, errlen, "JWKS %s: no usable signing key", path);
		goto free_root;
	}
	rc = 0;
free_root:
	return rc;
}

/* Reads the JWKS file at path into v->keys. Returns 0, or -1 with err set. */
static int
load_jwks(struct jwt_verifier *v, const char *path, char *err, size_t errlen)
{
	json_error_t jerr;
	json_t *root = json_load_file(path, JSON_REJECT_DUPLICATES, &jerr);
	int rc;

	if (root == NULL) {
		set_msg(err, errlen, "JWKS %s: %s", path, jerr.text);
		return -1;
	}
	rc = load_jwks_root(v, root, path, err, errlen);
	json_decref(root);
	return rc;
}

int
jwt_verifier_set_jwks(struct jwt_verifier *v, const char *text, size_t n, char *err,
    size_t errlen)
{
	struct jwt_verifier next;
	json_error_t jerr;
	json_t *root;
	int rc;

	if (v == NULL || text == NULL) {
		set_msg(err, errlen, "no verifier or no JWKS");
		return -1;
	}
	if ((root = json_loadb(text, n, JSON_REJECT_DUPLICATES, &jerr)) == NULL) {
		set_msg(err, errlen, "JWKS: %s", jerr.text);
		return -1;
	}
	/* parsed apart, then swapped: a bad set leaves the good one */
	memset(&next, 0, sizeof(next));
	rc = load_jwks_root(&next, root, "fetched", err, errlen);
	json_decref(root);
	if (rc != 0) {
		free_keys(&next);
		return -1;
	}
	free_keys(v);
	v->keys = next.keys;
	v->nkeys = next.nkeys;
	return 0;
}

int
jwt_verifier_has_kid(const struct jwt_verifier *v, const char *kid)
{
	for (size_t i = 0; v != NULL && kid != NULL && i < v->nkeys; i++)
		if (v->keys[i].kid != NULL && strcmp(v->keys[i].kid, kid) == 0)
			return 1;
	return 0;
}

/*
 * See jwt.h. Besides the file errors, fails on a negative leeway and on an
 * allow-list that is empty or has unknown bits. HS256 without a secret and
 * RS256/ES256 without a JWKS are not errors: such tokens are just refused.
 */
int
jwt_verifier_new(const struct jwt_config *cfg, struct jwt_verifier **out,
    char *err, size_t errlen)
{
	const unsigned known = JWT_ALG_HS256 | JWT_ALG_RS256 | JWT_ALG_ES256;
	struct jwt_verifier *v = NULL;
	int ok = 1;

	set_msg(err, errlen, "ok");
	if (out != NULL)
		*out = NULL;
	if (cfg == NULL || out == NULL) {
		set_msg(err, errlen, "no config");
		return -1;
	}
	if (cfg->leeway_seconds < 0 || cfg->algs == 0 ||
	    (cfg->algs & ~known) != 0 || cfg->hs256_secret_len > INT_MAX) {
		set_msg(err, errlen, "bad leeway, algorithm list or secret");
		return -1;
	}
	v = calloc(1, sizeof(*v));
	if (v == NULL) {
		set_msg(err, errlen, "out of memory");
		return -1;
	}
	v->leeway = cfg->leeway_seconds;
	v->algs = cfg->algs;
	if (cfg->hs256_secret != NULL && cfg->hs256_secret_len > 0) {
		v->secret = malloc(cfg->hs256_secret_len);
		if (v->secret == NULL)
			ok = 0;
		else
			memcpy(v->secret, cfg->hs256_secret,
			    cfg->hs256_secret_len);
		v->secret_len = cfg->hs256_secret_len;
	}
	v->issuer = dup_opt(cfg->issuer, &ok);
	v->audience = dup_opt(cfg->audience, &ok);
	if (!ok) {
		set_msg(err, errlen, "out of memory");
		goto free_verifier;
	}
	if (cfg->jwks_path != NULL && cfg->jwks_path[0] != '\0' &&
	    load_jwks(v, cfg->jwks_path, err, errlen) != 0)
		goto free_verifier;
	*out = v;
	return 0;
free_verifier:
	jwt_verifier_free(v);
	return -1;
}

/* Frees v and everything it owns (the secret is wiped first). NULL is ok. */
void
jwt_verifier_free(struct jwt_verifier *v)
{
	if (v == NULL)
		return;
	if (v->secret != NULL)
		OPENSSL_cleanse(v->secret, v->secret_len);
	free(v->secret);
	free(v->issuer);
	free(v->audience);
	free_keys(v);
	free(v);
}

/*
 * The one key of type t usable for alg: same kid when kid is non-NULL, and
 * no JWK "alg" other than alg. NULL when there is none or more than one.
 */
static EVP_PKEY *
select_key(const struct jwt_verifier *v, enum key_type t, const char *alg,
    const char *kid, char *why, size_t whylen)
{
	EVP_PKEY *found = NULL;
	size_t count = 0;

	for (size_t i = 0; i < v->nkeys; i++) {
		const struct jwk_key *k = &v->keys[i];
		if (k->type != t)
			continue;
		if (k->alg != NULL && strcmp(k->alg, alg) != 0)
			continue;
		if (kid != NULL && (k->kid == NULL || strcmp(k->kid, kid) != 0))
			continue;
		found = k->pkey;
		count++;
	}
	if (count != 1) {
		set_msg(why, whylen, count == 0 ? "no key for token" :
		    "several keys match token");
		return NULL;
	}
	return found;
}

/*
 * Converts a raw 64-byte ES256 signature r||s into DER. Returns the length
 * and sets *der (free with OPENSSL_free), or -1.
 */
static int
es256_raw_to_der(const unsigned char *raw, unsigned char **der)
{
	ECDSA_SIG *sig = NULL;
	BIGNUM *r = NULL;
	BIGNUM *s = NULL;
	int len = -1;

	*der = NULL;
	sig = ECDSA_SIG_new();
	r = BN_bin2bn(raw, 32, NULL);
	s = BN_bin2bn(raw + 32, 32, NULL);
	if (sig == NULL || r == NULL || s == NULL)
		goto free_rs;
	if (ECDSA_SIG_set0(sig, r, s) != 1)
		goto free_rs;
	r = NULL; /* owned by sig now */
	s = NULL;
	len = i2d_ECDSA_SIG(sig, der);
	if (len <= 0) {
		OPENSSL_free(*der);
		*der = NULL;
		len = -1;
	}
free_rs:
	BN_free(r);
	BN_free(s);
	ECDSA_SIG_free(sig);
	return len;
}

/*
 * Verifies sig over msg with pkey using SHA-256 (PKCS#1 v1.5 padding for
 * RSA, DER ECDSA for EC). Returns 1 only for a good signature.
 */
static int
verify_pkey(EVP_PKEY *pkey, int is_rsa, const unsigned char *msg,
    size_t msglen, const unsigned char *sig, size_t siglen)
{
	EVP_MD_CTX *md = NULL;
	EVP_PKEY_CTX *pctx = NULL; /* owned by md */
	int good = 0;

	md = EVP_MD_CTX_new();
	if (md == NULL)
		goto free_md;
	if (EVP_DigestVerifyInit_ex(md, &pctx, "SHA256", NULL, NULL, pkey,
		NULL) != 1)
		goto free_md;
	if (is_rsa && EVP_PKEY_CTX_set_rsa_padding(pctx, RSA_PKCS1_PADDING) <= 0)
		goto free_md;
	good = EVP_DigestVerify(md, sig, siglen, msg, msglen) == 1;
free_md:
	EVP_MD_CTX_free(md);
	ERR_clear_error();
	return good;
}

/*
 * Checks the signature of the signing input msg for alg (one JWT_ALG_* bit)
 * and header kid. Returns 1 for a good signature, 0 otherwise (why set).
 */
static int
check_signature(const struct jwt_verifier *v, unsigned alg, const char *kid,
    const unsigned char *msg, size_t msglen, const unsigned char *sig,
    size_t siglen, char *why, size_t whylen)
{
	unsigned char mac[EVP_MAX_MD_SIZE];
	unsigned int maclen = 0;
	unsigned char *der = NULL;
	EVP_PKEY *pkey = NULL;
	int derlen;
	int good = 0;

	if (alg == JWT_ALG_HS256) {
		if (v->secret == NULL) {
			set_msg(why, whylen, "no HS256 secret configured");
			return 0;
		}
		if (HMAC(EVP_sha256(), v->secret, (int)v->secret_len, msg,
			msglen, mac, &maclen) == NULL || maclen != 32 ||
		    siglen != 32 || CRYPTO_memcmp(mac, sig, 32) != 0) {
			set_msg(why, whylen, "bad signature");
			return 0;
		}
		return 1;
	}
	if (alg == JWT_ALG_RS256) {
		pkey = select_key(v, KEY_RSA, "RS256", kid, why, whylen);
		if (pkey == NULL)
			return 0;
		good = siglen == (size_t)EVP_PKEY_get_size(pkey) &&
		    verify_pkey(pkey, 1, msg, msglen, sig, siglen);
	} else {
		pkey = select_key(v, KEY_EC, "ES256", kid, why, whylen);
		if (pkey == NULL)
			return 0;
		if (siglen != 64) {
			set_msg(why, whylen, "ES256 signature not 64 bytes");
			return 0;
		}
		derlen = es256_raw_to_der(sig, &der);
		good = derlen > 0 &&
		    verify_pkey(pkey, 0, msg, msglen, der, (size_t)derlen);
		OPENSSL_free(der);
	}
	if (!good)
		set_msg(why, whylen, "bad signature");
	return good;
}

/* Optional integer claim: 0 absent (*val = 0), 1 present, -1 not integer. */
static int
int_claim(json_t *payload, const char *name, long long *val)
{
	json_t *m = json_object_get(payload, name);

	*val = 0;
	if (m == NULL)
		return 0;
	if (!json_is_integer(m))
		return -1;
	*val = json_integer_value(m);
	return 1;
}

/* 1 when s is a JSON string equal to want, else 0. */
static int
string_is(json_t *s, const char *want)
{
	return json_is_string(s) && strlen(want) == json_string_length(s) &&
	    memcmp(json_string_value(s), want, json_string_length(s)) == 0;
}

/* 1 when aud is a string equal to want or an all-string array holding it. */
static int
aud_contains(json_t *aud, const char *want)
{
	size_t i;
	json_t *el = NULL;
	int found = 0;

	if (json_is_string(aud))
		return string_is(aud, want);
	if (!json_is_array(aud))
		return 0;
	json_array_foreach(aud, i, el) {
		if (!json_is_string(el))
			return 0;
		found |= string_is(el, want);
	}
	return found;
}

/* 1 when sub is a string of 1..JWT_SUB_MAX characters in 0x21..0x7e. */
static int
sub_ok(json_t *sub)
{
	const char *s = NULL;
	size_t n;

	if (!json_is_string(sub))
		return 0;
	s = json_string_value(sub);
	n = json_string_length(sub);
	if (n == 0 || n > JWT_SUB_MAX)
		return 0;
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)s[i] < 0x21 || (unsigned char)s[i] > 0x7e)
			return 0;
	return 1;
}

/*
 * Checks the claims of a payload whose signature is already good and fills
 * *c. Every other failure comes before the exp check, so JWT_EXPIRED means
 * "valid but for exp".
 */
static enum jwt_status
check_claims(const struct jwt_verifier *v, json_t *payload, long long now,
    struct jwt_claims *c, char *why, size_t whylen)
{
	json_t *sub = json_object_get(payload, "sub");
	long long exp, nbf, iat;
	int has_exp, has_nbf, has_iat;

	if (!json_is_object(payload)) {
		set_msg(why, whylen, "payload not an object");
		return JWT_INVALID;
	}
	has_exp = int_claim(payload, "exp", &exp);
	has_nbf = int_claim(payload, "nbf", &nbf);
	has_iat = int_claim(payload, "iat", &iat);
	if (has_exp != 1 || has_nbf < 0 || has_iat < 0) {
		set_msg(why, whylen, "exp missing, or exp/nbf/iat not integer");
		return JWT_INVALID;
	}
	if (!sub_ok(sub)) {
		set_msg(why, whylen, "bad sub");
		return JWT_INVALID;
	}
	if (v->issuer != NULL &&
	    !string_is(json_object_get(payload, "iss"), v->issuer)) {
		set_msg(why, whylen, "wrong iss");
		return JWT_INVALID;
	}
	if (v->audience != NULL &&
	    !aud_contains(json_object_get(payload, "aud"), v->audience)) {
		set_msg(why, whylen, "wrong aud");
		return JWT_INVALID;
	}
	if (has_nbf && sat_add(now, v->leeway) < nbf) {
		set_msg(why, whylen, "not yet valid (nbf)");
		return JWT_INVALID;
	}
	if (has_iat && iat > sat_add(now, v->leeway)) {
		set_msg(why, whylen, "issued in the future (iat)");
		return JWT_INVALID;
	}
	if (now >= sat_add(exp, v->leeway)) {
		set_msg(why, whylen, "expired");
		return JWT_EXPIRED;
	}
	if (c != NULL) {
		memcpy(c->sub, json_string_value(sub), json_string_length(sub));
		c->sub[json_string_length(sub)] = '\0';
		c->exp = exp;
		c->nbf = nbf;
		c->iat = iat;
	}
	return JWT_OK;
}

/*
 * Reads the header: returns the JWT_ALG_* bit of an allowed "alg" (0 when
 * refused, why set) and points *kid into hdr (valid while hdr lives).
 */
static unsigned
check_header(const struct jwt_verifier *v, json_t *hdr, const char **kid,
    char *why, size_t whylen)
{
	json_t *alg = json_object_get(hdr, "alg");
	json_t *k = json_object_get(hdr, "kid");
	unsigned bit;

	*kid = NULL;
	if (!json_is_object(hdr) || !json_is_string(alg)) {
		set_msg(why, whylen, "header: no alg");
		return 0;
	}
	if (json_object_get(hdr, "crit") != NULL) {
		set_msg(why, whylen, "header: crit not supported");
		return 0;
	}
	if (k != NULL && (!json_is_string(k) || json_string_length(k) == 0 ||
	    strlen(json_string_value(k)) != json_string_length(k))) {
		set_msg(why, whylen, "header: bad kid");
		return 0;
	}
	if (string_is(alg, "HS256"))
		bit = JWT_ALG_HS256;
	else if (string_is(alg, "RS256"))
		bit = JWT_ALG_RS256;
	else if (string_is(alg, "ES256"))
		bit = JWT_ALG_ES256;
	else
		bit = 0;
	if ((bit & v->algs) == 0) {
		set_msg(why, whylen, "header: alg not allowed");
		return 0;
	}
	*kid = k != NULL ? json_string_value(k) : NULL;
	return bit;
}

/*
 * Splits token into its three parts at the two dots. Returns 0 and the
 * offsets of the dots, or -1 when the shape is wrong.
 */
static int
split_token(const char *token, size_t len, size_t *d1, size_t *d2)
{
	size_t dots = 0;

	for (size_t i = 0; i < len; i++) {
		if (token[i] != '.')
			continue;
		if (dots == 0)
			*d1 = i;
		else if (dots == 1)
			*d2 = i;
		dots++;
	}
	if (dots != 2 || *d1 == 0 || *d2 == *d1 + 1 || *d2 + 1 == len)
		return -1;
	return 0;
}

/* Strictly decodes one token part into out (JWT_MAX_DECODED bytes). */
static size_t
decode_part(const char *s, size_t n, unsigned char *out)
{
	return b64url_decode(s, n, out, JWT_MAX_DECODED);
}

/* See jwt.h. claims is zeroed first, and only meaningful on JWT_OK. */
enum jwt_status
jwt_verify(const struct jwt_verifier *v, const char *token, size_t len,
    long long now, struct jwt_claims *claims, char *why, size_t whylen)
{
	unsigned char hbuf[JWT_MAX_DECODED];
	unsigned char pbuf[JWT_MAX_DECODED];
	unsigned char sbuf[JWT_MAX_DECODED];
	size_t d1 = 0, d2 = 0, hlen, plen, slen;
	json_t *hdr = NULL;
	json_t *payload = NULL;
	const char *kid = NULL;
	enum jwt_status st = JWT_INVALID;
	unsigned alg;

	set_msg(why, whylen, "ok");
	if (claims != NULL)
		memset(claims, 0, sizeof(*claims));
	if (v == NULL || token == NULL || len == 0 || len > JWT_MAX_TOKEN) {
		set_msg(why, whylen, "no token or token too long");
		return JWT_INVALID;
	}
	if (split_token(token, len, &d1, &d2) != 0) {
		set_msg(why, whylen, "not three non-empty parts");
		return JWT_INVALID;
	}
	hlen = decode_part(token, d1, hbuf);
	plen = decode_part(token + d1 + 1, d2 - d1 - 1, pbuf);
	slen = decode_part(token + d2 + 1, len - d2 - 1, sbuf);
	if (hlen == (size_t)-1 || plen == (size_t)-1 || slen == (size_t)-1) {
		set_msg(why, whylen, "bad base64url");
		return JWT_INVALID;
	}
	hdr = json_loadb((const char *)hbuf, hlen, JSON_REJECT_DUPLICATES,
	    NULL);
	if (hdr == NULL) {
		set_msg(why, whylen, "header not JSON");
		goto free_hdr;
	}
	alg = check_header(v, hdr, &kid, why, whylen);
	if (alg == 0)
		goto free_hdr;
	if (!check_signature(v, alg, kid, (const unsigned char *)token, d2,
		sbuf, slen, why, whylen))
		goto free_hdr;
	payload = json_loadb((const char *)pbuf, plen, JSON_REJECT_DUPLICATES,
	    NULL);
	if (payload == NULL) {
		set_msg(why, whylen, "payload not JSON");
		goto free_payload;
	}
	st = check_claims(v, payload, now, claims, why, whylen);
free_payload:
	json_decref(payload);
free_hdr:
	json_decref(hdr);
	return st;
}

/* base64url of the compact JSON form of j (caller frees), or NULL. */
static char *
b64_json(const json_t *j)
{
	char *text = json_dumps(j, JSON_COMPACT);
	char *s = NULL;

	if (text == NULL)
		return NULL;
	s = b64url_dup((const unsigned char *)text, strlen(text));
	free(text);
	return s;
}

/*
 * See jwt.h. sub must satisfy the verifier's rules (1..JWT_SUB_MAX printable
 * characters); iss and aud are left out when NULL or "".
 */
char *
jwt_sign_hs256(const unsigned char *secret, size_t secret_len,
    const char *sub, long long iat, long long exp, const char *iss,
    const char *aud)
{
	json_t *hdr = NULL;
	json_t *payload = NULL;
	json_t *jsub = NULL;
	char *h64 = NULL;
	char *p64 = NULL;
	char *s64 = NULL;
	char *tok = NULL;
	char *out = NULL;
	unsigned char mac[EVP_MAX_MD_SIZE];
	unsigned int maclen = 0;
	size_t hl, pl, sl;

	if (secret == NULL || secret_len == 0 || secret_len > INT_MAX ||
	    sub == NULL)
		return NULL;
	jsub = json_string(sub);
	if (!sub_ok(jsub))
		goto free_json;
	hdr = json_pack("{s:s, s:s}", "alg", "HS256", "typ", "JWT");
	payload = json_pack("{s:O, s:I, s:I}", "sub", jsub, "iat",
	    (json_int_t)iat, "exp", (json_int_t)exp);
	if (hdr == NULL || payload == NULL)
		goto free_json;
	if ((iss != NULL && iss[0] != '\0' &&
		json_object_set_new(payload, "iss", json_string(iss)) != 0) ||
	    (aud != NULL && aud[0] != '\0' &&
		json_object_set_new(payload, "aud", json_string(aud)) != 0))
		goto free_json;
	h64 = b64_json(hdr);
	p64 = b64_json(payload);
	if (h64 == NULL || p64 == NULL)
		goto free_parts;
	hl = strlen(h64);
	pl = strlen(p64);
	/* room for h.p.sig: the signing input is assembled in place */
	tok = malloc(hl + pl + 2 + b64url_encoded_len(32) + 1);
	if (tok == NULL)
		goto free_parts;
	memcpy(tok, h64, hl);
	tok[hl] = '.';
	memcpy(tok + hl + 1, p64, pl);
	if (HMAC(EVP_sha256(), secret, (int)secret_len, (unsigned char *)tok,
		hl + 1 + pl, mac, &maclen) == NULL)
		goto free_tok;
	s64 = b64url_dup(mac, maclen);
	if (s64 == NULL)
		goto free_tok;
	sl = strlen(s64);
	tok[hl + 1 + pl] = '.';
	memcpy(tok + hl + pl + 2, s64, sl + 1);
	out = tok;
	tok = NULL;
free_tok:
	free(tok);
free_parts:
	free(s64);
	free(h64);
	free(p64);
free_json:
	json_decref(jsub);
	json_decref(hdr);
	json_decref(payload);
	return out;
}

int
jwt_token_kid(const char *token, size_t len, char *kid, size_t cap)
{
	unsigned char hbuf[JWT_MAX_DECODED];
	size_t d1 = 0, d2 = 0, hlen;
	json_t *hdr, *k;
	int rc = 0;

	if (cap > 0)
		kid[0] = '\0';
	if (token == NULL || len == 0 || len > JWT_MAX_TOKEN || split_token(token, len, &d1, &d2) != 0 ||
	    (hlen = decode_part(token, d1, hbuf)) == (size_t)-1 ||
	    (hdr = json_loadb((const char *)hbuf, hlen, JSON_REJECT_DUPLICATES, NULL)) == NULL)
		return 0;
	k = json_object_get(hdr, "kid");
	if (json_is_string(k) && json_string_length(k) > 0 && json_string_length(k) < cap &&
	    strlen(json_string_value(k)) == json_string_length(k)) {
		memcpy(kid, json_string_value(k), json_string_length(k) + 1);
		rc = 1;
	}
	json_decref(hdr);
	return rc;
}
