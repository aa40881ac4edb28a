#include "http/view_console.h"

#include "domain/apikey.h"
#include "domain/console/role.h"

/* text, or JSON null for "" (a column that was NULL) */
static json_t *
text_or_null(const char *s)
{
	return s != NULL && s[0] != '\0' ? json_string(s) : json_null();
}

json_t *
console_session_json(const struct cfg *cfg, const struct console_session *s)
{
	int role = s->role_id, a;
	json_t *may = json_object(), *partner, *o;

	for (a = 0; may != NULL && a < CONSOLE_ACTIONS; a++)
		json_object_set_new(may, console_action_name(a), json_boolean(console_may(role, a)));
	partner = s->partner_id > 0 ? json_pack("{s:s,s:s,s:s,s:s}", "id", s->partner_public_id,
	    "name", s->partner_name, "tier", s->tier, "environment", s->environment) : json_null();
	o = json_pack("{s:{s:s,s:s,s:s},s:o*,s:s,s:s,s:o*,s:{s:b,s:b},s:o*}",
	    "user", "id", s->user_public_id, "email", s->email, "role", s->role,
	    "partner", partner,
	    "csrf_token", s->csrf_token, "signed_in_at", s->created_at, "permissions", may,
	    "two_factor", "enabled", s->totp_enabled, "required", s->require_2fa,
	    "explorer_tx_url", text_or_null(cfg->console_explorer_tx_url));
	return o;
}

json_t *
console_key_json(const struct cfg *cfg, const struct console_key *k)
{
	char pk[APIKEY_MAX];

	apikey_public(cfg, k->key_id, pk, sizeof(pk));
	return json_pack("{s:s,s:s,s:s,s:s,s:s,s:o,s:o,s:o,s:o}", "key_id", k->key_id,
	    "public_key", pk, "name", k->name, "status", k->state, "created_at", k->created_at,
	    "last_used_at", text_or_null(k->last_used_at),
	    "last_used_address", text_or_null(k->last_used_address),
	    "expires_at", text_or_null(k->expires_at), "revoked_at", text_or_null(k->revoked_at));
}

json_t *
console_audit_json(const struct console_audit_row *a)
{
	return json_pack("{s:I,s:o,s:s,s:s,s:s,s:s,s:s,s:o}", "id", (json_int_t)a->id,
	    "actor", text_or_null(a->email), "action", a->action, "object", a->object,
	    "address", a->address, "user_agent", a->user_agent, "created_at", a->created_at,
	    "reason", text_or_null(a->reason));
}
