/*
 * Unit tests for lib/domain/event.c: the bodies sent to webhook receivers,
 * their signatures, the partner event types; and delivery_policy, the
 * retry schedule the webhooks worker derives from the config.
 *
 * Every expected signature below was computed outside this code, with the
 * openssl command line (and checked again with Python's hmac module):
 *   hex: printf '%s' BODY | openssl dgst -sha256 -hmac SECRET
 *   std: printf '%s' "MSG_ID.TS.BODY" | openssl dgst -sha256 -hmac SECRET
 *        -binary | base64
 * (-mac HMAC -macopt hexkey:... for the key holding NUL bytes).
 */
#include "domain/event.h"
#include "domain/delivery.h"

#include <CUnit/Basic.h>
#include <stdlib.h>
#include <string.h>

#include "unit.h"

/* 1 if s is "sha256=" then exactly 64 lowercase hex digits. */
static int
sig_hex_shape(const char *s)
{
	size_t i;

	if (!unit_starts(s, "sha256=") || strlen(s) != 7 + 64)
		return 0;
	for (i = 7; s[i] != '\0'; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
			return 0;
	return 1;
}

/*
 * 1 if s is "v1," then exactly 44 characters of standard base64 that
 * encode 32 bytes: 43 of the alphabet and one '=' of padding.
 */
static int
sig_std_shape(const char *s)
{
	static const char b64[] =
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	size_t i;

	if (!unit_starts(s, "v1,") || strlen(s) != 3 + 44 || s[3 + 43] != '=')
		return 0;
	for (i = 3; i < 3 + 43; i++)
		if (strchr(b64, s[i]) == NULL)
			return 0;
	return 1;
}

struct sig_row {
	const char *secret;
	size_t slen;      /* 0: strlen(secret) */
	const char *body;
	size_t blen;      /* 0: strlen(body) */
	const char *msg_id;
	long long ts;
	const char *hex;  /* X-Cediramp-Signature */
	const char *std;  /* webhook-signature */
};

static const struct sig_row sig_rows[] = {
	{ "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", 0, "{}", 0,
	    "evt_0001", 1717000000LL,
	    "sha256=6cbbcdf2c8016ca85b50543b19e8e121ef16137967bdfa3ce660972922bafaeb",
	    "v1,Y+XOeRs2iVFWyW3M8X2DLCgslzJetABMf50ml0c2K6A=" },
	/* spaces, punctuation and quotes in the secret */
	{ "my secret: with spaces, punctuation & \"quotes\"!?", 0,
	    "{\"amount\":\"150.00\",\"currency\":\"GHS\"}", 0,
	    "evt_2bX9qLk3mN7pR4sT", 1700000000LL,
	    "sha256=071d311208a7f7fed0f3c2296e4d5b4b8a09687a1fd6873c55958f0729953a65",
	    "v1,RviwbkBO5cyVCbzibEEVnifiXlbcGQH0BYdc9dFJRbc=" },
	/* UTF-8 in the body: U+0186, U+0254, U+20B5, U+2014 */
	{ "0123456789abcdef", 0,
	    "{\"name\":\"Ama Serwaa \xc6\x86k\xc9\x94mfo\","
	    "\"note\":\"\xe2\x82\xb5 100 \xe2\x80\x94 merci\"}", 0,
	    "evt_utf8", 1LL,
	    "sha256=4cc1d192a79165f19b1342682e3223cafd40fac1d58de1a576627c965b194434",
	    "v1,2qqEhuJMmLwrTBm++OsBrQnGdx8ldvqbisGBdJaV3z4=" },
	/* a one-byte key, newlines, a timestamp past 32 bits */
	{ "k", 0, "line one\nline two\n", 0, "evt_x", 9999999999LL,
	    "sha256=471861577b7ce30d524f8d408b8db9e84dfb7f5f1593d8d2218a121fb1f413f3",
	    "v1,e+3xvU3kWR4Azka5yRCH5pD58lMqd4ExR6ZbralS1Ik=" },
	/* NUL bytes in key and body: the lengths count, not strlen */
	{ "key\0with\0\0nul", 13, "a\0b", 3, "evt_nul", 0LL,
	    "sha256=88c7e09f0264ed7afa4e0b98be0da4538ad1d0819a3385cd3092206bfbcc88ca",
	    "v1,97zRou1joHhO81EJJquSrAjKUW+vzUbJBWrvD3+2Y2o=" },
	/* only the first blen bytes of the body are signed: row 0 again */
	{ "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", 0, "{}, not signed", 2,
	    "evt_0001", 1717000000LL,
	    "sha256=6cbbcdf2c8016ca85b50543b19e8e121ef16137967bdfa3ce660972922bafaeb",
	    "v1,Y+XOeRs2iVFWyW3M8X2DLCgslzJetABMf50ml0c2K6A=" },
};

static void
test_sig_vectors(void)
{
	size_t i;

	for (i = 0; i < NELEM(sig_rows); i++) {
		const struct sig_row *t = &sig_rows[i];
		size_t slen = t->slen ? t->slen : strlen(t->secret);
		size_t blen = t->blen ? t->blen : strlen(t->body);
		char hex[EVENT_SIG_HEX_LEN + 1], std[EVENT_SIG_STD_MAX], label[32];
		int rc;

		snprintf(label, sizeof(label), "sig row %zu", i);
		memset(hex, 'x', sizeof(hex));
		rc = event_sig_hex(t->secret, slen, t->body, blen, hex, sizeof(hex));
		UNIT_CHECK(rc == 0, "%s: event_sig_hex rc %d", label, rc);
		if (rc == 0) {
			UNIT_STR_EQ(hex, t->hex, label);
			UNIT_CHECK(sig_hex_shape(hex), "%s: hex shape \"%.80s\"", label, hex);
		}
		memset(std, 'x', sizeof(std));
		rc = event_sig_std(t->secret, slen, t->msg_id, t->ts, t->body, blen, std,
		    sizeof(std));
		UNIT_CHECK(rc == 0, "%s: event_sig_std rc %d", label, rc);
		if (rc == 0) {
			UNIT_STR_EQ(std, t->std, label);
			UNIT_CHECK(sig_std_shape(std), "%s: std shape \"%.80s\"", label, std);
		}
	}
}

/* The Standard Webhooks signature covers the id and the timestamp too. */
static void
test_sig_std_covers_id_and_ts(void)
{
	const struct sig_row *t = &sig_rows[0];
	char a[EVENT_SIG_STD_MAX], b[EVENT_SIG_STD_MAX], c[EVENT_SIG_STD_MAX];

	CU_ASSERT_EQUAL_FATAL(event_sig_std(t->secret, strlen(t->secret), t->msg_id, t->ts,
	    t->body, 2, a, sizeof(a)), 0);
	CU_ASSERT_EQUAL_FATAL(event_sig_std(t->secret, strlen(t->secret), t->msg_id,
	    t->ts + 1, t->body, 2, b, sizeof(b)), 0);
	CU_ASSERT_EQUAL_FATAL(event_sig_std(t->secret, strlen(t->secret), "evt_0002", t->ts,
	    t->body, 2, c, sizeof(c)), 0);
	UNIT_STR_EQ(a, t->std, "ts and id as in row 0");
	UNIT_CHECK(strcmp(a, b) != 0, "a later timestamp signs the same: %s", b);
	UNIT_CHECK(strcmp(a, c) != 0, "another msg_id signs the same: %s", c);
	UNIT_CHECK(sig_std_shape(b) && sig_std_shape(c), "shapes \"%s\" \"%s\"", b, c);
}

/* Too small a buffer is -1 and the buffer is left as it was. */
static void
test_sig_small_cap(void)
{
	static const struct { int std; size_t cap; int rc; } rows[] = {
		{ 0, 0, -1 },
		{ 0, 1, -1 },
		{ 0, EVENT_SIG_HEX_LEN, -1 },     /* no room for the NUL */
		{ 0, EVENT_SIG_HEX_LEN + 1, 0 },
		{ 1, 0, -1 },
		{ 1, 3 + 44, -1 },                /* no room for the NUL */
		{ 1, 3 + 44 + 1, 0 },
		{ 1, EVENT_SIG_STD_MAX, 0 },
	};
	const struct sig_row *t = &sig_rows[1];
	size_t i, j;

	for (i = 0; i < NELEM(rows); i++) {
		char buf[EVENT_SIG_STD_MAX + EVENT_SIG_HEX_LEN + 1];
		int rc;

		memset(buf, '#', sizeof(buf));
		if (rows[i].std)
			rc = event_sig_std(t->secret, strlen(t->secret), t->msg_id, t->ts,
			    t->body, strlen(t->body), buf, rows[i].cap);
		else
			rc = event_sig_hex(t->secret, strlen(t->secret), t->body,
			    strlen(t->body), buf, rows[i].cap);
		UNIT_CHECK(rc == rows[i].rc, "cap row %zu (%s, cap %zu): rc %d want %d", i,
		    rows[i].std ? "std" : "hex", rows[i].cap, rc, rows[i].rc);
		if (rows[i].rc == 0 && rc == 0) {
			UNIT_STR_EQ(buf, rows[i].std ? t->std : t->hex, "cap row");
			continue;
		}
		for (j = 0; j < sizeof(buf) && buf[j] == '#'; j++)
			;
		UNIT_CHECK(j == sizeof(buf), "cap row %zu: byte %zu written on -1", i, j);
	}
}

/* A partner event whose stored data has spacing, escapes and an order of
 * keys that is not alphabetical; the body keeps that order, compact. */
static const char partner_data[] =
    "{ \"withdrawal_id\" : \"wd_7Hs2Kq\",\n"
    "  \"status\": \"completed\", \"amount\": \"150.00\",\n"
    "  \"fee\": {\"z\": 1, \"a\": [true, null, -3]},\n"
    "  \"note\": \"\\u20b5 paid \\/ ok\" }";

static const char partner_body[] =
    "{\"id\":\"evt_4fGh7JkL9mNpQrSt\",\"type\":\"withdrawal.completed\","
    "\"created_at\":\"2024-05-29T10:15:30Z\",\"event\":\"withdrawal.completed\","
    "\"timestamp\":\"2024-05-29T10:15:30Z\","
    "\"data\":{\"withdrawal_id\":\"wd_7Hs2Kq\",\"status\":\"completed\","
    "\"amount\":\"150.00\",\"fee\":{\"z\":1,\"a\":[true,null,-3]},"
    "\"note\":\"\xe2\x82\xb5 paid / ok\"}}";

static void
partner_event(struct event *ev, const char *data)
{
	memset(ev, 0, sizeof(*ev));
	snprintf(ev->id, sizeof(ev->id), "evt_4fGh7JkL9mNpQrSt");
	snprintf(ev->type, sizeof(ev->type), "withdrawal.completed");
	ev->kind = OUTBOX_PARTNER;
	snprintf(ev->created_at, sizeof(ev->created_at), "2024-05-29T10:15:30Z");
	ev->data = data;
}

static void
test_body_partner(void)
{
	static const char s1[] = "partner secret one!", s2[] = "another, different secret";
	struct event ev;
	char *a = NULL, *b = NULL;
	size_t alen = 0, blen = 0;

	partner_event(&ev, partner_data);
	a = event_body(&ev, s1, strlen(s1), &alen);
	b = event_body(&ev, s2, strlen(s2), &blen);
	UNIT_REQUIRE(a != NULL && b != NULL, "partner body: NULL");
	UNIT_STR_EQ(a, partner_body, "partner body");
	UNIT_CHECK(alen == sizeof(partner_body) - 1 && alen == strlen(a),
	    "partner body: len %zu want %zu", alen, sizeof(partner_body) - 1);
	/* the partner body is not signed inside: the secret changes nothing */
	UNIT_CHECK(blen == alen && memcmp(a, b, alen) == 0,
	    "partner body differs with another secret: \"%.300s\"", b);
	UNIT_CHECK(!unit_contains(a, "signature"), "partner body has a signature");
	free(a);
	free(b);

	/* an empty data object */
	partner_event(&ev, "{}");
	a = event_body(&ev, s1, strlen(s1), &alen);
	UNIT_STR_EQ(a, "{\"id\":\"evt_4fGh7JkL9mNpQrSt\",\"type\":\"withdrawal.completed\","
	    "\"created_at\":\"2024-05-29T10:15:30Z\",\"event\":\"withdrawal.completed\","
	    "\"timestamp\":\"2024-05-29T10:15:30Z\",\"data\":{}}", "partner {}");
	UNIT_CHECK(a != NULL && alen == strlen(a), "partner {}: len %zu", alen);
	free(a);
}

/* The envelope as a JSON value: the same members and order as the body. */
static void
test_envelope(void)
{
	struct event ev;
	json_t *o;
	char *text;

	partner_event(&ev, partner_data);
	o = event_envelope(&ev);
	UNIT_REQUIRE(o != NULL, "event_envelope: NULL");
	CU_ASSERT_EQUAL(json_object_size(o), 6);
	UNIT_STR_EQ(json_string_value(json_object_get(o, "id")), "evt_4fGh7JkL9mNpQrSt",
	    "envelope id");
	UNIT_STR_EQ(json_string_value(json_object_get(o, "event")), "withdrawal.completed",
	    "envelope event");
	UNIT_STR_EQ(json_string_value(json_object_get(o, "timestamp")),
	    "2024-05-29T10:15:30Z", "envelope timestamp");
	CU_ASSERT_EQUAL(json_object_size(json_object_get(o, "data")), 5);
	text = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER);
	UNIT_STR_EQ(text, partner_body, "envelope dumped");
	free(text);
	json_decref(o);
}

