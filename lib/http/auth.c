#include "http/auth.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "domain/apikey.h"
#include "domain/console/wallet_jwt.h"
#include "domain/ctx.h"
#include "domain/sigkey.h"
#include "domain/url_policy.h"
#include "core/cidr.h"
#include "core/httpsig.h"
#include "core/strict.h"
#include "domain/user.h"
#include "http/jwt.h"
#include "core/clock.h"
#include "core/log.h"
#include "providers/jwks_http.h"

/* The JWKS of the URL in force in this process: when it was last fetched
 * well and last tried (monotonic seconds; 0 never). */
static long long jwks_good_at, jwks_tried_at;

/* The issuer, audience and JWKS URL this process's verifier was built
 * with (the wallet developer's settings over the config's), and when the
 * stored settings were last read (monotonic seconds; 0 never). */
static struct wallet_jwt in_force;
static long long settings_read_at;

#define JWKS_MAX_AGE_SECONDS 600

/*
 * Fetches jwt.jwks_url's set again when it is due: never fetched well,
 * older than JWKS_MAX_AGE_SECONDS, lacking kid (a token's: NULL for
 * none), or forced (a token of a kid the set has failed: the provider may
 * have put a new key under an old kid); at most once per
 * jwt.jwks_refetch_seconds whatever the reason. A failed fetch keeps the
 * last good set (and is logged), as does a URL the URL policy refuses. 1 when a new set was taken, else 0.
 */
static int
jwks_refresh(struct ctx *ctx, const char *kid, int force)
{
	const struct cfg *c = &ctx->cfg;
	long long now = clock_monotonic_ms() / 1000;
	struct netguard_policy guard;
	struct netguard_local local;
	char why[200];
	struct buf body;
	int due, guarded;

	if (in_force.jwks_url[0] == '\0' || ctx->jwt == NULL)
		return 0;
	due = force || jwks_good_at == 0 || now - jwks_good_at >= JWKS_MAX_AGE_SECONDS ||
	    (kid != NULL && !jwt_verifier_has_kid(ctx->jwt, kid));
	if (!due || (jwks_tried_at != 0 &&
	    now - jwks_tried_at < (long long)c->jwt_jwks_refetch_seconds))
		return 0;
	jwks_tried_at = now;
	/* a URL the wallet developer set is held to the webhooks' rules at
	 * every fetch, pinned to the addresses checked (not the config's) */
	guarded = strcmp(in_force.jwks_url, c->jwt_jwks_url) != 0;
	if (guarded && url_policy_of(c, &guard, &local) != 0) {
		log_event("error", "the JWKS of %s: cannot read this host's addresses; "
		    "not fetched (the last good set stays)", in_force.jwks_url);
		return 0;
	}
	buf_init(&body, JWKS_HTTP_MAX);
	if (jwks_fetch(in_force.jwks_url, guarded ? &guard : NULL,
	    (long)c->provider_timeout_ms, &body, why, sizeof(why)) == 0 &&
	    jwt_verifier_set_jwks(ctx->jwt, body.data ? body.data : "", body.len, why,
	    sizeof(why)) == 0) {
		jwks_good_at = now;
		buf_free(&body);
		return 1;
	}
	log_event("warn", "the JWKS of %s: %s (the last good set stays)", in_force.jwks_url, why);
	buf_free(&body);
	return 0;
}

/* jwt_verify with jwt.jwks_url's set fetched again when the token's kid
 * is unknown, or once more when a token of a known kid fails. */
static enum jwt_status
jwks_verify(struct ctx *ctx, const char *tok, size_t n, struct jwt_claims *claims, char *why,
    size_t whylen)
{
	char kid[128];
	int has = jwt_token_kid(tok, n, kid, sizeof(kid));
	enum jwt_status st;

	(void)jwks_refresh(ctx, has ? kid : NULL, 0);
	st = jwt_verify(ctx->jwt, tok, n, (long long)time(NULL), claims, why, whylen);
	if (st == JWT_INVALID && has && jwt_verifier_has_kid(ctx->jwt, kid) &&
	    jwks_refresh(ctx, kid, 1))
		st = jwt_verify(ctx->jwt, tok, n, (long long)time(NULL), claims, why, whylen);
	return st;
}

