/*
 * Partner withdrawals: POST /v1/withdrawals (every error code, with nothing
 * written after each), the rate lock, reference_id as the idempotency key
 * under 50 concurrent requests, 50 concurrent withdrawals against a balance
 * for 10, both failure paths refunding the source amount exactly once, the
 * lifecycle pending -> processing -> completed by the worker, numbered
 * paging and the filters of GET /v1/withdrawals and /v1/transactions, and
 * one partner never seeing another's. reconcile runs after each scenario.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "itc.h"

#define CONCURRENT 50

static long
wpost(const struct itc_partner *p, const char *body, struct it_resp *r)
{
	return itc_partner_send(p, "POST", "/v1/withdrawals", body, r);
}

/* The body of a withdrawal; extra ("" or ",\"k\":v") is appended. */
static void
body_of(char *out, size_t cap, const char *amount, const char *currency,
    const char *phone, const char *network, const char *ref, const char *extra)
{
	snprintf(out, cap, "{\"amount\":\"%s\",\"currency\":\"%s\",\"recipient_phone\":\"%s\","
	    "\"mobile_network\":\"%s\",\"reference_id\":\"%s\"%s}", amount, currency, phone,
	    network, ref, extra);
}

static long long
wd_count(const struct itc_partner *p)
{
	return it_db_scalar("SELECT COUNT(*) FROM withdrawals WHERE partner_id = ?", p->row, NULL);
}

/* The withdrawal's id from a create or get answer (64 bytes). */
static void
id_of(const struct it_resp *r, char *id)
{
	const char *v = it_str(json_object_get(r->json, "data"), "withdrawal_id");

	snprintf(id, 64, "%s", v ? v : "");
}

static long long
events(const char *type, const char *id)
{
	return it_db_scalar("SELECT COUNT(*) FROM outbox_events WHERE type = ? AND ref_id = ?",
	    type, id);
}

static void
status_is(const struct itc_partner *p, const char *id, const char *want)
{
	char path[128];
	struct it_resp r;
	const char *s;

	snprintf(path, sizeof(path), "/v1/withdrawals/%s", id);
	CU_ASSERT_EQUAL_FATAL(itc_partner_get(p, path, &r), 200);
	s = it_str(json_object_get(r.json, "data"), "status");
	CU_ASSERT_STRING_EQUAL(s ? s : "", want);
	it_resp_free(&r);
}

static int
suite_init(void)
{
	/* settle at once: the tests run the worker when they mean to */
	return it_db_exec("REPLACE INTO sim_settings (name, value) VALUES "
	    "('momo.settle_seconds', '0'), ('chain.confirm_seconds', '0')", NULL, NULL) >= 1 ? 0 : 1;
}

/* ---- the lifecycle ---- */

