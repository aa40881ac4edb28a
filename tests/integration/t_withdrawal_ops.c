/*
 * Partner withdrawal operations (issue 24): POST /v1/withdrawals/bulk
 * (mixed valid and invalid items, replays, a balance for only some of
 * them, bodies refused whole with nothing written, one rate-limit count)
 * and POST /v1/withdrawals/{id}/cancel (the source amount back once, the
 * event, every state it refuses, another partner's id), with 50 cancels
 * racing the payouts worker: each withdrawal either cancelled or sent,
 * never both. reconcile runs after each scenario.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "itc.h"

#define RACE 50

/* One bulk item's body; extra ("" or ",\"k\":v") is appended. */
static int
item(char *out, size_t cap, const char *amount, const char *phone, const char *ref,
    const char *extra)
{
	return snprintf(out, cap, "{\"amount\":\"%s\",\"currency\":\"USDT\",\"recipient_phone\":\"%s\","
	    "\"mobile_network\":\"MTN\",\"reference_id\":\"%s\"%s}", amount, phone, ref, extra);
}

static long long
wd_count(const struct itc_partner *p)
{
	return it_db_scalar("SELECT COUNT(*) FROM withdrawals WHERE partner_id = ?", p->row, NULL);
}

static long long
ledger_rows(void)
{
	return it_db_scalar("SELECT COUNT(*) FROM ledger_entries", NULL, NULL);
}

static long long
events(const char *type, const char *id)
{
	return it_db_scalar("SELECT COUNT(*) FROM outbox_events WHERE type = ? AND ref_id = ?",
	    type, id);
}

/* A partner with exactly usdt_amount USDT (no other coin). */
static void
funded(struct itc_partner *p, const char *usdt_amount)
{
	char dep[96];
	struct it_resp r;

	itc_partner_new(p, "enterprise", 1);
	snprintf(dep, sizeof(dep), "{\"currency\":\"USDT\",\"amount\":\"%s\"}", usdt_amount);
	CU_ASSERT_EQUAL_FATAL(itc_partner_send(p, "POST", "/v1/sandbox/deposits", dep, &r), 201);
	it_resp_free(&r);
}

static long long
remaining(const struct it_resp *r)
{
	char v[32];

	return it_header(r, "X-RateLimit-Remaining", v, sizeof(v)) ? atoll(v) : -1;
}

/* ---- bulk ---- */

/*
 * A partner allowed 3 requests a minute sends a bulk of 5: the request and
 * its first item count 1, the next two 2 and 3, so three are created; the
 * last two are 429 RATE_LIMITED, nothing of them written.
 */
static void
test_bulk_rate_limited(void)
{
	struct itc_partner p;
	struct it_resp r;
	char body[4000], phone[20], subject[40], ref[16];
	json_t *d;
	int i, at = 0;

	itc_partner_new(&p, "enterprise", 0);
	snprintf(subject, sizeof(subject), "p:%s", p.row);
	CU_ASSERT_EQUAL(it_db_exec("UPDATE rate_limit_overrides SET limit_count = 3 WHERE "
	    "subject = ? AND category = 'partner_minute'", subject, NULL), 1);
	itc_phone(555, phone, sizeof(phone));
	at = snprintf(body, sizeof(body), "{\"withdrawals\":[");
	for (i = 0; i < 5; i++)
		at += snprintf(body + at, sizeof(body) - (size_t)at, "%s{\"amount\":\"5\","
		    "\"currency\":\"USDT\",\"recipient_phone\":\"%s\",\"mobile_network\":\"MTN\","
		    "\"reference_id\":\"rl-%d\"}", i ? "," : "", phone, i);
	snprintf(body + at, sizeof(body) - (size_t)at, "]}");
	CU_ASSERT_EQUAL_FATAL(itc_partner_send(&p, "POST", "/v1/withdrawals/bulk", body, &r), 207);
	d = json_object_get(r.json, "data");
	CU_ASSERT_EQUAL_FATAL(json_array_size(d), 5);
	for (i = 0; i < 5; i++) {
		json_t *el = json_array_get(d, i);

		snprintf(ref, sizeof(ref), "rl-%d", i);
		CU_ASSERT_STRING_EQUAL(it_str(el, "reference_id"), ref);
		CU_ASSERT_EQUAL(json_integer_value(json_object_get(el, "http_status")),
		    i < 3 ? 201 : 429);
		if (i >= 3)
			CU_ASSERT_STRING_EQUAL(it_str(json_object_get(el, "error"), "code"),
			    "RATE_LIMITED");
	}
	CU_ASSERT_EQUAL(remaining(&r), 0);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM withdrawals WHERE partner_id = ?",
	    p.row, NULL), 3);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM withdrawals WHERE partner_id = ? AND "
	    "reference_id IN ('rl-3', 'rl-4')", p.row, NULL), 0);
}

