/*
 * console/signing: Developers -> API keys -> Request signing (RFC 9421;
 * decision 63). GET /console/api/signing (the partner's policy and its
 * public keys), PUT /console/api/signing/policy {required}, POST
 * /console/api/signing/keys {keyid, alg, public_key} (a PEM), DELETE
 * /console/api/signing/keys/{keyid}. The same domain calls as the admin
 * tool's `partner signing` and `partner sigkey`, for the session's
 * partner; every change needs a recent password and goes in the audit log.
 */
#include <string.h>

#include "domain/console/audit.h"
#include "domain/sigkey.h"
#include "http/body.h"
#include "console.h"

static const char *const policy_fields[] = { "required", NULL };
static const char *const key_fields[] = { "keyid", "alg", "public_key", NULL };

static void
one_key(const char *public_id, const char *keyid, const char *alg, const char *created_at,
    void *arg)
{
	(void)public_id;
	json_array_append_new(arg, json_pack("{s:s,s:s,s:s}", "keyid", keyid, "alg", alg,
	    "created_at", created_at));
}

/* {required, keys: [{keyid, alg, created_at}]} of the session's partner. */
static enum err
signing_answer(struct req *r, struct resp *resp, int status)
{
	const char *pid = r->console.partner_public_id;
	json_t *keys = json_array();
	int required;

	if (keys == NULL)
		return ERR_INTERNAL;
	if (sigkey_partner_signing_get(r->ctx->db, &r->ctx->cfg, pid, &required,
	    &resp->out) != ERR_OK ||
	    sigkey_list(r->ctx->db, &r->ctx->cfg, pid, one_key, keys, &resp->out) != ERR_OK) {
		json_decref(keys);
		return resp->out.err;
	}
	return resp_ok(resp, status, json_pack("{s:b,s:o}", "required", required, "keys", keys));
}

enum err
console_signing_get(struct req *r, struct resp *resp)
{
	return signing_answer(r, resp, 200);
}

enum err
console_signing_policy_put(struct req *r, struct resp *resp)
{
	struct console_client from = console_client_of(r);
	json_t *required;
	enum err e;

	if ((e = body_only(r->body, resp, policy_fields)) != ERR_OK)
		return e;
	required = json_object_get(r->body, "required");
	if (!json_is_boolean(required))
		return resp_invalid(resp, ERR_VALIDATION, "required", "true or false");
	if ((e = sigkey_partner_signing_set(r->ctx->db, &r->ctx->cfg,
	    r->console.partner_public_id, json_is_true(required), &resp->out)) != ERR_OK)
		return e;
	if (resp->out.changed)
		(void)console_audit(r->ctx->db, r->console.partner_id, r->console.user_id,
		    json_is_true(required) ? "signing.require" : "signing.unrequire",
		    r->console.partner_public_id, &from);
	return signing_answer(r, resp, 200);
}

enum err
console_signing_key_post(struct req *r, struct resp *resp)
{
	struct console_client from = console_client_of(r);
	const char *keyid, *alg, *pem;
	size_t len;
	enum err e;

	if ((e = body_only(r->body, resp, key_fields)) != ERR_OK ||
	    (e = body_string(r->body, resp, "keyid", HTTPSIG_KEYID_MAX, &keyid)) != ERR_OK ||
	    (e = body_string(r->body, resp, "alg", 32, &alg)) != ERR_OK ||
	    (e = body_text(r->body, resp, "public_key", 1, &pem, &len)) != ERR_OK)
		return e;
	if (len == 0 || len > HTTPSIG_PEM_MAX || strlen(pem) != len)
		return resp_invalid(resp, ERR_VALIDATION, "public_key",
		    "a public key in PEM (SubjectPublicKeyInfo)");
	if ((e = sigkey_add(r->ctx->db, &r->ctx->cfg, r->console.partner_public_id, keyid, alg,
	    pem, len, &resp->out)) != ERR_OK)
		return e;
	(void)console_audit(r->ctx->db, r->console.partner_id, r->console.user_id,
	    "signing.key_add", keyid, &from);
	return signing_answer(r, resp, 201);
}

enum err
console_signing_key_delete(struct req *r, struct resp *resp)
{
	const char *keyid = req_param(r, "keyid");
	enum err e;

	if ((e = sigkey_remove(r->ctx->db, &r->ctx->cfg, r->console.partner_public_id, keyid,
	    &resp->out)) != ERR_OK)
		return e;
	return console_done(r, resp, "signing.key_remove", keyid);
}
