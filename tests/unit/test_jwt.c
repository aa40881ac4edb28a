/*
 * Unit tests for lib/http/jwt.c. Keys are generated at start-up, published in
 * JWKS files under /tmp, and every token is signed here, independently of
 * jwt_sign_hs256 (which has its own test).
 */
#include "core/b64.h"
#include "http/jwt.h"

#include <CUnit/Basic.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/pem.h>

#include "unit.h"

#define T 1700000000LL /* "now" of most cases */
#define ISSUER "https://issuer.example"
#define AUDIENCE "cediramp"

static const char secret[] = "hs256-test-secret-0123456789abcdef";
static const char wrong_secret[] = "hs256-wrong-secret";
static const char oct_secret[] = "secret-published-as-oct-jwk";

static EVP_PKEY *rsa_key, *rsa_key2, *ec_key, *ec_key2;
static char *rsa_pem;      /* RSA public key, PEM */
static char *rsa_jwk_text; /* RSA public key, JWK JSON */
static char jwks_main[] = "/tmp/test_jwt_main_XXXXXX";
static char jwks_wrong[] = "/tmp/test_jwt_wrong_XXXXXX";
static char jwks_ec[] = "/tmp/test_jwt_ec_XXXXXX";

enum verifier_id {
	V_ALL,       /* every alg, secret, main JWKS, leeway 60 */
	V_HS_ONLY,   /* HS256 only */
	V_ISS_AUD,   /* V_ALL plus issuer and audience */
	V_WRONG_RSA, /* JWKS whose "rsa-1" is another RSA key */
	V_EC_ONLY,   /* JWKS holding the single EC key "ec-1" */
	V_NO_SECRET, /* HS256 allowed but no secret configured */
	V_COUNT
};
static struct jwt_verifier *verifiers[V_COUNT];

/* ---- fixtures ---------------------------------------------------------- */

/* Adds member name = base64url(big-endian bn param of pkey) to jwk. */
static int
put_bn(json_t *jwk, const char *name, EVP_PKEY *pkey, const char *param)
{
	BIGNUM *bn = NULL;
	unsigned char buf[1024];
	char *s = NULL;
	int rc = -1;

	if (EVP_PKEY_get_bn_param(pkey, param, &bn) != 1 ||
	    BN_num_bytes(bn) > (int)sizeof(buf))
		goto free_bn;
	s = b64url_dup(buf, (size_t)BN_bn2bin(bn, buf));
	if (s != NULL && json_object_set_new(jwk, name, json_string(s)) == 0)
		rc = 0;
	free(s);
free_bn:
	BN_free(bn);
	return rc;
}

/* Public JWK of pkey (RSA or EC P-256) with kid and optional extras. */
static json_t *
make_jwk(EVP_PKEY *pkey, const char *kid, const char *alg, const char *use)
{
	json_t *jwk = json_pack("{s:s}", "kid", kid);
	unsigned char pub[65];
	size_t publen = 0;
	char *x = NULL, *y = NULL;

	if (jwk == NULL)
		return NULL;
	if (alg != NULL)
		json_object_set_new(jwk, "alg", json_string(alg));
	if (use != NULL)
		json_object_set_new(jwk, "use", json_string(use));
	if (EVP_PKEY_is_a(pkey, "RSA")) {
		json_object_set_new(jwk, "kty", json_string("RSA"));
		if (put_bn(jwk, "n", pkey, OSSL_PKEY_PARAM_RSA_N) == 0 &&
		    put_bn(jwk, "e", pkey, OSSL_PKEY_PARAM_RSA_E) == 0)
			return jwk;
		goto free_jwk;
	}
	if (EVP_PKEY_get_octet_string_param(pkey, OSSL_PKEY_PARAM_PUB_KEY, pub,
	    sizeof(pub), &publen) != 1 || publen != 65 || pub[0] != 0x04)
		goto free_jwk;
	x = b64url_dup(pub + 1, 32);
	y = b64url_dup(pub + 33, 32);
	if (x == NULL || y == NULL ||
	    json_object_update_new(jwk, json_pack("{s:s,s:s,s:s,s:s}", "kty", "EC",
	    "crv", "P-256", "x", x, "y", y)) != 0)
		goto free_xy;
	free(x);
	free(y);
	return jwk;
free_xy:
	free(x);
	free(y);
free_jwk:
	json_decref(jwk);
	return NULL;
}

/* Writes {"keys": keys} (reference stolen) to a mkstemp file named path. */
static int
write_jwks(char *path, json_t *keys)
{
	json_t *root = json_pack("{s:o}", "keys", keys);
	int fd = mkstemp(path);
	int rc = -1;

	if (root != NULL && fd >= 0 && json_dumpfd(root, fd, JSON_INDENT(1)) == 0)
		rc = 0;
	if (fd >= 0)
		close(fd);
	json_decref(root);
	return rc;
}

/* Writes text to a fresh mkstemp file; path is filled in. */
static int
write_text(char *path, const char *text)
{
	int fd = mkstemp(path);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = write(fd, text, strlen(text));
	close(fd);
	return n == (ssize_t)strlen(text) ? 0 : -1;
}

/* Verifier with leeway 60 (NULL on failure, reason on stderr). */
static struct jwt_verifier *
make_verifier(const char *secret_s, const char *jwks, const char *iss,
    const char *aud, unsigned algs)
{
	struct jwt_config cfg = { (const unsigned char *)secret_s,
		secret_s ? strlen(secret_s) : 0, jwks, iss, aud, 60, algs };
	struct jwt_verifier *v = NULL;
	char err[256];

	if (jwt_verifier_new(&cfg, &v, err, sizeof(err)) != 0)
		fprintf(stderr, "verifier: %s\n", err);
	return v;
}

