/*
 * Unit tests for lib/http/resp.c and lib/http/errtab.c: both APIs' envelopes, the CGI
 * header block, and the error tables.
 */
#include "http/resp.h"

#include <CUnit/Basic.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/buf.h"
#include "core/err.h"
#include "http/errpage.h"
#include "unit.h"

#define RID "req_test123"

struct rendered {
	int status;
	struct buf head, body;
	json_t *json; /* parsed body, or NULL */
};

/* Renders r for api/e into out; the body is parsed back when present. */
static void
render(const struct resp *r, enum api api, enum err e, struct rendered *out)
{
	json_error_t jerr;

	buf_init(&out->head, 64 * 1024);
	buf_init(&out->body, 1024 * 1024);
	out->status = resp_render(r, api, e, RID, &out->head, &out->body);
	(void)buf_cstr(&out->head);
	(void)buf_cstr(&out->body);
	out->json = out->body.len > 0 ?
	    json_loadb(out->body.data, out->body.len, JSON_REJECT_DUPLICATES, &jerr) :
	    NULL;
}

static void
rendered_free(struct rendered *out)
{
	buf_free(&out->head);
	buf_free(&out->body);
	json_decref(out->json);
	out->json = NULL;
}

/*
 * The exact header block for a JSON response: status_line is the literal
 * expected status ("404 Not Found"), extra any further header lines.
 */
static void
expected_head(char *out, size_t cap, const char *status_line, const char *extra)
{
	snprintf(out, cap,
	    "Status: %s\r\n"
	    "Content-Type: application/json; charset=utf-8\r\n"
	    "Cache-Control: no-store\r\n"
	    "X-Request-Id: " RID "\r\n"
	    "%s\r\n",
	    status_line, extra);
}

/* 1 if o has exactly the n keys listed. */
static int
has_exact_keys(const json_t *o, const char *const *keys, size_t n)
{
	size_t i;

	if (!json_is_object(o) || json_object_size(o) != n)
		return 0;
	for (i = 0; i < n; i++)
		if (json_object_get(o, keys[i]) == NULL)
			return 0;
	return 1;
}

static void
test_error_envelopes_all(void)
{
	static const char *const wallet_keys[] = { "status", "code", "message", "data" };
	static const char *const partner_keys[] = { "status", "code", "message" };
	int api;
	int e;

	for (api = API_WALLET; api <= API_PARTNER; api++) {
		for (e = 1; e < ERR__MAX; e++) {
			const struct err_def *d = err_def((enum api)api, (enum err)e);
			struct resp r;
			struct rendered out;
			char want[512], label[80];
			json_t *j;

			snprintf(label, sizeof(label), "%s err %d (%s)",
			    api == API_WALLET ? "wallet" : "partner", e, d->code);
			resp_init(&r);
			render(&r, (enum api)api, (enum err)e, &out);
			j = out.json;
			UNIT_CHECK(out.status == d->http_status, "%s: status %d want %d",
			    label, out.status, d->http_status);
			/* the whole block, reason phrase included: test_table_rows */
			snprintf(want, sizeof(want), "Status: %d ", d->http_status);
			UNIT_CHECK(unit_starts(out.head.data, want), "%s: head %.40s",
			    label, out.head.data ? out.head.data : "(none)");
			UNIT_REQUIRE(j != NULL, "%s: body is not JSON: %s", label,
			    out.body.data ? out.body.data : "(none)");
			if (api == API_WALLET) {
				UNIT_CHECK(has_exact_keys(j, wallet_keys, 4),
				    "%s: wallet keys wrong: %s", label, out.body.data);
				UNIT_CHECK(json_is_integer(json_object_get(j, "status")) &&
				    json_integer_value(json_object_get(j, "status")) == 0,
				    "%s: status not integer 0", label);
				UNIT_CHECK(json_is_null(json_object_get(j, "data")),
				    "%s: data not null", label);
			} else {
				UNIT_CHECK(has_exact_keys(j, partner_keys, 3),
				    "%s: partner keys wrong: %s", label, out.body.data);
				UNIT_STR_EQ(json_string_value(json_object_get(j, "status")),
				    "error", label);
			}
			UNIT_STR_EQ(json_string_value(json_object_get(j, "code")), d->code,
			    label);
			UNIT_STR_EQ(json_string_value(json_object_get(j, "message")),
			    d->message, label);
			rendered_free(&out);
			resp_free(&r);
		}
	}
}

