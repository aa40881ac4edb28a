/* Unit tests for lib/domain/apikey.c: key generation, hashing and parsing. */
#include "domain/apikey.h"

#include <CUnit/Basic.h>
#include <string.h>

#include "core/cfg.h"
#include "store/db.h"
#include "unit.h"

#define KEYLEN (8 + APIKEY_ID_CHARS + APIKEY_SECRET_CHARS)

static int
is_b62(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
	    (c >= 'A' && c <= 'Z');
}

static int
is_lower_hex(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
			return 0;
	return s[n] == '\0';
}

/* The config of the sandbox (1) or production (0), as cfg_load derives it
 * from an environment and nothing else. */
static const struct cfg *
env(int sandbox)
{
	static struct cfg c[2];
	static int loaded[2];
	char err[256];

	if (!loaded[sandbox]) {
		cfg_defaults(&c[sandbox]);
		snprintf(c[sandbox].environment, sizeof(c[sandbox].environment), "%s",
		    sandbox ? "sandbox" : "production");
		c[sandbox].sandbox = sandbox;
		UNIT_REQUIRE(cfg_load("/dev/null", &c[sandbox], err, sizeof(err)) == 0,
		    "cfg_load: %s", err);
		loaded[sandbox] = 1;
	}
	return &c[sandbox];
}

static void
test_prefix(void)
{
	CU_ASSERT_STRING_EQUAL(env(1)->apikey_prefix, "sk_test_");
	CU_ASSERT_STRING_EQUAL(env(0)->apikey_prefix, "sk_live_");
	CU_ASSERT_EQUAL(KEYLEN, 64);
}

static void
test_generate(void)
{
	int sandbox;

	for (sandbox = 0; sandbox <= 1; sandbox++) {
		char key[APIKEY_MAX], key_id[APIKEY_ID_CHARS + 1];
		char hash[APIKEY_HASH_HEX], rehash[APIKEY_HASH_HEX];
		char parsed_id[APIKEY_ID_CHARS + 1];
		const char *label = sandbox ? "sandbox" : "production";
		size_t i, bad = 0;

		memset(key, 'Z', sizeof(key));
		CU_ASSERT_EQUAL_FATAL(apikey_generate(env(sandbox), key, key_id, hash), 0);
		UNIT_CHECK(strlen(key) == KEYLEN, "%s key length %zu want %d: %s", label,
		    strlen(key), KEYLEN, key);
		UNIT_CHECK(strncmp(key, sandbox ? "sk_test_" : "sk_live_", 8) == 0,
		    "%s key prefix: %s", label, key);
		for (i = 8; i < strlen(key); i++)
			if (!is_b62(key[i]))
				bad++;
		UNIT_CHECK(bad == 0, "%s key has %zu non-base62 characters", label, bad);
		UNIT_CHECK(strlen(key_id) == APIKEY_ID_CHARS, "%s key id length %zu", label,
		    strlen(key_id));
		UNIT_CHECK(strncmp(key + 8, key_id, APIKEY_ID_CHARS) == 0,
		    "%s key id %s is not key[8..24) of %s", label, key_id, key);
		UNIT_CHECK(strlen(hash) == 64 && is_lower_hex(hash, 64),
		    "%s hash not 64 lowercase hex: %s", label, hash);
		apikey_hash(key, strlen(key), rehash);
		UNIT_STR_EQ(hash, rehash, "hash equals apikey_hash(key)");
		/* its own environment parses it; the other does not */
		UNIT_CHECK(apikey_parse(env(sandbox), key, strlen(key), parsed_id) == 0,
		    "%s: own key refused", label);
		UNIT_STR_EQ(parsed_id, key_id, "parsed key id");
		UNIT_CHECK(apikey_parse(env(!sandbox), key, strlen(key), parsed_id) == -1,
		    "%s: key accepted by the other environment", label);
	}
}

static void
test_generate_unique(void)
{
	char k1[APIKEY_MAX], k2[APIKEY_MAX];
	char id1[APIKEY_ID_CHARS + 1], id2[APIKEY_ID_CHARS + 1];
	char h1[APIKEY_HASH_HEX], h2[APIKEY_HASH_HEX];
	int i, same = 0;

	for (i = 0; i < 50; i++) {
		CU_ASSERT_EQUAL_FATAL(apikey_generate(env(1), k1, id1, h1), 0);
		CU_ASSERT_EQUAL_FATAL(apikey_generate(env(1), k2, id2, h2), 0);
		if (strcmp(k1, k2) == 0 || strcmp(id1, id2) == 0 || strcmp(h1, h2) == 0 ||
		    strcmp(k1 + 8 + APIKEY_ID_CHARS, k2 + 8 + APIKEY_ID_CHARS) == 0)
			same++;
	}
	UNIT_CHECK(same == 0, "%d of 50 key pairs shared a key, id, secret or hash", same);
}

