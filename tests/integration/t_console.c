/*
 * The console API (docs/console.md) against the real stack: sign-up,
 * sessions and their cookie, CSRF and Origin, roles, reauthentication,
 * the key pair, a partner's money, other partners' ids, throttling and
 * lockout, the audit log, and every route's bad input.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "it.h"
#include "itc_console.h"

/* Sign-up gives a partner, its owner, a signed-in session and the first
 * key pair; the secret works on the partner API, the public half is
 * refused as a credential; sign-out ends the session. */
static void
test_signup_session_signout(void)
{
	struct con_sess s;
	struct it_resp r;
	json_t *d;
	char v[512], pk[64];

	con_signup("Console Test Ltd", &s);
	CU_ASSERT(strncmp(s.key, "sk_test_", 8) == 0);
	CU_ASSERT_EQUAL(strlen(s.sid), 43);
	con_call("GET", "/console/api/session", NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	d = json_object_get(r.json, "data");
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(d, "user"), "role"), "owner");
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(d, "user"), "email"), s.email);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(d, "partner"), "name"), "Console Test Ltd");
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(d, "partner"), "environment"), "sandbox");
	CU_ASSERT(json_is_true(json_object_get(json_object_get(d, "permissions"), "keys")));
	/* the test stacks' console.explorer_tx_url (tools/stack.sh) */
	CU_ASSERT_STRING_EQUAL(it_str(d, "explorer_tx_url"), "https://explorer.invalid/tx/{hash}");
	CU_ASSERT(it_header(&r, "Content-Security-Policy", v, sizeof(v)) != NULL &&
	    strstr(v, "frame-ancestors 'none'") != NULL);
	it_resp_free(&r);
	/* the partner exists with its starting coins, and one owner */
	CU_ASSERT_EQUAL(con_count_where("SELECT COUNT(*) FROM console_users u JOIN partners p "
	    "ON p.id = u.partner_id WHERE p.public_id = ? AND u.role = 'owner'", s.partner), 1);
	CU_ASSERT_EQUAL(con_partner_get(s.key, "/v1/balances"), 200);
	/* the public half names the key and never authenticates */
	snprintf(pk, sizeof(pk), "pk_test_%s", s.key_id);
	snprintf(v, sizeof(v), "Authorization: Bearer %s", pk);
	{
		const char *h[] = { v, NULL };

		CU_ASSERT_FATAL(it_http("GET", "/v1/balances", h, NULL, 0, &r) == 0);
		it_assert_partner_error(&r, 401, "UNAUTHORIZED", "public key as a credential");
		CU_ASSERT(it_strstr(it_str(r.json, "message"), "secret key") != NULL);
		it_resp_free(&r);
	}
	con_call("DELETE", "/console/api/session", NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 204);
	CU_ASSERT(it_header(&r, "Set-Cookie", v, sizeof(v)) != NULL && strstr(v, "Max-Age=0") != NULL);
	it_resp_free(&r);
	IT_UNTIL_STEADY("the session ended", con_session_status(&s) == 401);
	con_refused("GET", "/console/api/session", NULL, &s, 401, "unauthorized", "after sign-out");
}

/* The cookie: HttpOnly, SameSite=Strict, Path=/, no Domain, Secure (on
 * the sandbox's loopback http as behind a TLS proxy: browsers keep a
 * __Host- cookie only so); behind the proxy the page's Origin is https. */
