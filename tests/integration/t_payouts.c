/*
 * Wallet payouts against the real stack and the mobile money simulator:
 * beneficiary verification by the sandbox's magic suffixes, transfers with
 * their ledger, the worker settling them (completed, failed and refunded
 * once, in doubt, re-sent once when never seen, pending forever), every
 * error with nothing written, idempotency and races, and other users' ids.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "itc.h"

static long long
count_of(const char *table, const struct itc_wallet *w)
{
	char sql[200];

	snprintf(sql, sizeof(sql), "SELECT COUNT(*) FROM %s t JOIN users u ON u.id = t.user_id "
	    "WHERE u.wallet_id = ?", table);
	return it_db_scalar(sql, w->id, NULL);
}

static int
suite_init(void)
{
	/* settle at once: the tests run the worker when they mean to */
	return it_db_exec("REPLACE INTO sim_settings (name, value) VALUES "
	    "('momo.settle_seconds', '0'), ('chain.confirm_seconds', '0')", NULL, NULL) >= 1 ? 0 : 1;
}

/* ---- beneficiaries ---- */

static void
test_verify(void)
{
	struct itc_wallet w;
	struct it_resp r;
	char ph[20], ph101[20];
	json_t *d;

	itc_payout_wallet(&w, "0xben", NULL);
	itc_phone(555, ph, sizeof(ph));
	CU_ASSERT_EQUAL(itc_verify(&w, "MTN", ph, "Kofi Mensah", &r), 201);
	d = json_object_get(r.json, "data");
	CU_ASSERT_EQUAL(json_object_size(d), 8);
	CU_ASSERT(it_strncmp(it_str(d, "beneficiaryId") ? it_str(d, "beneficiaryId") : "", "bn_", 3) == 0);
	CU_ASSERT_STRING_EQUAL(it_str(d, "provider"), "MTN");
	CU_ASSERT_STRING_EQUAL(it_str(d, "providerName"), "MTN Mobile Money");
	CU_ASSERT_STRING_EQUAL(it_str(d, "phone"), ph);
	CU_ASSERT_STRING_EQUAL(it_str(d, "accountName"), "Kofi Mensah");
	CU_ASSERT_STRING_EQUAL(it_str(d, "country"), "GH");
	CU_ASSERT_STRING_EQUAL(it_str(d, "currency"), "GHS");
	CU_ASSERT_PTR_NOT_NULL(it_str(d, "createdAt"));
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM beneficiaries WHERE id = ? AND phone = ?",
	    it_str(d, "beneficiaryId"), ph), 1);
	it_resp_free(&r);
	/* the same phone and provider again: 409; another provider is another account */
	CU_ASSERT_EQUAL(itc_verify(&w, "MTN", ph, "Kofi Mensah", &r), 409);
	it_assert_wallet_error(&r, 409, "duplicate_beneficiary", "same phone and provider");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(itc_verify(&w, "TELECEL", ph, "Kofi Mensah", &r), 201);
	it_resp_free(&r);
	/* 101 is registered to Ama Serwaa Boateng: case, spaces and order do not matter */
	itc_phone(101, ph101, sizeof(ph101));
	CU_ASSERT_EQUAL(itc_verify(&w, "AIRTELTIGO", ph101, "Kofi Mensah", &r), 400);
	it_assert_wallet_error(&r, 400, "verification_failed", "another name");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(itc_verify(&w, "AIRTELTIGO", ph101, "  boateng AMA   serwaa ", &r), 201);
	it_resp_free(&r);
	/* that lookup is now kept (providers.lookup_cache_seconds): the name
	 * is still compared, for another wallet too */
	{
		struct itc_wallet w2;

		itc_payout_wallet(&w2, "0xben2", NULL);
		CU_ASSERT_EQUAL(itc_verify(&w2, "AIRTELTIGO", ph101, "Kofi Mensah", &r), 400);
		it_assert_wallet_error(&r, 400, "verification_failed", "another name, cached lookup");
		it_resp_free(&r);
		CU_ASSERT_EQUAL(itc_verify(&w2, "AIRTELTIGO", ph101, "Ama Serwaa Boateng", &r), 201);
		it_resp_free(&r);
		itc_wallet_free(&w2);
	}
	CU_ASSERT_EQUAL(count_of("beneficiaries", &w), 3);
	itc_wallet_free(&w);
}

