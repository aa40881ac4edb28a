/*
 * Unit tests for lib/http/app.c: app_handle driven with a fake CGI environment,
 * a memory body reader and a hand-made context whose database is down.
 */
#include "http/app.h"

#include <CUnit/Basic.h>
#include <jansson.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "core/buf.h"
#include "domain/ctx.h"
#include "unit.h"

static struct ctx ctx;

/* ---- handlers ---- */

static enum err
h_ping(struct req *r, struct resp *resp)
{
	(void)r;
	return resp_ok(resp, 200, json_pack("{s:s}", "pong", "yes"));
}

static enum err
h_echo(struct req *r, struct resp *resp)
{
	return resp_ok(resp, 200, json_incref(r->body));
}

static enum err
h_q(struct req *r, struct resp *resp)
{
	const char *a = req_query(r, "a");

	return resp_ok(resp, 200, json_pack("{s:s?}", "a", a));
}

static enum err
h_fail(struct req *r, struct resp *resp)
{
	(void)r;
	(void)resp;
	return ERR_INTERNAL;
}

/* A streamed body: three writes, then (on /v1/stream-cut) an error. */
static enum err
h_stream(struct req *r, struct resp *resp)
{
	resp->content_type = "text/csv; charset=utf-8";
	resp_header(resp, "Content-Disposition", "attachment; filename=\"x.csv\"");
	if (app_stream_write(r, "a,b\r\n", 5) != 0 || app_stream_write(r, "1,2\r\n", 5) != 0 ||
	    app_stream_write(r, "", 0) != 0)
		return ERR_INTERNAL;
	return strcmp(r->path, "/v1/stream-cut") == 0 ? ERR_SERVICE_UNAVAILABLE : ERR_OK;
}

/* A streaming handler failing before its first byte: an error as usual. */
static enum err
h_stream_early(struct req *r, struct resp *resp)
{
	(void)r;
	resp->content_type = "text/csv; charset=utf-8";
	return ERR_SERVICE_UNAVAILABLE;
}

static const char *const q_allowed[] = { "a", NULL };

static const struct route routes[] = {
	{ "GET", "/v1/ping", h_ping, ROUTE_PUBLIC, NULL, RATE_LIMIT_GENERAL },
	{ "POST", "/v1/echo", h_echo, ROUTE_BODY | ROUTE_PUBLIC, NULL, RATE_LIMIT_GENERAL },
	{ "GET", "/v1/q", h_q, ROUTE_PUBLIC, q_allowed, RATE_LIMIT_GENERAL },
	{ "GET", "/v1/private", h_ping, 0, NULL, RATE_LIMIT_GENERAL },
	{ "GET", "/v1/fail", h_fail, ROUTE_PUBLIC, NULL, RATE_LIMIT_GENERAL },
	{ "GET", "/api/ping", h_ping, ROUTE_PUBLIC, NULL, RATE_LIMIT_GENERAL },
	{ "GET", "/api/private", h_ping, 0, NULL, RATE_LIMIT_GENERAL },
	{ "GET", "/v1/stream", h_stream, ROUTE_PUBLIC, NULL, RATE_LIMIT_GENERAL },
	{ "GET", "/v1/stream-cut", h_stream, ROUTE_PUBLIC, NULL, RATE_LIMIT_GENERAL },
	{ "GET", "/v1/stream-early", h_stream_early, ROUTE_PUBLIC, NULL, RATE_LIMIT_GENERAL },
};

static const struct app app = { "test_app", routes, NELEM(routes) };

/* ---- a body reader over memory ---- */

struct mem_io {
	const char *p;
	size_t len, pos;
	int calls;
};

static long
mem_read(void *io, char *p, size_t n)
{
	struct mem_io *m = io;
	size_t left = m->len - m->pos;

	m->calls++;
	if (n > left)
		n = left;
	memcpy(p, m->p + m->pos, n);
	m->pos += n;
	return (long)n;
}

/* ---- running one request ---- */

struct result {
	int status;
	struct buf head, body;
	json_t *json;
	int reads;
};