/* Reads the comma list of algorithm names into JWT_ALG_* bits; -1 on junk. */
static int
parse_algs(const char *s, unsigned *out)
{
	unsigned bits = 0;

	while (*s != '\0') {
		size_t n = strcspn(s, ",");

		if (n == 5 && memcmp(s, "HS256", 5) == 0)
			bits |= JWT_ALG_HS256;
		else if (n == 5 && memcmp(s, "RS256", 5) == 0)
			bits |= JWT_ALG_RS256;
		else if (n == 5 && memcmp(s, "ES256", 5) == 0)
			bits |= JWT_ALG_ES256;
		else
			return -1;
		s += n;
		if (*s == ',')
			s++;
	}
	*out = bits;
	return 0;
}

/*
 * A verifier for the settings eff (issuer, audience, JWKS URL) with the
 * config's algorithms, HS256 secret and JWKS file into *out (NULL when no
 * algorithm is left: every wallet request will be 401): 0, or -1 with err.
 */
static int
verifier_for(const struct cfg *c, const struct wallet_jwt *eff, struct jwt_verifier **out,
    char *err, size_t cap)
{
	struct jwt_config jc;

	*out = NULL;
	memset(&jc, 0, sizeof(jc));
	if (parse_algs(c->jwt_algorithms, &jc.algs) != 0) {
		snprintf(err, cap, "jwt.algorithms: use HS256, RS256, ES256");
		return -1;
	}
	if (c->jwt_hs256_secret[0] == '\0')
		jc.algs &= ~JWT_ALG_HS256;
	if (c->jwt_jwks_file[0] == '\0' && eff->jwks_url[0] == '\0')
		jc.algs &= ~(JWT_ALG_RS256 | JWT_ALG_ES256);
	if (jc.algs == 0)
		return 0;
	jc.hs256_secret = (const unsigned char *)c->jwt_hs256_secret;
	jc.hs256_secret_len = strlen(c->jwt_hs256_secret);
	/* a URL's set is fetched (jwks_refresh), never read from a file */
	jc.jwks_path = eff->jwks_url[0] != '\0' ? NULL : c->jwt_jwks_file;
	jc.issuer = eff->issuer;
	jc.audience = eff->audience;
	jc.leeway_seconds = (long)c->jwt_leeway_seconds;
	if (jwt_verifier_new(&jc, out, err, cap) != 0)
		return -1;
	return 0;
}

/*
 * Reads the wallet developer's settings again when WALLET_JWT_READ_SECONDS
 * passed, and builds a new verifier when what is in force changed (a new
 * JWKS URL's set is fetched afresh). A failed read or build keeps what is
 * in force (logged).
 */
static void
settings_sync(struct ctx *ctx)
{
	long long now = clock_monotonic_ms() / 1000;
	struct wallet_jwt stored, eff;
	struct jwt_verifier *v;
	char err[200];

	if (ctx->db == NULL ||
	    (settings_read_at != 0 && now - settings_read_at < WALLET_JWT_READ_SECONDS))
		return;
	settings_read_at = now;
	if (wallet_jwt_get(ctx->db, &stored) != 0)
		return;
	wallet_jwt_effective(&ctx->cfg, &stored, &eff);
	if (strcmp(eff.issuer, in_force.issuer) == 0 &&
	    strcmp(eff.audience, in_force.audience) == 0 &&
	    strcmp(eff.jwks_url, in_force.jwks_url) == 0)
		return;
	if (verifier_for(&ctx->cfg, &eff, &v, err, sizeof(err)) != 0) {
		log_event("error", "wallet JWT settings: %s (the ones in force stay)", err);
		return;
	}
	jwt_verifier_free(ctx->jwt);
	ctx->jwt = v;
	if (strcmp(eff.jwks_url, in_force.jwks_url) != 0)
		jwks_good_at = jwks_tried_at = 0;
	in_force = eff;
}

int
auth_init(struct ctx *ctx)
{
	struct wallet_jwt none;
	char err[200];

	/* the config's until the stored settings are read (settings_sync) */
	memset(&none, 0, sizeof(none));
	wallet_jwt_effective(&ctx->cfg, &none, &in_force);
	if (verifier_for(&ctx->cfg, &in_force, &ctx->jwt, err, sizeof(err)) != 0) {
		snprintf(ctx->init_error, sizeof(ctx->init_error), "%s%s",
		    strncmp(err, "jwt.", 4) == 0 ? "" : "jwt: ", err);
		return -1;
	}
	(void)jwks_refresh(ctx, NULL, 0);
	return 0;
}

void
auth_free(struct ctx *ctx)
{
	jwt_verifier_free(ctx->jwt);
	ctx->jwt = NULL;
}

/*
 * Finds the credentials of "Authorization: Bearer <credentials>" (scheme
 * case-insensitive). Returns a pointer into the header and sets *n, or NULL
 * when there is no bearer credential at all.
 */
