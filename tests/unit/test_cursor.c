/* Unit tests for lib/core/cursor.c (HMAC-bound pagination cursors). */
#include "core/cursor.h"

#include "core/b64.h"
#include "unit.h"

#include <limits.h>
#include <stdint.h>
#include <string.h>

#include <openssl/evp.h>
#include <openssl/hmac.h>

static const char url_chars[] = TU_B64URL_ALPHABET;

static const unsigned char secret[] = "test-secret-0123456789abcdef";
#define SECRET_LEN (sizeof(secret) - 1)
static const unsigned char other_secret[] = "test-secret-0123456789abcdeg";
#define OTHER_SECRET_LEN (sizeof(other_secret) - 1)

#define SCOPE "u:42|desc|type=conversion|status="

static const char id40[] = "qt_ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefgh-_0";

/* Fills pos from created and id (id must fit). */
static struct cursor_pos
make_pos(long long created, const char *id)
{
	struct cursor_pos pos;

	memset(&pos, 0, sizeof(pos));
	pos.created_us = created;
	memcpy(pos.id, id, strlen(id) + 1);
	return pos;
}

/* 1 if s is non-empty and only holds url-safe characters. */
static int
url_safe(const char *s)
{
	return s[0] != '\0' && strspn(s, url_chars) == strlen(s);
}

/* decode with the test secret; pos is pre-filled with a sentinel. */
static int
dec(const char *scope, const char *text, struct cursor_pos *pos)
{
	*pos = make_pos(-7, "sentinel");
	return cursor_decode(secret, SECRET_LEN, scope, text, pos);
}

/* 1 if pos still holds the sentinel dec() wrote. */
static int
untouched(const struct cursor_pos *pos)
{
	return pos->created_us == -7 && strcmp(pos->id, "sentinel") == 0;
}

/*
 * Builds a cursor independently of lib/core/cursor.c (one-shot HMAC()) from raw
 * fields, so decode can be fed well-tagged but ill-formed content. Writes
 * the base64url text into out (CURSOR_MAX + 1 bytes).
 */
static void
forge(unsigned char version, unsigned long long t, unsigned char idlen,
    const char *id, const char *scope, char *out)
{
	unsigned char raw[300];
	unsigned char mac[EVP_MAX_MD_SIZE];
	unsigned char msg[600];
	unsigned int maclen = 0;
	size_t n = 0, m;

	raw[n++] = version;
	for (int i = 0; i < 8; i++)
		raw[n++] = (unsigned char)(t >> (56 - 8 * i));
	raw[n++] = idlen;
	memcpy(raw + n, id, strlen(id));
	n += strlen(id);
	memcpy(msg, raw, n);
	msg[n] = 0x00;
	memcpy(msg + n + 1, scope, strlen(scope));
	m = n + 1 + strlen(scope);
	HMAC(EVP_sha256(), secret, (int)SECRET_LEN, msg, m, mac, &maclen);
	memcpy(raw + n, mac, 16);
	n += 16;
	out[0] = '\0';
	b64url_encode(raw, n, out, CURSOR_MAX + 1);
}

static void
test_round_trips(void)
{
	static const struct {
		long long created;
		const char *id;
	} rows[] = {
		{ 0, "a" },
		{ 0, "qt_0" },
		{ 1, "Z" },
		{ 1717171717171717LL, "cv_8fK2mQx9LpA3zR7tY1wN5bHc" },
		{ 1717171717171717LL, "ab" },
		{ 1717171717171717LL, "abc" },
		{ 4102444800000000LL, "-" },
		{ 4102444800000000LL, "_" },
		{ LLONG_MAX, "a-b_c" },
		{ LLONG_MAX, id40 },
		{ 255, id40 },
		{ 256, "-_-_-_" },
	};

	for (size_t i = 0; i < NELEM(rows); i++) {
		struct cursor_pos in = make_pos(rows[i].created, rows[i].id);
		struct cursor_pos out;
		char text[CURSOR_MAX + 1];
		char again[CURSOR_MAX + 1];

		UNIT_REQUIRE(cursor_encode(secret, SECRET_LEN, SCOPE, &in,
		    text) == 0, "row %zu: encode", i);
		UNIT_CHECK(url_safe(text), "row %zu: url-safe \"%s\"", i, text);
		UNIT_CHECK(strlen(text) <= CURSOR_MAX, "row %zu: length %zu",
		    i, strlen(text));
		UNIT_CHECK(cursor_encode(secret, SECRET_LEN, SCOPE, &in,
		    again) == 0 && strcmp(text, again) == 0,
		    "row %zu: deterministic", i);
		UNIT_CHECK(dec(SCOPE, text, &out) == 0, "row %zu: decode", i);
		UNIT_CHECK(out.created_us == rows[i].created,
		    "row %zu: created %lld want %lld", i, out.created_us,
		    rows[i].created);
		UNIT_STR_EQ(out.id, rows[i].id, "round trip id");
	}
}

