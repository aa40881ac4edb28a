#include "http/auth.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "domain/apikey.h"
#include "domain/ctx.h"
#include "core/strict.h"
#include "domain/user.h"
#include "http/jwt.h"

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

int
auth_init(struct ctx *ctx)
{
	const struct cfg *c = &ctx->cfg;
	struct jwt_config jc;
	char err[200];

	memset(&jc, 0, sizeof(jc));
	if (parse_algs(c->jwt_algorithms, &jc.algs) != 0) {
		snprintf(ctx->init_error, sizeof(ctx->init_error),
		    "jwt.algorithms: use HS256, RS256, ES256");
		return -1;
	}
	if (c->jwt_hs256_secret[0] == '\0')
		jc.algs &= ~JWT_ALG_HS256;
	if (c->jwt_jwks_file[0] == '\0')
		jc.algs &= ~(JWT_ALG_RS256 | JWT_ALG_ES256);
	if (jc.algs == 0)
		return 0; /* every wallet request will be 401 */
	jc.hs256_secret = (const unsigned char *)c->jwt_hs256_secret;
	jc.hs256_secret_len = strlen(c->jwt_hs256_secret);
	jc.jwks_path = c->jwt_jwks_file;
	jc.issuer = c->jwt_issuer;
	jc.audience = c->jwt_audience;
	jc.leeway_seconds = (long)c->jwt_leeway_seconds;
	if (jwt_verifier_new(&jc, &ctx->jwt, err, sizeof(err)) != 0) {
		snprintf(ctx->init_error, sizeof(ctx->init_error), "jwt: %s", err);
		return -1;
	}
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
	const char *tok;
	size_t n;

	tok = bearer(r->authorization, &n);
	if (tok == NULL) {
		snprintf(why, whylen, "no bearer token");
		return ERR_UNAUTHORIZED;
	}
	if (ctx->jwt == NULL) {
		snprintf(why, whylen, "no JWT algorithm configured");
		return ERR_TOKEN_INVALID;
	}
	switch (jwt_verify(ctx->jwt, tok, n, (long long)time(NULL), &claims, why,
	    whylen)) {
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
	switch (apikey_authenticate_cached(ctx->db, &ctx->cfg,
	    (unsigned)ctx->cfg.key_cache_seconds, key, n, &r->caller)) {
	case APIKEY_OK:
		return ERR_OK;
	case APIKEY_DB_DOWN:
		snprintf(why, whylen, "api_keys: %s", db_error(ctx->db));
		return ERR_SERVICE_UNAVAILABLE;
	default:
		snprintf(why, whylen, "unknown, revoked or foreign key");
		return ERR_UNAUTHORIZED;
	}
}