static void
test_error_with_context(void)
{
	struct resp r;
	struct rendered out;
	json_t *want;

	/* wallet: the context object is `data`, the message is the field's */
	resp_init(&r);
	CU_ASSERT_EQUAL(resp_invalid(&r, ERR_VALIDATION, "amount", "must be positive"),
	    ERR_VALIDATION);
	render(&r, API_WALLET, ERR_VALIDATION, &out);
	CU_ASSERT_EQUAL(out.status, 400);
	want = json_pack("{s:i,s:s,s:s,s:{s:s}}", "status", 0, "code",
	    "validation_error", "message", "amount: must be positive", "data", "field",
	    "amount");
	UNIT_CHECK(json_equal(out.json, want), "wallet context envelope: %s",
	    out.body.data);
	json_decref(want);
	rendered_free(&out);

	/* partner: no context in the envelope, but the message is kept */
	render(&r, API_PARTNER, ERR_VALIDATION, &out);
	CU_ASSERT_EQUAL(out.status, 400);
	want = json_pack("{s:s,s:s,s:s}", "status", "error", "code", "VALIDATION_ERROR",
	    "message", "amount: must be positive");
	UNIT_CHECK(json_equal(out.json, want), "partner context envelope: %s",
	    out.body.data);
	json_decref(want);
	rendered_free(&out);

	/* an error never carries success data or pagination */
	resp_ok(&r, 200, json_pack("{s:s}", "secret", "x"));
	r.pagination = json_pack("{s:b}", "has_more", 1);
	render(&r, API_PARTNER, ERR_NOT_FOUND, &out);
	CU_ASSERT_EQUAL(out.status, 404);
	want = json_pack("{s:s,s:s,s:s}", "status", "error", "code", "NOT_FOUND",
	    "message", "amount: must be positive");
	UNIT_CHECK(json_equal(out.json, want), "partner error with data set: %s",
	    out.body.data);
	json_decref(want);
	rendered_free(&out);
	render(&r, API_WALLET, ERR_NOT_FOUND, &out);
	want = json_pack("{s:i,s:s,s:s,s:{s:s}}", "status", 0, "code", "not_found",
	    "message", "amount: must be positive", "data", "field", "amount");
	UNIT_CHECK(json_equal(out.json, want), "wallet error with data set: %s",
	    out.body.data);
	json_decref(want);
	rendered_free(&out);
	resp_free(&r);
	CU_ASSERT_PTR_NULL(r.data);
	CU_ASSERT_PTR_NULL(r.pagination);
}

static void
test_success_envelopes(void)
{
	struct resp r;
	struct rendered out;
	char want_head[512];
	json_t *want;

	/* wallet, data, default status */
	resp_init(&r);
	CU_ASSERT_EQUAL(resp_ok(&r, 0, json_pack("{s:s}", "id", "wd_1")), ERR_OK);
	render(&r, API_WALLET, ERR_OK, &out);
	CU_ASSERT_EQUAL(out.status, 200);
	expected_head(want_head, sizeof(want_head), "200 OK", "");
	UNIT_STR_EQ(out.head.data, want_head, "wallet 200 head");
	want = json_pack("{s:i,s:s,s:s,s:{s:s}}", "status", 1, "code", "success",
	    "message", "OK", "data", "id", "wd_1");
	UNIT_CHECK(json_equal(out.json, want), "wallet success: %s", out.body.data);
	json_decref(want);
	rendered_free(&out);

	/* partner, same data */
	render(&r, API_PARTNER, ERR_OK, &out);
	CU_ASSERT_EQUAL(out.status, 200);
	want = json_pack("{s:s,s:{s:s}}", "status", "success", "data", "id", "wd_1");
	UNIT_CHECK(json_equal(out.json, want), "partner success: %s", out.body.data);
	json_decref(want);
	rendered_free(&out);

	/* pagination is added to both */
	r.pagination = json_pack("{s:s,s:b}", "next_cursor", "c1", "has_more", 1);
	CU_ASSERT_EQUAL(resp_ok(&r, 201, json_pack("[i,i]", 1, 2)), ERR_OK);
	render(&r, API_WALLET, ERR_OK, &out);
	CU_ASSERT_EQUAL(out.status, 201);
	expected_head(want_head, sizeof(want_head), "201 Created", "");
	UNIT_STR_EQ(out.head.data, want_head, "wallet 201 head");
	want = json_pack("{s:i,s:s,s:s,s:[i,i],s:{s:s,s:b}}", "status", 1, "code",
	    "success", "message", "OK", "data", 1, 2, "pagination", "next_cursor", "c1",
	    "has_more", 1);
	UNIT_CHECK(json_equal(out.json, want), "wallet paginated: %s", out.body.data);
	json_decref(want);
	rendered_free(&out);
	render(&r, API_PARTNER, ERR_OK, &out);
	want = json_pack("{s:s,s:[i,i],s:{s:s,s:b}}", "status", "success", "data", 1, 2,
	    "pagination", "next_cursor", "c1", "has_more", 1);
	UNIT_CHECK(json_equal(out.json, want), "partner paginated: %s", out.body.data);
	json_decref(want);
	rendered_free(&out);
	resp_free(&r);

	/* no data renders null */
	resp_init(&r);
	render(&r, API_PARTNER, ERR_OK, &out);
	CU_ASSERT_EQUAL(out.status, 200);
	want = json_pack("{s:s,s:n}", "status", "success", "data");
	UNIT_CHECK(json_equal(out.json, want), "partner null data: %s", out.body.data);
	json_decref(want);
	rendered_free(&out);
	render(&r, API_WALLET, ERR_OK, &out);
	want = json_pack("{s:i,s:s,s:s,s:n}", "status", 1, "code", "success",
	    "message", "OK", "data");
	UNIT_CHECK(json_equal(out.json, want), "wallet null data: %s", out.body.data);
	json_decref(want);
	rendered_free(&out);
	resp_free(&r);

	/* resp_ok replaces earlier data (valgrind checks the old is released) */
	resp_init(&r);
	resp_ok(&r, 200, json_string("first"));
	resp_ok(&r, 202, json_string("second"));
	render(&r, API_PARTNER, ERR_OK, &out);
	CU_ASSERT_EQUAL(out.status, 202);
	UNIT_STR_EQ(out.body.data, "{\"status\":\"success\",\"data\":\"second\"}",
	    "replaced data");
	rendered_free(&out);
	resp_free(&r);
}

