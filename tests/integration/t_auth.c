/* Partner API keys and wallet JWTs against the real stack. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <time.h>

#include "core/b64.h"
#include "it.h"

static void
partner_get(const char *auth_header, struct it_resp *r)
{
	const char *h[] = { auth_header, NULL };

	CU_ASSERT_EQUAL_FATAL(it_http("GET", "/v1/limits", auth_header ? h : NULL,
	    NULL, 0, r), 0);
}

static void
test_partner_bad_keys(void)
{
	static const char *cases[] = {
		NULL,
		"Authorization: Bearer",
		"Authorization: Bearer ",
		"Authorization: Basic c2tfdGVzdF86",
		"Authorization: sk_test_abc",
		"Authorization: Bearer sk_test_short",
		"Authorization: Bearer sk_test_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
		"Authorization: Bearer sk_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
		"Authorization: Bearer sk_test_!!!!AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
	};
	struct it_resp r;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char where[160];

		snprintf(where, sizeof(where), "bad key case %zu", i);
		partner_get(cases[i], &r);
		it_assert_partner_error(&r, 401, "UNAUTHORIZED", where);
		it_resp_free(&r);
	}
}

/* A key of the right shape whose secret part is wrong must not pass. */
static void
test_partner_tampered_key(void)
{
	char key[128], auth[200];
	struct it_resp r;

	snprintf(key, sizeof(key), "%s", it_env("PARTNER_API_KEY"));
	key[strlen(key) - 1] = key[strlen(key) - 1] == 'A' ? 'B' : 'A';
	partner_get(it_bearer(key, auth, sizeof(auth)), &r);
	it_assert_partner_error(&r, 401, "UNAUTHORIZED", "tampered key");
	it_resp_free(&r);
}

/* The sandbox's key, with a live prefix, is another environment's key. */
static void
test_partner_other_environment(void)
{
	char key[128], auth[200];
	struct it_resp r;

	snprintf(key, sizeof(key), "sk_live_%s", it_env("PARTNER_API_KEY") + 8);
	partner_get(it_bearer(key, auth, sizeof(auth)), &r);
	it_assert_partner_error(&r, 401, "UNAUTHORIZED", "live key in sandbox");
	it_resp_free(&r);
}

static void
test_partner_create_use_revoke(void)
{
	char key[200], auth[260], key_id[17], args[64];
	struct it_resp r;

	CU_ASSERT_EQUAL_FATAL(it_admin("partner create --name 'IT Revoke Co' --quiet",
	    key, sizeof(key)), 0);
	CU_ASSERT_EQUAL(strncmp(key, "sk_test_", 8), 0);
	CU_ASSERT_EQUAL(strlen(key), 64);
	/* only the hash is stored */
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM api_keys WHERE key_hash = SHA2(?, 256)", key, NULL), 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM api_keys WHERE key_hash = ?", key, NULL), 0);

	partner_get(it_bearer(key, auth, sizeof(auth)), &r);
	CU_ASSERT_EQUAL(r.status, 200);
	it_resp_free(&r);

	memcpy(key_id, key + 8, 16);
	key_id[16] = '\0';
	snprintf(args, sizeof(args), "partner revoke %s", key_id);
	CU_ASSERT_EQUAL(it_admin(args, auth, sizeof(auth)), 0);
	/* each server process trusts a key it checked for
	 * auth.key_cache_seconds (2 in the test stack); after that, everywhere: */
	it_pause_ms(IT_KEY_CACHE_PASS_MS, "every process's cached key expires");
	partner_get(it_bearer(key, auth, sizeof(auth)), &r);
	it_assert_partner_error(&r, 401, "UNAUTHORIZED", "revoked key");
	it_resp_free(&r);
	/* a revoked key never authenticates again, whichever process answers */
	{
		int i, bad = 0;

		for (i = 0; i < 20; i++) {
			partner_get(it_bearer(key, auth, sizeof(auth)), &r);
			bad += r.status == 401;
			it_resp_free(&r);
		}
		CU_ASSERT_EQUAL(bad, 20);
	}
	/* revoking again finds nothing */
	CU_ASSERT_NOT_EQUAL(it_admin(args, auth, sizeof(auth)), 0);
}

static void
wallet_get(const char *token, struct it_resp *r)
{
	char auth[9000];
	const char *h[] = { it_bearer(token, auth, sizeof(auth)), NULL };

	CU_ASSERT_EQUAL_FATAL(it_http("GET", "/api/transactions", h, NULL, 0, r), 0);
}

