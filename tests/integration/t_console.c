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

#define PASSWORD "correct horse battery staple"

/* A signed-in console session, as a browser holds it. */
struct sess {
	char sid[64];
	char csrf[64];
	char email[128];
	char partner[64];
	char key[128];    /* the sign-up's secret key, when it was a sign-up */
	char key_id[32];
};

/* o (taken) as compact JSON text: the caller frees it. */
static char *
jdump(json_t *o)
{
	char *text = o != NULL ? json_dumps(o, JSON_COMPACT) : NULL;

	json_decref(o);
	CU_ASSERT_FATAL(text != NULL);
	return text;
}

/* The console's own Origin, as its page would send it from the web
 * server this thread's requests go to. */
static const char *
origin(void)
{
	return it_base_url();
}

/*
 * method path with body (NULL: none) as a page of session s (NULL: no
 * cookie) sends it: its cookie, its CSRF token and the console's Origin.
 * extra: one more header, or NULL.
 */
static void
call(const char *method, const char *path, const char *body, const struct sess *s,
    const char *extra, struct it_resp *r)
{
	char cookie[160], csrf[120], org[200];
	const char *h[8];
	size_t n = 0;

	snprintf(org, sizeof(org), "Origin: %s", origin());
	h[n++] = org;
	if (body != NULL && body[0] != '\0')
		h[n++] = "Content-Type: application/json";
	if (s != NULL) {
		snprintf(cookie, sizeof(cookie), "Cookie: __Host-cediramp_session=%s", s->sid);
		snprintf(csrf, sizeof(csrf), "X-CSRF-Token: %s", s->csrf);
		h[n++] = cookie;
		h[n++] = csrf;
	}
	if (extra != NULL)
		h[n++] = extra;
	h[n] = NULL;
	/* a POST without a body says Content-Length: 0, as a browser's does
	 * (lighttpd refuses one with none, 411) */
	if (body == NULL && strcmp(method, "POST") == 0)
		body = "";
	CU_ASSERT_FATAL(it_http(method, path, h, body, body ? strlen(body) : 0, r) == 0);
}

/* Checks a console error: status, {error: {code, message}} and nothing else. */
static void
expect_error(const struct it_resp *r, long status, const char *code, const char *where)
{
	json_t *err = r->json ? json_object_get(r->json, "error") : NULL;

	IT_CHECK(r->status == status, where);
	if (r->status != status)
		fprintf(stderr, "%s: status %ld, want %ld: %s\n", where, r->status, status,
		    r->body ? r->body : "");
	IT_CHECK(r->json != NULL && json_object_size(r->json) == 1 && json_is_object(err), where);
	IT_CHECK(it_strcmp(it_str(err, "code"), code) == 0, where);
	if (it_strcmp(it_str(err, "code"), code) != 0)
		fprintf(stderr, "%s: code %s, want %s\n", where, it_str(err, "code"), code);
	IT_CHECK(it_strlen(it_str(err, "message")) > 0, where);
}

/* The session cookie's value from r's Set-Cookie into out: 0, or -1. */
static int
cookie_of(const struct it_resp *r, char *out, size_t cap)
{
	char v[512];
	const char *p;

	static const char name[] = "__Host-cediramp_session=";

	if (it_header(r, "Set-Cookie", v, sizeof(v)) == NULL ||
	    strncmp(v, name, sizeof(name) - 1) != 0)
		return -1;
	p = v + sizeof(name) - 1;
	snprintf(out, cap, "%.*s", (int)strcspn(p, ";"), p);
	return 0;
}

/* The session of a sign-in or sign-up answer r into s. */
static void
take_session(const struct it_resp *r, struct sess *s)
{
	json_t *d = r->json ? json_object_get(r->json, "data") : NULL;

	CU_ASSERT_FATAL(cookie_of(r, s->sid, sizeof(s->sid)) == 0);
	snprintf(s->csrf, sizeof(s->csrf), "%s", it_str(d, "csrf_token") ? it_str(d, "csrf_token") : "");
	snprintf(s->partner, sizeof(s->partner), "%s",
	    it_str(json_object_get(d, "partner"), "id") ? it_str(json_object_get(d, "partner"), "id") : "");
}

/* A new sandbox partner signed up, its owner's session into s. */
static void
signup(const char *company, struct sess *s)
{
	struct it_resp r;
	json_t *key;
	char email[96], *body;

	memset(s, 0, sizeof(*s));
	it_unique("owner", email, sizeof(email));
	snprintf(s->email, sizeof(s->email), "%s@example.test", email);
	body = jdump(json_pack("{s:s,s:s,s:s}", "email", s->email, "password", PASSWORD,
	    "company", company));
	call("POST", "/console/api/signup", body, NULL, NULL, &r);
	free(body);
	CU_ASSERT_EQUAL_FATAL(r.status, 201);
	take_session(&r, s);
	key = json_object_get(json_object_get(r.json, "data"), "api_key");
	snprintf(s->key, sizeof(s->key), "%s", it_str(key, "secret_key") ? it_str(key, "secret_key") : "");
	snprintf(s->key_id, sizeof(s->key_id), "%s", it_str(key, "key_id") ? it_str(key, "key_id") : "");
	it_resp_free(&r);
}

/* email signs in with password: the answer in r (freed by the caller). */
static void
signin_raw(const char *email, const char *password, const char *extra, struct it_resp *r)
{
	char *body = jdump(json_pack("{s:s,s:s}", "email", email, "password", password));

	call("POST", "/console/api/session", body, NULL, extra, r);
	free(body);
}

static void
signin(const char *email, struct sess *s)
{
	struct it_resp r;

	memset(s, 0, sizeof(*s));
	signin_raw(email, PASSWORD, NULL, &r);
	CU_ASSERT_EQUAL_FATAL(r.status, 200);
	take_session(&r, s);
	snprintf(s->email, sizeof(s->email), "%s", email);
	it_resp_free(&r);
}

/* A member of owner's partner with role, added by an operator; its email
 * into email. */
static void
add_member(const struct sess *owner, const char *role, char *email, size_t cap)
{
	char u[96], args[400], out[200], err[400];

	it_unique(role, u, sizeof(u));
	snprintf(email, cap, "%s@example.test", u);
	snprintf(args, sizeof(args), "console user add --partner %s --email %s --role %s",
	    owner->partner, email, role);
	CU_ASSERT_EQUAL_FATAL(it_admin_input(PASSWORD, args, out, sizeof(out), err, sizeof(err)), 0);
	CU_ASSERT(strncmp(out, "cu_", 3) == 0);
}

/* GET path with partner key key: its status. */
static long
partner_get(const char *key, const char *path)
{
	char auth[200];
	const char *h[] = { auth, NULL };
	struct it_resp r;
	long st;

	snprintf(auth, sizeof(auth), "Authorization: Bearer %s", key);
	CU_ASSERT_FATAL(it_http("GET", path, h, NULL, 0, &r) == 0);
	st = r.status;
	it_resp_free(&r);
	return st;
}

/* The status of method path (body) as s sends it. */
static long
status_of(const char *method, const char *path, const char *body, const struct sess *s)
{
	struct it_resp r;
	long st;

	call(method, path, body, s, NULL, &r);
	st = r.status;
	it_resp_free(&r);
	return st;
}

#define key_post_status(s) status_of("POST", "/console/api/keys", "{}", (s))
#define session_status(s) status_of("GET", "/console/api/session", NULL, (s))

