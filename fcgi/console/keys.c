/*
 * console/keys: Developers -> API keys. GET /console/api/keys (every key
 * of the partner, newest first, with its public half and when it was last
 * used), POST /console/api/keys (a new key pair: the secret in this one
 * answer; the password given again within 5 minutes), DELETE
 * /console/api/keys/{key_id} (revoked; another partner's key is 404).
 */
#include <string.h>

#include "domain/apikey.h"
#include "domain/console/audit.h"
#include "domain/console/keys.h"
#include "domain/partner_account.h"
#include "http/body.h"
#include "http/view_console.h"
#include "console.h"

struct listing {
	const struct cfg *cfg;
	json_t *a;
	int failed;
};

static int
one_key(const struct console_key *k, void *arg)
{
	struct listing *l = arg;

	if (json_array_append_new(l->a, console_key_json(l->cfg, k->key_id, k->created_at,
	    k->last_used_at, k->revoked_at)) != 0) {
		l->failed = 1;
		return 1;
	}
	return 0;
}

enum err
console_keys_get(struct req *r, struct resp *resp)
{
	struct listing l = { &r->ctx->cfg, json_array(), 0 };
	enum err e;

	if (l.a == NULL)
		return ERR_INTERNAL;
	if ((e = console_keys_list(r->ctx->db, r->console.partner_id, one_key, &l,
	    &resp->out)) != ERR_OK || l.failed) {
		json_decref(l.a);
		return e != ERR_OK ? e : ERR_INTERNAL;
	}
	return resp_ok(resp, 200, l.a);
}

enum err
console_keys_post(struct req *r, struct resp *resp)
{
	static const char *const none[] = { NULL };
	struct console_client from = console_client_of(r);
	struct partner_key k;
	json_t *data;
	enum err e;

	if ((e = body_only(r->body, resp, none)) != ERR_OK)
		return e;
	if ((e = partner_issue_key(r->ctx->db, &r->ctx->cfg, r->console.partner_public_id, &k,
	    &resp->out)) != ERR_OK)
		return e;
	(void)console_audit(r->ctx->db, r->console.partner_id, r->console.user_id, "key.create",
	    k.key_id, &from);
	data = console_key_json(&r->ctx->cfg, k.key_id, "", "", "");
	if (data != NULL) {
		json_object_set_new(data, "secret_key", json_string(k.key));
		json_object_del(data, "created_at");
	}
	memset(&k, 0, sizeof(k));
	return data ? resp_ok(resp, 201, data) : ERR_INTERNAL;
}

enum err
console_key_delete(struct req *r, struct resp *resp)
{
	const char *key_id = req_param(r, "key_id");
	enum err e;

	if ((e = console_key_revoke(r->ctx->db, r->console.partner_id, key_id,
	    &resp->out)) != ERR_OK)
		return e;
	return console_done(r, resp, "key.revoke", key_id);
}