static void
test_bulk_mixed(void)
{
	/* 30 USDT: 10 + 15 + 5 fit; a fourth 10 does not */
	static const struct { long status; const char *code; const char *ref; } want[] = {
		{ 201, NULL, "b-1" },
		{ 400, "INVALID_PHONE", "b-2" },
		{ 201, NULL, "b-3" },
		{ 422, "INSUFFICIENT_BALANCE", "b-4" },
		{ 400, "VALIDATION_ERROR", "b-5" },
		{ 400, "VALIDATION_ERROR", NULL },
		{ 200, NULL, "b-1" },
		{ 409, "DUPLICATE_REFERENCE", "b-1" },
		{ 201, NULL, "b-9" },
		{ 422, "BELOW_MINIMUM", "b-10" },
	};
	char phone[20], body[6000], *at = body, avail[40], pend[40], where[64];
	const char *end = body + sizeof(body);
	struct it_resp r;
	struct itc_partner p;
	long long before;
	json_t *d, *el, *err;
	size_t i;

	funded(&p, "30");
	itc_phone(555, phone, sizeof(phone));
	at += snprintf(at, (size_t)(end - at), "{\"withdrawals\":[");
	at += item(at, (size_t)(end - at), "10", phone, "b-1", ",\"metadata\":{\"run\":\"7\"}");
	at += snprintf(at, (size_t)(end - at), ",");
	at += item(at, (size_t)(end - at), "10", "0241234567", "b-2", "");
	at += snprintf(at, (size_t)(end - at), ",");
	at += item(at, (size_t)(end - at), "15", phone, "b-3", "");
	at += snprintf(at, (size_t)(end - at), ",");
	at += item(at, (size_t)(end - at), "10", phone, "b-4", "");
	at += snprintf(at, (size_t)(end - at), ",{\"amount\":10,\"currency\":\"USDT\","
	    "\"recipient_phone\":\"%s\",\"mobile_network\":\"MTN\",\"reference_id\":\"b-5\"}", phone);
	at += snprintf(at, (size_t)(end - at), ",{\"amount\":\"1\",\"currency\":\"USDT\","
	    "\"recipient_phone\":\"%s\",\"mobile_network\":\"MTN\",\"reference_id\":6}", phone);
	at += snprintf(at, (size_t)(end - at), ",");
	at += item(at, (size_t)(end - at), "10", phone, "b-1", ",\"metadata\":{\"run\":\"7\"}");
	at += snprintf(at, (size_t)(end - at), ",");
	at += item(at, (size_t)(end - at), "11", phone, "b-1", "");
	at += snprintf(at, (size_t)(end - at), ",");
	at += item(at, (size_t)(end - at), "5", phone, "b-9", "");
	at += snprintf(at, (size_t)(end - at), ",");
	at += item(at, (size_t)(end - at), "0.00052", phone, "b-10", "");
	snprintf(at, (size_t)(end - at), "]}");

	CU_ASSERT_EQUAL_FATAL(itc_partner_get(&p, "/v1/balances", &r), 200);
	before = remaining(&r);
	it_resp_free(&r);
	CU_ASSERT_EQUAL_FATAL(itc_partner_send(&p, "POST", "/v1/withdrawals/bulk", body, &r), 207);
	/* each item is counted as a request of its own */
	CU_ASSERT_EQUAL(remaining(&r), before - (long long)NELEM(want));
	CU_ASSERT_STRING_EQUAL(it_str(r.json, "status"), "success");
	d = json_object_get(r.json, "data");
	CU_ASSERT_EQUAL_FATAL(json_array_size(d), NELEM(want));
	for (i = 0; i < NELEM(want); i++) {
		snprintf(where, sizeof(where), "bulk item %zu", i);
		el = json_array_get(d, i);
		CU_ASSERT_EQUAL(json_integer_value(json_object_get(el, "http_status")), want[i].status);
		if (want[i].code == NULL) {
			CU_ASSERT_STRING_EQUAL(it_str(el, "reference_id"), want[i].ref);
			CU_ASSERT_STRING_EQUAL(it_str(el, "status"), "pending");
			CU_ASSERT_PTR_NOT_NULL(it_str(el, "withdrawal_id"));
			CU_ASSERT_PTR_NOT_NULL(it_str(el, "estimated_completion"));
			CU_ASSERT_PTR_NULL(json_object_get(el, "error"));
			continue;
		}
		err = json_object_get(el, "error");
		CU_ASSERT_EQUAL(json_object_size(el), 3);
		CU_ASSERT_EQUAL(json_object_size(err), 2);
		CU_ASSERT_STRING_EQUAL(it_str(err, "code") ? it_str(err, "code") : where, want[i].code);
		CU_ASSERT_PTR_NOT_NULL(it_str(err, "message"));
		if (want[i].ref != NULL) {
			CU_ASSERT_STRING_EQUAL(it_str(el, "reference_id") ? it_str(el, "reference_id") :
			    where, want[i].ref);
		} else {
			CU_ASSERT(json_is_null(json_object_get(el, "reference_id")));
		}
	}
	/* the replay is the withdrawal the first item made */
	CU_ASSERT_STRING_EQUAL(it_str(json_array_get(d, 6), "withdrawal_id"),
	    it_str(json_array_get(d, 0), "withdrawal_id"));
	/* the message names the field, as the single request's would */
	CU_ASSERT_PTR_NOT_NULL(it_strstr(it_str(json_object_get(json_array_get(d, 4), "error"),
	    "message"), "amount"));
	CU_ASSERT_EQUAL(wd_count(&p), 3);
	CU_ASSERT_EQUAL(events("withdrawal.pending", it_str(json_array_get(d, 0), "withdrawal_id")), 1);
	itc_partner_balance(&p, "USDT", avail, pend);
	CU_ASSERT_STRING_EQUAL(avail, "0.000000");
	CU_ASSERT_STRING_EQUAL(pend, "30.000000");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_worker("reconcile"), 0);
}