static void
test_verify_errors(void)
{
	struct itc_wallet w;
	struct it_resp r;
	char ph[20], body[512];
	long long before;
	size_t i;
	struct { const char *body; long status; const char *code; } rows[] = {
		{ "{\"phone\":\"%s\",\"accountName\":\"A B\"}", 400, "validation_error" },
		{ "{\"provider\":\"MTN\",\"accountName\":\"A B\"}", 400, "validation_error" },
		{ "{\"provider\":\"MTN\",\"phone\":\"%s\"}", 400, "validation_error" },
		{ "{\"provider\":7,\"phone\":\"%s\",\"accountName\":\"A B\"}", 400, "validation_error" },
		{ "{\"provider\":\"MTN\",\"phone\":\"%s\",\"accountName\":[]}", 400, "validation_error" },
		{ "{\"provider\":\"MTN\",\"phone\":\"%s\",\"accountName\":\"\"}", 400, "validation_error" },
		{ "{\"provider\":\"MTN\",\"phone\":\"%s\",\"accountName\":\"A B\",\"x\":1}", 400, "validation_error" },
		{ "{\"provider\":\"MTN\",\"phone\":\"%s\",\"accountName\":\"A B\",\"country\":\"NG\"}", 404, "provider_not_found" },
		{ "{\"provider\":\"MTN\",\"phone\":\"%s\",\"accountName\":\"A B\",\"currency\":\"USD\"}", 400, "invalid_currency" },
		{ "{\"provider\":\"VODAFONE\",\"phone\":\"%s\",\"accountName\":\"A B\"}", 400, "invalid_provider" },
		{ "{\"provider\":\"mtn\",\"phone\":\"%s\",\"accountName\":\"A B\"}", 400, "invalid_provider" },
		{ "{\"provider\":\"MTN\",\"phone\":\"0241234567\",\"accountName\":\"A B\"}", 400, "invalid_phone_format" },
		{ "{\"provider\":\"MTN\",\"phone\":\"+233301234567\",\"accountName\":\"A B\"}", 400, "invalid_phone_format" },
		{ "{\"provider\":\"MTN\",\"phone\":\"+2332412345678\",\"accountName\":\"A B\"}", 400, "invalid_phone_format" },
		{ "{\"provider\":\"MTN\",\"phone\":\"+234241234567\",\"accountName\":\"A B\"}", 400, "invalid_phone_format" },
		{ "{\"provider\":\"MTN\",\"phone\":\"+233241234100\",\"accountName\":\"A B\"}", 400, "verification_failed" },
		{ "{\"provider\":\"MTN\",\"phone\":\"+233241234102\",\"accountName\":\"A B\"}", 504, "provider_timeout" },
		{ "{\"provider\":\"MTN\",\"phone\":\"+233241234103\",\"accountName\":\"A B\"}", 503, "provider_unavailable" },
		{ "{\"provider\":\"MTN\",", 400, "validation_error" },
	};

	itc_payout_wallet(&w, "0xbenerr", NULL);
	itc_phone(556, ph, sizeof(ph));
	before = it_db_scalar("SELECT COUNT(*) FROM beneficiaries", NULL, NULL);
	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		char where[64];

		snprintf(body, sizeof(body), rows[i].body, ph);
		snprintf(where, sizeof(where), "verify row %zu", i);
		itc_post(&w, "/api/mobile-money/verify", NULL, body, &r);
		it_assert_wallet_error(&r, rows[i].status, rows[i].code, where);
		it_resp_free(&r);
	}
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM beneficiaries", NULL, NULL), before);
	/* no token */
	CU_ASSERT_EQUAL(it_http("POST", "/api/mobile-money/verify",
	    (const char *const[]){ "Content-Type: application/json", NULL }, "{}", 2, &r), 0);
	it_assert_wallet_error(&r, 401, "unauthorized", "verify without a token");
	it_resp_free(&r);
	itc_wallet_free(&w);
}

static void
test_beneficiary_pages_and_owners(void)
{
	struct itc_wallet a, b;
	struct it_resp r;
	char id[3][40], next[400], path[512];
	int i;

	itc_payout_wallet(&a, "0xbenpage", NULL);
	itc_payout_wallet(&b, "0xbenother", NULL);
	for (i = 0; i < 3; i++)
		itc_beneficiary(&a, "MTN", 600 + i, id[i]);
	CU_ASSERT_EQUAL(itc_get(&a, "/api/beneficiaries?limit=2", &r), 200);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(r.json, "data")), 2);
	CU_ASSERT_STRING_EQUAL(it_str(json_array_get(json_object_get(r.json, "data"), 0),
	    "beneficiaryId"), id[2]);
	CU_ASSERT(json_is_true(json_object_get(json_object_get(r.json, "pagination"), "hasMore")));
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(json_object_get(r.json, "pagination"),
	    "total")), 3);
	snprintf(next, sizeof(next), "%s", it_str(json_object_get(r.json, "pagination"), "cursor"));
	it_resp_free(&r);
	snprintf(path, sizeof(path), "/api/beneficiaries?limit=2&cursor=%s", next);
	CU_ASSERT_EQUAL(itc_get(&a, path, &r), 200);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(r.json, "data")), 1);
	CU_ASSERT_STRING_EQUAL(it_str(json_array_get(json_object_get(r.json, "data"), 0),
	    "beneficiaryId"), id[0]);
	CU_ASSERT(json_is_false(json_object_get(json_object_get(r.json, "pagination"), "hasMore")));
	CU_ASSERT(json_is_null(json_object_get(json_object_get(r.json, "pagination"), "cursor")));
	it_resp_free(&r);
	/* the cursor is a's: b gets 400; b sees none of a's */
	CU_ASSERT_EQUAL(itc_get(&b, path, &r), 400);
	it_assert_wallet_error(&r, 400, "validation_error", "someone else's cursor");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(itc_get(&b, "/api/beneficiaries", &r), 200);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(r.json, "data")), 0);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(json_object_get(r.json, "pagination"),
	    "total")), 0);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(itc_get(&a, "/api/beneficiaries?limit=0", &r), 400);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(itc_get(&a, "/api/beneficiaries?order=up", &r), 400);
	it_resp_free(&r);
	/* b cannot pay to a's beneficiary */
	itc_fund(&b, "12");
	CU_ASSERT_EQUAL(itc_transfer(&b, id[0], "10", NULL, &r), 404);
	it_assert_wallet_error(&r, 404, "beneficiary_not_found", "someone else's beneficiary");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(count_of("payouts", &b), 0);
	itc_wallet_free(&a);
	itc_wallet_free(&b);
}