static void
test_lifecycle(void)
{
	static const char *const create_keys[] = { "withdrawal_id", "status", "amount",
		"currency", "ghs_amount", "fx_rate", "fee", "recipient_phone",
		"mobile_network", "reference_id", "estimated_completion", "created_at", NULL };
	static const char *const get_keys[] = { "withdrawal_id", "status", "amount",
		"currency", "ghs_amount", "fx_rate", "fee", "recipient_phone",
		"mobile_network", "reference_id", "on_chain_tx_hash", "mobile_money_reference",
		"created_at", "processing_at", "completed_at", "failure_reason", "metadata", NULL };
	char body[600], phone[20], id[64], path[128], avail[40], pend[40], v[80];
	struct it_resp r;
	struct itc_partner p;
	json_t *d;

	itc_partner_new(&p, "enterprise", 0);
	itc_phone(555, phone, sizeof(phone));
	body_of(body, sizeof(body), "25.5", "USDC", phone, "TELECEL", "order-1",
	    ",\"metadata\":{\"order\":\"A-1\",\"note\":\"caf\\u00e9\"}");
	CU_ASSERT_EQUAL_FATAL(wpost(&p, body, &r), 201);
	d = json_object_get(r.json, "data");
	itc_assert_keys(d, create_keys, "create columns");
	CU_ASSERT_STRING_EQUAL(it_str(d, "status"), "pending");
	CU_ASSERT_STRING_EQUAL(it_str(d, "amount"), "25.500000");
	CU_ASSERT_STRING_EQUAL(it_str(d, "currency"), "USDC");
	CU_ASSERT_STRING_EQUAL(it_str(d, "recipient_phone"), phone);
	CU_ASSERT_STRING_EQUAL(it_str(d, "mobile_network"), "TELECEL");
	CU_ASSERT_STRING_EQUAL(it_str(d, "reference_id"), "order-1");
	CU_ASSERT_EQUAL(it_strncmp(it_str(d, "withdrawal_id"), "wd_", 3), 0);
	id_of(&r, id);
	/* the row holds what was answered; gross = ghs_amount + fee, the fee
	 * 1 % of gross rounded up, gross the amount at the rate rounded down */
	CU_ASSERT_EQUAL(it_db_scalar("SELECT ghs_amount = CAST(? AS DECIMAL(30,2)) AND "
	    "gross_amount = ghs_amount + fee AND "
	    "gross_amount = FLOOR(amount * rate * 100) / 100 AND "
	    "fee = CEILING(gross_amount) / 100 FROM withdrawals WHERE id = ?",
	    it_str(d, "ghs_amount"), id), 1);
	it_resp_free(&r);
	itc_partner_balance(&p, "USDC", avail, pend);
	CU_ASSERT_STRING_EQUAL(avail, "9974.500000");
	CU_ASSERT_STRING_EQUAL(pend, "25.500000");
	CU_ASSERT_EQUAL(events("withdrawal.pending", id), 1);

	/* pending: no hash, no mobile money reference yet; metadata as given */
	snprintf(path, sizeof(path), "/v1/withdrawals/%s", id);
	CU_ASSERT_EQUAL_FATAL(itc_partner_get(&p, path, &r), 200);
	d = json_object_get(r.json, "data");
	itc_assert_keys(d, get_keys, "get columns (pending)");
	CU_ASSERT(json_is_null(json_object_get(d, "on_chain_tx_hash")));
	CU_ASSERT(json_is_null(json_object_get(d, "processing_at")));
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(d, "metadata"), "note"), "caf\xc3\xa9");
	CU_ASSERT_EQUAL(json_object_size(json_object_get(d, "metadata")), 2);
	it_resp_free(&r);

	/* the worker: converted, paid, completed (the simulators settle at
	 * once, so one pass may already see the payout through) */
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	CU_ASSERT_EQUAL(events("withdrawal.processing", id), 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT processing_at IS NOT NULL AND status IN "
	    "('processing', 'completed') FROM withdrawals WHERE id = ?", id, NULL), 1);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	CU_ASSERT_EQUAL_FATAL(itc_partner_get(&p, path, &r), 200);
	d = json_object_get(r.json, "data");
	itc_assert_keys(d, get_keys, "get columns (completed)");
	CU_ASSERT_STRING_EQUAL(it_str(d, "status"), "completed");
	CU_ASSERT_EQUAL(it_strlen(it_str(d, "on_chain_tx_hash") ? it_str(d, "on_chain_tx_hash") : ""), 66);
	CU_ASSERT_EQUAL(it_strlen(it_str(d, "mobile_money_reference") ?
	    it_str(d, "mobile_money_reference") : ""), 36);
	CU_ASSERT_PTR_NOT_NULL(it_str(d, "processing_at"));
	CU_ASSERT_PTR_NOT_NULL(it_str(d, "completed_at"));
	CU_ASSERT(json_is_null(json_object_get(d, "failure_reason")));
	/* the mobile money reference is the payout's, sent once */
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payouts WHERE withdrawal_id = ? "
	    "AND provider_ref = ? AND status = 'completed' AND sends = 1", id,
	    it_str(d, "mobile_money_reference")), 1);
	CU_ASSERT_EQUAL(it_db_text("SELECT tx_hash FROM withdrawals WHERE id = ?", id, NULL,
	    v, sizeof(v)), 0);
	CU_ASSERT_STRING_EQUAL(it_str(d, "on_chain_tx_hash"), v);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(events("withdrawal.completed", id), 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT JSON_VALUE(payload, '$.mobile_money_reference') IS "
	    "NOT NULL AND JSON_VALUE(payload, '$.on_chain_tx_hash') IS NOT NULL FROM "
	    "outbox_events WHERE type = 'withdrawal.completed' AND ref_id = ?", id, NULL), 1);
	itc_partner_balance(&p, "USDC", avail, pend);
	CU_ASSERT_STRING_EQUAL(avail, "9974.500000");
	CU_ASSERT_STRING_EQUAL(pend, "0.000000");
	CU_ASSERT_EQUAL(it_worker("reconcile"), 0);
}

/* ---- bad input ---- */

struct bad {
	const char *body;
	long status;
	const char *code;
};