static void
test_cookie_flags(void)
{
	struct con_sess s;
	struct it_resp r;
	char v[512];

	con_signup("Cookie Ltd", &s);
	con_signin_raw(s.email, CON_PASSWORD, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	CU_ASSERT_FATAL(it_header(&r, "Set-Cookie", v, sizeof(v)) != NULL);
	CU_ASSERT(strstr(v, "; Path=/") != NULL);
	CU_ASSERT(strstr(v, "; HttpOnly") != NULL);
	CU_ASSERT(strstr(v, "; SameSite=Strict") != NULL);
	CU_ASSERT(strstr(v, "Domain") == NULL);
	CU_ASSERT(strstr(v, "; Secure") != NULL);
	it_resp_free(&r);
	/* from the trusted proxy straight to a web server (on a cluster,
	 * not through HAProxy, which is no trusted proxy) */
	it_http_via(0);
	it_http_from("127.0.0.2");
	con_signin_raw(s.email, CON_PASSWORD, "X-Forwarded-Proto: https", &r);
	it_http_from(NULL);
	/* the Origin the page sent was http://...: behind TLS it is https */
	con_expect_error(&r, 403, "csrf_failed", "an http Origin behind a TLS proxy");
	it_resp_free(&r);
	{
		char org[200], *body;
		const char *h[4];
		char host[160];

		snprintf(host, sizeof(host), "%s", con_origin() + strlen("http://"));
		snprintf(org, sizeof(org), "Origin: https://%s", host);
		h[0] = org;
		h[1] = "Content-Type: application/json";
		h[2] = "X-Forwarded-Proto: https";
		h[3] = NULL;
		body = con_jdump(json_pack("{s:s,s:s}", "email", s.email, "password", CON_PASSWORD));
		it_http_from("127.0.0.2");
		CU_ASSERT_FATAL(it_http("POST", "/console/api/session", h, body, strlen(body), &r) == 0);
		it_http_from(NULL);
		free(body);
	}
	it_http_via(-1);
	CU_ASSERT_EQUAL(r.status, 200);
	CU_ASSERT(it_header(&r, "Set-Cookie", v, sizeof(v)) != NULL && strstr(v, "; Secure") != NULL);
	it_resp_free(&r);
}

/* A change needs the console's Origin and the session's CSRF token:
 * another site's POST, or one without the token, is refused and writes
 * nothing. */
static void
test_csrf_and_origin(void)
{
	struct con_sess s, forged;
	struct it_resp r;
	const char *h[4];
	char cookie[160], *body;
	long long keys;

	con_signup("Csrf Ltd", &s);
	keys = con_count_where("SELECT COUNT(*) FROM api_keys k JOIN partners p ON p.id = k.partner_id "
	    "WHERE p.public_id = ?", s.partner);
	/* no token */
	forged = s;
	forged.csrf[0] = '\0';
	con_refused("POST", "/console/api/keys", "{}", &forged, 403, "csrf_failed",
	    "no CSRF token");
	/* a wrong token */
	snprintf(forged.csrf, sizeof(forged.csrf), "%s", s.csrf);
	forged.csrf[0] = forged.csrf[0] == 'A' ? 'B' : 'A';
	con_refused("POST", "/console/api/keys", "{}", &forged, 403, "csrf_failed",
	    "a wrong CSRF token");
	/* another site's form: the cookie rides along, the Origin is foreign */
	snprintf(cookie, sizeof(cookie), "Cookie: __Host-cediramp_session=%s", s.sid);
	h[0] = cookie;
	h[1] = "Origin: http://evil.example";
	h[2] = "Content-Type: application/json";
	h[3] = NULL;
	CU_ASSERT_FATAL(it_http("POST", "/console/api/keys", h, "{}", 2, &r) == 0);
	con_expect_error(&r, 403, "csrf_failed", "a cross-origin POST");
	it_resp_free(&r);
	/* no Origin at all */
	h[1] = "Content-Type: application/json";
	h[2] = NULL;
	CU_ASSERT_FATAL(it_http("DELETE", "/console/api/session", h, NULL, 0, &r) == 0);
	con_expect_error(&r, 403, "csrf_failed", "a change without Origin");
	it_resp_free(&r);
	/* a cross-origin sign-in (login CSRF) opens no session */
	body = con_jdump(json_pack("{s:s,s:s}", "email", s.email, "password", CON_PASSWORD));
	h[0] = "Origin: http://evil.example";
	h[1] = "Content-Type: application/json";
	h[2] = NULL;
	CU_ASSERT_FATAL(it_http("POST", "/console/api/session", h, body, strlen(body), &r) == 0);
	free(body);
	con_expect_error(&r, 403, "csrf_failed", "a cross-origin sign-in");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(con_count_where("SELECT COUNT(*) FROM console_sessions s JOIN console_users u "
	    "ON u.id = s.user_id WHERE u.email = ?", s.email), 1);
	CU_ASSERT_EQUAL(con_count_where("SELECT COUNT(*) FROM api_keys k JOIN partners p "
	    "ON p.id = k.partner_id WHERE p.public_id = ?", s.partner), keys);
	/* the session still works for its own page */
	con_call("GET", "/console/api/session", NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	it_resp_free(&r);
}

/* A session id an attacker set before sign-in is not the one after it. */
static void
test_session_fixation(void)
{
	static const char fixed[] = "AttackerChosenSessionIdAttackerChosenSessi";
	struct con_sess s, attacker;
	struct it_resp r;
	char cookie[160];

	con_signup("Fixation Ltd", &s);
	snprintf(cookie, sizeof(cookie), "Cookie: __Host-cediramp_session=%s", fixed);
	con_signin_raw(s.email, CON_PASSWORD, cookie, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	memset(&attacker, 0, sizeof(attacker));
	CU_ASSERT_FATAL(con_cookie_of(&r, attacker.sid, sizeof(attacker.sid)) == 0);
	CU_ASSERT(strcmp(attacker.sid, fixed) != 0);
	it_resp_free(&r);
	snprintf(attacker.sid, sizeof(attacker.sid), "%s", fixed);
	con_refused("GET", "/console/api/session", NULL, &attacker, 401, "unauthorized",
	    "a fixed session id");
}

/* Wrong passwords back off, then lock the account; an operator unlocks it. */
static void
test_brute_force_lockout(void)
{
	struct con_sess owner, s;
	struct it_resp r;
	char email[160], args[256], out[200], err[200], v[64], token[96], body[160];
	int failures = 0;
	long st;

	/* the first node sends the mail (a cluster's others have no sink) */
	it_http_via(0);

	con_signup("Lockout Ltd", &owner);
	con_add_member(&owner, "developer", email, sizeof(email));
	/* the test stack: backoff from 3 failures, lockout at 6 */
	while (failures < 6 && !it_expired()) {
		con_signin_raw(email, "not the password at all", NULL, &r);
		if (r.status == 429) {
			con_expect_error(&r, 429, "too_many_requests", "backoff");
			CU_ASSERT(it_header(&r, "Retry-After", v, sizeof(v)) != NULL);
			CU_ASSERT(failures >= 3);
			it_resp_free(&r);
			it_pause_ms(300, "the backoff runs out");
			continue;
		}
		con_expect_error(&r, 401, "invalid_credentials", "a wrong password");
		it_resp_free(&r);
		failures++;
	}
	CU_ASSERT_EQUAL(failures, 6);
	con_signin_raw(email, CON_PASSWORD, NULL, &r);
	con_expect_error(&r, 403, "account_locked", "the right password after lockout");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(con_count_where("SELECT COUNT(*) FROM console_users WHERE email = ? "
	    "AND locked_at IS NOT NULL", email), 1);
	/* the lockout mailed its link: it lifts the lockout, once */
	IT_UNTIL("the unlock link in the sink", con_mailed_token(&owner, email, "locked", token,
	    sizeof(token)) == 0);
	CU_ASSERT_FATAL(con_mailed_token(&owner, email, "locked", token, sizeof(token)) == 0);
	snprintf(body, sizeof(body), "{\"token\":\"%s\"}", token);
	con_call("POST", "/console/api/unlock", body, NULL, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 204);
	it_resp_free(&r);
	con_refused("POST", "/console/api/unlock", body, NULL, 404, "not_found",
	    "an unlock link used twice");
	con_signin(email, &s);
	CU_ASSERT_EQUAL(strlen(s.sid), 43);
	/* an operator unlocks too */
	CU_ASSERT(it_db_exec("UPDATE console_users SET locked_at = UTC_TIMESTAMP(6) WHERE email = ?",
	    email, NULL) == 1);
	IT_UNTIL("the lockout seen", (con_signin_raw(email, CON_PASSWORD, NULL, &r), st = r.status,
	    it_resp_free(&r), st == 403));
	snprintf(args, sizeof(args), "console user unlock %s", email);
	CU_ASSERT_EQUAL(it_admin_run(args, out, sizeof(out), err, sizeof(err)), 0);
	con_signin(email, &s);
	CU_ASSERT_EQUAL(strlen(s.sid), 43);
	/* an unknown email is the same answer as a wrong password */
	con_signin_raw("nobody-at-all@example.test", CON_PASSWORD, NULL, &r);
	con_expect_error(&r, 401, "invalid_credentials", "an unknown email");
	it_resp_free(&r);
	it_http_via(-1);
}

/* What a role may not do is refused by the API, whatever a page shows. */
static void
test_roles(void)
{
	struct con_sess owner, viewer, finance;
	struct it_resp r;
	char email[160];

	con_signup("Roles Ltd", &owner);
	con_add_member(&owner, "viewer", email, sizeof(email));
	con_signin(email, &viewer);
	con_call("GET", "/console/api/session", NULL, &viewer, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	CU_ASSERT(json_is_false(json_object_get(json_object_get(json_object_get(r.json, "data"),
	    "permissions"), "keys")));
	it_resp_free(&r);
	con_refused("GET", "/console/api/keys", NULL, &viewer, 403, "forbidden",
	    "a viewer lists keys");
	con_refused("POST", "/console/api/keys", "{}", &viewer, 403, "forbidden",
	    "a viewer creates a key");
	con_refused("GET", "/console/api/members", NULL, &viewer, 403, "forbidden",
	    "a viewer lists members");
	con_call("GET", "/console/api/withdrawals", NULL, &viewer, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	it_resp_free(&r);
	con_add_member(&owner, "finance", email, sizeof(email));
	con_signin(email, &finance);
	con_refused("DELETE", "/console/api/keys/AAAAAAAAAAAAAAAA", NULL, &finance, 403,
	    "forbidden", "finance revokes a key");
	con_refused("GET", "/console/api/audit", NULL, &finance, 403, "forbidden",
	    "finance reads the audit log");
	CU_ASSERT_EQUAL(con_count_where("SELECT COUNT(*) FROM api_keys k JOIN partners p "
	    "ON p.id = k.partner_id WHERE p.public_id = ?", owner.partner), 1);
	con_call("GET", "/console/api/members", NULL, &owner, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(r.json, "data")), 3);
	it_resp_free(&r);
}

/* A key: created only with a recent password, shown once, listed with its
 * public half, revoked (then refused by the partner API). */
static void
test_keys_and_reauth(void)
{
	struct con_sess s;
	struct it_resp r;
	json_t *d;
	char key[128], key_id[32], path[96];
	int found = 0;
	size_t i;

	con_signup("Keys Ltd", &s);
	/* the password is six minutes old */
	CU_ASSERT(it_db_exec("UPDATE console_sessions s JOIN console_users u ON u.id = s.user_id "
	    "SET s.reauth_at = UTC_TIMESTAMP(6) - INTERVAL 6 MINUTE WHERE u.email = ?",
	    s.email, NULL) == 1);
	/* (on a cluster, once the web server's node has the change) */
	IT_UNTIL_STEADY("the old password seen", con_key_post_status(&s) == 403);
	con_refused("POST", "/console/api/keys", "{}", &s, 403, "reauth_required",
	    "an old password");
	con_call("POST", "/console/api/session/reauth", "{\"password\":\"wrong password here\"}", &s,
	    NULL, &r);
	con_expect_error(&r, 401, "invalid_credentials", "reauth, wrong password");
	it_resp_free(&r);
	con_call("POST", "/console/api/session/reauth", "{\"password\":\"" CON_PASSWORD "\"}", &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 204);
	it_resp_free(&r);
	con_call("POST", "/console/api/keys", "{}", &s, NULL, &r);
	CU_ASSERT_EQUAL_FATAL(r.status, 201);
	d = json_object_get(r.json, "data");
	snprintf(key, sizeof(key), "%s", it_str(d, "secret_key") ? it_str(d, "secret_key") : "");
	snprintf(key_id, sizeof(key_id), "%s", it_str(d, "key_id") ? it_str(d, "key_id") : "");
	CU_ASSERT(strncmp(key, "sk_test_", 8) == 0 && strncmp(key + 8, key_id, 16) == 0);
	CU_ASSERT(it_strncmp(it_str(d, "public_key"), "pk_test_", 8) == 0);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(con_partner_get(key, "/v1/limits"), 200);
	con_call("GET", "/console/api/keys", NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	d = json_object_get(r.json, "data");
	CU_ASSERT(json_array_size(d) >= 2);
	for (i = 0; i < json_array_size(d); i++) {
		json_t *k = json_array_get(d, i);

		CU_ASSERT(json_object_get(k, "secret_key") == NULL);
		if (it_strcmp(it_str(k, "key_id"), key_id) == 0) {
			found = 1;
			CU_ASSERT_STRING_EQUAL(it_str(k, "status"), "active");
			/* it was used a moment ago */
			CU_ASSERT(json_is_string(json_object_get(k, "last_used_at")));
		}
	}
	CU_ASSERT(found);
	it_resp_free(&r);
	snprintf(path, sizeof(path), "/console/api/keys/%s", key_id);
	con_call("DELETE", path, NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 204);
	it_resp_free(&r);
	con_refused("DELETE", path, NULL, &s, 404, "not_found", "a key revoked twice");
	IT_UNTIL("the revoked key refused", con_partner_get(key, "/v1/limits") == 401);
	/* every process's key cache (on a cluster, every node's) has let it go */
	it_pause_ms(IT_KEY_CACHE_PASS_MS, "the key caches of the other processes pass");
	CU_ASSERT_EQUAL(con_partner_get(key, "/v1/limits"), 401);
	/* both key events are in the audit log */
	CU_ASSERT_EQUAL(con_count_where("SELECT COUNT(*) FROM console_audit WHERE object = ? "
	    "AND action IN ('key.create', 'key.revoke')", key_id), 2);
}

/* A partner's withdrawal in the console: listed, read, cancelled. */
static void
test_withdrawal_cancel(void)
{
	struct con_sess s;
	struct it_resp r;
	char ref[64], path[128], id[64];

	con_signup("Money Ltd", &s);
	con_make_withdrawal(s.key, ref, sizeof(ref), id, sizeof(id));
	con_call("GET", "/console/api/withdrawals?per_page=5", NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(r.json, "data")), 1);
	CU_ASSERT(json_is_object(json_object_get(r.json, "pagination")));
	it_resp_free(&r);
	snprintf(path, sizeof(path), "/console/api/withdrawals/%s", id);
	con_call("GET", path, NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "reference_id"), ref);
	it_resp_free(&r);
	snprintf(path, sizeof(path), "/console/api/withdrawals/%s/cancel", id);
	con_call("POST", path, NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "status"), "cancelled");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(con_count_where("SELECT COUNT(*) FROM withdrawals WHERE id = ? "
	    "AND status = 'cancelled'", id), 1);
	/* its timeline: each transition, in order, with its time */
	snprintf(path, sizeof(path), "/console/api/withdrawals/%s/events", id);
	con_call("GET", path, NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(r.json, "data")), 2);
	CU_ASSERT_STRING_EQUAL(it_str(json_array_get(json_object_get(r.json, "data"), 0), "type"),
	    "withdrawal.pending");
	CU_ASSERT_STRING_EQUAL(it_str(json_array_get(json_object_get(r.json, "data"), 1), "type"),
	    "withdrawal.cancelled");
	CU_ASSERT(it_strlen(it_str(json_array_get(json_object_get(r.json, "data"), 1), "at")) > 19);
	it_resp_free(&r);
}

/* Another partner's withdrawal and key are not found through the console,
 * and nothing of them changes. */
static void
test_other_partners_ids(void)
{
	struct con_sess a, b;
	char ref[64], path[128], id[64];

	con_signup("Partner A Ltd", &a);
	con_signup("Partner B Ltd", &b);
	con_make_withdrawal(b.key, ref, sizeof(ref), id, sizeof(id));
	snprintf(path, sizeof(path), "/console/api/withdrawals/%s", id);
	con_refused("GET", path, NULL, &a, 404, "not_found", "another partner's withdrawal");
	snprintf(path, sizeof(path), "/console/api/withdrawals/%s/cancel", id);
	con_refused("POST", path, NULL, &a, 404, "not_found",
	    "another partner's withdrawal, cancelled");
	snprintf(path, sizeof(path), "/console/api/keys/%s", b.key_id);
	con_refused("DELETE", path, NULL, &a, 404, "not_found", "another partner's key");
	snprintf(path, sizeof(path), "/console/api/withdrawals/%s/events", id);
	con_refused("GET", path, NULL, &a, 404, "not_found",
	    "another partner's withdrawal's timeline");
	CU_ASSERT_EQUAL(con_count_where("SELECT COUNT(*) FROM withdrawals WHERE id = ? "
	    "AND status = 'cancelled'", id), 0);
	CU_ASSERT_EQUAL(con_count_where("SELECT COUNT(*) FROM api_keys WHERE key_id = ? "
	    "AND revoked_at IS NULL", b.key_id), 1);
	CU_ASSERT_EQUAL(con_partner_get(b.key, "/v1/limits"), 200);
}

/* Sign out everywhere ends every session of the person at once; another
 * person's session stands. */
static void
test_signout_everywhere(void)
{
	struct con_sess one, two, other;
	struct it_resp r;
	char email[160];

	con_signup("Everywhere Ltd", &one);
	con_signin(one.email, &two);
	con_add_member(&one, "viewer", email, sizeof(email));
	con_signin(email, &other);
	con_call("DELETE", "/console/api/sessions", NULL, &two, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 204);
	it_resp_free(&r);
	/* (on a cluster, each node within its replication lag) */
	IT_UNTIL_STEADY("both sessions ended", con_session_status(&one) == 401 &&
	    con_session_status(&two) == 401);
	con_refused("GET", "/console/api/session", NULL, &one, 401, "unauthorized",
	    "the other session after sign-out everywhere");
	con_refused("GET", "/console/api/session", NULL, &two, 401, "unauthorized",
	    "this session after sign-out everywhere");
	con_call("GET", "/console/api/session", NULL, &other, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	it_resp_free(&r);
}

/* A session past its idle limit (30 min) or its absolute one (12 h) is gone. */
static void
test_session_expiry(void)
{
	struct con_sess s, t;

	con_signup("Expiry Ltd", &s);
	con_signin(s.email, &t);
	CU_ASSERT(it_db_exec("UPDATE console_sessions s JOIN console_users u ON u.id = s.user_id "
	    "SET s.last_seen_at = UTC_TIMESTAMP(6) - INTERVAL 31 MINUTE WHERE u.email = ?",
	    s.email, NULL) == 2);
	IT_UNTIL_STEADY("the idle session ended", con_session_status(&s) == 401);
	con_refused("GET", "/console/api/session", NULL, &s, 401, "unauthorized",
	    "an idle session");
	con_signin(s.email, &t);
	CU_ASSERT(it_db_exec("UPDATE console_sessions s JOIN console_users u ON u.id = s.user_id "
	    "SET s.created_at = UTC_TIMESTAMP(6) - INTERVAL 721 MINUTE WHERE u.email = ? "
	    "AND s.revoked_at IS NULL", s.email, NULL) >= 1);
	IT_UNTIL_STEADY("the old session ended", con_session_status(&t) == 401);
	con_refused("GET", "/console/api/session", NULL, &t, 401, "unauthorized",
	    "a session past 12 h");
}

/* Partner-controlled text comes back as JSON data, never as a page. */
static void
test_markup_is_data(void)
{
	static const char name[] = "<script>alert(1)</script> & \"Co\"";
	struct con_sess s;
	struct it_resp r;
	char v[200];

	con_signup(name, &s);
	con_call("GET", "/console/api/session", NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(json_object_get(r.json, "data"), "partner"),
	    "name"), name);
	CU_ASSERT(it_header(&r, "Content-Type", v, sizeof(v)) != NULL &&
	    strncmp(v, "application/json", 16) == 0);
	CU_ASSERT(it_header(&r, "X-Content-Type-Options", v, sizeof(v)) != NULL &&
	    strcmp(v, "nosniff") == 0);
	it_resp_free(&r);
}

/* The audit log: the owner's, newest first, paged. */
static void
test_audit_log(void)
{
	struct con_sess s;
	struct it_resp r;
	json_t *d;
	char path[96];
	long long first;

	con_signup("Audit Ltd", &s);
	con_call("GET", "/console/api/audit?limit=1", NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	d = json_array_get(json_object_get(r.json, "data"), 0);
	CU_ASSERT_STRING_EQUAL(it_str(d, "action"), "signup");
	CU_ASSERT_STRING_EQUAL(it_str(d, "actor"), s.email);
	CU_ASSERT_STRING_EQUAL(it_str(d, "address"), "127.0.0.1");
	first = json_integer_value(json_object_get(d, "id"));
	it_resp_free(&r);
	snprintf(path, sizeof(path), "/console/api/audit?before=%lld", first);
	con_call("GET", path, NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(r.json, "data")), 0);
	it_resp_free(&r);
}

/* Every route's bad input: the console's error codes, nothing written. */
static void
test_bad_input(void)
{
	static const struct {
		const char *method, *path, *body, *code;
		long status;
	} cases[] = {
		{ "POST", "/console/api/signup", "{", "validation_error", 400 },
		{ "POST", "/console/api/signup", "[]", "validation_error", 400 },
		{ "POST", "/console/api/signup", "{}", "validation_error", 400 },
		{ "POST", "/console/api/signup", "{\"email\":5,\"password\":\"" CON_PASSWORD "\","
		    "\"company\":\"X\"}", "validation_error", 400 },
		{ "POST", "/console/api/signup", "{\"email\":\"no-at-sign\",\"password\":\"" CON_PASSWORD
		    "\",\"company\":\"X\"}", "validation_error", 400 },
		{ "POST", "/console/api/signup", "{\"email\":\"a@b.test\",\"password\":\"short\","
		    "\"company\":\"X\"}", "validation_error", 400 },
		{ "POST", "/console/api/signup", "{\"email\":\"a@b.test\",\"password\":\"" CON_PASSWORD
		    "\",\"company\":\"\"}", "validation_error", 400 },
		{ "POST", "/console/api/signup", "{\"email\":\"a@b.test\",\"password\":\"" CON_PASSWORD
		    "\",\"company\":\"X\",\"tier\":\"enterprise\"}", "validation_error", 400 },
		{ "POST", "/console/api/session", "{\"email\":\"a@b.test\"}", "validation_error", 400 },
		{ "POST", "/console/api/session", "{\"email\":\"a@b.test\",\"password\":[]}",
		    "validation_error", 400 },
		{ "POST", "/console/api/session", "not json", "validation_error", 400 },
		{ "POST", "/console/api/session/reauth", "{}", "validation_error", 400 },
		{ "POST", "/console/api/session/reauth", "{\"password\":1}", "validation_error", 400 },
		{ "POST", "/console/api/keys", "{\"label\":\"x\"}", "validation_error", 400 },
		{ "POST", "/console/api/keys", "{\"name\":5}", "validation_error", 400 },
		{ "GET", "/console/api/audit?limit=0", NULL, "validation_error", 400 },
		{ "GET", "/console/api/audit?limit=101", NULL, "validation_error", 400 },
		{ "GET", "/console/api/audit?before=x", NULL, "validation_error", 400 },
		{ "GET", "/console/api/audit?page=2", NULL, "validation_error", 400 },
		{ "GET", "/console/api/withdrawals?status=nope", NULL, "validation_error", 400 },
		{ "GET", "/console/api/withdrawals?per_page=0", NULL, "validation_error", 400 },
		{ "GET", "/console/api/withdrawals/wd_nope", NULL, "not_found", 404 },
		{ "GET", "/console/api/payment-intents/pi_nope", NULL, "not_found", 404 },
		{ "GET", "/console/api/nothing-here", NULL, "not_found", 404 },
		{ "PUT", "/console/api/keys", "{}", "method_not_allowed", 405 },
		{ "POST", "/console/api/session/reauth", "{\"password\":\"x\",\"code\":\"123456\"}",
		    "validation_error", 400 },
		{ "POST", "/console/api/2fa", "{\"secret\":\"x\"}", "validation_error", 400 },
		{ "POST", "/console/api/2fa/confirm", "{}", "validation_error", 400 },
		{ "POST", "/console/api/2fa/confirm", "{\"code\":123456}", "validation_error", 400 },
		{ "POST", "/console/api/2fa/confirm", "{\"code\":\"123456\"}", "invalid_state", 409 },
		{ "PUT", "/console/api/2fa/requirement", "{}", "validation_error", 400 },
		{ "PUT", "/console/api/2fa/requirement", "{\"required\":\"yes\"}",
		    "validation_error", 400 },
		{ "DELETE", "/console/api/2fa/confirm", NULL, "method_not_allowed", 405 },
		{ "PUT", "/console/api/signing/policy", "{", "validation_error", 400 },
		{ "PUT", "/console/api/signing/policy", "{\"required\":1}", "validation_error", 400 },
		{ "POST", "/console/api/signing/keys", "[]", "validation_error", 400 },
		{ "DELETE", "/console/api/signing/keys/no-such-key", NULL, "not_found", 404 },
		{ "PATCH", "/console/api/signing", "{}", "method_not_allowed", 405 },
		{ "PATCH", "/console/api/webhooks/wh_nope", "{", "validation_error", 400 },
		{ "PATCH", "/console/api/webhooks/wh_nope", "{\"enabled\":false}", "not_found", 404 },
		{ "PATCH", "/console/api/members/cu_nope", "{\"role\":[]}", "validation_error", 400 },
		{ "PATCH", "/console/api/members/cu_nope", "{\"role\":\"viewer\"}", "not_found", 404 },
		{ "GET", "/console/api/wallet/jwt", NULL, "forbidden", 403 },
		{ "GET", "/console/api/wallet/webhooks", NULL, "forbidden", 403 },
	};
	struct con_sess s;
	struct it_resp r;
	long long users, sessions;
	size_t i;

	con_signup("Bad Input Ltd", &s);
	users = it_db_scalar("SELECT COUNT(*) FROM console_users", NULL, NULL);
	sessions = it_db_scalar("SELECT COUNT(*) FROM console_sessions", NULL, NULL);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char where[200];

		snprintf(where, sizeof(where), "%s %s %s", cases[i].method, cases[i].path,
		    cases[i].body ? cases[i].body : "");
		con_refused(cases[i].method, cases[i].path, cases[i].body, &s, cases[i].status,
		    cases[i].code, where);
	}
	/* a body that is not JSON by its type */
	{
		char cookie[160], csrf[120], org[200];
		const char *h[5];

		snprintf(org, sizeof(org), "Origin: %s", con_origin());
		snprintf(cookie, sizeof(cookie), "Cookie: __Host-cediramp_session=%s", s.sid);
		snprintf(csrf, sizeof(csrf), "X-CSRF-Token: %s", s.csrf);
		h[0] = org;
		h[1] = cookie;
		h[2] = csrf;
		h[3] = "Content-Type: text/plain";
		h[4] = NULL;
		CU_ASSERT_FATAL(it_http("POST", "/console/api/keys", h, "{}", 2, &r) == 0);
		con_expect_error(&r, 415, "unsupported_media_type", "a text/plain body");
		it_resp_free(&r);
	}
	/* a body over the limit (the web server's 413, in the console's envelope) */
	{
		size_t n = 9 * 1024 * 1024;
		char *big = malloc(n + 1);

		CU_ASSERT_FATAL(big != NULL);
		memset(big, 'a', n);
		big[0] = '{';
		big[n] = '\0';
		con_refused("POST", "/console/api/session", big, NULL, 413, "payload_too_large",
		    "an oversize body");
		free(big);
	}
	/* no session: 401 everywhere but sign-in and sign-up */
	con_refused("GET", "/console/api/keys", NULL, NULL, 401, "unauthorized", "no cookie");
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM console_users", NULL, NULL), users);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM console_sessions", NULL, NULL), sessions);
	/* an email with an account already */
	{
		char *body = con_jdump(json_pack("{s:s,s:s,s:s}", "email", s.email, "password",
		    CON_PASSWORD, "company", "Again Ltd"));

		con_call("POST", "/console/api/signup", body, NULL, NULL, &r);
		free(body);
		con_expect_error(&r, 409, "conflict", "a second sign-up with one email");
		it_resp_free(&r);
		CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM partners WHERE name = 'Again Ltd'",
		    NULL, NULL), 0);
	}
}

