/* Unit tests for lib/core/quote_token.c (signed, self-contained quote ids). */
#include "core/quote_token.h"

#include "core/b64.h"
#include "unit.h"

#include <stdio.h>
#include <string.h>

static const unsigned char key[] = "quote-key-0123456789abcdef0123456";
#define KEY_LEN (sizeof(key) - 1)
static const unsigned char other_key[] = "quote-key-0123456789abcdef0123457";

static struct quote_token
token(const char *coin, const char *amount, const char *rate, const char *fee, long long exp)
{
	struct quote_token t;

	memset(&t, 0, sizeof(t));
	snprintf(t.coin, sizeof(t.coin), "%s", coin);
	snprintf(t.amount, sizeof(t.amount), "%s", amount);
	snprintf(t.rate, sizeof(t.rate), "%s", rate);
	snprintf(t.fee_percent, sizeof(t.fee_percent), "%s", fee);
	t.expires_at = exp;
	return t;
}

/* Every coin, amounts from one base unit to the largest, round trip. */
static void
test_round_trips(void)
{
	static const struct { const char *coin, *amount, *back; } cases[] = {
		{ "USDT", "100", "100.000000" },
		{ "USDT", "0.000001", "0.000001" },
		{ "USDC", "123456789012345.123456", "123456789012345.123456" },
		{ "USDC_E", "7.5", "7.500000" },
		{ "DAI", "0.000000000000000001", "0.000000000000000001" },
		{ "DAI", "999999999999999.999999999999999999", "999999999999999.999999999999999999" },
		{ "GHSFIAT", "15", "15.00" },
	};
	char id[QUOTE_ID_MAX];
	struct quote_token t, out;
	size_t i;

	for (i = 0; i < NELEM(cases); i++) {
		t = token(cases[i].coin, cases[i].amount, "999999.99999999", "655.35", 4102444800LL);
		UNIT_REQUIRE(quote_token_encode(key, KEY_LEN, "w:42", &t, id) == 0, "encode %s", cases[i].amount);
		UNIT_CHECK(strncmp(id, "qt_", 3) == 0, "prefix");
		/* within the partner API's 64 characters, and never a stored id's shape */
		UNIT_CHECK(strlen(id) <= 64 && quote_token_shaped(id), "length %zu", strlen(id));
		UNIT_REQUIRE(quote_token_decode(key, KEY_LEN, "w:42", id, &out) == 0, "decode %s", id);
		UNIT_STR_EQ(out.coin, cases[i].coin, "coin");
		UNIT_STR_EQ(out.amount, cases[i].back, "amount");
		UNIT_STR_EQ(out.rate, "999999.99999999", "rate");
		UNIT_STR_EQ(out.fee_percent, "655.35", "fee");
		UNIT_CHECK(out.expires_at == 4102444800LL, "expiry");
	}
	/* the smallest values */
	t = token("USDT", "1", "0.00000001", "0.01", 1);
	UNIT_REQUIRE(quote_token_encode(key, KEY_LEN, "p:7", &t, id) == 0, "encode small");
	UNIT_REQUIRE(quote_token_decode(key, KEY_LEN, "p:7", id, &out) == 0, "decode small");
	UNIT_STR_EQ(out.rate, "0.00000001", "small rate");
	UNIT_STR_EQ(out.fee_percent, "0.01", "small fee");
}

/* Two quotes of the same price are two ids (the nonce): each is used once. */
static void
test_unique(void)
{
	struct quote_token t = token("USDT", "10", "15.2", "1", 2000000000LL);
	char a[QUOTE_ID_MAX], b[QUOTE_ID_MAX];

	UNIT_REQUIRE(quote_token_encode(key, KEY_LEN, "w:1", &t, a) == 0, "a");
	UNIT_REQUIRE(quote_token_encode(key, KEY_LEN, "w:1", &t, b) == 0, "b");
	UNIT_CHECK(strcmp(a, b) != 0, "distinct ids");
}