/* Fills rsa_pem and rsa_jwk_text, the RSA public key as PEM and as JWK. */
static int
export_rsa_public(json_t *rsa_jwk)
{
	BIO *bio = BIO_new(BIO_s_mem());
	char *pem = NULL;
	long pemlen;
	int rc = -1;

	if (bio == NULL || PEM_write_bio_PUBKEY(bio, rsa_key) != 1)
		goto free_bio;
	pemlen = BIO_get_mem_data(bio, &pem);
	rsa_pem = calloc(1, (size_t)pemlen + 1);
	rsa_jwk_text = json_dumps(rsa_jwk, JSON_COMPACT);
	if (rsa_pem == NULL || rsa_jwk_text == NULL)
		goto free_bio;
	memcpy(rsa_pem, pem, (size_t)pemlen);
	rc = 0;
free_bio:
	BIO_free(bio);
	return rc;
}

/*
 * Generates the keys, writes the three JWKS files and builds the verifiers.
 * On failure CUnit skips the suite; what was built is freed by the process
 * exit.
 */
static int
suite_init(void)
{
	const unsigned all = JWT_ALG_HS256 | JWT_ALG_RS256 | JWT_ALG_ES256;
	json_t *rsa_jwk = NULL;
	char *oct = NULL;
	int rc = -1;

	rsa_key = EVP_PKEY_Q_keygen(NULL, NULL, "RSA", (size_t)2048);
	rsa_key2 = EVP_PKEY_Q_keygen(NULL, NULL, "RSA", (size_t)2048);
	ec_key = EVP_PKEY_Q_keygen(NULL, NULL, "EC", "P-256");
	ec_key2 = EVP_PKEY_Q_keygen(NULL, NULL, "EC", "P-256");
	if (!rsa_key || !rsa_key2 || !ec_key || !ec_key2)
		return -1;
	rsa_jwk = make_jwk(rsa_key, "rsa-1", "RS256", "sig");
	oct = b64url_dup(oct_secret, strlen(oct_secret));
	if (rsa_jwk == NULL || oct == NULL || export_rsa_public(rsa_jwk) != 0)
		goto free_oct;
	/* main: two EC keys, so ES256 without kid is ambiguous there */
	if (write_jwks(jwks_main, json_pack("[O,o,o,o,o,o,o]", rsa_jwk,
	    make_jwk(rsa_key, "rsa-512", "RS512", NULL),
	    make_jwk(rsa_key2, "rsa-enc", NULL, "enc"),
	    make_jwk(ec_key, "ec-1", NULL, NULL),
	    make_jwk(ec_key2, "ec-2", "ES256", "sig"),
	    json_pack("{s:s,s:s,s:s}", "kty", "oct", "kid", "oct-1",
		"k", oct),
	    json_pack("{s:s,s:s,s:s,s:s,s:s}", "kty", "EC", "kid", "p384",
		"crv", "P-384", "x", "AA", "y", "AA"))) != 0)
		goto free_oct;
	if (write_jwks(jwks_wrong, json_pack("[o,o]",
	    make_jwk(rsa_key2, "rsa-1", NULL, NULL),
	    make_jwk(ec_key, "ec-1", NULL, NULL))) != 0 ||
	    write_jwks(jwks_ec, json_pack("[o]",
	    make_jwk(ec_key, "ec-1", NULL, NULL))) != 0)
		goto free_oct;

	verifiers[V_ALL] = make_verifier(secret, jwks_main, NULL, NULL, all);
	verifiers[V_HS_ONLY] = make_verifier(secret, jwks_main, NULL, NULL,
	    JWT_ALG_HS256);
	verifiers[V_ISS_AUD] = make_verifier(secret, jwks_main, ISSUER,
	    AUDIENCE, all);
	verifiers[V_WRONG_RSA] = make_verifier(secret, jwks_wrong, NULL, NULL,
	    all);
	verifiers[V_EC_ONLY] = make_verifier(secret, jwks_ec, NULL, NULL, all);
	verifiers[V_NO_SECRET] = make_verifier(NULL, jwks_main, NULL, NULL,
	    all);
	rc = 0;
	for (int i = 0; i < V_COUNT; i++)
		if (verifiers[i] == NULL)
			rc = -1;
free_oct:
	free(oct);
	json_decref(rsa_jwk);
	return rc;
}

static int
suite_cleanup(void)
{
	for (int i = 0; i < V_COUNT; i++)
		jwt_verifier_free(verifiers[i]);
	EVP_PKEY_free(rsa_key);
	EVP_PKEY_free(rsa_key2);
	EVP_PKEY_free(ec_key);
	EVP_PKEY_free(ec_key2);
	free(rsa_pem);
	free(rsa_jwk_text);
	unlink(jwks_main);
	unlink(jwks_wrong);
	unlink(jwks_ec);
	return 0;
}

/* ---- token construction ------------------------------------------------ */

enum signer {
	S_HS, S_HS_WRONG, S_HS_EMPTY, S_HS_PEM, S_HS_JWK, S_HS_OCT, S_HS512,
	S_RS, S_RS2, S_ES, S_ES2, S_ES_DER, S_ES_LONG, S_NONE_EMPTY, S_NONE_SIG
};
enum mutation { M_NONE, M_PAYLOAD, M_SIG };

/* Signs msg with pkey (SHA-256); out gets the DER/PKCS#1 signature. */
static int
pkey_sign(EVP_PKEY *pkey, const char *msg, unsigned char *out, size_t *len)
{
	EVP_MD_CTX *md = EVP_MD_CTX_new();
	int ok = md != NULL &&
	    EVP_DigestSignInit_ex(md, NULL, "SHA256", NULL, NULL, pkey,
		NULL) == 1 &&
	    EVP_DigestSign(md, out, len, (const unsigned char *)msg,
		strlen(msg)) == 1;

	EVP_MD_CTX_free(md);
	return ok ? 0 : -1;
}