static const char wallet_data[] =
    "{\"payout_id\": \"po_123\", \"amount\": \"25.50\",\n"
    " \"recipient\": {\"phone\": \"+233241234567\", \"name\": \"Kofi \\u0186\"}}";

/* What the wallet signature covers: the payload without its signature. */
static const char wallet_unsigned[] =
    "{\"event\":\"payout.completed\",\"id\":\"evt_9ZyXwVuTsRqPoNmL\","
    "\"timestamp\":\"2024-06-01T08:00:00Z\","
    "\"data\":{\"payout_id\":\"po_123\",\"amount\":\"25.50\","
    "\"recipient\":{\"phone\":\"+233241234567\",\"name\":\"Kofi \xc6\x86\"}}}";

#define WALLET_SECRET1 "wallet secret #1: don't share!"
#define WALLET_SECRET2 "wallet secret #2: another one!"
/* openssl dgst -sha256 -hmac SECRET over wallet_unsigned */
#define WALLET_SIG1 "sha256=da770526545ba172a0ea757defbb58ed888529fbc69b4f07f377295566bee15d"
#define WALLET_SIG2 "sha256=ee51aebaf636943d1f7e87ed5dd76725c6ae507d44864da0e7cdb5cd50a9ac7e"

static const char wallet_body1[] =
    "{\"event\":\"payout.completed\",\"id\":\"evt_9ZyXwVuTsRqPoNmL\","
    "\"timestamp\":\"2024-06-01T08:00:00Z\","
    "\"data\":{\"payout_id\":\"po_123\",\"amount\":\"25.50\","
    "\"recipient\":{\"phone\":\"+233241234567\",\"name\":\"Kofi \xc6\x86\"}},"
    "\"signature\":\"" WALLET_SIG1 "\"}";

