/*
 * Conversions against the real stack: quote -> faucet -> convert ->
 * confirm, every error with nothing left behind, chain failure and delay,
 * and the ledger invariant after each scenario.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "itc.h"

void
itc_wallet(struct itc_wallet *w, const char *prefix, const char *tier)
{
	char args[300], out[200];

	it_unique(prefix, w->id, sizeof(w->id));
	w->token = it_wallet_token(w->id, 3600);
	snprintf(w->auth, sizeof(w->auth), "Authorization: Bearer %s", w->token);
	if (tier != NULL) {
		snprintf(args, sizeof(args), "user tier %s %s", w->id, tier);
		CU_ASSERT_EQUAL(it_admin(args, out, sizeof(out)), 0);
	}
}

void
itc_wallet_free(struct itc_wallet *w)
{
	free(w->token);
	w->token = NULL;
}

void
itc_limit(const struct itc_wallet *w, const char *category, int n)
{
	char args[300], out[200];

	snprintf(args, sizeof(args), "user limit %s %s %d", w->id, category, n);
	CU_ASSERT_EQUAL(it_admin(args, out, sizeof(out)), 0);
}

long
itc_post(const struct itc_wallet *w, const char *path, const char *key,
    const char *body, struct it_resp *r)
{
	char kh[300];
	const char *h[] = { w->auth, "Content-Type: application/json", kh, NULL };

	if (key != NULL)
		snprintf(kh, sizeof(kh), "X-Idempotency-Key: %s", key);
	else
		h[2] = NULL;
	if (it_http("POST", path, h, body, strlen(body), r) != 0)
		return -1;
	return r->status;
}

long
itc_get(const struct itc_wallet *w, const char *path, struct it_resp *r)
{
	const char *h[] = { w->auth, NULL };

	if (it_http("GET", path, h, NULL, 0, r) != 0)
		return -1;
	return r->status;
}

void
itc_faucet(const struct itc_wallet *w, const char *asset, const char *amount)
{
	char body[128];
	struct it_resp r;

	snprintf(body, sizeof(body), "{\"asset\":\"%s\",\"amount\":\"%s\"}", asset, amount);
	if (itc_post(w, "/api/sandbox/faucet", NULL, body, &r) != 200) {
		fprintf(stderr, "faucet: status %ld, body %.300s\n", r.status, r.body ? r.body : "");
		CU_FAIL("the faucet answered other than 200");
	}
	it_resp_free(&r);
}

int
itc_quote(const struct itc_wallet *w, const char *from, const char *amount,
    char *quote_id, char *receive)
{
	char path[200];
	struct it_resp r;
	json_t *d;
	int rc = -1;

	snprintf(path, sizeof(path), "/api/convert/rate?from=%s&to=GHS&amount=%s", from, amount);
	if (itc_get(w, path, &r) == 200) {
		d = json_object_get(r.json, "data");
		snprintf(quote_id, QUOTE_ID_MAX, "%s", json_string_value(json_object_get(d, "quoteId")));
		if (receive != NULL)
			snprintf(receive, 40, "%s", json_string_value(json_object_get(d, "receiveAmount")));
		rc = 0;
	}
	it_resp_free(&r);
	return rc;
}

long
itc_convert(const struct itc_wallet *w, const char *quote_id, const char *amount,
    const char *from, const char *key, struct it_resp *r)
{
	char body[256];

	snprintf(body, sizeof(body), "{\"quoteId\":\"%s\",\"amount\":\"%s\",\"from\":\"%s\"}",
	    quote_id, amount, from);
	return itc_post(w, "/api/convert/usdt-to-ghs", key, body, r);
}

long
itc_confirm(const struct itc_wallet *w, const char *conversion_id, const char *key,
    struct it_resp *r)
{
	char body[128];

	snprintf(body, sizeof(body), "{\"conversionId\":\"%s\"}", conversion_id);
	return itc_post(w, "/api/convert/confirm", key, body, r);
}

long long
itc_count(const char *what)
{
	if (strcmp(what, "conversions") == 0)
		return it_db_scalar("SELECT COUNT(*) FROM conversions", NULL, NULL);
	return it_db_scalar("SELECT COUNT(*) FROM ledger_entries", NULL, NULL);
}

static int
is_hash(const char *h)
{
	size_t i;

	if (h == NULL || strlen(h) != 66 || h[0] != '0' || h[1] != 'x')
		return 0;
	for (i = 2; i < 66; i++)
		if (!((h[i] >= '0' && h[i] <= '9') || (h[i] >= 'a' && h[i] <= 'f')))
			return 0;
	return 1;
}

/*
 * Makes transfers confirm at once. Non-zero (CUnit then fails the suite
 * and the run) when the setting cannot be written or does not read back.
 * REPLACE counts 1 row for a new setting and 2 for a replaced one.
 */