static const char *
bearer(const char *h, size_t *n)
{
	const char *t;

	if (h == NULL || strlen(h) < 7 || !strict_ieq(h, 6, "bearer") || h[6] != ' ')
		return NULL;
	t = h + 7;
	while (*t == ' ')
		t++;
	*n = strlen(t);
	while (*n > 0 && t[*n - 1] == ' ')
		(*n)--;
	return *n > 0 ? t : NULL;
}

enum err
auth_wallet(struct req *r, char *why, size_t whylen)
{
	struct ctx *ctx = r->ctx;
	struct jwt_claims claims;
	enum jwt_status st;
	const char *tok;
	size_t n;

	tok = bearer(r->authorization, &n);
	if (tok == NULL) {
		snprintf(why, whylen, "no bearer token");
		return ERR_UNAUTHORIZED;
	}
	settings_sync(ctx);
	if (ctx->jwt == NULL) {
		snprintf(why, whylen, "no JWT algorithm configured");
		return ERR_TOKEN_INVALID;
	}
	if (in_force.jwks_url[0] != '\0')
		st = jwks_verify(ctx, tok, n, &claims, why, whylen);
	else
		st = jwt_verify(ctx->jwt, tok, n, (long long)time(NULL), &claims, why, whylen);
	switch (st) {
	case JWT_OK:
		/* the verifier says "ok" there: no reason, or the log line of a
		 * request that fails later (a 502 payout_failed) would carry
		 * "ok" instead of the handler's own message */
		if (whylen > 0)
			why[0] = '\0';
		break;
	case JWT_EXPIRED:
		return ERR_TOKEN_EXPIRED;
	default:
		return ERR_TOKEN_INVALID;
	}
	user_wallet_canonical(ctx->cfg.chain_evm, claims.sub);
	if (user_resolve(ctx->db, claims.sub, ctx->cfg.user_start_tier, &r->caller) != DB_OK) {
		snprintf(why, whylen, "users: %s", db_error(ctx->db));
		return ERR_SERVICE_UNAVAILABLE;
	}
	return ERR_OK;
}

enum err
auth_partner(struct req *r, char *why, size_t whylen)
{
	struct ctx *ctx = r->ctx;
	const char *key;
	size_t n;

	key = bearer(r->authorization, &n);
	if (key == NULL) {
		snprintf(why, whylen, "no bearer key");
		return ERR_UNAUTHORIZED;
	}
	if (n > 3 && memcmp(key, "pk_", 3) == 0) {
		snprintf(why, whylen, "a public key presented");
		return ERR_PUBLIC_KEY;
	}
	switch (apikey_authenticate_cached(ctx->db, &ctx->cfg,
	    (unsigned)ctx->cfg.key_cache_seconds, key, n, req_env(r->envp, "REMOTE_ADDR"),
	    &r->caller,
	    &r->signature_required)) {
	case APIKEY_OK:
		return ERR_OK;
	case APIKEY_DB_DOWN:
		snprintf(why, whylen, "api_keys: %s", db_error(ctx->db));
		return ERR_SERVICE_UNAVAILABLE;
	case APIKEY_SUSPENDED:
		snprintf(why, whylen, "the key's partner is suspended");
		return ERR_PARTNER_SUSPENDED;
	default:
		snprintf(why, whylen, "unknown, revoked or foreign key");
		return ERR_UNAUTHORIZED;
	}
}

/* ---- signed requests (RFC 9421, decision 63) ---- */

/* What every signature must cover. */
static const char *const required_components[] = {
	"@method", "@target-uri", "content-digest", NULL
};

/*
 * The value of request field lcname as the web server passed it: the CGI
 * variable HTTP_<NAME>, and CONTENT_TYPE and CONTENT_LENGTH, which CGI
 * keeps apart. A name with "_" is no field here (it would alias one with
 * "-"): NULL.
 */
static const char *
request_field(void *arg, const char *lcname)
{
	const struct req *r = arg;

	if (strchr(lcname, '_') != NULL)
		return NULL;
	if (strcmp(lcname, "content-type") == 0)
		return req_env(r->envp, "CONTENT_TYPE");
	if (strcmp(lcname, "content-length") == 0)
		return req_env(r->envp, "CONTENT_LENGTH");
	return req_header(r, lcname);
}

/* Whether the request came from one of http.trusted_proxies, whose
 * X-Forwarded-Proto and X-Forwarded-Host are then believed. */