/* The encoding is exactly the documented layout (cross-checked by forge). */
static void
test_layout(void)
{
	struct cursor_pos in = make_pos(1717171717171717LL, "qt_x-y_z");
	char text[CURSOR_MAX + 1];
	char want[CURSOR_MAX + 1];
	struct cursor_pos big = make_pos(LLONG_MAX, id40);

	UNIT_REQUIRE(cursor_encode(secret, SECRET_LEN, SCOPE, &in, text) == 0,
	    "encode");
	forge(1, 1717171717171717ULL, 8, "qt_x-y_z", SCOPE, want);
	UNIT_STR_EQ(text, want, "layout");

	/* Largest cursor: 1 + 8 + 1 + 40 + 16 = 66 bytes, 88 characters. */
	UNIT_REQUIRE(cursor_encode(secret, SECRET_LEN, SCOPE, &big, text) == 0,
	    "encode largest");
	UNIT_CHECK(strlen(text) == 88 && strlen(text) <= CURSOR_MAX,
	    "largest length %zu", strlen(text));
}

static void
test_other_scope_or_secret(void)
{
	struct cursor_pos in = make_pos(1717171717171717LL, "cv_abc");
	struct cursor_pos out;
	char text[CURSOR_MAX + 1];

	UNIT_REQUIRE(cursor_encode(secret, SECRET_LEN, "u:42|desc|type=", &in,
	    text) == 0, "encode");
	UNIT_CHECK(dec("u:42|desc|type=", text, &out) == 0, "same scope");
	UNIT_CHECK(dec("u:42|desc|type=conversion", text, &out) == -1 &&
	    untouched(&out), "filter added");
	UNIT_CHECK(dec("u:43|desc|type=", text, &out) == -1 &&
	    untouched(&out), "another owner");
	UNIT_CHECK(dec("u:42|asc|type=", text, &out) == -1, "another order");
	UNIT_CHECK(dec("", text, &out) == -1, "empty scope");
	UNIT_CHECK(dec("u:42|desc|type", text, &out) == -1, "scope prefix");

	out = make_pos(-7, "sentinel");
	UNIT_CHECK(cursor_decode(other_secret, OTHER_SECRET_LEN,
	    "u:42|desc|type=", text, &out) == -1 && untouched(&out),
	    "another secret");
	UNIT_CHECK(cursor_decode(secret, SECRET_LEN - 1, "u:42|desc|type=",
	    text, &out) == -1, "shorter secret");
}

/* Every single-character change of a valid cursor is refused. */
static void
test_alterations(void)
{
	/* idlen 1, 2, 3, 40: 27, 28, 29, 66 bytes, i.e. all tail shapes. */
	static const char *const ids[] = { "a", "ab", "abc", id40 };

	for (size_t k = 0; k < NELEM(ids); k++) {
		struct cursor_pos in = make_pos(1717171717171717LL, ids[k]);
		struct cursor_pos out;
		char text[CURSOR_MAX + 1];
		size_t len, accepted = 0;

		UNIT_REQUIRE(cursor_encode(secret, SECRET_LEN, SCOPE, &in,
		    text) == 0, "id %s: encode", ids[k]);
		len = strlen(text);
		for (size_t i = 0; i < len; i++) {
			char orig = text[i];

			for (const char *c = url_chars; *c != '\0'; c++) {
				if (*c == orig)
					continue;
				text[i] = *c;
				if (dec(SCOPE, text, &out) != -1 ||
				    !untouched(&out)) {
					accepted++;
					UNIT_CHECK(0, "id %s: pos %zu '%c'->'%c' "
					    "accepted", ids[k], i, orig, *c);
				}
			}
			text[i] = orig;
		}
		UNIT_CHECK(accepted == 0, "id %s: %zu of %zu alterations "
		    "accepted", ids[k], accepted, len * 63);
		UNIT_CHECK(dec(SCOPE, text, &out) == 0, "id %s: restored",
		    ids[k]);
	}
}

