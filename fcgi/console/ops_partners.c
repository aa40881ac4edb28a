/*
 * console/ops_partners: the back office's partners (docs/console.md,
 * "Back office"): GET /console/api/ops/partners (this environment's,
 * oldest first: limit 1..100, after a partner's id for the next page), GET
 * /console/api/ops/partners/{id} (one, with its balances and its keys
 * overview: never a secret), POST /console/api/ops/partners {name, tier?,
 * owner_email, reason} (created as `partner create --owner-email` makes
 * one: the first key's secret once, the owner invited), POST
 * .../{id}/suspend {reason} and .../{id}/reactivate {reason} (the partner
 * as GET shows it), POST .../{id}/tier {tier, reason} (`partner tier`'s
 * call), and the money: POST .../{id}/credit {currency, amount,
 * reference, reason} (`partner credit`'s call: a real deposit, once per
 * reference; a chain deposit's reference is the deposit's assignment's)
 * and POST .../{id}/adjust {currency, amount, reference, reason}
 * (`partner adjust`'s: a signed correction, once per reference); a
 * reference used already is 409 conflict, nothing changed. GET shows the
 * limits its tier sets its withdrawals (domain/tier_limit.h). Every
 * change carries the reason its operator typed, kept in the audit log.
 */
#include <openssl/crypto.h>
#include <string.h>

#include "core/strict.h"
#include "domain/apikey.h"
#include "domain/catalog.h"
#include "domain/console/audit.h"
#include "domain/console/ops.h"
#include "domain/console/ops_funds.h"
#include "http/account_answer.h"
#include "http/body.h"
#include "console.h"

#define PAGE_DEFAULT 50

static const char *const create_fields[] = { "name", "tier", "owner_email", "reason", NULL };
static const char *const reason_fields[] = { "reason", NULL };
static const char *const tier_fields[] = { "tier", "reason", NULL };
static const char *const funds_fields[] = { "currency", "amount", "reference", "reason", NULL };

/* 404 for an id that names no partner of this environment (malformed
 * ones too: the domain's validation of it is not the caller's concern). */
static enum err
no_partner(struct resp *resp)
{
	outcome_init(&resp->out);
	return resp_fail(resp, ERR_NOT_FOUND, "No such partner");
}

/* A partner as the list shows it (new reference). */
static json_t *
partner_json(const struct partner_row *p)
{
	return json_pack("{s:s,s:s,s:s,s:s,s:s,s:s,s:I}", "id", p->public_id, "name", p->name,
	    "tier", p->tier, "environment", p->environment, "status", p->status,
	    "created_at", p->created_at, "active_keys", (json_int_t)p->active_keys);
}

/* The listing's array, and whether appending failed. */
struct listing {
	json_t *a;
	int failed;
};

static int
one_partner(const struct partner_row *p, void *arg)
{
	struct listing *l = arg;

	if (json_array_append_new(l->a, partner_json(p)) != 0) {
		l->failed = 1;
		return 1;
	}
	return 0;
}

enum err
console_ops_partners_get(struct req *r, struct resp *resp)
{
	struct listing l = { NULL, 0 };
	const char *v = req_query(r, "limit"), *after = req_query(r, "after");
	unsigned long long limit = PAGE_DEFAULT;
	json_t *last;
	int more = 0;
	enum err e;

	if (v != NULL && (strict_uint(v, strlen(v), PARTNER_PAGE_MAX, &limit) != 0 || limit == 0))
		return resp_invalid(resp, ERR_VALIDATION, "limit", "an integer from 1 to 100");
	if ((l.a = json_array()) == NULL)
		return ERR_INTERNAL;
	if ((e = partner_page(r->ctx->db, &r->ctx->cfg, after, (size_t)limit, one_partner, &l,
	    &more, &resp->out)) != ERR_OK || l.failed) {
		json_decref(l.a);
		return e != ERR_OK ? e : ERR_INTERNAL;
	}
	last = json_array_get(l.a, json_array_size(l.a) - 1);
	resp->pagination = json_pack("{s:I,s:b,s:o}", "limit", (json_int_t)limit, "has_more", more,
	    "next_after", more && last != NULL ? json_incref(json_object_get(last, "id")) :
	    json_null());
	return resp_ok(resp, 200, l.a);
}

/* The limits tier sets a partner's withdrawals, GHS, as tier_limit_check
 * applies them (new reference; null for a tier without limits). */
static json_t *
limits_json(const char *tier)
{
	const struct tier *t = catalog_tier(tier);

	if (t == NULL)
		return json_null();
	return json_pack("{s:s,s:s,s:s,s:s,s:s}", "applies_to", "withdrawals", "currency", "GHS",
	    "per_transaction_max", t->per_transaction_max, "daily_limit", t->daily_limit,
	    "monthly_limit", t->monthly_limit);
}