static void
test_headers(void)
{
	struct resp r;
	struct rendered out;
	char want[1024], big[300];
	int i;

	resp_init(&r);
	resp_header(&r, "Allow", "GET, POST");
	resp_header(&r, "Retry-After", "30");
	resp_header(&r, "X-Bad", "a\r\nSet-Cookie: x=1"); /* dropped */
	resp_header(&r, "X-Bad2", "tab\there");            /* dropped */
	memset(big, 'v', 256);
	big[256] = '\0';
	resp_header(&r, "X-Big", big);                     /* dropped: 256 bytes */
	big[255] = '\0';
	resp_header(&r, "X-Max", big);                     /* kept: 255 bytes */
	CU_ASSERT_EQUAL(r.nheaders, 3);
	render(&r, API_PARTNER, ERR_METHOD_NOT_ALLOWED, &out);
	CU_ASSERT_EQUAL(out.status, 405);
	{
		char extra[512];

		snprintf(extra, sizeof(extra), "Allow: GET, POST\r\nRetry-After: 30\r\n"
		    "X-Max: %s\r\n", big);
		expected_head(want, sizeof(want), "405 Method Not Allowed", extra);
	}
	UNIT_STR_EQ(out.head.data, want, "405 head with extra headers");
	CU_ASSERT(unit_contains(out.head.data, "\r\nAllow: GET, POST\r\n"));
	CU_ASSERT(!unit_contains(out.head.data, "Set-Cookie"));
	CU_ASSERT(out.head.len >= 4 &&
	    memcmp(out.head.data + out.head.len - 4, "\r\n\r\n", 4) == 0);
	rendered_free(&out);
	resp_free(&r);

	/* the table holds RESP_HEADERS entries; more are dropped */
	resp_init(&r);
	for (i = 0; i < RESP_HEADERS + 3; i++) {
		char name[16];

		snprintf(name, sizeof(name), "X-H%d", i);
		resp_header(&r, name, "v");
	}
	CU_ASSERT_EQUAL(r.nheaders, RESP_HEADERS);
	CU_ASSERT_STRING_EQUAL(r.headers[RESP_HEADERS - 1].name, "X-H11");
	resp_free(&r);
}

