/*
 * The back office (docs/console.md, "Back office") against the real stack:
 * someone invited with `cediramp-admin operator add` accepts through the
 * mail the sandbox's sink received, must enrol two-factor sign-in (the
 * codes computed by npm otplib) before anything else, and lists, reads,
 * creates, suspends and reactivates partners, each change with a reason
 * the audit log keeps; a suspended partner's key is refused (403
 * FORBIDDEN) within the key cache's bound and works again after
 * reactivation, nothing lost. A partner's session is refused every ops
 * route, read-only may read but change nothing, console.ops_allow
 * (127.0.0.1 and ::1 in the test stacks) refuses another address (a
 * request from 127.0.0.2, a trusted proxy here, counts as the client its
 * X-Forwarded-For names), and every route's bad inputs change nothing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "itc.h"
#include "itc_console.h"
#include "itc_ops.h"

#define OPS_PARTNERS "/console/api/ops/partners"

/* A new partner made by the admin tool: its id into id, its key into key. */
static void
admin_partner(const char *name, char *id, size_t icap, char *key, size_t kcap)
{
	char args[200], out[600], err[400];
	const char *p;

	snprintf(args, sizeof(args), "partner create --name '%s'", name);
	CU_ASSERT_EQUAL_FATAL(it_admin_run(args, out, sizeof(out), err, sizeof(err)), 0);
	p = strstr(out, "partner_id: ");
	CU_ASSERT_FATAL(p != NULL);
	snprintf(id, icap, "%.*s", (int)strcspn(p + 12, "\n"), p + 12);
	p = strstr(out, "api_key:    ");
	CU_ASSERT_FATAL(p != NULL);
	snprintf(key, kcap, "%.*s", (int)strcspn(p + 12, "\n"), p + 12);
}

/* The audit records of action on object by s's user (any reason). */
static long long
audit_count(const struct con_sess *s, const char *action, const char *object)
{
	char sql[300];

	snprintf(sql, sizeof(sql), "SELECT COUNT(*) FROM console_audit a JOIN console_users u "
	    "ON u.id = a.user_id WHERE u.email = ? AND a.action = '%s' AND a.object = ?", action);
	return it_db_scalar(sql, s->email, object);
}

/* Partner id's balances as the back office shows them, as JSON text
 * into out: 0, or -1. */
static int
balances_of(const struct con_sess *s, const char *id, char *out, size_t cap)
{
	char path[200], *text;
	struct it_resp r;
	int rc = -1;

	snprintf(path, sizeof(path), OPS_PARTNERS "/%s", id);
	con_call("GET", path, NULL, s, NULL, &r);
	if (r.status == 200 && (text = json_dumps(json_object_get(json_object_get(r.json, "data"),
	    "balances"), JSON_COMPACT)) != NULL) {
		snprintf(out, cap, "%s", text);
		free(text);
		rc = 0;
	}
	it_resp_free(&r);
	return rc;
}

/* An operator invited by the admin tool: the invitation's rules, its
 * acceptance, mandatory two-factor, and then the back office. */
static void
test_operator_invited(void)
{
	struct con_sess s;
	struct it_resp r;
	char uri[1100], u[96], email[160], args[300], out[300], err[600];

	/* the admin command's refusals write nothing */
	it_unique("notop", u, sizeof(u));
	snprintf(email, sizeof(email), "%s@ops.example.test", u);
	snprintf(args, sizeof(args), "operator add %s --role owner", email);
	CU_ASSERT_EQUAL(it_admin_run(args, out, sizeof(out), err, sizeof(err)), 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "role"));
	snprintf(args, sizeof(args), "operator add %s --role wallet-developer", email);
	CU_ASSERT_EQUAL(it_admin_run(args, out, sizeof(out), err, sizeof(err)), 2);
	snprintf(args, sizeof(args), "operator add %s", email);
	CU_ASSERT_EQUAL(it_admin_run(args, out, sizeof(out), err, sizeof(err)), 2);
	CU_ASSERT_EQUAL(it_admin_run("operator add not-an-email --role operator", out, sizeof(out),
	    err, sizeof(err)), 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "email"));
	CU_ASSERT_EQUAL(con_count_where("SELECT COUNT(*) FROM console_tokens WHERE email = ?",
	    email), 0);
	CU_ASSERT_EQUAL(con_count_where("SELECT COUNT(*) FROM mail_sink WHERE rcpt_to = ?", email),
	    0);

	itc_ops_member("operator", &s, uri, sizeof(uri));
	CU_ASSERT_EQUAL(con_status_of("GET", OPS_PARTNERS, NULL, &s), 200);
	/* no partner's page for the back office */
	con_refused("GET", "/console/api/withdrawals", NULL, &s, 403, "forbidden",
	    "an operator reads a partner's withdrawals");
	con_refused("GET", "/console/api/wallet/webhooks", NULL, &s, 403, "forbidden",
	    "an operator reads the wallet's webhooks");
	/* two-factor stays on: the back office requires it */
	con_refused("DELETE", "/console/api/2fa", NULL, &s, 409, "invalid_state",
	    "an operator turns two-factor off");
	/* its sign-in asks for the code */
	con_signin_raw(s.email, CON_PASSWORD, NULL, &r);
	con_expect_error(&r, 401, "two_factor_required", "an operator's password alone");
	CU_ASSERT(it_strstr(r.headers, "Set-Cookie") == NULL);
	it_resp_free(&r);
	/* an email with an account is not invited again */
	snprintf(args, sizeof(args), "operator add %s --role read-only", s.email);
	CU_ASSERT_EQUAL(it_admin_run(args, out, sizeof(out), err, sizeof(err)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "has a console account"));
	/* the join is in the audit log, with no partner */
	CU_ASSERT_EQUAL(con_count_where("SELECT COUNT(*) FROM console_audit a JOIN console_users u "
	    "ON u.id = a.user_id WHERE u.email = ? AND a.action = 'member.join' "
	    "AND a.partner_id IS NULL", s.email), 1);
}