static void
test_truncation_and_appending(void)
{
	struct cursor_pos in = make_pos(1717171717171717LL, id40);
	struct cursor_pos out;
	char text[CURSOR_MAX + 1];
	char buf[CURSOR_MAX + 8];
	size_t len;

	UNIT_REQUIRE(cursor_encode(secret, SECRET_LEN, SCOPE, &in, text) == 0,
	    "encode");
	len = strlen(text);
	for (size_t n = 0; n < len; n++) {
		memcpy(buf, text, n);
		buf[n] = '\0';
		UNIT_CHECK(dec(SCOPE, buf, &out) == -1 && untouched(&out),
		    "truncated to %zu", n);
	}
	for (const char *c = url_chars; *c != '\0'; c++) {
		memcpy(buf, text, len);
		buf[len] = *c;
		buf[len + 1] = '\0';
		UNIT_CHECK(dec(SCOPE, buf, &out) == -1, "appended '%c'", *c);
		buf[len + 1] = *c;
		buf[len + 2] = '\0';
		UNIT_CHECK(dec(SCOPE, buf, &out) == -1, "appended '%c%c'", *c,
		    *c);
	}
	memcpy(buf, text, len);
	memcpy(buf + len, "AAAA", 5);
	UNIT_CHECK(dec(SCOPE, buf, &out) == -1, "appended AAAA");
	memcpy(buf + len, "=", 2);
	UNIT_CHECK(dec(SCOPE, buf, &out) == -1, "padding =");
	memcpy(buf + len, "==", 3);
	UNIT_CHECK(dec(SCOPE, buf, &out) == -1, "padding ==");
	memcpy(buf + len, " ", 2);
	UNIT_CHECK(dec(SCOPE, buf, &out) == -1, "trailing space");
	memcpy(buf + len, "\n", 2);
	UNIT_CHECK(dec(SCOPE, buf, &out) == -1, "trailing newline");
}

static void
test_garbage(void)
{
	static const char *const bad[] = {
		"", "A", "AA", "AAAA", "!!!!", "hello world", "not-a-cursor",
		"Zg==", "AQAAAAAAAAAAAWE=", "AQAAAAAAAAAAAWE", "%2F%2F",
		"abc/def+ghi", "====",
	};
	struct cursor_pos out;
	char big[CURSOR_MAX + 2];
	struct tu_rng rng;

	for (size_t i = 0; i < NELEM(bad); i++)
		UNIT_CHECK(dec(SCOPE, bad[i], &out) == -1 && untouched(&out),
		    "garbage \"%s\"", bad[i]);

	memset(big, 'A', CURSOR_MAX + 1);
	big[CURSOR_MAX + 1] = '\0';
	UNIT_CHECK(dec(SCOPE, big, &out) == -1, "CURSOR_MAX + 1 chars");
	big[CURSOR_MAX] = '\0';
	UNIT_CHECK(dec(SCOPE, big, &out) == -1, "CURSOR_MAX chars of A");

	/* Valid base64url of random bytes, every length up to 80 bytes. */
	tu_rng_seed(&rng, 0x2545f491u);
	for (size_t n = 1; n <= 80; n++) {
		unsigned char raw[80];
		char text[CURSOR_MAX + 1];

		tu_rng_bytes(&rng, raw, n);
		if (n > 10) { /* plausible header: version 1, fitting idlen */
			raw[0] = 1;
			raw[1] = 0;
			raw[9] = (unsigned char)(n >= 26 + 1 ? n - 26 : 1);
		}
		UNIT_REQUIRE(b64url_encode(raw, n, text, sizeof(text)) !=
		    (size_t)-1, "encode %zu random bytes", n);
		UNIT_CHECK(dec(SCOPE, text, &out) == -1 && untouched(&out),
		    "random %zu bytes", n);
	}
}

/* Well-tagged but ill-formed content is still refused. */
static void
test_forged_fields(void)
{
	struct cursor_pos out;
	char text[CURSOR_MAX + 1];

	forge(1, 5, 3, "abc", SCOPE, text);
	UNIT_CHECK(dec(SCOPE, text, &out) == 0 && out.created_us == 5 &&
	    strcmp(out.id, "abc") == 0, "forge control accepted");
	forge(2, 5, 3, "abc", SCOPE, text);
	UNIT_CHECK(dec(SCOPE, text, &out) == -1, "version 2");
	forge(0, 5, 3, "abc", SCOPE, text);
	UNIT_CHECK(dec(SCOPE, text, &out) == -1, "version 0");
	forge(1, 0x8000000000000000ULL, 3, "abc", SCOPE, text);
	UNIT_CHECK(dec(SCOPE, text, &out) == -1, "negative created_us");
	forge(1, UINT64_MAX, 3, "abc", SCOPE, text);
	UNIT_CHECK(dec(SCOPE, text, &out) == -1, "created_us -1");
	forge(1, 5, 3, "a/c", SCOPE, text);
	UNIT_CHECK(dec(SCOPE, text, &out) == -1, "id with /");
	forge(1, 5, 3, "a c", SCOPE, text);
	UNIT_CHECK(dec(SCOPE, text, &out) == -1, "id with space");
	forge(1, 5, 2, "\xc3\xa9", SCOPE, text);
	UNIT_CHECK(dec(SCOPE, text, &out) == -1, "non-ASCII id");
	forge(1, 5, 3, "a\0c", SCOPE, text); /* strlen 1: length mismatch */
	UNIT_CHECK(dec(SCOPE, text, &out) == -1, "declared 3, holds 1");
	forge(1, 5, 0, "", SCOPE, text);
	UNIT_CHECK(dec(SCOPE, text, &out) == -1, "empty id");
	forge(1, 5, 2, "abc", SCOPE, text);
	UNIT_CHECK(dec(SCOPE, text, &out) == -1, "declared 2, holds 3");
	forge(1, 5, 4, "abc", SCOPE, text);
	UNIT_CHECK(dec(SCOPE, text, &out) == -1, "declared 4, holds 3");
	forge(1, 5, 41, "qt_ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefgh-_01", SCOPE,
	    text);
	UNIT_CHECK(dec(SCOPE, text, &out) == -1, "id of 41");
	UNIT_CHECK(untouched(&out), "pos untouched on refusal");
}