static void
wallet_event(struct event *ev, const char *data)
{
	memset(ev, 0, sizeof(*ev));
	snprintf(ev->id, sizeof(ev->id), "evt_9ZyXwVuTsRqPoNmL");
	snprintf(ev->type, sizeof(ev->type), "payout.completed");
	ev->kind = OUTBOX_USER;
	snprintf(ev->created_at, sizeof(ev->created_at), "2024-06-01T08:00:00Z");
	ev->data = data;
}

/*
 * Does what the wallet spec tells a receiver to do: removes the last
 * `,"signature":"sha256=<64 hex>"` from body (len bytes) into out (cap
 * bytes) and the signature into sig (EVENT_SIG_HEX_LEN + 1). 0, or -1
 * when the body does not end that way.
 */
static int
wallet_unsign(const char *body, size_t len, char *out, size_t cap, char *sig)
{
	static const char pre[] = ",\"signature\":\"";
	size_t member = (sizeof(pre) - 1) + EVENT_SIG_HEX_LEN + 1; /* + closing quote */
	size_t at;

	if (len < member + 1 || body[len - 1] != '}' || body[len - 2] != '"')
		return -1;
	at = len - 1 - member;
	if (memcmp(body + at, pre, sizeof(pre) - 1) != 0 || len - member + 1 > cap)
		return -1;
	memcpy(sig, body + at + sizeof(pre) - 1, EVENT_SIG_HEX_LEN);
	sig[EVENT_SIG_HEX_LEN] = '\0';
	memcpy(out, body, at);
	memcpy(out + at, "}", 2);
	return 0;
}