static int
from_trusted_proxy(const struct req *r)
{
	return r->ctx->cfg.trusted_proxies.n > 0 &&
	    cidr_list_has(&r->ctx->cfg.trusted_proxies, req_env(r->envp, "REMOTE_ADDR"));
}

/*
 * The last value of forwarding header name, into out (cap bytes), trimmed;
 * NULL when absent, empty or too long. The last is the one the trusted
 * proxy in front of us wrote: a proxy that appends (Apache's mod_proxy
 * does, for X-Forwarded-Host) leaves whatever the client sent before it.
 */
static const char *
forwarded(const struct req *r, const char *name, char *out, size_t cap)
{
	const char *v = req_header(r, name), *comma;
	size_t n;

	if (v == NULL)
		return NULL;
	if ((comma = strrchr(v, ',')) != NULL)
		v = comma + 1;
	v += strspn(v, " \t");
	n = strcspn(v, ",");
	while (n > 0 && (v[n - 1] == ' ' || v[n - 1] == '\t'))
		n--;
	if (n == 0 || n >= cap)
		return NULL;
	memcpy(out, v, n);
	out[n] = '\0';
	return out;
}

/*
 * The scheme the client used: from a trusted proxy, its X-Forwarded-Proto
 * ("https" or "http"); else "https" when the web server says the
 * connection is TLS (HTTPS=on, as Apache's mod_ssl and lighttpd set it, or
 * REQUEST_SCHEME=https), else "http".
 */
static const char *
request_scheme(const struct req *r)
{
	const char *https = req_env(r->envp, "HTTPS");
	const char *scheme = req_env(r->envp, "REQUEST_SCHEME");
	char proto[8];

	if (from_trusted_proxy(r) && forwarded(r, "X-Forwarded-Proto", proto, sizeof(proto))) {
		if (strict_ieq(proto, strlen(proto), "https"))
			return "https";
		if (strict_ieq(proto, strlen(proto), "http"))
			return "http";
	}
	if ((https != NULL && strict_ieq(https, strlen(https), "on")) ||
	    (scheme != NULL && strict_ieq(scheme, strlen(scheme), "https")))
		return "https";
	return "http";
}

int
auth_request_origin(const struct req *r, char *out, size_t cap)
{
	char host[256];
	const char *authority = from_trusted_proxy(r) ?
	    forwarded(r, "X-Forwarded-Host", host, sizeof(host)) : NULL;

	if (authority == NULL)
		authority = req_env(r->envp, "HTTP_HOST");
	if (authority == NULL || authority[0] == '\0')
		return -1;
	return snprintf(out, cap, "%s://%s", request_scheme(r), authority) < (int)cap ? 0 : -1;
}

void
auth_client_address(const struct req *r, char *out, size_t cap)
{
	const char *addr = req_env(r->envp, "REMOTE_ADDR");

	if (from_trusted_proxy(r) && forwarded(r, "X-Forwarded-For", out, cap) != NULL)
		return;
	snprintf(out, cap, "%s", addr != NULL ? addr : "");
}

/* The signature of a request and what its checks need, off the stack. */
struct signed_request {
	struct sfv_dict input, sig;
	struct httpsig_sig s;
	char pem[HTTPSIG_PEM_MAX + 1];
	struct buf base;
};

/* The checks that need no database: the fields, the covered components,
 * the time window and the body's digest. */
static enum err
signature_precheck(struct req *r, struct signed_request *q, const char *body, size_t blen,
    long long now, struct resp *resp)
{
	const char *input = req_header(r, "Signature-Input");
	const char *sig = req_header(r, "Signature");
	const char *digest = req_header(r, "Content-Digest");
	char why[128];
	int rc;

	if (input == NULL && sig == NULL)
		return resp_fail(resp, ERR_UNAUTHORIZED, "signature required: this partner's "
		    "requests must carry Signature-Input and Signature (RFC 9421)");
	if (input == NULL || sig == NULL)
		return resp_fail(resp, ERR_UNAUTHORIZED,
		    "signature invalid: Signature-Input and Signature come together");
	if (sfv_parse_dictionary(input, strlen(input), &q->input, why, sizeof(why)) != 0)
		return resp_fail(resp, ERR_UNAUTHORIZED, "signature invalid: Signature-Input: %s",
		    why);
	if (sfv_parse_dictionary(sig, strlen(sig), &q->sig, why, sizeof(why)) != 0)
		return resp_fail(resp, ERR_UNAUTHORIZED, "signature invalid: Signature: %s", why);
	if (httpsig_select(&q->input, &q->sig, required_components, &q->s, why,
	    sizeof(why)) != 0)
		return resp_fail(resp, ERR_UNAUTHORIZED, "signature invalid: %s", why);
	if (q->s.created > now + AUTH_SIGNATURE_SKEW_SECONDS)
		return resp_fail(resp, ERR_UNAUTHORIZED,
		    "signature invalid: created is in the future");
	if (q->s.created < now - AUTH_SIGNATURE_WINDOW_SECONDS)
		return resp_fail(resp, ERR_UNAUTHORIZED,
		    "signature expired: created more than %d s ago", AUTH_SIGNATURE_WINDOW_SECONDS);
	if (q->s.expires != 0 && q->s.expires < now)
		return resp_fail(resp, ERR_UNAUTHORIZED,
		    "signature expired: its expires time has passed");
	if (digest == NULL)
		return resp_fail(resp, ERR_UNAUTHORIZED, "content-digest missing: a signed "
		    "request carries Content-Digest (sha-256), also with an empty body");
	rc = httpsig_content_digest_check(digest, strlen(digest), body, blen, why, sizeof(why));
	if (rc == -1)
		return resp_fail(resp, ERR_UNAUTHORIZED, "content-digest invalid: %s", why);
	if (rc != 0)
		return resp_fail(resp, ERR_UNAUTHORIZED,
		    "content-digest mismatch: it is not the SHA-256 of the body");
	return ERR_OK;
}

