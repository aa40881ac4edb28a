/*
 * fuzz_momo: the MTN MoMo answer parsers (providers/momo_wire.h:
 * momo_wire_status, momo_wire_name, momo_wire_reason, momo_ref_valid) on
 * a made-up body, and the momo_http adapter reading the same body as a
 * provider's answer (tests/fuzz/fake_http.c stands in for libcurl):
 * token parsing, then the classification momo.h documents. Input:
 *   op (1 byte: lookup, transfer status, request-to-pay status, transfer,
 *   request to pay), the token answer (2 bytes; unless the first has bit
 *   0x80 the token call succeeds), the call's answer (2 bytes), a buffer
 *   size (1 byte), then the answer body, NUL, the token body, NUL, and
 *   the number or reference asked about.
 */
#include <stdlib.h>
#include <string.h>

#include "core/strict.h"
#include "providers/momo.h"
#include "providers/momo_wire.h"

#include "fake_http.h"
#include "fuzzutil.h"

#define NAME_ROOM 1024 /* more than any body's name: nothing cut */

static const char good_token[] = "{\"access_token\":\"fuzz-token\",\"expires_in\":3600}";

/* 1 when s is well-formed UTF-8 (Jansson's strings are). */
static int
utf8_ok(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	while (*p != '\0') {
		size_t n = *p < 0x80 ? 1 : (*p & 0xe0) == 0xc0 ? 2 :
		    (*p & 0xf0) == 0xe0 ? 3 : (*p & 0xf8) == 0xf0 ? 4 : 0;

		if (n == 0)
			return 0;
		for (size_t k = 1; k < n; k++)
			if ((p[k] & 0xc0) != 0x80)
				return 0;
		p += n;
	}
	return 1;
}

/* 8-4-4-4-12 hex digits. */
static int
uuid_form(const char *s)
{
	if (strlen(s) != 36)
		return 0;
	for (size_t i = 0; i < 36; i++) {
		int dash = i == 8 || i == 13 || i == 18 || i == 23;

		if (dash ? s[i] != '-' : strict_hexval(s[i]) < 0)
			return 0;
	}
	return 1;
}

/* The wire readers on body, with cap-byte buffers of exactly that size. */
static void
check_wire(const json_t *body, size_t cap)
{
	char *name = malloc(cap), *reason = malloc(cap), whole[NAME_ROOM];
	struct momo_status st;
	enum momo_rc rc;

	FZ_CHECK(name != NULL && reason != NULL);
	rc = momo_wire_name(body, whole, sizeof(whole));
	FZ_CHECK(momo_wire_name(body, name, cap) == rc);
	FZ_CHECK(rc == MOMO_OK || rc == MOMO_UNAVAILABLE);
	FZ_CHECK(memchr(name, '\0', cap) != NULL);
	FZ_CHECK(fz_no_controls(name) && utf8_ok(name));
	/* a name too long is cut: what is left is the start of the name */
	FZ_CHECK(strncmp(whole, name, strlen(name)) == 0);

	momo_wire_reason(json_object_get(body, "reason"), reason, cap);
	FZ_CHECK(memchr(reason, '\0', cap) != NULL);
	FZ_CHECK(strict_printable(reason, strlen(reason)));
	momo_wire_reason(body, reason, cap);
	FZ_CHECK(strict_printable(reason, strlen(reason)));

	rc = momo_wire_status(body, &st);
	FZ_CHECK(rc == MOMO_OK || rc == MOMO_UNAVAILABLE);
	if (rc == MOMO_OK) {
		FZ_CHECK(st.state == MOMO_PENDING || st.state == MOMO_SUCCESSFUL ||
		    st.state == MOMO_FAILED);
		FZ_CHECK(memchr(st.reason, '\0', sizeof(st.reason)) != NULL &&
		    strict_printable(st.reason, strlen(st.reason)));
		FZ_CHECK(memchr(st.financial_id, '\0', sizeof(st.financial_id)) != NULL &&
		    strict_printable(st.financial_id, strlen(st.financial_id)));
		if (st.state == MOMO_FAILED)
			FZ_CHECK(st.reason[0] != '\0');
	}
	free(name);
	free(reason);
}

/* What a read (lookup, status) must return for the answer a. */
static enum momo_rc
read_expected(const struct fake_answer *a, const json_t *body, int status_read)
{
	const char *code;

	if (!a->answered)
		return a->timed_out ? MOMO_TIMEOUT : MOMO_UNAVAILABLE;
	if (a->status == 404) {
		code = json_string_value(json_object_get(body, "code"));
		return !status_read || (code != NULL &&
		    strcmp(code, "RESOURCE_NOT_FOUND") == 0) ?
		    MOMO_NOT_FOUND : MOMO_UNAVAILABLE;
	}
	if (a->status == 504)
		return MOMO_TIMEOUT;
	return MOMO_UNAVAILABLE; /* 200 is the parsers' */
}

