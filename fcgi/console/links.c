/*
 * console/links: what the console's mailed links do, before any session:
 * POST /console/api/invitations/accept {token, password} (the member, and
 * its first session), POST /console/api/password/reset {email} (202
 * whoever it is: the link goes to an account's address only), POST
 * /console/api/password/reset/confirm {token, password} (204: the new
 * password, the lockout lifted, every session ended), POST
 * /console/api/unlock {token} (204). Each counts against the address's
 * sign-in limit.
 */
#include <string.h>

#include "domain/console/invite.h"
#include "http/body.h"
#include "console.h"

static const char *const accept_fields[] = { "token", "password", NULL };
static const char *const reset_fields[] = { "email", NULL };
static const char *const token_fields[] = { "token", NULL };

/* The body's token (a link's, 1 to 64 printable characters). */
static enum err
body_token(const json_t *body, struct resp *resp, const char **token)
{
	return body_string(body, resp, "token", 64, token);
}

/* The body's password, with no NUL inside. */
static enum err
body_password(const json_t *body, struct resp *resp, const char **password)
{
	size_t len;
	enum err e;

	if ((e = body_text(body, resp, "password", 1, password, &len)) != ERR_OK)
		return e;
	return strlen(*password) == len ? ERR_OK :
	    resp_invalid(resp, ERR_VALIDATION, "password", "no NUL characters");
}

/* A link's body {token, password}, the attempt counted. */
static enum err
token_and_password(struct req *r, struct resp *resp, const char **token, const char **password)
{
	enum err e;

	if ((e = body_only(r->body, resp, accept_fields)) != ERR_OK ||
	    (e = body_token(r->body, resp, token)) != ERR_OK ||
	    (e = body_password(r->body, resp, password)) != ERR_OK)
		return e;
	return console_signin_count(r, resp);
}

enum err
console_accept_post(struct req *r, struct resp *resp)
{
	struct console_client from = console_client_of(r);
	struct console_opened opened;
	const char *token, *password;
	enum err e;

	if ((e = token_and_password(r, resp, &token, &password)) != ERR_OK)
		return e;
	if ((e = console_invite_accept(r->ctx->db, &r->ctx->cfg, token, password, &from, &opened,
	    &resp->out)) != ERR_OK)
		return e;
	return console_opened_answer(r, resp, &opened, 201, NULL);
}

enum err
console_reset_post(struct req *r, struct resp *resp)
{
	struct console_client from = console_client_of(r);
	const char *email;
	size_t len;
	enum err e;

	if ((e = body_only(r->body, resp, reset_fields)) != ERR_OK ||
	    (e = body_text(r->body, resp, "email", 1, &email, &len)) != ERR_OK ||
	    (e = console_signin_count(r, resp)) != ERR_OK)
		return e;
	if ((e = console_reset_request(r->ctx->db, &r->ctx->cfg, email, &from,
	    &resp->out)) != ERR_OK)
		return e;
	return resp_ok(resp, 202, json_pack("{s:s}", "message",
	    "If this address has a console account, a reset link is on its way"));
}

enum err
console_reset_confirm_post(struct req *r, struct resp *resp)
{
	struct console_client from = console_client_of(r);
	const char *token, *password;
	enum err e;

	if ((e = token_and_password(r, resp, &token, &password)) != ERR_OK)
		return e;
	if ((e = console_reset_complete(r->ctx->db, token, password, &from, &resp->out)) != ERR_OK)
		return e;
	resp->status = 204;
	resp->no_body = 1;
	return ERR_OK;
}

enum err
console_unlock_post(struct req *r, struct resp *resp)
{
	struct console_client from = console_client_of(r);
	const char *token;
	enum err e;

	if ((e = body_only(r->body, resp, token_fields)) != ERR_OK ||
	    (e = body_token(r->body, resp, &token)) != ERR_OK ||
	    (e = console_signin_count(r, resp)) != ERR_OK)
		return e;
	if ((e = console_unlock_complete(r->ctx->db, token, &from, &resp->out)) != ERR_OK)
		return e;
	resp->status = 204;
	resp->no_body = 1;
	return ERR_OK;
}