static void
test_errors(void)
{
	char phone[20], b[8][1200], avail[40], pend[40], avail2[40], pend2[40];
	char big[400], where[120];
	long long entries;
	struct it_resp r;
	struct itc_partner p, poor;
	size_t i, k;

	itc_partner_new(&p, "basic", 0);
	itc_phone(555, phone, sizeof(phone));
	/* metadata too big in each way */
	k = (size_t)snprintf(big, sizeof(big), "{");
	for (i = 0; i < 21; i++)
		k += (size_t)snprintf(big + k, sizeof(big) - k, "%s\"k%zu\":\"v\"", i ? "," : "", i);
	snprintf(big + k, sizeof(big) - k, "}");
	snprintf(b[0], sizeof(b[0]), "{\"amount\":\"10\",\"currency\":\"USDT\",\"recipient_phone\":"
	    "\"%s\",\"mobile_network\":\"MTN\",\"reference_id\":\"e-md1\",\"metadata\":%s}",
	    phone, big);
	body_of(b[1], sizeof(b[1]), "10", "USDT", phone, "MTN", "e-md2",
	    ",\"metadata\":{\"k12345678901234567890123456789012345678901\":\"v\"}");
	{
		char val[520];

		memset(val, 'x', 501);
		val[501] = '\0';
		snprintf(b[2], sizeof(b[2]), "{\"amount\":\"10\",\"currency\":\"USDT\","
		    "\"recipient_phone\":\"%s\",\"mobile_network\":\"MTN\",\"reference_id\":"
		    "\"e-md3\",\"metadata\":{\"k\":\"%s\"}}", phone, val);
	}
	body_of(b[3], sizeof(b[3]), "10", "USDT", phone, "MTN", "e-md4", ",\"metadata\":{\"k\":1}");
	body_of(b[4], sizeof(b[4]), "10", "USDT", phone, "MTN", "e-md5", ",\"metadata\":[\"k\"]");
	{
		char ref[102];

		memset(ref, 'r', 101);
		ref[101] = '\0';
		body_of(b[5], sizeof(b[5]), "10", "USDT", phone, "MTN", ref, "");
	}
	{
		const struct bad cases[] = {
			{ "{\"amount\":\"10\",\"currency\":\"USDT\",\"recipient_phone\":\"0241234567\","
			  "\"mobile_network\":\"MTN\",\"reference_id\":\"e1\"}", 400, "INVALID_PHONE" },
			{ "{\"amount\":\"10\",\"currency\":\"USDT\",\"recipient_phone\":\"+2332412345\","
			  "\"mobile_network\":\"MTN\",\"reference_id\":\"e1\"}", 400, "INVALID_PHONE" },
			{ "{\"amount\":\"10\",\"currency\":\"USDT\",\"recipient_phone\":\"+233241234555\","
			  "\"mobile_network\":\"VODAFONE\",\"reference_id\":\"e1\"}", 400, "INVALID_NETWORK" },
			{ "{\"amount\":\"10\",\"currency\":\"USDT\",\"recipient_phone\":\"+233241234555\","
			  "\"mobile_network\":\"mtn\",\"reference_id\":\"e1\"}", 400, "INVALID_NETWORK" },
			{ "{\"amount\":\"10\",\"currency\":\"DAI\",\"recipient_phone\":\"+233241234555\","
			  "\"mobile_network\":\"MTN\",\"reference_id\":\"e1\"}", 400, "INVALID_CURRENCY" },
			{ "{\"amount\":\"10\",\"currency\":\"GHS\",\"recipient_phone\":\"+233241234555\","
			  "\"mobile_network\":\"MTN\",\"reference_id\":\"e1\"}", 400, "INVALID_CURRENCY" },
			{ "{\"amount\":\"1e1\",\"currency\":\"USDT\",\"recipient_phone\":\"+233241234555\","
			  "\"mobile_network\":\"MTN\",\"reference_id\":\"e1\"}", 400, "VALIDATION_ERROR" },
			{ "{\"amount\":\"-10\",\"currency\":\"USDT\",\"recipient_phone\":\"+233241234555\","
			  "\"mobile_network\":\"MTN\",\"reference_id\":\"e1\"}", 400, "VALIDATION_ERROR" },
			{ "{\"amount\":\"0\",\"currency\":\"USDT\",\"recipient_phone\":\"+233241234555\","
			  "\"mobile_network\":\"MTN\",\"reference_id\":\"e1\"}", 400, "VALIDATION_ERROR" },
			{ "{\"amount\":\"10.1234567\",\"currency\":\"USDT\",\"recipient_phone\":\"+233241234555\","
			  "\"mobile_network\":\"MTN\",\"reference_id\":\"e1\"}", 400, "VALIDATION_ERROR" },
			{ "{\"amount\":10,\"currency\":\"USDT\",\"recipient_phone\":\"+233241234555\","
			  "\"mobile_network\":\"MTN\",\"reference_id\":\"e1\"}", 400, "VALIDATION_ERROR" },
			{ "{\"currency\":\"USDT\",\"recipient_phone\":\"+233241234555\","
			  "\"mobile_network\":\"MTN\",\"reference_id\":\"e1\"}", 400, "VALIDATION_ERROR" },
			{ "{\"amount\":\"10\",\"currency\":\"USDT\",\"recipient_phone\":\"+233241234555\","
			  "\"mobile_network\":\"MTN\"}", 400, "VALIDATION_ERROR" },
			{ "{\"amount\":\"10\",\"currency\":\"USDT\",\"recipient_phone\":\"+233241234555\","
			  "\"mobile_network\":\"MTN\",\"reference_id\":\"\"}", 400, "VALIDATION_ERROR" },
			{ "{\"amount\":\"10\",\"currency\":\"USDT\",\"recipient_phone\":\"+233241234555\","
			  "\"mobile_network\":\"MTN\",\"reference_id\":\"e1\",\"fee\":\"0\"}", 400, "VALIDATION_ERROR" },
			{ "{\"amount\":\"10\",\"currency\":\"USDT\",\"recipient_phone\":\"+233241234555\","
			  "\"mobile_network\":\"MTN\",\"reference_id\":\"e1\",\"quote_id\":5}", 400, "VALIDATION_ERROR" },
			{ "{\"amount\":\"10\",\"currency\":\"USDT\",", 400, "VALIDATION_ERROR" },
			{ "[1,2]", 400, "VALIDATION_ERROR" },
			/* nothing is left after the fee */
			{ "{\"amount\":\"0.00052\",\"currency\":\"USDT\",\"recipient_phone\":\"+233241234555\","
			  "\"mobile_network\":\"MTN\",\"reference_id\":\"e1\"}", 422, "BELOW_MINIMUM" },
			/* 0.3 USDT is about 4.5 GHS: under every network's 5.00 */
			{ "{\"amount\":\"0.3\",\"currency\":\"USDT\",\"recipient_phone\":\"+233241234555\","
			  "\"mobile_network\":\"MTN\",\"reference_id\":\"e1\"}", 422, "BELOW_MINIMUM" },
			{ "{\"amount\":\"400\",\"currency\":\"USDT\",\"recipient_phone\":\"+233241234555\","
			  "\"mobile_network\":\"AIRTELTIGO\",\"reference_id\":\"e1\"}", 422, "ABOVE_MAXIMUM" },
			/* basic: at most 200.00 GHS a withdrawal */
			{ "{\"amount\":\"20\",\"currency\":\"USDT\",\"recipient_phone\":\"+233241234555\","
			  "\"mobile_network\":\"MTN\",\"reference_id\":\"e1\"}", 422, "LIMIT_EXCEEDED" },
			{ "{\"amount\":\"10\",\"currency\":\"USDT\",\"recipient_phone\":\"+233241234555\","
			  "\"mobile_network\":\"MTN\",\"reference_id\":\"e1\",\"quote_id\":\"qt_nosuchquote000000000000\"}",
			  404, "NOT_FOUND" },
			{ b[0], 400, "VALIDATION_ERROR" },
			{ b[1], 400, "VALIDATION_ERROR" },
			{ b[2], 400, "VALIDATION_ERROR" },
			{ b[3], 400, "VALIDATION_ERROR" },
			{ b[4], 400, "VALIDATION_ERROR" },
			{ b[5], 400, "VALIDATION_ERROR" },
		};

		entries = it_db_scalar("SELECT COUNT(*) FROM ledger_entries", NULL, NULL);
		itc_partner_balance(&p, "USDT", avail, pend);
		for (i = 0; i < NELEM(cases); i++) {
			snprintf(where, sizeof(where), "case %zu: %.60s", i, cases[i].body);
			CU_ASSERT_EQUAL(wpost(&p, cases[i].body, &r), cases[i].status);
			it_assert_partner_error(&r, cases[i].status, cases[i].code, where);
			it_resp_free(&r);
		}
	}
	/* the network down; the float short */
	it_sim_set("momo.MTN.health", "down");
	IT_UNTIL("MTN probed down", it_network_probed("MTN", "down"));
	body_of(b[6], sizeof(b[6]), "10", "USDT", phone, "MTN", "e-down", "");
	CU_ASSERT_EQUAL(wpost(&p, b[6], &r), 503);
	it_assert_partner_error(&r, 503, "NETWORK_DOWN", "network down");
	it_resp_free(&r);
	it_sim_set("momo.MTN.health", "ok");
	IT_UNTIL("MTN probed operational again", it_network_probed_ok("MTN"));
	it_sim_set("momo.MTN.float", "100.00");
	CU_ASSERT_EQUAL(wpost(&p, b[6], &r), 503);
	it_assert_partner_error(&r, 503, "INSUFFICIENT_LIQUIDITY", "float short");
	it_resp_free(&r);
	it_sim_set("momo.MTN.float", "unlimited");
	/* no key, a wrong key, a live key in the sandbox */
	{
		const char *none[] = { "Content-Type: application/json", NULL };
		const char *wrong[] = { "Authorization: Bearer sk_test_nope",
			"Content-Type: application/json", NULL };
		const char *live[] = { "Authorization: Bearer sk_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
			"Content-Type: application/json", NULL };
		const char *const *hs[] = { none, wrong, live };
		const char *text[] = { p.auth, "Content-Type: text/plain", NULL };

		for (i = 0; i < 3; i++) {
			CU_ASSERT_EQUAL(it_http("POST", "/v1/withdrawals", hs[i], b[6], strlen(b[6]), &r), 0);
			it_assert_partner_error(&r, 401, "UNAUTHORIZED", "bad auth");
			it_resp_free(&r);
		}
		CU_ASSERT_EQUAL(it_http("POST", "/v1/withdrawals", text, b[6], strlen(b[6]), &r), 0);
		it_assert_partner_error(&r, 415, "UNSUPPORTED_MEDIA_TYPE", "text/plain");
		it_resp_free(&r);
	}
	/* an oversize body (the configured maximum is 8 MiB) */
	{
		size_t n = 9u * 1024 * 1024;
		char *huge = malloc(n + 1);
		const char *h[] = { p.auth, "Content-Type: application/json", NULL };

		CU_ASSERT_PTR_NOT_NULL_FATAL(huge);
		memset(huge, ' ', n);
		huge[0] = '{';
		huge[n - 1] = '}';
		huge[n] = '\0';
		CU_ASSERT_EQUAL(it_http("POST", "/v1/withdrawals", h, huge, n, &r), 0);
		it_assert_partner_error(&r, 413, "PAYLOAD_TOO_LARGE", "oversize");
		it_resp_free(&r);
		free(huge);
	}
	CU_ASSERT_EQUAL(wd_count(&p), 0);
	itc_partner_balance(&p, "USDT", avail2, pend2);
	CU_ASSERT_STRING_EQUAL(avail2, avail);
	CU_ASSERT_STRING_EQUAL(pend2, pend);

	/* too little balance: an unfunded partner with 5 USDT */
	itc_partner_new(&poor, "enterprise", 1);
	{
		const char *h[] = { poor.auth, "Content-Type: application/json", NULL };
		const char *dep = "{\"currency\":\"USDT\",\"amount\":\"5\"}";

		CU_ASSERT_EQUAL(it_http("POST", "/v1/sandbox/deposits", h, dep, strlen(dep), &r), 0);
		CU_ASSERT_EQUAL(r.status, 201);
		it_resp_free(&r);
	}
	body_of(b[7], sizeof(b[7]), "5.000001", "USDT", phone, "MTN", "e-poor", "");
	CU_ASSERT_EQUAL(wpost(&poor, b[7], &r), 422);
	it_assert_partner_error(&r, 422, "INSUFFICIENT_BALANCE", "balance");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(wd_count(&poor), 0);
	itc_partner_balance(&poor, "USDT", avail2, pend2);
	CU_ASSERT_STRING_EQUAL(avail2, "5.000000");
	CU_ASSERT_STRING_EQUAL(pend2, "0.000000");
	/* only the deposit was posted meanwhile */
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM ledger_entries", NULL, NULL), entries + 2);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM outbox_events WHERE subject_kind = "
	    "'partner' AND subject_id IN (?, ?)", p.row, poor.row), 0);
	CU_ASSERT_EQUAL(it_worker("reconcile"), 0);
}

