#include "http/auth.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "domain/apikey.h"
#include "domain/ctx.h"
#include "core/strict.h"
#include "domain/user.h"

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
		break;
	case JWT_EXPIRED:
		return ERR_TOKEN_EXPIRED;
	default:
		return ERR_TOKEN_INVALID;
	}
	if (user_resolve(ctx->db, claims.sub, ctx->cfg.sandbox, &r->caller) != DB_OK) {
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
	switch (apikey_authenticate(ctx->db, ctx->cfg.sandbox, key, n, &r->caller)) {
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