/* A partner's people (an owner, a viewer) are refused every ops route:
 * 403 forbidden, nothing written. */
static void
test_partner_refused(void)
{
	static const struct {
		const char *method, *path, *body;
	} routes[] = {
		{ "GET", OPS_PARTNERS, NULL },
		{ "GET", OPS_PARTNERS "?limit=1", NULL },
		{ "POST", OPS_PARTNERS, "{\"name\":\"Owner Made Ltd\",\"owner_email\":"
		    "\"x@example.test\",\"reason\":\"test\"}" },
		{ "GET", OPS_PARTNERS "/%s", NULL },
		{ "POST", OPS_PARTNERS "/%s/suspend", "{\"reason\":\"an owner tries\"}" },
		{ "POST", OPS_PARTNERS "/%s/reactivate", "{\"reason\":\"an owner tries\"}" },
	};
	struct con_sess owner, viewer;
	char path[200], email[160];
	long long partners, audit;
	size_t i;

	con_signup("Ops Refused Ltd", &owner);
	con_add_member(&owner, "viewer", email, sizeof(email));
	con_signin(email, &viewer);
	partners = it_db_scalar("SELECT COUNT(*) FROM partners", NULL, NULL);
	audit = it_db_scalar("SELECT COUNT(*) FROM console_audit WHERE reason IS NOT NULL", NULL,
	    NULL);
	for (i = 0; i < NELEM(routes); i++) {
		snprintf(path, sizeof(path), routes[i].path, owner.partner);
		con_refused(routes[i].method, path, routes[i].body, &owner, 403, "forbidden", path);
		con_refused(routes[i].method, path, routes[i].body, &viewer, 403, "forbidden", path);
	}
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM partners", NULL, NULL), partners);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM partners WHERE public_id = ? "
	    "AND suspended_at IS NULL", owner.partner, NULL), 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM console_audit WHERE reason IS NOT NULL",
	    NULL, NULL), audit);
	/* its key keeps working */
	CU_ASSERT_EQUAL(con_partner_get(owner.key, "/v1/limits"), 200);
}

/* Whether the list's pages (limit 100, after the last) hold partner id. */
static int
listed(const struct con_sess *s, const char *id, json_t **found)
{
	char path[200], after[64] = "";
	struct it_resp r;
	size_t i, pages;
	int hit = 0;

	*found = NULL;
	for (pages = 0; pages < 100 && !hit; pages++) {
		json_t *a, *more;

		snprintf(path, sizeof(path), OPS_PARTNERS "?limit=100%s%s", after[0] ? "&after=" : "",
		    after);
		con_call("GET", path, NULL, s, NULL, &r);
		CU_ASSERT_EQUAL_FATAL(r.status, 200);
		a = json_object_get(r.json, "data");
		for (i = 0; i < json_array_size(a); i++)
			if (it_strcmp(it_str(json_array_get(a, i), "id"), id) == 0) {
				*found = json_incref(json_array_get(a, i));
				hit = 1;
			}
		more = json_object_get(json_object_get(r.json, "pagination"), "has_more");
		snprintf(after, sizeof(after), "%s",
		    it_str(json_object_get(r.json, "pagination"), "next_after") ?
		    it_str(json_object_get(r.json, "pagination"), "next_after") : "");
		it_resp_free(&r);
		if (!json_is_true(more))
			break;
	}
	return hit;
}

