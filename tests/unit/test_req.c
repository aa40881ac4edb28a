/*
 * Unit tests for lib/http/req.c: query parsing, allow-lists, the JSON body and
 * the request built from a CGI environment.
 */
#include "http/req.h"

#include <CUnit/Basic.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unit.h"

#define MAXKV 3

struct query_row {
	const char *qs;
	enum err e;
	const char *msg;  /* exact message on error */
	size_t n;         /* items on success */
	const char *kv[MAXKV * 2];
};

static const struct query_row query_rows[] = {
	{ "a=1&b=two", ERR_OK, NULL, 2, { "a", "1", "b", "two" } },
	{ "", ERR_OK, NULL, 0, { NULL } },
	{ "a=", ERR_OK, NULL, 1, { "a", "" } },
	{ "flag", ERR_OK, NULL, 1, { "flag", "" } },
	{ "flag&x=1", ERR_OK, NULL, 2, { "flag", "", "x", "1" } },
	{ "a=1&&b=2", ERR_OK, NULL, 2, { "a", "1", "b", "2" } },
	{ "&a=1&", ERR_OK, NULL, 1, { "a", "1" } },
	{ "&&&", ERR_OK, NULL, 0, { NULL } },
	{ "a=1=2", ERR_OK, NULL, 1, { "a", "1=2" } },
	{ "q=hello+world", ERR_OK, NULL, 1, { "q", "hello world" } },
	{ "q=a%2Bb+c", ERR_OK, NULL, 1, { "q", "a+b c" } },
	{ "q=%41%62%2d%5f", ERR_OK, NULL, 1, { "q", "Ab-_" } },
	{ "name=J%C3%BCrgen", ERR_OK, NULL, 1, { "name", "J\xc3\xbcrgen" } },
	{ "a%20b=c", ERR_OK, NULL, 1, { "a b", "c" } },
	{ "a+b=c", ERR_OK, NULL, 1, { "a b", "c" } },
	{ "x=%26&y=%3D", ERR_OK, NULL, 2, { "x", "&", "y", "=" } },
	{ "A=1&a=2", ERR_OK, NULL, 2, { "A", "1", "a", "2" } },
	{ "a=1&b=2&c=3", ERR_OK, NULL, 3, { "a", "1", "b", "2", "c", "3" } },
	/* repeated keys, also after decoding */
	{ "a=1&a=2", ERR_VALIDATION, "a: repeated parameter", 0, { NULL } },
	{ "a=1&a=1", ERR_VALIDATION, "a: repeated parameter", 0, { NULL } },
	{ "a&a", ERR_VALIDATION, "a: repeated parameter", 0, { NULL } },
	{ "limit=1&x=2&limit=3", ERR_VALIDATION, "limit: repeated parameter", 0, { NULL } },
	{ "a=1&%61=2", ERR_VALIDATION, "a: repeated parameter", 0, { NULL } },
	/* bad escapes and control bytes in values */
	{ "a=%", ERR_VALIDATION, "a: malformed or too long value", 0, { NULL } },
	{ "a=%4", ERR_VALIDATION, "a: malformed or too long value", 0, { NULL } },
	{ "a=%zz", ERR_VALIDATION, "a: malformed or too long value", 0, { NULL } },
	{ "a=%4g", ERR_VALIDATION, "a: malformed or too long value", 0, { NULL } },
	{ "a=x%&b=1", ERR_VALIDATION, "a: malformed or too long value", 0, { NULL } },
	{ "a=%00", ERR_VALIDATION, "a: malformed or too long value", 0, { NULL } },
	{ "a=%0a", ERR_VALIDATION, "a: malformed or too long value", 0, { NULL } },
	{ "a=%0D%0A", ERR_VALIDATION, "a: malformed or too long value", 0, { NULL } },
	{ "a=%1F", ERR_VALIDATION, "a: malformed or too long value", 0, { NULL } },
	{ "a=%7f", ERR_VALIDATION, "a: malformed or too long value", 0, { NULL } },
	{ "a=x\ty", ERR_VALIDATION, "a: malformed or too long value", 0, { NULL } },
	/* bad names */
	{ "=1", ERR_VALIDATION, "malformed query parameter name", 0, { NULL } },
	{ "%=1", ERR_VALIDATION, "malformed query parameter name", 0, { NULL } },
	{ "%zz=1", ERR_VALIDATION, "malformed query parameter name", 0, { NULL } },
	{ "%00=1", ERR_VALIDATION, "malformed query parameter name", 0, { NULL } },
	{ "a%0a=1", ERR_VALIDATION, "malformed query parameter name", 0, { NULL } },
	{ "b=1&=2", ERR_VALIDATION, "malformed query parameter name", 0, { NULL } },
};