/* ES256 JWS signature: DER ECDSA turned into raw r||s (64 bytes). */
static int
es256_sign(EVP_PKEY *pkey, const char *msg, unsigned char *out, size_t *len)
{
	unsigned char der[128];
	const unsigned char *p = der;
	size_t derlen = sizeof(der);
	ECDSA_SIG *sig = NULL;
	const BIGNUM *r = NULL, *s = NULL;
	int rc = -1;

	if (pkey_sign(pkey, msg, der, &derlen) != 0)
		return -1;
	sig = d2i_ECDSA_SIG(NULL, &p, (long)derlen);
	if (sig == NULL)
		return -1;
	ECDSA_SIG_get0(sig, &r, &s);
	if (BN_bn2binpad(r, out, 32) == 32 && BN_bn2binpad(s, out + 32, 32) == 32)
		rc = 0;
	*len = 64;
	ECDSA_SIG_free(sig);
	return rc;
}

/* HMAC of msg keyed with the NUL-terminated key; out gets the MAC. */
static int
hmac_sign(const EVP_MD *md, const char *key, const char *msg,
    unsigned char *out, size_t *len)
{
	unsigned int n = 0;

	if (HMAC(md, key, (int)strlen(key), (const unsigned char *)msg,
	    strlen(msg), out, &n) == NULL)
		return -1;
	*len = n;
	return 0;
}

/* The JWS signature bytes of msg by signer s. */
static int
sign_input(enum signer s, const char *msg, unsigned char *sig, size_t *len)
{
	switch (s) {
	case S_HS: return hmac_sign(EVP_sha256(), secret, msg, sig, len);
	case S_HS_WRONG: return hmac_sign(EVP_sha256(), wrong_secret, msg, sig,
	    len);
	case S_HS_EMPTY: return hmac_sign(EVP_sha256(), "", msg, sig, len);
	case S_HS_PEM: return hmac_sign(EVP_sha256(), rsa_pem, msg, sig, len);
	case S_HS_JWK: return hmac_sign(EVP_sha256(), rsa_jwk_text, msg, sig,
	    len);
	case S_HS_OCT: return hmac_sign(EVP_sha256(), oct_secret, msg, sig,
	    len);
	case S_HS512: return hmac_sign(EVP_sha512(), secret, msg, sig, len);
	case S_RS: return pkey_sign(rsa_key, msg, sig, len);
	case S_RS2: return pkey_sign(rsa_key2, msg, sig, len);
	case S_ES: return es256_sign(ec_key, msg, sig, len);
	case S_ES2: return es256_sign(ec_key2, msg, sig, len);
	case S_ES_DER: return pkey_sign(ec_key, msg, sig, len);
	case S_ES_LONG: /* good r||s plus one byte */
		if (es256_sign(ec_key, msg, sig, len) != 0)
			return -1;
		sig[(*len)++] = 0;
		return 0;
	case S_NONE_EMPTY: *len = 0; return 0;
	case S_NONE_SIG: memcpy(sig, "sig", 3); *len = 3; return 0;
	}
	return -1;
}

/* Changes the last digit of the decoded payload, keeping the signature. */
static int
tamper_payload(char *payload)
{
	for (size_t i = strlen(payload); i-- > 0;)
		if (payload[i] >= '0' && payload[i] <= '9') {
			payload[i] ^= 1;
			return 0;
		}
	return -1;
}

/*
 * Compact JWS of hdr/payload (JSON texts, used verbatim) signed by s, then
 * mutated by m. malloc'd; NULL on failure.
 */
static char *
make_token(const char *hdr, const char *payload, enum signer s,
    enum mutation m)
{
	unsigned char sig[1024];
	size_t siglen = sizeof(sig);
	char *h = b64url_dup(hdr, strlen(hdr));
	char *p = b64url_dup(payload, strlen(payload));
	char *p2 = NULL, *sg = NULL, *input = NULL, *tok = NULL;
	size_t cap;

	if (h == NULL || p == NULL)
		goto free_parts;
	cap = strlen(h) + strlen(p) + 2;
	input = malloc(cap);
	if (input == NULL)
		goto free_parts;
	snprintf(input, cap, "%s.%s", h, p);
	if (sign_input(s, input, sig, &siglen) != 0)
		goto free_parts;
	if (m == M_SIG && siglen > 0)
		sig[siglen / 2] ^= 0x01;
	if (m == M_PAYLOAD) {
		char *copy = strdup(payload);
		if (copy == NULL || tamper_payload(copy) != 0) {
			free(copy);
			goto free_parts;
		}
		p2 = b64url_dup(copy, strlen(copy));
		free(copy);
		if (p2 == NULL)
			goto free_parts;
	}
	sg = b64url_dup(sig, siglen);
	if (sg == NULL)
		goto free_parts;
	cap += strlen(sg) + 1;
	tok = malloc(cap);
	if (tok != NULL)
		snprintf(tok, cap, "%s.%s.%s", h, p2 ? p2 : p, sg);
free_parts:
	free(h);
	free(p);
	free(p2);
	free(sg);
	free(input);
	return tok;
}

/* ---- table of tokens --------------------------------------------------- */

#define H_HS "{\"alg\":\"HS256\",\"typ\":\"JWT\"}"
#define H_RS "{\"alg\":\"RS256\",\"kid\":\"rsa-1\"}"
#define H_ES "{\"alg\":\"ES256\",\"kid\":\"ec-1\"}"
#define SUB "\"sub\":\"wallet-1\""
#define P_OK "{" SUB ",\"iat\":1700000000,\"exp\":1700003600}"
#define P_EXP_T "{" SUB ",\"exp\":1700000000}" /* expires at T */
#define S16 "abcdefghijklmnop"
#define S128 S16 S16 S16 S16 S16 S16 S16 S16
#define ISS "\"iss\":\"" ISSUER "\""
#define EXP "\"exp\":1700003600"

struct tcase {
	const char *name;
	const char *hdr;
	const char *payload;
	enum signer signer;
	enum mutation mut;
	enum verifier_id v;
	long long dt; /* now = T + dt */
	enum jwt_status want;
};