/* An operator creates a partner (its owner invited, as `partner create
 * --owner-email` does), finds it in the list, pages through it, and reads
 * its balances and keys overview (never a secret). */
static void
test_create_list_detail(void)
{
	struct con_sess s;
	struct it_resp r;
	json_t *d, *p, *k, *found;
	char uri[1100], u[96], owner[160], id[64], key[128], path[200], *body;

	itc_ops_via_first_server();
	itc_ops_member("operator", &s, uri, sizeof(uri));
	it_unique("ownerops", u, sizeof(u));
	snprintf(owner, sizeof(owner), "%s@example.test", u);
	body = con_jdump(json_pack("{s:s,s:s,s:s,s:s}", "name", "Back Office Made Ltd", "tier",
	    "verified", "owner_email", owner, "reason", "Signed contract #42"));
	con_call("POST", OPS_PARTNERS, body, &s, NULL, &r);
	free(body);
	CU_ASSERT_EQUAL_FATAL(r.status, 201);
	d = json_object_get(r.json, "data");
	p = json_object_get(d, "partner");
	snprintf(id, sizeof(id), "%s", it_str(p, "id") ? it_str(p, "id") : "");
	CU_ASSERT(strncmp(id, "pt_", 3) == 0);
	CU_ASSERT_STRING_EQUAL(it_str(p, "name"), "Back Office Made Ltd");
	CU_ASSERT_STRING_EQUAL(it_str(p, "tier"), "verified");
	CU_ASSERT_STRING_EQUAL(it_str(p, "environment"), "sandbox");
	CU_ASSERT_STRING_EQUAL(it_str(p, "status"), "active");
	k = json_object_get(d, "api_key");
	snprintf(key, sizeof(key), "%s", it_str(k, "secret_key") ? it_str(k, "secret_key") : "");
	CU_ASSERT(strncmp(key, "sk_test_", 8) == 0);
	CU_ASSERT(it_strncmp(it_str(k, "public_key"), "pk_test_", 8) == 0);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(d, "owner_invitation"), "email"), owner);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(d, "owner_invitation"), "mail"), "sent");
	it_resp_free(&r);
	/* the database: the partner, its owner's invitation, the audit */
	CU_ASSERT_EQUAL(con_count_where("SELECT COUNT(*) FROM partners WHERE public_id = ? "
	    "AND tier = 'verified' AND suspended_at IS NULL", id), 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM console_tokens t JOIN partners p "
	    "ON p.id = t.partner_id WHERE p.public_id = ? AND t.email = ? AND t.kind = 'invite' "
	    "AND t.role = 'owner'", id, owner), 1);
	CU_ASSERT_EQUAL(itc_ops_audited(&s, "partner.create", id, "Signed contract #42"), 1);
	/* its key works; a sandbox partner starts with test coins */
	CU_ASSERT_EQUAL(con_partner_get(key, "/v1/limits"), 200);

	/* listed, as the list shows it */
	CU_ASSERT_FATAL(listed(&s, id, &found));
	CU_ASSERT_STRING_EQUAL(it_str(found, "status"), "active");
	CU_ASSERT_STRING_EQUAL(it_str(found, "created_at") ? "set" : "", "set");
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(found, "active_keys")), 1);
	CU_ASSERT_EQUAL(json_object_size(found), 7);
	json_decref(found);
	/* a page of one, and the next after it */
	con_call("GET", OPS_PARTNERS "?limit=1", NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(r.json, "data")), 1);
	p = json_object_get(r.json, "pagination");
	CU_ASSERT(json_is_true(json_object_get(p, "has_more")));
	CU_ASSERT_STRING_EQUAL(it_str(p, "next_after"),
	    it_str(json_array_get(json_object_get(r.json, "data"), 0), "id"));
	snprintf(path, sizeof(path), OPS_PARTNERS "?limit=1&after=%s", it_str(p, "next_after") ?
	    it_str(p, "next_after") : "");
	it_resp_free(&r);
	con_call("GET", path, NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(r.json, "data")), 1);
	CU_ASSERT(it_strcmp(it_str(json_array_get(json_object_get(r.json, "data"), 0), "id"),
	    strstr(path, "after=") + 6) != 0);
	it_resp_free(&r);

	/* one: balances and the keys overview, no secret anywhere */
	snprintf(path, sizeof(path), OPS_PARTNERS "/%s", id);
	con_call("GET", path, NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL_FATAL(r.status, 200);
	d = json_object_get(r.json, "data");
	CU_ASSERT_STRING_EQUAL(it_str(d, "id"), id);
	CU_ASSERT(json_is_null(json_object_get(d, "suspended_at")));
	CU_ASSERT(json_is_null(json_object_get(d, "suspended_reason")));
	CU_ASSERT_EQUAL(json_array_size(json_object_get(d, "balances")), 3);
	CU_ASSERT_STRING_EQUAL(it_str(json_array_get(json_object_get(d, "balances"), 0), "currency"),
	    "USDT");
	CU_ASSERT_STRING_EQUAL(it_str(json_array_get(json_object_get(d, "balances"), 0),
	    "available"), "10000.000000");
	k = json_array_get(json_object_get(d, "keys"), 0);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(d, "keys")), 1);
	CU_ASSERT(it_strncmp(it_str(k, "public_key"), "pk_test_", 8) == 0);
	CU_ASSERT_STRING_EQUAL(it_str(k, "status"), "active");
	CU_ASSERT(it_str(k, "last_used_at") != NULL);
	CU_ASSERT(json_object_get(k, "secret_key") == NULL && json_object_get(k, "secret") == NULL);
	CU_ASSERT(it_strstr(r.body, "sk_test_") == NULL);
	CU_ASSERT(it_strstr(r.body, key + 8) == NULL);
	it_resp_free(&r);
}