/* ---- transfers ---- */

static void
test_transfer_completes(void)
{
	struct itc_wallet w, other;
	struct it_resp r;
	char bid[40], pid[64], avail0[40], pend[40], avail[40], want[40], path[128];
	json_t *d;

	itc_payout_wallet(&w, "0xpay", NULL);
	itc_payout_wallet(&other, "0xpayother", NULL);
	itc_fund(&w, "12");
	itc_beneficiary(&w, "MTN", 777, bid);
	itc_balances(&w, avail0, pend);
	CU_ASSERT_STRING_EQUAL(pend, "0.00");
	CU_ASSERT_EQUAL(itc_transfer(&w, bid, "50.5", NULL, &r), 201);
	d = json_object_get(r.json, "data");
	CU_ASSERT_EQUAL(json_object_size(d), 11);
	snprintf(pid, sizeof(pid), "%s", it_str(d, "transactionId") ? it_str(d, "transactionId") : "");
	CU_ASSERT(strncmp(pid, "po_", 3) == 0);
	CU_ASSERT_STRING_EQUAL(it_str(d, "beneficiaryId"), bid);
	CU_ASSERT_STRING_EQUAL(it_str(d, "provider"), "MTN");
	CU_ASSERT_STRING_EQUAL(it_str(d, "amount"), "50.50");
	CU_ASSERT_STRING_EQUAL(it_str(d, "currency"), "GHS");
	CU_ASSERT_STRING_EQUAL(it_str(d, "fee"), "1.00");
	CU_ASSERT_STRING_EQUAL(it_str(d, "status"), "processing");
	CU_ASSERT(json_is_null(json_object_get(d, "reference")));
	CU_ASSERT_STRING_EQUAL(it_str(d, "estimatedArrival"), "1-5 minutes");
	it_resp_free(&r);
	/* held: amount and fee left the balance and are pending */
	itc_balances(&w, avail, pend);
	CU_ASSERT_STRING_EQUAL(pend, "51.50");
	itc_ghs_sub(avail0, "51.50", want, sizeof(want));
	CU_ASSERT_STRING_EQUAL(avail, want);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT sends FROM payouts WHERE id = ?", pid, NULL), 1);
	/* the worker settles it from the provider's status */
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	itc_balances(&w, avail, pend);
	CU_ASSERT_STRING_EQUAL(pend, "0.00");
	CU_ASSERT_STRING_EQUAL(avail, want);
	snprintf(path, sizeof(path), "/api/transactions/%s", pid);
	CU_ASSERT_EQUAL(itc_get(&w, path, &r), 200);
	d = json_object_get(r.json, "data");
	CU_ASSERT_EQUAL(json_object_size(d), 17);
	CU_ASSERT_STRING_EQUAL(it_str(d, "type"), "payout");
	CU_ASSERT_STRING_EQUAL(it_str(d, "status"), "completed");
	CU_ASSERT_STRING_EQUAL(it_str(d, "providerName"), "MTN Mobile Money");
	CU_ASSERT_STRING_EQUAL(it_str(d, "accountName"), "Kofi Mensah");
	CU_ASSERT_EQUAL(it_str(d, "providerReference") ? it_strlen(it_str(d, "providerReference")) : 0, 36);
	CU_ASSERT_PTR_NOT_NULL(it_str(d, "processingAt"));
	CU_ASSERT_PTR_NOT_NULL(it_str(d, "completedAt"));
	CU_ASSERT(json_is_null(json_object_get(d, "failureReason")));
	it_resp_free(&r);
	/* ledger: the network's settlement account got the amount, fees the fee */
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM ledger_transactions WHERE ref_id = ? "
	    "AND kind IN ('payout.hold', 'payout.completed')", pid, NULL), 2);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM ledger_transactions WHERE ref_id = ? "
	    "AND kind = 'payout.refund'", pid, NULL), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM outbox_events WHERE ref_id = ? "
	    "AND type = 'payout.completed'", pid, NULL), 1);
	/* listed with the spec's item fields; another user gets 404 */
	CU_ASSERT_EQUAL(itc_get(&w, "/api/transactions?type=payout", &r), 200);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(r.json, "data")), 1);
	CU_ASSERT_EQUAL(json_object_size(json_array_get(json_object_get(r.json, "data"), 0)), 12);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(json_object_get(r.json, "pagination"),
	    "total")), 1);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(itc_get(&w, "/api/transactions", &r), 200);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(r.json, "data")), 2);
	CU_ASSERT_STRING_EQUAL(it_str(json_array_get(json_object_get(r.json, "data"), 0), "type"),
	    "payout");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(itc_get(&other, path, &r), 404);
	it_assert_wallet_error(&r, 404, "not_found", "someone else's payout");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_worker("reconcile"), 0);
	itc_wallet_free(&w);
	itc_wallet_free(&other);
}