static const struct tcase cases[] = {
	/* good signatures and key selection */
	{ "HS256", H_HS, P_OK, S_HS, M_NONE, V_ALL, 0, JWT_OK },
	{ "RS256 kid", H_RS, P_OK, S_RS, M_NONE, V_ALL, 0, JWT_OK },
	{ "RS256 no kid, one RS256 key", "{\"alg\":\"RS256\"}", P_OK, S_RS,
	    M_NONE, V_ALL, 0, JWT_OK },
	{ "ES256 kid", H_ES, P_OK, S_ES, M_NONE, V_ALL, 0, JWT_OK },
	{ "ES256 kid ec-2", "{\"alg\":\"ES256\",\"kid\":\"ec-2\"}", P_OK, S_ES2,
	    M_NONE, V_ALL, 0, JWT_OK },
	{ "ES256 no kid, one EC key", "{\"alg\":\"ES256\"}", P_OK, S_ES,
	    M_NONE, V_EC_ONLY, 0, JWT_OK },
	/* either EC key would verify one of these: the ambiguity must refuse */
	{ "ES256 no kid, two EC keys (1)", "{\"alg\":\"ES256\"}", P_OK, S_ES,
	    M_NONE, V_ALL, 0, JWT_INVALID },
	{ "ES256 no kid, two EC keys (2)", "{\"alg\":\"ES256\"}", P_OK, S_ES2,
	    M_NONE, V_ALL, 0, JWT_INVALID },
	{ "RS256 key with JWK alg RS512",
	    "{\"alg\":\"RS256\",\"kid\":\"rsa-512\"}", P_OK, S_RS, M_NONE,
	    V_ALL, 0, JWT_INVALID },
	{ "RS256 key with use enc", "{\"alg\":\"RS256\",\"kid\":\"rsa-enc\"}",
	    P_OK, S_RS2, M_NONE, V_ALL, 0, JWT_INVALID },
	{ "RS256 kid of EC key", "{\"alg\":\"RS256\",\"kid\":\"ec-1\"}", P_OK,
	    S_RS, M_NONE, V_ALL, 0, JWT_INVALID },
	{ "ES256 kid of RSA key", "{\"alg\":\"ES256\",\"kid\":\"rsa-1\"}", P_OK,
	    S_ES, M_NONE, V_ALL, 0, JWT_INVALID },
	{ "unknown kid", "{\"alg\":\"RS256\",\"kid\":\"nope\"}", P_OK, S_RS,
	    M_NONE, V_ALL, 0, JWT_INVALID },
	{ "RS256 verifier has wrong RSA key", H_RS, P_OK, S_RS, M_NONE,
	    V_WRONG_RSA, 0, JWT_INVALID },
	{ "RS256 signed by other RSA key", H_RS, P_OK, S_RS2, M_NONE, V_ALL, 0,
	    JWT_INVALID },
	{ "ES256 signed by other EC key", H_ES, P_OK, S_ES2, M_NONE, V_ALL, 0,
	    JWT_INVALID },
	{ "ES256 DER signature", H_ES, P_OK, S_ES_DER, M_NONE, V_ALL, 0,
	    JWT_INVALID },
	{ "ES256 65-byte signature", H_ES, P_OK, S_ES_LONG, M_NONE, V_ALL, 0,
	    JWT_INVALID },
	/* time claims, leeway 60 */
	{ "expired: exp = now-61", H_HS, P_EXP_T, S_HS, M_NONE, V_ALL, 61,
	    JWT_EXPIRED },
	{ "expired RS256", H_RS, P_EXP_T, S_RS, M_NONE, V_ALL, 61,
	    JWT_EXPIRED },
	{ "expired: exp = now-60", H_HS, P_EXP_T, S_HS, M_NONE, V_ALL, 60,
	    JWT_EXPIRED },
	{ "within leeway: exp = now-59", H_HS, P_EXP_T, S_HS, M_NONE, V_ALL,
	    59, JWT_OK },
	{ "within leeway: exp = now-30", H_HS, P_EXP_T, S_HS, M_NONE, V_ALL,
	    30, JWT_OK },
	{ "expired and tampered signature", H_HS, P_EXP_T, S_HS, M_SIG, V_ALL,
	    61, JWT_INVALID },
	{ "expired ES256 tampered signature", H_ES, P_EXP_T, S_ES, M_SIG, V_ALL,
	    61, JWT_INVALID },
	{ "expired and wrong iss", H_HS, "{" SUB ",\"iss\":\"x\",\"aud\":\""
	    AUDIENCE "\",\"exp\":1700000000}", S_HS, M_NONE, V_ISS_AUD, 61,
	    JWT_INVALID },
	{ "missing exp", H_HS, "{" SUB "}", S_HS, M_NONE, V_ALL, 0,
	    JWT_INVALID },
	{ "exp as string", H_HS, "{" SUB ",\"exp\":\"1700003600\"}", S_HS,
	    M_NONE, V_ALL, 0, JWT_INVALID },
	{ "exp as real", H_HS, "{" SUB ",\"exp\":1700003600.0}", S_HS, M_NONE,
	    V_ALL, 0, JWT_INVALID },
	{ "exp too big", H_HS, "{" SUB ",\"exp\":99999999999999999999}", S_HS,
	    M_NONE, V_ALL, 0, JWT_INVALID },
	{ "nbf = now+61", H_HS, "{" SUB ",\"nbf\":1700000061," EXP "}", S_HS,
	    M_NONE, V_ALL, 0, JWT_INVALID },
	{ "nbf = now+60", H_HS, "{" SUB ",\"nbf\":1700000060," EXP "}", S_HS,
	    M_NONE, V_ALL, 0, JWT_OK },
	{ "nbf as string", H_HS, "{" SUB ",\"nbf\":\"0\"," EXP "}", S_HS,
	    M_NONE, V_ALL, 0, JWT_INVALID },
	{ "iat = now+61", H_HS, "{" SUB ",\"iat\":1700000061," EXP "}", S_HS,
	    M_NONE, V_ALL, 0, JWT_INVALID },
	{ "iat = now+60", H_HS, "{" SUB ",\"iat\":1700000060," EXP "}", S_HS,
	    M_NONE, V_ALL, 0, JWT_OK },
	{ "iat as null", H_HS, "{" SUB ",\"iat\":null," EXP "}", S_HS, M_NONE,
	    V_ALL, 0, JWT_INVALID },
	/* tampering */
	{ "HS256 tampered payload", H_HS, P_OK, S_HS, M_PAYLOAD, V_ALL, 0,
	    JWT_INVALID },
	{ "RS256 tampered payload", H_RS, P_OK, S_RS, M_PAYLOAD, V_ALL, 0,
	    JWT_INVALID },
	{ "ES256 tampered payload", H_ES, P_OK, S_ES, M_PAYLOAD, V_ALL, 0,
	    JWT_INVALID },
	{ "HS256 tampered signature", H_HS, P_OK, S_HS, M_SIG, V_ALL, 0,
	    JWT_INVALID },
	{ "RS256 tampered signature", H_RS, P_OK, S_RS, M_SIG, V_ALL, 0,
	    JWT_INVALID },
	{ "ES256 tampered signature", H_ES, P_OK, S_ES, M_SIG, V_ALL, 0,
	    JWT_INVALID },
	/* algorithm confusion and refusal */
	{ "alg none, empty signature", "{\"alg\":\"none\"}", P_OK,
	    S_NONE_EMPTY, M_NONE, V_ALL, 0, JWT_INVALID },
	{ "alg none, signature", "{\"alg\":\"none\"}", P_OK, S_NONE_SIG,
	    M_NONE, V_ALL, 0, JWT_INVALID },
	{ "HS256 with empty signature", H_HS, P_OK, S_NONE_EMPTY, M_NONE,
	    V_ALL, 0, JWT_INVALID },
	{ "HS256 keyed with RSA PEM", H_HS, P_OK, S_HS_PEM, M_NONE, V_ALL, 0,
	    JWT_INVALID },
	{ "HS256 keyed with RSA JWK", "{\"alg\":\"HS256\",\"kid\":\"rsa-1\"}",
	    P_OK, S_HS_JWK, M_NONE, V_ALL, 0, JWT_INVALID },
	{ "HS256 keyed with oct JWK", "{\"alg\":\"HS256\",\"kid\":\"oct-1\"}",
	    P_OK, S_HS_OCT, M_NONE, V_ALL, 0, JWT_INVALID },
	{ "HS256 wrong secret", H_HS, P_OK, S_HS_WRONG, M_NONE, V_ALL, 0,
	    JWT_INVALID },
	{ "HS256 no secret configured", H_HS, P_OK, S_HS_EMPTY, M_NONE,
	    V_NO_SECRET, 0, JWT_INVALID },
	{ "RS256 not in allow-list", H_RS, P_OK, S_RS, M_NONE, V_HS_ONLY, 0,
	    JWT_INVALID },
	{ "ES256 not in allow-list", H_ES, P_OK, S_ES, M_NONE, V_HS_ONLY, 0,
	    JWT_INVALID },
	{ "HS256 in allow-list", H_HS, P_OK, S_HS, M_NONE, V_HS_ONLY, 0,
	    JWT_OK },
	{ "HS512", "{\"alg\":\"HS512\"}", P_OK, S_HS512, M_NONE, V_ALL, 0,
	    JWT_INVALID },
	{ "alg lower case", "{\"alg\":\"hs256\"}", P_OK, S_HS, M_NONE, V_ALL,
	    0, JWT_INVALID },
	{ "alg not a string", "{\"alg\":1}", P_OK, S_HS, M_NONE, V_ALL, 0,
	    JWT_INVALID },
	{ "no alg", "{\"typ\":\"JWT\"}", P_OK, S_HS, M_NONE, V_ALL, 0,
	    JWT_INVALID },
	{ "crit", "{\"alg\":\"HS256\",\"crit\":[\"exp\"],\"exp\":1}", P_OK,
	    S_HS, M_NONE, V_ALL, 0, JWT_INVALID },
	{ "kid not a string", "{\"alg\":\"HS256\",\"kid\":7}", P_OK, S_HS,
	    M_NONE, V_ALL, 0, JWT_INVALID },
	/* JSON shape */
	{ "header duplicate alg", "{\"alg\":\"none\",\"alg\":\"HS256\"}", P_OK,
	    S_HS, M_NONE, V_ALL, 0, JWT_INVALID },
	{ "header not JSON", "not json", P_OK, S_HS, M_NONE, V_ALL, 0,
	    JWT_INVALID },
	{ "header JSON array", "[\"HS256\"]", P_OK, S_HS, M_NONE, V_ALL, 0,
	    JWT_INVALID },
	{ "payload JSON array", H_HS, "[1,2]", S_HS, M_NONE, V_ALL, 0,
	    JWT_INVALID },
	{ "payload not JSON", H_HS, "exp=1700003600", S_HS, M_NONE, V_ALL, 0,
	    JWT_INVALID },
	{ "payload trailing garbage", H_HS, P_OK "x", S_HS, M_NONE, V_ALL, 0,
	    JWT_INVALID },
	{ "payload duplicate exp", H_HS, "{" SUB ",\"exp\":1,\"exp\":"
	    "1700003600}", S_HS, M_NONE, V_ALL, 0, JWT_INVALID },
	{ "payload duplicate sub", H_HS, "{" SUB "," SUB "," EXP "}", S_HS,
	    M_NONE, V_ALL, 0, JWT_INVALID },
	/* sub */
	{ "sub missing", H_HS, "{" EXP "}", S_HS, M_NONE, V_ALL, 0,
	    JWT_INVALID },
	{ "sub empty", H_HS, "{\"sub\":\"\"," EXP "}", S_HS, M_NONE, V_ALL, 0,
	    JWT_INVALID },
	{ "sub number", H_HS, "{\"sub\":12," EXP "}", S_HS, M_NONE, V_ALL, 0,
	    JWT_INVALID },
	{ "sub with space", H_HS, "{\"sub\":\"a b\"," EXP "}", S_HS, M_NONE,
	    V_ALL, 0, JWT_INVALID },
	{ "sub with NUL", H_HS, "{\"sub\":\"a\\u0000b\"," EXP "}", S_HS,
	    M_NONE, V_ALL, 0, JWT_INVALID },
	{ "sub not ASCII", H_HS, "{\"sub\":\"caf\xc3\xa9\"," EXP "}", S_HS,
	    M_NONE, V_ALL, 0, JWT_INVALID },
	{ "sub 128 chars", H_HS, "{\"sub\":\"" S128 "\"," EXP "}", S_HS,
	    M_NONE, V_ALL, 0, JWT_OK },
	{ "sub 129 chars", H_HS, "{\"sub\":\"" S128 "x\"," EXP "}", S_HS,
	    M_NONE, V_ALL, 0, JWT_INVALID },
	/* iss and aud */
	{ "iss and aud string", H_HS, "{" SUB "," ISS ",\"aud\":\"" AUDIENCE
	    "\"," EXP "}", S_HS, M_NONE, V_ISS_AUD, 0, JWT_OK },
	{ "aud array containing", H_RS, "{" SUB "," ISS ",\"aud\":[\"x\",\""
	    AUDIENCE "\"]," EXP "}", S_RS, M_NONE, V_ISS_AUD, 0, JWT_OK },
	{ "iss mismatch", H_HS, "{" SUB ",\"iss\":\"https://evil.example\","
	    "\"aud\":\"" AUDIENCE "\"," EXP "}", S_HS, M_NONE, V_ISS_AUD, 0,
	    JWT_INVALID },
	{ "iss with extra slash", H_HS, "{" SUB ",\"iss\":\"" ISSUER "/\","
	    "\"aud\":\"" AUDIENCE "\"," EXP "}", S_HS, M_NONE, V_ISS_AUD, 0,
	    JWT_INVALID },
	{ "iss missing", H_HS, "{" SUB ",\"aud\":\"" AUDIENCE "\"," EXP "}",
	    S_HS, M_NONE, V_ISS_AUD, 0, JWT_INVALID },
	{ "aud string mismatch", H_HS, "{" SUB "," ISS ",\"aud\":\"other\","
	    EXP "}", S_HS, M_NONE, V_ISS_AUD, 0, JWT_INVALID },
	{ "aud array not containing", H_HS, "{" SUB "," ISS ",\"aud\":[\"a\","
	    "\"b\"]," EXP "}", S_HS, M_NONE, V_ISS_AUD, 0, JWT_INVALID },
	{ "aud empty array", H_HS, "{" SUB "," ISS ",\"aud\":[]," EXP "}", S_HS,
	    M_NONE, V_ISS_AUD, 0, JWT_INVALID },
	{ "aud array with non-string", H_HS, "{" SUB "," ISS ",\"aud\":[\""
	    AUDIENCE "\",1]," EXP "}", S_HS, M_NONE, V_ISS_AUD, 0,
	    JWT_INVALID },
	{ "aud missing", H_HS, "{" SUB "," ISS "," EXP "}", S_HS, M_NONE,
	    V_ISS_AUD, 0, JWT_INVALID },
	{ "iss/aud ignored when not configured", H_HS, "{" SUB ",\"iss\":1,"
	    "\"aud\":{}," EXP "}", S_HS, M_NONE, V_ALL, 0, JWT_OK },
};

