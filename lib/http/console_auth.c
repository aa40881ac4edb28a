#include "http/console_auth.h"

#include <openssl/crypto.h>
#include <stdio.h>
#include <string.h>

#include "core/cidr.h"
#include "domain/console/role.h"
#include "http/auth.h"

/* The value of cookie name in the Cookie header, into out: 0, or -1. */
static int
cookie_value(const struct req *r, const char *name, char *out, size_t cap)
{
	const char *c = req_env(r->envp, "HTTP_COOKIE");
	size_t nl = strlen(name);

	while (c != NULL && *c != '\0') {
		size_t n;

		c += strspn(c, " \t;");
		n = strcspn(c, ";");
		if (n > nl && memcmp(c, name, nl) == 0 && c[nl] == '=') {
			if (n - nl - 1 >= cap)
				return -1;
			memcpy(out, c + nl + 1, n - nl - 1);
			out[n - nl - 1] = '\0';
			return 0;
		}
		c += n;
	}
	return -1;
}

enum err
auth_console(struct req *r, char *why, size_t whylen)
{
	char sid[CONSOLE_TOKEN_CHARS + 2];
	struct outcome o;
	enum err e;

	if (cookie_value(r, CONSOLE_COOKIE, sid, sizeof(sid)) != 0) {
		snprintf(why, whylen, "no session cookie");
		return ERR_UNAUTHORIZED;
	}
	if ((e = console_session_find(r->ctx->db, sid, &r->console, &o)) != ERR_OK) {
		snprintf(why, whylen, "%s", o.message);
		return e;
	}
	/* the partner the session belongs to; the wallet developer's (no
	 * partner) acts for the platform */
	r->caller.kind = r->console.partner_id > 0 ? CALLER_PARTNER : CALLER_PLATFORM;
	r->caller.id = r->console.partner_id;
	snprintf(r->caller.public_id, sizeof(r->caller.public_id), "%s",
	    r->console.partner_public_id);
	snprintf(r->caller.tier, sizeof(r->caller.tier), "%s", r->console.tier);
	return ERR_OK;
}

/* A change must come from the console's own page: its Origin is ours. */
static int
same_origin(const struct req *r)
{
	const char *origin = req_header(r, "Origin");
	char ours[320];

	return origin != NULL && auth_request_origin(r, ours, sizeof(ours)) == 0 &&
	    strcmp(origin, ours) == 0;
}

/* 1 when a back-office session may be used from r's client address
 * (console.ops_allow; empty: from anywhere). */
static int
ops_address_ok(const struct req *r)
{
	char addr[80];

	if (r->ctx->cfg.console_ops_allow.n == 0)
		return 1;
	auth_client_address(r, addr, sizeof(addr));
	return cidr_list_has(&r->ctx->cfg.console_ops_allow, addr);
}

enum err
console_guard(struct req *r, const struct route *rt, struct resp *resp)
{
	int change = strcmp(r->method, "GET") != 0 && strcmp(r->method, "HEAD") != 0;
	int action = ROUTE_ACTION_OF(rt->flags);
	const char *token;

	if (change && !same_origin(r))
		return resp_fail(resp, ERR_CSRF,
		    "The Origin of this request is not the console's own");
	if (rt->flags & ROUTE_PUBLIC)
		return ERR_OK;
	/* the back office from its allowed addresses only, whatever the route */
	if (console_role_is_ops(r->console.role_id) && !ops_address_ok(r))
		return resp_fail(resp, ERR_FORBIDDEN,
		    "The back office may not be used from this address (console.ops_allow)");
	token = req_header(r, "X-CSRF-Token");
	if (change && (token == NULL || strlen(token) != CONSOLE_TOKEN_CHARS ||
	    CRYPTO_memcmp(token, r->console.csrf_token, CONSOLE_TOKEN_CHARS) != 0))
		return resp_fail(resp, ERR_CSRF,
		    "X-CSRF-Token must carry the session's csrf_token");
	if (r->console.require_2fa && !r->console.totp_enabled && !(rt->flags & ROUTE_ENROL))
		return console_role_is_ops(r->console.role_id) ?
		    resp_fail(resp, ERR_TWO_FACTOR_ENROL,
		    "The back office requires two-factor sign-in: set it up first") :
		    ERR_TWO_FACTOR_ENROL;
	if (!console_may(r->console.role_id, action < 0 ? CONSOLE_READ : action))
		return resp_fail(resp, ERR_FORBIDDEN, "The %s role may not do this",
		    r->console.role);
	if ((rt->flags & ROUTE_REAUTH) && r->console.since_reauth > CONSOLE_REAUTH_SECONDS)
		return resp_fail(resp, ERR_REAUTH_REQUIRED,
		    "Give your password again (POST /console/api/session/reauth) to do this");
	return ERR_OK;
}

int
console_ops_address_ok(const struct req *r)
{
	return !console_role_is_ops(r->console.role_id) || ops_address_ok(r);
}

void
console_cookie(const struct req *r, struct resp *resp, const char *sid)
{
	char v[200];

	/* always Secure: a browser keeps a __Host- cookie only with it, over
	 * TLS or on a loopback origin (the sandbox's http://127.0.0.1, which
	 * browsers hold secure); a session never rides plain http elsewhere */
	(void)r;
	snprintf(v, sizeof(v), "%s=%s; Path=/; %sHttpOnly; SameSite=Strict; Secure", CONSOLE_COOKIE,
	    sid != NULL ? sid : "", sid != NULL ? "" : "Max-Age=0; ");
	resp_header(resp, "Set-Cookie", v);
}

struct console_client
console_client_of(const struct req *r)
{
	struct console_client c = { req_env(r->envp, "REMOTE_ADDR"), req_header(r, "User-Agent") };

	return c;
}