static int
suite_init(void)
{
	char v[16];

	if (it_db_exec("REPLACE INTO sim_settings VALUES ('chain.confirm_seconds', '0')",
	    NULL, NULL) < 1)
		return 1;
	if (it_db_text("SELECT value FROM sim_settings WHERE name = 'chain.confirm_seconds'",
	    NULL, NULL, v, sizeof(v)) != 0 || strcmp(v, "0") != 0)
		return 1;
	return 0;
}

static void
test_happy_path(void)
{
	struct itc_wallet w;
	char qid[QUOTE_ID_MAX], receive[40], cid[40], balance[64], path[96];
	struct it_resp c, k, k2, l;
	json_t *d;
	long long entries;

	itc_wallet(&w, "0xhappy", NULL);
	CU_ASSERT_EQUAL_FATAL(itc_quote(&w, "USDT", "12.5", qid, receive), 0);
	itc_faucet(&w, "USDT", "100");
	CU_ASSERT_EQUAL_FATAL(itc_convert(&w, qid, "12.5", "USDT", NULL, &c), 201);
	d = json_object_get(c.json, "data");
	CU_ASSERT_EQUAL(json_object_size(d), 10);
	snprintf(cid, sizeof(cid), "%s", it_str(d, "conversionId"));
	CU_ASSERT_EQUAL(strncmp(cid, "cv_", 3), 0);
	CU_ASSERT_STRING_EQUAL(it_str(d, "from"), "USDT");
	CU_ASSERT_STRING_EQUAL(it_str(d, "to"), "GHS");
	CU_ASSERT_STRING_EQUAL(it_str(d, "amount"), "12.500000");
	CU_ASSERT_STRING_EQUAL(it_str(d, "receiveAmount"), receive);
	CU_ASSERT_STRING_EQUAL(it_str(d, "status"), "processing");
	CU_ASSERT_TRUE(is_hash(it_str(d, "txHash")));
	CU_ASSERT_PTR_NOT_NULL(it_str(d, "rate"));
	CU_ASSERT_PTR_NOT_NULL(it_str(d, "fee"));
	CU_ASSERT_PTR_NOT_NULL(it_str(d, "createdAt"));
	/* the hash was stored: it is the conversion's */
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM conversions WHERE id = ? AND tx_hash = ?",
	    cid, it_str(d, "txHash")), 1);
	/* the signed quote's row appeared with the conversion, used, its
	 * caller's, at the price the id carried (decision 66) */
	{
		char sql[400];

		snprintf(sql, sizeof(sql), "SELECT COUNT(*) FROM quotes q JOIN users u ON u.id = q.user_id "
		    "JOIN conversions c ON c.quote_id = q.id WHERE q.id = ? AND u.wallet_id = ? AND "
		    "q.api = 'wallet' AND q.used_at IS NOT NULL AND q.amount = 12.5 AND "
		    "q.receive_amount = CAST('%s' AS DECIMAL(30,2)) AND c.rate = q.rate AND "
		    "q.expires_at = q.created_at + INTERVAL 300 SECOND", receive);
		CU_ASSERT_EQUAL(it_db_scalar(sql, qid, w.id), 1);
	}
	/* redeemed: the same quote again is refused */
	{
		struct it_resp again;

		itc_convert(&w, qid, "12.5", "USDT", NULL, &again);
		it_assert_wallet_error(&again, 400, "quote_expired", "quote converted twice");
		it_resp_free(&again);
	}
	/* the wallet paid on chain */
	CU_ASSERT_EQUAL(it_db_text("SELECT balance FROM sim_chain_balances WHERE wallet = ? AND asset = 'USDT'",
	    w.id, NULL, balance, sizeof(balance)), 0);
	CU_ASSERT_STRING_EQUAL(balance, "87.500000000000000000");

	CU_ASSERT_EQUAL_FATAL(itc_confirm(&w, cid, NULL, &k), 200);
	d = json_object_get(k.json, "data");
	CU_ASSERT_EQUAL(json_object_size(d), 4);
	CU_ASSERT_STRING_EQUAL(it_str(d, "conversionId"), cid);
	CU_ASSERT_STRING_EQUAL(it_str(d, "status"), "completed");
	CU_ASSERT_STRING_EQUAL(it_str(d, "ghsBalance"), receive);
	CU_ASSERT_PTR_NOT_NULL(it_str(d, "confirmedAt"));
	entries = itc_count("entries");
	/* confirming again: the same answer, nothing credited twice */
	CU_ASSERT_EQUAL(itc_confirm(&w, cid, NULL, &k2), 200);
	CU_ASSERT_STRING_EQUAL(k.body, k2.body);
	CU_ASSERT_EQUAL(itc_count("entries"), entries);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM ledger_transactions WHERE ref_id = ?", cid, NULL), 1);
	/* the user's ledger balance is the proceeds */
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM ledger_accounts a JOIN users u "
	    "ON a.code = CONCAT('user:', u.id, ':GHS') WHERE u.wallet_id = ? "
	    "AND a.balance = CAST(? AS DECIMAL(40,18))", w.id, receive), 1);
	/* the history shows it */
	CU_ASSERT_EQUAL(itc_get(&w, "/api/transactions", &l), 200);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(l.json, "data")), 1);
	CU_ASSERT_STRING_EQUAL(it_str(json_array_get(json_object_get(l.json, "data"), 0), "transactionId"), cid);
	CU_ASSERT_STRING_EQUAL(it_str(json_array_get(json_object_get(l.json, "data"), 0), "status"), "completed");
	it_resp_free(&l);
	snprintf(path, sizeof(path), "/api/transactions/%s", cid);
	CU_ASSERT_EQUAL(itc_get(&w, path, &l), 200);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(l.json, "data"), "receiveAmount"), receive);
	it_resp_free(&l);
	CU_ASSERT_EQUAL(it_worker("reconcile"), 0);
	it_resp_free(&c);
	it_resp_free(&k);
	it_resp_free(&k2);
	itc_wallet_free(&w);
}