static const char *
status_name(enum jwt_status s)
{
	return s == JWT_OK ? "OK" : s == JWT_EXPIRED ? "EXPIRED" : "INVALID";
}

/* Runs every row of cases[]; a mismatch names the row on stderr. */
static void
test_table(void)
{
	for (size_t i = 0; i < NELEM(cases); i++) {
		const struct tcase *c = &cases[i];
		struct jwt_claims cl;
		char why[128] = "";
		char *tok = make_token(c->hdr, c->payload, c->signer, c->mut);
		enum jwt_status got;

		CU_ASSERT_PTR_NOT_NULL_FATAL(tok);
		got = jwt_verify(verifiers[c->v], tok, strlen(tok), T + c->dt,
		    &cl, why, sizeof(why));
		CU_ASSERT_EQUAL(got, c->want);
		CU_ASSERT(why[0] != '\0');
		CU_ASSERT_EQUAL(ERR_peek_error(), 0); /* no stale errors kept */
		if (got != c->want || getenv("TEST_JWT_VERBOSE") != NULL)
			fprintf(stderr, "\n  case \"%s\": got %s (%s), want %s\n",
			    c->name, status_name(got), why, status_name(c->want));
		if (got == JWT_OK && c->want == JWT_OK)
			CU_ASSERT(strcmp(cl.sub, "wallet-1") == 0 ||
			    strcmp(cl.sub, S128) == 0);
		free(tok);
	}
}