/* Another caller, the other API, another key: refused. */
static void
test_bound(void)
{
	struct quote_token t = token("USDC", "10", "15.2", "1", 2000000000LL), out;
	char id[QUOTE_ID_MAX];

	UNIT_REQUIRE(quote_token_encode(key, KEY_LEN, "w:42", &t, id) == 0, "encode");
	UNIT_CHECK(quote_token_decode(key, KEY_LEN, "w:43", id, &out) == -1, "another wallet");
	UNIT_CHECK(quote_token_decode(key, KEY_LEN, "p:42", id, &out) == -1, "the partner API");
	UNIT_CHECK(quote_token_decode(key, KEY_LEN, "w:4", id, &out) == -1, "a prefix of the scope");
	UNIT_CHECK(quote_token_decode(other_key, KEY_LEN, "w:42", id, &out) == -1, "another key");
}

/* Every single-character change, every truncation, appending: refused. */
static void
test_alterations(void)
{
	static const char alphabet[] = TU_B64URL_ALPHABET;
	struct quote_token t = token("DAI", "12.5", "15.2", "1.5", 2000000000LL), out;
	char id[QUOTE_ID_MAX], bad[QUOTE_ID_MAX + 2];
	size_t i, j, n;

	UNIT_REQUIRE(quote_token_encode(key, KEY_LEN, "p:9", &t, id) == 0, "encode");
	n = strlen(id);
	for (i = 3; i < n; i++)
		for (j = 0; alphabet[j] != '\0'; j++) {
			if (alphabet[j] == id[i])
				continue;
			memcpy(bad, id, n + 1);
			bad[i] = alphabet[j];
			/* even a change of the last character's unused bits
			 * (the same bytes): the id is its use's key */
			UNIT_CHECK(quote_token_decode(key, KEY_LEN, "p:9", bad, &out) == -1,
			    "altered at %zu to %c accepted", i, alphabet[j]);
		}
	for (i = 0; i < n; i++) {
		memcpy(bad, id, i);
		bad[i] = '\0';
		UNIT_CHECK(quote_token_decode(key, KEY_LEN, "p:9", bad, &out) == -1, "cut at %zu", i);
	}
	snprintf(bad, sizeof(bad), "%sA", id);
	UNIT_CHECK(quote_token_decode(key, KEY_LEN, "p:9", bad, &out) == -1, "appended");
	UNIT_CHECK(!quote_token_shaped("qt_5Jd8wQ2nABCDEFGHIJKLMNOP"), "a stored id is not a token");
	UNIT_CHECK(quote_token_decode(key, KEY_LEN, "p:9", "qt_5Jd8wQ2nABCDEFGHIJKLMNOP", &out) == -1,
	    "a stored id does not decode");
}

/* What a token cannot carry is refused at encoding. */
static void
test_encode_refusals(void)
{
	char id[QUOTE_ID_MAX];
	struct quote_token t;

	t = token("BTC", "1", "15", "1", 2000000000LL);
	UNIT_CHECK(quote_token_encode(key, KEY_LEN, "w:1", &t, id) == -1, "unknown coin");
	t = token("USDT", "0", "15", "1", 2000000000LL);
	UNIT_CHECK(quote_token_encode(key, KEY_LEN, "w:1", &t, id) == -1, "zero amount");
	t = token("USDT", "1.0000001", "15", "1", 2000000000LL);
	UNIT_CHECK(quote_token_encode(key, KEY_LEN, "w:1", &t, id) == -1, "too many places");
	t = token("USDT", "1", "2814749.76710656", "1", 2000000000LL);
	UNIT_CHECK(quote_token_encode(key, KEY_LEN, "w:1", &t, id) == -1, "rate over 48 bits");
	t = token("USDT", "1", "15", "655.36", 2000000000LL);
	UNIT_CHECK(quote_token_encode(key, KEY_LEN, "w:1", &t, id) == -1, "fee over 16 bits");
	t = token("USDT", "1", "15", "1", 4294967296LL);
	UNIT_CHECK(quote_token_encode(key, KEY_LEN, "w:1", &t, id) == -1, "expiry past 2106");
	t = token("USDT", "1", "15", "1", 2000000000LL);
	UNIT_CHECK(quote_token_encode(key, 0, "w:1", &t, id) == -1, "empty key");
}

int
main(void)
{
	static const struct tu_test tests[] = {
		{ "round trips, every coin, within 64 characters", test_round_trips },
		{ "the same price twice is two ids", test_unique },
		{ "bound to the caller and the key", test_bound },
		{ "alterations, truncation, appending", test_alterations },
		{ "encode refusals", test_encode_refusals },
	};

	return tu_main("quote_token", NULL, NULL, tests, NELEM(tests));
}