static void
check_query_row(size_t i, const struct query_row *t)
{
	struct req r;
	char msg[256] = "", label[200];
	enum err e;
	size_t k;

	memset(&r, 0, sizeof(r));
	snprintf(label, sizeof(label), "query row %zu \"%s\"", i, t->qs);
	e = req_parse_query(&r, t->qs, msg, sizeof(msg));
	UNIT_CHECK(e == t->e, "%s: err %d want %d (msg \"%s\")", label, (int)e,
	    (int)t->e, msg);
	if (t->e != ERR_OK) {
		UNIT_STR_EQ(msg, t->msg, label);
	} else {
		UNIT_CHECK(r.nquery == t->n, "%s: nquery %zu want %zu", label, r.nquery,
		    t->n);
		for (k = 0; k < t->n && k < r.nquery; k++) {
			UNIT_STR_EQ(r.query[k].key, t->kv[2 * k], label);
			UNIT_STR_EQ(r.query[k].val, t->kv[2 * k + 1], label);
			UNIT_STR_EQ(req_query(&r, t->kv[2 * k]), t->kv[2 * k + 1], label);
		}
		UNIT_CHECK(req_query(&r, "zzz") == NULL, "%s: missing key found", label);
	}
	req_free(&r);
}

static void
test_query_table(void)
{
	size_t i;

	for (i = 0; i < NELEM(query_rows); i++)
		check_query_row(i, &query_rows[i]);
	/* NULL is no query */
	{
		struct req r;
		char msg[64] = "";

		memset(&r, 0, sizeof(r));
		r.nquery = 5;
		CU_ASSERT_EQUAL(req_parse_query(&r, NULL, msg, sizeof(msg)), ERR_OK);
		CU_ASSERT_EQUAL(r.nquery, 0);
		req_free(&r);
	}
}

/* Builds "k0=v&k1=v&..." with n items into out. */
static void
make_items(char *out, size_t cap, size_t n)
{
	size_t i, o = 0;

	out[0] = '\0';
	for (i = 0; i < n; i++) {
		int w = snprintf(out + o, cap - o, "%sk%zu=v", i ? "&" : "", i);

		if (w < 0 || (size_t)w >= cap - o)
			return;
		o += (size_t)w;
	}
}

static void
test_query_limits(void)
{
	struct req r;
	char msg[256];
	char *qs = malloc(REQ_QUERY_MAX + 64);
	size_t o, i;
	enum err e;

	CU_ASSERT_PTR_NOT_NULL_FATAL(qs);

	/* REQ_QUERY_ITEMS items are fine, one more is not */
	make_items(qs, REQ_QUERY_MAX, REQ_QUERY_ITEMS);
	memset(&r, 0, sizeof(r));
	msg[0] = '\0';
	e = req_parse_query(&r, qs, msg, sizeof(msg));
	UNIT_CHECK(e == ERR_OK, "%d items: err %d (%s)", REQ_QUERY_ITEMS, (int)e, msg);
	CU_ASSERT_EQUAL(r.nquery, REQ_QUERY_ITEMS);
	CU_ASSERT_STRING_EQUAL(req_query(&r, "k31"), "v");
	req_free(&r);

	make_items(qs, REQ_QUERY_MAX, REQ_QUERY_ITEMS + 1);
	memset(&r, 0, sizeof(r));
	msg[0] = '\0';
	e = req_parse_query(&r, qs, msg, sizeof(msg));
	CU_ASSERT_EQUAL(e, ERR_VALIDATION);
	CU_ASSERT_STRING_EQUAL(msg, "too many query parameters");
	req_free(&r);

	/* a query of exactly REQ_QUERY_MAX bytes: four values 1021..1022 long */
	o = 0;
	for (i = 0; i < 4; i++) {
		size_t vlen = i == 3 ? 1022 : 1021;

		if (i)
			qs[o++] = '&';
		qs[o++] = (char)('a' + i);
		qs[o++] = '=';
		memset(qs + o, 'x', vlen);
		o += vlen;
	}
	qs[o] = '\0';
	CU_ASSERT_EQUAL_FATAL(o, REQ_QUERY_MAX);
	memset(&r, 0, sizeof(r));
	msg[0] = '\0';
	e = req_parse_query(&r, qs, msg, sizeof(msg));
	UNIT_CHECK(e == ERR_OK, "query of %d bytes: err %d (%s)", REQ_QUERY_MAX,
	    (int)e, msg);
	CU_ASSERT_EQUAL(r.nquery, 4);
	CU_ASSERT_EQUAL(strlen(req_query(&r, "d") ? req_query(&r, "d") : ""), 1022);
	req_free(&r);

	/* one byte more */
	qs[o] = 'x';
	qs[o + 1] = '\0';
	memset(&r, 0, sizeof(r));
	msg[0] = '\0';
	e = req_parse_query(&r, qs, msg, sizeof(msg));
	CU_ASSERT_EQUAL(e, ERR_VALIDATION);
	CU_ASSERT_STRING_EQUAL(msg, "query string too long");
	req_free(&r);

	/* a value of exactly REQ_VALUE_MAX decoded bytes; then one more */
	memcpy(qs, "v=", 2);
	memset(qs + 2, 'y', REQ_VALUE_MAX);
	qs[2 + REQ_VALUE_MAX] = '\0';
	memset(&r, 0, sizeof(r));
	msg[0] = '\0';
	e = req_parse_query(&r, qs, msg, sizeof(msg));
	UNIT_CHECK(e == ERR_OK, "value of %d bytes: err %d (%s)", REQ_VALUE_MAX,
	    (int)e, msg);
	CU_ASSERT_EQUAL(strlen(req_query(&r, "v") ? req_query(&r, "v") : ""),
	    REQ_VALUE_MAX);
	req_free(&r);

	qs[2 + REQ_VALUE_MAX] = 'y';
	qs[3 + REQ_VALUE_MAX] = '\0';
	memset(&r, 0, sizeof(r));
	msg[0] = '\0';
	e = req_parse_query(&r, qs, msg, sizeof(msg));
	CU_ASSERT_EQUAL(e, ERR_VALIDATION);
	CU_ASSERT_STRING_EQUAL(msg, "v: malformed or too long value");
	req_free(&r);

	/* the limit is on decoded bytes: 1024 escapes of 3 bytes each fit */
	memcpy(qs, "v=", 2);
	for (i = 0; i < REQ_VALUE_MAX && 2 + 3 * i + 3 <= REQ_QUERY_MAX; i++)
		memcpy(qs + 2 + 3 * i, "%41", 3);
	qs[2 + 3 * i] = '\0';
	memset(&r, 0, sizeof(r));
	msg[0] = '\0';
	e = req_parse_query(&r, qs, msg, sizeof(msg));
	UNIT_CHECK(e == ERR_OK, "%zu escaped bytes: err %d (%s)", i, (int)e, msg);
	CU_ASSERT_EQUAL(strlen(req_query(&r, "v") ? req_query(&r, "v") : ""), i);
	req_free(&r);

	/* a name of 127 bytes is fine, 128 is not */
	memset(qs, 'n', 127);
	memcpy(qs + 127, "=1", 3);
	memset(&r, 0, sizeof(r));
	msg[0] = '\0';
	e = req_parse_query(&r, qs, msg, sizeof(msg));
	UNIT_CHECK(e == ERR_OK, "127-byte name: err %d (%s)", (int)e, msg);
	req_free(&r);
	memset(qs, 'n', 128);
	memcpy(qs + 128, "=1", 3);
	memset(&r, 0, sizeof(r));
	msg[0] = '\0';
	e = req_parse_query(&r, qs, msg, sizeof(msg));
	CU_ASSERT_EQUAL(e, ERR_VALIDATION);
	CU_ASSERT_STRING_EQUAL(msg, "malformed query parameter name");
	req_free(&r);

	/* a repeated long name is clipped in the message */
	memset(qs, 'k', 100);
	memcpy(qs + 100, "=1&", 3);
	memset(qs + 103, 'k', 100);
	memcpy(qs + 203, "=2", 3);
	memset(&r, 0, sizeof(r));
	msg[0] = '\0';
	e = req_parse_query(&r, qs, msg, sizeof(msg));
	CU_ASSERT_EQUAL(e, ERR_VALIDATION);
	CU_ASSERT_EQUAL(strlen(msg), 63 + strlen(": repeated parameter"));
	CU_ASSERT(unit_contains(msg, ": repeated parameter"));
	req_free(&r);

	free(qs);
}