/* ---- other tests ------------------------------------------------------- */

static void
test_claims_filled(void)
{
	struct jwt_claims cl;
	char *tok = make_token(H_ES, "{\"sub\":\"w-42\",\"iat\":1699999990,"
	    "\"nbf\":1699999995,\"exp\":1700000600}", S_ES, M_NONE);

	CU_ASSERT_PTR_NOT_NULL_FATAL(tok);
	CU_ASSERT_EQUAL(jwt_verify(verifiers[V_ALL], tok, strlen(tok), T, &cl,
	    NULL, 0), JWT_OK);
	CU_ASSERT_STRING_EQUAL(cl.sub, "w-42");
	CU_ASSERT_EQUAL(cl.exp, 1700000600LL);
	CU_ASSERT_EQUAL(cl.iat, 1699999990LL);
	CU_ASSERT_EQUAL(cl.nbf, 1699999995LL);
	/* claims may be NULL; failures leave them zeroed */
	CU_ASSERT_EQUAL(jwt_verify(verifiers[V_ALL], tok, strlen(tok), T, NULL,
	    NULL, 0), JWT_OK);
	CU_ASSERT_EQUAL(jwt_verify(verifiers[V_ALL], tok, strlen(tok) - 1, T,
	    &cl, NULL, 0), JWT_INVALID);
	CU_ASSERT_STRING_EQUAL(cl.sub, "");
	CU_ASSERT_EQUAL(cl.exp, 0);
	free(tok);
}