/*
 * Runs app_handle over env (NULL-terminated) with body as the request
 * body; the result must be freed with result_free.
 */
static void
run(char **env, const char *body, struct result *out)
{
	struct mem_io io = { body ? body : "", body ? strlen(body) : 0, 0, 0 };
	const struct app_io aio = { mem_read, &io, NULL, NULL };
	json_error_t jerr;

	buf_init(&out->head, 64 * 1024);
	buf_init(&out->body, 1024 * 1024);
	out->status = app_handle(&app, &ctx, env, &aio, &out->head, &out->body);
	(void)buf_cstr(&out->head);
	(void)buf_cstr(&out->body);
	out->json = out->body.len ? json_loadb(out->body.data, out->body.len,
	    JSON_REJECT_DUPLICATES, &jerr) : NULL;
	out->reads = io.calls;
}

static void
result_free(struct result *out)
{
	buf_free(&out->head);
	buf_free(&out->body);
	json_decref(out->json);
	out->json = NULL;
}

/*
 * Checks the common shape of every response: status line, the head ends
 * with a blank line, the body is JSON equal to want (a json_pack format
 * already built by the caller; stolen).
 */
static void
check(const char *label, const struct result *res, int status, json_t *want)
{
	char line[64];

	UNIT_CHECK(res->status == status, "%s: status %d want %d (%s)", label,
	    res->status, status, res->body.data ? res->body.data : "");
	snprintf(line, sizeof(line), "Status: %d ", status);
	UNIT_CHECK(unit_starts(res->head.data, line), "%s: head starts \"%.40s\"",
	    label, res->head.data ? res->head.data : "");
	UNIT_CHECK(res->head.len >= 4 &&
	    memcmp(res->head.data + res->head.len - 4, "\r\n\r\n", 4) == 0,
	    "%s: head does not end with a blank line", label);
	UNIT_CHECK(unit_contains(res->head.data,
	    "\r\nContent-Type: application/json; charset=utf-8\r\n"),
	    "%s: no JSON Content-Type", label);
	UNIT_CHECK(unit_contains(res->head.data, "\r\nX-Request-Id: "),
	    "%s: no X-Request-Id", label);
	UNIT_CHECK(want != NULL && json_equal(res->json, want),
	    "%s: body %s", label, res->body.data ? res->body.data : "(none)");
	json_decref(want);
}

static json_t *
partner_error(const char *code, const char *message)
{
	return json_pack("{s:s,s:s,s:s}", "status", "error", "code", code,
	    "message", message);
}

static json_t *
wallet_error(const char *code, const char *message)
{
	return json_pack("{s:i,s:s,s:s,s:n}", "status", 0, "code", code,
	    "message", message, "data");
}

/* ---- suite set-up ---- */

static int
suite_init(void)
{
	memset(&ctx, 0, sizeof(ctx));
	cfg_defaults(&ctx.cfg);
	snprintf(ctx.cfg.db_socket, sizeof(ctx.cfg.db_socket), "/nonexistent/sock");
	ctx.cfg.db_connect_timeout = 1;
	ctx.db = db_open(&ctx.cfg, 0);
	if (ctx.db == NULL)
		return -1;
	ctx.jwt = NULL;
	ctx.started = (long long)time(NULL);
	ctx.program = "test_app";
	return 0;
}

static int
suite_clean(void)
{
	db_close(ctx.db);
	ctx.db = NULL;
	return 0;
}

/* ---- tests ---- */