/* ---- the rate lock ---- */

/* GET /v1/rates for amount of cur: the quote's fields (80 bytes each). */
static void
quote(const struct itc_partner *p, const char *cur, const char *amount, char *qid, char *rate,
    char *fee, char *total)
{
	char path[160];
	struct it_resp r;
	json_t *d;

	snprintf(path, sizeof(path), "/v1/rates?from_currency=%s&to_currency=GHS&amount=%s",
	    cur, amount);
	CU_ASSERT_EQUAL_FATAL(itc_partner_get(p, path, &r), 200);
	d = json_object_get(r.json, "data");
	snprintf(qid, 80, "%s", it_str(d, "quote_id") ? it_str(d, "quote_id") : "");
	snprintf(rate, 80, "%s", it_str(d, "rate") ? it_str(d, "rate") : "");
	snprintf(fee, 80, "%s", it_str(d, "fee") ? it_str(d, "fee") : "");
	snprintf(total, 80, "%s", it_str(d, "total_ghs") ? it_str(d, "total_ghs") : "");
	it_resp_free(&r);
}

static void
test_rate_lock(void)
{
	char qid[80], rate[80], fee[80], total[80], extra[160], body[500], phone[20];
	char avail[40], pend[40];
	struct it_resp r;
	struct itc_partner a, b;
	json_t *d;

	itc_partner_new(&a, "enterprise", 0);
	itc_partner_new(&b, "enterprise", 0);
	itc_phone(555, phone, sizeof(phone));
	quote(&a, "USDT", "20", qid, rate, fee, total);
	snprintf(extra, sizeof(extra), ",\"quote_id\":\"%s\"", qid);
	/* the quote's amount and currency, or 400 */
	body_of(body, sizeof(body), "21", "USDT", phone, "MTN", "q-amount", extra);
	CU_ASSERT_EQUAL(wpost(&a, body, &r), 400);
	it_assert_partner_error(&r, 400, "VALIDATION_ERROR", "quote amount differs");
	it_resp_free(&r);
	body_of(body, sizeof(body), "20", "USDC", phone, "MTN", "q-currency", extra);
	CU_ASSERT_EQUAL(wpost(&a, body, &r), 400);
	it_assert_partner_error(&r, 400, "VALIDATION_ERROR", "quote currency differs");
	it_resp_free(&r);
	/* another partner's quote is unknown to B */
	body_of(body, sizeof(body), "20", "USDT", phone, "MTN", "q-other", extra);
	CU_ASSERT_EQUAL(wpost(&b, body, &r), 404);
	it_assert_partner_error(&r, 404, "NOT_FOUND", "another partner's quote");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(wd_count(&a) + wd_count(&b), 0);
	/* the quote's rate, fee and total, whatever the live rate does now */
	CU_ASSERT_EQUAL(it_admin("rate set USDT 99.5", avail, sizeof(avail)), 0);
	body_of(body, sizeof(body), "20", "USDT", phone, "MTN", "q-ok", extra);
	CU_ASSERT_EQUAL_FATAL(wpost(&a, body, &r), 201);
	d = json_object_get(r.json, "data");
	CU_ASSERT_STRING_EQUAL(it_str(d, "ghs_amount"), total);
	CU_ASSERT_STRING_EQUAL(it_str(d, "fee"), fee);
	CU_ASSERT_STRING_EQUAL(it_str(d, "fx_rate"), rate);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_admin("rate set USDT 15.20", avail, sizeof(avail)), 0);
	it_pause_ms(IT_RATE_CACHE_PASS_MS, "every process's copy of the rate is renewed");
	/* a quote locks one withdrawal */
	body_of(body, sizeof(body), "20", "USDT", phone, "MTN", "q-again", extra);
	CU_ASSERT_EQUAL(wpost(&a, body, &r), 422);
	it_assert_partner_error(&r, 422, "RATE_EXPIRED", "quote used");
	it_resp_free(&r);
	/* the locked quote's row: written, used, by the withdrawal that locked it */
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM quotes q JOIN withdrawals w ON w.quote_id = q.id "
	    "WHERE q.id = ? AND q.api = 'partner' AND q.partner_id = ? AND q.used_at IS NOT NULL "
	    "AND q.amount = 20", qid, a.row), 1);
	/* past valid_until: the same quote signed with the server's key, expired */
	quote(&a, "USDT", "20", qid, rate, fee, total);
	{
		char scope[32], eq[QUOTE_ID_MAX];

		snprintf(scope, sizeof(scope), "p:%s", a.row);
		CU_ASSERT_EQUAL_FATAL(it_quote_expire(qid, scope, eq), 0);
		snprintf(qid, 80, "%s", eq);
	}
	snprintf(extra, sizeof(extra), ",\"quote_id\":\"%s\"", qid);
	body_of(body, sizeof(body), "20", "USDT", phone, "MTN", "q-expired", extra);
	CU_ASSERT_EQUAL(wpost(&a, body, &r), 422);
	it_assert_partner_error(&r, 422, "RATE_EXPIRED", "quote expired");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(wd_count(&a), 1);
	itc_partner_balance(&a, "USDT", avail, pend);
	CU_ASSERT_STRING_EQUAL(avail, "9980.000000");
	CU_ASSERT_STRING_EQUAL(pend, "20.000000");
	CU_ASSERT_EQUAL(it_worker("reconcile"), 0);
}