static void
test_bulk_refused_whole(void)
{
	char phone[20], one[400], big[22 * 420], *at = big, bad[8][600];
	const char *end = big + sizeof(big);
	const char *bodies[12];
	struct it_resp r;
	struct itc_partner p;
	long long wds, entries;
	size_t i, n = 0;

	funded(&p, "100");
	itc_phone(555, phone, sizeof(phone));
	item(one, sizeof(one), "1", phone, "w-1", "");
	/* 21 items: one too many */
	at += snprintf(at, (size_t)(end - at), "{\"withdrawals\":[");
	for (i = 0; i < 21; i++) {
		char ref[16];

		snprintf(ref, sizeof(ref), "w-%zu", i);
		at += item(at, (size_t)(end - at), "1", phone, ref, "");
		at += snprintf(at, (size_t)(end - at), i < 20 ? "," : "]}");
	}
	bodies[n++] = big;
	bodies[n++] = "{\"withdrawals\":[]}";
	bodies[n++] = "{}";
	bodies[n++] = "{\"withdrawals\":null}";
	bodies[n++] = "{\"withdrawals\":{}}";
	bodies[n++] = "{\"withdrawals\":[1]}";
	snprintf(bad[0], sizeof(bad[0]), "{\"withdrawals\":[%s,\"x\"]}", one);
	bodies[n++] = bad[0];
	snprintf(bad[1], sizeof(bad[1]), "{\"withdrawals\":[%s],\"dry_run\":true}", one);
	bodies[n++] = bad[1];
	snprintf(bad[2], sizeof(bad[2]), "{\"withdrawals\":[%s]", one);
	bodies[n++] = bad[2];
	bodies[n++] = "[]";
	snprintf(bad[3], sizeof(bad[3]), "{\"withdrawals\":[%s,[]]}", one);
	bodies[n++] = bad[3];
	wds = wd_count(&p);
	entries = ledger_rows();
	for (i = 0; i < n; i++) {
		char where[40];

		snprintf(where, sizeof(where), "refused bulk body %zu", i);
		CU_ASSERT_EQUAL(itc_partner_send(&p, "POST", "/v1/withdrawals/bulk", bodies[i], &r), 400);
		it_assert_partner_error(&r, 400, "VALIDATION_ERROR", where);
		it_resp_free(&r);
	}
	/* no key, a wrong key; not JSON */
	{
		const char *none[] = { "Content-Type: application/json", NULL };
		const char *text[] = { p.auth, "Content-Type: text/plain", NULL };

		CU_ASSERT_EQUAL(it_http("POST", "/v1/withdrawals/bulk", none, one, strlen(one), &r), 0);
		it_assert_partner_error(&r, 401, "UNAUTHORIZED", "bulk without a key");
		it_resp_free(&r);
		CU_ASSERT_EQUAL(it_http("POST", "/v1/withdrawals/bulk", text, one, strlen(one), &r), 0);
		it_assert_partner_error(&r, 415, "UNSUPPORTED_MEDIA_TYPE", "bulk as text");
		it_resp_free(&r);
	}
	/* the path is bulk's, not a withdrawal id's */
	CU_ASSERT_EQUAL(itc_partner_get(&p, "/v1/withdrawals/bulk", &r), 405);
	it_assert_partner_error(&r, 405, "METHOD_NOT_ALLOWED", "GET bulk");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(wd_count(&p), wds);
	CU_ASSERT_EQUAL(ledger_rows(), entries);
}

