/*
 * console/wallet: the wallet developer dashboard's JWT verification
 * settings. GET /console/api/wallet/jwt (what the dashboard set, null for
 * what it left to the config, and what is in force), PUT
 * /console/api/wallet/jwt {issuer, audience, jwks_url} (each a string, or
 * null or absent: the config's; a recent password). Its webhooks are the
 * partner Webhooks' handlers (main.c's table).
 */
#include <stdio.h>
#include <string.h>

#include "domain/console/wallet_jwt.h"
#include "http/body.h"
#include "console.h"

static const char *const jwt_fields[] = { "issuer", "audience", "jwks_url", NULL };

/* s, or JSON null for "". */
static json_t *
set_or_null(const char *s)
{
	return s[0] != '\0' ? json_string(s) : json_null();
}

static enum err
jwt_answer(struct req *r, struct resp *resp, const struct wallet_jwt *w)
{
	struct wallet_jwt eff;

	wallet_jwt_effective(&r->ctx->cfg, w, &eff);
	return resp_ok(resp, 200, json_pack("{s:o,s:o,s:o,s:o,s:{s:o,s:o,s:o}}",
	    "issuer", set_or_null(w->issuer), "audience", set_or_null(w->audience),
	    "jwks_url", set_or_null(w->jwks_url), "updated_at", set_or_null(w->updated_at),
	    "effective", "issuer", set_or_null(eff.issuer), "audience", set_or_null(eff.audience),
	    "jwks_url", set_or_null(eff.jwks_url)));
}

enum err
console_wallet_jwt_get(struct req *r, struct resp *resp)
{
	struct wallet_jwt w;

	if (wallet_jwt_get(r->ctx->db, &w) != 0)
		return ERR_SERVICE_UNAVAILABLE;
	return jwt_answer(r, resp, &w);
}

/* The member name of the body into out (cap bytes; absent or null: ""). */
static enum err
member(struct req *r, struct resp *resp, const char *name, char *out, size_t cap)
{
	const char *v;
	size_t len;
	enum err e;

	out[0] = '\0';
	if ((e = body_text(r->body, resp, name, 0, &v, &len)) != ERR_OK)
		return e;
	if (v == NULL)
		return ERR_OK;
	if (len == 0 || len >= cap || strlen(v) != len)
		return resp_invalid(resp, ERR_VALIDATION, name, cap > 300 ?
		    "a URL of at most 511 characters, or null" :
		    "1 to 255 printable characters, or null");
	memcpy(out, v, len + 1);
	return ERR_OK;
}

enum err
console_wallet_jwt_put(struct req *r, struct resp *resp)
{
	struct console_client from = console_client_of(r);
	struct wallet_jwt w;
	enum err e;

	memset(&w, 0, sizeof(w));
	if ((e = body_only(r->body, resp, jwt_fields)) != ERR_OK ||
	    (e = member(r, resp, "issuer", w.issuer, sizeof(w.issuer))) != ERR_OK ||
	    (e = member(r, resp, "audience", w.audience, sizeof(w.audience))) != ERR_OK ||
	    (e = member(r, resp, "jwks_url", w.jwks_url, sizeof(w.jwks_url))) != ERR_OK)
		return e;
	if ((e = wallet_jwt_set(r->ctx->db, &r->ctx->cfg, &r->console, &w, &from,
	    &resp->out)) != ERR_OK)
		return e;
	return console_wallet_jwt_get(r, resp);
}