/* ---- concurrency ---- */

struct racer {
	const struct itc_partner *p;
	const char *body;
	long status;
	char id[64];
	char code[40];
	int via; /* on a cluster: half through each web server */
};

static void *
race(void *arg)
{
	struct racer *x = arg;
	struct it_resp r;

	it_http_via(x->via);
	x->status = wpost(x->p, x->body, &r);
	id_of(&r, x->id);
	snprintf(x->code, sizeof(x->code), "%s", it_str(r.json, "code") ? it_str(r.json, "code") : "");
	it_resp_free(&r);
	return NULL;
}

/* Runs every racer at once. */
static void
run_all(struct racer *x, size_t n)
{
	pthread_t t[CONCURRENT];
	size_t i;

	for (i = 0; i < n; i++) {
		x[i].via = (int)i;
		CU_ASSERT_EQUAL_FATAL(pthread_create(&t[i], NULL, race, &x[i]), 0);
	}
	for (i = 0; i < n; i++)
		pthread_join(t[i], NULL);
}

static void
test_same_reference_race(void)
{
	struct racer x[CONCURRENT];
	char body[400], phone[20], avail[40], pend[40];
	int created = 0, replayed = 0;
	struct itc_partner p;
	size_t i;

	itc_partner_new(&p, "enterprise", 0);
	itc_phone(555, phone, sizeof(phone));
	body_of(body, sizeof(body), "12", "USDT", phone, "MTN", "race-1",
	    ",\"metadata\":{\"batch\":\"7\"}");
	for (i = 0; i < CONCURRENT; i++) {
		memset(&x[i], 0, sizeof(x[i]));
		x[i].p = &p;
		x[i].body = body;
	}
	run_all(x, CONCURRENT);
	for (i = 0; i < CONCURRENT; i++) {
		created += x[i].status == 201;
		replayed += x[i].status == 200;
		CU_ASSERT_STRING_EQUAL(x[i].id, x[0].id);
	}
	CU_ASSERT_EQUAL(created, 1);
	CU_ASSERT_EQUAL(replayed, CONCURRENT - 1);
	CU_ASSERT_EQUAL(wd_count(&p), 1);
	itc_partner_balance(&p, "USDT", avail, pend);
	CU_ASSERT_STRING_EQUAL(avail, "9988.000000");
	CU_ASSERT_STRING_EQUAL(pend, "12.000000");
	CU_ASSERT_EQUAL(events("withdrawal.pending", x[0].id), 1);
	CU_ASSERT_EQUAL(it_worker("reconcile"), 0);
}

