#include "itc_console.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *
con_jdump(json_t *o)
{
	char *text = o != NULL ? json_dumps(o, JSON_COMPACT) : NULL;

	json_decref(o);
	CU_ASSERT_FATAL(text != NULL);
	return text;
}

const char *
con_origin(void)
{
	return it_base_url();
}

void
con_call(const char *method, const char *path, const char *body, const struct con_sess *s,
    const char *extra, struct it_resp *r)
{
	char cookie[160], csrf[120], org[200];
	const char *h[8];
	size_t n = 0;

	snprintf(org, sizeof(org), "Origin: %s", con_origin());
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

void
con_expect_error(const struct it_resp *r, long status, const char *code, const char *where)
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

void
con_refused(const char *method, const char *path, const char *body,
    const struct con_sess *s, long status, const char *code, const char *where)
{
	struct it_resp r;

	con_call(method, path, body, s, NULL, &r);
	con_expect_error(&r, status, code, where);
	it_resp_free(&r);
}

int
con_cookie_of(const struct it_resp *r, char *out, size_t cap)
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

void
con_take_session(const struct it_resp *r, struct con_sess *s)
{
	json_t *d = r->json ? json_object_get(r->json, "data") : NULL;

	CU_ASSERT_FATAL(con_cookie_of(r, s->sid, sizeof(s->sid)) == 0);
	snprintf(s->csrf, sizeof(s->csrf), "%s", it_str(d, "csrf_token") ? it_str(d, "csrf_token") : "");
	snprintf(s->partner, sizeof(s->partner), "%s",
	    it_str(json_object_get(d, "partner"), "id") ? it_str(json_object_get(d, "partner"), "id") : "");
}

void
con_signup(const char *company, struct con_sess *s)
{
	struct it_resp r;
	json_t *key;
	char email[96], *body;

	memset(s, 0, sizeof(*s));
	it_unique("owner", email, sizeof(email));
	snprintf(s->email, sizeof(s->email), "%s@example.test", email);
	body = con_jdump(json_pack("{s:s,s:s,s:s}", "email", s->email, "password", CON_PASSWORD,
	    "company", company));
	con_call("POST", "/console/api/signup", body, NULL, NULL, &r);
	free(body);
	CU_ASSERT_EQUAL_FATAL(r.status, 201);
	con_take_session(&r, s);
	key = json_object_get(json_object_get(r.json, "data"), "api_key");
	snprintf(s->key, sizeof(s->key), "%s", it_str(key, "secret_key") ? it_str(key, "secret_key") : "");
	snprintf(s->key_id, sizeof(s->key_id), "%s", it_str(key, "key_id") ? it_str(key, "key_id") : "");
	it_resp_free(&r);
}

void
con_signin_raw(const char *email, const char *password, const char *extra, struct it_resp *r)
{
	char *body = con_jdump(json_pack("{s:s,s:s}", "email", email, "password", password));

	con_call("POST", "/console/api/session", body, NULL, extra, r);
	free(body);
}

void
con_signin(const char *email, struct con_sess *s)
{
	struct it_resp r;

	memset(s, 0, sizeof(*s));
	con_signin_raw(email, CON_PASSWORD, NULL, &r);
	CU_ASSERT_EQUAL_FATAL(r.status, 200);
	con_take_session(&r, s);
	snprintf(s->email, sizeof(s->email), "%s", email);
	it_resp_free(&r);
}

void
con_add_member(const struct con_sess *owner, const char *role, char *email, size_t cap)
{
	char u[96], args[400], out[200], err[400];

	it_unique(role, u, sizeof(u));
	snprintf(email, cap, "%s@example.test", u);
	snprintf(args, sizeof(args), "console user add --partner %s --email %s --role %s",
	    owner->partner, email, role);
	CU_ASSERT_EQUAL_FATAL(it_admin_input(CON_PASSWORD, args, out, sizeof(out), err, sizeof(err)), 0);
	CU_ASSERT(strncmp(out, "cu_", 3) == 0);
}

long
con_partner_get(const char *key, const char *path)
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

long
con_status_of(const char *method, const char *path, const char *body, const struct con_sess *s)
{
	struct it_resp r;
	long st;

	con_call(method, path, body, s, NULL, &r);
	st = r.status;
	it_resp_free(&r);
	return st;
}

void
con_partner_post(const char *key, const char *path, const char *body, struct it_resp *r)
{
	char auth[200];
	const char *h[3];

	snprintf(auth, sizeof(auth), "Authorization: Bearer %s", key);
	h[0] = auth;
	h[1] = "Content-Type: application/json";
	h[2] = NULL;
	CU_ASSERT_FATAL(it_http("POST", path, h, body, strlen(body), r) == 0);
}

void
con_make_withdrawal(const char *key, char *ref, size_t rcap, char *id, size_t icap)
{
	struct it_resp r;
	char *body;

	it_unique("cref", ref, rcap);
	body = con_jdump(json_pack("{s:s,s:s,s:s,s:s,s:s}", "amount", "10.00", "currency", "USDT",
	    "recipient_phone", "+233241234567", "mobile_network", "MTN", "reference_id", ref));
	con_partner_post(key, "/v1/withdrawals", body, &r);
	free(body);
	CU_ASSERT_EQUAL_FATAL(r.status, 201);
	snprintf(id, icap, "%s", it_str(json_object_get(r.json, "data"), "withdrawal_id") ?
	    it_str(json_object_get(r.json, "data"), "withdrawal_id") : "");
	it_resp_free(&r);
}

int
con_mailed_token(const struct con_sess *s, const char *to, const char *what, char *token, size_t cap)
{
	struct it_resp r;
	json_t *a, *m;
	const char *body, *t;
	size_t i;
	int rc = -1;

	con_call("GET", "/console/api/sandbox/mail", NULL, s, NULL, &r);
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

long long
con_count_where(const char *sql, const char *p1)
{
	return it_db_scalar(sql, p1, NULL);
}

int
con_totp_now(const char *uri, char *code, size_t cap)
{
	char cmd[1400];

	snprintf(cmd, sizeof(cmd), "%s '%s'", it_env("TOTP_CLIENT"), uri);
	if (it_output(cmd, code, cap) != 0)
		return -1;
	code[strcspn(code, "\r\n")] = '\0';
	return strlen(code) == 6 ? 0 : -1;
}