static void
test_body_wallet(void)
{
	struct event ev;
	char *a = NULL, *b = NULL, *again = NULL;
	char unsigned_a[512], unsigned_b[512];
	char sig_a[EVENT_SIG_HEX_LEN + 1], sig_b[EVENT_SIG_HEX_LEN + 1];
	char check[EVENT_SIG_HEX_LEN + 1];
	size_t alen = 0, blen = 0, againlen = 0;

	wallet_event(&ev, wallet_data);
	a = event_body(&ev, WALLET_SECRET1, strlen(WALLET_SECRET1), &alen);
	UNIT_REQUIRE(a != NULL, "wallet body: NULL");
	UNIT_STR_EQ(a, wallet_body1, "wallet body");
	UNIT_CHECK(alen == sizeof(wallet_body1) - 1 && alen == strlen(a),
	    "wallet body: len %zu want %zu", alen, sizeof(wallet_body1) - 1);

	/* the receiver's check: remove the member, sign what is left */
	UNIT_REQUIRE(wallet_unsign(a, alen, unsigned_a, sizeof(unsigned_a), sig_a) == 0,
	    "wallet body does not end with the signature member: \"%.300s\"", a);
	UNIT_STR_EQ(unsigned_a, wallet_unsigned, "wallet body unsigned");
	UNIT_STR_EQ(sig_a, WALLET_SIG1, "embedded signature");
	UNIT_CHECK(sig_hex_shape(sig_a), "embedded signature shape \"%s\"", sig_a);
	CU_ASSERT_EQUAL(event_sig_hex(WALLET_SECRET1, strlen(WALLET_SECRET1), unsigned_a,
	    strlen(unsigned_a), check, sizeof(check)), 0);
	UNIT_STR_EQ(check, sig_a, "event_sig_hex of the unsigned bytes");

	/* the same event again is the same bytes (a redelivery) */
	again = event_body(&ev, WALLET_SECRET1, strlen(WALLET_SECRET1), &againlen);
	UNIT_CHECK(again != NULL && againlen == alen && memcmp(again, a, alen) == 0,
	    "wallet body not the same the second time: \"%.300s\"", again ? again : "(null)");

	/* another secret: the same unsigned bytes, another signature */
	b = event_body(&ev, WALLET_SECRET2, strlen(WALLET_SECRET2), &blen);
	UNIT_REQUIRE(b != NULL, "wallet body, secret 2: NULL");
	UNIT_REQUIRE(wallet_unsign(b, blen, unsigned_b, sizeof(unsigned_b), sig_b) == 0,
	    "wallet body 2 does not end with the signature member: \"%.300s\"", b);
	UNIT_STR_EQ(unsigned_b, wallet_unsigned, "wallet body 2 unsigned");
	UNIT_STR_EQ(sig_b, WALLET_SIG2, "embedded signature 2");
	UNIT_CHECK(strcmp(sig_a, sig_b) != 0, "two secrets, one signature %s", sig_a);
	free(a);
	free(b);
	free(again);
}