/* email signs in with code (and the password): the answer in r. */
static void
signin_code(const char *email, const char *code, struct it_resp *r)
{
	char *body = con_jdump(json_pack("{s:s,s:s,s:s}", "email", email, "password", CON_PASSWORD,
	    "code", code));

	con_call("POST", "/console/api/session", body, NULL, NULL, r);
	free(body);
}

/* Two-factor: enrolment read by a third party's TOTP, sign-in with a code
 * or a recovery code, each accepted once, and an owner's requirement. */
static void
test_two_factor(void)
{
	struct con_sess s, viewer;
	struct it_resp r;
	json_t *d;
	char uri[1100], code1[16], code2[16], recovery[32], body[64], email[160];

	con_signup("Two Factor Ltd", &s);
	con_call("POST", "/console/api/2fa", "{}", &s, NULL, &r);
	CU_ASSERT_EQUAL_FATAL(r.status, 201);
	d = json_object_get(r.json, "data");
	snprintf(uri, sizeof(uri), "%s", it_str(d, "otpauth_uri") ? it_str(d, "otpauth_uri") : "");
	CU_ASSERT(it_strncmp(it_str(d, "qr_svg"), "<svg", 4) == 0);
	CU_ASSERT_EQUAL(it_strlen(it_str(d, "secret")), 32);
	it_resp_free(&r);
	/* the secret is sealed at rest, never in clear */
	CU_ASSERT_EQUAL(con_count_where("SELECT COUNT(*) FROM console_users WHERE email = ? "
	    "AND totp_sealed IS NOT NULL AND totp_enabled = 0", s.email), 1);
	CU_ASSERT_FATAL(con_totp_now(uri, code1, sizeof(code1)) == 0);
	/* not on yet: sign-in needs no code */
	snprintf(body, sizeof(body), "{\"code\":\"%s\"}", code1);
	con_call("POST", "/console/api/2fa/confirm", body, &s, NULL, &r);
	CU_ASSERT_EQUAL_FATAL(r.status, 200);
	d = json_object_get(json_object_get(r.json, "data"), "recovery_codes");
	CU_ASSERT_EQUAL(json_array_size(d), 10);
	snprintf(recovery, sizeof(recovery), "%s", json_string_value(json_array_get(d, 0)) ?
	    json_string_value(json_array_get(d, 0)) : "");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(con_count_where("SELECT COUNT(*) FROM console_recovery_codes c JOIN "
	    "console_users u ON u.id = c.user_id WHERE u.email = ?", s.email), 10);
	/* the password alone is not enough now, and opens no session */
	con_signin_raw(s.email, CON_PASSWORD, NULL, &r);
	con_expect_error(&r, 401, "two_factor_required", "the password without the code");
	CU_ASSERT(it_strstr(r.headers, "Set-Cookie") == NULL);
	it_resp_free(&r);
	/* the confirmation's code again, within its window: refused */
	signin_code(s.email, code1, &r);
	con_expect_error(&r, 401, "invalid_credentials", "a TOTP code replayed");
	it_resp_free(&r);
	/* a recovery code, once */
	signin_code(s.email, recovery, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	it_resp_free(&r);
	signin_code(s.email, recovery, &r);
	con_expect_error(&r, 401, "invalid_credentials", "a recovery code used twice");
	it_resp_free(&r);
	/* the next step's code (a person waits for the app's next one) */
	IT_UNTIL("the authenticator's next code",
	    con_totp_now(uri, code2, sizeof(code2)) == 0 && strcmp(code1, code2) != 0);
	CU_ASSERT_FATAL(strcmp(code1, code2) != 0);
	signin_code(s.email, code2, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	it_resp_free(&r);
	signin_code(s.email, code2, &r);
	con_expect_error(&r, 401, "invalid_credentials", "the next code replayed");
	it_resp_free(&r);
	/* the owner requires it of every member */
	con_call("PUT", "/console/api/2fa/requirement", "{\"required\":true}", &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	it_resp_free(&r);
	con_add_member(&s, "viewer", email, sizeof(email));
	con_signin(email, &viewer);
	IT_UNTIL_STEADY("the requirement seen", con_status_of("GET", "/console/api/withdrawals", NULL,
	    &viewer) == 403);
	con_refused("GET", "/console/api/withdrawals", NULL, &viewer, 403,
	    "two_factor_enrolment_required", "an unenrolled member");
	CU_ASSERT_EQUAL(con_status_of("GET", "/console/api/2fa", NULL, &viewer), 200);
	con_refused("DELETE", "/console/api/2fa", NULL, &s, 409, "invalid_state",
	    "two-factor off while required");
	CU_ASSERT_EQUAL(con_count_where("SELECT COUNT(*) FROM console_audit a JOIN console_users u "
	    "ON u.id = a.user_id WHERE u.email = ? AND a.action = '2fa.on'", s.email), 1);
}

/* Developers -> Webhooks: an endpoint added, listed, its delivery log and
 * redelivery, through the partner side's own answers; a URL holding markup
 * stays data; a viewer and another partner get nothing. */
static void
test_webhooks(void)
{
	static const char url[] = "http://127.0.0.1:9/hook?<script>x</script>";
	struct con_sess s, other, viewer;
	struct it_resp r;
	json_t *d;
	char hook[64], event[64], path[160], ref[64], wd[64], email[160], rid[80], *body;

	con_signup("Hooks Ltd", &s);
	con_signup("Other Hooks Ltd", &other);
	body = con_jdump(json_pack("{s:s,s:[s]}", "url", url, "events", "withdrawal.pending"));
	con_call("POST", "/console/api/webhooks", body, &s, NULL, &r);
	free(body);
	CU_ASSERT_EQUAL_FATAL(r.status, 201);
	d = json_object_get(r.json, "data");
	snprintf(hook, sizeof(hook), "%s", it_str(d, "webhook_id") ? it_str(d, "webhook_id") : "");
	CU_ASSERT(it_strncmp(it_str(d, "secret"), "whsec_", 6) == 0);
	CU_ASSERT_STRING_EQUAL(it_str(d, "url"), url);
	it_resp_free(&r);
	con_call("GET", "/console/api/webhooks", NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	d = json_array_get(json_object_get(r.json, "data"), 0);
	CU_ASSERT_STRING_EQUAL(it_str(d, "webhook_id"), hook);
	CU_ASSERT(json_object_get(d, "secret") == NULL);
	it_resp_free(&r);
	/* a withdrawal makes an event for it */
	con_make_withdrawal(s.key, ref, sizeof(ref), wd, sizeof(wd));
	con_call("GET", "/console/api/webhook-deliveries", NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	d = json_array_get(json_object_get(r.json, "data"), 0);
	CU_ASSERT_STRING_EQUAL(it_str(d, "event_type"), "withdrawal.pending");
	CU_ASSERT_STRING_EQUAL(it_str(d, "webhook_id"), hook);
	snprintf(event, sizeof(event), "%s", it_str(d, "event_id") ? it_str(d, "event_id") : "");
	it_resp_free(&r);
	snprintf(path, sizeof(path), "/console/api/webhook-deliveries/%s", event);
	con_call("GET", path, NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	CU_ASSERT(json_is_array(json_object_get(json_object_get(r.json, "data"), "deliveries")));
	it_resp_free(&r);
	snprintf(path, sizeof(path), "/console/api/webhook-deliveries/%s/redeliver", event);
	con_call("POST", path, NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 202);
	it_resp_free(&r);
	/* a test event: to this endpoint alone, in the log as any event */
	snprintf(path, sizeof(path), "/console/api/webhooks/%s/test", hook);
	con_call("POST", path, NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 202);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "event_type"), "webhook.test");
	snprintf(event, sizeof(event), "%s", it_str(json_object_get(r.json, "data"), "event_id") ?
	    it_str(json_object_get(r.json, "data"), "event_id") : "");
	CU_ASSERT_PTR_NOT_NULL(it_header(&r, "X-Request-Id", rid, sizeof(rid)));
	it_resp_free(&r);
	CU_ASSERT_EQUAL(con_count_where("SELECT COUNT(*) FROM webhook_deliveries d JOIN "
	    "webhook_endpoints e ON e.id = d.endpoint_id WHERE d.event_id = ?", event), 1);
	con_refused("POST", path, NULL, &other, 404, "not_found",
	    "a test event to another partner's endpoint");
	snprintf(path, sizeof(path), "/console/api/webhook-deliveries/%s", event);
	con_call("GET", path, NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "event_type"), "webhook.test");
	/* the request it was raised in, as its answer named it */
	CU_ASSERT_EQUAL(it_strcmp(it_str(json_object_get(r.json, "data"), "request_id"), rid), 0);
	it_resp_free(&r);
	/* redelivered to its one endpoint (no one subscribes to a test) */
	snprintf(path, sizeof(path), "/console/api/webhook-deliveries/%s/redeliver", event);
	con_call("POST", path, NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 202);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(json_object_get(r.json, "data"), "queued")), 1);
	it_resp_free(&r);
	/* another partner: the endpoint and the event are not found */
	snprintf(path, sizeof(path), "/console/api/webhook-deliveries/%s/redeliver", event);
	con_refused("POST", path, NULL, &other, 404, "not_found", "another partner's event");
	snprintf(path, sizeof(path), "/console/api/webhooks/%s", hook);
	con_refused("DELETE", path, NULL, &other, 404, "not_found", "another partner's endpoint");
	/* a viewer may not see them */
	con_add_member(&s, "viewer", email, sizeof(email));
	con_signin(email, &viewer);
	con_refused("GET", "/console/api/webhooks", NULL, &viewer, 403, "forbidden",
	    "a viewer lists webhooks");
	CU_ASSERT_EQUAL(con_count_where("SELECT COUNT(*) FROM webhook_endpoints WHERE public_id = ? "
	    "AND deleted_at IS NULL", hook), 1);
	con_call("DELETE", path, NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 204);
	it_resp_free(&r);
}

/* 1 when the console shows s's USDT balance as available and pending. */
static int
usdt_balance_is(const struct con_sess *s, const char *available, const char *pending)
{
	struct it_resp r;
	json_t *b;
	size_t i;
	int ok = 0;

	con_call("GET", "/console/api/balances", NULL, s, NULL, &r);
	json_array_foreach(json_object_get(r.json, "data"), i, b)
		if (it_strcmp(it_str(b, "currency"), "USDT") == 0)
			ok = it_strcmp(it_str(b, "available"), available) == 0 &&
			    it_strcmp(it_str(b, "pending"), pending) == 0;
	it_resp_free(&r);
	return ok;
}

/* Overview and statements: the partner's balances, and the CSV of its
 * statement, as the partner API answers them. */
static void
test_balances_and_statement(void)
{
	struct con_sess s;
	struct it_resp r;
	json_t *a, *b, *d;
	char ref[64], id[64], v[200], path[200];
	size_t i;
	int seen = 0;

	con_signup("Balances Ltd", &s);
	con_make_withdrawal(s.key, ref, sizeof(ref), id, sizeof(id));
	/* (balances do not wait for the cluster: on one, the node that wrote
	 * the hold may not be the one that reads) */
	IT_UNTIL_STEADY("the hold in the balances", usdt_balance_is(&s, "9990.000000", "10.000000"));
	con_call("GET", "/console/api/balances", NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	a = json_object_get(r.json, "data");
	CU_ASSERT_EQUAL(json_array_size(a), 3);
	for (i = 0; i < json_array_size(a); i++) {
		b = json_array_get(a, i);
		if (it_strcmp(it_str(b, "currency"), "USDT") != 0)
			continue;
		seen = 1;
		/* 10000 to start, 10 held by the withdrawal */
		CU_ASSERT_STRING_EQUAL(it_str(b, "available"), "9990.000000");
		CU_ASSERT_STRING_EQUAL(it_str(b, "pending"), "10.000000");
	}
	CU_ASSERT(seen);
	it_resp_free(&r);
	snprintf(path, sizeof(path), "/console/api/statements?currency=USDT&from_date=2026-01-01"
	    "&to_date=2099-12-31");
	con_call("GET", path, NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	CU_ASSERT(it_header(&r, "Content-Type", v, sizeof(v)) != NULL &&
	    strncmp(v, "text/csv", 8) == 0);
	CU_ASSERT(it_strstr(r.body, "deposit") != NULL || it_strstr(r.body, "seed") != NULL);
	it_resp_free(&r);
	con_call("GET", "/console/api/statements?from_date=2026-01-01&to_date=2099-12-31", NULL, &s,
	    NULL, &r);
	con_expect_error(&r, 400, "validation_error", "a statement without its currency");
	it_resp_free(&r);
	/* the overview: balances, networks, today's withdrawal, nothing failed */
	con_call("GET", "/console/api/overview", NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	d = json_object_get(r.json, "data");
	CU_ASSERT_EQUAL(json_array_size(json_object_get(d, "balances")), 3);
	CU_ASSERT(json_array_size(json_object_get(d, "networks")) >= 3);
	CU_ASSERT(it_strlen(it_str(json_array_get(json_object_get(d, "networks"), 0), "status")) > 0);
	a = json_object_get(d, "last_30_days");
	CU_ASSERT_EQUAL(json_array_size(a), 1);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(json_object_get(json_array_get(a, 0),
	    "withdrawals"), "count")), 1);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(json_object_get(d, "attention"),
	    "failed_deliveries")), 0);
	it_resp_free(&r);
}