static void
test_no_body(void)
{
	struct resp r;
	struct rendered out;

	resp_init(&r);
	resp_ok(&r, 204, NULL);
	r.no_body = 1;
	render(&r, API_WALLET, ERR_OK, &out);
	CU_ASSERT_EQUAL(out.status, 204);
	CU_ASSERT_EQUAL(out.body.len, 0);
	UNIT_STR_EQ(out.head.data, "Status: 204 No Content\r\n"
	    "Cache-Control: no-store\r\nX-Request-Id: " RID "\r\n\r\n", "204 head");
	CU_ASSERT(!unit_contains(out.head.data, "Content-Type"));
	rendered_free(&out);
	render(&r, API_PARTNER, ERR_OK, &out);
	CU_ASSERT_EQUAL(out.status, 204);
	CU_ASSERT_EQUAL(out.body.len, 0);
	CU_ASSERT(!unit_contains(out.head.data, "Content-Type"));
	rendered_free(&out);

	/* an error still has its envelope even when no_body was set */
	render(&r, API_PARTNER, ERR_NOT_FOUND, &out);
	CU_ASSERT_EQUAL(out.status, 404);
	CU_ASSERT(out.body.len > 0);
	CU_ASSERT(unit_contains(out.head.data, "Content-Type: application/json"));
	CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(out.json, "code")),
	    "NOT_FOUND");
	rendered_free(&out);
	resp_free(&r);
}

static void
test_fail_message(void)
{
	struct resp r;
	struct rendered out;
	char long_in[400], want[256];

	resp_init(&r);
	CU_ASSERT_EQUAL(resp_fail(&r, ERR_INVALID_PHONE, "phone %s: %d", "+2331", 7),
	    ERR_INVALID_PHONE);
	CU_ASSERT_STRING_EQUAL(r.out.message, "phone +2331: 7");
	render(&r, API_PARTNER, ERR_INVALID_PHONE, &out);
	CU_ASSERT_EQUAL(out.status, 400);
	UNIT_STR_EQ(json_string_value(json_object_get(out.json, "message")),
	    "phone +2331: 7", "custom message");
	UNIT_STR_EQ(json_string_value(json_object_get(out.json, "code")),
	    "INVALID_PHONE", "custom message code");
	rendered_free(&out);

	/* control bytes and non-ASCII become '?' */
	resp_fail(&r, ERR_VALIDATION, "bad%svalue%c%s", "\r\n", 1, "caf\xc3\xa9\x7f");
	CU_ASSERT_STRING_EQUAL(r.out.message, "bad??value?caf???");
	render(&r, API_WALLET, ERR_VALIDATION, &out);
	UNIT_STR_EQ(json_string_value(json_object_get(out.json, "message")),
	    "bad??value?caf???", "cleaned message");
	rendered_free(&out);

	/* clipped to the buffer (255 bytes) */
	memset(long_in, 'm', sizeof(long_in) - 1);
	long_in[sizeof(long_in) - 1] = '\0';
	resp_fail(&r, ERR_VALIDATION, "%s", long_in);
	memset(want, 'm', 255);
	want[255] = '\0';
	CU_ASSERT_EQUAL(strlen(r.out.message), 255);
	CU_ASSERT_STRING_EQUAL(r.out.message, want);
	resp_free(&r);
}

struct status_row {
	enum api api;
	const char *code;
	int status;
};

static const struct status_row status_rows[] = {
	{ API_WALLET, "unauthorized", 401 },
	{ API_WALLET, "token_expired", 401 },
	{ API_WALLET, "token_invalid", 401 },
	{ API_WALLET, "forbidden", 403 },
	{ API_WALLET, "validation_error", 400 },
	{ API_WALLET, "rate_limit_exceeded", 429 },
	{ API_WALLET, "idempotency_conflict", 409 },
	{ API_WALLET, "payout_failed", 502 },
	{ API_WALLET, "provider_timeout", 504 },
	{ API_WALLET, "conversion_failed", 500 },
	{ API_WALLET, "not_found", 404 },
	{ API_WALLET, "payload_too_large", 413 },
	{ API_WALLET, "method_not_allowed", 405 },
	{ API_WALLET, "unsupported_media_type", 415 },
	{ API_WALLET, "internal_error", 500 },
	{ API_WALLET, "service_unavailable", 503 },
	{ API_PARTNER, "UNAUTHORIZED", 401 },
	{ API_PARTNER, "INVALID_PHONE", 400 },
	{ API_PARTNER, "INVALID_NETWORK", 400 },
	{ API_PARTNER, "BELOW_MINIMUM", 422 },
	{ API_PARTNER, "ABOVE_MAXIMUM", 422 },
	{ API_PARTNER, "RATE_EXPIRED", 422 },
	{ API_PARTNER, "NETWORK_DOWN", 503 },
	{ API_PARTNER, "INSUFFICIENT_LIQUIDITY", 503 },
	{ API_PARTNER, "RATE_LIMITED", 429 },
	{ API_PARTNER, "INTERNAL_ERROR", 500 },
	{ API_PARTNER, "NOT_FOUND", 404 },
	{ API_PARTNER, "VALIDATION_ERROR", 400 },
	{ API_PARTNER, "INVALID_CURRENCY", 400 },
	{ API_PARTNER, "INSUFFICIENT_BALANCE", 422 },
	{ API_PARTNER, "LIMIT_EXCEEDED", 422 },
	{ API_PARTNER, "DUPLICATE_REFERENCE", 409 },
	{ API_PARTNER, "RATE_UNAVAILABLE", 503 },
	{ API_PARTNER, "METHOD_NOT_ALLOWED", 405 },
	{ API_PARTNER, "PAYLOAD_TOO_LARGE", 413 },
	{ API_PARTNER, "UNSUPPORTED_MEDIA_TYPE", 415 },
	{ API_PARTNER, "SERVICE_UNAVAILABLE", 503 },
};