/* What a send (transfer, request to pay) must return for the answer a. */
static enum momo_rc
send_expected(const struct fake_answer *a)
{
	if (!a->answered)
		return a->sent ? MOMO_IN_DOUBT : MOMO_UNAVAILABLE;
	if (a->status == 202)
		return MOMO_OK;
	if (a->status == 409)
		return MOMO_DUPLICATE;
	if (a->status == 401)
		return MOMO_UNAVAILABLE;
	return a->status >= 400 && a->status < 500 ? MOMO_REFUSED : MOMO_IN_DOUBT;
}

/* One adapter call with answers[0] (token) and answers[1] (the call). */
static void
check_adapter(unsigned op, const struct fake_answer *answers, const json_t *body,
    const char *ident, size_t cap)
{
	static const char ref[] = "0b5a2f8e-3c1d-4e6f-9a7b-1c2d3e4f5a6b";
	struct prov_endpoint ep;
	struct momo_status st;
	char *name = malloc(cap), why[200];
	const char *id = ident[0] != '\0' ? ident : NULL;
	enum momo_rc rc, want;
	size_t calls;

	FZ_CHECK(name != NULL);
	memset(&ep, 0, sizeof(ep));
	memcpy(ep.url, "http://127.0.0.1:9", 19);
	ep.timeout_ms = 1000;
	momo_http_forget_tokens();
	fake_http_set(answers, 2);
	switch (op) {
	case 0:
		rc = momo_http.lookup(&ep, id ? id : "233241234567", name, cap);
		break;
	case 1:
		rc = momo_http.transfer_status(&ep, id ? id : ref, &st);
		break;
	case 2:
		rc = momo_http.request_to_pay_status(&ep, id ? id : ref, &st);
		break;
	case 3:
		rc = momo_http.transfer(&ep, id ? id : ref, "233241234567", "10.00",
		    "GHS", "ext-1", "fuzz", why, sizeof(why));
		break;
	default:
		rc = momo_http.request_to_pay(&ep, id ? id : ref, "233241234567",
		    "10.00", "GHS", "ext-1", "fuzz", why, sizeof(why));
		break;
	}
	calls = fake_http_calls();
	FZ_CHECK(calls <= 2); /* a new token is never refused twice */
	if (calls == 0) {
		/* nothing asked: a number or reference no call can carry */
		want = op == 0 ? MOMO_NOT_FOUND : op <= 2 ? MOMO_UNAVAILABLE :
		    MOMO_REFUSED;
	} else if (calls == 1) {
		want = MOMO_UNAVAILABLE; /* no token */
	} else if (op <= 2) {
		want = read_expected(&answers[1], body, op != 0);
		if (answers[1].answered && answers[1].status == 200)
			want = op == 0 ? momo_wire_name(body, name, cap) :
			    momo_wire_status(body, &st);
	} else {
		want = send_expected(&answers[1]);
	}
	FZ_CHECK(rc == want);
	if (op >= 3)
		FZ_CHECK(memchr(why, '\0', sizeof(why)) != NULL &&
		    strict_printable(why, strlen(why)));
	/* a send goes out exactly when its reference is a UUID */
	if (op >= 3)
		FZ_CHECK((calls == 0) == !momo_ref_valid(id ? id : ref));
	free(name);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fz_in in = { data, size };
	unsigned op = fz_byte(&in) % 5;
	uint8_t th = fz_byte(&in), ts = fz_byte(&in);
	uint8_t ch = fz_byte(&in), cs = fz_byte(&in);
	size_t cap = fz_byte(&in) % 200 + 1, blen, tlen;
	char *body_text = fz_cut(&in, '\0', &blen);
	char *token_text = fz_cut(&in, '\0', &tlen);
	char *ident = fz_cut(&in, '\0', NULL);
	struct fake_answer answers[2];
	json_t *body = json_loadb(body_text, blen, JSON_REJECT_DUPLICATES, NULL);

	FZ_CHECK(momo_ref_valid(ident) == uuid_form(ident));
	check_wire(body, cap);
	if (th & 0x80) {
		answers[0] = fake_http_answer(th, ts);
		answers[0].body = token_text;
		answers[0].len = tlen;
	} else {
		answers[0] = fake_http_answer(1, 0); /* 200 */
		answers[0].body = good_token;
		answers[0].len = strlen(good_token);
	}
	answers[1] = fake_http_answer(ch, cs);
	answers[1].body = body_text;
	answers[1].len = blen;
	check_adapter(op, answers, body, ident, cap);
	json_decref(body);
	free(body_text);
	free(token_text);
	free(ident);
	return 0;
}