static void
test_balance_race(void)
{
	struct racer x[CONCURRENT];
	char body[CONCURRENT][400], phone[20], ref[32], avail[40], pend[40];
	int created = 0, refused = 0;
	const char *dep = "{\"currency\":\"USDC\",\"amount\":\"70\"}";
	struct it_resp r;
	struct itc_partner p;
	size_t i;

	itc_partner_new(&p, "enterprise", 1);
	{
		const char *h[] = { p.auth, "Content-Type: application/json", NULL };

		CU_ASSERT_EQUAL(it_http("POST", "/v1/sandbox/deposits", h, dep, strlen(dep), &r), 0);
		CU_ASSERT_EQUAL(r.status, 201);
		it_resp_free(&r);
	}
	itc_phone(555, phone, sizeof(phone));
	for (i = 0; i < CONCURRENT; i++) {
		snprintf(ref, sizeof(ref), "bal-%zu", i);
		body_of(body[i], sizeof(body[i]), "7", "USDC", phone, "AIRTELTIGO", ref, "");
		memset(&x[i], 0, sizeof(x[i]));
		x[i].p = &p;
		x[i].body = body[i];
	}
	run_all(x, CONCURRENT);
	for (i = 0; i < CONCURRENT; i++) {
		created += x[i].status == 201;
		if (x[i].status == 422 && strcmp(x[i].code, "INSUFFICIENT_BALANCE") == 0)
			refused++;
	}
	CU_ASSERT_EQUAL(created, 10);
	CU_ASSERT_EQUAL(refused, CONCURRENT - 10);
	CU_ASSERT_EQUAL(wd_count(&p), 10);
	itc_partner_balance(&p, "USDC", avail, pend);
	CU_ASSERT_STRING_EQUAL(avail, "0.000000");
	CU_ASSERT_STRING_EQUAL(pend, "70.000000");
	CU_ASSERT_EQUAL(it_worker("reconcile"), 0);
}

/* ---- failures ---- */