static void
test_check_query(void)
{
	static const char *const ab[] = { "a", "b", NULL };
	static const char *const a_only[] = { "a", NULL };
	static const char *const none[] = { NULL };
	static const char *const cap_a[] = { "A", "b", NULL };
	struct {
		const char *qs;
		const char *const *allowed;
		enum err e;
		const char *msg;
	} rows[] = {
		{ "a=1&b=2", ab, ERR_OK, "" },
		{ "b=2", ab, ERR_OK, "" },
		{ "", ab, ERR_OK, "" },
		{ "a=1", a_only, ERR_OK, "" },
		{ "a=1&b=2", a_only, ERR_VALIDATION, "b: unknown parameter" },
		{ "zz=1&a=2", a_only, ERR_VALIDATION, "zz: unknown parameter" },
		{ "a=1&b=2", cap_a, ERR_VALIDATION, "a: unknown parameter" },
		{ "ab=1", ab, ERR_VALIDATION, "ab: unknown parameter" },
		{ "a%0=1", ab, ERR_VALIDATION, "" }, /* rejected by the parser */
		{ "", NULL, ERR_OK, "" },
		{ "a=1", NULL, ERR_VALIDATION, "a: unknown parameter" },
		{ "", none, ERR_OK, "" },
		{ "b", none, ERR_VALIDATION, "b: unknown parameter" },
		{ "%C3%A9=1", ab, ERR_VALIDATION, "??: unknown parameter" },
	};
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		struct req r;
		char msg[256] = "", label[96];
		enum err e;

		memset(&r, 0, sizeof(r));
		snprintf(label, sizeof(label), "check row %zu \"%s\"", i, rows[i].qs);
		e = req_parse_query(&r, rows[i].qs, msg, sizeof(msg));
		if (e == ERR_OK) {
			msg[0] = '\0';
			e = req_check_query(&r, rows[i].allowed, msg, sizeof(msg));
			UNIT_STR_EQ(msg, rows[i].msg, label);
		}
		UNIT_CHECK(e == rows[i].e, "%s: err %d want %d", label, (int)e,
		    (int)rows[i].e);
		req_free(&r);
	}
}

