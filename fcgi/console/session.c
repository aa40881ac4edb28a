/*
 * console/session: POST /console/api/session (sign in), GET (the session:
 * who, which partner, what the role may do, the CSRF token), DELETE (sign
 * out), DELETE /console/api/sessions (sign out everywhere), POST
 * /console/api/session/reauth (the password again, for a sensitive action).
 */
#include <string.h>
#include <time.h>

#include "domain/console/account.h"
#include "domain/console/audit.h"
#include "http/body.h"
#include "http/console_auth.h"
#include "http/rate_limit.h"
#include "http/view_console.h"
#include "console.h"

static const char *const signin_fields[] = { "email", "password", "code", NULL };
static const char *const reauth_fields[] = { "password", "code", NULL };

/* The optional two-factor code of a body (1 to 32 printable characters). */
static enum err
body_code(const json_t *body, struct resp *resp, const char **code)
{
	return body_opt_string(body, resp, "code", 32, code);
}

/*
 * Counts a sign-in (or sign-up) attempt of the client address: ERR_OK, or
 * 429 past ratelimit.console_signin (with Retry-After).
 */
enum err
console_signin_count(struct req *r, struct resp *resp)
{
	struct rate_limit_result w;
	char subject[80], num[24];
	long long now = (long long)time(NULL);
	const char *addr = req_env(r->envp, "REMOTE_ADDR");

	snprintf(subject, sizeof(subject), "a:%s", addr != NULL ? addr : "");
	if (rate_limit_hit(r->ctx->db, &r->ctx->cfg, subject, RATE_LIMIT_CONSOLE_SIGNIN, now,
	    &w) != DB_OK)
		return ERR_SERVICE_UNAVAILABLE;
	if (!w.limited)
		return ERR_OK;
	snprintf(num, sizeof(num), "%lld", w.reset - now > 0 ? w.reset - now : 1);
	resp_header(resp, "Retry-After", num);
	return resp_fail(resp, ERR_RATE_LIMITED,
	    "Too many sign-in attempts from this address: try again in %s s", num);
}

/* A refused attempt's Retry-After, from the domain's context. */
static void
retry_after(struct resp *resp)
{
	char num[24];
	size_t i;

	for (i = 0; i < resp->out.nctx; i++)
		if (strcmp(resp->out.ctx[i].key, "retry_after") == 0) {
			snprintf(num, sizeof(num), "%lld", resp->out.ctx[i].num);
			resp_header(resp, "Retry-After", num);
		}
}

enum err
console_opened_answer(struct req *r, struct resp *resp, const struct console_opened *opened,
    int status, json_t *extra)
{
	struct outcome o;
	json_t *data;

	/* the session as any later request reads it */
	if (console_session_find(r->ctx->db, opened->session_id, &r->console, &o) != ERR_OK) {
		json_decref(extra);
		return resp_fail(resp, o.err == ERR_UNAUTHORIZED ? ERR_SERVICE_UNAVAILABLE : o.err,
		    "the new session could not be read: sign in again");
	}
	/* the back office from its allowed addresses only: a session opened
	 * elsewhere is ended at once, and no cookie is given */
	if (!console_ops_address_ok(r)) {
		json_decref(extra);
		(void)console_session_end(r->ctx->db, r->console.id, &o);
		return resp_fail(resp, ERR_FORBIDDEN,
		    "The back office may not be used from this address (console.ops_allow)");
	}
	if ((data = console_session_json(&r->ctx->cfg, &r->console)) == NULL) {
		json_decref(extra);
		return ERR_INTERNAL;
	}
	if (extra != NULL)
		json_object_update(data, extra);
	json_decref(extra);
	console_cookie(r, resp, opened->session_id);
	return resp_ok(resp, status, data);
}

enum err
console_signin_post(struct req *r, struct resp *resp)
{
	struct console_client from = console_client_of(r);
	struct console_opened opened;
	const char *email, *password, *code;
	size_t len;
	enum err e;

	if ((e = body_only(r->body, resp, signin_fields)) != ERR_OK ||
	    (e = body_text(r->body, resp, "email", 1, &email, &len)) != ERR_OK ||
	    (e = body_code(r->body, resp, &code)) != ERR_OK ||
	    (e = body_text(r->body, resp, "password", 1, &password, &len)) != ERR_OK)
		return e;
	if (strlen(password) != len)
		return resp_invalid(resp, ERR_VALIDATION, "password", "no NUL characters");
	if ((e = console_signin_count(r, resp)) != ERR_OK)
		return e;
	/* whatever session the browser held is not carried over: a new id
	 * (a session fixed before sign-in is worth nothing after it) */
	if ((e = console_signin(r->ctx->db, &r->ctx->cfg, email, password, code, &from, &opened,
	    &resp->out)) != ERR_OK) {
		retry_after(resp);
		return e;
	}
	return console_opened_answer(r, resp, &opened, 200, NULL);
}

enum err
console_done(struct req *r, struct resp *resp, const char *action, const char *object)
{
	struct console_client from = console_client_of(r);

	(void)console_audit(r->ctx->db, r->console.partner_id, r->console.user_id, action,
	    object != NULL ? object : r->console.user_public_id, &from);
	resp->status = 204;
	resp->no_body = 1;
	return ERR_OK;
}

enum err
console_session_get(struct req *r, struct resp *resp)
{
	json_t *data = console_session_json(&r->ctx->cfg, &r->console);

	return data ? resp_ok(resp, 200, data) : ERR_INTERNAL;
}

enum err
console_session_delete(struct req *r, struct resp *resp)
{
	enum err e;

	if ((e = console_session_end(r->ctx->db, r->console.id, &resp->out)) != ERR_OK)
		return e;
	console_cookie(r, resp, NULL);
	return console_done(r, resp, "signout", NULL);
}

enum err
console_sessions_delete(struct req *r, struct resp *resp)
{
	enum err e;

	if ((e = console_session_end_all(r->ctx->db, r->console.user_id, &resp->out)) != ERR_OK)
		return e;
	console_cookie(r, resp, NULL);
	return console_done(r, resp, "signout.everywhere", NULL);
}

enum err
console_reauth_post(struct req *r, struct resp *resp)
{
	struct console_client from = console_client_of(r);
	const char *password, *code;
	size_t len;
	enum err e;

	if ((e = body_only(r->body, resp, reauth_fields)) != ERR_OK ||
	    (e = body_code(r->body, resp, &code)) != ERR_OK ||
	    (e = body_text(r->body, resp, "password", code == NULL, &password, &len)) != ERR_OK)
		return e;
	if ((password == NULL) == (code == NULL))
		return resp_invalid(resp, ERR_VALIDATION, "password", "the password or a code, not both");
	if (password != NULL && strlen(password) != len)
		return resp_invalid(resp, ERR_VALIDATION, "password", "no NUL characters");
	if ((e = console_reauth(r->ctx->db, &r->ctx->cfg, &r->console, password, code, &from,
	    &resp->out)) != ERR_OK) {
		retry_after(resp);
		return e;
	}
	resp->status = 204;
	resp->no_body = 1;
	return ERR_OK;
}