/* Rolls s's key key_id with an overlap of hours: the new key's secret
 * and id into key and id; the answer's data's "previous" into r (the
 * caller frees r). */
static json_t *
roll_key(const struct con_sess *s, const char *key_id, int hours, char *key, char *id,
    struct it_resp *r)
{
	char path[128], body[64];
	json_t *d;

	snprintf(path, sizeof(path), "/console/api/keys/%s/roll", key_id);
	snprintf(body, sizeof(body), "{\"overlap_hours\":%d}", hours);
	con_call("POST", path, body, s, NULL, r);
	CU_ASSERT_EQUAL_FATAL(r->status, 201);
	d = json_object_get(json_object_get(r->json, "data"), "key");
	snprintf(key, 128, "%s", it_str(d, "secret_key") ? it_str(d, "secret_key") : "");
	snprintf(id, 32, "%s", it_str(d, "key_id") ? it_str(d, "key_id") : "");
	CU_ASSERT_STRING_EQUAL(it_str(d, "name"), "checkout, eu");
	return json_object_get(json_object_get(r->json, "data"), "previous");
}

/* A key named, renamed and rolled: during the overlap both keys work, the
 * old one "expiring"; a roll without overlap stops the old key at once;
 * each key shows where it was last used from. */
static void
test_key_roll(void)
{
	struct con_sess s, other;
	struct it_resp r;
	json_t *d;
	char old_key[128], old_id[32], new_key[128], new_id[32], last_key[128], last_id[32];
	char path[128];

	con_signup("Roll Ltd", &s);
	con_signup("Other Roll Ltd", &other);
	con_call("POST", "/console/api/keys", "{\"name\":\"checkout server\"}", &s, NULL, &r);
	CU_ASSERT_EQUAL_FATAL(r.status, 201);
	d = json_object_get(r.json, "data");
	CU_ASSERT_STRING_EQUAL(it_str(d, "name"), "checkout server");
	snprintf(old_key, sizeof(old_key), "%s", it_str(d, "secret_key") ? it_str(d, "secret_key") : "");
	snprintf(old_id, sizeof(old_id), "%s", it_str(d, "key_id") ? it_str(d, "key_id") : "");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(con_partner_get(old_key, "/v1/limits"), 200);
	snprintf(path, sizeof(path), "/console/api/keys/%s", old_id);
	con_call("PATCH", path, "{\"name\":\"checkout, eu\"}", &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	d = json_object_get(r.json, "data");
	CU_ASSERT_STRING_EQUAL(it_str(d, "name"), "checkout, eu");
	CU_ASSERT_STRING_EQUAL(it_str(d, "last_used_address"), "127.0.0.1");
	it_resp_free(&r);
	con_refused("PATCH", path, "{\"name\":\"mine now\"}", &other, 404, "not_found",
	    "another partner's key renamed");
	/* rolled with an hour's overlap: both work */
	d = roll_key(&s, old_id, 1, new_key, new_id, &r);
	CU_ASSERT_STRING_EQUAL(it_str(d, "status"), "expiring");
	CU_ASSERT(json_is_string(json_object_get(d, "expires_at")));
	it_resp_free(&r);
	CU_ASSERT_EQUAL(con_partner_get(new_key, "/v1/limits"), 200);
	CU_ASSERT_EQUAL(con_partner_get(old_key, "/v1/limits"), 200);
	/* a key rolls once */
	snprintf(path, sizeof(path), "/console/api/keys/%s/roll", old_id);
	con_refused("POST", path, "{\"overlap_hours\":1}", &s, 409, "invalid_state",
	    "a key rolled twice");
	/* the new one rolled without overlap: it stops at once */
	(void)roll_key(&s, new_id, 0, last_key, last_id, &r);
	it_resp_free(&r);
	IT_UNTIL("the key rolled without overlap refused", con_partner_get(new_key, "/v1/limits") == 401);
	it_pause_ms(IT_KEY_CACHE_PASS_MS, "the key caches of the other processes pass");
	CU_ASSERT_EQUAL(con_partner_get(new_key, "/v1/limits"), 401);
	CU_ASSERT_EQUAL(con_partner_get(last_key, "/v1/limits"), 200);
	CU_ASSERT_EQUAL(con_partner_get(old_key, "/v1/limits"), 200);
	CU_ASSERT_EQUAL(con_count_where("SELECT COUNT(*) FROM console_audit WHERE action = 'key.roll' "
	    "AND object = ?", old_id), 1);
	/* bad input, nothing changed */
	snprintf(path, sizeof(path), "/console/api/keys/%s/roll", old_id);
	con_refused("POST", path, "{\"overlap_hours\":169}", &s, 400, "validation_error",
	    "an overlap over 7 days");
	con_refused("POST", path, "{\"overlap_hours\":\"1\"}", &s, 400, "validation_error",
	    "an overlap as text");
	con_refused("POST", path, "{}", &s, 400, "validation_error", "no overlap");
	snprintf(path, sizeof(path), "/console/api/keys/%s", old_id);
	con_refused("PATCH", path,
	    "{\"name\":\"01234567890123456789012345678901234567890123456789" "0123456789012345\"}",
	    &s, 400, "validation_error", "a name over 64 characters");
	con_refused("PATCH", path, "{\"name\":5}", &s, 400, "validation_error",
	    "a name as a number");
	CU_ASSERT_EQUAL(con_count_where("SELECT COUNT(*) FROM api_keys WHERE key_id = ? "
	    "AND name = 'checkout, eu'", old_id), 1);
}

/* Team: an invitation mailed through the sink, accepted once with a
 * password; a member removed (its session ends); a password reset and an
 * unlock by their mailed links, each link once. */
static void
test_team_mail(void)
{
	struct con_sess s, member, viewer;
	struct it_resp r;
	char email[160], token[96], body[300], path[160], id[64], vmail[160];
	json_t *d;

	/* the first node sends the mail (a cluster's others have no sink) */
	it_http_via(0);
	con_signup("Team Mail Ltd", &s);
	it_unique("invitee", token, 64);
	snprintf(email, sizeof(email), "%s@example.test", token);
	snprintf(body, sizeof(body), "{\"email\":\"%s\",\"role\":\"developer\"}", email);
	con_call("POST", "/console/api/members", body, &s, NULL, &r);
	CU_ASSERT_EQUAL_FATAL(r.status, 201);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "mail"), "sent");
	it_resp_free(&r);
	con_call("POST", "/console/api/members", body, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 201); /* a second invitation, until one is accepted */
	it_resp_free(&r);
	IT_UNTIL("the invitation in the sink", con_mailed_token(&s, email, "invited", token,
	    sizeof(token)) == 0);
	CU_ASSERT_FATAL(con_mailed_token(&s, email, "invited", token, sizeof(token)) == 0);
	snprintf(body, sizeof(body), "{\"token\":\"%s\",\"password\":\"" CON_PASSWORD "\"}", token);
	con_call("POST", "/console/api/invitations/accept", body, NULL, NULL, &r);
	CU_ASSERT_EQUAL_FATAL(r.status, 201);
	memset(&member, 0, sizeof(member));
	con_take_session(&r, &member);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(json_object_get(r.json, "data"), "user"),
	    "role"), "developer");
	snprintf(id, sizeof(id), "%s", it_str(json_object_get(json_object_get(r.json, "data"),
	    "user"), "id") ? it_str(json_object_get(json_object_get(r.json, "data"), "user"), "id") : "");
	it_resp_free(&r);
	/* the link works once */
	con_refused("POST", "/console/api/invitations/accept", body, NULL, 404, "not_found",
	    "an invitation used twice");
	CU_ASSERT_EQUAL(con_status_of("GET", "/console/api/keys", NULL, &member), 200);
	/* an email with an account is not invited again */
	snprintf(body, sizeof(body), "{\"email\":\"%s\",\"role\":\"viewer\"}", email);
	con_refused("POST", "/console/api/members", body, &s, 409, "conflict",
	    "an invitation to a member");
	/* a viewer may not invite */
	con_add_member(&s, "viewer", vmail, sizeof(vmail));
	con_signin(vmail, &viewer);
	con_refused("POST", "/console/api/members",
	    "{\"email\":\"x@example.test\",\"role\":\"owner\"}", &viewer, 403, "forbidden",
	    "a viewer invites");
	/* a viewer's sandbox mail is its own: not the invitations, never
	 * another member's links */
	con_call("GET", "/console/api/sandbox/mail", NULL, &viewer, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	CU_ASSERT(it_strstr(r.body, email) == NULL);
	it_resp_free(&r);
	/* a password reset by its link: the new password, the old sessions gone */
	snprintf(body, sizeof(body), "{\"email\":\"%s\"}", email);
	con_call("POST", "/console/api/password/reset", body, NULL, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 202);
	it_resp_free(&r);
	con_call("POST", "/console/api/password/reset", "{\"email\":\"nobody-here@example.test\"}",
	    NULL, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 202); /* the same answer for no account */
	it_resp_free(&r);
	IT_UNTIL("the reset link in the sink", con_mailed_token(&s, email, "Reset", token,
	    sizeof(token)) == 0);
	CU_ASSERT_FATAL(con_mailed_token(&s, email, "Reset", token, sizeof(token)) == 0);
	snprintf(body, sizeof(body), "{\"token\":\"%s\",\"password\":\"a new long password\"}",
	    token);
	con_call("POST", "/console/api/password/reset/confirm", body, NULL, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 204);
	it_resp_free(&r);
	con_refused("POST", "/console/api/password/reset/confirm", body, NULL, 404, "not_found",
	    "a reset link used twice");
	IT_UNTIL_STEADY("the member's old session ended", con_session_status(&member) == 401);
	con_signin_raw(email, CON_PASSWORD, NULL, &r);
	con_expect_error(&r, 401, "invalid_credentials", "the old password after a reset");
	it_resp_free(&r);
	con_signin_raw(email, "a new long password", NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	con_take_session(&r, &member);
	it_resp_free(&r);
	/* removed: its session ends, it cannot sign in; nor can the owner
	 * remove itself, nor another partner's member */
	snprintf(path, sizeof(path), "/console/api/members/%s", id);
	con_call("DELETE", path, NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 204);
	it_resp_free(&r);
	IT_UNTIL_STEADY("the removed member's session ended", con_session_status(&member) == 401);
	con_signin_raw(email, "a new long password", NULL, &r);
	con_expect_error(&r, 401, "invalid_credentials", "a removed member signs in");
	it_resp_free(&r);
	con_call("GET", "/console/api/session", NULL, &s, NULL, &r);
	d = json_object_get(json_object_get(r.json, "data"), "user");
	snprintf(path, sizeof(path), "/console/api/members/%s", it_str(d, "id") ? it_str(d, "id") : "");
	it_resp_free(&r);
	con_refused("DELETE", path, NULL, &s, 409, "invalid_state", "an owner removes itself");
	con_refused("DELETE", path, NULL, &viewer, 403, "forbidden", "a viewer removes a member");
	CU_ASSERT_EQUAL(con_count_where("SELECT COUNT(*) FROM console_users WHERE email = ? "
	    "AND removed_at IS NOT NULL", email), 1);
	it_http_via(-1);
}

/* Sandbox tools: a test deposit and the payer's answer to an intent, as
 * the partner API's helpers give them; not for a viewer nor for another
 * partner's intent. */
static void
test_sandbox_tools(void)
{
	struct con_sess s, other, viewer;
	struct it_resp r;
	char ref[64], id[64], path[160], email[160], *body;

	con_signup("Tools Ltd", &s);
	con_signup("Other Tools Ltd", &other);
	con_call("POST", "/console/api/sandbox/deposits", "{\"currency\":\"USDT\",\"amount\":\"100\"}",
	    &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 201);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "currency"), "USDT");
	it_resp_free(&r);
	con_call("GET", "/console/api/balances", NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	CU_ASSERT(it_strstr(r.body, "\"currency\":\"USDT\",\"available\":\"10100.000000\"") != NULL);
	it_resp_free(&r);
	con_refused("POST", "/console/api/sandbox/deposits",
	    "{\"currency\":\"XYZ\",\"amount\":\"100\"}", &s, 400, "validation_error",
	    "a test deposit of no currency");
	/* an intent made with the partner's key, approved in the console */
	it_unique("tref", ref, sizeof(ref));
	body = con_jdump(json_pack("{s:s,s:s,s:s,s:s,s:s}", "amount", "10", "currency", "GHS",
	    "payer_phone", "+233241234555", "mobile_network", "MTN", "reference_id", ref));
	con_partner_post(s.key, "/v1/payment-intents", body, &r);
	free(body);
	CU_ASSERT_EQUAL_FATAL(r.status, 201);
	snprintf(id, sizeof(id), "%s", it_str(json_object_get(r.json, "data"), "payment_intent_id") ?
	    it_str(json_object_get(r.json, "data"), "payment_intent_id") : "");
	it_resp_free(&r);
	snprintf(path, sizeof(path), "/console/api/sandbox/payment-intents/%s/approve", id);
	con_refused("POST", path, NULL, &other, 404, "not_found",
	    "another partner's intent approved");
	con_add_member(&s, "viewer", email, sizeof(email));
	con_signin(email, &viewer);
	con_refused("POST", path, NULL, &viewer, 403, "forbidden", "a viewer approves");
	con_call("POST", path, NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "status"), "approved");
	it_resp_free(&r);
}