/*
 * Every code in the list is produced by at least one enum value, and every
 * enum value producing it uses the listed status.
 */
static void
test_table_codes(void)
{
	size_t i;

	for (i = 0; i < NELEM(status_rows); i++) {
		const struct status_row *t = &status_rows[i];
		int e, seen = 0;

		for (e = 1; e < ERR__MAX; e++) {
			const struct err_def *d = err_def(t->api, (enum err)e);

			if (d->code == NULL || strcmp(d->code, t->code) != 0)
				continue;
			seen++;
			UNIT_CHECK(d->http_status == t->status,
			    "%s row %zu: err %d gives %s with %d, want %d",
			    t->api == API_WALLET ? "wallet" : "partner", i, e, t->code,
			    d->http_status, t->status);
		}
		UNIT_CHECK(seen > 0, "row %zu: no error maps to %s", i, t->code);
	}
}

/*
 * Direct facts for every error, both tables: its code and its literal
 * status line, checked in the table and in the rendered header block.
 */
static void
test_table_rows(void)
{
	static const struct {
		enum err e;
		const char *wcode, *wline; /* wallet code and "Status:" text */
		const char *pcode, *pline; /* partner code and "Status:" text */
	} rows[] = {
		{ ERR_UNAUTHORIZED, "unauthorized", "401 Unauthorized",
		    "UNAUTHORIZED", "401 Unauthorized" },
		{ ERR_TOKEN_EXPIRED, "token_expired", "401 Unauthorized",
		    "UNAUTHORIZED", "401 Unauthorized" },
		{ ERR_TOKEN_INVALID, "token_invalid", "401 Unauthorized",
		    "UNAUTHORIZED", "401 Unauthorized" },
		{ ERR_FORBIDDEN, "forbidden", "403 Forbidden",
		    "FORBIDDEN", "403 Forbidden" },
		{ ERR_PARTNER_SUSPENDED, "forbidden", "403 Forbidden",
		    "FORBIDDEN", "403 Forbidden" },
		{ ERR_VALIDATION, "validation_error", "400 Bad Request",
		    "VALIDATION_ERROR", "400 Bad Request" },
		{ ERR_NOT_FOUND, "not_found", "404 Not Found",
		    "NOT_FOUND", "404 Not Found" },
		{ ERR_METHOD_NOT_ALLOWED, "method_not_allowed", "405 Method Not Allowed",
		    "METHOD_NOT_ALLOWED", "405 Method Not Allowed" },
		{ ERR_PAYLOAD_TOO_LARGE, "payload_too_large", "413 Payload Too Large",
		    "PAYLOAD_TOO_LARGE", "413 Payload Too Large" },
		{ ERR_UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type",
		    "415 Unsupported Media Type", "UNSUPPORTED_MEDIA_TYPE",
		    "415 Unsupported Media Type" },
		{ ERR_REQUEST_TIMEOUT, "request_timeout", "408 Request Timeout",
		    "REQUEST_TIMEOUT", "408 Request Timeout" },
		{ ERR_INVALID_PHONE, "invalid_phone_format", "400 Bad Request",
		    "INVALID_PHONE", "400 Bad Request" },
		{ ERR_INVALID_PROVIDER, "invalid_provider", "400 Bad Request",
		    "INVALID_NETWORK", "400 Bad Request" },
		{ ERR_INVALID_AMOUNT, "invalid_amount", "400 Bad Request",
		    "VALIDATION_ERROR", "400 Bad Request" },
		{ ERR_INVALID_CURRENCY, "invalid_currency", "400 Bad Request",
		    "INVALID_CURRENCY", "400 Bad Request" },
		{ ERR_INVALID_STABLECOIN, "invalid_stablecoin", "400 Bad Request",
		    "INVALID_CURRENCY", "400 Bad Request" },
		{ ERR_VERIFICATION_FAILED, "verification_failed", "400 Bad Request",
		    "VALIDATION_ERROR", "400 Bad Request" },
		{ ERR_DUPLICATE_BENEFICIARY, "duplicate_beneficiary", "409 Conflict",
		    "VALIDATION_ERROR", "400 Bad Request" },
		{ ERR_BENEFICIARY_NOT_FOUND, "beneficiary_not_found", "404 Not Found",
		    "NOT_FOUND", "404 Not Found" },
		{ ERR_PROVIDER_NOT_FOUND, "provider_not_found", "404 Not Found",
		    "INVALID_NETWORK", "400 Bad Request" },
		{ ERR_QUOTE_EXPIRED, "quote_expired", "400 Bad Request",
		    "RATE_EXPIRED", "422 Unprocessable Entity" },
		{ ERR_INSUFFICIENT_BALANCE, "insufficient_balance", "400 Bad Request",
		    "INSUFFICIENT_BALANCE", "422 Unprocessable Entity" },
		{ ERR_LIMIT_EXCEEDED, "limit_exceeded", "400 Bad Request",
		    "LIMIT_EXCEEDED", "422 Unprocessable Entity" },
		{ ERR_BELOW_MINIMUM, "invalid_amount", "400 Bad Request",
		    "BELOW_MINIMUM", "422 Unprocessable Entity" },
		{ ERR_ABOVE_MAXIMUM, "invalid_amount", "400 Bad Request",
		    "ABOVE_MAXIMUM", "422 Unprocessable Entity" },
		{ ERR_CONVERSION_FAILED, "conversion_failed", "500 Internal Server Error",
		    "INTERNAL_ERROR", "500 Internal Server Error" },
		{ ERR_PAYOUT_FAILED, "payout_failed", "502 Bad Gateway",
		    "NETWORK_DOWN", "503 Service Unavailable" },
		{ ERR_PROVIDER_UNAVAILABLE, "provider_unavailable", "503 Service Unavailable",
		    "NETWORK_DOWN", "503 Service Unavailable" },
		{ ERR_PROVIDER_TIMEOUT, "provider_timeout", "504 Gateway Timeout",
		    "NETWORK_DOWN", "503 Service Unavailable" },
		{ ERR_INSUFFICIENT_LIQUIDITY, "provider_unavailable",
		    "503 Service Unavailable", "INSUFFICIENT_LIQUIDITY",
		    "503 Service Unavailable" },
		{ ERR_IDEMPOTENCY_CONFLICT, "idempotency_conflict", "409 Conflict",
		    "DUPLICATE_REFERENCE", "409 Conflict" },
		{ ERR_DUPLICATE_REFERENCE, "idempotency_conflict", "409 Conflict",
		    "DUPLICATE_REFERENCE", "409 Conflict" },
		{ ERR_RATE_LIMITED, "rate_limit_exceeded", "429 Too Many Requests",
		    "RATE_LIMITED", "429 Too Many Requests" },
		{ ERR_RATE_UNAVAILABLE, "provider_unavailable", "503 Service Unavailable",
		    "RATE_UNAVAILABLE", "503 Service Unavailable" },
		{ ERR_INVALID_STATE, "invalid_state", "409 Conflict", "INVALID_STATE",
		    "409 Conflict" },
		{ ERR_INVALID_CREDENTIALS, "unauthorized", "401 Unauthorized",
		    "UNAUTHORIZED", "401 Unauthorized" },
		{ ERR_ACCOUNT_LOCKED, "forbidden", "403 Forbidden", "FORBIDDEN", "403 Forbidden" },
		{ ERR_REAUTH_REQUIRED, "forbidden", "403 Forbidden", "FORBIDDEN", "403 Forbidden" },
		{ ERR_CSRF, "forbidden", "403 Forbidden", "FORBIDDEN", "403 Forbidden" },
		{ ERR_PUBLIC_KEY, "unauthorized", "401 Unauthorized", "UNAUTHORIZED",
		    "401 Unauthorized" },
		{ ERR_TWO_FACTOR_REQUIRED, "unauthorized", "401 Unauthorized", "UNAUTHORIZED",
		    "401 Unauthorized" },
		{ ERR_TWO_FACTOR_ENROL, "forbidden", "403 Forbidden", "FORBIDDEN", "403 Forbidden" },
		{ ERR_SIGNER_UNAVAILABLE, "signer_unavailable", "503 Service Unavailable",
		    "SERVICE_UNAVAILABLE", "503 Service Unavailable" },
		{ ERR_INTERNAL, "internal_error", "500 Internal Server Error",
		    "INTERNAL_ERROR", "500 Internal Server Error" },
		{ ERR_SERVICE_UNAVAILABLE, "service_unavailable", "503 Service Unavailable",
		    "SERVICE_UNAVAILABLE", "503 Service Unavailable" },
	};
	int seen[ERR__MAX] = { 0 };
	size_t i;
	int api, e;

	for (i = 0; i < NELEM(rows); i++) {
		UNIT_REQUIRE(rows[i].e > ERR_OK && rows[i].e < ERR__MAX,
		    "row %zu: err %d out of range", i, (int)rows[i].e);
		seen[rows[i].e]++;
		for (api = API_WALLET; api <= API_PARTNER; api++) {
			const struct err_def *d = err_def((enum api)api, rows[i].e);
			const char *code = api == API_WALLET ? rows[i].wcode : rows[i].pcode;
			const char *line = api == API_WALLET ? rows[i].wline : rows[i].pline;
			char label[64], num[16], want[512];
			struct rendered out;
			struct resp r;

			snprintf(label, sizeof(label), "%s row %zu (err %d)",
			    api == API_WALLET ? "wallet" : "partner", i, (int)rows[i].e);
			UNIT_STR_EQ(d->code, code, label);
			snprintf(num, sizeof(num), "%d ", d->http_status);
			UNIT_CHECK(unit_starts(line, num), "%s: status %d want %s",
			    label, d->http_status, line);
			resp_init(&r);
			render(&r, (enum api)api, rows[i].e, &out);
			expected_head(want, sizeof(want), line, "");
			UNIT_STR_EQ(out.head.data, want, label);
			rendered_free(&out);
			resp_free(&r);
		}
	}
	for (e = 1; e < ERR__MAX; e++)
		UNIT_CHECK(seen[e] == 1, "err %d has %d rows, want 1", e, seen[e]);
}