static void
test_transfer_errors(void)
{
	struct itc_wallet w, none, poor;
	struct it_resp r;
	char bid[40], tbid[40], pbid[40], body[512], ref[128];
	long long payouts0;
	size_t i;
	json_t *d;
	struct { const char *amount, *currency; long status; const char *code; } rows[] = {
		{ "0", "GHS", 400, "invalid_amount" },
		{ "-5", "GHS", 400, "invalid_amount" },
		{ "5.001", "GHS", 400, "invalid_amount" },
		{ "1e3", "GHS", 400, "invalid_amount" },
		{ "abc", "GHS", 400, "invalid_amount" },
		{ "4.99", "GHS", 400, "invalid_amount" },
		{ "10000.01", "GHS", 400, "invalid_amount" },
		{ "10", "USD", 400, "invalid_currency" },
		{ "10", "BTC", 400, "invalid_currency" },
	};

	itc_payout_wallet(&w, "0xpayerr", NULL);
	itc_payout_wallet(&none, "0xpaynone", "none");
	itc_payout_wallet(&poor, "0xpaypoor", NULL);
	itc_fund(&w, "12");
	itc_beneficiary(&w, "MTN", 778, bid);
	itc_beneficiary(&w, "TELECEL", 779, tbid);
	itc_beneficiary(&poor, "MTN", 780, pbid);
	payouts0 = it_db_scalar("SELECT COUNT(*) FROM payouts", NULL, NULL);
	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		char where[64];

		snprintf(body, sizeof(body), "{\"beneficiaryId\":\"%s\",\"amount\":\"%s\","
		    "\"currency\":\"%s\"}", bid, rows[i].amount, rows[i].currency);
		snprintf(where, sizeof(where), "transfer row %zu", i);
		itc_post(&w, "/api/mobile-money/transfer", NULL, body, &r);
		it_assert_wallet_error(&r, rows[i].status, rows[i].code, where);
		it_resp_free(&r);
	}
	/* the network's bounds, with context */
	itc_transfer(&w, tbid, "5000.01", NULL, &r);
	it_assert_wallet_error(&r, 400, "invalid_amount", "above TELECEL's maximum");
	d = json_object_get(r.json, "data");
	CU_ASSERT_STRING_EQUAL(it_str(d, "minAmount"), "5.00");
	CU_ASSERT_STRING_EQUAL(it_str(d, "maxAmount"), "5000.00");
	CU_ASSERT_STRING_EQUAL(it_str(d, "currency"), "GHS");
	it_resp_free(&r);
	/* the basic tier's per-transaction maximum is 200.00 */
	itc_transfer(&w, bid, "200.01", NULL, &r);
	it_assert_wallet_error(&r, 400, "limit_exceeded", "per-transaction maximum");
	CU_ASSERT_EQUAL(json_object_size(json_object_get(r.json, "data")), 5);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "limit"), "200.00");
	it_resp_free(&r);
	/* more than the balance, with context */
	itc_transfer(&poor, pbid, "10", NULL, &r);
	it_assert_wallet_error(&r, 400, "insufficient_balance", "no GHS");
	d = json_object_get(r.json, "data");
	CU_ASSERT_STRING_EQUAL(it_str(d, "available"), "0.00");
	CU_ASSERT_STRING_EQUAL(it_str(d, "required"), "11.00");
	CU_ASSERT_STRING_EQUAL(it_str(d, "currency"), "GHS");
	it_resp_free(&r);
	/* tier none */
	itc_transfer(&none, "bn_whatever", "10", NULL, &r);
	it_assert_wallet_error(&r, 403, "forbidden", "tier none");
	it_resp_free(&r);
	/* unknown beneficiary; bad bodies */
	itc_transfer(&w, "bn_doesnotexist00000000000", "10", NULL, &r);
	it_assert_wallet_error(&r, 404, "beneficiary_not_found", "unknown beneficiary");
	it_resp_free(&r);
	memset(ref, 'r', 101);
	ref[101] = '\0';
	snprintf(body, sizeof(body), "{\"beneficiaryId\":\"%s\",\"amount\":\"10\",\"currency\":\"GHS\","
	    "\"reference\":\"%s\"}", bid, ref);
	itc_post(&w, "/api/mobile-money/transfer", NULL, body, &r);
	it_assert_wallet_error(&r, 400, "validation_error", "101-character reference");
	it_resp_free(&r);
	itc_post(&w, "/api/mobile-money/transfer", NULL, "{\"amount\":\"10\",\"currency\":\"GHS\"}", &r);
	it_assert_wallet_error(&r, 400, "validation_error", "no beneficiaryId");
	it_resp_free(&r);
	snprintf(body, sizeof(body), "{\"beneficiaryId\":\"%s\",\"amount\":10,\"currency\":\"GHS\"}", bid);
	itc_post(&w, "/api/mobile-money/transfer", NULL, body, &r);
	it_assert_wallet_error(&r, 400, "validation_error", "a numeric amount");
	it_resp_free(&r);
	itc_post(&w, "/api/mobile-money/transfer", NULL, "{\"beneficiaryId\":", &r);
	it_assert_wallet_error(&r, 400, "validation_error", "bad JSON");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payouts", NULL, NULL), payouts0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM ledger_transactions WHERE kind LIKE 'payout.%' "
	    "AND ref_id IN (SELECT id FROM payouts WHERE user_id = (SELECT id FROM users WHERE "
	    "wallet_id = ?))", w.id, NULL), 0);
	itc_wallet_free(&w);
	itc_wallet_free(&none);
	itc_wallet_free(&poor);
}

