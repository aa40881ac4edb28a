/*
 * console/team: GET /console/api/members (the partner's people and their
 * roles), POST /console/api/members {email, role} (an invitation, mailed;
 * 201 says whether the mail went), PATCH /console/api/members/{id} {role}
 * (the member as the list shows it), DELETE /console/api/members/{id} (204:
 * removed, its sessions ended), and GET /console/api/audit (the audit log,
 * newest first: limit 1..100, before a record's id for the next page).
 */
#include <stdlib.h>
#include <string.h>

#include "core/strict.h"
#include "domain/console/account.h"
#include "domain/console/audit.h"
#include "domain/console/invite.h"
#include "http/body.h"
#include "http/view_console.h"
#include "console.h"

/* A member as the console shows it (new reference). */
static json_t *
member_json(const struct console_member *m)
{
	return json_pack("{s:s,s:s,s:s,s:s,s:b}", "id", m->public_id, "email", m->email,
	    "role", m->role, "created_at", m->created_at, "locked", m->locked);
}

static int
one_member(const struct console_member *m, void *arg)
{
	return json_array_append_new(arg, member_json(m)) != 0;
}

enum err
console_members_get(struct req *r, struct resp *resp)
{
	json_t *a = json_array();
	enum err e;

	if (a == NULL)
		return ERR_INTERNAL;
	if ((e = console_members(r->ctx->db, r->console.partner_id, one_member, a,
	    &resp->out)) != ERR_OK) {
		json_decref(a);
		return e;
	}
	return resp_ok(resp, 200, a);
}

/* PATCH's answer: the member public_id as the list shows it. */
struct one {
	const char *public_id;
	json_t *found;
};

static int
this_member(const struct console_member *m, void *arg)
{
	struct one *w = arg;

	if (strcmp(m->public_id, w->public_id) == 0 && w->found == NULL)
		w->found = member_json(m);
	return 0;
}

enum err
console_member_patch(struct req *r, struct resp *resp)
{
	static const char *const fields[] = { "role", NULL };
	struct console_client from = console_client_of(r);
	struct one w = { req_param(r, "id"), NULL };
	const char *role;
	enum err e;

	if ((e = body_only(r->body, resp, fields)) != ERR_OK ||
	    (e = body_string(r->body, resp, "role", 16, &role)) != ERR_OK)
		return e;
	if ((e = console_member_role_set(r->ctx->db, &r->console, w.public_id, role, &from,
	    &resp->out)) != ERR_OK)
		return e;
	if ((e = console_members(r->ctx->db, r->console.partner_id, this_member, &w,
	    &resp->out)) != ERR_OK)
		return e;
	return w.found != NULL ? resp_ok(resp, 200, w.found) : ERR_INTERNAL;
}

/* A query number 1..max, or def when absent: 0, or -1. */
static int
query_number(const struct req *r, const char *name, unsigned long long max,
    unsigned long long def, unsigned long long *out)
{
	const char *v = req_query(r, name);

	*out = def;
	return v == NULL ? 0 : strict_uint(v, strlen(v), max, out) == 0 && *out > 0 ? 0 : -1;
}

enum err
console_audit_get(struct req *r, struct resp *resp)
{
	struct console_audit_row *rows;
	unsigned long long limit, before;
	size_t n, i;
	json_t *a;
	enum err e;

	if (query_number(r, "limit", CONSOLE_AUDIT_PAGE_MAX, 50, &limit) != 0)
		return resp_invalid(resp, ERR_VALIDATION, "limit", "an integer from 1 to 100");
	if (query_number(r, "before", ~0ULL >> 1, 0, &before) != 0)
		return resp_invalid(resp, ERR_VALIDATION, "before", "a record's id");
	if ((rows = calloc(limit, sizeof(*rows))) == NULL)
		return ERR_INTERNAL;
	e = console_audit_page(r->ctx->db, r->console.partner_id, (long long)before, limit, rows,
	    &n, &resp->out);
	a = e == ERR_OK ? json_array() : NULL;
	for (i = 0; a != NULL && i < n; i++)
		if (json_array_append_new(a, console_audit_json(&rows[i])) != 0) {
			json_decref(a);
			a = NULL;
		}
	free(rows);
	if (e != ERR_OK)
		return e;
	return a ? resp_ok(resp, 200, a) : ERR_INTERNAL;
}

static const char *const invite_fields[] = { "email", "role", NULL };

enum err
console_members_post(struct req *r, struct resp *resp)
{
	struct console_client from = console_client_of(r);
	struct console_mailed m;
	const char *email, *role;
	size_t len;
	enum err e;

	if ((e = body_only(r->body, resp, invite_fields)) != ERR_OK ||
	    (e = body_text(r->body, resp, "email", 1, &email, &len)) != ERR_OK ||
	    (e = body_string(r->body, resp, "role", 16, &role)) != ERR_OK)
		return e;
	if ((e = console_invite(r->ctx->db, &r->ctx->cfg, &r->console, email, role, &from, &m,
	    &resp->out)) != ERR_OK)
		return e;
	return resp_ok(resp, 201, json_pack("{s:s,s:s,s:i,s:s}", "email", email, "role", role,
	    "expires_in_hours", CONSOLE_INVITE_SECONDS / 3600, "mail", m.mail));
}

enum err
console_member_delete(struct req *r, struct resp *resp)
{
	struct console_client from = console_client_of(r);
	enum err e;

	if ((e = console_member_remove(r->ctx->db, &r->console, req_param(r, "id"), &from,
	    &resp->out)) != ERR_OK)
		return e;
	resp->status = 204;
	resp->no_body = 1;
	return ERR_OK;
}