/* Each error: its status, code and context; no conversion, no entry. */
static void
test_convert_errors(void)
{
	struct itc_wallet w, other, none;
	char qid[QUOTE_ID_MAX], big[QUOTE_ID_MAX], oq[QUOTE_ID_MAX], path[96];
	struct it_resp r;
	long long conv0, ent0;
	json_t *d;
	size_t i;
	static const char *bad_bodies[] = {
		"{}", "{\"amount\":\"10\",\"from\":\"USDT\"}", "{\"quoteId\":\"qt_x\",\"from\":\"USDT\"}",
		"{\"quoteId\":\"qt_x\",\"amount\":\"10\"}", "{\"quoteId\":1,\"amount\":\"10\",\"from\":\"USDT\"}",
		"{\"quoteId\":\"qt_x\",\"amount\":10,\"from\":\"USDT\"}",
		"{\"quoteId\":\"qt_x\",\"amount\":\"10\",\"from\":\"USDT\",\"extra\":true}",
		"{\"quoteId\":\"qt_x\"", "[]",
	};

	itc_wallet(&w, "0xerr", NULL);
	itc_wallet(&other, "0xerr-other", NULL);
	itc_wallet(&none, "0xerr-none", "none");
	/* more attempts than the 10/hour execute limit allows */
	itc_limit(&w, "convert", 1000);
	CU_ASSERT_EQUAL_FATAL(itc_quote(&w, "USDT", "10", qid, NULL), 0);
	CU_ASSERT_EQUAL_FATAL(itc_quote(&other, "USDT", "10", oq, NULL), 0);
	conv0 = itc_count("conversions");
	ent0 = itc_count("entries");

	for (i = 0; i < sizeof(bad_bodies) / sizeof(bad_bodies[0]); i++) {
		itc_post(&w, "/api/convert/usdt-to-ghs", NULL, bad_bodies[i], &r);
		it_assert_wallet_error(&r, 400, "validation_error", bad_bodies[i]);
		it_resp_free(&r);
	}
	itc_convert(&w, qid, "10", "GHSFIAT", NULL, &r);
	it_assert_wallet_error(&r, 400, "invalid_stablecoin", "from GHSFIAT");
	it_resp_free(&r);
	itc_convert(&w, qid, "10", "BTC", NULL, &r);
	it_assert_wallet_error(&r, 400, "invalid_stablecoin", "from BTC");
	it_resp_free(&r);
	itc_convert(&w, "qt_doesnotexist00000000000", "10", "USDT", NULL, &r);
	it_assert_wallet_error(&r, 404, "not_found", "unknown quote");
	it_resp_free(&r);
	itc_convert(&w, oq, "10", "USDT", NULL, &r);
	it_assert_wallet_error(&r, 404, "not_found", "another user's quote");
	it_resp_free(&r);
	itc_convert(&w, qid, "10.5", "USDT", NULL, &r);
	it_assert_wallet_error(&r, 400, "validation_error", "amount differs");
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "field"), "amount");
	it_resp_free(&r);
	itc_convert(&w, qid, "10", "USDC", NULL, &r);
	it_assert_wallet_error(&r, 400, "validation_error", "from differs");
	it_resp_free(&r);
	/* no coin in the wallet */
	itc_convert(&w, qid, "10.000000", "USDT", NULL, &r);
	it_assert_wallet_error(&r, 400, "insufficient_balance", "no coin");
	it_resp_free(&r);
	/* ...and the quote is still usable after that refusal */
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM quotes WHERE id = ? AND used_at IS NULL", qid, NULL), 1);
	/* tier none may quote but not convert */
	{
		char nq[QUOTE_ID_MAX];

		CU_ASSERT_EQUAL_FATAL(itc_quote(&none, "USDT", "10", nq, NULL), 0);
		itc_convert(&none, nq, "10", "USDT", NULL, &r);
		it_assert_wallet_error(&r, 403, "forbidden", "tier none");
		it_resp_free(&r);
	}
	/* expired: the same quote signed with the server's key, past its time */
	{
		char scope[32], uid[24], eq[QUOTE_ID_MAX], forged[QUOTE_ID_MAX];

		CU_ASSERT_EQUAL_FATAL(it_db_text("SELECT id FROM users WHERE wallet_id = ?", w.id, NULL,
		    uid, sizeof(uid)), 0);
		snprintf(scope, sizeof(scope), "w:%s", uid);
		CU_ASSERT_EQUAL_FATAL(it_quote_expire(qid, scope, eq), 0);
		itc_convert(&w, eq, "10", "USDT", NULL, &r);
		it_assert_wallet_error(&r, 400, "quote_expired", "expired quote");
		it_resp_free(&r);
		/* one character of the signed id changed: no such quote */
		snprintf(forged, sizeof(forged), "%s", qid);
		forged[10] = forged[10] == 'A' ? 'B' : 'A';
		itc_convert(&w, forged, "10", "USDT", NULL, &r);
		it_assert_wallet_error(&r, 404, "not_found", "altered quote id");
		it_resp_free(&r);
	}
	/* a quote stored before quotes were signed (schema 029) still converts
	 * once and expires as it did */
	{
		char sq[32];

		snprintf(sq, sizeof(sq), "qt_stored%016lld", (long long)time(NULL));
		CU_ASSERT_EQUAL(it_db_exec("INSERT INTO quotes (id, api, user_id, from_currency, to_currency, "
		    "amount, rate, fee_percent, gross_amount, fee, receive_amount, created_at, expires_at) "
		    "SELECT ?, 'wallet', id, 'USDT', 'GHS', 10, 15.2, 1.00, 152.00, 1.52, 150.48, "
		    "UTC_TIMESTAMP(6) - INTERVAL 10 MINUTE, UTC_TIMESTAMP(6) - INTERVAL 5 MINUTE "
		    "FROM users WHERE wallet_id = ?", sq, w.id), 1);
		itc_convert(&w, sq, "10", "USDT", NULL, &r);
		it_assert_wallet_error(&r, 400, "quote_expired", "expired stored quote");
		it_resp_free(&r);
		itc_convert(&other, sq, "10", "USDT", NULL, &r);
		it_assert_wallet_error(&r, 404, "not_found", "another user's stored quote");
		it_resp_free(&r);
	}
	/* over the basic tier's per-transaction 200.00 GHS */
	itc_faucet(&w, "USDT", "1000");
	CU_ASSERT_EQUAL_FATAL(itc_quote(&w, "USDT", "40", big, NULL), 0);
	itc_convert(&w, big, "40", "USDT", NULL, &r);
	it_assert_wallet_error(&r, 400, "limit_exceeded", "per-transaction limit");
	d = json_object_get(r.json, "data");
	CU_ASSERT_EQUAL(json_object_size(d), 5);
	CU_ASSERT_STRING_EQUAL(it_str(d, "limit"), "200.00");
	CU_ASSERT_STRING_EQUAL(it_str(d, "used"), "0.00");
	CU_ASSERT_STRING_EQUAL(it_str(d, "remaining"), "200.00");
	CU_ASSERT_STRING_EQUAL(it_str(d, "currency"), "GHS");
	CU_ASSERT_PTR_NOT_NULL(it_str(d, "resetsAt"));
	it_resp_free(&r);
	/* confirm: unknown and other people's conversions are 404 */
	itc_confirm(&w, "cv_doesnotexist0000000000000", NULL, &r);
	it_assert_wallet_error(&r, 404, "not_found", "unknown conversion");
	it_resp_free(&r);
	itc_post(&w, "/api/convert/confirm", NULL, "{\"conversionId\":5}", &r);
	it_assert_wallet_error(&r, 400, "validation_error", "conversionId not a string");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(itc_count("conversions"), conv0);
	CU_ASSERT_EQUAL(itc_count("entries"), ent0);
	/* over the basic tier's daily 500.00 GHS: 3 x 12 USDT (about 182 GHS each) */
	{
		char q[QUOTE_ID_MAX];
		int i;

		for (i = 0; i < 2; i++) {
			CU_ASSERT_EQUAL_FATAL(itc_quote(&w, "USDT", "12", q, NULL), 0);
			CU_ASSERT_EQUAL(itc_convert(&w, q, "12", "USDT", NULL, &r), 201);
			it_resp_free(&r);
		}
		CU_ASSERT_EQUAL_FATAL(itc_quote(&w, "USDT", "12", q, NULL), 0);
		conv0 = itc_count("conversions");
		itc_convert(&w, q, "12", "USDT", NULL, &r);
		it_assert_wallet_error(&r, 400, "limit_exceeded", "daily limit");
		CU_ASSERT_EQUAL(itc_count("conversions"), conv0);
		d = json_object_get(r.json, "data");
		CU_ASSERT_EQUAL(json_object_size(d), 5);
		CU_ASSERT_STRING_EQUAL(it_str(d, "limit"), "500.00");
		CU_ASSERT_STRING_EQUAL(it_str(d, "currency"), "GHS");
		CU_ASSERT_PTR_NOT_NULL(it_str(d, "resetsAt"));
		it_resp_free(&r);
	}
	snprintf(path, sizeof(path), "/api/transactions/%s", "cv_doesnotexist0000000000000");
	itc_get(&w, path, &r);
	it_assert_wallet_error(&r, 404, "not_found", "unknown transaction");
	it_resp_free(&r);
	itc_wallet_free(&w);
	itc_wallet_free(&other);
	itc_wallet_free(&none);
}