static void
test_magic_outcomes(void)
{
	struct itc_wallet w;
	struct it_resp r;
	char p200[64], p201[64], p202[64], p203[64], p204[64], p205[64], bid[40];
	char avail0[40], pend[40], avail[40], want[40];
	long long payouts0;
	int i;

	itc_payout_wallet(&w, "0xmagic", "verified");
	itc_fund(&w, "12");
	itc_balances(&w, avail0, pend);
	/* 103: the provider is unreachable before anything is debited */
	payouts0 = count_of("payouts", &w);
	{
		/* a 103 account cannot be verified either: store it as a verified
		 * one would have been, to reach the transfer's own check */
		char ph[20], sql[400];
		long long uid = it_db_scalar("SELECT id FROM users WHERE wallet_id = ?", w.id, NULL);

		itc_phone(103, ph, sizeof(ph));
		snprintf(bid, sizeof(bid), "bn_magic103x%d", (int)getpid());
		snprintf(sql, sizeof(sql), "INSERT INTO beneficiaries (id, user_id, provider, phone, "
		    "account_name, country, currency, created_at) VALUES (?, %lld, 'MTN', ?, 'X Y', "
		    "'GH', 'GHS', UTC_TIMESTAMP(6))", uid);
		CU_ASSERT_EQUAL(it_db_exec(sql, bid, ph), 1);
	}
	CU_ASSERT_EQUAL(itc_transfer(&w, bid, "10", NULL, &r), 503);
	it_assert_wallet_error(&r, 503, "provider_unavailable", "suffix 103");
	{
		/* its log line never says "ok" */
		char rid[64], line[8192];

		CU_ASSERT_PTR_NOT_NULL_FATAL(it_header(&r, "X-Request-Id", rid, sizeof(rid)));
		CU_ASSERT_EQUAL(it_log_find(rid, "\"status\":503", line, sizeof(line)), 0);
		CU_ASSERT_PTR_NULL(strstr(line, "\"error\":\"ok\""));
	}
	it_resp_free(&r);
	CU_ASSERT_EQUAL(count_of("payouts", &w), payouts0);
	itc_balances(&w, avail, pend);
	CU_ASSERT_STRING_EQUAL(avail, avail0);

	/* 200: refused at send: 502 with context, failed and refunded at once;
	 * logged at level error with the provider's reason, not "ok" */
	CU_ASSERT_EQUAL(itc_pay_to(&w, "MTN", 200, p200), 502);
	{
		char line[8192];

		CU_ASSERT_EQUAL(it_log_find(w.id, "\"status\":502", line, sizeof(line)), 0);
		CU_ASSERT_PTR_NOT_NULL(strstr(line, "\"level\":\"error\""));
		CU_ASSERT_PTR_NULL(strstr(line, "\"error\":\"ok\""));
		CU_ASSERT_PTR_NOT_NULL(strstr(line, "The payout failed: "));
	}
	itc_expect_payout(p200, "failed");
	CU_ASSERT_EQUAL(itc_refunds_of(p200), 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM outbox_events WHERE ref_id = ? "
	    "AND type = 'payout.failed'", p200, NULL), 1);
	itc_balances(&w, avail, pend);
	CU_ASSERT_STRING_EQUAL(avail, avail0);
	CU_ASSERT_STRING_EQUAL(pend, "0.00");

	CU_ASSERT_EQUAL(itc_pay_to(&w, "MTN", 201, p201), 201);
	CU_ASSERT_EQUAL(itc_pay_to(&w, "MTN", 202, p202), 201);
	CU_ASSERT_EQUAL(itc_pay_to(&w, "MTN", 203, p203), 201);
	CU_ASSERT_EQUAL(itc_pay_to(&w, "MTN", 204, p204), 201);
	CU_ASSERT_EQUAL(itc_pay_to(&w, "MTN", 205, p205), 201);
	/* in doubt or accepted: all processing, all held */
	itc_expect_payout(p202, "processing");
	itc_expect_payout(p205, "processing");
	itc_balances(&w, avail, pend);
	CU_ASSERT_STRING_EQUAL(pend, "55.00");
	/* 205's send ended in doubt: within payouts.resend_grace_seconds the
	 * provider's "never seen" is not taken as lost (that send may still be
	 * on its way there): asked again later, not sent again */
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payouts WHERE id = ? AND in_doubt_at "
	    "IS NOT NULL", p205, NULL), 1);
	CU_ASSERT_EQUAL(it_db_exec("UPDATE payouts SET in_doubt_at = UTC_TIMESTAMP(6) + INTERVAL "
	    "1 HOUR, next_check_at = UTC_TIMESTAMP(6) WHERE id = ?", p205, NULL), 1);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	itc_expect_payout(p205, "processing");
	CU_ASSERT_EQUAL(it_db_scalar("SELECT sends FROM payouts WHERE id = ?", p205, NULL), 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payout_calls c JOIN payouts p ON "
	    "p.id = c.payout_id WHERE p.id = ? AND c.operation = 'transfer_status' AND c.result = "
	    "'not_found'", p205, NULL), 1);
	/* the grace past: sent again under its reference */
	CU_ASSERT_EQUAL(it_db_exec("UPDATE payouts SET in_doubt_at = UTC_TIMESTAMP(6) - INTERVAL "
	    "1 HOUR, next_check_at = UTC_TIMESTAMP(6) WHERE id = ?", p205, NULL), 1);
	for (i = 0; i < 3; i++) {
		/* the worker's checks; pending ones wait for their next check */
		CU_ASSERT_EQUAL(it_worker("payouts"), 0);
		it_db_exec("UPDATE payouts SET next_check_at = UTC_TIMESTAMP(6) WHERE status = "
		    "'processing' AND id IN (?, ?)", p204, p205);
	}
	itc_expect_payout(p201, "failed");
	itc_expect_payout(p202, "completed");
	itc_expect_payout(p203, "failed");
	itc_expect_payout(p204, "processing");
	itc_expect_payout(p205, "completed");
	CU_ASSERT_EQUAL(itc_refunds_of(p201), 1);
	CU_ASSERT_EQUAL(itc_refunds_of(p202), 0);
	CU_ASSERT_EQUAL(itc_refunds_of(p203), 1);
	CU_ASSERT_EQUAL(itc_refunds_of(p204), 0);
	CU_ASSERT_EQUAL(itc_refunds_of(p205), 0);
	/* sent once each, but 205: the provider never saw the first send */
	CU_ASSERT_EQUAL(it_db_scalar("SELECT sends FROM payouts WHERE id = ?", p202, NULL), 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT sends FROM payouts WHERE id = ?", p203, NULL), 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT sends FROM payouts WHERE id = ?", p204, NULL), 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT sends FROM payouts WHERE id = ?", p205, NULL), 2);
	/* the failure reason is shown */
	{
		char path[128];

		snprintf(path, sizeof(path), "/api/transactions/%s", p201);
		CU_ASSERT_EQUAL(itc_get(&w, path, &r), 200);
		CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "status"), "failed");
		CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "failureReason"),
		    "INTERNAL_PROCESSING_ERROR: the provider failed to process the transaction");
		it_resp_free(&r);
	}
	/* what is left: the three completed ones (202, 205) and 204 still held */
	itc_balances(&w, avail, pend);
	CU_ASSERT_STRING_EQUAL(pend, "11.00");
	itc_ghs_sub(avail0, "33.00", want, sizeof(want));
	CU_ASSERT_STRING_EQUAL(avail, want);
	CU_ASSERT_EQUAL(it_worker("reconcile"), 0);
	itc_wallet_free(&w);
}