/* POST path with body through the partner API with key: the answer in r. */
static void
partner_post(const char *key, const char *path, const char *body, struct it_resp *r)
{
	char auth[200];
	const char *h[3];

	snprintf(auth, sizeof(auth), "Authorization: Bearer %s", key);
	h[0] = auth;
	h[1] = "Content-Type: application/json";
	h[2] = NULL;
	CU_ASSERT_FATAL(it_http("POST", path, h, body, strlen(body), r) == 0);
}

/* A withdrawal of 10 USDT made through the partner API with key: its
 * reference into ref and its id into id. */
static void
make_withdrawal(const char *key, char *ref, size_t rcap, char *id, size_t icap)
{
	struct it_resp r;
	char *body;

	it_unique("cref", ref, rcap);
	body = jdump(json_pack("{s:s,s:s,s:s,s:s,s:s}", "amount", "10.00", "currency", "USDT",
	    "recipient_phone", "+233241234567", "mobile_network", "MTN", "reference_id", ref));
	partner_post(key, "/v1/withdrawals", body, &r);
	free(body);
	CU_ASSERT_EQUAL_FATAL(r.status, 201);
	snprintf(id, icap, "%s", it_str(json_object_get(r.json, "data"), "withdrawal_id") ?
	    it_str(json_object_get(r.json, "data"), "withdrawal_id") : "");
	it_resp_free(&r);
}

/* The token of the newest mail to to whose subject holds what, as the
 * sandbox's sink received it and s's console shows it, into token: 0, or
 * -1 when there is none yet. */
static int
mailed_token(const struct sess *s, const char *to, const char *what, char *token, size_t cap)
{
	struct it_resp r;
	json_t *a, *m;
	const char *body, *t;
	size_t i;
	int rc = -1;

	call("GET", "/console/api/sandbox/mail", NULL, s, NULL, &r);
	a = r.status == 200 ? json_object_get(r.json, "data") : NULL;
	for (i = 0; rc != 0 && i < json_array_size(a); i++) {
		m = json_array_get(a, i);
		if (it_strcmp(it_str(m, "to"), to) != 0 || it_strstr(it_str(m, "subject"), what) == NULL)
			continue;
		body = it_str(m, "body");
		if ((t = it_strstr(body, "token=")) != NULL) {
			t += 6;
			snprintf(token, cap, "%.*s", (int)strcspn(t, " \r\n"), t);
			rc = 0;
		}
	}
	it_resp_free(&r);
	return rc;
}

static long long
count_where(const char *sql, const char *p1)
{
	return it_db_scalar(sql, p1, NULL);
}

/* Sign-up gives a partner, its owner, a signed-in session and the first
 * key pair; the secret works on the partner API, the public half is
 * refused as a credential; sign-out ends the session. */
static void
test_signup_session_signout(void)
{
	struct sess s;
	struct it_resp r;
	json_t *d;
	char v[512], pk[64];

	signup("Console Test Ltd", &s);
	CU_ASSERT(strncmp(s.key, "sk_test_", 8) == 0);
	CU_ASSERT_EQUAL(strlen(s.sid), 43);
	call("GET", "/console/api/session", NULL, &s, NULL, &r);
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
	CU_ASSERT_EQUAL(count_where("SELECT COUNT(*) FROM console_users u JOIN partners p "
	    "ON p.id = u.partner_id WHERE p.public_id = ? AND u.role = 'owner'", s.partner), 1);
	CU_ASSERT_EQUAL(partner_get(s.key, "/v1/balances"), 200);
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
	call("DELETE", "/console/api/session", NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 204);
	CU_ASSERT(it_header(&r, "Set-Cookie", v, sizeof(v)) != NULL && strstr(v, "Max-Age=0") != NULL);
	it_resp_free(&r);
	IT_UNTIL_STEADY("the session ended", session_status(&s) == 401);
	call("GET", "/console/api/session", NULL, &s, NULL, &r);
	expect_error(&r, 401, "unauthorized", "after sign-out");
	it_resp_free(&r);
}

/* The cookie: HttpOnly, SameSite=Strict, Path=/, no Domain, Secure (on
 * the sandbox's loopback http as behind a TLS proxy: browsers keep a
 * __Host- cookie only so); behind the proxy the page's Origin is https. */
