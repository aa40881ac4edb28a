/*
 * HTTP behaviour every endpoint shares: unknown paths, wrong methods,
 * body limits and types, malformed JSON, unknown query parameters, and the
 * sandbox token helper's input checks. Nothing under /api or /v1 is HTML.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "it.h"

/* This suite's own partner, so its many requests stay clear of the
 * shared sandbox key's 60-per-minute plan. */
static char suite_key[128];

static int
suite_init(void)
{
	return it_admin("partner create --name 'IT HTTP Co' --quiet", suite_key,
	    sizeof(suite_key)) == 0 ? 0 : 1;
}

static const char *
key_header(char *buf, size_t cap)
{
	return it_bearer(suite_key, buf, cap);
}

static void
test_unknown_paths(void)
{
	static const char *paths[] = { "/v1/nope", "/v1/healthX", "/v1/limits/", "/v1/limits/x",
	    "/v1", "/v1/", "/v1//limits", "/v1/sandbox", "/v1/sandbox/nope", "/v1/withdrawals%2F1" };
	char auth[200];
	const char *h[] = { key_header(auth, sizeof(auth)), NULL };
	struct it_resp r;
	size_t i;

	for (i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
		CU_ASSERT_EQUAL_FATAL(it_http("GET", paths[i], h, NULL, 0, &r), 0);
		it_assert_partner_error(&r, 404, "NOT_FOUND", paths[i]);
		it_resp_free(&r);
	}
}

static void
test_unknown_wallet_paths(void)
{
	static const char *paths[] = { "/api/nope", "/api", "/api/", "/api/convert/ratex" };
	char *tok = it_wallet_token("it-paths-wallet", 600);
	char auth[2000];
	const char *h[] = { it_bearer(tok, auth, sizeof(auth)), NULL };
	struct it_resp r;
	size_t i;

	for (i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
		CU_ASSERT_EQUAL_FATAL(it_http("GET", paths[i], h, NULL, 0, &r), 0);
		it_assert_wallet_error(&r, 404, "not_found", paths[i]);
		it_resp_free(&r);
		/* without a token the same paths are 401, never a hint of what exists */
		CU_ASSERT_EQUAL_FATAL(it_http("GET", paths[i], NULL, NULL, 0, &r), 0);
		it_assert_wallet_error(&r, 401, "unauthorized", paths[i]);
		it_resp_free(&r);
	}
	free(tok);
}

static void
test_wrong_method(void)
{
	char auth[200], allow[64];
	const char *h[] = { key_header(auth, sizeof(auth)), NULL };
	struct it_resp r;

	/* public path: 405 even without a key */
	CU_ASSERT_EQUAL_FATAL(it_http("POST", "/v1/health", NULL, "{}", 2, &r), 0);
	it_assert_partner_error(&r, 405, "METHOD_NOT_ALLOWED", "POST /v1/health");
	CU_ASSERT_PTR_NOT_NULL(it_header(&r, "Allow", allow, sizeof(allow)));
	CU_ASSERT_STRING_EQUAL(allow, "GET");
	it_resp_free(&r);

	CU_ASSERT_EQUAL_FATAL(it_http("DELETE", "/v1/limits", h, NULL, 0, &r), 0);
	it_assert_partner_error(&r, 405, "METHOD_NOT_ALLOWED", "DELETE /v1/limits");
	CU_ASSERT_STRING_EQUAL(it_header(&r, "Allow", allow, sizeof(allow)), "GET");
	it_resp_free(&r);

	CU_ASSERT_EQUAL_FATAL(it_http("GET", "/v1/sandbox/wallet-tokens", h, NULL, 0, &r), 0);
	it_assert_partner_error(&r, 405, "METHOD_NOT_ALLOWED", "GET wallet-tokens");
	CU_ASSERT_STRING_EQUAL(it_header(&r, "Allow", allow, sizeof(allow)), "POST");
	it_resp_free(&r);

	/* a protected path does not reveal its methods without a key */
	CU_ASSERT_EQUAL_FATAL(it_http("DELETE", "/v1/limits", NULL, NULL, 0, &r), 0);
	it_assert_partner_error(&r, 401, "UNAUTHORIZED", "DELETE /v1/limits no key");
	it_resp_free(&r);
}