static void
test_encode_refusals(void)
{
	struct cursor_pos pos;
	char out[CURSOR_MAX + 1];
	static const char *const bad_ids[] = {
		"", "a/b", "a b", " ", "caf\xc3\xa9", "\xff", "a+b", "a=b",
		"a.b", "a\tb", "a\nb",
	};

	for (size_t i = 0; i < NELEM(bad_ids); i++) {
		pos = make_pos(1, bad_ids[i]);
		memcpy(out, "keep", 5);
		UNIT_CHECK(cursor_encode(secret, SECRET_LEN, SCOPE, &pos,
		    out) == -1 && strcmp(out, "keep") == 0,
		    "bad id row %zu", i);
	}

	/* CURSOR_ID_MAX + 1 characters: the array holds no NUL at all. */
	memset(&pos, 0, sizeof(pos));
	pos.created_us = 1;
	memset(pos.id, 'a', sizeof(pos.id));
	UNIT_CHECK(cursor_encode(secret, SECRET_LEN, SCOPE, &pos, out) == -1,
	    "id of CURSOR_ID_MAX + 1");
	pos.id[CURSOR_ID_MAX] = '\0';
	UNIT_CHECK(cursor_encode(secret, SECRET_LEN, SCOPE, &pos, out) == 0,
	    "id of CURSOR_ID_MAX");

	pos = make_pos(-1, "abc");
	UNIT_CHECK(cursor_encode(secret, SECRET_LEN, SCOPE, &pos, out) == -1,
	    "created_us -1");
	pos = make_pos(LLONG_MIN, "abc");
	UNIT_CHECK(cursor_encode(secret, SECRET_LEN, SCOPE, &pos, out) == -1,
	    "created_us LLONG_MIN");
}

static void
test_null_arguments(void)
{
	struct cursor_pos pos = make_pos(1, "abc");
	struct cursor_pos out;
	char text[CURSOR_MAX + 1];

	UNIT_CHECK(cursor_encode(NULL, 0, SCOPE, &pos, text) == -1,
	    "encode NULL secret");
	UNIT_CHECK(cursor_encode(secret, 0, SCOPE, &pos, text) == -1,
	    "encode empty secret");
	UNIT_CHECK(cursor_encode(secret, SECRET_LEN, NULL, &pos, text) == -1,
	    "encode NULL scope");
	UNIT_CHECK(cursor_encode(secret, SECRET_LEN, SCOPE, NULL, text) == -1,
	    "encode NULL pos");
	UNIT_CHECK(cursor_encode(secret, SECRET_LEN, SCOPE, &pos, NULL) == -1,
	    "encode NULL out");
	UNIT_REQUIRE(cursor_encode(secret, SECRET_LEN, SCOPE, &pos, text) == 0,
	    "encode");
	UNIT_CHECK(cursor_decode(NULL, 0, SCOPE, text, &out) == -1,
	    "decode NULL secret");
	UNIT_CHECK(cursor_decode(secret, 0, SCOPE, text, &out) == -1,
	    "decode empty secret");
	UNIT_CHECK(cursor_decode(secret, SECRET_LEN, NULL, text, &out) == -1,
	    "decode NULL scope");
	UNIT_CHECK(cursor_decode(secret, SECRET_LEN, SCOPE, NULL, &out) == -1,
	    "decode NULL text");
	UNIT_CHECK(cursor_decode(secret, SECRET_LEN, SCOPE, text, NULL) == -1,
	    "decode NULL pos");
}

int
main(void)
{
	static const struct tu_test tests[] = {
		{ "round trips", test_round_trips },
		{ "binary layout and largest size", test_layout },
		{ "other scope, owner or secret", test_other_scope_or_secret },
		{ "every single-character alteration", test_alterations },
		{ "truncation and appending", test_truncation_and_appending },
		{ "garbage and random base64url", test_garbage },
		{ "well-tagged ill-formed fields", test_forged_fields },
		{ "encode refusals", test_encode_refusals },
		{ "NULL and empty arguments", test_null_arguments },
	};

	return tu_main("cursor", NULL, NULL, tests, NELEM(tests));
}
