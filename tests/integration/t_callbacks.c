/*
 * MTN's callbacks are hints (domain/momo_callback.h): every send carries
 * X-Callback-Url; the simulator calls back once per final state; a
 * callback makes its payout due for a status query at once, and only the
 * status query settles: a forged "SUCCESSFUL" completes nothing, a lost
 * callback is still settled by polling, an unknown reference is 200 and
 * ignored.
 */
#include <CUnit/Basic.h>
#include <stdio.h>
#include <string.h>

#include "itc.h"

static const char *const json_ct[] = { "Content-Type: application/json", NULL };

static int
suite_init(void)
{
	return it_db_exec("REPLACE INTO sim_settings (name, value) VALUES "
	    "('momo.settle_seconds', '0'), ('momo.drop_callbacks', '0'), "
	    "('chain.confirm_seconds', '0')", NULL, NULL) >= 1 ? 0 : 1;
}

/* 1 when the simulator's row of payout pid (its provider reference) meets
 * cond, else 0. */
static long long
sim_row(const char *cond, const char *pid)
{
	char sql[512];

	snprintf(sql, sizeof(sql), "SELECT COUNT(*) FROM sim_momo_transfers WHERE reference = "
	    "(SELECT provider_ref FROM payouts WHERE id = ?) AND %s", cond);
	return it_db_scalar(sql, pid, NULL);
}

/* The payout is not due before an hour: only a callback makes it due. */
static void
not_due(const char *pid)
{
	it_db_exec("UPDATE payouts SET next_check_at = UTC_TIMESTAMP(6) + INTERVAL 1 HOUR "
	    "WHERE id = ?", pid, NULL);
}

static long long
due_now(const char *pid)
{
	return it_db_scalar("SELECT COUNT(*) FROM payouts WHERE id = ? AND "
	    "next_check_at <= UTC_TIMESTAMP(6)", pid, NULL);
}

/* method (PUT or POST) of body to network's callback route. */
static long
callback(const char *method, const char *network, const char *body, struct it_resp *r)
{
	char path[96];

	snprintf(path, sizeof(path), "/v1/providers/momo/%s/callback", network);
	CU_ASSERT_EQUAL_FATAL(it_http(method, path, json_ct, body, strlen(body), r), 0);
	return r->status;
}

static void
expect_received(const struct it_resp *r)
{
	CU_ASSERT_EQUAL(r->status, 200);
	CU_ASSERT(json_is_true(json_object_get(json_object_get(r->json, "data"), "received")));
}

/*
 * A payout's send carries our callback URL; once the simulator's transfer
 * is final, its callback arrives and makes the payout due; the status
 * query then completes it.
 */
static void
test_callback_sent_and_heard(void)
{
	struct itc_wallet w;
	char pid[64], url[600] = "", line[1024];

	itc_payout_wallet(&w, "cb_heard", "verified");
	itc_fund(&w, "50");
	CU_ASSERT_EQUAL_FATAL(itc_pay_to(&w, "MTN", 555, pid), 201);
	it_db_text("SELECT callback_url FROM sim_momo_transfers WHERE reference = "
	    "(SELECT provider_ref FROM payouts WHERE id = ?)", pid, NULL, url, sizeof(url));
	CU_ASSERT(strncmp(url, "http://127.0.0.1:", 17) == 0);
	CU_ASSERT(strlen(url) > 31 &&
	    strcmp(url + strlen(url) - 31, "/v1/providers/momo/MTN/callback") == 0);
	not_due(pid);
	CU_ASSERT_EQUAL(due_now(pid), 0);
	CU_ASSERT_EQUAL(it_worker("sandbox_providers"), 0);
	CU_ASSERT_EQUAL(sim_row("callback_at IS NOT NULL AND state = 'successful'", pid), 1);
	/* heard: due at once, still processing until the status query */
	CU_ASSERT_EQUAL(due_now(pid), 1);
	itc_expect_payout(pid, "processing");
	CU_ASSERT_EQUAL(it_log_find(pid, "is due for a status query", line, sizeof(line)), 0);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	itc_expect_payout(pid, "completed");
	/* one callback per final state: a second pass sends nothing */
	CU_ASSERT_EQUAL(it_worker("sandbox_providers"), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payouts WHERE id = ? AND "
	    "status = 'completed'", pid, NULL), 1);
	itc_wallet_free(&w);
}

/*
 * A forged "SUCCESSFUL" callback for a payout the provider failed (201):
 * 200, the payout due, nothing settled by it; the status query fails and
 * refunds it once.
 */
