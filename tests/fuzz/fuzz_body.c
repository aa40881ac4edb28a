/*
 * fuzz_body: the JSON request body reader as the FastCGI loop runs it
 * (lib/http/app.c): the body buffered under its limit, req_parse_body
 * (one object, no duplicate keys, at most REQ_JSON_DEPTH levels), the
 * handlers' strict field readers (body_only, body_string,
 * body_opt_string, body_text) and the validation error rendered in both
 * envelopes (resp_render). Input: the raw body.
 */
#include <string.h>

#include "core/buf.h"
#include "core/strict.h"
#include "http/body.h"
#include "http/req.h"
#include "http/resp.h"

#include "fuzzutil.h"

/* A smaller limit than the 8 MiB default: the check is the same. */
#define BODY_MAX (64 * 1024)

/* Field names the handlers read (fcgi/), and one nobody sends. */
static const char *const fields[] = { "amount", "currency", "url", "secret",
	"quoteId", "from", "reference_id", "recipient_phone", "mobile_network",
	"documentType", "provider", "unknown", NULL };

/* Containers nested in j, counting j: a scalar is 0 levels. */
static int
depth_of(const json_t *j)
{
	const char *k;
	json_t *v;
	size_t i;
	int deepest = 0, d;

	if (json_is_object(j)) {
		json_object_foreach((json_t *)j, k, v)
			if ((d = depth_of(v)) > deepest)
				deepest = d;
	} else if (json_is_array(j)) {
		json_array_foreach(j, i, v)
			if ((d = depth_of(v)) > deepest)
				deepest = d;
	} else {
		return 0;
	}
	return deepest + 1;
}

/* Renders e from resp in both envelopes: each must be one JSON object. */
static void
check_render(const struct resp *resp, enum err e)
{
	static const enum api apis[] = { API_PARTNER, API_WALLET };

	for (size_t a = 0; a < 2; a++) {
		struct buf head, out;
		json_t *j;

		buf_init(&head, 64 * 1024);
		buf_init(&out, 1024 * 1024);
		FZ_CHECK(resp_render(resp, apis[a], e, "req_fuzz", &head, &out) > 0);
		j = json_loadb(out.data, out.len, JSON_REJECT_DUPLICATES, NULL);
		FZ_CHECK(json_is_object(j));
		json_decref(j);
		buf_free(&head);
		buf_free(&out);
	}
}

/* The field readers on every name of fields; what each promises. */
static void
check_fields(struct req *r)
{
	for (size_t i = 0; fields[i] != NULL; i++) {
		json_t *v = json_object_get(r->body, fields[i]);
		struct resp resp;
		const char *s;
		size_t len;
		enum err e;

		resp_init(&resp);
		e = body_string(r, &resp, fields[i], 64, &s);
		if (e == ERR_OK) {
			FZ_CHECK(json_is_string(v) && s == json_string_value(v));
			FZ_CHECK(strlen(s) >= 1 && strlen(s) <= 64);
			FZ_CHECK(strict_printable(s, strlen(s)));
		} else {
			FZ_CHECK(e == ERR_VALIDATION);
			check_render(&resp, e);
		}
		resp_free(&resp);

		resp_init(&resp);
		e = body_opt_string(r, &resp, fields[i], 16, &s);
		FZ_CHECK(e == ERR_OK || e == ERR_VALIDATION);
		if (e == ERR_OK && s == NULL)
			FZ_CHECK(v == NULL || json_is_null(v));
		resp_free(&resp);

		resp_init(&resp);
		e = body_text(r, &resp, fields[i], 1, &s, &len);
		if (e == ERR_OK)
			FZ_CHECK(json_is_string(v) && s == json_string_value(v) &&
			    len == json_string_length(v));
		else
			FZ_CHECK(e == ERR_VALIDATION && s == NULL && len == 0);
		resp_free(&resp);
	}
}

/* body_only with fields as the allowed list. */
static void
check_only(struct req *r)
{
	struct resp resp;
	const char *k;
	json_t *v;
	int all_known = 1;
	enum err e;

	json_object_foreach(r->body, k, v) {
		size_t i;

		(void)v;
		for (i = 0; fields[i] != NULL && strcmp(fields[i], k) != 0; i++)
			;
		if (fields[i] == NULL)
			all_known = 0;
	}
	resp_init(&resp);
	e = body_only(r, &resp, fields);
	FZ_CHECK((e == ERR_OK) == all_known);
	if (e != ERR_OK)
		check_render(&resp, e);
	resp_free(&resp);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char msg[256] = "";
	struct buf body;
	struct req r;
	json_t *plain;
	enum err e;

	/* as app.c: the body is read into a buffer with a hard maximum */
	buf_init(&body, BODY_MAX);
	if (buf_append(&body, data, size) != 0) {
		FZ_CHECK(size > BODY_MAX);
		buf_free(&body);
		return 0;
	}
	memset(&r, 0, sizeof(r));
	e = req_parse_body(&r, body.data ? body.data : "", body.len, msg,
	    sizeof(msg));
	/* the same text read without our rules, to check the rules against */
	plain = json_loadb(body.data ? body.data : "", body.len,
	    JSON_REJECT_DUPLICATES, NULL);
	if (e == ERR_OK) {
		FZ_CHECK(json_is_object(r.body));
		FZ_CHECK(depth_of(r.body) <= REQ_JSON_DEPTH);
		FZ_CHECK(json_equal(r.body, plain));
		check_fields(&r);
		check_only(&r);
	} else {
		FZ_CHECK(e == ERR_VALIDATION && r.body == NULL);
		FZ_CHECK(msg[0] != '\0' && strict_printable(msg, strlen(msg)));
		/* refused only for a reason the contract names */
		FZ_CHECK(!json_is_object(plain) || depth_of(plain) > REQ_JSON_DEPTH);
	}
	json_decref(plain);
	req_free(&r);
	buf_free(&body);
	return 0;
}