/* ---- cancel ---- */

static long
cancel(const struct itc_partner *p, const char *id, struct it_resp *r)
{
	char path[128];

	snprintf(path, sizeof(path), "/v1/withdrawals/%s/cancel", id);
	return itc_partner_send(p, "POST", path, "", r);
}

/* A withdrawal of amount USDT by p: its id (64 bytes). */
static void
create(const struct itc_partner *p, const char *amount, const char *ref, char *id)
{
	char phone[20], body[400];
	struct it_resp r;

	itc_phone(555, phone, sizeof(phone));
	item(body, sizeof(body), amount, phone, ref, "");
	CU_ASSERT_EQUAL_FATAL(itc_partner_send(p, "POST", "/v1/withdrawals", body, &r), 201);
	snprintf(id, 64, "%s", it_str(json_object_get(r.json, "data"), "withdrawal_id"));
	it_resp_free(&r);
}

static void
settings(const char *confirm, const char *delay_ms)
{
	CU_ASSERT(it_db_exec("REPLACE INTO sim_settings (name, value) VALUES "
	    "('chain.confirm_seconds', ?), ('chain.answer_delay_ms', ?), "
	    "('momo.settle_seconds', '0')", confirm, delay_ms) >= 1);
}

static void
test_cancel(void)
{
	char a[64], b[64], c[64], avail[40], pend[40];
	struct it_resp r;
	struct itc_partner p, other;
	long long entries;
	json_t *d;

	settings("3600", "0");
	funded(&p, "100");
	itc_partner_new(&other, "enterprise", 0);
	create(&p, "12.5", "c-1", a);
	create(&p, "20", "c-2", b);
	itc_partner_balance(&p, "USDT", avail, pend);
	CU_ASSERT_STRING_EQUAL(pend, "32.500000");
	/* another partner's id, an unknown one, one outside the alphabet */
	entries = ledger_rows();
	CU_ASSERT_EQUAL(cancel(&other, a, &r), 404);
	it_assert_partner_error(&r, 404, "NOT_FOUND", "another partner's cancel");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(cancel(&p, "wd_nosuchwithdrawal0000000", &r), 404);
	it_assert_partner_error(&r, 404, "NOT_FOUND", "an unknown withdrawal's cancel");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(cancel(&p, "pi_notawithdrawal", &r), 404);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(itc_partner_get(&p, "/v1/withdrawals/wd_x/cancel", &r), 405);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(ledger_rows(), entries);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM withdrawals WHERE id = ? AND "
	    "status = 'pending'", a, NULL), 1);

	/* pending, not yet signed: cancelled, the amount back once */
	CU_ASSERT_EQUAL_FATAL(cancel(&p, a, &r), 200);
	d = json_object_get(r.json, "data");
	CU_ASSERT_STRING_EQUAL(it_str(d, "status"), "cancelled");
	CU_ASSERT_STRING_EQUAL(it_str(d, "withdrawal_id"), a);
	CU_ASSERT_PTR_NOT_NULL(it_str(d, "completed_at"));
	CU_ASSERT(json_is_null(json_object_get(d, "on_chain_tx_hash")));
	CU_ASSERT(json_is_null(json_object_get(d, "failure_reason")));
	it_resp_free(&r);
	itc_partner_balance(&p, "USDT", avail, pend);
	CU_ASSERT_STRING_EQUAL(avail, "80.000000");
	CU_ASSERT_STRING_EQUAL(pend, "20.000000");
	CU_ASSERT_EQUAL(events("withdrawal.cancelled", a), 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM ledger_transactions WHERE "
	    "kind = 'withdrawal.refund' AND ref_id = ?", a, NULL), 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payouts WHERE withdrawal_id = ? "
	    "AND status = 'failed' AND sends = 0", a, NULL), 1);
	/* again: 409 naming the state, nothing moves */
	entries = ledger_rows();
	CU_ASSERT_EQUAL(cancel(&p, a, &r), 409);
	it_assert_partner_error(&r, 409, "INVALID_STATE", "a second cancel");
	CU_ASSERT_PTR_NOT_NULL(it_strstr(it_str(r.json, "message"), "cancelled"));
	it_resp_free(&r);
	CU_ASSERT_EQUAL(ledger_rows(), entries);
	CU_ASSERT_EQUAL(itc_partner_get(&p, "/v1/withdrawals?status=cancelled", &r), 200);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(r.json, "data")), 1);
	it_resp_free(&r);

	/* the worker signs and sends b (its confirmation an hour off) */
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM withdrawals WHERE id = ? AND "
	    "status = 'pending' AND tx_hash IS NOT NULL", b, NULL), 1);
	CU_ASSERT_EQUAL(cancel(&p, b, &r), 409);
	it_assert_partner_error(&r, 409, "INVALID_STATE", "a cancel after the send");
	CU_ASSERT_PTR_NOT_NULL(it_strstr(it_str(r.json, "message"), "sent to the chain"));
	it_resp_free(&r);
	/* the cancelled one never reached the chain */
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM withdrawals WHERE id = ? AND "
	    "status = 'cancelled' AND tx_hash IS NULL AND submits = 0", a, NULL), 1);
	/* completed: 409 naming it */
	settings("0", "0");
	create(&p, "30", "c-3", c);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM withdrawals WHERE id = ? AND "
	    "status = 'completed'", c, NULL), 1);
	CU_ASSERT_EQUAL(cancel(&p, c, &r), 409);
	it_assert_partner_error(&r, 409, "INVALID_STATE", "a completed withdrawal's cancel");
	CU_ASSERT_PTR_NOT_NULL(it_strstr(it_str(r.json, "message"), "completed"));
	it_resp_free(&r);
	/* b still waits for its confirmation, its amount held */
	itc_partner_balance(&p, "USDT", avail, pend);
	CU_ASSERT_STRING_EQUAL(avail, "50.000000");
	CU_ASSERT_STRING_EQUAL(pend, "20.000000");
	CU_ASSERT_EQUAL(events("withdrawal.cancelled", b), 0);
	CU_ASSERT_EQUAL(it_worker("reconcile"), 0);
}