static void
test_unknown_query_parameter(void)
{
	char auth[200];
	const char *h[] = { key_header(auth, sizeof(auth)), NULL };
	struct it_resp r;

	CU_ASSERT_EQUAL_FATAL(it_http("GET", "/v1/limits?tier=basic", h, NULL, 0, &r), 0);
	it_assert_partner_error(&r, 400, "VALIDATION_ERROR", "unknown query parameter");
	CU_ASSERT_PTR_NOT_NULL(it_strstr(json_string_value(json_object_get(r.json, "message")), "tier"));
	it_resp_free(&r);
	CU_ASSERT_EQUAL_FATAL(it_http("GET", "/v1/limits?%zz=1", h, NULL, 0, &r), 0);
	it_assert_partner_error(&r, 400, "VALIDATION_ERROR", "malformed query");
	it_resp_free(&r);
	CU_ASSERT_EQUAL_FATAL(it_http("GET", "/v1/limits?a=1&a=2", h, NULL, 0, &r), 0);
	it_assert_partner_error(&r, 400, "VALIDATION_ERROR", "repeated query parameter");
	it_resp_free(&r);
	/* credentials are checked before the query is even parsed */
	CU_ASSERT_EQUAL_FATAL(it_http("GET", "/v1/limits?%zz=1", NULL, NULL, 0, &r), 0);
	it_assert_partner_error(&r, 401, "UNAUTHORIZED", "malformed query, no key");
	it_resp_free(&r);
	/* an unknown path with a query is still 404 */
	CU_ASSERT_EQUAL_FATAL(it_http("GET", "/v1/nope?x=1", h, NULL, 0, &r), 0);
	it_assert_partner_error(&r, 404, "NOT_FOUND", "unknown path with query");
	it_resp_free(&r);
}

static long long
users_count(void)
{
	return it_db_scalar("SELECT COUNT(*) FROM users", NULL, NULL);
}

static void
post_token(const char *ct, const char *body, size_t len, struct it_resp *r)
{
	char auth[200];
	const char *h[] = { key_header(auth, sizeof(auth)), ct, NULL };

	CU_ASSERT_EQUAL_FATAL(it_http("POST", "/v1/sandbox/wallet-tokens", h, body, len, r), 0);
}

static void
test_body_too_large(void)
{
	size_t n = 10 * 1024 * 1024;
	char *big = malloc(n);
	char *tok = it_wallet_token("it-big-wallet", 600);
	char auth[2000];
	const char *wh[] = { it_bearer(tok, auth, sizeof(auth)), "Content-Type: application/json", NULL };
	const char *chunked[] = { "Content-Type: application/json", "Transfer-Encoding: chunked", NULL };
	struct it_resp r;
	long long before = users_count();

	CU_ASSERT_PTR_NOT_NULL_FATAL(big);
	memset(big, 'a', n);
	big[0] = '{';
	post_token("Content-Type: application/json", big, n, &r);
	it_assert_partner_error(&r, 413, "PAYLOAD_TOO_LARGE", "10 MB partner body");
	it_resp_free(&r);

	CU_ASSERT_EQUAL_FATAL(it_http("POST", "/api/transactions", wh, big, n, &r), 0);
	it_assert_wallet_error(&r, 413, "payload_too_large", "10 MB wallet body");
	it_resp_free(&r);

	/* no Content-Length: the limit still holds */
	{
		char a2[200];
		const char *h[] = { key_header(a2, sizeof(a2)), chunked[0], chunked[1], NULL };

		CU_ASSERT_EQUAL_FATAL(it_http("POST", "/v1/sandbox/wallet-tokens", h, big, n, &r), 0);
		it_assert_partner_error(&r, 413, "PAYLOAD_TOO_LARGE", "10 MB chunked body");
		it_resp_free(&r);
	}
	CU_ASSERT_EQUAL(users_count(), before);
	free(big);
	free(tok);
}

static void
test_body_content_type(void)
{
	static const char *bad[] = { NULL, "Content-Type:", "Content-Type: text/plain",
	    "Content-Type: application/x-www-form-urlencoded", "Content-Type: application/jsonx" };
	const char body[] = "{\"wallet_id\":\"it-ct\"}";
	struct it_resp r;
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char where[80];

		snprintf(where, sizeof(where), "content type case %zu", i);
		post_token(bad[i] ? bad[i] : "X-None: 1", body, sizeof(body) - 1, &r);
		it_assert_partner_error(&r, 415, "UNSUPPORTED_MEDIA_TYPE", where);
		it_resp_free(&r);
	}
	post_token("Content-Type: application/json; charset=utf-8", body, sizeof(body) - 1, &r);
	CU_ASSERT_EQUAL(r.status, 201);
	it_resp_free(&r);
}