static void
test_public_ok(void)
{
	char *env[] = { "REQUEST_METHOD=GET", "REQUEST_URI=/v1/ping", NULL };
	char *wenv[] = { "REQUEST_METHOD=GET", "REQUEST_URI=/api/ping", NULL };
	struct result res;
	const char *rid;

	run(env, NULL, &res);
	check("GET /v1/ping", &res, 200,
	    json_pack("{s:s,s:{s:s}}", "status", "success", "data", "pong", "yes"));
	UNIT_CHECK(unit_starts(res.head.data, "Status: 200 OK\r\n"), "200 status line");
	/* a request id is made up: req_ and 20 base62 characters */
	rid = strstr(res.head.data ? res.head.data : "", "X-Request-Id: req_");
	UNIT_CHECK(rid != NULL, "generated request id: %s", res.head.data);
	if (rid != NULL) {
		size_t n = strcspn(rid + 18, "\r");

		UNIT_CHECK(n == 20, "generated request id has %zu characters", n);
	}
	CU_ASSERT_EQUAL(res.reads, 0);
	result_free(&res);

	run(wenv, NULL, &res);
	check("GET /api/ping", &res, 200,
	    json_pack("{s:i,s:s,s:s,s:{s:s}}", "status", 1, "code", "success",
	    "message", "OK", "data", "pong", "yes"));
	result_free(&res);
}

static void
test_request_id(void)
{
	char *good[] = { "REQUEST_METHOD=GET", "REQUEST_URI=/v1/ping",
		"HTTP_X_REQUEST_ID=client-Id_42", NULL };
	char *bad[] = { "REQUEST_METHOD=GET", "REQUEST_URI=/v1/ping",
		"HTTP_X_REQUEST_ID=bad id\r\nX-Evil: 1", NULL };
	struct result res;

	run(good, NULL, &res);
	CU_ASSERT_EQUAL(res.status, 200);
	CU_ASSERT(unit_contains(res.head.data, "\r\nX-Request-Id: client-Id_42\r\n"));
	result_free(&res);

	run(bad, NULL, &res);
	CU_ASSERT_EQUAL(res.status, 200);
	CU_ASSERT(unit_contains(res.head.data, "\r\nX-Request-Id: req_"));
	CU_ASSERT(!unit_contains(res.head.data, "X-Evil"));
	result_free(&res);
}

static void
test_auth_before_routing(void)
{
	char *unknown[] = { "REQUEST_METHOD=GET", "REQUEST_URI=/v1/nope", NULL };
	char *priv[] = { "REQUEST_METHOD=GET", "REQUEST_URI=/v1/private", NULL };
	char *priv_post[] = { "REQUEST_METHOD=POST", "REQUEST_URI=/v1/private", NULL };
	char *badkey[] = { "REQUEST_METHOD=GET", "REQUEST_URI=/v1/private",
		"HTTP_AUTHORIZATION=Bearer not-a-key", NULL };
	char *basic[] = { "REQUEST_METHOD=GET", "REQUEST_URI=/v1/nope",
		"HTTP_AUTHORIZATION=Basic dXNlcjpwYXNz", NULL };
	char *livekey[] = { "REQUEST_METHOD=GET", "REQUEST_URI=/v1/private",
		"HTTP_AUTHORIZATION=Bearer sk_live_0123456789abcdefABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmn",
		NULL };
	char *goodshape[] = { "REQUEST_METHOD=GET", "REQUEST_URI=/v1/nope",
		"HTTP_AUTHORIZATION=Bearer sk_test_0123456789abcdefABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmn",
		NULL };
	struct result res;

	/* an unknown /v1 path is 401 before it is 404 */
	run(unknown, NULL, &res);
	check("GET /v1/nope unauthenticated", &res, 401,
	    partner_error("UNAUTHORIZED", "Invalid or missing API key"));
	result_free(&res);
	run(priv, NULL, &res);
	check("GET /v1/private unauthenticated", &res, 401,
	    partner_error("UNAUTHORIZED", "Invalid or missing API key"));
	result_free(&res);
	/* a wrong method on a non-public path does not disclose the route */
	run(priv_post, NULL, &res);
	check("POST /v1/private unauthenticated", &res, 401,
	    partner_error("UNAUTHORIZED", "Invalid or missing API key"));
	CU_ASSERT(!unit_contains(res.head.data, "Allow:"));
	result_free(&res);
	run(badkey, NULL, &res);
	check("malformed key", &res, 401,
	    partner_error("UNAUTHORIZED", "Invalid or missing API key"));
	result_free(&res);
	run(basic, NULL, &res);
	check("Basic credentials", &res, 401,
	    partner_error("UNAUTHORIZED", "Invalid or missing API key"));
	result_free(&res);
	/* a production key in the sandbox is refused without the database */
	run(livekey, NULL, &res);
	check("sk_live_ key in the sandbox", &res, 401,
	    partner_error("UNAUTHORIZED", "Invalid or missing API key"));
	result_free(&res);
	/* a well-formed key needs the database, which is down: 503 */
	run(goodshape, NULL, &res);
	check("well-formed key, database down", &res, 503,
	    partner_error("SERVICE_UNAVAILABLE", "The service is temporarily unavailable"));
	result_free(&res);
}