static void
test_json_type(void)
{
	struct {
		const char *ct;
		int want;
	} rows[] = {
		{ "application/json", 1 },
		{ "Application/JSON", 1 },
		{ "APPLICATION/JSON", 1 },
		{ "application/json; charset=utf-8", 1 },
		{ "application/json;charset=UTF-8", 1 },
		{ "application/json ; charset=utf-8", 1 },
		{ " application/json", 1 },
		{ "application/json ", 1 },
		{ NULL, 0 },
		{ "", 0 },
		{ " ", 0 },
		{ "text/plain", 0 },
		{ "application/jsonx", 0 },
		{ "application/json-patch+json", 0 },
		{ "application/json x", 0 },
		{ "application/jso", 0 },
		{ "application/x-www-form-urlencoded", 0 },
		{ "multipart/form-data", 0 },
		{ "multipart/form-data; boundary=x", 0 },
		{ "json", 0 },
		{ ";application/json", 0 },
		{ "text/json", 0 },
	};
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		int got = req_is_json_type(rows[i].ct);

		UNIT_CHECK(got == rows[i].want, "json type row %zu \"%s\": got %d want %d",
		    i, rows[i].ct ? rows[i].ct : "(null)", got, rows[i].want);
	}
}

struct body_row {
	const char *body;
	size_t len;       /* 0 with a non-empty body: strlen */
	enum err e;
	const char *msg;  /* exact; or a prefix when ending in '*' */
};

#define NOT_OBJ "the body must be a JSON object"
#define MALFORMED "malformed JSON: *"

static const struct body_row body_rows[] = {
	{ "{}", 0, ERR_OK, NULL },
	{ "{\"a\":1}", 0, ERR_OK, NULL },
	{ " \n{\"a\":[1,2,{\"b\":null}],\"c\":\"x\"}\t ", 0, ERR_OK, NULL },
	{ "{\"a\":\"\\u00e9\",\"b\":true,\"c\":1.5}", 0, ERR_OK, NULL },
	{ "{\"a\":1}garbage", 7, ERR_OK, NULL }, /* only len bytes count */
	{ "", 0, ERR_VALIDATION, "a JSON object body is required" },
	{ "[]", 0, ERR_VALIDATION, NOT_OBJ },
	{ "[{}]", 0, ERR_VALIDATION, NOT_OBJ },
	/* Jansson itself refuses a scalar at the top level */
	{ "1", 0, ERR_VALIDATION, MALFORMED },
	{ "\"s\"", 0, ERR_VALIDATION, MALFORMED },
	{ "null", 0, ERR_VALIDATION, MALFORMED },
	{ "true", 0, ERR_VALIDATION, MALFORMED },
	{ "{", 0, ERR_VALIDATION, MALFORMED },
	{ "}", 0, ERR_VALIDATION, MALFORMED },
	{ "{\"a\":}", 0, ERR_VALIDATION, MALFORMED },
	{ "{\"a\"}", 0, ERR_VALIDATION, MALFORMED },
	{ "{a:1}", 0, ERR_VALIDATION, MALFORMED },
	{ "{'a':1}", 0, ERR_VALIDATION, MALFORMED },
	{ "{\"a\":1,}", 0, ERR_VALIDATION, MALFORMED },
	{ "{\"a\":01}", 0, ERR_VALIDATION, MALFORMED },
	{ "{\"a\":NaN}", 0, ERR_VALIDATION, MALFORMED },
	{ "{} {}", 0, ERR_VALIDATION, MALFORMED },
	{ "{}x", 0, ERR_VALIDATION, MALFORMED },
	{ "{}\0", 3, ERR_VALIDATION, MALFORMED },
	{ "{\"a\":\"x\0y\"}", 11, ERR_VALIDATION, MALFORMED },
	{ "{\"a\":\"\\u0000\"}", 0, ERR_VALIDATION, MALFORMED },
	{ "{\"a\":\"\xff\"}", 0, ERR_VALIDATION, MALFORMED },
	{ "{\"a\":1,\"a\":2}", 0, ERR_VALIDATION, MALFORMED },
	{ "{\"a\":1,\"b\":2,\"a\":1}", 0, ERR_VALIDATION, MALFORMED },
	{ "{\"x\":{\"b\":1,\"b\":2}}", 0, ERR_VALIDATION, MALFORMED },
	{ "{\"x\":[{\"b\":1,\"b\":2}]}", 0, ERR_VALIDATION, MALFORMED },
};