/* Another user's conversion id: 404 on confirm and on detail. */
static void
test_other_users_conversion(void)
{
	struct itc_wallet a, b;
	char qid[QUOTE_ID_MAX], cid[40], path[96];
	struct it_resp r;

	itc_wallet(&a, "0xowner", NULL);
	itc_wallet(&b, "0xintruder", NULL);
	itc_faucet(&a, "USDC", "5");
	CU_ASSERT_EQUAL_FATAL(itc_quote(&a, "USDC", "5", qid, NULL), 0);
	CU_ASSERT_EQUAL_FATAL(itc_convert(&a, qid, "5", "USDC", NULL, &r), 201);
	snprintf(cid, sizeof(cid), "%s", it_str(json_object_get(r.json, "data"), "conversionId"));
	it_resp_free(&r);
	itc_confirm(&b, cid, NULL, &r);
	it_assert_wallet_error(&r, 404, "not_found", "confirm another's");
	CU_ASSERT_PTR_NULL(it_strstr(r.body, cid));
	it_resp_free(&r);
	snprintf(path, sizeof(path), "/api/transactions/%s", cid);
	itc_get(&b, path, &r);
	it_assert_wallet_error(&r, 404, "not_found", "detail of another's");
	it_resp_free(&r);
	itc_get(&b, "/api/transactions", &r);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(r.json, "data")), 0);
	it_resp_free(&r);
	itc_wallet_free(&a);
	itc_wallet_free(&b);
}