static void
test_wallet_auth(void)
{
	char *none[] = { "REQUEST_METHOD=GET", "REQUEST_URI=/api/anything", NULL };
	char *bearer[] = { "REQUEST_METHOD=GET", "REQUEST_URI=/api/anything",
		"HTTP_AUTHORIZATION=Bearer abc", NULL };
	char *lower[] = { "REQUEST_METHOD=GET", "REQUEST_URI=/api/private",
		"HTTP_AUTHORIZATION=bearer abc", NULL };
	char *empty[] = { "REQUEST_METHOD=GET", "REQUEST_URI=/api/private",
		"HTTP_AUTHORIZATION=Bearer    ", NULL };
	struct result res;

	run(none, NULL, &res);
	check("wallet, no Authorization", &res, 401,
	    wallet_error("unauthorized", "A bearer token is required"));
	result_free(&res);
	run(bearer, NULL, &res);
	check("wallet, Bearer abc without a verifier", &res, 401,
	    wallet_error("token_invalid",
	    "The token is malformed or its signature is invalid"));
	result_free(&res);
	run(lower, NULL, &res);
	check("wallet, lower-case bearer", &res, 401,
	    wallet_error("token_invalid",
	    "The token is malformed or its signature is invalid"));
	result_free(&res);
	run(empty, NULL, &res);
	check("wallet, empty bearer", &res, 401,
	    wallet_error("unauthorized", "A bearer token is required"));
	result_free(&res);
}

static void
test_method_not_allowed(void)
{
	char *env[] = { "REQUEST_METHOD=POST", "REQUEST_URI=/v1/ping", NULL };
	char *del[] = { "REQUEST_METHOD=DELETE", "REQUEST_URI=/v1/echo", NULL };
	struct result res;

	run(env, NULL, &res);
	check("POST /v1/ping", &res, 405,
	    partner_error("METHOD_NOT_ALLOWED", "POST is not allowed here; use GET"));
	UNIT_CHECK(unit_contains(res.head.data, "\r\nAllow: GET\r\n"),
	    "405 head: %s", res.head.data);
	UNIT_CHECK(unit_starts(res.head.data, "Status: 405 Method Not Allowed\r\n"),
	    "405 status line");
	result_free(&res);
	run(del, NULL, &res);
	check("DELETE /v1/echo", &res, 405,
	    partner_error("METHOD_NOT_ALLOWED", "DELETE is not allowed here; use POST"));
	CU_ASSERT(unit_contains(res.head.data, "\r\nAllow: POST\r\n"));
	CU_ASSERT_EQUAL(res.reads, 0);
	result_free(&res);
}

struct body_row {
	const char *ct;      /* CONTENT_TYPE or NULL */
	const char *cl;      /* CONTENT_LENGTH or NULL: the body's length */
	const char *body;
	int status;
	const char *code;
	const char *message; /* exact, or a prefix when ending in '*' */
	int reads;           /* -1: any */
};