/*
 * Every error of both tables is complete and an error status (the reason
 * phrase of each is test_table_rows').
 */
static void
test_table_complete(void)
{
	int api, e;

	for (api = API_WALLET; api <= API_PARTNER; api++) {
		for (e = 1; e < ERR__MAX; e++) {
			const struct err_def *d = err_def((enum api)api, (enum err)e);
			const char *c;

			UNIT_REQUIRE(d != NULL, "api %d err %d: no row", api, e);
			UNIT_CHECK(d->code != NULL && d->code[0] != '\0',
			    "api %d err %d: no code", api, e);
			UNIT_CHECK(d->message != NULL && d->message[0] != '\0',
			    "api %d err %d: no message", api, e);
			UNIT_CHECK(d->http_status >= 400 && d->http_status <= 599,
			    "api %d err %d: status %d", api, e, d->http_status);
			/* wallet codes are snake_case, partner codes UPPER_CASE */
			for (c = d->code; c != NULL && *c != '\0'; c++)
				UNIT_CHECK(*c == '_' || (api == API_WALLET ?
				    (*c >= 'a' && *c <= 'z') : (*c >= 'A' && *c <= 'Z')),
				    "api %d err %d: code %s has '%c'", api, e, d->code, *c);
			/* not the internal row unless it is ERR_INTERNAL's own */
			if (e != ERR_INTERNAL)
				UNIT_CHECK(d != err_def((enum api)api, ERR_INTERNAL),
				    "api %d err %d: falls back to the internal row", api, e);
		}
		/* ERR_OK renders success; out-of-range values use the internal row */
		UNIT_STR_EQ(err_def((enum api)api, ERR_OK)->code, "success", "ERR_OK row");
		CU_ASSERT_PTR_EQUAL(err_def((enum api)api, ERR__MAX),
		    err_def((enum api)api, ERR_INTERNAL));
		CU_ASSERT_PTR_EQUAL(err_def((enum api)api, (enum err)(ERR__MAX + 100)),
		    err_def((enum api)api, ERR_INTERNAL));
		CU_ASSERT_PTR_EQUAL(err_def((enum api)api, (enum err)-1),
		    err_def((enum api)api, ERR_INTERNAL));
	}
}