static void
test_body_invalid(void)
{
	static const char *bodies[] = {
		"", "{", "not json", "[]", "\"s\"", "{\"wallet_id\":}",
		"{\"wallet_id\":\"a\",\"wallet_id\":\"b\"}",
		"{}", "{\"wallet_id\":null}", "{\"wallet_id\":42}", "{\"wallet_id\":\"\"}",
		"{\"wallet_id\":\"has space\"}", "{\"wallet_id\":[\"x\"]}",
		"{\"wallet_id\":\"ok\",\"ttl_seconds\":\"60\"}",
		"{\"wallet_id\":\"ok\",\"ttl_seconds\":59}",
		"{\"wallet_id\":\"ok\",\"ttl_seconds\":2592001}",
		"{\"wallet_id\":\"ok\",\"ttl_seconds\":1.5}",
		"{\"wallet_id\":\"ok\",\"extra\":1}",
		"{\"a\":[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]}",
	};
	struct it_resp r;
	size_t i;

	for (i = 0; i < sizeof(bodies) / sizeof(bodies[0]); i++) {
		post_token("Content-Type: application/json", bodies[i], strlen(bodies[i]), &r);
		it_assert_partner_error(&r, 400, "VALIDATION_ERROR", bodies[i]);
		it_resp_free(&r);
	}
}

/* The token the helper mints is accepted by the wallet API. */
static void
test_sandbox_wallet_token(void)
{
	const char body[] = "{\"wallet_id\":\"0xit-minted\",\"ttl_seconds\":120}";
	char auth[2000];
	struct it_resp r, w;
	const char *tok;
	json_t *d;

	post_token("Content-Type: application/json", body, sizeof(body) - 1, &r);
	CU_ASSERT_EQUAL_FATAL(r.status, 201);
	d = json_object_get(r.json, "data");
	CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(d, "wallet_id")), "0xit-minted");
	CU_ASSERT_PTR_NOT_NULL(json_string_value(json_object_get(d, "expires_at")));
	tok = json_string_value(json_object_get(d, "token"));
	CU_ASSERT_PTR_NOT_NULL_FATAL(tok);
	{
		const char *h[] = { it_bearer(tok, auth, sizeof(auth)), NULL };

		CU_ASSERT_EQUAL_FATAL(it_http("GET", "/api/anything", h, NULL, 0, &w), 0);
		it_assert_wallet_error(&w, 404, "not_found", "minted token accepted");
		it_resp_free(&w);
	}
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM users WHERE wallet_id = ?", "0xit-minted", NULL), 1);
	it_resp_free(&r);
	/* without a key the helper is closed like every partner path */
	{
		const char *h[] = { "Content-Type: application/json", NULL };

		CU_ASSERT_EQUAL_FATAL(it_http("POST", "/v1/sandbox/wallet-tokens", h, body,
		    sizeof(body) - 1, &r), 0);
		it_assert_partner_error(&r, 401, "UNAUTHORIZED", "token helper without key");
		it_resp_free(&r);
	}
}

static void
test_request_id_and_headers(void)
{
	const char *h[] = { "X-Request-Id: it-trace-123", NULL };
	char v[128];
	struct it_resp r;

	CU_ASSERT_EQUAL_FATAL(it_http("GET", "/v1/health", h, NULL, 0, &r), 0);
	CU_ASSERT_STRING_EQUAL(it_header(&r, "X-Request-Id", v, sizeof(v)), "it-trace-123");
	CU_ASSERT_STRING_EQUAL(it_header(&r, "Cache-Control", v, sizeof(v)), "no-store");
	it_resp_free(&r);
	CU_ASSERT_EQUAL_FATAL(it_http("GET", "/v1/health", NULL, NULL, 0, &r), 0);
	CU_ASSERT_EQUAL(strncmp(it_header(&r, "X-Request-Id", v, sizeof(v)), "req_", 4), 0);
	it_resp_free(&r);
}

int
it_suite_http(void)
{
	static const struct tu_test tests[] = {
		{ "unknown partner paths are 404 JSON", test_unknown_paths },
		{ "unknown wallet paths: 404 with token, 401 without", test_unknown_wallet_paths },
		{ "wrong method is 405 with Allow", test_wrong_method },
		{ "unknown or malformed query parameters are 400", test_unknown_query_parameter },
		{ "a 10 MB body is a JSON 413 on both APIs", test_body_too_large },
		{ "a body without JSON Content-Type is 415", test_body_content_type },
		{ "malformed bodies and wrong types are 400", test_body_invalid },
		{ "sandbox wallet-token helper mints usable tokens", test_sandbox_wallet_token },
		{ "request ids and cache headers", test_request_id_and_headers },
	};

	return tu_add_suite("http behaviour", suite_init, NULL, tests, NELEM(tests));
}