struct canceller {
	const struct itc_partner *p;
	const char *id;
	int via;
	unsigned delay_ms;
	long status;
	char code[40];
};

static void *
cancel_later(void *arg)
{
	struct canceller *x = arg;
	struct it_resp r;

	it_pause_ms(x->delay_ms, "a stagger between racing clients");
	it_http_via(x->via);
	x->status = cancel(x->p, x->id, &r);
	snprintf(x->code, sizeof(x->code), "%s", it_str(r.json, "code") ? it_str(r.json, "code") : "");
	it_resp_free(&r);
	return NULL;
}

static void *
run_payouts(void *arg)
{
	*(int *)arg = it_worker("payouts");
	return NULL;
}

/*
 * 50 pending withdrawals; the payouts worker signs and sends them in
 * creation order, each send answering 60 ms late, while 50 cancels arrive
 * over the same 3 s in a scattered order. Each withdrawal ends exactly one
 * way: cancelled (200; never signed, never sent, refunded once) or sent
 * (409; signed, no refund, completed later).
 */
static void
test_cancel_race(void)
{
	char ids[RACE][64], ref[32], avail[40], pend[40];
	struct canceller x[RACE];
	pthread_t t[RACE], worker;
	struct itc_partner p;
	int won = 0, lost = 0, wrc = -1;
	size_t i;

	settings("0", "60");
	funded(&p, "100");
	for (i = 0; i < RACE; i++) {
		snprintf(ref, sizeof(ref), "race-%zu", i);
		create(&p, "2", ref, ids[i]);
	}
	CU_ASSERT_EQUAL_FATAL(pthread_create(&worker, NULL, run_payouts, &wrc), 0);
	for (i = 0; i < RACE; i++) {
		x[i] = (struct canceller){ &p, ids[i], (int)i, (unsigned)((i * 37) % RACE) * 60, 0, "" };
		CU_ASSERT_EQUAL_FATAL(pthread_create(&t[i], NULL, cancel_later, &x[i]), 0);
	}
	for (i = 0; i < RACE; i++)
		pthread_join(t[i], NULL);
	pthread_join(worker, NULL);
	it_http_via(-1);
	CU_ASSERT_EQUAL(wrc, 0);
	settings("0", "0");
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	for (i = 0; i < RACE; i++) {
		if (x[i].status == 200) {
			won++;
			CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM withdrawals WHERE id = ? "
			    "AND status = 'cancelled' AND tx_hash IS NULL AND submits = 0", ids[i], NULL), 1);
			CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payouts WHERE withdrawal_id = ? "
			    "AND sends = 0", ids[i], NULL), 1);
			CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM ledger_transactions WHERE "
			    "kind = 'withdrawal.refund' AND ref_id = ?", ids[i], NULL), 1);
			CU_ASSERT_EQUAL(events("withdrawal.cancelled", ids[i]), 1);
			CU_ASSERT_EQUAL(events("withdrawal.processing", ids[i]), 0);
		} else {
			lost++;
			CU_ASSERT_EQUAL(x[i].status, 409);
			CU_ASSERT_STRING_EQUAL(x[i].code, "INVALID_STATE");
			CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM withdrawals WHERE id = ? "
			    "AND status = 'completed' AND tx_hash IS NOT NULL", ids[i], NULL), 1);
			CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM ledger_transactions WHERE "
			    "kind = 'withdrawal.refund' AND ref_id = ?", ids[i], NULL), 0);
			CU_ASSERT_EQUAL(events("withdrawal.cancelled", ids[i]), 0);
		}
	}
	fprintf(stderr, "cancel race: %d cancelled, %d sent first\n", won, lost);
	CU_ASSERT_EQUAL(won + lost, RACE);
	/* the balance: 2 USDT back for each cancelled one, spent for each sent */
	itc_partner_balance(&p, "USDT", avail, pend);
	{
		char want[40];

		snprintf(want, sizeof(want), "%d.000000", 100 - 2 * lost);
		CU_ASSERT_STRING_EQUAL(avail, want);
	}
	CU_ASSERT_STRING_EQUAL(pend, "0.000000");
	CU_ASSERT_EQUAL(it_worker("reconcile"), 0);
}

static int
suite_init(void)
{
	return it_db_exec("REPLACE INTO sim_settings (name, value) VALUES "
	    "('momo.settle_seconds', '0'), ('chain.confirm_seconds', '0')", NULL, NULL) >= 1 ? 0 : 1;
}

static int
suite_clean(void)
{
	return it_db_exec("DELETE FROM sim_settings WHERE name = 'chain.answer_delay_ms'",
	    NULL, NULL) >= 0 ? 0 : 1;
}

int
it_suite_withdrawal_ops(void)
{
	static const struct tu_test tests[] = {
		{ "bulk: mixed items, a replay, a balance for some; each counted", test_bulk_mixed },
		{ "bulk: the items past the minute's limit are 429, nothing of them written",
		  test_bulk_rate_limited },
		{ "bulk: a body that is not 1 to 20 objects is refused whole, nothing written", test_bulk_refused_whole },
		{ "cancel: pending and unsigned only; the amount back once; 404 and 409", test_cancel },
		{ "cancel: 50 cancels against the worker, each withdrawal one way only", test_cancel_race },
	};

	return tu_add_suite("partner withdrawal operations", suite_init, suite_clean, tests,
	    NELEM(tests));
}