static void
test_failures(void)
{
	char body[400], phone[20], ok_phone[20], id_chain[64], id_payout[64], path[128];
	char avail[40], pend[40];
	struct it_resp r;
	struct itc_partner p;
	json_t *d;

	itc_partner_new(&p, "enterprise", 0);
	itc_phone(201, phone, sizeof(phone));    /* the payout fails at the provider */
	itc_phone(555, ok_phone, sizeof(ok_phone));
	/* .666 fails on chain: failed from pending */
	body_of(body, sizeof(body), "10.666", "USDT", ok_phone, "MTN", "fail-chain", "");
	CU_ASSERT_EQUAL_FATAL(wpost(&p, body, &r), 201);
	id_of(&r, id_chain);
	it_resp_free(&r);
	body_of(body, sizeof(body), "33.25", "USDT", phone, "MTN", "fail-payout", "");
	CU_ASSERT_EQUAL_FATAL(wpost(&p, body, &r), 201);
	id_of(&r, id_payout);
	it_resp_free(&r);
	itc_partner_balance(&p, "USDT", avail, pend);
	CU_ASSERT_STRING_EQUAL(avail, "9956.084000");
	CU_ASSERT_STRING_EQUAL(pend, "43.916000");
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	status_is(&p, id_chain, "failed");
	snprintf(path, sizeof(path), "/v1/withdrawals/%s", id_chain);
	CU_ASSERT_EQUAL_FATAL(itc_partner_get(&p, path, &r), 200);
	d = json_object_get(r.json, "data");
	CU_ASSERT(json_is_null(json_object_get(d, "processing_at")));
	CU_ASSERT(json_is_null(json_object_get(d, "mobile_money_reference")));
	CU_ASSERT_PTR_NOT_NULL(it_str(d, "failure_reason"));
	CU_ASSERT_PTR_NOT_NULL(it_str(d, "completed_at"));
	it_resp_free(&r);
	/* failed from processing: the payout was sent and refused */
	snprintf(path, sizeof(path), "/v1/withdrawals/%s", id_payout);
	CU_ASSERT_EQUAL_FATAL(itc_partner_get(&p, path, &r), 200);
	d = json_object_get(r.json, "data");
	CU_ASSERT_STRING_EQUAL(it_str(d, "status"), "failed");
	CU_ASSERT_PTR_NOT_NULL(it_str(d, "processing_at"));
	CU_ASSERT_PTR_NOT_NULL(it_str(d, "on_chain_tx_hash"));
	CU_ASSERT_PTR_NOT_NULL(it_str(d, "failure_reason"));
	it_resp_free(&r);
	/* the exact source amounts back, once, whatever runs again */
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	itc_partner_balance(&p, "USDT", avail, pend);
	CU_ASSERT_STRING_EQUAL(avail, "10000.000000");
	CU_ASSERT_STRING_EQUAL(pend, "0.000000");
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM ledger_transactions WHERE kind = "
	    "'withdrawal.refund' AND ref_id IN (?, ?)", id_chain, id_payout), 2);
	CU_ASSERT_EQUAL(events("withdrawal.failed", id_chain), 1);
	CU_ASSERT_EQUAL(events("withdrawal.failed", id_payout), 1);
	CU_ASSERT_EQUAL(events("withdrawal.processing", id_chain), 0);
	CU_ASSERT_EQUAL(events("withdrawal.processing", id_payout), 1);
	CU_ASSERT_EQUAL(events("withdrawal.completed", id_payout), 0);
	/* the payout of the chain failure was never sent; its float draw is back */
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payouts WHERE withdrawal_id = ? "
	    "AND status = 'failed' AND sends = 0", id_chain, NULL), 1);
	CU_ASSERT_EQUAL(it_worker("reconcile"), 0);
}

/* ---- reading ---- */

/* GET path: total, total_pages, and how many rows data has. */
static void
page_of(const struct itc_partner *p, const char *path, long long *total, long long *pages, size_t *n)
{
	struct it_resp r;
	json_t *pg;

	*total = *pages = -1;
	*n = 0;
	CU_ASSERT_EQUAL_FATAL(itc_partner_get(p, path, &r), 200);
	pg = json_object_get(r.json, "pagination");
	CU_ASSERT_EQUAL(json_object_size(pg), 5);
	CU_ASSERT_TRUE(json_is_false(json_object_get(pg, "total_capped"))); /* a few rows */
	*total = json_integer_value(json_object_get(pg, "total"));
	*pages = json_integer_value(json_object_get(pg, "total_pages"));
	*n = json_array_size(json_object_get(r.json, "data"));
	it_resp_free(&r);
}