/* The partner public_id as GET shows it into *out (new reference). */
static enum err
partner_detail_json(struct req *r, const char *public_id, struct resp *resp, json_t **out)
{
	struct partner_detail d;
	json_t *o, *balances = NULL, *keys = NULL;
	enum err e;

	*out = NULL;
	/* an id of no partner's shape is no partner here either */
	if ((e = partner_detail(r->ctx->db, &r->ctx->cfg, public_id, &d, &resp->out)) != ERR_OK)
		return e == ERR_VALIDATION ? no_partner(resp) : e;
	if ((e = partner_balances_json_of(r, d.row.row_id, resp, &balances)) != ERR_OK ||
	    (e = console_keys_json(r, d.row.row_id, resp, &keys)) != ERR_OK) {
		json_decref(balances);
		return e;
	}
	if ((o = partner_json(&d.row)) == NULL) {
		json_decref(balances);
		json_decref(keys);
		return ERR_INTERNAL;
	}
	json_object_set_new(o, "suspended_at", d.suspended_at[0] ? json_string(d.suspended_at) :
	    json_null());
	json_object_set_new(o, "suspended_reason", d.suspended_reason[0] ?
	    json_string(d.suspended_reason) : json_null());
	json_object_set_new(o, "tier_changed_at", d.tier_changed_at[0] ?
	    json_string(d.tier_changed_at) : json_null());
	json_object_set_new(o, "tier_reason", d.tier_reason[0] ? json_string(d.tier_reason) :
	    json_null());
	json_object_set_new(o, "limits", limits_json(d.row.tier));
	json_object_set_new(o, "balances", balances);
	json_object_set_new(o, "keys", keys);
	*out = o;
	return ERR_OK;
}

enum err
console_ops_partner_get(struct req *r, struct resp *resp)
{
	json_t *o;
	enum err e = partner_detail_json(r, req_param(r, "id"), resp, &o);

	return e == ERR_OK ? resp_ok(resp, 200, o) : e;
}

enum err
console_ops_partners_post(struct req *r, struct resp *resp)
{
	struct console_client from = console_client_of(r);
	struct console_ops_partner in = { NULL, NULL, NULL, NULL, NULL };
	struct console_mailed m;
	struct partner_key key;
	char pk[APIKEY_MAX];
	json_t *partner, *data;
	enum err e;

	if ((e = body_only(r->body, resp, create_fields)) != ERR_OK ||
	    (e = body_string(r->body, resp, "name", PARTNER_NAME_MAX, &in.name)) != ERR_OK ||
	    (e = body_opt_string(r->body, resp, "tier", 16, &in.tier)) != ERR_OK ||
	    (e = body_whole_text(r->body, resp, "owner_email", &in.owner_email)) != ERR_OK ||
	    (e = body_whole_text(r->body, resp, "reason", &in.reason)) != ERR_OK)
		return e;
	/* its starting coins, as `partner create` gives them */
	in.start_funds = console_new_partner_funds(&r->ctx->cfg);
	if ((e = console_ops_partner_create(r->ctx->db, &r->ctx->cfg, &r->console, &in, &from, &key,
	    &m, &resp->out)) != ERR_OK)
		return e;
	e = partner_detail_json(r, key.public_id, resp, &partner);
	apikey_public(&r->ctx->cfg, key.key_id, pk, sizeof(pk));
	data = e == ERR_OK ? json_pack("{s:o,s:{s:s,s:s,s:s},s:{s:s,s:s,s:i}}", "partner", partner,
	    "api_key", "key_id", key.key_id, "public_key", pk, "secret_key", key.key,
	    "owner_invitation", "email", in.owner_email, "mail", m.mail,
	    "expires_in_hours", CONSOLE_INVITE_SECONDS / 3600) : NULL;
	OPENSSL_cleanse(&key, sizeof(key));
	if (e != ERR_OK)
		return e;
	return data != NULL ? resp_ok(resp, 201, data) : ERR_INTERNAL;
}

/* suspend or reactivate: the reason, the domain's call, the partner as
 * GET shows it. */
static enum err
suspension(struct req *r, struct resp *resp, int suspend)
{
	struct console_client from = console_client_of(r);
	const char *reason, *id = req_param(r, "id");
	json_t *o;
	enum err e;

	if ((e = body_only(r->body, resp, reason_fields)) != ERR_OK ||
	    (e = body_whole_text(r->body, resp, "reason", &reason)) != ERR_OK)
		return e;
	e = suspend ? console_ops_partner_suspend(r->ctx->db, &r->ctx->cfg, &r->console, id, reason,
	    &from, &resp->out) : console_ops_partner_reactivate(r->ctx->db, &r->ctx->cfg,
	    &r->console, id, reason, &from, &resp->out);
	/* reason first, then the partner: a malformed id is no partner */
	if (e == ERR_VALIDATION && strncmp(resp->out.message, "reason:", 7) != 0)
		return no_partner(resp);
	if (e != ERR_OK)
		return e;
	if ((e = partner_detail_json(r, id, resp, &o)) != ERR_OK)
		return e;
	return resp_ok(resp, 200, o);
}