/* Data that is not one JSON object makes no body and no envelope. */
static void
test_body_not_object(void)
{
	static const char *const rows[] = {
		"[]",
		"not json",
		NULL,
		"",
		"\"text\"",
		"42",
		"null",
		"{",
		"{}x",                     /* trailing bytes */
		"{} {}",
		"{\"a\":1,\"a\":2}",       /* duplicate key */
		"{\"a\":\"\xc3\x28\"}",    /* not UTF-8 */
	};
	size_t i, k;

	for (i = 0; i < NELEM(rows); i++)
		for (k = 0; k < 2; k++) {
			struct event ev;
			char *body;
			size_t len = 12345;

			if (k == 0)
				partner_event(&ev, rows[i]);
			else
				wallet_event(&ev, rows[i]);
			body = event_body(&ev, WALLET_SECRET1, strlen(WALLET_SECRET1), &len);
			UNIT_CHECK(body == NULL, "not-object row %zu (%s) \"%s\": body \"%.200s\"",
			    i, k ? "wallet" : "partner", rows[i] ? rows[i] : "(NULL)",
			    body ? body : "(null)");
			free(body);
			if (k == 0) {
				json_t *o = event_envelope(&ev);

				UNIT_CHECK(o == NULL, "not-object row %zu \"%s\": an envelope", i,
				    rows[i] ? rows[i] : "(NULL)");
				json_decref(o);
			}
		}
}