static void
test_cookie_flags(void)
{
	struct sess s;
	struct it_resp r;
	char v[512];

	signup("Cookie Ltd", &s);
	signin_raw(s.email, PASSWORD, NULL, &r);
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
	signin_raw(s.email, PASSWORD, "X-Forwarded-Proto: https", &r);
	it_http_from(NULL);
	/* the Origin the page sent was http://...: behind TLS it is https */
	expect_error(&r, 403, "csrf_failed", "an http Origin behind a TLS proxy");
	it_resp_free(&r);
	{
		char org[200], *body;
		const char *h[4];
		char host[160];

		snprintf(host, sizeof(host), "%s", origin() + strlen("http://"));
		snprintf(org, sizeof(org), "Origin: https://%s", host);
		h[0] = org;
		h[1] = "Content-Type: application/json";
		h[2] = "X-Forwarded-Proto: https";
		h[3] = NULL;
		body = jdump(json_pack("{s:s,s:s}", "email", s.email, "password", PASSWORD));
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
	struct sess s, forged;
	struct it_resp r;
	const char *h[4];
	char cookie[160], *body;
	long long keys;

	signup("Csrf Ltd", &s);
	keys = count_where("SELECT COUNT(*) FROM api_keys k JOIN partners p ON p.id = k.partner_id "
	    "WHERE p.public_id = ?", s.partner);
	/* no token */
	forged = s;
	forged.csrf[0] = '\0';
	call("POST", "/console/api/keys", "{}", &forged, NULL, &r);
	expect_error(&r, 403, "csrf_failed", "no CSRF token");
	it_resp_free(&r);
	/* a wrong token */
	snprintf(forged.csrf, sizeof(forged.csrf), "%s", s.csrf);
	forged.csrf[0] = forged.csrf[0] == 'A' ? 'B' : 'A';
	call("POST", "/console/api/keys", "{}", &forged, NULL, &r);
	expect_error(&r, 403, "csrf_failed", "a wrong CSRF token");
	it_resp_free(&r);
	/* another site's form: the cookie rides along, the Origin is foreign */
	snprintf(cookie, sizeof(cookie), "Cookie: __Host-cediramp_session=%s", s.sid);
	h[0] = cookie;
	h[1] = "Origin: http://evil.example";
	h[2] = "Content-Type: application/json";
	h[3] = NULL;
	CU_ASSERT_FATAL(it_http("POST", "/console/api/keys", h, "{}", 2, &r) == 0);
	expect_error(&r, 403, "csrf_failed", "a cross-origin POST");
	it_resp_free(&r);
	/* no Origin at all */
	h[1] = "Content-Type: application/json";
	h[2] = NULL;
	CU_ASSERT_FATAL(it_http("DELETE", "/console/api/session", h, NULL, 0, &r) == 0);
	expect_error(&r, 403, "csrf_failed", "a change without Origin");
	it_resp_free(&r);
	/* a cross-origin sign-in (login CSRF) opens no session */
	body = jdump(json_pack("{s:s,s:s}", "email", s.email, "password", PASSWORD));
	h[0] = "Origin: http://evil.example";
	h[1] = "Content-Type: application/json";
	h[2] = NULL;
	CU_ASSERT_FATAL(it_http("POST", "/console/api/session", h, body, strlen(body), &r) == 0);
	free(body);
	expect_error(&r, 403, "csrf_failed", "a cross-origin sign-in");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(count_where("SELECT COUNT(*) FROM console_sessions s JOIN console_users u "
	    "ON u.id = s.user_id WHERE u.email = ?", s.email), 1);
	CU_ASSERT_EQUAL(count_where("SELECT COUNT(*) FROM api_keys k JOIN partners p "
	    "ON p.id = k.partner_id WHERE p.public_id = ?", s.partner), keys);
	/* the session still works for its own page */
	call("GET", "/console/api/session", NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	it_resp_free(&r);
}

/* A session id an attacker set before sign-in is not the one after it. */
static void
test_session_fixation(void)
{
	static const char fixed[] = "AttackerChosenSessionIdAttackerChosenSessi";
	struct sess s, attacker;
	struct it_resp r;
	char cookie[160];

	signup("Fixation Ltd", &s);
	snprintf(cookie, sizeof(cookie), "Cookie: __Host-cediramp_session=%s", fixed);
	signin_raw(s.email, PASSWORD, cookie, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	memset(&attacker, 0, sizeof(attacker));
	CU_ASSERT_FATAL(cookie_of(&r, attacker.sid, sizeof(attacker.sid)) == 0);
	CU_ASSERT(strcmp(attacker.sid, fixed) != 0);
	it_resp_free(&r);
	snprintf(attacker.sid, sizeof(attacker.sid), "%s", fixed);
	call("GET", "/console/api/session", NULL, &attacker, NULL, &r);
	expect_error(&r, 401, "unauthorized", "a fixed session id");
	it_resp_free(&r);
}

/* Wrong passwords back off, then lock the account; an operator unlocks it. */
static void
test_brute_force_lockout(void)
{
	struct sess owner, s;
	struct it_resp r;
	char email[160], args[256], out[200], err[200], v[64], token[96], body[160];
	int failures = 0;
	long st;

	/* the first node sends the mail (a cluster's others have no sink) */
	it_http_via(0);

	signup("Lockout Ltd", &owner);
	add_member(&owner, "developer", email, sizeof(email));
	/* the test stack: backoff from 3 failures, lockout at 6 */
	while (failures < 6 && !it_expired()) {
		signin_raw(email, "not the password at all", NULL, &r);
		if (r.status == 429) {
			expect_error(&r, 429, "too_many_requests", "backoff");
			CU_ASSERT(it_header(&r, "Retry-After", v, sizeof(v)) != NULL);
			CU_ASSERT(failures >= 3);
			it_resp_free(&r);
			it_pause_ms(300, "the backoff runs out");
			continue;
		}
		expect_error(&r, 401, "invalid_credentials", "a wrong password");
		it_resp_free(&r);
		failures++;
	}
	CU_ASSERT_EQUAL(failures, 6);
	signin_raw(email, PASSWORD, NULL, &r);
	expect_error(&r, 403, "account_locked", "the right password after lockout");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(count_where("SELECT COUNT(*) FROM console_users WHERE email = ? "
	    "AND locked_at IS NOT NULL", email), 1);
	/* the lockout mailed its link: it lifts the lockout, once */
	IT_UNTIL("the unlock link in the sink", mailed_token(&owner, email, "locked", token,
	    sizeof(token)) == 0);
	CU_ASSERT_FATAL(mailed_token(&owner, email, "locked", token, sizeof(token)) == 0);
	snprintf(body, sizeof(body), "{\"token\":\"%s\"}", token);
	call("POST", "/console/api/unlock", body, NULL, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 204);
	it_resp_free(&r);
	call("POST", "/console/api/unlock", body, NULL, NULL, &r);
	expect_error(&r, 404, "not_found", "an unlock link used twice");
	it_resp_free(&r);
	signin(email, &s);
	CU_ASSERT_EQUAL(strlen(s.sid), 43);
	/* an operator unlocks too */
	CU_ASSERT(it_db_exec("UPDATE console_users SET locked_at = UTC_TIMESTAMP(6) WHERE email = ?",
	    email, NULL) == 1);
	IT_UNTIL("the lockout seen", (signin_raw(email, PASSWORD, NULL, &r), st = r.status,
	    it_resp_free(&r), st == 403));
	snprintf(args, sizeof(args), "console user unlock %s", email);
	CU_ASSERT_EQUAL(it_admin_run(args, out, sizeof(out), err, sizeof(err)), 0);
	signin(email, &s);
	CU_ASSERT_EQUAL(strlen(s.sid), 43);
	/* an unknown email is the same answer as a wrong password */
	signin_raw("nobody-at-all@example.test", PASSWORD, NULL, &r);
	expect_error(&r, 401, "invalid_credentials", "an unknown email");
	it_resp_free(&r);
	it_http_via(-1);
}

/* What a role may not do is refused by the API, whatever a page shows. */
static void
test_roles(void)
{
	struct sess owner, viewer, finance;
	struct it_resp r;
	char email[160];

	signup("Roles Ltd", &owner);
	add_member(&owner, "viewer", email, sizeof(email));
	signin(email, &viewer);
	call("GET", "/console/api/session", NULL, &viewer, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	CU_ASSERT(json_is_false(json_object_get(json_object_get(json_object_get(r.json, "data"),
	    "permissions"), "keys")));
	it_resp_free(&r);
	call("GET", "/console/api/keys", NULL, &viewer, NULL, &r);
	expect_error(&r, 403, "forbidden", "a viewer lists keys");
	it_resp_free(&r);
	call("POST", "/console/api/keys", "{}", &viewer, NULL, &r);
	expect_error(&r, 403, "forbidden", "a viewer creates a key");
	it_resp_free(&r);
	call("GET", "/console/api/members", NULL, &viewer, NULL, &r);
	expect_error(&r, 403, "forbidden", "a viewer lists members");
	it_resp_free(&r);
	call("GET", "/console/api/withdrawals", NULL, &viewer, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	it_resp_free(&r);
	add_member(&owner, "finance", email, sizeof(email));
	signin(email, &finance);
	call("DELETE", "/console/api/keys/AAAAAAAAAAAAAAAA", NULL, &finance, NULL, &r);
	expect_error(&r, 403, "forbidden", "finance revokes a key");
	it_resp_free(&r);
	call("GET", "/console/api/audit", NULL, &finance, NULL, &r);
	expect_error(&r, 403, "forbidden", "finance reads the audit log");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(count_where("SELECT COUNT(*) FROM api_keys k JOIN partners p "
	    "ON p.id = k.partner_id WHERE p.public_id = ?", owner.partner), 1);
	call("GET", "/console/api/members", NULL, &owner, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(r.json, "data")), 3);
	it_resp_free(&r);
}

/* A key: created only with a recent password, shown once, listed with its
 * public half, revoked (then refused by the partner API). */
static void
test_keys_and_reauth(void)
{
	struct sess s;
	struct it_resp r;
	json_t *d;
	char key[128], key_id[32], path[96];
	int found = 0;
	size_t i;

	signup("Keys Ltd", &s);
	/* the password is six minutes old */
	CU_ASSERT(it_db_exec("UPDATE console_sessions s JOIN console_users u ON u.id = s.user_id "
	    "SET s.reauth_at = UTC_TIMESTAMP(6) - INTERVAL 6 MINUTE WHERE u.email = ?",
	    s.email, NULL) == 1);
	/* (on a cluster, once the web server's node has the change) */
	IT_UNTIL_STEADY("the old password seen", key_post_status(&s) == 403);
	call("POST", "/console/api/keys", "{}", &s, NULL, &r);
	expect_error(&r, 403, "reauth_required", "an old password");
	it_resp_free(&r);
	call("POST", "/console/api/session/reauth", "{\"password\":\"wrong password here\"}", &s,
	    NULL, &r);
	expect_error(&r, 401, "invalid_credentials", "reauth, wrong password");
	it_resp_free(&r);
	call("POST", "/console/api/session/reauth", "{\"password\":\"" PASSWORD "\"}", &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 204);
	it_resp_free(&r);
	call("POST", "/console/api/keys", "{}", &s, NULL, &r);
	CU_ASSERT_EQUAL_FATAL(r.status, 201);
	d = json_object_get(r.json, "data");
	snprintf(key, sizeof(key), "%s", it_str(d, "secret_key") ? it_str(d, "secret_key") : "");
	snprintf(key_id, sizeof(key_id), "%s", it_str(d, "key_id") ? it_str(d, "key_id") : "");
	CU_ASSERT(strncmp(key, "sk_test_", 8) == 0 && strncmp(key + 8, key_id, 16) == 0);
	CU_ASSERT(it_strncmp(it_str(d, "public_key"), "pk_test_", 8) == 0);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(partner_get(key, "/v1/limits"), 200);
	call("GET", "/console/api/keys", NULL, &s, NULL, &r);
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
	call("DELETE", path, NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 204);
	it_resp_free(&r);
	call("DELETE", path, NULL, &s, NULL, &r);
	expect_error(&r, 404, "not_found", "a key revoked twice");
	it_resp_free(&r);
	IT_UNTIL("the revoked key refused", partner_get(key, "/v1/limits") == 401);
	/* every process's key cache (on a cluster, every node's) has let it go */
	it_pause_ms(IT_KEY_CACHE_PASS_MS, "the key caches of the other processes pass");
	CU_ASSERT_EQUAL(partner_get(key, "/v1/limits"), 401);
	/* both key events are in the audit log */
	CU_ASSERT_EQUAL(count_where("SELECT COUNT(*) FROM console_audit WHERE object = ? "
	    "AND action IN ('key.create', 'key.revoke')", key_id), 2);
}

/* A partner's withdrawal in the console: listed, read, cancelled. */
static void
test_withdrawal_cancel(void)
{
	struct sess s;
	struct it_resp r;
	char ref[64], path[128], id[64];

	signup("Money Ltd", &s);
	make_withdrawal(s.key, ref, sizeof(ref), id, sizeof(id));
	call("GET", "/console/api/withdrawals?per_page=5", NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(r.json, "data")), 1);
	CU_ASSERT(json_is_object(json_object_get(r.json, "pagination")));
	it_resp_free(&r);
	snprintf(path, sizeof(path), "/console/api/withdrawals/%s", id);
	call("GET", path, NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "reference_id"), ref);
	it_resp_free(&r);
	snprintf(path, sizeof(path), "/console/api/withdrawals/%s/cancel", id);
	call("POST", path, NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "status"), "cancelled");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(count_where("SELECT COUNT(*) FROM withdrawals WHERE id = ? "
	    "AND status = 'cancelled'", id), 1);
	/* its timeline: each transition, in order, with its time */
	snprintf(path, sizeof(path), "/console/api/withdrawals/%s/events", id);
	call("GET", path, NULL, &s, NULL, &r);
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
	struct sess a, b;
	struct it_resp r;
	char ref[64], path[128], id[64];

	signup("Partner A Ltd", &a);
	signup("Partner B Ltd", &b);
	make_withdrawal(b.key, ref, sizeof(ref), id, sizeof(id));
	snprintf(path, sizeof(path), "/console/api/withdrawals/%s", id);
	call("GET", path, NULL, &a, NULL, &r);
	expect_error(&r, 404, "not_found", "another partner's withdrawal");
	it_resp_free(&r);
	snprintf(path, sizeof(path), "/console/api/withdrawals/%s/cancel", id);
	call("POST", path, NULL, &a, NULL, &r);
	expect_error(&r, 404, "not_found", "another partner's withdrawal, cancelled");
	it_resp_free(&r);
	snprintf(path, sizeof(path), "/console/api/keys/%s", b.key_id);
	call("DELETE", path, NULL, &a, NULL, &r);
	expect_error(&r, 404, "not_found", "another partner's key");
	it_resp_free(&r);
	snprintf(path, sizeof(path), "/console/api/withdrawals/%s/events", id);
	call("GET", path, NULL, &a, NULL, &r);
	expect_error(&r, 404, "not_found", "another partner's withdrawal's timeline");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(count_where("SELECT COUNT(*) FROM withdrawals WHERE id = ? "
	    "AND status = 'cancelled'", id), 0);
	CU_ASSERT_EQUAL(count_where("SELECT COUNT(*) FROM api_keys WHERE key_id = ? "
	    "AND revoked_at IS NULL", b.key_id), 1);
	CU_ASSERT_EQUAL(partner_get(b.key, "/v1/limits"), 200);
}

/* Sign out everywhere ends every session of the person at once; another
 * person's session stands. */
static void
test_signout_everywhere(void)
{
	struct sess one, two, other;
	struct it_resp r;
	char email[160];

	signup("Everywhere Ltd", &one);
	signin(one.email, &two);
	add_member(&one, "viewer", email, sizeof(email));
	signin(email, &other);
	call("DELETE", "/console/api/sessions", NULL, &two, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 204);
	it_resp_free(&r);
	/* (on a cluster, each node within its replication lag) */
	IT_UNTIL_STEADY("both sessions ended", session_status(&one) == 401 && session_status(&two) == 401);
	call("GET", "/console/api/session", NULL, &one, NULL, &r);
	expect_error(&r, 401, "unauthorized", "the other session after sign-out everywhere");
	it_resp_free(&r);
	call("GET", "/console/api/session", NULL, &two, NULL, &r);
	expect_error(&r, 401, "unauthorized", "this session after sign-out everywhere");
	it_resp_free(&r);
	call("GET", "/console/api/session", NULL, &other, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	it_resp_free(&r);
}

/* A session past its idle limit (30 min) or its absolute one (12 h) is gone. */
static void
test_session_expiry(void)
{
	struct sess s, t;
	struct it_resp r;

	signup("Expiry Ltd", &s);
	signin(s.email, &t);
	CU_ASSERT(it_db_exec("UPDATE console_sessions s JOIN console_users u ON u.id = s.user_id "
	    "SET s.last_seen_at = UTC_TIMESTAMP(6) - INTERVAL 31 MINUTE WHERE u.email = ?",
	    s.email, NULL) == 2);
	IT_UNTIL_STEADY("the idle session ended", session_status(&s) == 401);
	call("GET", "/console/api/session", NULL, &s, NULL, &r);
	expect_error(&r, 401, "unauthorized", "an idle session");
	it_resp_free(&r);
	signin(s.email, &t);
	CU_ASSERT(it_db_exec("UPDATE console_sessions s JOIN console_users u ON u.id = s.user_id "
	    "SET s.created_at = UTC_TIMESTAMP(6) - INTERVAL 721 MINUTE WHERE u.email = ? "
	    "AND s.revoked_at IS NULL", s.email, NULL) >= 1);
	IT_UNTIL_STEADY("the old session ended", session_status(&t) == 401);
	call("GET", "/console/api/session", NULL, &t, NULL, &r);
	expect_error(&r, 401, "unauthorized", "a session past 12 h");
	it_resp_free(&r);
}

/* Partner-controlled text comes back as JSON data, never as a page. */
static void
test_markup_is_data(void)
{
	static const char name[] = "<script>alert(1)</script> & \"Co\"";
	struct sess s;
	struct it_resp r;
	char v[200];

	signup(name, &s);
	call("GET", "/console/api/session", NULL, &s, NULL, &r);
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
	struct sess s;
	struct it_resp r;
	json_t *d;
	char path[96];
	long long first;

	signup("Audit Ltd", &s);
	call("GET", "/console/api/audit?limit=1", NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	d = json_array_get(json_object_get(r.json, "data"), 0);
	CU_ASSERT_STRING_EQUAL(it_str(d, "action"), "signup");
	CU_ASSERT_STRING_EQUAL(it_str(d, "actor"), s.email);
	CU_ASSERT_STRING_EQUAL(it_str(d, "address"), "127.0.0.1");
	first = json_integer_value(json_object_get(d, "id"));
	it_resp_free(&r);
	snprintf(path, sizeof(path), "/console/api/audit?before=%lld", first);
	call("GET", path, NULL, &s, NULL, &r);
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
		{ "POST", "/console/api/signup", "{\"email\":5,\"password\":\"" PASSWORD "\","
		    "\"company\":\"X\"}", "validation_error", 400 },
		{ "POST", "/console/api/signup", "{\"email\":\"no-at-sign\",\"password\":\"" PASSWORD
		    "\",\"company\":\"X\"}", "validation_error", 400 },
		{ "POST", "/console/api/signup", "{\"email\":\"a@b.test\",\"password\":\"short\","
		    "\"company\":\"X\"}", "validation_error", 400 },
		{ "POST", "/console/api/signup", "{\"email\":\"a@b.test\",\"password\":\"" PASSWORD
		    "\",\"company\":\"\"}", "validation_error", 400 },
		{ "POST", "/console/api/signup", "{\"email\":\"a@b.test\",\"password\":\"" PASSWORD
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
	};
	struct sess s;
	struct it_resp r;
	long long users, sessions;
	size_t i;

	signup("Bad Input Ltd", &s);
	users = it_db_scalar("SELECT COUNT(*) FROM console_users", NULL, NULL);
	sessions = it_db_scalar("SELECT COUNT(*) FROM console_sessions", NULL, NULL);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char where[200];

		snprintf(where, sizeof(where), "%s %s %s", cases[i].method, cases[i].path,
		    cases[i].body ? cases[i].body : "");
		call(cases[i].method, cases[i].path, cases[i].body, &s, NULL, &r);
		expect_error(&r, cases[i].status, cases[i].code, where);
		it_resp_free(&r);
	}
	/* a body that is not JSON by its type */
	{
		char cookie[160], csrf[120], org[200];
		const char *h[5];

		snprintf(org, sizeof(org), "Origin: %s", origin());
		snprintf(cookie, sizeof(cookie), "Cookie: __Host-cediramp_session=%s", s.sid);
		snprintf(csrf, sizeof(csrf), "X-CSRF-Token: %s", s.csrf);
		h[0] = org;
		h[1] = cookie;
		h[2] = csrf;
		h[3] = "Content-Type: text/plain";
		h[4] = NULL;
		CU_ASSERT_FATAL(it_http("POST", "/console/api/keys", h, "{}", 2, &r) == 0);
		expect_error(&r, 415, "unsupported_media_type", "a text/plain body");
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
		call("POST", "/console/api/session", big, NULL, NULL, &r);
		expect_error(&r, 413, "payload_too_large", "an oversize body");
		it_resp_free(&r);
		free(big);
	}
	/* no session: 401 everywhere but sign-in and sign-up */
	call("GET", "/console/api/keys", NULL, NULL, NULL, &r);
	expect_error(&r, 401, "unauthorized", "no cookie");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM console_users", NULL, NULL), users);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM console_sessions", NULL, NULL), sessions);
	/* an email with an account already */
	{
		char *body = jdump(json_pack("{s:s,s:s,s:s}", "email", s.email, "password",
		    PASSWORD, "company", "Again Ltd"));

		call("POST", "/console/api/signup", body, NULL, NULL, &r);
		free(body);
		expect_error(&r, 409, "conflict", "a second sign-up with one email");
		it_resp_free(&r);
		CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM partners WHERE name = 'Again Ltd'",
		    NULL, NULL), 0);
	}
}