/* Magic amounts: a fraction starting .666 fails on chain, .777 never confirms. */
static void
test_chain_failure_and_delay(void)
{
	struct itc_wallet w;
	char q1[QUOTE_ID_MAX], q2[QUOTE_ID_MAX], c1[40], c2[40];
	struct it_resp r;
	long long ent0;
	json_t *d;

	itc_wallet(&w, "0xchain", "enterprise");
	itc_faucet(&w, "USDT", "2000");
	CU_ASSERT_EQUAL_FATAL(itc_quote(&w, "USDT", "6.666", q1, NULL), 0);
	CU_ASSERT_EQUAL_FATAL(itc_quote(&w, "USDT", "7.777", q2, NULL), 0);
	CU_ASSERT_EQUAL_FATAL(itc_convert(&w, q1, "6.666", "USDT", NULL, &r), 201);
	snprintf(c1, sizeof(c1), "%s", it_str(json_object_get(r.json, "data"), "conversionId"));
	it_resp_free(&r);
	CU_ASSERT_EQUAL_FATAL(itc_convert(&w, q2, "7.777", "USDT", NULL, &r), 201);
	snprintf(c2, sizeof(c2), "%s", it_str(json_object_get(r.json, "data"), "conversionId"));
	it_resp_free(&r);
	ent0 = itc_count("entries");

	itc_confirm(&w, c1, NULL, &r);
	it_assert_wallet_error(&r, 500, "conversion_failed", "chain failure");
	d = json_object_get(r.json, "data");
	CU_ASSERT_STRING_EQUAL(it_str(d, "conversionId"), c1);
	CU_ASSERT_STRING_EQUAL(it_str(d, "status"), "failed");
	CU_ASSERT_PTR_NOT_NULL(it_str(d, "failureReason"));
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM conversions WHERE id = ? AND status = 'failed' "
	    "AND failure_reason IS NOT NULL", c1, NULL), 1);

	CU_ASSERT_EQUAL(itc_confirm(&w, c2, NULL, &r), 202);
	d = json_object_get(r.json, "data");
	CU_ASSERT_STRING_EQUAL(it_str(d, "status"), "processing");
	CU_ASSERT_TRUE(json_is_null(json_object_get(d, "ghsBalance")));
	CU_ASSERT_TRUE(json_is_null(json_object_get(d, "confirmedAt")));
	it_resp_free(&r);
	/* neither credited anything */
	CU_ASSERT_EQUAL(itc_count("entries"), ent0);
	CU_ASSERT_EQUAL(it_worker("reconcile"), 0);
	itc_wallet_free(&w);
}