static void
test_body_table(void)
{
	size_t i;

	for (i = 0; i < NELEM(body_rows); i++) {
		const struct body_row *t = &body_rows[i];
		size_t len = t->len ? t->len : strlen(t->body);
		struct req r;
		char msg[256] = "";
		enum err e;

		memset(&r, 0, sizeof(r));
		e = req_parse_body(&r, t->body, len, msg, sizeof(msg));
		UNIT_CHECK(e == t->e, "body row %zu '%s': err %d want %d (%s)", i,
		    t->body, (int)e, (int)t->e, msg);
		if (t->e == ERR_OK) {
			UNIT_CHECK(json_is_object(r.body), "body row %zu: no object", i);
		} else {
			UNIT_CHECK(r.body == NULL, "body row %zu: body kept on error", i);
			UNIT_CHECK(unit_msg_matches(msg, t->msg), "body row %zu: msg \"%s\" want \"%s\"",
			    i, msg, t->msg);
		}
		req_free(&r);
	}
	/* the parsed object holds the values */
	{
		struct req r;
		char msg[128];

		memset(&r, 0, sizeof(r));
		CU_ASSERT_EQUAL_FATAL(req_parse_body(&r, "{\"amount\":\"10.50\",\"n\":3}",
		    24, msg, sizeof(msg)), ERR_OK);
		CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(r.body,
		    "amount")), "10.50");
		CU_ASSERT_EQUAL(json_integer_value(json_object_get(r.body, "n")), 3);
		CU_ASSERT_EQUAL(json_object_size(r.body), 2);
		req_free(&r);
		CU_ASSERT_PTR_NULL(r.body);
	}
}

/*
 * Builds depth nested containers ('o' objects {"k":...}, 'a' arrays [...])
 * with leaf inside the innermost one (leaf may be "" for an empty one).
 */
static char *
nest(int depth, char kind, const char *leaf)
{
	size_t cap = (size_t)depth * 8 + strlen(leaf) + 16, o = 0;
	char *s = malloc(cap);
	int i;

	if (s == NULL)
		return NULL;
	for (i = 0; i < depth; i++) {
		/* the outermost is always an object: the body must be one */
		if (kind == 'o' || i == 0) {
			memcpy(s + o, i == depth - 1 ? "{" : "{\"k\":", i == depth - 1 ? 1 : 5);
			o += i == depth - 1 ? 1 : 5;
		} else {
			s[o++] = '[';
		}
	}
	if (*leaf != '\0') {
		if (kind == 'o' || depth == 1) {
			memcpy(s + o, "\"k\":", 4);
			o += 4;
		}
		memcpy(s + o, leaf, strlen(leaf));
		o += strlen(leaf);
	}
	for (i = depth - 1; i >= 0; i--)
		s[o++] = (kind == 'o' || i == 0) ? '}' : ']';
	s[o] = '\0';
	return s;
}

static enum err
parse_nest(int depth, char kind, const char *leaf, char *msg, size_t msglen)
{
	char *s = nest(depth, kind, leaf);
	struct req r;
	enum err e;

	if (s == NULL)
		return ERR_INTERNAL;
	memset(&r, 0, sizeof(r));
	msg[0] = '\0';
	e = req_parse_body(&r, s, strlen(s), msg, msglen);
	req_free(&r);
	free(s);
	return e;
}

/* Nesting by containers: REQ_JSON_DEPTH levels parse, one more does not. */
static void
test_body_depth(void)
{
	char msg[256];
	enum err e;

	e = parse_nest(REQ_JSON_DEPTH, 'o', "", msg, sizeof(msg));
	UNIT_CHECK(e == ERR_OK, "%d empty nested objects: err %d (%s)", REQ_JSON_DEPTH,
	    (int)e, msg);
	e = parse_nest(REQ_JSON_DEPTH + 1, 'o', "", msg, sizeof(msg));
	UNIT_CHECK(e == ERR_VALIDATION, "%d nested objects: err %d", REQ_JSON_DEPTH + 1,
	    (int)e);
	CU_ASSERT_STRING_EQUAL(msg, "the body nests too deeply");
	e = parse_nest(REQ_JSON_DEPTH + 1, 'a', "", msg, sizeof(msg));
	UNIT_CHECK(e == ERR_VALIDATION, "object + %d nested arrays: err %d",
	    REQ_JSON_DEPTH, (int)e);
	CU_ASSERT_STRING_EQUAL(msg, "the body nests too deeply");
	e = parse_nest(REQ_JSON_DEPTH + 1, 'o', "1", msg, sizeof(msg));
	UNIT_CHECK(e == ERR_VALIDATION, "%d nested objects with a value: err %d",
	    REQ_JSON_DEPTH + 1, (int)e);
	e = parse_nest(REQ_JSON_DEPTH - 1, 'o', "1", msg, sizeof(msg));
	UNIT_CHECK(e == ERR_OK, "%d nested objects with a value: err %d (%s)",
	    REQ_JSON_DEPTH - 1, (int)e, msg);
	e = parse_nest(200, 'a', "", msg, sizeof(msg));
	CU_ASSERT_EQUAL(e, ERR_VALIDATION);
	CU_ASSERT_STRING_EQUAL(msg, "the body nests too deeply");
}

/*
 * REQ_JSON_DEPTH nested containers whose innermost one holds a value
 * (the usual shape: {"k":{"k":...{"k":1}}}). JSON nesting depth counts
 * objects and arrays; a scalar member is not a level of its own.
 */
static void
test_body_depth_with_values(void)
{
	char msg[256];
	enum err e;

	e = parse_nest(REQ_JSON_DEPTH, 'o', "1", msg, sizeof(msg));
	UNIT_CHECK(e == ERR_OK, "%d nested objects, innermost {\"k\":1}: err %d (%s)",
	    REQ_JSON_DEPTH, (int)e, msg);
	e = parse_nest(REQ_JSON_DEPTH, 'a', "\"x\"", msg, sizeof(msg));
	UNIT_CHECK(e == ERR_OK, "object + %d nested arrays, innermost [\"x\"]: err %d (%s)",
	    REQ_JSON_DEPTH - 1, (int)e, msg);
}