static const struct body_row body_rows[] = {
	{ NULL, NULL, "{}", 415, "UNSUPPORTED_MEDIA_TYPE",
	    "Request bodies must be application/json", 0 },
	{ "text/plain", NULL, "{}", 415, "UNSUPPORTED_MEDIA_TYPE",
	    "Request bodies must be application/json", 0 },
	{ "application/jsonx", NULL, "{}", 415, "UNSUPPORTED_MEDIA_TYPE",
	    "Request bodies must be application/json", 0 },
	{ "application/json", "8388609", "{}", 413, "PAYLOAD_TOO_LARGE",
	    "The request body is larger than 8388608 bytes", 0 },
	{ "application/json", "18446744073709551615", "{}", 413, "PAYLOAD_TOO_LARGE",
	    "The request body is larger than 8388608 bytes", 0 },
	{ "application/json", NULL, "{", 400, "VALIDATION_ERROR", "malformed JSON: *", -1 },
	{ "application/json", NULL, "{\"a\":}", 400, "VALIDATION_ERROR",
	    "malformed JSON: *", -1 },
	{ "application/json", NULL, "{\"a\":1,\"a\":2}", 400, "VALIDATION_ERROR",
	    "malformed JSON: *", -1 },
	{ "application/json", NULL, "[1]", 400, "VALIDATION_ERROR",
	    "the body must be a JSON object", -1 },
	{ "application/json", NULL, "", 400, "VALIDATION_ERROR",
	    "a JSON object body is required", 0 },
	{ "application/json", "0", "", 400, "VALIDATION_ERROR",
	    "a JSON object body is required", 0 },
	{ "application/json", "10", "{}", 400, "VALIDATION_ERROR",
	    "the request body could not be read", -1 },
	{ "application/json", "1x", "{}", 400, "VALIDATION_ERROR",
	    "bad Content-Length", 0 },
	{ "application/json", "-1", "{}", 400, "VALIDATION_ERROR",
	    "bad Content-Length", 0 },
};

static void
test_body_rules(void)
{
	size_t i;

	for (i = 0; i < NELEM(body_rows); i++) {
		const struct body_row *t = &body_rows[i];
		char ct[128], cl[64], *env[6];
		size_t n = 0;
		struct result res;
		const char *code, *msg;

		env[n++] = "REQUEST_METHOD=POST";
		env[n++] = "REQUEST_URI=/v1/echo";
		if (t->ct != NULL) {
			snprintf(ct, sizeof(ct), "CONTENT_TYPE=%s", t->ct);
			env[n++] = ct;
		}
		if (t->cl != NULL)
			snprintf(cl, sizeof(cl), "CONTENT_LENGTH=%s", t->cl);
		else
			snprintf(cl, sizeof(cl), "CONTENT_LENGTH=%zu", strlen(t->body));
		if (!(t->cl == NULL && t->body[0] == '\0'))
			env[n++] = cl;
		env[n] = NULL;
		run(env, t->body, &res);
		code = json_string_value(json_object_get(res.json, "code"));
		msg = json_string_value(json_object_get(res.json, "message"));
		UNIT_CHECK(res.status == t->status, "body row %zu: status %d want %d (%s)",
		    i, res.status, t->status, res.body.data);
		UNIT_STR_EQ(code, t->code, "body row code");
		UNIT_CHECK(unit_msg_matches(msg, t->message), "body row %zu: message \"%s\" want \"%s\"",
		    i, msg ? msg : "(null)", t->message);
		UNIT_STR_EQ(json_string_value(json_object_get(res.json, "status")), "error",
		    "body row status");
		UNIT_CHECK(json_object_size(res.json) == 3, "body row %zu: %zu keys", i,
		    json_object_size(res.json));
		if (t->reads >= 0)
			UNIT_CHECK(res.reads == t->reads, "body row %zu: reader called %d times, want %d",
			    i, res.reads, t->reads);
		result_free(&res);
	}
}

