/*
 * fuzz_cursor: the pagination cursor decoder (cursor_decode) under a fixed
 * secret and scope, and the encoder's round trip. Input: a mode byte, then
 *   even: cursor text as a client sends it (a query value: a C string);
 *   odd:  created_us (8 bytes), a position byte, then an id: encoded,
 *         decoded (the same position must come back), and decoded with
 *         another scope, another secret, one character changed or one
 *         dropped (each must be refused).
 */
#include <stdlib.h>
#include <string.h>

#include "core/cursor.h"

#include "fuzzutil.h"

static const unsigned char secret[32] = "fuzz-cursor-secret-0123456789abc";
static const unsigned char other_secret[32] = "fuzz-cursor-secret-0123456789abX";
static const char scope[] = "u:42|desc|type=conversion|status=";
static const char other_scope[] = "u:43|desc|type=conversion|status=";

/* 1 when id is 1..CURSOR_ID_MAX characters of [A-Za-z0-9_-]. */
static int
id_valid(const char *id)
{
	size_t n = strlen(id);

	if (n == 0 || n > CURSOR_ID_MAX)
		return 0;
	for (size_t i = 0; i < n; i++) {
		char c = id[i];

		if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
		    (c >= '0' && c <= '9') || c == '-' || c == '_'))
			return 0;
	}
	return 1;
}

/* Decodes text under secret/scope; what success promises. */
static int
decode(const unsigned char *key, const char *sc, const char *text,
    struct cursor_pos *pos)
{
	char again[CURSOR_MAX + 1];
	int rc = cursor_decode(key, sizeof(secret), sc, text, pos);

	FZ_CHECK(rc == 0 || rc == -1);
	if (rc == 0) {
		FZ_CHECK(pos->created_us >= 0 && id_valid(pos->id));
		/* strict base64url: the text is the one encoding of pos */
		FZ_CHECK(cursor_encode(key, sizeof(secret), sc, pos, again) == 0);
		FZ_CHECK(strcmp(again, text) == 0);
	}
	return rc;
}

static void
fuzz_text(struct fz_in *in)
{
	char *text = fz_cut(in, '\0', NULL);
	struct cursor_pos pos;

	if (decode(secret, scope, text, &pos) == 0) {
		FZ_CHECK(decode(secret, other_scope, text, &pos) == -1);
		FZ_CHECK(decode(other_secret, scope, text, &pos) == -1);
	}
	free(text);
}

static void
fuzz_round_trip(struct fz_in *in)
{
	static const char alphabet[] =
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
	struct cursor_pos pos, got;
	char text[CURSOR_MAX + 1];
	size_t n, at;
	char *id;
	int rc;

	memset(&pos, 0, sizeof(pos));
	pos.created_us = (long long)fz_u64(in);
	at = fz_byte(in);
	id = fz_cut(in, '\0', NULL);
	/* up to the whole field: an unterminated 41-character id too */
	n = strlen(id) < sizeof(pos.id) ? strlen(id) : sizeof(pos.id);
	memcpy(pos.id, id, n);
	rc = cursor_encode(secret, sizeof(secret), scope, &pos, text);
	FZ_CHECK(rc == (pos.created_us >= 0 && n < sizeof(pos.id) &&
	    id_valid(pos.id) ? 0 : -1));
	if (rc == 0) {
		n = strlen(text);
		FZ_CHECK(n > 0 && n <= CURSOR_MAX);
		FZ_CHECK(decode(secret, scope, text, &got) == 0);
		FZ_CHECK(got.created_us == pos.created_us &&
		    strcmp(got.id, pos.id) == 0);
		FZ_CHECK(decode(secret, other_scope, text, &got) == -1);
		FZ_CHECK(decode(other_secret, scope, text, &got) == -1);
		at %= n;
		/* another character of the alphabet (1..63 places on) */
		text[at] = alphabet[((size_t)(strchr(alphabet, text[at]) - alphabet) +
		    1 + at % 63) % 64];
		FZ_CHECK(decode(secret, scope, text, &got) == -1);
		text[n - 1] = '\0';
		FZ_CHECK(decode(secret, scope, text, &got) == -1);
	}
	free(id);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fz_in in = { data, size };

	if (fz_byte(&in) & 1)
		fuzz_round_trip(&in);
	else
		fuzz_text(&in);
	return 0;
}