enum err
console_ops_partner_suspend_post(struct req *r, struct resp *resp)
{
	return suspension(r, resp, 1);
}

enum err
console_ops_partner_reactivate_post(struct req *r, struct resp *resp)
{
	return suspension(r, resp, 0);
}

/* 1 when the domain refused the partner's id itself (malformed): no
 * partner, as GET answers it. */
static int
names_partner(const struct outcome *o)
{
	return o->err == ERR_VALIDATION && o->nctx > 0 && strcmp(o->ctx[0].key, "field") == 0 &&
	    strcmp(o->ctx[0].str, "partner_id") == 0;
}

/* After a change to partner id that answered e: the partner as it now
 * is into *o, or the error (a partner id that names none: 404). */
static enum err
changed_partner(struct req *r, struct resp *resp, const char *id, enum err e, json_t **o)
{
	if (names_partner(&resp->out))
		return no_partner(resp);
	if (e != ERR_OK)
		return e;
	return partner_detail_json(r, id, resp, o);
}

enum err
console_ops_partner_tier_post(struct req *r, struct resp *resp)
{
	struct console_client from = console_client_of(r);
	const char *tier, *reason, *id = req_param(r, "id");
	json_t *o;
	enum err e;

	if ((e = body_only(r->body, resp, tier_fields)) != ERR_OK ||
	    (e = body_whole_text(r->body, resp, "tier", &tier)) != ERR_OK ||
	    (e = body_whole_text(r->body, resp, "reason", &reason)) != ERR_OK)
		return e;
	e = console_ops_partner_tier(r->ctx->db, &r->ctx->cfg, &r->console, id, tier, reason,
	    &from, &resp->out);
	if ((e = changed_partner(r, resp, id, e, &o)) != ERR_OK)
		return e;
	return resp_ok(resp, 200, o);
}

/* A credit or an adjustment's fields from the body into in. */
static enum err
funds_body(struct req *r, struct resp *resp, struct console_ops_funds *in)
{
	enum err e;

	if ((e = body_only(r->body, resp, funds_fields)) != ERR_OK ||
	    (e = body_whole_text(r->body, resp, "currency", &in->currency)) != ERR_OK ||
	    (e = body_whole_text(r->body, resp, "amount", &in->amount)) != ERR_OK ||
	    (e = body_whole_text(r->body, resp, "reference", &in->reference)) != ERR_OK ||
	    (e = body_whole_text(r->body, resp, "reason", &in->reason)) != ERR_OK)
		return e;
	return ERR_OK;
}

enum err
console_ops_partner_credit_post(struct req *r, struct resp *resp)
{
	struct console_client from = console_client_of(r);
	struct console_ops_funds in;
	struct funds_deposit d;
	const char *id = req_param(r, "id");
	json_t *o, *data;
	enum err e;

	if ((e = funds_body(r, resp, &in)) != ERR_OK)
		return e;
	e = console_ops_partner_credit(r->ctx->db, &r->ctx->cfg, &r->console, id, &in, &from, &d,
	    &resp->out);
	if ((e = changed_partner(r, resp, id, e, &o)) != ERR_OK)
		return e;
	data = json_pack("{s:{s:s,s:s,s:s,s:s},s:o}", "deposit", "id", d.id, "currency",
	    d.currency, "amount", d.amount, "reference", d.deposit_ref, "partner", o);
	return data != NULL ? resp_ok(resp, 200, data) : ERR_INTERNAL;
}

enum err
console_ops_partner_adjust_post(struct req *r, struct resp *resp)
{
	struct console_client from = console_client_of(r);
	struct console_ops_funds in;
	char balance[MONEY_MAX_TEXT];
	const char *id = req_param(r, "id");
	json_t *o, *data;
	enum err e;

	if ((e = funds_body(r, resp, &in)) != ERR_OK)
		return e;
	e = console_ops_partner_adjust(r->ctx->db, &r->ctx->cfg, &r->console, id, &in, &from,
	    balance, sizeof(balance), &resp->out);
	if ((e = changed_partner(r, resp, id, e, &o)) != ERR_OK)
		return e;
	data = json_pack("{s:{s:s,s:s,s:s,s:s},s:o}", "adjustment", "currency", in.currency,
	    "amount", in.amount, "reference", in.reference, "available", balance, "partner", o);
	return data != NULL ? resp_ok(resp, 200, data) : ERR_INTERNAL;
}