static void
test_wallet_no_token(void)
{
	static const char *cases[] = { NULL, "Authorization: Bearer", "Authorization: Basic abc",
	    "Authorization: Token abc" };
	struct it_resp r;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *h[] = { cases[i], NULL };

		CU_ASSERT_EQUAL_FATAL(it_http("GET", "/api/transactions", cases[i] ? h : NULL,
		    NULL, 0, &r), 0);
		it_assert_wallet_error(&r, 401, "unauthorized", "no token");
		it_resp_free(&r);
	}
}

static void
test_wallet_expired(void)
{
	char *tok = it_wallet_token("it-expired-wallet", -120);
	struct it_resp r;

	wallet_get(tok, &r);
	it_assert_wallet_error(&r, 401, "token_expired", "expired token");
	it_resp_free(&r);
	free(tok);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM users WHERE wallet_id = ?",
	    "it-expired-wallet", NULL), 0);
}

static void
test_wallet_invalid(void)
{
	char *good = it_wallet_token("it-invalid-wallet", 600);
	char tampered[4096], badsig[4096], none[512], hdr[64];
	const char *cases[6];
	struct it_resp r;
	char *dot;
	size_t i;

	CU_ASSERT_PTR_NOT_NULL_FATAL(good);
	/* flip a payload character: still base64url, no longer signed */
	snprintf(tampered, sizeof(tampered), "%s", good);
	dot = strchr(tampered, '.') + 3;
	*dot = *dot == 'A' ? 'B' : 'A';
	snprintf(badsig, sizeof(badsig), "%s", good);
	badsig[strlen(badsig) - 2] = badsig[strlen(badsig) - 2] == 'A' ? 'B' : 'A';
	b64url_encode((const unsigned char *)"{\"alg\":\"none\",\"typ\":\"JWT\"}", 27,
	    hdr, sizeof(hdr));
	{
		const char *p1 = strchr(good, '.') + 1;

		snprintf(none, sizeof(none), "%s.%.*s.", hdr,
		    (int)(strchr(p1, '.') - p1), p1);
	}
	cases[0] = tampered;
	cases[1] = badsig;
	cases[2] = none;
	cases[3] = "garbage";
	cases[4] = "a.b.c";
	cases[5] = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.";
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char where[64];

		snprintf(where, sizeof(where), "invalid token case %zu", i);
		wallet_get(cases[i], &r);
		it_assert_wallet_error(&r, 401, "token_invalid", where);
		it_resp_free(&r);
	}
	free(good);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM users WHERE wallet_id = ?",
	    "it-invalid-wallet", NULL), 0);
}

/* A valid token creates the user once, at the sandbox's starting tier. */
static void
test_wallet_user_created_once(void)
{
	char wallet[64];
	char *tok;
	struct it_resp r;
	int i;

	snprintf(wallet, sizeof(wallet), "0xit%lld", (long long)time(NULL));
	tok = it_wallet_token(wallet, 600);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM users WHERE wallet_id = ?", wallet, NULL), 0);
	for (i = 0; i < 3; i++) {
		wallet_get(tok, &r);
		/* authenticated: a new user's history is one empty, final page */
		CU_ASSERT_EQUAL(r.status, 200);
		CU_ASSERT_EQUAL(json_array_size(json_object_get(r.json, "data")), 0);
		CU_ASSERT_EQUAL(json_integer_value(json_object_get(json_object_get(r.json,
		    "pagination"), "total")), 0);
		CU_ASSERT_TRUE(json_is_false(json_object_get(json_object_get(r.json,
		    "pagination"), "hasMore")));
		it_resp_free(&r);
	}
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM users WHERE wallet_id = ?", wallet, NULL), 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM users WHERE wallet_id = ? AND tier = 'basic'",
	    wallet, NULL), 1);
	free(tok);
}

int
it_suite_auth(void)
{
	static const struct tu_test tests[] = {
		{ "partner: missing, malformed, unknown keys are 401", test_partner_bad_keys },
		{ "partner: a tampered secret is 401", test_partner_tampered_key },
		{ "partner: another environment's key is 401", test_partner_other_environment },
		{ "partner: admin creates, key works, revoke disables", test_partner_create_use_revoke },
		{ "wallet: no bearer token is unauthorized", test_wallet_no_token },
		{ "wallet: expired token is token_expired", test_wallet_expired },
		{ "wallet: tampered, alg none, garbage are token_invalid", test_wallet_invalid },
		{ "wallet: first valid token creates the user once", test_wallet_user_created_once },
	};

	return tu_add_suite("authentication", NULL, NULL, tests, NELEM(tests));
}