static void
test_echo(void)
{
	const char *body = "{\"a\":[1,\"x\",{\"b\":null}],\"amount\":\"10.50\"}";
	char cl[64];
	char *env[] = { "REQUEST_METHOD=POST", "REQUEST_URI=/v1/echo",
		"CONTENT_TYPE=Application/JSON; charset=utf-8", cl, NULL };
	struct result res;

	snprintf(cl, sizeof(cl), "CONTENT_LENGTH=%zu", strlen(body));
	run(env, body, &res);
	check("POST /v1/echo", &res, 200,
	    json_pack("{s:s,s:{s:[i,s,{s:n}],s:s}}", "status", "success", "data",
	    "a", 1, "x", "b", "amount", "10.50"));
	CU_ASSERT(res.reads >= 1);
	result_free(&res);

	/* a body exactly at the limit is read */
	{
		size_t max = 2048, k;
		char big[2048 + 1];

		ctx.cfg.max_body_bytes = max;
		memcpy(big, "{\"p\":\"", 6);
		for (k = 6; k < max - 2; k++)
			big[k] = 'x';
		big[max - 2] = '"';
		big[max - 1] = '}';
		big[max] = '\0';
		snprintf(cl, sizeof(cl), "CONTENT_LENGTH=%zu", max);
		run(env, big, &res);
		UNIT_CHECK(res.status == 200, "body of max_body_bytes: status %d (%.200s)",
		    res.status, res.body.data);
		result_free(&res);
		snprintf(cl, sizeof(cl), "CONTENT_LENGTH=%zu", max + 1);
		run(env, big, &res);
		CU_ASSERT_EQUAL(res.status, 413);
		UNIT_STR_EQ(json_string_value(json_object_get(res.json, "message")),
		    "The request body is larger than 2048 bytes", "limit message");
		CU_ASSERT_EQUAL(res.reads, 0);
		result_free(&res);
		ctx.cfg.max_body_bytes = 8ULL * 1024 * 1024;
	}
}

static void
test_query(void)
{
	struct {
		const char *qs;
		int status;
		const char *a;       /* echoed value on 200 */
		const char *message; /* on 400 */
	} rows[] = {
		{ "a=1", 200, "1", NULL },
		{ "a=hello+w%6Frld", 200, "hello world", NULL },
		{ "", 200, NULL, NULL },
		{ "b=2", 400, NULL, "b: unknown parameter" },
		{ "a=1&c=3", 400, NULL, "c: unknown parameter" },
		{ "a=1&a=2", 400, NULL, "a: repeated parameter" },
		{ "a=%zz", 400, NULL, "a: malformed or too long value" },
		{ "a=%00", 400, NULL, "a: malformed or too long value" },
	};
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		char qs[128], uri[160], label[64];
		char *env[] = { "REQUEST_METHOD=GET", uri, qs, NULL };
		struct result res;

		snprintf(qs, sizeof(qs), "QUERY_STRING=%s", rows[i].qs);
		snprintf(uri, sizeof(uri), "REQUEST_URI=/v1/q?%s", rows[i].qs);
		snprintf(label, sizeof(label), "GET /v1/q?%s", rows[i].qs);
		run(env, NULL, &res);
		if (rows[i].status == 200)
			check(label, &res, 200, rows[i].a ?
			    json_pack("{s:s,s:{s:s}}", "status", "success", "data", "a", rows[i].a) :
			    json_pack("{s:s,s:{s:n}}", "status", "success", "data", "a"));
		else
			check(label, &res, 400, partner_error("VALIDATION_ERROR",
			    rows[i].message));
		result_free(&res);
	}
	/* a route without an allow-list takes no query at all */
	{
		char *env[] = { "REQUEST_METHOD=GET", "REQUEST_URI=/v1/ping?x=1",
			"QUERY_STRING=x=1", NULL };
		struct result res;

		run(env, NULL, &res);
		check("GET /v1/ping?x=1", &res, 400,
		    partner_error("VALIDATION_ERROR", "x: unknown parameter"));
		result_free(&res);
	}
	/* the query is not looked at before authentication */
	{
		char *env[] = { "REQUEST_METHOD=GET", "REQUEST_URI=/v1/private?a=%zz",
			"QUERY_STRING=a=%zz", NULL };
		struct result res;

		run(env, NULL, &res);
		check("GET /v1/private?a=%zz", &res, 401,
		    partner_error("UNAUTHORIZED", "Invalid or missing API key"));
		result_free(&res);
	}
}