/* Suspension: the partner's key refused (403 FORBIDDEN, clearly) within
 * the key cache's bound, nothing lost, and back after reactivation; each
 * audited with its reason; twice is 409. */
static void
test_suspend_reactivate(void)
{
	struct con_sess s;
	struct it_resp r;
	char uri[1100], id[64], key[128], path[200], balance[400], again[400];

	itc_ops_member("operator", &s, uri, sizeof(uri));
	admin_partner("Suspended Then Back Ltd", id, sizeof(id), key, sizeof(key));
	CU_ASSERT_EQUAL_FATAL(con_partner_get(key, "/v1/limits"), 200);
	CU_ASSERT_EQUAL_FATAL(balances_of(&s, id, balance, sizeof(balance)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(balance, "USDT"));

	snprintf(path, sizeof(path), OPS_PARTNERS "/%s/suspend", id);
	con_call("POST", path, "{\"reason\":\"Chargebacks under review\"}", &s, NULL, &r);
	CU_ASSERT_EQUAL_FATAL(r.status, 200);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "status"), "suspended");
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "suspended_reason"),
	    "Chargebacks under review");
	CU_ASSERT(it_str(json_object_get(r.json, "data"), "suspended_at") != NULL);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(con_count_where("SELECT COUNT(*) FROM partners WHERE public_id = ? AND "
	    "suspended_at IS NOT NULL AND suspended_reason = 'Chargebacks under review'", id), 1);
	CU_ASSERT_EQUAL(itc_ops_audited(&s, "partner.suspend", id, "Chargebacks under review"), 1);
	/* refused on every process within the key cache's bound */
	IT_UNTIL_STEADY("the suspended partner's key refused",
	    con_partner_get(key, "/v1/limits") == 403);
	{
		char auth[200];
		const char *h[] = { auth, NULL };

		snprintf(auth, sizeof(auth), "Authorization: Bearer %s", key);
		CU_ASSERT_FATAL(it_http("GET", "/v1/limits", h, NULL, 0, &r) == 0);
		it_assert_partner_error(&r, 403, "FORBIDDEN", "a suspended partner's key");
		CU_ASSERT(it_strstr(it_str(r.json, "message"), "suspended") != NULL);
		it_resp_free(&r);
	}
	/* twice: 409, nothing changes */
	con_refused("POST", path, "{\"reason\":\"again\"}", &s, 409, "invalid_state",
	    "a second suspension");
	CU_ASSERT_EQUAL(con_count_where("SELECT COUNT(*) FROM partners WHERE public_id = ? AND "
	    "suspended_reason = 'Chargebacks under review'", id), 1);
	CU_ASSERT_EQUAL(audit_count(&s, "partner.suspend", id), 1);

	snprintf(path, sizeof(path), OPS_PARTNERS "/%s/reactivate", id);
	con_call("POST", path, "{\"reason\":\"Review cleared\"}", &s, NULL, &r);
	CU_ASSERT_EQUAL_FATAL(r.status, 200);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "status"), "active");
	CU_ASSERT(json_is_null(json_object_get(json_object_get(r.json, "data"), "suspended_at")));
	it_resp_free(&r);
	CU_ASSERT_EQUAL(itc_ops_audited(&s, "partner.reactivate", id, "Review cleared"), 1);
	IT_UNTIL_STEADY("the reactivated partner's key works",
	    con_partner_get(key, "/v1/limits") == 200);
	CU_ASSERT_EQUAL(con_partner_get(key, "/v1/limits"), 200);
	con_refused("POST", path, "{\"reason\":\"again\"}", &s, 409, "invalid_state",
	    "a second reactivation");
	/* nothing lost: the same key, the same balances */
	CU_ASSERT_EQUAL(con_count_where("SELECT COUNT(*) FROM api_keys k JOIN partners p ON "
	    "p.id = k.partner_id WHERE p.public_id = ? AND k.revoked_at IS NULL", id), 1);
	CU_ASSERT_EQUAL(balances_of(&s, id, again, sizeof(again)), 0);
	CU_ASSERT_STRING_EQUAL(again, balance);
	CU_ASSERT_EQUAL(audit_count(&s, "partner.reactivate", id), 1);
}