static void
test_forged_success(void)
{
	static const char *const methods[] = { "POST", "PUT" };
	struct itc_wallet w;
	struct it_resp r;
	char pid[64], body[512];
	size_t i;

	itc_payout_wallet(&w, "cb_forged", "verified");
	itc_fund(&w, "50");
	CU_ASSERT_EQUAL_FATAL(itc_pay_to(&w, "MTN", 201, pid), 201);
	not_due(pid);
	snprintf(body, sizeof(body), "{\"financialTransactionId\":\"1234567890\","
	    "\"externalId\":\"%s\",\"amount\":\"10.00\",\"currency\":\"GHS\","
	    "\"payee\":{\"partyIdType\":\"MSISDN\",\"partyId\":\"233240000201\"},"
	    "\"status\":\"SUCCESSFUL\"}", pid);
	for (i = 0; i < NELEM(methods); i++) {
		callback(methods[i], "MTN", body, &r);
		expect_received(&r);
		it_resp_free(&r);
		itc_expect_payout(pid, "processing");
	}
	CU_ASSERT_EQUAL(due_now(pid), 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM ledger_transactions WHERE ref_id = ? "
	    "AND kind = 'payout.completed'", pid, NULL), 0);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	itc_expect_payout(pid, "failed");
	CU_ASSERT_EQUAL(itc_refunds_of(pid), 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM ledger_transactions WHERE ref_id = ? "
	    "AND kind = 'payout.completed'", pid, NULL), 0);
	/* a late forged callback for the settled payout changes nothing */
	callback("POST", "MTN", body, &r);
	expect_received(&r);
	it_resp_free(&r);
	itc_expect_payout(pid, "failed");
	CU_ASSERT_EQUAL(itc_refunds_of(pid), 1);
	itc_wallet_free(&w);
}

/* A callback the simulator loses (momo.drop_callbacks): the payouts
 * worker's polling settles the payout all the same. */
static void
test_lost_callback(void)
{
	struct itc_wallet w;
	char pid[64], line[1024];

	it_sim_set("momo.drop_callbacks", "1");
	itc_payout_wallet(&w, "cb_lost", "verified");
	itc_fund(&w, "50");
	CU_ASSERT_EQUAL_FATAL(itc_pay_to(&w, "TELECEL", 555, pid), 201);
	CU_ASSERT_EQUAL(it_worker("sandbox_providers"), 0);
	/* taken and dropped: never sent, never heard */
	CU_ASSERT_EQUAL(sim_row("callback_at IS NOT NULL", pid), 1);
	CU_ASSERT_NOT_EQUAL(it_log_find(pid, "is due for a status query", line, sizeof(line)), 0);
	itc_expect_payout(pid, "processing");
	/* its next check comes (made due here, as time would) */
	it_db_exec("UPDATE payouts SET next_check_at = UTC_TIMESTAMP(6) WHERE id = ?", pid, NULL);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	itc_expect_payout(pid, "completed");
	it_sim_set("momo.drop_callbacks", "0");
	itc_wallet_free(&w);
}

/* Unknown references are 200, ignored and logged; bad requests are refused
 * with the partner API's errors; nothing changes in the database. */
static void
test_unknown_and_bad(void)
{
	static const struct { const char *body, *code; } bad[] = {
		{ "not json", "VALIDATION_ERROR" },
		{ "[]", "VALIDATION_ERROR" },
		{ "{}", "VALIDATION_ERROR" },
		{ "{\"status\":\"SUCCESSFUL\"}", "VALIDATION_ERROR" },
		{ "{\"externalId\":42}", "VALIDATION_ERROR" },
		{ "{\"externalId\":\"\"}", "VALIDATION_ERROR" },
		{ "{\"externalId\":\"has\\nnewline\"}", "VALIDATION_ERROR" },
		{ "{\"externalId\":\"01234567890123456789012345678901234567890123456789012345678901234\"}",
		  "VALIDATION_ERROR" },
	};
	struct it_resp r;
	char line[1024], unknown[64];
	long long due0;
	size_t i;

	due0 = it_db_scalar("SELECT COUNT(*) FROM payouts WHERE status = 'processing' AND "
	    "next_check_at <= UTC_TIMESTAMP(6)", NULL, NULL);
	it_unique("po_unknown", unknown, sizeof(unknown));
	{
		char body[256];

		snprintf(body, sizeof(body), "{\"externalId\":\"%s\",\"status\":\"SUCCESSFUL\"}",
		    unknown);
		callback("PUT", "AIRTELTIGO", body, &r);
		expect_received(&r);
		it_resp_free(&r);
		CU_ASSERT_EQUAL(it_log_find(unknown, "ignored", line, sizeof(line)), 0);
	}
	for (i = 0; i < NELEM(bad); i++) {
		callback("POST", "MTN", bad[i].body, &r);
		it_assert_partner_error(&r, 400, bad[i].code, bad[i].body);
		it_resp_free(&r);
	}
	callback("POST", "VODAFONE", "{\"externalId\":\"po_x\"}", &r);
	it_assert_partner_error(&r, 404, "NOT_FOUND", "unknown network");
	it_resp_free(&r);
	CU_ASSERT_EQUAL_FATAL(it_http("GET", "/v1/providers/momo/MTN/callback", NULL, NULL, 0,
	    &r), 0);
	CU_ASSERT_EQUAL(r.status, 405);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payouts WHERE status = 'processing' "
	    "AND next_check_at <= UTC_TIMESTAMP(6)", NULL, NULL), due0);
}

int
it_suite_callbacks(void)
{
	static const struct tu_test tests[] = {
		{ "a send carries X-Callback-Url; the callback makes it due", test_callback_sent_and_heard },
		{ "a forged SUCCESSFUL callback completes nothing", test_forged_success },
		{ "a lost callback is settled by polling", test_lost_callback },
		{ "unknown references ignored; bad callbacks refused", test_unknown_and_bad },
	};

	return tu_add_suite("MoMo callbacks", suite_init, NULL, tests, NELEM(tests));
}