static void
test_hash_vectors(void)
{
	char h[APIKEY_HASH_HEX];

	apikey_hash("", 0, h);
	CU_ASSERT_STRING_EQUAL(h,
	    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
	apikey_hash("abc", 3, h);
	CU_ASSERT_STRING_EQUAL(h,
	    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	/* only n bytes are hashed */
	apikey_hash("abcdef", 3, h);
	CU_ASSERT_STRING_EQUAL(h,
	    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

#define ID16 "0123456789abcdef"
#define SECRET40 "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmn"

struct parse_row {
	int sandbox;
	const char *key;
	size_t n;        /* 0 with a non-empty key: strlen */
	int rc;
};

static const struct parse_row parse_rows[] = {
	{ 1, "sk_test_" ID16 SECRET40, 0, 0 },
	{ 0, "sk_live_" ID16 SECRET40, 0, 0 },
	{ 1, "sk_test_" "zzzzzzzzzzzzzzzz" "0000000000000000000000000000000000000000", 0, 0 },
	/* the other environment's prefix */
	{ 1, "sk_live_" ID16 SECRET40, 0, -1 },
	{ 0, "sk_test_" ID16 SECRET40, 0, -1 },
	/* other prefixes */
	{ 1, "SK_TEST_" ID16 SECRET40, 0, -1 },
	{ 1, "pk_test_" ID16 SECRET40, 0, -1 },
	{ 1, "sk_test-" ID16 SECRET40, 0, -1 },
	{ 1, "xsk_test" ID16 SECRET40, 0, -1 },
	/* wrong length */
	{ 1, "sk_test_" ID16 SECRET40 "x", 0, -1 },
	{ 1, "sk_test_" ID16 "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklm", 0, -1 },
	{ 1, "sk_test_" ID16, 0, -1 },
	{ 1, "sk_test_", 0, -1 },
	{ 1, "sk_", 0, -1 },
	{ 1, "", 0, -1 },
	{ 1, "sk_test_" ID16 SECRET40, 63, -1 },
	/* non-base62 characters in the id or the secret */
	{ 1, "sk_test_" "_123456789abcdef" SECRET40, 0, -1 },
	{ 1, "sk_test_" "0123456-89abcdef" SECRET40, 0, -1 },
	{ 1, "sk_test_" ID16 "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklm_", 0, -1 },
};

static void
test_parse(void)
{
	size_t i;

	for (i = 0; i < NELEM(parse_rows); i++) {
		const struct parse_row *t = &parse_rows[i];
		size_t n = t->n ? t->n : strlen(t->key);
		char key_id[APIKEY_ID_CHARS + 1] = "untouched";
		int rc = apikey_parse(env(t->sandbox), t->key, n, key_id);

		UNIT_CHECK(rc == t->rc, "parse row %zu (%s, n=%zu): rc %d want %d", i,
		    t->sandbox ? "sandbox" : "production", n, rc, t->rc);
		if (t->rc == 0) {
			UNIT_CHECK(strlen(key_id) == APIKEY_ID_CHARS &&
			    strncmp(key_id, t->key + 8, APIKEY_ID_CHARS) == 0,
			    "parse row %zu: key id %s", i, key_id);
		}
	}
}

/* One byte of a valid 64-byte key replaced by a non-base62 byte. */
static void
test_parse_bad_chars(void)
{
	static const char bad[] = { '_', '-', ' ', '+', '/', '=', '.', '\n', '\0',
		'\x7f', '\xc3', '\xff' };
	static const size_t pos[] = { 8, 15, 23, 24, 40, 63 };
	const char *good = "sk_test_" ID16 SECRET40;
	size_t i, j;

	for (i = 0; i < NELEM(pos); i++) {
		for (j = 0; j < NELEM(bad); j++) {
			char key[KEYLEN + 1], key_id[APIKEY_ID_CHARS + 1];
			int rc;

			memcpy(key, good, KEYLEN + 1);
			key[pos[i]] = bad[j];
			rc = apikey_parse(env(1), key, KEYLEN, key_id);
			UNIT_CHECK(rc == -1, "byte 0x%02x at %zu: rc %d want -1",
			    (unsigned)(unsigned char)bad[j], pos[i], rc);
		}
	}
}

/* Authentication: a malformed key never reaches the database. */
static void
test_authenticate_db_down(void)
{
	struct cfg c;
	struct db *db;
	struct caller caller;
	const char *good = "sk_test_" ID16 SECRET40;

	cfg_defaults(&c);
	snprintf(c.db_socket, sizeof(c.db_socket), "/nonexistent/sock");
	c.db_connect_timeout = 1;
	db = db_open(&c, 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(db);
	memset(&caller, 0, sizeof(caller));
	CU_ASSERT_EQUAL(apikey_authenticate(db, env(1), "sk_live_" ID16 SECRET40, 64, NULL,
	    &caller), APIKEY_BAD);
	CU_ASSERT_EQUAL(apikey_authenticate(db, env(1), "nope", 4, NULL, &caller), APIKEY_BAD);
	CU_ASSERT_EQUAL(apikey_authenticate(db, env(1), good, strlen(good), NULL, &caller),
	    APIKEY_DB_DOWN);
	CU_ASSERT_EQUAL(caller.kind, CALLER_NONE);
	db_close(db);
}

int
main(void)
{
	static const struct tu_test tests[] = {
		{ "apikey_prefix", test_prefix },
		{ "apikey_generate shape", test_generate },
		{ "apikey_generate keys differ", test_generate_unique },
		{ "apikey_hash vectors", test_hash_vectors },
		{ "apikey_parse table", test_parse },
		{ "apikey_parse non-base62 bytes", test_parse_bad_chars },
		{ "apikey_authenticate with the database down", test_authenticate_db_down },
	};

	return tu_main("apikey", NULL, NULL, tests, NELEM(tests));
}
