/*
 * httpsig: HTTP Message Signatures (RFC 9421) on a request, the parts that
 * need no database: reading one signature out of the parsed Signature-Input
 * and Signature fields, the required components and parameters, the
 * signature base (section 2.5) rebuilt from the request as the web server
 * passed it, Content-Digest (RFC 9530, sha-256) against the raw body, and
 * the signature checked with OpenSSL EVP (ed25519, ecdsa-p256-sha256).
 * Nothing here allocates for its caller; every failure says why in the
 * caller's buffer, without echoing what the client sent.
 */
#ifndef CEDIRAMP_HTTPSIG_H
#define CEDIRAMP_HTTPSIG_H

#include <stddef.h>

#include "core/buf.h"
#include "core/sfv.h"

#define HTTPSIG_KEYID_MAX 64 /* characters of a keyid: [A-Za-z0-9._:-] */
#define HTTPSIG_PEM_MAX 1024 /* bytes of a registered public key, PEM */

enum httpsig_alg { HTTPSIG_ALG_NONE = 0, HTTPSIG_ED25519, HTTPSIG_ECDSA_P256_SHA256 };

/* The algorithm of RFC 9421's registry name ("ed25519",
 * "ecdsa-p256-sha256"), or HTTPSIG_ALG_NONE. */
enum httpsig_alg httpsig_alg_parse(const char *name);
/* The registry name of alg ("" for none). */
const char *httpsig_alg_name(enum httpsig_alg alg);

/* 1 when s is a keyid this service registers: 1 to HTTPSIG_KEYID_MAX of
 * A-Z a-z 0-9 . _ : - */
int httpsig_keyid_ok(const char *s);

/* The one signature of a request, as httpsig_select found it. Pointers
 * are into the dictionaries it was given (borrowed). */
struct httpsig_sig {
	const struct sfv_member *input;   /* its inner list in Signature-Input */
	const unsigned char *sig;         /* the signature's bytes */
	size_t siglen;
	const char *keyid;
	const char *alg;                  /* the alg parameter, or NULL */
	long long created;
	long long expires;                /* 0 when absent */
};

/*
 * Takes the signature of input (Signature-Input) and sig (Signature):
 * exactly one label, the same in both; a byte sequence in Signature; an
 * inner list of strings in Signature-Input, each without parameters and
 * none twice, covering every name of required (NULL-terminated); the
 * parameters keyid (a string httpsig_keyid_ok takes) and created (an
 * integer) present, alg a string and expires an integer when present.
 * 0, or -1 with why.
 */
int httpsig_select(const struct sfv_dict *input, const struct sfv_dict *sig,
    const char *const *required, struct httpsig_sig *out, char *why, size_t whylen);

/* What a signature base is built from: the request as it came. */
struct httpsig_request {
	const char *method;     /* "POST" */
	const char *scheme;     /* "http" or "https" */
	const char *authority;  /* the Host header as sent */
	const char *target;     /* the request-target: path and query as sent */
	/* the value of field lcname (lowercase) as the server combined its
	 * lines, or NULL when the request has none */
	const char *(*field)(void *arg, const char *lcname);
	void *arg;
};

/*
 * Appends the signature base of s (RFC 9421 section 2.5) to out: one line
 * per covered component in the order covered, then "@signature-params"
 * with the inner list serialized as RFC 8941 says. The derived components
 * @method, @target-uri (scheme "://" authority target), @authority (host
 * lowercased, the scheme's default port dropped), @scheme, @request-target,
 * @path and @query; any other name is a field of the request. 0, or -1
 * with why (an unsupported derived component, a field the request lacks,
 * a value with a control byte, out full).
 */
int httpsig_base(const struct sfv_dict *input, const struct httpsig_sig *s,
    const struct httpsig_request *rq, struct buf *out, char *why, size_t whylen);

/*
 * Checks the Content-Digest field (n bytes of value) against the body:
 * its sha-256 member must be the SHA-256 of body[0..blen), compared in
 * constant time; other algorithms' members are ignored. 0; -1 when the
 * field is malformed or has no sha-256 (why); -2 when the digest differs.
 */
int httpsig_content_digest_check(const char *value, size_t n, const void *body,
    size_t blen, char *why, size_t whylen);

/*
 * 0 when pem (n bytes) is one public key of alg (an Ed25519 key, or an EC
 * key on P-256); -1 with why otherwise.
 */
int httpsig_public_key_check(enum httpsig_alg alg, const char *pem, size_t n, char *why,
    size_t whylen);

/*
 * Verifies sig over base with the public key pem of alg (ecdsa-p256-sha256
 * signatures are r || s, 64 bytes, as RFC 9421 section 3.3.4 says).
 * 1 when it verifies, 0 when it does not, -1 when the key is unusable.
 */
int httpsig_verify(enum httpsig_alg alg, const char *pem, size_t pemlen, const void *base,
    size_t n, const unsigned char *sig, size_t siglen);

#endif