/* The current TOTP code of an otpauth:// URI, as npm otplib (a third
 * party's RFC 6238) computes it, into code: 0, or -1. */
static int
totp_now(const char *uri, char *code, size_t cap)
{
	char cmd[1400];

	snprintf(cmd, sizeof(cmd), "%s '%s'", it_env("TOTP_CLIENT"), uri);
	if (it_output(cmd, code, cap) != 0)
		return -1;
	code[strcspn(code, "\r\n")] = '\0';
	return strlen(code) == 6 ? 0 : -1;
}

/* email signs in with code (and the password): the answer in r. */
static void
signin_code(const char *email, const char *code, struct it_resp *r)
{
	char *body = jdump(json_pack("{s:s,s:s,s:s}", "email", email, "password", PASSWORD,
	    "code", code));

	call("POST", "/console/api/session", body, NULL, NULL, r);
	free(body);
}

/* Two-factor: enrolment read by a third party's TOTP, sign-in with a code
 * or a recovery code, each accepted once, and an owner's requirement. */
static void
test_two_factor(void)
{
	struct sess s, viewer;
	struct it_resp r;
	json_t *d;
	char uri[1100], code1[16], code2[16], recovery[32], body[64], email[160];

	signup("Two Factor Ltd", &s);
	call("POST", "/console/api/2fa", "{}", &s, NULL, &r);
	CU_ASSERT_EQUAL_FATAL(r.status, 201);
	d = json_object_get(r.json, "data");
	snprintf(uri, sizeof(uri), "%s", it_str(d, "otpauth_uri") ? it_str(d, "otpauth_uri") : "");
	CU_ASSERT(it_strncmp(it_str(d, "qr_svg"), "<svg", 4) == 0);
	CU_ASSERT_EQUAL(it_strlen(it_str(d, "secret")), 32);
	it_resp_free(&r);
	/* the secret is sealed at rest, never in clear */
	CU_ASSERT_EQUAL(count_where("SELECT COUNT(*) FROM console_users WHERE email = ? "
	    "AND totp_sealed IS NOT NULL AND totp_enabled = 0", s.email), 1);
	CU_ASSERT_FATAL(totp_now(uri, code1, sizeof(code1)) == 0);
	/* not on yet: sign-in needs no code */
	snprintf(body, sizeof(body), "{\"code\":\"%s\"}", code1);
	call("POST", "/console/api/2fa/confirm", body, &s, NULL, &r);
	CU_ASSERT_EQUAL_FATAL(r.status, 200);
	d = json_object_get(json_object_get(r.json, "data"), "recovery_codes");
	CU_ASSERT_EQUAL(json_array_size(d), 10);
	snprintf(recovery, sizeof(recovery), "%s", json_string_value(json_array_get(d, 0)) ?
	    json_string_value(json_array_get(d, 0)) : "");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(count_where("SELECT COUNT(*) FROM console_recovery_codes c JOIN "
	    "console_users u ON u.id = c.user_id WHERE u.email = ?", s.email), 10);
	/* the password alone is not enough now, and opens no session */
	signin_raw(s.email, PASSWORD, NULL, &r);
	expect_error(&r, 401, "two_factor_required", "the password without the code");
	CU_ASSERT(it_strstr(r.headers, "Set-Cookie") == NULL);
	it_resp_free(&r);
	/* the confirmation's code again, within its window: refused */
	signin_code(s.email, code1, &r);
	expect_error(&r, 401, "invalid_credentials", "a TOTP code replayed");
	it_resp_free(&r);
	/* a recovery code, once */
	signin_code(s.email, recovery, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	it_resp_free(&r);
	signin_code(s.email, recovery, &r);
	expect_error(&r, 401, "invalid_credentials", "a recovery code used twice");
	it_resp_free(&r);
	/* the next step's code (a person waits for the app's next one) */
	IT_UNTIL("the authenticator's next code",
	    totp_now(uri, code2, sizeof(code2)) == 0 && strcmp(code1, code2) != 0);
	CU_ASSERT_FATAL(strcmp(code1, code2) != 0);
	signin_code(s.email, code2, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	it_resp_free(&r);
	signin_code(s.email, code2, &r);
	expect_error(&r, 401, "invalid_credentials", "the next code replayed");
	it_resp_free(&r);
	/* the owner requires it of every member */
	call("PUT", "/console/api/2fa/requirement", "{\"required\":true}", &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	it_resp_free(&r);
	add_member(&s, "viewer", email, sizeof(email));
	signin(email, &viewer);
	IT_UNTIL_STEADY("the requirement seen", status_of("GET", "/console/api/withdrawals", NULL,
	    &viewer) == 403);
	call("GET", "/console/api/withdrawals", NULL, &viewer, NULL, &r);
	expect_error(&r, 403, "two_factor_enrolment_required", "an unenrolled member");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(status_of("GET", "/console/api/2fa", NULL, &viewer), 200);
	call("DELETE", "/console/api/2fa", NULL, &s, NULL, &r);
	expect_error(&r, 409, "invalid_state", "two-factor off while required");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(count_where("SELECT COUNT(*) FROM console_audit a JOIN console_users u "
	    "ON u.id = a.user_id WHERE u.email = ? AND a.action = '2fa.on'", s.email), 1);
}

/* Developers -> Webhooks: an endpoint added, listed, its delivery log and
 * redelivery, through the partner side's own answers; a URL holding markup
 * stays data; a viewer and another partner get nothing. */
static void
test_webhooks(void)
{
	static const char url[] = "http://127.0.0.1:9/hook?<script>x</script>";
	struct sess s, other, viewer;
	struct it_resp r;
	json_t *d;
	char hook[64], event[64], path[160], ref[64], wd[64], email[160], *body;

	signup("Hooks Ltd", &s);
	signup("Other Hooks Ltd", &other);
	body = jdump(json_pack("{s:s,s:[s]}", "url", url, "events", "withdrawal.pending"));
	call("POST", "/console/api/webhooks", body, &s, NULL, &r);
	free(body);
	CU_ASSERT_EQUAL_FATAL(r.status, 201);
	d = json_object_get(r.json, "data");
	snprintf(hook, sizeof(hook), "%s", it_str(d, "webhook_id") ? it_str(d, "webhook_id") : "");
	CU_ASSERT(it_strncmp(it_str(d, "secret"), "whsec_", 6) == 0);
	CU_ASSERT_STRING_EQUAL(it_str(d, "url"), url);
	it_resp_free(&r);
	call("GET", "/console/api/webhooks", NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	d = json_array_get(json_object_get(r.json, "data"), 0);
	CU_ASSERT_STRING_EQUAL(it_str(d, "webhook_id"), hook);
	CU_ASSERT(json_object_get(d, "secret") == NULL);
	it_resp_free(&r);
	/* a withdrawal makes an event for it */
	make_withdrawal(s.key, ref, sizeof(ref), wd, sizeof(wd));
	call("GET", "/console/api/webhook-deliveries", NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	d = json_array_get(json_object_get(r.json, "data"), 0);
	CU_ASSERT_STRING_EQUAL(it_str(d, "event_type"), "withdrawal.pending");
	CU_ASSERT_STRING_EQUAL(it_str(d, "webhook_id"), hook);
	snprintf(event, sizeof(event), "%s", it_str(d, "event_id") ? it_str(d, "event_id") : "");
	it_resp_free(&r);
	snprintf(path, sizeof(path), "/console/api/webhook-deliveries/%s", event);
	call("GET", path, NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	CU_ASSERT(json_is_array(json_object_get(json_object_get(r.json, "data"), "deliveries")));
	it_resp_free(&r);
	snprintf(path, sizeof(path), "/console/api/webhook-deliveries/%s/redeliver", event);
	call("POST", path, NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 202);
	it_resp_free(&r);
	/* a test event: to this endpoint alone, in the log as any event */
	snprintf(path, sizeof(path), "/console/api/webhooks/%s/test", hook);
	call("POST", path, NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 202);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "event_type"), "webhook.test");
	snprintf(event, sizeof(event), "%s", it_str(json_object_get(r.json, "data"), "event_id") ?
	    it_str(json_object_get(r.json, "data"), "event_id") : "");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(count_where("SELECT COUNT(*) FROM webhook_deliveries d JOIN "
	    "webhook_endpoints e ON e.id = d.endpoint_id WHERE d.event_id = ?", event), 1);
	call("POST", path, NULL, &other, NULL, &r);
	expect_error(&r, 404, "not_found", "a test event to another partner's endpoint");
	it_resp_free(&r);
	snprintf(path, sizeof(path), "/console/api/webhook-deliveries/%s", event);
	call("GET", path, NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "event_type"), "webhook.test");
	it_resp_free(&r);
	/* redelivered to its one endpoint (no one subscribes to a test) */
	snprintf(path, sizeof(path), "/console/api/webhook-deliveries/%s/redeliver", event);
	call("POST", path, NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 202);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(json_object_get(r.json, "data"), "queued")), 1);
	it_resp_free(&r);
	/* another partner: the endpoint and the event are not found */
	snprintf(path, sizeof(path), "/console/api/webhook-deliveries/%s/redeliver", event);
	call("POST", path, NULL, &other, NULL, &r);
	expect_error(&r, 404, "not_found", "another partner's event");
	it_resp_free(&r);
	snprintf(path, sizeof(path), "/console/api/webhooks/%s", hook);
	call("DELETE", path, NULL, &other, NULL, &r);
	expect_error(&r, 404, "not_found", "another partner's endpoint");
	it_resp_free(&r);
	/* a viewer may not see them */
	add_member(&s, "viewer", email, sizeof(email));
	signin(email, &viewer);
	call("GET", "/console/api/webhooks", NULL, &viewer, NULL, &r);
	expect_error(&r, 403, "forbidden", "a viewer lists webhooks");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(count_where("SELECT COUNT(*) FROM webhook_endpoints WHERE public_id = ? "
	    "AND deleted_at IS NULL", hook), 1);
	call("DELETE", path, NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 204);
	it_resp_free(&r);
}

/* 1 when the console shows s's USDT balance as available and pending. */
static int
usdt_balance_is(const struct sess *s, const char *available, const char *pending)
{
	struct it_resp r;
	json_t *b;
	size_t i;
	int ok = 0;

	call("GET", "/console/api/balances", NULL, s, NULL, &r);
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
	struct sess s;
	struct it_resp r;
	json_t *a, *b, *d;
	char ref[64], id[64], v[200], path[200];
	size_t i;
	int seen = 0;

	signup("Balances Ltd", &s);
	make_withdrawal(s.key, ref, sizeof(ref), id, sizeof(id));
	/* (balances do not wait for the cluster: on one, the node that wrote
	 * the hold may not be the one that reads) */
	IT_UNTIL_STEADY("the hold in the balances", usdt_balance_is(&s, "9990.000000", "10.000000"));
	call("GET", "/console/api/balances", NULL, &s, NULL, &r);
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
	call("GET", path, NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	CU_ASSERT(it_header(&r, "Content-Type", v, sizeof(v)) != NULL &&
	    strncmp(v, "text/csv", 8) == 0);
	CU_ASSERT(it_strstr(r.body, "deposit") != NULL || it_strstr(r.body, "seed") != NULL);
	it_resp_free(&r);
	call("GET", "/console/api/statements?from_date=2026-01-01&to_date=2099-12-31", NULL, &s,
	    NULL, &r);
	expect_error(&r, 400, "validation_error", "a statement without its currency");
	it_resp_free(&r);
	/* the overview: balances, networks, today's withdrawal, nothing failed */
	call("GET", "/console/api/overview", NULL, &s, NULL, &r);
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
roll_key(const struct sess *s, const char *key_id, int hours, char *key, char *id,
    struct it_resp *r)
{
	char path[128], body[64];
	json_t *d;

	snprintf(path, sizeof(path), "/console/api/keys/%s/roll", key_id);
	snprintf(body, sizeof(body), "{\"overlap_hours\":%d}", hours);
	call("POST", path, body, s, NULL, r);
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
	struct sess s, other;
	struct it_resp r;
	json_t *d;
	char old_key[128], old_id[32], new_key[128], new_id[32], last_key[128], last_id[32];
	char path[128];

	signup("Roll Ltd", &s);
	signup("Other Roll Ltd", &other);
	call("POST", "/console/api/keys", "{\"name\":\"checkout server\"}", &s, NULL, &r);
	CU_ASSERT_EQUAL_FATAL(r.status, 201);
	d = json_object_get(r.json, "data");
	CU_ASSERT_STRING_EQUAL(it_str(d, "name"), "checkout server");
	snprintf(old_key, sizeof(old_key), "%s", it_str(d, "secret_key") ? it_str(d, "secret_key") : "");
	snprintf(old_id, sizeof(old_id), "%s", it_str(d, "key_id") ? it_str(d, "key_id") : "");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(partner_get(old_key, "/v1/limits"), 200);
	snprintf(path, sizeof(path), "/console/api/keys/%s", old_id);
	call("PATCH", path, "{\"name\":\"checkout, eu\"}", &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	d = json_object_get(r.json, "data");
	CU_ASSERT_STRING_EQUAL(it_str(d, "name"), "checkout, eu");
	CU_ASSERT_STRING_EQUAL(it_str(d, "last_used_address"), "127.0.0.1");
	it_resp_free(&r);
	call("PATCH", path, "{\"name\":\"mine now\"}", &other, NULL, &r);
	expect_error(&r, 404, "not_found", "another partner's key renamed");
	it_resp_free(&r);
	/* rolled with an hour's overlap: both work */
	d = roll_key(&s, old_id, 1, new_key, new_id, &r);
	CU_ASSERT_STRING_EQUAL(it_str(d, "status"), "expiring");
	CU_ASSERT(json_is_string(json_object_get(d, "expires_at")));
	it_resp_free(&r);
	CU_ASSERT_EQUAL(partner_get(new_key, "/v1/limits"), 200);
	CU_ASSERT_EQUAL(partner_get(old_key, "/v1/limits"), 200);
	/* a key rolls once */
	snprintf(path, sizeof(path), "/console/api/keys/%s/roll", old_id);
	call("POST", path, "{\"overlap_hours\":1}", &s, NULL, &r);
	expect_error(&r, 409, "invalid_state", "a key rolled twice");
	it_resp_free(&r);
	/* the new one rolled without overlap: it stops at once */
	(void)roll_key(&s, new_id, 0, last_key, last_id, &r);
	it_resp_free(&r);
	IT_UNTIL("the key rolled without overlap refused", partner_get(new_key, "/v1/limits") == 401);
	it_pause_ms(IT_KEY_CACHE_PASS_MS, "the key caches of the other processes pass");
	CU_ASSERT_EQUAL(partner_get(new_key, "/v1/limits"), 401);
	CU_ASSERT_EQUAL(partner_get(last_key, "/v1/limits"), 200);
	CU_ASSERT_EQUAL(partner_get(old_key, "/v1/limits"), 200);
	CU_ASSERT_EQUAL(count_where("SELECT COUNT(*) FROM console_audit WHERE action = 'key.roll' "
	    "AND object = ?", old_id), 1);
	/* bad input, nothing changed */
	snprintf(path, sizeof(path), "/console/api/keys/%s/roll", old_id);
	call("POST", path, "{\"overlap_hours\":169}", &s, NULL, &r);
	expect_error(&r, 400, "validation_error", "an overlap over 7 days");
	it_resp_free(&r);
	call("POST", path, "{\"overlap_hours\":\"1\"}", &s, NULL, &r);
	expect_error(&r, 400, "validation_error", "an overlap as text");
	it_resp_free(&r);
	call("POST", path, "{}", &s, NULL, &r);
	expect_error(&r, 400, "validation_error", "no overlap");
	it_resp_free(&r);
	snprintf(path, sizeof(path), "/console/api/keys/%s", old_id);
	call("PATCH", path, "{\"name\":\"01234567890123456789012345678901234567890123456789"
	    "0123456789012345\"}", &s, NULL, &r);
	expect_error(&r, 400, "validation_error", "a name over 64 characters");
	it_resp_free(&r);
	call("PATCH", path, "{\"name\":5}", &s, NULL, &r);
	expect_error(&r, 400, "validation_error", "a name as a number");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(count_where("SELECT COUNT(*) FROM api_keys WHERE key_id = ? "
	    "AND name = 'checkout, eu'", old_id), 1);
}

/* Team: an invitation mailed through the sink, accepted once with a
 * password; a member removed (its session ends); a password reset and an
 * unlock by their mailed links, each link once. */
static void
test_team_mail(void)
{
	struct sess s, member, viewer;
	struct it_resp r;
	char email[160], token[96], body[300], path[160], id[64], vmail[160];
	json_t *d;

	/* the first node sends the mail (a cluster's others have no sink) */
	it_http_via(0);
	signup("Team Mail Ltd", &s);
	it_unique("invitee", token, 64);
	snprintf(email, sizeof(email), "%s@example.test", token);
	snprintf(body, sizeof(body), "{\"email\":\"%s\",\"role\":\"developer\"}", email);
	call("POST", "/console/api/members", body, &s, NULL, &r);
	CU_ASSERT_EQUAL_FATAL(r.status, 201);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "mail"), "sent");
	it_resp_free(&r);
	call("POST", "/console/api/members", body, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 201); /* a second invitation, until one is accepted */
	it_resp_free(&r);
	IT_UNTIL("the invitation in the sink", mailed_token(&s, email, "invited", token,
	    sizeof(token)) == 0);
	CU_ASSERT_FATAL(mailed_token(&s, email, "invited", token, sizeof(token)) == 0);
	snprintf(body, sizeof(body), "{\"token\":\"%s\",\"password\":\"" PASSWORD "\"}", token);
	call("POST", "/console/api/invitations/accept", body, NULL, NULL, &r);
	CU_ASSERT_EQUAL_FATAL(r.status, 201);
	memset(&member, 0, sizeof(member));
	take_session(&r, &member);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(json_object_get(r.json, "data"), "user"),
	    "role"), "developer");
	snprintf(id, sizeof(id), "%s", it_str(json_object_get(json_object_get(r.json, "data"),
	    "user"), "id") ? it_str(json_object_get(json_object_get(r.json, "data"), "user"), "id") : "");
	it_resp_free(&r);
	/* the link works once */
	call("POST", "/console/api/invitations/accept", body, NULL, NULL, &r);
	expect_error(&r, 404, "not_found", "an invitation used twice");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(status_of("GET", "/console/api/keys", NULL, &member), 200);
	/* an email with an account is not invited again */
	snprintf(body, sizeof(body), "{\"email\":\"%s\",\"role\":\"viewer\"}", email);
	call("POST", "/console/api/members", body, &s, NULL, &r);
	expect_error(&r, 409, "conflict", "an invitation to a member");
	it_resp_free(&r);
	/* a viewer may not invite */
	add_member(&s, "viewer", vmail, sizeof(vmail));
	signin(vmail, &viewer);
	call("POST", "/console/api/members", "{\"email\":\"x@example.test\",\"role\":\"owner\"}",
	    &viewer, NULL, &r);
	expect_error(&r, 403, "forbidden", "a viewer invites");
	it_resp_free(&r);
	/* a viewer's sandbox mail is its own: not the invitations, never
	 * another member's links */
	call("GET", "/console/api/sandbox/mail", NULL, &viewer, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	CU_ASSERT(it_strstr(r.body, email) == NULL);
	it_resp_free(&r);
	/* a password reset by its link: the new password, the old sessions gone */
	snprintf(body, sizeof(body), "{\"email\":\"%s\"}", email);
	call("POST", "/console/api/password/reset", body, NULL, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 202);
	it_resp_free(&r);
	call("POST", "/console/api/password/reset", "{\"email\":\"nobody-here@example.test\"}",
	    NULL, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 202); /* the same answer for no account */
	it_resp_free(&r);
	IT_UNTIL("the reset link in the sink", mailed_token(&s, email, "Reset", token,
	    sizeof(token)) == 0);
	CU_ASSERT_FATAL(mailed_token(&s, email, "Reset", token, sizeof(token)) == 0);
	snprintf(body, sizeof(body), "{\"token\":\"%s\",\"password\":\"a new long password\"}",
	    token);
	call("POST", "/console/api/password/reset/confirm", body, NULL, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 204);
	it_resp_free(&r);
	call("POST", "/console/api/password/reset/confirm", body, NULL, NULL, &r);
	expect_error(&r, 404, "not_found", "a reset link used twice");
	it_resp_free(&r);
	IT_UNTIL_STEADY("the member's old session ended", session_status(&member) == 401);
	signin_raw(email, PASSWORD, NULL, &r);
	expect_error(&r, 401, "invalid_credentials", "the old password after a reset");
	it_resp_free(&r);
	signin_raw(email, "a new long password", NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	take_session(&r, &member);
	it_resp_free(&r);
	/* removed: its session ends, it cannot sign in; nor can the owner
	 * remove itself, nor another partner's member */
	snprintf(path, sizeof(path), "/console/api/members/%s", id);
	call("DELETE", path, NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 204);
	it_resp_free(&r);
	IT_UNTIL_STEADY("the removed member's session ended", session_status(&member) == 401);
	signin_raw(email, "a new long password", NULL, &r);
	expect_error(&r, 401, "invalid_credentials", "a removed member signs in");
	it_resp_free(&r);
	call("GET", "/console/api/session", NULL, &s, NULL, &r);
	d = json_object_get(json_object_get(r.json, "data"), "user");
	snprintf(path, sizeof(path), "/console/api/members/%s", it_str(d, "id") ? it_str(d, "id") : "");
	it_resp_free(&r);
	call("DELETE", path, NULL, &s, NULL, &r);
	expect_error(&r, 409, "invalid_state", "an owner removes itself");
	it_resp_free(&r);
	call("DELETE", path, NULL, &viewer, NULL, &r);
	expect_error(&r, 403, "forbidden", "a viewer removes a member");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(count_where("SELECT COUNT(*) FROM console_users WHERE email = ? "
	    "AND removed_at IS NOT NULL", email), 1);
	it_http_via(-1);
}

/* Sandbox tools: a test deposit and the payer's answer to an intent, as
 * the partner API's helpers give them; not for a viewer nor for another
 * partner's intent. */
static void
test_sandbox_tools(void)
{
	struct sess s, other, viewer;
	struct it_resp r;
	char ref[64], id[64], path[160], email[160], *body;

	signup("Tools Ltd", &s);
	signup("Other Tools Ltd", &other);
	call("POST", "/console/api/sandbox/deposits", "{\"currency\":\"USDT\",\"amount\":\"100\"}",
	    &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 201);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "currency"), "USDT");
	it_resp_free(&r);
	call("GET", "/console/api/balances", NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	CU_ASSERT(it_strstr(r.body, "\"currency\":\"USDT\",\"available\":\"10100.000000\"") != NULL);
	it_resp_free(&r);
	call("POST", "/console/api/sandbox/deposits", "{\"currency\":\"XYZ\",\"amount\":\"100\"}",
	    &s, NULL, &r);
	expect_error(&r, 400, "validation_error", "a test deposit of no currency");
	it_resp_free(&r);
	/* an intent made with the partner's key, approved in the console */
	it_unique("tref", ref, sizeof(ref));
	body = jdump(json_pack("{s:s,s:s,s:s,s:s,s:s}", "amount", "10", "currency", "GHS",
	    "payer_phone", "+233241234555", "mobile_network", "MTN", "reference_id", ref));
	partner_post(s.key, "/v1/payment-intents", body, &r);
	free(body);
	CU_ASSERT_EQUAL_FATAL(r.status, 201);
	snprintf(id, sizeof(id), "%s", it_str(json_object_get(r.json, "data"), "payment_intent_id") ?
	    it_str(json_object_get(r.json, "data"), "payment_intent_id") : "");
	it_resp_free(&r);
	snprintf(path, sizeof(path), "/console/api/sandbox/payment-intents/%s/approve", id);
	call("POST", path, NULL, &other, NULL, &r);
	expect_error(&r, 404, "not_found", "another partner's intent approved");
	it_resp_free(&r);
	add_member(&s, "viewer", email, sizeof(email));
	signin(email, &viewer);
	call("POST", path, NULL, &viewer, NULL, &r);
	expect_error(&r, 403, "forbidden", "a viewer approves");
	it_resp_free(&r);
	call("POST", path, NULL, &s, NULL, &r);
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
