/*
 * console/twofactor: Security -> two-factor sign-in. GET /console/api/2fa
 * (on or not, required or not), POST /console/api/2fa (begin: the secret,
 * its otpauth:// URI and the QR code as SVG), POST /console/api/2fa/confirm
 * {code} (on: the 10 recovery codes, shown once), DELETE /console/api/2fa
 * (off), PUT /console/api/2fa/requirement {required} (the owner requires
 * it of every member). Every change needs a recent password.
 */
#include <openssl/crypto.h>
#include <stdlib.h>
#include <string.h>

#include "core/qrsvg.h"
#include "domain/console/audit.h"
#include "domain/console/twofactor.h"
#include "http/body.h"
#include "console.h"

static const char *const confirm_fields[] = { "code", NULL };
static const char *const requirement_fields[] = { "required", NULL };

enum err
console_2fa_get(struct req *r, struct resp *resp)
{
	json_t *data = json_pack("{s:b,s:b}", "enabled", r->console.totp_enabled, "required",
	    r->console.require_2fa);

	return data ? resp_ok(resp, 200, data) : ERR_INTERNAL;
}

enum err
console_2fa_post(struct req *r, struct resp *resp)
{
	static const char *const none[] = { NULL };
	struct console_client from = console_client_of(r);
	struct console_enrolment en;
	json_t *data;
	char *svg;
	enum err e;

	if ((e = body_only(r->body, resp, none)) != ERR_OK)
		return e;
	if ((e = console_2fa_begin(r->ctx->db, &r->ctx->cfg, &r->console, &en,
	    &resp->out)) != ERR_OK)
		return e;
	(void)console_audit(r->ctx->db, r->console.partner_id, r->console.user_id, "2fa.begin",
	    r->console.user_public_id, &from);
	svg = qrsvg(en.uri);
	data = svg ? json_pack("{s:s,s:s,s:s}", "secret", en.secret, "otpauth_uri", en.uri,
	    "qr_svg", svg) : NULL;
	free(svg);
	OPENSSL_cleanse(&en, sizeof(en));
	return data ? resp_ok(resp, 201, data) : ERR_INTERNAL;
}

enum err
console_2fa_confirm_post(struct req *r, struct resp *resp)
{
	struct console_client from = console_client_of(r);
	char codes[CONSOLE_RECOVERY_CODES][CONSOLE_RECOVERY_CHARS + 1];
	const char *code;
	json_t *a;
	enum err e;
	int i;

	if ((e = body_only(r->body, resp, confirm_fields)) != ERR_OK ||
	    (e = body_string(r->body, resp, "code", 16, &code)) != ERR_OK)
		return e;
	if ((e = console_2fa_confirm(r->ctx->db, &r->ctx->cfg, &r->console, code, codes,
	    &resp->out)) != ERR_OK)
		return e;
	(void)console_audit(r->ctx->db, r->console.partner_id, r->console.user_id, "2fa.on",
	    r->console.user_public_id, &from);
	a = json_array();
	for (i = 0; a != NULL && i < CONSOLE_RECOVERY_CODES; i++)
		json_array_append_new(a, json_string(codes[i]));
	OPENSSL_cleanse(codes, sizeof(codes));
	return a ? resp_ok(resp, 200, json_pack("{s:b,s:o}", "enabled", 1, "recovery_codes", a)) :
	    ERR_INTERNAL;
}

enum err
console_2fa_delete(struct req *r, struct resp *resp)
{
	enum err e;

	if ((e = console_2fa_disable(r->ctx->db, &r->console, &resp->out)) != ERR_OK)
		return e;
	return console_done(r, resp, "2fa.off", NULL);
}

enum err
console_2fa_requirement_put(struct req *r, struct resp *resp)
{
	struct console_client from = console_client_of(r);
	json_t *required;
	enum err e;

	if ((e = body_only(r->body, resp, requirement_fields)) != ERR_OK)
		return e;
	required = json_object_get(r->body, "required");
	if (!json_is_boolean(required))
		return resp_invalid(resp, ERR_VALIDATION, "required", "true or false");
	if ((e = console_2fa_require(r->ctx->db, r->console.partner_id, json_is_true(required),
	    &resp->out)) != ERR_OK)
		return e;
	(void)console_audit(r->ctx->db, r->console.partner_id, r->console.user_id,
	    json_is_true(required) ? "2fa.require" : "2fa.unrequire", r->console.partner_public_id,
	    &from);
	return resp_ok(resp, 200, json_pack("{s:b,s:b}", "enabled", r->console.totp_enabled,
	    "required", json_is_true(required)));
}