/* Runs req_from_env over env; the request is left for the caller to free. */
static enum err
from_env(struct req *r, char **env, char *msg, size_t msglen)
{
	memset(r, 0, sizeof(*r));
	msg[0] = '\0';
	return req_from_env(r, env, msg, msglen);
}

static void
test_from_env_full(void)
{
	char *env[] = {
		"SERVER_SOFTWARE=test",
		"REQUEST_METHOD=POST",
		"REQUEST_URI=/v1/limits?x=1&y=two",
		"QUERY_STRING=x=1&y=two",
		"CONTENT_TYPE=application/json",
		"CONTENT_LENGTH=12",
		"HTTP_AUTHORIZATION=Bearer sk_test_abc",
		"HTTP_X_IDEMPOTENCY_KEY=idem-1",
		"HTTP_X_REQUEST_ID=abc_DEF-123",
		"HTTP_X_REFERENCE_ID=0b9d5a2e-5b1c-4f7e-9b3a-2c1d0e9f8a7b",
		NULL,
	};
	struct req r;
	char msg[256], longname[80];
	enum err e = from_env(&r, env, msg, sizeof(msg));

	CU_ASSERT_EQUAL(e, ERR_OK);
	/* any header by its HTTP name, in any case */
	UNIT_STR_EQ(req_header(&r, "X-Reference-Id"),
	    "0b9d5a2e-5b1c-4f7e-9b3a-2c1d0e9f8a7b", "X-Reference-Id");
	UNIT_STR_EQ(req_header(&r, "x-idempotency-key"), "idem-1", "lower case");
	UNIT_STR_EQ(req_header(&r, "Authorization"), "Bearer sk_test_abc", "Authorization");
	CU_ASSERT_PTR_NULL(req_header(&r, "X-Target-Environment"));
	CU_ASSERT_PTR_NULL(req_header(&r, "Content-Type")); /* not an HTTP_ variable */
	memset(longname, 'A', sizeof(longname) - 1);
	longname[sizeof(longname) - 1] = '\0';
	CU_ASSERT_PTR_NULL(req_header(&r, longname));
	CU_ASSERT_STRING_EQUAL(r.method, "POST");
	CU_ASSERT_STRING_EQUAL(r.path, "/v1/limits");
	CU_ASSERT_EQUAL(r.api, API_PARTNER);
	/* the query is kept raw: the loop parses it after routing */
	UNIT_STR_EQ(r.query_string, "x=1&y=two", "raw query");
	CU_ASSERT_EQUAL(r.nquery, 0);
	CU_ASSERT_EQUAL(req_parse_query(&r, r.query_string, msg, sizeof(msg)), ERR_OK);
	CU_ASSERT_EQUAL(r.nquery, 2);
	UNIT_STR_EQ(req_query(&r, "x"), "1", "query x");
	UNIT_STR_EQ(req_query(&r, "y"), "two", "query y");
	UNIT_STR_EQ(r.content_type, "application/json", "content type");
	UNIT_STR_EQ(r.authorization, "Bearer sk_test_abc", "authorization");
	UNIT_STR_EQ(r.idempotency_key, "idem-1", "idempotency key");
	CU_ASSERT_EQUAL(r.content_length, 12);
	CU_ASSERT_STRING_EQUAL(r.request_id, "abc_DEF-123");
	CU_ASSERT_PTR_NULL(r.body);
	req_free(&r);
}

struct env_row {
	const char *method;      /* REQUEST_METHOD=... or NULL */
	const char *uri;         /* REQUEST_URI=... or NULL */
	const char *qs;          /* QUERY_STRING=... or NULL */
	const char *cl;          /* CONTENT_LENGTH=... or NULL */
	const char *ct;          /* CONTENT_TYPE=... or NULL */
	const char *rid;         /* HTTP_X_REQUEST_ID=... or NULL */
	enum err e;
	const char *msg;
	const char *want_method;
	const char *want_path;
	enum api want_api;
	unsigned long long want_cl;
	const char *want_ct;
	const char *want_rid;
};