/* ---- idempotency and races ---- */

struct shot {
	const struct itc_wallet *w;
	const char *bid, *key;
	long status;
	char *body;
};

static void *
fire(void *arg)
{
	struct shot *s = arg;
	struct it_resp r;

	s->status = itc_transfer(s->w, s->bid, "10", s->key, &r);
	s->body = r.body ? strdup(r.body) : NULL;
	it_resp_free(&r);
	return NULL;
}

/* s's provider did not answer the account lookup before anything was
 * debited (503 provider_unavailable, 504 provider_timeout). */
static int
unanswered(const struct shot *s)
{
	return (s->status == 503 || s->status == 504) && s->body != NULL &&
	    strstr(s->body, "provider_") != NULL;
}

static void
test_idempotent_and_races(void)
{
	struct itc_wallet w, v;
	struct shot s[50];
	pthread_t t[50];
	char bid[40], vbid[40], key[64], keys[50][64];
	char avail[40], pend[40];
	int i, tries, ok = 0, poor = 0, same = 1;
	const char *first = NULL;

	itc_payout_wallet(&w, "0xpayidem", NULL);
	itc_fund(&w, "12");
	itc_beneficiary(&w, "MTN", 781, bid);
	/* 50 at once under one key: one payout, identical answers */
	it_unique("pk", key, sizeof(key));
	for (i = 0; i < 50; i++) {
		s[i] = (struct shot){ &w, bid, key, 0, NULL };
		pthread_create(&t[i], NULL, fire, &s[i]);
	}
	for (i = 0; i < 50; i++) {
		pthread_join(t[i], NULL);
		if (s[i].status == 201) {
			ok++;
			if (first == NULL)
				first = s[i].body;
			else if (s[i].body == NULL || strcmp(first, s[i].body) != 0)
				same = 0;
		}
	}
	CU_ASSERT(ok >= 1);
	CU_ASSERT(same);
	CU_ASSERT_EQUAL(count_of("payouts", &w), 1);
	for (i = 0; i < 50; i++)
		free(s[i].body);

	/* 50 distinct keys against a balance for 10 payouts of 10 + 1 fee */
	itc_payout_wallet(&v, "0xpayrace", "verified");
	itc_fund(&v, "12"); /* about 180 GHS */
	itc_beneficiary(&v, "MTN", 782, vbid);
	itc_balances(&v, avail, pend);
	/* bring the balance to exactly 110.00 by paying the rest out first */
	{
		char extra[40];
		struct it_resp r;

		itc_ghs_sub(avail, "111.00", extra, sizeof(extra));
		CU_ASSERT_EQUAL(itc_transfer(&v, vbid, extra, NULL, &r), 201);
		it_resp_free(&r);
	}
	itc_balances(&v, avail, pend);
	CU_ASSERT_STRING_EQUAL(avail, "110.00");
	for (i = 0; i < 50; i++) {
		it_unique("rk", keys[i], sizeof(keys[i]));
		s[i] = (struct shot){ &v, vbid, keys[i], 0, NULL };
		pthread_create(&t[i], NULL, fire, &s[i]);
	}
	ok = 0;
	for (i = 0; i < 50; i++) {
		pthread_join(t[i], NULL);
		/* a process new to the burst looks the account up first, and on
		 * a loaded machine the provider may not answer: nothing was
		 * debited and the key was let go, so the same request again */
		for (tries = 0; tries < 5 && unanswered(&s[i]); tries++) {
			free(s[i].body);
			fire(&s[i]);
		}
		ok += s[i].status == 201;
		poor += s[i].status == 400 && s[i].body && strstr(s[i].body, "insufficient_balance");
		free(s[i].body);
	}
	CU_ASSERT_EQUAL(ok, 10);
	CU_ASSERT_EQUAL(poor, 40);
	itc_balances(&v, avail, pend);
	CU_ASSERT_STRING_EQUAL(avail, "0.00");
	CU_ASSERT_EQUAL(it_worker("reconcile"), 0);
	itc_wallet_free(&w);
	itc_wallet_free(&v);
}