static const struct tu_test tests[] = {
	{ "console: sign up, the session, sign out", test_signup_session_signout },
	{ "console: the cookie's flags", test_cookie_flags },
	{ "console: CSRF token and Origin", test_csrf_and_origin },
	{ "console: a fixed session id is not honoured", test_session_fixation },
	{ "console: brute force reaches lockout", test_brute_force_lockout },
	{ "console: roles refused by the API", test_roles },
	{ "console: keys need a recent password", test_keys_and_reauth },
	{ "console: a withdrawal listed, read, cancelled", test_withdrawal_cancel },
	{ "console: other partners' ids are 404", test_other_partners_ids },
	{ "console: sign out everywhere", test_signout_everywhere },
	{ "console: sessions expire", test_session_expiry },
	{ "console: markup is data", test_markup_is_data },
	{ "console: the audit log", test_audit_log },
	{ "console: bad input", test_bad_input },
	{ "console: two-factor sign-in", test_two_factor },
	{ "console: webhooks and their deliveries", test_webhooks },
	{ "console: balances and the statement", test_balances_and_statement },
	{ "console: keys named and rolled", test_key_roll },
	{ "console: team, invitations and resets by mail", test_team_mail },
	{ "console: sandbox tools", test_sandbox_tools },
};

int
it_suite_console(void)
{
	return tu_add_suite("console", NULL, NULL, tests, NELEM(tests));
}