/* read-only (and compliance, finance) read the back office and change
 * nothing. */
static void
test_read_only(void)
{
	static const char *const roles[] = { "read-only", "compliance", "finance" };
	struct con_sess s;
	char uri[1100], id[64], key[128], path[200];
	long long partners;
	size_t i;

	admin_partner("Read Only Looks Ltd", id, sizeof(id), key, sizeof(key));
	for (i = 0; i < NELEM(roles); i++) {
		itc_ops_member(roles[i], &s, uri, sizeof(uri));
		CU_ASSERT_EQUAL(con_count_where("SELECT COUNT(*) FROM console_users WHERE email = ? "
		    "AND partner_id IS NULL", s.email), 1);
		CU_ASSERT_EQUAL(con_status_of("GET", OPS_PARTNERS, NULL, &s), 200);
		snprintf(path, sizeof(path), OPS_PARTNERS "/%s", id);
		CU_ASSERT_EQUAL(con_status_of("GET", path, NULL, &s), 200);
		partners = it_db_scalar("SELECT COUNT(*) FROM partners", NULL, NULL);
		snprintf(path, sizeof(path), OPS_PARTNERS "/%s/suspend", id);
		con_refused("POST", path, "{\"reason\":\"not mine to do\"}", &s, 403, "forbidden",
		    roles[i]);
		con_refused("POST", OPS_PARTNERS, "{\"name\":\"Not Made Ltd\",\"owner_email\":"
		    "\"n@example.test\",\"reason\":\"x\"}", &s, 403, "forbidden", roles[i]);
		CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM partners", NULL, NULL), partners);
		CU_ASSERT_EQUAL(con_count_where("SELECT COUNT(*) FROM partners WHERE public_id = ? "
		    "AND suspended_at IS NULL", id), 1);
		/* nor a partner's pages */
		con_refused("GET", "/console/api/balances", NULL, &s, 403, "forbidden", roles[i]);
	}
	CU_ASSERT_EQUAL(con_partner_get(key, "/v1/limits"), 200);
}

/* s's authenticator's code for a step later than the last one s used
 * (each is accepted once) into code: 0, or -1 (not yet: "" in code). */
static int
next_code(const struct con_sess *s, const char *uri, char *code, size_t cap)
{
	code[0] = '\0';
	if (con_count_where("SELECT COUNT(*) FROM console_users WHERE email = ? AND "
	    "totp_last_step < FLOOR(UNIX_TIMESTAMP() / 30)", s->email) != 1 ||
	    con_totp_now(uri, code, cap) != 0) {
		code[0] = '\0';
		return -1;
	}
	return 0;
}

/* console.ops_allow (127.0.0.1 and ::1 here): from 127.0.0.2 an ops
 * session is refused, unless that trusted proxy names an allowed client
 * in X-Forwarded-For; a sign-in from there opens no session; a partner's
 * people are not concerned. */