static void
test_partner_types(void)
{
	/* the partner spec's event types, in its order (withdrawal.cancelled:
	 * issue 24's cancel) */
	static const char *const known[] = {
		"withdrawal.pending", "withdrawal.processing", "withdrawal.completed",
		"withdrawal.failed", "withdrawal.cancelled", "payment_intent.pending_approval",
		"payment_intent.approved", "payment_intent.completed",
		"payment_intent.rejected", "payment_intent.cancelled",
		"payment_intent.expired", "payment_intent.failed",
	};
	static const char *const unknown[] = {
		"payout.completed", "", "withdrawal.PENDING", "withdrawal.pending ",
		" withdrawal.pending", "withdrawal", "withdrawal.", "payment_intent.",
		"withdrawal.pendingx", "withdrawal_pending", "payment_intent.approve",
		"withdrawal.canceled",
	};
	size_t i;

	for (i = 0; i < NELEM(known); i++) {
		UNIT_CHECK(event_partner_type_known(known[i]) == 1, "\"%s\" not known",
		    known[i]);
		UNIT_STR_EQ(event_partner_types[i], known[i], "event_partner_types order");
	}
	UNIT_CHECK(event_partner_types[NELEM(known)] == NULL,
	    "event_partner_types has more than %zu types", NELEM(known));
	for (i = 0; i < NELEM(unknown); i++)
		UNIT_CHECK(event_partner_type_known(unknown[i]) == 0, "\"%s\" known",
		    unknown[i]);
	CU_ASSERT_EQUAL(event_partner_type_known(NULL), 0);
}

/*
 * The config as a program gets it from a file that sets only environment
 * and the given webhooks keys (0: not in the file): they are set over the
 * defaults, then cfg_load of an empty file decides the rest as it would.
 */