static void
test_paging_and_filters(void)
{
	static const char *const list_keys[] = { "withdrawal_id", "status", "amount",
		"currency", "ghs_amount", "fx_rate", "recipient_phone", "mobile_network",
		"reference_id", "created_at", "completed_at", NULL };
	static const char *const bad[] = { "per_page=0", "per_page=101", "per_page=abc",
		"page=0", "page=-1", "status=done", "from_date=yesterday",
		"to_date=2026-02-30", "from_date=2026-03-02&to_date=2026-03-01",
		"reference_id=", "colour=red" };
	static const char *const lists[] = { "/v1/withdrawals", "/v1/transactions" };
	char body[400], phone[20], ref[32], path[200], first[64], where[220];
	long long total, pages;
	struct it_resp r;
	struct itc_partner p, other;
	size_t i, n, l;
	json_t *d;

	itc_partner_new(&p, "enterprise", 0);
	itc_partner_new(&other, "enterprise", 0);
	itc_phone(555, phone, sizeof(phone));
	for (i = 0; i < 60; i++) {
		snprintf(ref, sizeof(ref), "page-%02zu", i);
		/* every tenth fails on chain */
		body_of(body, sizeof(body), i % 10 == 3 ? "1.666" : "1", "USDC", phone, "MTN", ref, "");
		CU_ASSERT_EQUAL(wpost(&p, body, &r), 201);
		if (i == 59)
			id_of(&r, first);
		it_resp_free(&r);
	}
	/* ten of them a month ago (created_at is the service's; moved for the test) */
	CU_ASSERT_EQUAL(it_db_exec("UPDATE withdrawals SET created_at = created_at - INTERVAL 40 DAY, "
	    "next_check_at = next_check_at - INTERVAL 40 DAY WHERE partner_id = ? AND reference_id < 'page-10'",
	    p.row, NULL), 10);
	for (l = 0; l < 2; l++) {
		size_t sizes[3] = { 25, 25, 10 };

		for (i = 0; i < 3; i++) {
			snprintf(path, sizeof(path), "%s?per_page=25&page=%zu", lists[l], i + 1);
			page_of(&p, path, &total, &pages, &n);
			CU_ASSERT_EQUAL(total, 60);
			CU_ASSERT_EQUAL(pages, 3);
			CU_ASSERT_EQUAL(n, sizes[i]);
		}
		snprintf(path, sizeof(path), "%s?per_page=25&page=4", lists[l]);
		page_of(&p, path, &total, &pages, &n);
		CU_ASSERT_EQUAL(total, 60);
		CU_ASSERT_EQUAL(pages, 3);
		CU_ASSERT_EQUAL(n, 0);
		/* defaults: page 1 of 25, newest first, the list columns */
		CU_ASSERT_EQUAL_FATAL(itc_partner_get(&p, lists[l], &r), 200);
		d = json_object_get(r.json, "data");
		CU_ASSERT_EQUAL(json_array_size(d), 25);
		CU_ASSERT_EQUAL(json_integer_value(json_object_get(json_object_get(r.json,
		    "pagination"), "per_page")), 25);
		CU_ASSERT_STRING_EQUAL(it_str(json_array_get(d, 0), "withdrawal_id"), first);
		itc_assert_keys(json_array_get(d, 0), list_keys, "list columns");
		it_resp_free(&r);
		for (i = 0; i < NELEM(bad); i++) {
			snprintf(path, sizeof(path), "%s?%s", lists[l], bad[i]);
			snprintf(where, sizeof(where), "%s", path);
			CU_ASSERT_EQUAL(itc_partner_get(&p, path, &r), 400);
			it_assert_partner_error(&r, 400, "VALIDATION_ERROR", where);
			it_resp_free(&r);
		}
	}
	/* filters narrow total */
	page_of(&p, "/v1/transactions?status=pending", &total, &pages, &n);
	CU_ASSERT_EQUAL(total, 60);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	page_of(&p, "/v1/transactions?status=failed", &total, &pages, &n);
	CU_ASSERT_EQUAL(total, 6);
	CU_ASSERT_EQUAL(n, 6);
	page_of(&p, "/v1/withdrawals?status=completed&per_page=100", &total, &pages, &n);
	CU_ASSERT_EQUAL(total, 54);
	CU_ASSERT_EQUAL(n, 54);
	page_of(&p, "/v1/withdrawals?status=pending", &total, &pages, &n);
	CU_ASSERT_EQUAL(total, 0);
	CU_ASSERT_EQUAL(pages, 0);
	page_of(&p, "/v1/withdrawals?reference_id=page-42", &total, &pages, &n);
	CU_ASSERT_EQUAL(total, 1);
	CU_ASSERT_EQUAL(n, 1);
	page_of(&p, "/v1/withdrawals?reference_id=page-99", &total, &pages, &n);
	CU_ASSERT_EQUAL(total, 0);
	/* dates: the ten moved back, the fifty of today, both, none */
	CU_ASSERT_EQUAL(it_db_text("SELECT DATE_FORMAT(UTC_TIMESTAMP() - INTERVAL 20 DAY, "
	    "'%Y-%m-%dT%H:%i:%sZ')", NULL, NULL, ref, sizeof(ref)), 0);
	snprintf(path, sizeof(path), "/v1/withdrawals?to_date=%s", ref);
	page_of(&p, path, &total, &pages, &n);
	CU_ASSERT_EQUAL(total, 10);
	snprintf(path, sizeof(path), "/v1/transactions?from_date=%s", ref);
	page_of(&p, path, &total, &pages, &n);
	CU_ASSERT_EQUAL(total, 50);
	snprintf(path, sizeof(path), "/v1/transactions?from_date=%s&status=failed", ref);
	page_of(&p, path, &total, &pages, &n);
	CU_ASSERT_EQUAL(total, 5);
	page_of(&p, "/v1/transactions?from_date=2020-01-01&to_date=2099-12-31", &total, &pages, &n);
	CU_ASSERT_EQUAL(total, 60);
	page_of(&p, "/v1/transactions?from_date=2099-01-01T00:00:00%2B01:00", &total, &pages, &n);
	CU_ASSERT_EQUAL(total, 0);
	/* another partner sees none of them, and none by id */
	page_of(&other, "/v1/withdrawals", &total, &pages, &n);
	CU_ASSERT_EQUAL(total, 0);
	CU_ASSERT_EQUAL(n, 0);
	page_of(&other, "/v1/transactions?reference_id=page-42", &total, &pages, &n);
	CU_ASSERT_EQUAL(total, 0);
	snprintf(path, sizeof(path), "/v1/withdrawals/%s", first);
	CU_ASSERT_EQUAL(itc_partner_get(&other, path, &r), 404);
	it_assert_partner_error(&r, 404, "NOT_FOUND", "another partner's withdrawal");
	it_resp_free(&r);
	{
		static const char *const odd[] = { "/v1/withdrawals/wd_nosuchwithdrawal0000000",
			"/v1/withdrawals/po_abc", "/v1/withdrawals/wd_%C3%A9t%C3%A9" };

		for (i = 0; i < NELEM(odd); i++) {
			CU_ASSERT_EQUAL(itc_partner_get(&p, odd[i], &r), 404);
			it_assert_partner_error(&r, 404, "NOT_FOUND", odd[i]);
			it_resp_free(&r);
		}
	}
	CU_ASSERT_EQUAL(it_worker("reconcile"), 0);
}

int
it_suite_withdrawals(void)
{
	static const struct tu_test tests[] = {
		{ "pending -> processing -> completed; every create and get column", test_lifecycle },
		{ "every error code, and nothing written after any", test_errors },
		{ "quote_id locks the quote's rate; other, used, expired, different quotes refused", test_rate_lock },
		{ "50 concurrent requests with one reference_id make one withdrawal", test_same_reference_race },
		{ "50 concurrent withdrawals against a balance for 10 make exactly 10", test_balance_race },
		{ "failed from pending and from processing: the source amount back once", test_failures },
		{ "paging 60 by 25; each filter narrows total; partners apart", test_paging_and_filters },
	};

	return tu_add_suite("partner withdrawals", suite_init, NULL, tests, NELEM(tests));
}