static void
test_garbage(void)
{
	static const char *const junk[] = {
		"", ".", "..", "...", "a.b", "a.b.c.d", "a..c", ".b.c", "a.b.",
		"!!!.???.###", "e30.e30.e30", "e30=.e30.e30", "e30.e30.e30=",
		"eyJhbGciOiJIUzI1NiJ9.e30.", " eyJhbGciOiJIUzI1NiJ9.e30.e30",
	};
	char *big = malloc(9001);
	char buf[4096];
	char *tok = make_token(H_HS, P_OK, S_HS, M_NONE);
	size_t n;

	for (size_t i = 0; i < NELEM(junk); i++)
		CU_ASSERT_EQUAL(jwt_verify(verifiers[V_ALL], junk[i],
		    strlen(junk[i]), T, NULL, NULL, 0), JWT_INVALID);
	CU_ASSERT_EQUAL(jwt_verify(verifiers[V_ALL], NULL, 0, T, NULL, NULL, 0),
	    JWT_INVALID);
	CU_ASSERT_EQUAL(jwt_verify(NULL, "a.b.c", 5, T, NULL, NULL, 0),
	    JWT_INVALID);
	CU_ASSERT_PTR_NOT_NULL_FATAL(big);
	memset(big, 'a', 9000);
	big[9000] = '\0';
	CU_ASSERT_EQUAL(jwt_verify(verifiers[V_ALL], big, 9000, T, NULL, NULL,
	    0), JWT_INVALID);
	free(big);

	/* a good token followed by junk: only len bytes count */
	CU_ASSERT_PTR_NOT_NULL_FATAL(tok);
	n = strlen(tok);
	CU_ASSERT_FATAL(n + 8 < sizeof(buf));
	memcpy(buf, tok, n);
	memcpy(buf + n, ".junk.x", 8);
	CU_ASSERT_EQUAL(jwt_verify(verifiers[V_ALL], buf, n, T, NULL, NULL, 0),
	    JWT_OK);
	CU_ASSERT_EQUAL(jwt_verify(verifiers[V_ALL], buf, n + 7, T, NULL, NULL,
	    0), JWT_INVALID);
	/* an embedded NUL, and a space, inside the good token */
	buf[5] = '\0';
	CU_ASSERT_EQUAL(jwt_verify(verifiers[V_ALL], buf, n, T, NULL, NULL, 0),
	    JWT_INVALID);
	buf[5] = ' ';
	CU_ASSERT_EQUAL(jwt_verify(verifiers[V_ALL], buf, n, T, NULL, NULL, 0),
	    JWT_INVALID);
	free(tok);
}

/*
 * Correctly signed tokens of exactly JWT_MAX_TOKEN bytes pass, one byte more
 * is refused unparsed (the pad claim grows the payload a byte at a time).
 */
static void
test_size_limit(void)
{
	char payload[JWT_MAX_TOKEN];
	char pad[6200];
	int seen_max = 0, seen_over = 0;

	memset(pad, 'p', sizeof(pad));
	for (int k = 5900; k < (int)sizeof(pad); k++) {
		char *tok = NULL;
		size_t n;

		snprintf(payload, sizeof(payload), "{" SUB "," EXP
		    ",\"pad\":\"%.*s\"}", k, pad);
		tok = make_token(H_HS, payload, S_HS, M_NONE);
		CU_ASSERT_PTR_NOT_NULL_FATAL(tok);
		n = strlen(tok);
		if (n == JWT_MAX_TOKEN) {
			seen_max = 1;
			CU_ASSERT_EQUAL(jwt_verify(verifiers[V_ALL], tok, n, T,
			    NULL, NULL, 0), JWT_OK);
		} else if (n == JWT_MAX_TOKEN + 1) {
			seen_over = 1;
			CU_ASSERT_EQUAL(jwt_verify(verifiers[V_ALL], tok, n, T,
			    NULL, NULL, 0), JWT_INVALID);
		}
		free(tok);
	}
	CU_ASSERT(seen_max && seen_over);
}

static void
test_sign_hs256(void)
{
	const unsigned char *key = (const unsigned char *)secret;
	struct jwt_claims cl;
	char hdr[64];
	size_t hlen;
	char *tok = jwt_sign_hs256(key, strlen(secret), "wallet-9", T - 5,
	    T + 600, ISSUER, AUDIENCE);

	CU_ASSERT_PTR_NOT_NULL_FATAL(tok);
	CU_ASSERT_EQUAL(jwt_verify(verifiers[V_ISS_AUD], tok, strlen(tok), T,
	    &cl, NULL, 0), JWT_OK);
	CU_ASSERT_STRING_EQUAL(cl.sub, "wallet-9");
	CU_ASSERT_EQUAL(cl.iat, T - 5);
	CU_ASSERT_EQUAL(cl.exp, T + 600);
	CU_ASSERT_EQUAL(jwt_verify(verifiers[V_ALL], tok, strlen(tok), T + 661,
	    &cl, NULL, 0), JWT_EXPIRED);
	hlen = b64url_decode(tok, (size_t)(strchr(tok, '.') - tok),
	    (unsigned char *)hdr, sizeof(hdr) - 1);
	CU_ASSERT_FATAL(hlen != (size_t)-1);
	hdr[hlen] = '\0';
	CU_ASSERT_STRING_EQUAL(hdr, "{\"alg\":\"HS256\",\"typ\":\"JWT\"}");
	free(tok);

	tok = jwt_sign_hs256(key, strlen(secret), "wallet-9", T, T + 600, NULL,
	    "");
	CU_ASSERT_PTR_NOT_NULL_FATAL(tok);
	CU_ASSERT_EQUAL(jwt_verify(verifiers[V_ALL], tok, strlen(tok), T, &cl,
	    NULL, 0), JWT_OK);
	CU_ASSERT_EQUAL(jwt_verify(verifiers[V_ISS_AUD], tok, strlen(tok), T,
	    &cl, NULL, 0), JWT_INVALID);
	free(tok);

	tok = jwt_sign_hs256((const unsigned char *)wrong_secret,
	    strlen(wrong_secret), "wallet-9", T, T + 600, NULL, NULL);
	CU_ASSERT_PTR_NOT_NULL_FATAL(tok);
	CU_ASSERT_EQUAL(jwt_verify(verifiers[V_ALL], tok, strlen(tok), T, &cl,
	    NULL, 0), JWT_INVALID);
	free(tok);

	CU_ASSERT_PTR_NULL(jwt_sign_hs256(key, strlen(secret), "a b", T, T + 1,
	    NULL, NULL));
	CU_ASSERT_PTR_NULL(jwt_sign_hs256(key, strlen(secret), "", T, T + 1,
	    NULL, NULL));
	CU_ASSERT_PTR_NULL(jwt_sign_hs256(key, strlen(secret), NULL, T, T + 1,
	    NULL, NULL));
	CU_ASSERT_PTR_NULL(jwt_sign_hs256(NULL, 0, "w", T, T + 1, NULL, NULL));
}