static int
cfg_webhooks(struct cfg *c, const char *env, unsigned long long policy,
    unsigned long long divisor, unsigned long long timeout_seconds)
{
	char err[256] = "";
	int rc;

	cfg_defaults(c);
	if (strcmp(env, "production") == 0) {
		snprintf(c->environment, sizeof(c->environment), "production");
		c->sandbox = 0;
	}
	c->wh_policy = policy;
	if (divisor != 0)
		c->wh_clock_divisor = divisor;
	c->wh_timeout_seconds = timeout_seconds;
	rc = cfg_load("/dev/null", c, err, sizeof(err));
	UNIT_CHECK(rc == 0, "cfg_load(/dev/null) in %s: rc %d (%s)", env, rc, err);
	return rc;
}

struct policy_row {
	const char *label;
	const char *env;
	unsigned long long policy;        /* 0: the environment's */
	unsigned long long divisor;
	unsigned long long timeout_seconds; /* 0: the policy's */
	unsigned n;
	long long delay_us[5];
	long long timeout_ms;
};

static void
test_delivery_policy(void)
{
	static const struct policy_row rows[] = {
		{ "sandbox default", "sandbox", 0, 1, 0, 3,
		    { 1000000LL, 4000000LL, 16000000LL }, 10000 },
		{ "production default", "production", 0, 1, 0, 5,
		    { 60000000LL, 300000000LL, 1800000000LL, 7200000000LL, 86400000000LL },
		    30000 },
		{ "policy 1 in the sandbox", "sandbox", 1, 1, 0, 5,
		    { 60000000LL, 300000000LL, 1800000000LL, 7200000000LL, 86400000000LL },
		    30000 },
		{ "policy 2 in production", "production", 2, 1, 0, 3,
		    { 1000000LL, 4000000LL, 16000000LL }, 10000 },
		/* seconds * 1e6 / 28800, rounded down */
		{ "policy 1 / 28800", "production", 0, 28800, 0, 5,
		    { 2083, 10416, 62500, 250000, 3000000 }, 30000 },
		{ "policy 2 / 28800", "sandbox", 0, 28800, 0, 3,
		    { 34, 138, 555 }, 10000 },
		{ "timeout 3 s", "sandbox", 0, 1, 3, 3,
		    { 1000000LL, 4000000LL, 16000000LL }, 3000 },
		{ "timeout 120 s", "production", 0, 1000000, 120, 5,
		    { 60, 300, 1800, 7200, 86400 }, 120000 },
	};
	size_t i, j;

	for (i = 0; i < NELEM(rows); i++) {
		const struct policy_row *t = &rows[i];
		struct delivery_policy p;
		struct cfg c;

		if (cfg_webhooks(&c, t->env, t->policy, t->divisor, t->timeout_seconds) != 0)
			continue;
		memset(&p, 0x5a, sizeof(p));
		delivery_policy(&c, &p);
		UNIT_CHECK(p.n == t->n, "%s: n %u want %u", t->label, p.n, t->n);
		UNIT_CHECK(p.timeout_ms == t->timeout_ms, "%s: timeout_ms %lld want %lld",
		    t->label, p.timeout_ms, t->timeout_ms);
		for (j = 0; j < NELEM(p.delay_us); j++) {
			long long want = j < t->n ? t->delay_us[j] : 0;

			UNIT_CHECK(p.delay_us[j] == want, "%s: delay_us[%zu] %lld want %lld",
			    t->label, j, p.delay_us[j], want);
		}
	}
}

int
main(void)
{
	static const struct tu_test tests[] = {
		{ "signature vectors (openssl)", test_sig_vectors },
		{ "webhook-signature covers id and timestamp", test_sig_std_covers_id_and_ts },
		{ "signature buffers too small", test_sig_small_cap },
		{ "partner body bytes", test_body_partner },
		{ "partner envelope", test_envelope },
		{ "wallet body bytes and signature", test_body_wallet },
		{ "data that is not an object", test_body_not_object },
		{ "partner event types", test_partner_types },
		{ "delivery_policy from the config", test_delivery_policy },
	};

	return tu_main("event", NULL, NULL, tests, NELEM(tests));
}
