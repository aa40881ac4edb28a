/*
 * jwt: verification of wallet-API bearer tokens (JWS compact serialization).
 *
 * Accepted algorithms form an allow-list: HS256 with the configured secret,
 * RS256 and ES256 with public keys read from a JWKS file. The key type must
 * match the algorithm (an RSA key is never used as an HMAC secret), "none"
 * and every other algorithm are rejected. A verifier is built once at process
 * start and is read-only afterwards.
 */
#ifndef CEDIRAMP_JWT_H
#define CEDIRAMP_JWT_H

#include <stddef.h>

#define JWT_ALG_HS256 0x1u
#define JWT_ALG_RS256 0x2u
#define JWT_ALG_ES256 0x4u

#define JWT_MAX_TOKEN 8192 /* longer tokens are rejected unparsed */
#define JWT_SUB_MAX 128    /* the wallet id */

enum jwt_status {
	JWT_OK = 0,
	JWT_EXPIRED, /* signature good, exp passed (beyond leeway) */
	JWT_INVALID  /* anything else: malformed, bad signature, nbf, iss... */
};

struct jwt_config {
	const unsigned char *hs256_secret; /* NULL or empty: HS256 refused */
	size_t hs256_secret_len;
	const char *jwks_path; /* NULL or "": RS256/ES256 refused */
	const char *issuer;    /* NULL or "": iss not checked */
	const char *audience;  /* NULL or "": aud not checked */
	long leeway_seconds;   /* skew allowed on exp, nbf and iat */
	unsigned algs;         /* allow-list, JWT_ALG_* bits */
};

struct jwt_claims {
	char sub[JWT_SUB_MAX + 1];
	long long exp;
	long long iat; /* 0 when absent */
	long long nbf; /* 0 when absent */
};

struct jwt_verifier;

/*
 * Builds a verifier from cfg (copied; cfg may be freed afterwards). Reads and
 * parses the JWKS file when one is named: RSA keys (n, e) and EC P-256 keys
 * (x, y); keys with "use" other than "sig" are skipped. Returns 0 and sets
 * *out (owned by the caller, free with jwt_verifier_free), or -1 with a reason
 * in err.
 */
int jwt_verifier_new(const struct jwt_config *cfg, struct jwt_verifier **out,
    char *err, size_t errlen);
void jwt_verifier_free(struct jwt_verifier *v); /* accepts NULL */

/*
 * Verifies token (len bytes, need not be NUL-terminated) at time now (Unix
 * seconds). On JWT_OK fills *claims. The signature is checked before any
 * claim, so a tampered expired token is JWT_INVALID, not JWT_EXPIRED. exp and
 * sub are required; nbf and iat are honoured when present. why (may be NULL)
 * gets a short reason for logs, never for the client.
 */
enum jwt_status jwt_verify(const struct jwt_verifier *v, const char *token,
    size_t len, long long now, struct jwt_claims *claims, char *why,
    size_t whylen);

/*
 * Replaces v's JWKS keys with those of the JWKS text (n bytes, as fetched
 * from jwt.jwks_url): 0; or -1 with err set and v's keys untouched (the
 * last good set stays).
 */
int jwt_verifier_set_jwks(struct jwt_verifier *v, const char *text, size_t n, char *err,
    size_t errlen);

/* 1 when v holds a key with this kid, else 0. */
int jwt_verifier_has_kid(const struct jwt_verifier *v, const char *kid);

/* The kid of token's header (len bytes) into kid (cap bytes): 1, or 0
 * when it names none or is malformed. */
int jwt_token_kid(const char *token, size_t len, char *kid, size_t cap);

/*
 * Mints an HS256 token {"sub","iat","exp"[,"iss"][,"aud"]} for the sandbox
 * and tests. Returns a NUL-terminated string owned by the caller (free()),
 * or NULL on failure.
 */
char *jwt_sign_hs256(const unsigned char *secret, size_t secret_len,
    const char *sub, long long iat, long long exp, const char *iss,
    const char *aud);

#endif