/* ---- a transfer in a stablecoin ---- */

static long
transfer_coin(const struct itc_wallet *w, const char *bid, const char *coin,
    const char *amount, struct it_resp *r)
{
	char body[256];

	snprintf(body, sizeof(body), "{\"beneficiaryId\":\"%s\",\"amount\":\"%s\","
	    "\"currency\":\"%s\"}", bid, amount, coin);
	return itc_post(w, "/api/mobile-money/transfer", NULL, body, r);
}

static void
test_transfer_in_stablecoin(void)
{
	struct itc_wallet w;
	struct it_resp r;
	char bid[40], pid[64], failed[64], cid[64], receive[40], want[40];
	char avail0[40], pend[40], avail[40];
	long long payouts0, convs0;
	json_t *d;

	itc_payout_wallet(&w, "0xpaycoin", NULL);
	itc_fund(&w, "2"); /* some GHS, to see it untouched */
	itc_faucet(&w, "USDT", "8"); /* 5 and 1.666 are spent below */
	itc_beneficiary(&w, "MTN", 790, bid);
	itc_balances(&w, avail0, pend);
	/* 5 USDT converted and paid out in one call: pending, nothing held */
	CU_ASSERT_EQUAL(transfer_coin(&w, bid, "USDT", "5", &r), 201);
	d = json_object_get(r.json, "data");
	CU_ASSERT_EQUAL(json_object_size(d), 11);
	CU_ASSERT_STRING_EQUAL(it_str(d, "status"), "pending");
	CU_ASSERT_STRING_EQUAL(it_str(d, "currency"), "GHS");
	CU_ASSERT_STRING_EQUAL(it_str(d, "fee"), "1.00");
	snprintf(pid, sizeof(pid), "%s", it_str(d, "transactionId") ? it_str(d, "transactionId") : "");
	/* the recipient gets the conversion's receiveAmount less the payout fee */
	CU_ASSERT_EQUAL(it_db_text("SELECT conversion_id FROM payouts WHERE id = ?", pid, NULL,
	    cid, sizeof(cid)), 0);
	CU_ASSERT_EQUAL(it_db_text("SELECT receive_amount FROM conversions WHERE id = ?", cid, NULL,
	    receive, sizeof(receive)), 0);
	itc_ghs_sub(receive, "1.00", want, sizeof(want));
	CU_ASSERT_STRING_EQUAL(it_str(d, "amount"), want);
	it_resp_free(&r);
	itc_balances(&w, avail, pend);
	CU_ASSERT_STRING_EQUAL(avail, avail0);
	CU_ASSERT_STRING_EQUAL(pend, "0.00");
	/* the conversion is its own transaction in the history */
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM conversions WHERE id = ? AND "
	    "from_currency = 'USDT' AND amount = 5", cid, NULL), 1);
	/* the worker settles the conversion, then holds and sends the payout */
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	itc_expect_payout(pid, "completed");
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM ledger_transactions WHERE ref_id = ? "
	    "AND kind IN ('payout.hold', 'payout.completed')", pid, NULL), 2);
	/* credited receive, held and paid receive: the GHS balance is as before */
	itc_balances(&w, avail, pend);
	CU_ASSERT_STRING_EQUAL(avail, avail0);
	CU_ASSERT_STRING_EQUAL(pend, "0.00");

	/* a conversion that fails on chain (x.666) fails its payout; nothing held */
	CU_ASSERT_EQUAL(transfer_coin(&w, bid, "USDT", "1.666", &r), 201);
	snprintf(failed, sizeof(failed), "%s",
	    it_str(json_object_get(r.json, "data"), "transactionId"));
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	itc_expect_payout(failed, "failed");
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM ledger_transactions WHERE ref_id = ?",
	    failed, NULL), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM outbox_events WHERE ref_id = ? "
	    "AND type = 'payout.failed'", failed, NULL), 1);
	itc_balances(&w, avail, pend);
	CU_ASSERT_STRING_EQUAL(avail, avail0);

	/* refused before anything is written: no coin, too small, bad coin */
	payouts0 = count_of("payouts", &w);
	convs0 = count_of("conversions", &w);
	transfer_coin(&w, bid, "USDT", "5", &r); /* 1.334 left */
	it_assert_wallet_error(&r, 400, "insufficient_balance", "no such coin in the wallet");
	it_resp_free(&r);
	transfer_coin(&w, bid, "USDT", "0.3", &r);
	it_assert_wallet_error(&r, 400, "invalid_amount", "proceeds under MTN's minimum");
	it_resp_free(&r);
	transfer_coin(&w, bid, "USDT", "1.0000001", &r);
	it_assert_wallet_error(&r, 400, "invalid_amount", "more places than USDT has");
	it_resp_free(&r);
	transfer_coin(&w, bid, "GHSFIAT", "10", &r);
	it_assert_wallet_error(&r, 400, "invalid_currency", "GHSFIAT does not convert");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(count_of("payouts", &w), payouts0);
	CU_ASSERT_EQUAL(count_of("conversions", &w), convs0);
	CU_ASSERT_EQUAL(it_worker("reconcile"), 0);
	itc_wallet_free(&w);
}