static const struct env_row env_rows[] = {
	{ "GET", "/v1/limits?x=1", "x=1", NULL, NULL, NULL, ERR_OK, "",
	    "GET", "/v1/limits", API_PARTNER, 0, NULL, "" },
	{ "GET", "/api/wallet/balance", NULL, NULL, NULL, NULL, ERR_OK, "",
	    "GET", "/api/wallet/balance", API_WALLET, 0, NULL, "" },
	{ "GET", "/v1", NULL, NULL, NULL, NULL, ERR_OK, "",
	    "GET", "/v1", API_PARTNER, 0, NULL, "" },
	{ "GET", "/v1x/a", NULL, NULL, NULL, NULL, ERR_OK, "",
	    "GET", "/v1x/a", API_WALLET, 0, NULL, "" },
	{ "GET", "/v10/a", NULL, NULL, NULL, NULL, ERR_OK, "",
	    "GET", "/v10/a", API_WALLET, 0, NULL, "" },
	{ "GET", "/api/x#frag", NULL, NULL, NULL, NULL, ERR_OK, "",
	    "GET", "/api/x", API_WALLET, 0, NULL, "" },
	{ "GET", NULL, NULL, NULL, NULL, NULL, ERR_OK, "",
	    "GET", "/", API_WALLET, 0, NULL, "" },
	{ NULL, "/v1/a", NULL, NULL, NULL, NULL, ERR_OK, "",
	    "?", "/v1/a", API_PARTNER, 0, NULL, "" },
	{ "AVERYLONGMETHODNAME", "/v1/a", NULL, NULL, NULL, NULL, ERR_OK, "",
	    "?", "/v1/a", API_PARTNER, 0, NULL, "" },
	/* Content-Length */
	{ "POST", "/v1/a", NULL, "12", "application/json", NULL, ERR_OK, "",
	    "POST", "/v1/a", API_PARTNER, 12, "application/json", "" },
	{ "POST", "/v1/a", NULL, "0", NULL, NULL, ERR_OK, "",
	    "POST", "/v1/a", API_PARTNER, 0, NULL, "" },
	{ "POST", "/v1/a", NULL, "", "", NULL, ERR_OK, "",
	    "POST", "/v1/a", API_PARTNER, 0, NULL, "" },
	{ "POST", "/v1/a", NULL, "18446744073709551615", NULL, NULL, ERR_OK, "",
	    "POST", "/v1/a", API_PARTNER, ~0ULL, NULL, "" },
	{ "POST", "/v1/a", NULL, "1x", NULL, NULL, ERR_VALIDATION, "bad Content-Length",
	    "POST", "/v1/a", API_PARTNER, 0, NULL, "" },
	{ "POST", "/v1/a", NULL, "-1", NULL, NULL, ERR_VALIDATION, "bad Content-Length",
	    "POST", "/v1/a", API_PARTNER, 0, NULL, "" },
	{ "POST", "/v1/a", NULL, " 12", NULL, NULL, ERR_VALIDATION, "bad Content-Length",
	    "POST", "/v1/a", API_PARTNER, 0, NULL, "" },
	{ "POST", "/v1/a", NULL, "012", NULL, NULL, ERR_VALIDATION, "bad Content-Length",
	    "POST", "/v1/a", API_PARTNER, 0, NULL, "" },
	{ "POST", "/v1/a", NULL, "18446744073709551616", NULL, NULL, ERR_VALIDATION,
	    "bad Content-Length", "POST", "/v1/a", API_PARTNER, 0, NULL, "" },
	/* X-Request-Id */
	{ "GET", "/v1/a", NULL, NULL, NULL, "req-1_A", ERR_OK, "",
	    "GET", "/v1/a", API_PARTNER, 0, NULL, "req-1_A" },
	{ "GET", "/v1/a", NULL, NULL, NULL, "has space", ERR_OK, "",
	    "GET", "/v1/a", API_PARTNER, 0, NULL, "" },
	{ "GET", "/v1/a", NULL, NULL, NULL, "a\r\nX-Evil: 1", ERR_OK, "",
	    "GET", "/v1/a", API_PARTNER, 0, NULL, "" },
	{ "GET", "/v1/a", NULL, NULL, NULL, "semi;colon", ERR_OK, "",
	    "GET", "/v1/a", API_PARTNER, 0, NULL, "" },
	{ "GET", "/v1/a", NULL, NULL, NULL, "caf\xc3\xa9", ERR_OK, "",
	    "GET", "/v1/a", API_PARTNER, 0, NULL, "" },
	{ "GET", "/v1/a", NULL, NULL, NULL, "", ERR_OK, "",
	    "GET", "/v1/a", API_PARTNER, 0, NULL, "" },
	{ "GET", "/v1/a", NULL, NULL, NULL,
	    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_", ERR_OK, "",
	    "GET", "/v1/a", API_PARTNER, 0, NULL,
	    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_" },
	{ "GET", "/v1/a", NULL, NULL, NULL,
	    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-", ERR_OK, "",
	    "GET", "/v1/a", API_PARTNER, 0, NULL, "" },
	/* the query is kept raw, even a bad one: it is parsed after routing */
	{ "GET", "/v1/a?a=1&a=2", "a=1&a=2", NULL, NULL, NULL, ERR_OK,
	    "", "GET", "/v1/a", API_PARTNER, 0, NULL, "" },
	{ "GET", "/v1/a?a=%zz", "a=%zz", NULL, NULL, NULL, ERR_OK,
	    "", "GET", "/v1/a", API_PARTNER, 0, NULL, "" },
};

static void
test_from_env_table(void)
{
	size_t i;

	for (i = 0; i < NELEM(env_rows); i++) {
		const struct env_row *t = &env_rows[i];
		char vars[6][200], *env[8], msg[256], label[64];
		size_t n = 0;
		struct req r;
		enum err e;

#define ADD(name, v)                                                      \
	if ((v) != NULL) {                                                \
		snprintf(vars[n], sizeof(vars[n]), "%s=%s", name, v);     \
		env[n] = vars[n];                                         \
		n++;                                                      \
	}
		ADD("REQUEST_METHOD", t->method);
		ADD("REQUEST_URI", t->uri);
		ADD("QUERY_STRING", t->qs);
		ADD("CONTENT_LENGTH", t->cl);
		ADD("CONTENT_TYPE", t->ct);
		ADD("HTTP_X_REQUEST_ID", t->rid);
#undef ADD
		env[n] = NULL;
		snprintf(label, sizeof(label), "env row %zu", i);
		e = from_env(&r, env, msg, sizeof(msg));
		UNIT_CHECK(e == t->e, "%s: err %d want %d (%s)", label, (int)e, (int)t->e,
		    msg);
		UNIT_STR_EQ(msg, t->msg, label);
		UNIT_STR_EQ(r.method, t->want_method, label);
		UNIT_STR_EQ(r.path, t->want_path, label);
		UNIT_CHECK(r.api == t->want_api, "%s: api %d want %d", label, (int)r.api,
		    (int)t->want_api);
		if (t->e == ERR_OK) {
			UNIT_CHECK(r.content_length == t->want_cl, "%s: content_length %llu want %llu",
			    label, r.content_length, t->want_cl);
			UNIT_STR_EQ(r.content_type, t->want_ct, label);
			UNIT_STR_EQ(r.query_string, t->qs, label);
			UNIT_CHECK(r.nquery == 0, "%s: query parsed early", label);
		}
		UNIT_STR_EQ(r.request_id, t->want_rid, label);
		req_free(&r);
	}
}

/* A path too long for the request is a 404 in the API the path names. */
static void
test_from_env_long_path(void)
{
	char uri[REQ_PATH_MAX + 200], *env[3], msg[256];
	struct req r;
	enum err e;
	int o;

	o = snprintf(uri, sizeof(uri), "REQUEST_URI=/v1/withdrawals/");
	memset(uri + o, 'w', REQ_PATH_MAX + 100);
	uri[o + REQ_PATH_MAX + 100] = '\0';
	env[0] = "REQUEST_METHOD=GET";
	env[1] = uri;
	env[2] = NULL;
	e = from_env(&r, env, msg, sizeof(msg));
	CU_ASSERT_EQUAL(e, ERR_NOT_FOUND);
	CU_ASSERT_STRING_EQUAL(msg, "path too long");
	CU_ASSERT_EQUAL(strlen(r.path), REQ_PATH_MAX - 1);
	UNIT_CHECK(r.api == API_PARTNER,
	    "a %d-byte /v1/ path: api %d want API_PARTNER (%d): the 404 is rendered "
	    "in the wallet envelope", REQ_PATH_MAX + 100, (int)r.api, (int)API_PARTNER);
	req_free(&r);

	/* exactly REQ_PATH_MAX - 1 bytes still fits */
	o = snprintf(uri, sizeof(uri), "REQUEST_URI=/v1/");
	memset(uri + o, 'w', REQ_PATH_MAX - 1 - 4);
	uri[o + REQ_PATH_MAX - 1 - 4] = '\0';
	e = from_env(&r, env, msg, sizeof(msg));
	CU_ASSERT_EQUAL(e, ERR_OK);
	CU_ASSERT_EQUAL(strlen(r.path), REQ_PATH_MAX - 1);
	CU_ASSERT_EQUAL(r.api, API_PARTNER);
	req_free(&r);
}

static void
test_env_lookup(void)
{
	char *env[] = {
		"REQUEST_METHODX=bad",
		"REQUEST=bad",
		"REQUEST_METHOD=GET",
		"REQUEST_METHOD=POST",
		"EMPTY=",
		"NOEQUALS",
		NULL,
	};

	UNIT_STR_EQ(req_env(env, "REQUEST_METHOD"), "GET", "first exact name wins");
	UNIT_STR_EQ(req_env(env, "REQUEST"), "bad", "REQUEST");
	UNIT_STR_EQ(req_env(env, "EMPTY"), "", "EMPTY");
	CU_ASSERT_PTR_NULL(req_env(env, "NOEQUALS"));
	CU_ASSERT_PTR_NULL(req_env(env, "REQ"));
	CU_ASSERT_PTR_NULL(req_env(env, "MISSING"));
	CU_ASSERT_PTR_NULL(req_env(NULL, "REQUEST_METHOD"));
}

int
main(void)
{
	static const struct tu_test tests[] = {
		{ "req_parse_query table", test_query_table },
		{ "req_parse_query limits", test_query_limits },
		{ "req_check_query", test_check_query },
		{ "req_is_json_type", test_json_type },
		{ "req_parse_body table", test_body_table },
		{ "req_parse_body depth (containers)", test_body_depth },
		{ "req_parse_body depth with values", test_body_depth_with_values },
		{ "req_from_env all fields", test_from_env_full },
		{ "req_from_env table", test_from_env_table },
		{ "req_from_env path too long", test_from_env_long_path },
		{ "req_env lookup", test_env_lookup },
	};

	return tu_main("req", NULL, NULL, tests, NELEM(tests));
}