static void
test_from_http_status(void)
{
	struct {
		int status;
		enum err e;
	} rows[] = {
		{ 400, ERR_VALIDATION },
		{ 411, ERR_VALIDATION },
		{ 414, ERR_VALIDATION },
		{ 431, ERR_VALIDATION },
		{ 401, ERR_UNAUTHORIZED },
		{ 403, ERR_NOT_FOUND },
		{ 404, ERR_NOT_FOUND },
		{ 405, ERR_METHOD_NOT_ALLOWED },
		{ 501, ERR_METHOD_NOT_ALLOWED },
		{ 413, ERR_PAYLOAD_TOO_LARGE },
		{ 415, ERR_UNSUPPORTED_MEDIA_TYPE },
		{ 408, ERR_REQUEST_TIMEOUT },
		{ 417, ERR_VALIDATION },
		{ 505, ERR_VALIDATION },
		{ 503, ERR_SERVICE_UNAVAILABLE },
		{ 500, ERR_INTERNAL },
		{ 502, ERR_INTERNAL },
		{ 0, ERR_INTERNAL },
		{ 200, ERR_INTERNAL },
		{ -1, ERR_INTERNAL },
		{ 999, ERR_INTERNAL },
	};
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		enum err e = err_from_http_status(rows[i].status);

		UNIT_CHECK(e == rows[i].e, "http %d: err %d want %d", rows[i].status,
		    (int)e, (int)rows[i].e);
	}
}