static void
test_redirect_status(void)
{
	char *w413[] = { "REQUEST_METHOD=POST", "REQUEST_URI=/api/x",
		"REDIRECT_STATUS=413", NULL };
	char *p413[] = { "REQUEST_METHOD=POST", "REQUEST_URI=/v1/withdrawals",
		"REDIRECT_STATUS=413", NULL };
	char *p404[] = { "REQUEST_METHOD=GET", "REQUEST_URI=/v1/withdrawals/x",
		"REDIRECT_STATUS=404", NULL };
	char *w503[] = { "REQUEST_METHOD=GET", "REQUEST_URI=/api/x",
		"REDIRECT_STATUS=503", NULL };
	char *junk[] = { "REQUEST_METHOD=GET", "REQUEST_URI=/v1/ping",
		"REDIRECT_STATUS=4x4", NULL };
	char *ok[] = { "REQUEST_METHOD=GET", "REQUEST_URI=/v1/ping",
		"REDIRECT_STATUS=200", NULL };
	struct result res;

	run(w413, "{}", &res);
	check("REDIRECT_STATUS=413 wallet", &res, 413,
	    wallet_error("payload_too_large", "The request body is larger than 8388608 bytes"));
	CU_ASSERT_EQUAL(res.reads, 0);
	result_free(&res);
	run(p413, NULL, &res);
	check("REDIRECT_STATUS=413 partner", &res, 413,
	    partner_error("PAYLOAD_TOO_LARGE", "The request body is larger than 8388608 bytes"));
	result_free(&res);
	run(p404, NULL, &res);
	check("REDIRECT_STATUS=404 partner", &res, 404,
	    partner_error("NOT_FOUND", "No such resource"));
	result_free(&res);
	run(w503, NULL, &res);
	check("REDIRECT_STATUS=503 wallet", &res, 503,
	    wallet_error("service_unavailable", "The service is temporarily unavailable"));
	result_free(&res);
	run(junk, NULL, &res);
	check("REDIRECT_STATUS=4x4", &res, 500,
	    partner_error("INTERNAL_ERROR", "Internal error"));
	result_free(&res);
	run(ok, NULL, &res);
	CU_ASSERT_EQUAL(res.status, 200);
	result_free(&res);
}

static void
test_init_error(void)
{
	char *env[] = { "REQUEST_METHOD=GET", "REQUEST_URI=/v1/ping", NULL };
	char *wenv[] = { "REQUEST_METHOD=GET", "REQUEST_URI=/api/ping", NULL };
	struct result res;

	snprintf(ctx.init_error, sizeof(ctx.init_error), "config: test failure");
	run(env, NULL, &res);
	check("init_error partner", &res, 500,
	    partner_error("INTERNAL_ERROR", "Internal error"));
	/* the reason stays in the log, not in the response */
	CU_ASSERT(!unit_contains(res.body.data, "config"));
	result_free(&res);
	run(wenv, NULL, &res);
	check("init_error wallet", &res, 500,
	    wallet_error("internal_error", "Internal error"));
	result_free(&res);
	ctx.init_error[0] = '\0';

	run(env, NULL, &res);
	CU_ASSERT_EQUAL(res.status, 200);
	result_free(&res);
}

static void
test_handler_error(void)
{
	char *env[] = { "REQUEST_METHOD=GET", "REQUEST_URI=/v1/fail", NULL };
	struct result res;

	run(env, NULL, &res);
	check("handler returns ERR_INTERNAL", &res, 500,
	    partner_error("INTERNAL_ERROR", "Internal error"));
	result_free(&res);
}

/* What a streamed answer wrote to the client, in order. */
struct sink {
	struct buf all;
	int calls;
};

static int
sink_write(void *io, const char *p, size_t n)
{
	struct sink *k = io;

	k->calls++;
	return buf_append(&k->all, p, n);
}

/*
 * A streamed body goes to the client as it is written (the header block
 * first, once), never through the body buffer; an error after the first
 * byte leaves the 200 as it was; one before it is the usual error.
 */