/* jwt_verifier_new on cfg must fail, leave *out NULL and explain. */
static void
expect_new_fails(const struct jwt_config *cfg, const char *label)
{
	static char sentinel;
	struct jwt_verifier *v = (struct jwt_verifier *)(void *)&sentinel;
	char err[256] = "";

	CU_ASSERT_EQUAL(jwt_verifier_new(cfg, &v, err, sizeof(err)), -1);
	CU_ASSERT_PTR_NULL(v);
	CU_ASSERT(err[0] != '\0');
	if (getenv("TEST_JWT_VERBOSE") != NULL)
		fprintf(stderr, "\n  %s: %s\n", label, err);
	if (v != NULL) {
		fprintf(stderr, "\n  %s: verifier built\n", label);
		if (v != (struct jwt_verifier *)(void *)&sentinel)
			jwt_verifier_free(v);
	}
}

static void
test_verifier_new(void)
{
	static const char *const bad_jwks[] = {
		"{\"keys\":[{\"kty\":\"RSA\",\"n\":\"!!!\",\"e\":\"AQAB\"}]}",
		"{\"keys\":[{\"kty\":\"RSA\",\"n\":\"AQAB\"}]}",
		"{\"keys\":[{\"kty\":\"RSA\",\"n\":\"AQAB\",\"e\":\"AQAB\"}]}",
		"{\"keys\":[{\"kty\":\"EC\",\"crv\":\"P-256\",\"x\":\"AA\","
		    "\"y\":\"AA\"}]}",
		"{\"keys\":[{\"kty\":\"EC\",\"crv\":\"P-256\",\"x\":\"AQAAAAAAAAAA"
		    "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\",\"y\":\"AQAAAAAAAAAAAAAAAAAA"
		    "AAAAAAAAAAAAAAAAAAAAAAA\"}]}", /* not on the curve */
		"{\"keys\":[{\"n\":\"AQAB\"}]}",
		"{\"keys\":[]}",
		"{\"keys\":{}}",
		"{\"keys\":[],\"keys\":[]}",
		"[]",
		"not json {",
	};
	struct jwt_config cfg = { NULL, 0, "/nonexistent/jwks.json", NULL, NULL,
		60, JWT_ALG_RS256 };
	struct jwt_verifier *v = NULL;
	char path[] = "/tmp/test_jwt_bad_XXXXXX";

	expect_new_fails(&cfg, "missing file");
	expect_new_fails(NULL, "NULL config");
	for (size_t i = 0; i < NELEM(bad_jwks); i++) {
		memcpy(path + sizeof(path) - 7, "XXXXXX", 6);
		CU_ASSERT_FATAL(write_text(path, bad_jwks[i]) == 0);
		cfg.jwks_path = path;
		expect_new_fails(&cfg, bad_jwks[i]);
		unlink(path);
	}
	cfg.jwks_path = jwks_main;
	cfg.leeway_seconds = -1;
	expect_new_fails(&cfg, "negative leeway");
	cfg.leeway_seconds = 60;
	cfg.algs = 0;
	expect_new_fails(&cfg, "empty allow-list");
	cfg.algs = 0x80;
	expect_new_fails(&cfg, "unknown alg bit");
	cfg.algs = JWT_ALG_RS256;
	CU_ASSERT_EQUAL(jwt_verifier_new(&cfg, &v, NULL, 0), 0);
	CU_ASSERT_PTR_NOT_NULL(v);
	jwt_verifier_free(v);
	jwt_verifier_free(NULL);
}

/* A 1024-bit RSA key in the JWKS is refused. */
static void
test_small_rsa_refused(void)
{
	EVP_PKEY *small = EVP_PKEY_Q_keygen(NULL, NULL, "RSA", (size_t)1024);
	char path[] = "/tmp/test_jwt_small_XXXXXX";
	struct jwt_config cfg = { NULL, 0, path, NULL, NULL, 60,
		JWT_ALG_RS256 };

	CU_ASSERT_PTR_NOT_NULL_FATAL(small);
	CU_ASSERT_FATAL(write_jwks(path, json_pack("[o]",
	    make_jwk(small, "small", NULL, NULL))) == 0);
	expect_new_fails(&cfg, "1024-bit RSA");
	unlink(path);
	EVP_PKEY_free(small);
}

int
main(void)
{
	static const struct tu_test tests[] = {
		{ "token table", test_table },
		{ "claims filled", test_claims_filled },
		{ "garbage tokens", test_garbage },
		{ "size limit", test_size_limit },
		{ "jwt_sign_hs256", test_sign_hs256 },
		{ "jwt_verifier_new failures", test_verifier_new },
		{ "small RSA key refused", test_small_rsa_refused },
	};

	return tu_main("jwt", suite_init, suite_cleanup, tests, NELEM(tests));
}