/* Renders web server status st in api's envelope: the status line's code. */
static int
render_web_error(enum api api, int st, char *bodytext, size_t cap)
{
	struct buf head, body;
	struct resp r;
	enum err e;
	int status;

	resp_init(&r);
	buf_init(&head, 4096);
	buf_init(&body, 4096);
	e = errpage_fill(&r, st, 8388608);
	status = resp_render(&r, api, e, "req_x", &head, &body);
	snprintf(bodytext, cap, "%s", body.data ? body.data : "");
	CU_ASSERT_PTR_NOT_NULL(strstr(head.data, "Content-Type: application/json"));
	buf_free(&head);
	buf_free(&body);
	resp_free(&r);
	return status;
}

/* The web server's own errors keep its status, in the API's envelope
 * (issue 13), and every status the error pages cover renders. */
static void
test_web_server_errors(void)
{
	char text[512];
	size_t i;

	CU_ASSERT_EQUAL(render_web_error(API_PARTNER, 431, text, sizeof(text)), 431);
	CU_ASSERT_STRING_EQUAL(text, "{\"status\":\"error\",\"code\":\"VALIDATION_ERROR\","
	    "\"message\":\"A field is missing or invalid\"}");
	CU_ASSERT_EQUAL(render_web_error(API_WALLET, 408, text, sizeof(text)), 408);
	CU_ASSERT_STRING_EQUAL(text, "{\"status\":0,\"code\":\"request_timeout\","
	    "\"message\":\"The request did not arrive in time\",\"data\":null}");
	CU_ASSERT_EQUAL(render_web_error(API_WALLET, 413, text, sizeof(text)), 413);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "larger than 8388608 bytes"));
	for (i = 0; errpage_statuses[i] != 0; i++) {
		char *n = errpage_neutral(errpage_statuses[i]);
		json_t *j = n ? json_loads(n, 0, NULL) : NULL;

		UNIT_CHECK(render_web_error(API_PARTNER, errpage_statuses[i], text,
		    sizeof(text)) == errpage_statuses[i], "status %d", errpage_statuses[i]);
		UNIT_CHECK(j != NULL && json_integer_value(json_object_get(json_object_get(j,
		    "error"), "http_status")) == errpage_statuses[i], "neutral %d: %s",
		    errpage_statuses[i], n ? n : "NULL");
		json_decref(j);
		free(n);
	}
	{
		char *n = errpage_neutral(400);

		CU_ASSERT_STRING_EQUAL(n, "{\"error\":{\"http_status\":400,\"code\":\"bad_request\","
		    "\"message\":\"The request could not be read\"}}");
		free(n);
	}
}

int
main(void)
{
	static const struct tu_test tests[] = {
		{ "every error in both envelopes", test_error_envelopes_all },
		{ "error context and messages", test_error_with_context },
		{ "success envelopes and pagination", test_success_envelopes },
		{ "extra headers", test_headers },
		{ "204 without a body", test_no_body },
		{ "resp_fail cleans and clips", test_fail_message },
		{ "codes map to their statuses", test_table_codes },
		{ "table rows and status lines per error", test_table_rows },
		{ "tables are complete", test_table_complete },
		{ "err_from_http_status", test_from_http_status },
		{ "the web server's own errors", test_web_server_errors },
	};

	return tu_main("resp", NULL, NULL, tests, NELEM(tests));
}
