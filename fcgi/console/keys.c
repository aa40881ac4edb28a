/*
 * console/keys: Developers -> API keys. GET /console/api/keys (every key
 * of the partner, newest first: its public half, name, state, last use and
 * where from), POST /console/api/keys {name} (a new key pair: the secret
 * in this answer only), PATCH /console/api/keys/{key_id} {name}, DELETE
 * /console/api/keys/{key_id} (revoked), POST
 * /console/api/keys/{key_id}/roll {overlap_hours} (a new pair; the old
 * key works for the overlap, 0 to 168 hours). Creating, revoking and
 * rolling need a recent password; another partner's key is 404.
 */
#include <openssl/crypto.h>
#include <string.h>

#include "domain/apikey.h"
#include "domain/console/audit.h"
#include "domain/console/keys.h"
#include "http/body.h"
#include "http/view_console.h"
#include "console.h"

static const char *const name_fields[] = { "name", NULL };
static const char *const roll_fields[] = { "overlap_hours", NULL };

struct listing {
	const struct cfg *cfg;
	json_t *a;
	int failed;
};

static int
one_key(const struct console_key *k, void *arg)
{
	struct listing *l = arg;

	if (json_array_append_new(l->a, console_key_json(l->cfg, k)) != 0) {
		l->failed = 1;
		return 1;
	}
	return 0;
}

enum err
console_keys_json(struct req *r, long long partner_id, struct resp *resp, json_t **out)
{
	struct listing l = { &r->ctx->cfg, json_array(), 0 };
	enum err e;

	*out = NULL;
	if (l.a == NULL)
		return ERR_INTERNAL;
	if ((e = console_keys_list(r->ctx->db, partner_id, one_key, &l, &resp->out)) != ERR_OK ||
	    l.failed) {
		json_decref(l.a);
		return e != ERR_OK ? e : ERR_INTERNAL;
	}
	*out = l.a;
	return ERR_OK;
}

enum err
console_keys_get(struct req *r, struct resp *resp)
{
	json_t *a;
	enum err e = console_keys_json(r, r->console.partner_id, resp, &a);

	return e == ERR_OK ? resp_ok(resp, 200, a) : e;
}

/* The key key_id as the list shows it, with secret (the whole new key,
 * wiped here) when not NULL: new reference, or NULL. */
static json_t *
key_answer(struct req *r, const char *key_id, char *secret)
{
	struct console_key k;
	struct outcome o;
	json_t *data = NULL;

	if (console_key_get(r->ctx->db, r->console.partner_id, key_id, &k, &o) == ERR_OK &&
	    (data = console_key_json(&r->ctx->cfg, &k)) != NULL && secret != NULL)
		json_object_set_new(data, "secret_key", json_string(secret));
	if (secret != NULL)
		OPENSSL_cleanse(secret, strlen(secret));
	return data;
}

enum err
console_keys_post(struct req *r, struct resp *resp)
{
	struct console_client from = console_client_of(r);
	struct partner_key k;
	const char *name;
	json_t *data;
	enum err e;

	if ((e = body_only(r->body, resp, name_fields)) != ERR_OK ||
	    (e = body_opt_string(r->body, resp, "name", CONSOLE_KEY_NAME_MAX, &name)) != ERR_OK)
		return e;
	if ((e = console_key_create(r->ctx->db, &r->ctx->cfg, r->console.partner_id, name, &k,
	    &resp->out)) != ERR_OK)
		return e;
	(void)console_audit(r->ctx->db, r->console.partner_id, r->console.user_id, "key.create",
	    k.key_id, &from);
	data = key_answer(r, k.key_id, k.key);
	return data ? resp_ok(resp, 201, data) : ERR_INTERNAL;
}

enum err
console_key_patch(struct req *r, struct resp *resp)
{
	struct console_client from = console_client_of(r);
	const char *key_id = req_param(r, "key_id"), *name;
	size_t len;
	json_t *data;
	enum err e;

	if ((e = body_only(r->body, resp, name_fields)) != ERR_OK ||
	    (e = body_text(r->body, resp, "name", 1, &name, &len)) != ERR_OK)
		return e;
	if ((e = console_key_rename(r->ctx->db, r->console.partner_id, key_id, name,
	    &resp->out)) != ERR_OK)
		return e;
	(void)console_audit(r->ctx->db, r->console.partner_id, r->console.user_id, "key.rename",
	    key_id, &from);
	data = key_answer(r, key_id, NULL);
	return data ? resp_ok(resp, 200, data) : ERR_INTERNAL;
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

enum err
console_key_roll_post(struct req *r, struct resp *resp)
{
	struct console_client from = console_client_of(r);
	const char *key_id = req_param(r, "key_id");
	struct partner_key k;
	json_t *hours, *data;
	enum err e;

	if ((e = body_only(r->body, resp, roll_fields)) != ERR_OK)
		return e;
	hours = json_object_get(r->body, "overlap_hours");
	if (!json_is_integer(hours))
		return resp_invalid(resp, ERR_VALIDATION, "overlap_hours", "an integer from 0 to 168");
	if ((e = console_key_roll(r->ctx->db, &r->ctx->cfg, r->console.partner_id, key_id,
	    (long long)json_integer_value(hours), &k, &resp->out)) != ERR_OK)
		return e;
	(void)console_audit(r->ctx->db, r->console.partner_id, r->console.user_id, "key.roll",
	    key_id, &from);
	data = json_pack("{s:o*,s:o*}", "key", key_answer(r, k.key_id, k.key), "previous",
	    key_answer(r, key_id, NULL));
	return data ? resp_ok(resp, 201, data) : ERR_INTERNAL;
}