static void
test_ops_allow(void)
{
	struct con_sess s, owner, fresh;
	struct it_resp r;
	char uri[1100], code[16], *body;

	itc_ops_via_first_server();
	itc_ops_member("read-only", &s, uri, sizeof(uri));
	con_signup("Ops Allow Partner Ltd", &owner);
	it_http_from("127.0.0.2");
	con_refused("GET", OPS_PARTNERS, NULL, &s, 403, "forbidden", "ops from 127.0.0.2");
	con_call("GET", "/console/api/session", NULL, &s, NULL, &r);
	con_expect_error(&r, 403, "forbidden", "an ops session read from 127.0.0.2");
	CU_ASSERT(it_strstr(it_str(json_object_get(r.json, "error"), "message"), "ops_allow") != NULL);
	it_resp_free(&r);
	/* the proxy says its client is this host: allowed */
	con_call("GET", OPS_PARTNERS, NULL, &s, "X-Forwarded-For: 10.9.8.7, 127.0.0.1", &r);
	CU_ASSERT_EQUAL(r.status, 200);
	it_resp_free(&r);
	con_call("GET", OPS_PARTNERS, NULL, &s, "X-Forwarded-For: 127.0.0.1, 10.9.8.7", &r);
	con_expect_error(&r, 403, "forbidden", "the proxy's last client not allowed");
	it_resp_free(&r);
	/* a partner's owner from there: as usual */
	CU_ASSERT_EQUAL(con_status_of("GET", "/console/api/balances", NULL, &owner), 200);
	/* a sign-in from there: right credentials (the authenticator's next
	 * code), no session */
	IT_UNTIL("the authenticator's next code", next_code(&s, uri, code, sizeof(code)) == 0);
	CU_ASSERT_FATAL(code[0] != '\0');
	body = con_jdump(json_pack("{s:s,s:s,s:s}", "email", s.email, "password", CON_PASSWORD,
	    "code", code));
	con_call("POST", "/console/api/session", body, NULL, NULL, &r);
	free(body);
	con_expect_error(&r, 403, "forbidden", "an ops sign-in from 127.0.0.2");
	CU_ASSERT(it_strstr(r.headers, "__Host-cediramp_session=") == NULL);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(con_count_where("SELECT COUNT(*) FROM console_sessions x JOIN console_users u "
	    "ON u.id = x.user_id WHERE u.email = ? AND x.revoked_at IS NULL", s.email), 1);
	it_http_from(NULL);
	/* from this host the same session works, and a sign-in opens one */
	CU_ASSERT_EQUAL(con_status_of("GET", OPS_PARTNERS, NULL, &s), 200);
	IT_UNTIL("the authenticator's next code", next_code(&s, uri, code, sizeof(code)) == 0);
	body = con_jdump(json_pack("{s:s,s:s,s:s}", "email", s.email, "password", CON_PASSWORD,
	    "code", code));
	con_call("POST", "/console/api/session", body, NULL, NULL, &r);
	free(body);
	CU_ASSERT_EQUAL(r.status, 200);
	if (r.status == 200) {
		con_take_session(&r, &fresh);
		CU_ASSERT_EQUAL(con_status_of("GET", OPS_PARTNERS, NULL, &fresh), 200);
	}
	it_resp_free(&r);
}