/* The checks against the partner's keys and the signatures seen. */
static enum err
signature_check(struct req *r, struct signed_request *q, struct resp *resp, char *why,
    size_t whylen)
{
	struct ctx *ctx = r->ctx;
	char host[256];
	const char *authority = from_trusted_proxy(r) ?
	    forwarded(r, "X-Forwarded-Host", host, sizeof(host)) : NULL;
	const struct httpsig_request rq = {
		r->method, request_scheme(r), authority ? authority : req_env(r->envp, "HTTP_HOST"),
		req_env(r->envp, "REQUEST_URI"), request_field, r
	};
	enum httpsig_alg alg = HTTPSIG_ALG_NONE;
	char because[128];
	int rc;

	rc = sigkey_find(ctx->db, r->caller.id, q->s.keyid, &alg, q->pem);
	if (rc < 0) {
		snprintf(why, whylen, "partner_signing_keys: %s", db_error(ctx->db));
		return ERR_SERVICE_UNAVAILABLE;
	}
	if (rc == 0)
		return resp_fail(resp, ERR_UNAUTHORIZED,
		    "signature invalid: no key of this partner has that keyid");
	if (q->s.alg != NULL && strcmp(q->s.alg, httpsig_alg_name(alg)) != 0)
		return resp_fail(resp, ERR_UNAUTHORIZED,
		    "signature invalid: alg is not the algorithm of that key");
	if (rq.authority == NULL || rq.target == NULL)
		return resp_fail(resp, ERR_UNAUTHORIZED, "signature invalid: no Host or target");
	if (httpsig_base(&q->input, &q->s, &rq, &q->base, because, sizeof(because)) != 0)
		return resp_fail(resp, ERR_UNAUTHORIZED, "signature invalid: %s", because);
	if (httpsig_verify(alg, q->pem, strlen(q->pem), q->base.data, q->base.len, q->s.sig,
	    q->s.siglen) != 1)
		return resp_fail(resp, ERR_UNAUTHORIZED,
		    "signature invalid: it does not verify with that key");
	rc = sigkey_seen(ctx->db, r->caller.id, q->base.data, q->base.len,
	    q->s.created + AUTH_SIGNATURE_WINDOW_SECONDS);
	if (rc < 0) {
		snprintf(why, whylen, "request_signatures: %s", db_error(ctx->db));
		return ERR_SERVICE_UNAVAILABLE;
	}
	if (rc > 0)
		return resp_fail(resp, ERR_UNAUTHORIZED,
		    "signature replayed: this signature was accepted before (two requests alike "
		    "signed in the same second need a nonce parameter each)");
	return ERR_OK;
}

enum err
auth_partner_signature(struct req *r, const char *body, size_t blen, long long now,
    struct resp *resp, char *why, size_t whylen)
{
	struct signed_request *q = calloc(1, sizeof(*q));
	enum err e;

	if (q == NULL) {
		snprintf(why, whylen, "out of memory");
		return ERR_INTERNAL;
	}
	buf_init(&q->base, 64 * 1024);
	e = signature_precheck(r, q, body, blen, now, resp);
	if (e == ERR_OK)
		e = signature_check(r, q, resp, why, whylen);
	buf_free(&q->base);
	free(q);
	return e;
}