/* Convert and confirm share the execute limit: 10 an hour. */
static void
test_execute_rate_limit(void)
{
	struct itc_wallet w;
	struct it_resp r;
	int i;

	itc_wallet(&w, "0xexec", NULL);
	for (i = 0; i < 10; i++) {
		itc_confirm(&w, "cv_doesnotexist0000000000000", NULL, &r);
		it_assert_wallet_error(&r, 404, "not_found", "within the limit");
		it_resp_free(&r);
	}
	itc_convert(&w, "qt_doesnotexist00000000000", "1", "USDT", NULL, &r);
	it_assert_wallet_error(&r, 429, "rate_limit_exceeded", "11th execute request");
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(json_object_get(r.json, "data"), "limit")), 10);
	it_resp_free(&r);
	itc_wallet_free(&w);
}

int
it_suite_convert(void)
{
	static const struct tu_test tests[] = {
		{ "quote, faucet, convert, confirm, history, ledger", test_happy_path },
		{ "every convert error; nothing written", test_convert_errors },
		{ "another user's conversion is 404", test_other_users_conversion },
		{ "chain failure is conversion_failed; a delay is 202", test_chain_failure_and_delay },
		{ "the 11th execute request in an hour is 429", test_execute_rate_limit },
	};

	return tu_add_suite("conversions", suite_init, NULL, tests, NELEM(tests));
}