static void
test_stream(void)
{
	char *env[] = { "REQUEST_METHOD=GET", "REQUEST_URI=/v1/stream", NULL };
	char *cut[] = { "REQUEST_METHOD=GET", "REQUEST_URI=/v1/stream-cut", NULL };
	char *early[] = { "REQUEST_METHOD=GET", "REQUEST_URI=/v1/stream-early", NULL };
	struct mem_io in = { "", 0, 0, 0 };
	struct sink k;
	struct app_io io = { mem_read, &in, sink_write, &k };
	struct buf head, body;
	struct result res;
	int status;

	buf_init(&head, 64 * 1024);
	buf_init(&body, 64 * 1024);
	buf_init(&k.all, 64 * 1024);
	k.calls = 0;
	status = app_handle(&app, &ctx, env, &io, &head, &body);
	CU_ASSERT_EQUAL(status, 200);
	CU_ASSERT_EQUAL(head.len, 0);
	CU_ASSERT_EQUAL(body.len, 0);
	CU_ASSERT_EQUAL(k.calls, 3); /* the header block, then each non-empty write */
	(void)buf_cstr(&k.all);
	CU_ASSERT_PTR_NOT_NULL(strstr(k.all.data, "Status: 200 OK\r\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(k.all.data, "Content-Type: text/csv; charset=utf-8\r\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(k.all.data, "Content-Disposition: attachment; filename=\"x.csv\"\r\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(k.all.data, "\r\n\r\na,b\r\n1,2\r\n"));
	CU_ASSERT_PTR_NULL(strstr(k.all.data, "application/json"));

	buf_reset(&k.all);
	k.calls = 0;
	status = app_handle(&app, &ctx, cut, &io, &head, &body);
	CU_ASSERT_EQUAL(status, 200);
	CU_ASSERT_EQUAL(body.len, 0);
	(void)buf_cstr(&k.all);
	CU_ASSERT_PTR_NULL(strstr(k.all.data, "SERVICE_UNAVAILABLE"));
	buf_free(&head);
	buf_free(&body);
	buf_free(&k.all);

	/* with no writer (as here in tests) the same bytes land in the buffers */
	run(env, NULL, &res);
	CU_ASSERT_EQUAL(res.status, 200);
	CU_ASSERT_STRING_EQUAL(res.body.data, "a,b\r\n1,2\r\n");
	CU_ASSERT_PTR_NOT_NULL(strstr(res.head.data, "Content-Type: text/csv"));
	result_free(&res);
	run(early, NULL, &res);
	check("a stream failing before its first byte", &res, 503,
	    partner_error("SERVICE_UNAVAILABLE", "The service is temporarily unavailable"));
	result_free(&res);
}

/* A path longer than a request holds is a 404 in the API it names. */
static void
test_long_path(void)
{
	char uri[REQ_PATH_MAX + 64];
	char *env[] = { "REQUEST_METHOD=GET", uri, NULL };
	struct result res;
	int o;

	o = snprintf(uri, sizeof(uri), "REQUEST_URI=/v1/withdrawals/");
	memset(uri + o, 'w', REQ_PATH_MAX);
	uri[o + REQ_PATH_MAX] = '\0';
	run(env, NULL, &res);
	check("GET /v1/withdrawals/<512 bytes>", &res, 404,
	    partner_error("NOT_FOUND", "path too long"));
	result_free(&res);

	o = snprintf(uri, sizeof(uri), "REQUEST_URI=/api/");
	memset(uri + o, 'w', REQ_PATH_MAX);
	uri[o + REQ_PATH_MAX] = '\0';
	run(env, NULL, &res);
	check("GET /api/<512 bytes>", &res, 404,
	    wallet_error("not_found", "path too long"));
	result_free(&res);
}

int
main(void)
{
	static const struct tu_test tests[] = {
		{ "public route 200 in both envelopes", test_public_ok },
		{ "X-Request-Id", test_request_id },
		{ "partner auth runs before routing", test_auth_before_routing },
		{ "wallet auth", test_wallet_auth },
		{ "405 with Allow", test_method_not_allowed },
		{ "body rules 413/415/400", test_body_rules },
		{ "JSON echo", test_echo },
		{ "query allow-list", test_query },
		{ "REDIRECT_STATUS from the web server", test_redirect_status },
		{ "set-up failure is a 500", test_init_error },
		{ "handler error", test_handler_error },
		{ "path too long", test_long_path },
		{ "a streamed body", test_stream },
	};

	return tu_main("app", suite_init, suite_clean, tests, NELEM(tests));
}