/* Every ops route's bad inputs: the exact answer, and nothing written. */
static void
test_bad_inputs(void)
{
	static const struct {
		const char *method, *path, *body, *code;
		long status;
	} cases[] = {
		/* create */
		{ "POST", OPS_PARTNERS, "{", "validation_error", 400 },
		{ "POST", OPS_PARTNERS, "[]", "validation_error", 400 },
		{ "POST", OPS_PARTNERS, "{}", "validation_error", 400 },
		{ "POST", OPS_PARTNERS, "{\"name\":\"Bad Ltd\",\"owner_email\":\"b@example.test\"}",
		    "validation_error", 400 },
		{ "POST", OPS_PARTNERS, "{\"name\":\"Bad Ltd\",\"owner_email\":\"b@example.test\","
		    "\"reason\":\"\"}", "validation_error", 400 },
		{ "POST", OPS_PARTNERS, "{\"name\":\"Bad Ltd\",\"owner_email\":\"b@example.test\","
		    "\"reason\":\"   \"}", "validation_error", 400 },
		{ "POST", OPS_PARTNERS, "{\"name\":\"Bad Ltd\",\"owner_email\":\"b@example.test\","
		    "\"reason\":\"tab\\there\"}", "validation_error", 400 },
		{ "POST", OPS_PARTNERS, "{\"name\":\"Bad Ltd\",\"owner_email\":\"b@example.test\","
		    "\"reason\":5}", "validation_error", 400 },
		/* a NUL would cut the reason and the email short */
		{ "POST", OPS_PARTNERS, "{\"name\":\"Bad Ltd\",\"owner_email\":\"b@example.test\","
		    "\"reason\":\"why\\u0000 not\"}", "validation_error", 400 },
		{ "POST", OPS_PARTNERS, "{\"name\":\"Bad Ltd\",\"owner_email\":\"b@example.test"
		    "\\u0000x\",\"reason\":\"r\"}", "validation_error", 400 },
		{ "POST", OPS_PARTNERS, "{\"name\":\"Bad Ltd\",\"owner_email\":\"b@example.test\","
		    "\"reason\":\"%s\"}", "validation_error", 400 },   /* 201 characters */
		{ "POST", OPS_PARTNERS, "{\"name\":5,\"owner_email\":\"b@example.test\","
		    "\"reason\":\"r\"}", "validation_error", 400 },
		{ "POST", OPS_PARTNERS, "{\"name\":\"\",\"owner_email\":\"b@example.test\","
		    "\"reason\":\"r\"}", "validation_error", 400 },
		{ "POST", OPS_PARTNERS, "{\"name\":\"%s\",\"owner_email\":\"b@example.test\","
		    "\"reason\":\"r\"}", "validation_error", 400 },    /* 201 characters */
		{ "POST", OPS_PARTNERS, "{\"name\":\"Bad Ltd\",\"tier\":\"gold\",\"owner_email\":"
		    "\"b@example.test\",\"reason\":\"r\"}", "validation_error", 400 },
		{ "POST", OPS_PARTNERS, "{\"name\":\"Bad Ltd\",\"tier\":1,\"owner_email\":"
		    "\"b@example.test\",\"reason\":\"r\"}", "validation_error", 400 },
		{ "POST", OPS_PARTNERS, "{\"name\":\"Bad Ltd\",\"owner_email\":\"not-an-email\","
		    "\"reason\":\"r\"}", "validation_error", 400 },
		{ "POST", OPS_PARTNERS, "{\"name\":\"Bad Ltd\",\"owner_email\":[],\"reason\":\"r\"}",
		    "validation_error", 400 },
		{ "POST", OPS_PARTNERS, "{\"name\":\"Bad Ltd\",\"reason\":\"r\"}", "validation_error",
		    400 },
		{ "POST", OPS_PARTNERS, "{\"name\":\"Bad Ltd\",\"owner_email\":\"b@example.test\","
		    "\"reason\":\"r\",\"funded\":true}", "validation_error", 400 },
		{ "POST", OPS_PARTNERS, "{\"name\":\"Bad Ltd\",\"name\":\"Twice Ltd\","
		    "\"owner_email\":\"b@example.test\",\"reason\":\"r\"}", "validation_error", 400 },
		/* the owner has a console account already */
		{ "POST", OPS_PARTNERS, "{\"name\":\"Bad Ltd\",\"owner_email\":\"%o\","
		    "\"reason\":\"r\"}", "conflict", 409 },
		/* the list */
		{ "GET", OPS_PARTNERS "?limit=0", NULL, "validation_error", 400 },
		{ "GET", OPS_PARTNERS "?limit=101", NULL, "validation_error", 400 },
		{ "GET", OPS_PARTNERS "?limit=x", NULL, "validation_error", 400 },
		{ "GET", OPS_PARTNERS "?limit=01", NULL, "validation_error", 400 },
		{ "GET", OPS_PARTNERS "?after=pt_nope", NULL, "validation_error", 400 },
		{ "GET", OPS_PARTNERS "?after=x", NULL, "validation_error", 400 },
		{ "GET", OPS_PARTNERS "?page=2", NULL, "validation_error", 400 },
		{ "PUT", OPS_PARTNERS, "{}", "method_not_allowed", 405 },
		/* one */
		{ "GET", OPS_PARTNERS "/pt_nope", NULL, "not_found", 404 },
		{ "GET", OPS_PARTNERS "/nope", NULL, "not_found", 404 },
		{ "DELETE", OPS_PARTNERS "/%p", NULL, "method_not_allowed", 405 },
		/* suspend, reactivate */
		{ "POST", OPS_PARTNERS "/%p/suspend", "{", "validation_error", 400 },
		{ "POST", OPS_PARTNERS "/%p/suspend", "{}", "validation_error", 400 },
		{ "POST", OPS_PARTNERS "/%p/suspend", "{\"reason\":null}", "validation_error", 400 },
		{ "POST", OPS_PARTNERS "/%p/suspend", "{\"reason\":[\"x\"]}", "validation_error", 400 },
		{ "POST", OPS_PARTNERS "/%p/suspend", "{\"reason\":\"\"}", "validation_error", 400 },
		{ "POST", OPS_PARTNERS "/%p/suspend", "{\"reason\":\"%s\"}", "validation_error", 400 },
		{ "POST", OPS_PARTNERS "/%p/suspend", "{\"reason\":\"a\\u0000b\"}", "validation_error",
		    400 },
		{ "POST", OPS_PARTNERS "/%p/suspend", "{\"reason\":\"r\",\"now\":true}",
		    "validation_error", 400 },
		{ "POST", OPS_PARTNERS "/pt_nope/suspend", "{\"reason\":\"r\"}", "not_found", 404 },
		{ "POST", OPS_PARTNERS "/nope/suspend", "{\"reason\":\"r\"}", "not_found", 404 },
		{ "POST", OPS_PARTNERS "/%p/reactivate", "{\"reason\":\"r\"}", "invalid_state", 409 },
		{ "POST", OPS_PARTNERS "/%p/reactivate", "{}", "validation_error", 400 },
		{ "POST", OPS_PARTNERS "/%p/reactivate", "{\"reason\":7}", "validation_error", 400 },
		{ "POST", OPS_PARTNERS "/pt_nope/reactivate", "{\"reason\":\"r\"}", "not_found", 404 },
		{ "GET", OPS_PARTNERS "/%p/suspend", NULL, "method_not_allowed", 405 },
	};
	struct con_sess s, owner;
	char uri[1100], id[64], key[128], long_text[202], path[200], body[600];
	long long partners, tokens, audit;
	size_t i;

	itc_ops_member("operator", &s, uri, sizeof(uri));
	con_signup("Ops Bad Input Owner Ltd", &owner);
	admin_partner("Ops Bad Input Ltd", id, sizeof(id), key, sizeof(key));
	memset(long_text, 'x', 201);
	long_text[201] = '\0';
	partners = it_db_scalar("SELECT COUNT(*) FROM partners", NULL, NULL);
	tokens = it_db_scalar("SELECT COUNT(*) FROM console_tokens", NULL, NULL);
	audit = it_db_scalar("SELECT COUNT(*) FROM console_audit WHERE reason IS NOT NULL", NULL,
	    NULL);
	for (i = 0; i < NELEM(cases); i++) {
		const char *p;
		char *o = body;
		size_t left = sizeof(body);

		/* %p: the partner's id; %s: 201 characters; %o: an owner's email */
		snprintf(path, sizeof(path), "%s", cases[i].path);
		if ((p = strstr(cases[i].path, "%p")) != NULL)
			snprintf(path, sizeof(path), "%.*s%s%s", (int)(p - cases[i].path), cases[i].path,
			    id, p + 2);
		body[0] = '\0';
		for (p = cases[i].body; p != NULL && *p != '\0' && left > 1; p++) {
			int n = 0;

			if (p[0] == '%' && p[1] == 's')
				n = snprintf(o, left, "%s", long_text);
			else if (p[0] == '%' && p[1] == 'o')
				n = snprintf(o, left, "%s", owner.email);
			if (n > 0) {
				p++;
				o += n;
				left -= (size_t)n;
				continue;
			}
			*o++ = *p;
			*o = '\0';
			left--;
		}
		con_refused(cases[i].method, path, cases[i].body ? body : NULL, &s, cases[i].status,
		    cases[i].code, path);
	}
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM partners", NULL, NULL), partners);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM console_tokens", NULL, NULL), tokens);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM console_audit WHERE reason IS NOT NULL",
	    NULL, NULL), audit);
	CU_ASSERT_EQUAL(con_count_where("SELECT COUNT(*) FROM partners WHERE public_id = ? "
	    "AND suspended_at IS NULL", id), 1);
	/* no session: 401; a change without the CSRF token: 403 */
	con_refused("GET", OPS_PARTNERS, NULL, NULL, 401, "unauthorized", "no session");
	{
		struct con_sess bad = s;

		snprintf(bad.csrf, sizeof(bad.csrf), "%s", "x");
		snprintf(path, sizeof(path), OPS_PARTNERS "/%s/suspend", id);
		con_refused("POST", path, "{\"reason\":\"r\"}", &bad, 403, "csrf_failed",
		    "no CSRF token");
	}
	CU_ASSERT_EQUAL(con_partner_get(key, "/v1/limits"), 200);
}

int
it_suite_console_ops(void)
{
	static const struct tu_test tests[] = {
		{ "an operator invited by cediramp-admin accepts and must enrol two-factor",
		    test_operator_invited },
		{ "a partner's people are refused every ops route", test_partner_refused },
		{ "partners created, listed, paged and read (balances, keys, no secret)",
		    test_create_list_detail },
		{ "a partner suspended (its key 403 FORBIDDEN) and reactivated, audited with reasons",
		    test_suspend_reactivate },
		{ "read-only, compliance and finance read and change nothing", test_read_only },
		{ "console.ops_allow refuses another address", test_ops_allow },
		{ "every ops route's bad inputs, nothing written", test_bad_inputs },
	};

	return tu_add_suite("console ops", NULL, NULL, tests, NELEM(tests));
}