/* Ids with bytes outside the id alphabet are unknown ids in a path (404)
 * and invalid fields in a body (400): never a 503 from the database.
 * (Bytes that are not UTF-8, such as %ff, lighttpd itself refuses with 400
 * before any program sees them; the hardening issue covers the servers.) */
static void
test_odd_ids(void)
{
	static const char *const paths[] = {
		"/api/transactions/cv_%C3%A9", "/api/transactions/po_%C3%A9",
		"/api/transactions/po_%E2%80%AE",
	};
	struct itc_wallet w;
	struct it_resp r;
	size_t i;

	itc_payout_wallet(&w, "0xoddids", NULL);
	for (i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
		CU_ASSERT_EQUAL(itc_get(&w, paths[i], &r), 404);
		it_assert_wallet_error(&r, 404, "not_found", paths[i]);
		it_resp_free(&r);
	}
	itc_post(&w, "/api/mobile-money/transfer", NULL, "{\"beneficiaryId\":\"bn_\u00e9\","
	    "\"amount\":\"10\",\"currency\":\"GHS\"}", &r);
	/* in a body, such text is no valid field at all */
	it_assert_wallet_error(&r, 400, "validation_error", "a non-ASCII beneficiary id");
	it_resp_free(&r);
	itc_post(&w, "/api/convert/confirm", NULL, "{\"conversionId\":\"cv_\u202e\"}", &r);
	it_assert_wallet_error(&r, 400, "validation_error", "a non-ASCII conversion id");
	it_resp_free(&r);
	itc_wallet_free(&w);
}

int
it_suite_payouts(void)
{
	static const struct tu_test tests[] = {
		{ "verify: fields, duplicates, names by the magic suffixes", test_verify },
		{ "verify: every bad input, nothing stored", test_verify_errors },
		{ "beneficiaries: pages, owners, someone else's", test_beneficiary_pages_and_owners },
		{ "transfer: held, settled, ledger, history, events", test_transfer_completes },
		{ "transfer: every error, nothing written", test_transfer_errors },
		{ "transfer: the magic suffixes 103 and 200 to 205", test_magic_outcomes },
		{ "transfer: one key, one payout; a balance for 10 pays 10", test_idempotent_and_races },
		{ "transfer in a stablecoin: converted, then paid", test_transfer_in_stablecoin },
		{ "ids outside the id alphabet are 404, not 503", test_odd_ids },
	};

	return tu_add_suite("payouts", suite_init, NULL, tests, NELEM(tests));
}
