/*
 * Webhooks, with local receivers (tests/common/receiver.h) and the real
 * worker (cron/webhooks --until-idle, with a few config lines of the
 * test's own appended to the stack's):
 * - a sandbox withdrawal delivers withdrawal.pending, .processing and
 *   .completed in both envelope forms, signatures checked by the npm
 *   reference libraries (tests/webhooks/verify.mjs); the delivery log shows
 *   every attempt;
 * - a wallet payout delivers payout.completed with its body signature;
 *   --delete stops it;
 * - 500, 302, 200 is exactly three attempts (a redirect is not followed) at the sandbox policy's delays;
 *   a receiver that always fails leaves the delivery failed after the
 *   policy's last attempt (the production policy on a compressed clock,
 *   and the sandbox's);
 * - a worker killed with kill -9 mid-drain loses nothing; two at once
 *   send each delivery once;
 * - the SSRF table is refused at registration; a name resolving to a
 *   refused address is refused at delivery;
 * - every bad input of the endpoints; a deleted endpoint gets nothing
 *   more; another partner gets 404 on every route; redelivery.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/cfg.h"
#include "core/timefmt.h"
#include "domain/webhook_secret.h"
#include "itc.h"
#include "receiver.h"

#define SECRET "whsec-test-0123456789 !~ 0123456789"
/* a URL nothing listens on (the bad bodies' url) */
#define URL9 "\"url\":\"http://127.0.0.1:9/\","

static int
suite_init(void)
{
	/* fresh rates (the stack's are seeded once), settlement at once */
	if (it_worker("rates") != 0)
		return 1;
	return it_db_exec("REPLACE INTO sim_settings (name, value) VALUES "
	    "('momo.settle_seconds', '0'), ('chain.confirm_seconds', '0')", NULL, NULL) >= 1 ? 0 : 1;
}

/* ---- helpers ---- */

/* p's endpoint for events (a JSON array text) at path on rcv; its id
 * into id (64 bytes). */
static void
register_hook(const struct itc_partner *p, struct receiver *rcv, const char *path,
    const char *events, char *id)
{
	itc_register_hook(p, rcv_port(rcv), path, events, SECRET, id);
}

/* A withdrawal of p (10 USDT) under reference ref; its id into id (64 bytes). */
static void
withdraw(const struct itc_partner *p, const char *ref, char *id)
{
	char body[400], phone[20];
	struct it_resp r;

	itc_phone(777, phone, sizeof(phone));
	snprintf(body, sizeof(body), "{\"amount\":\"10\",\"currency\":\"USDT\","
	    "\"recipient_phone\":\"%s\",\"mobile_network\":\"MTN\",\"reference_id\":\"%s\"}",
	    phone, ref);
	CU_ASSERT_EQUAL_FATAL(itc_partner_send(p, "POST", "/v1/withdrawals", body, &r), 201);
	snprintf(id, 64, "%s", it_str(json_object_get(r.json, "data"), "withdrawal_id"));
	it_resp_free(&r);
}

/* The id of the event type about ref (64 bytes). */
static void
event_id(const char *type, const char *ref, char *id)
{
	id[0] = '\0';
	CU_ASSERT_EQUAL(it_db_text("SELECT id FROM outbox_events WHERE type = ? AND ref_id = ?",
	    type, ref, id, 64), 0);
}

/* verify_as with the suite's secret, every hit expected to verify. */
static int
verify_all(struct receiver *rcv, const char *kind, size_t want)
{
	return itc_verify_hits(rcv, SECRET, kind, want, want, NULL, 0);
}

/* Hit i's body as JSON (caller decrefs) and header name into hv (200 bytes). */
static json_t *
hit_json(struct receiver *rcv, size_t i, const char *name, char *hv)
{
	struct rcv_hit h;
	json_t *j;

	hv[0] = '\0';
	if (rcv_get(rcv, i, &h) != 0)
		return NULL;
	j = json_loads(h.body, 0, NULL);
	if (name != NULL && rcv_header(&h, name, hv, 200) == NULL)
		hv[0] = '\0';
	rcv_hit_free(&h);
	return j;
}

/* Seconds since the epoch of an ISO 8601 time with a fraction. */
static double
iso_s(const char *s)
{
	long long us = 0;

	IT_CHECK(s != NULL && timefmt_iso_to_us(s, 0, &us) == 0, "an ISO 8601 time");
	return (double)us / 1e6;
}

/* GET /v1/webhook-deliveries/{evt} as p: the data (caller decrefs the resp). */
static json_t *
log_of(const struct itc_partner *p, const char *evt, struct it_resp *r)
{
	char path[128];

	snprintf(path, sizeof(path), "/v1/webhook-deliveries/%s", evt);
	CU_ASSERT_EQUAL_FATAL(itc_partner_get(p, path, r), 200);
	return json_object_get(r->json, "data");
}

/* The statuses of the first delivery's attempts ("500,500,200"), and the
 * seconds between consecutive attempts into gaps. */
static void
attempts_of(json_t *data, char *statuses, size_t cap, double *gaps, size_t ngaps)
{
	json_t *att = json_object_get(json_array_get(json_object_get(data, "deliveries"), 0),
	    "attempts"), *a;
	size_t i, len = 0;
	double prev = 0;

	statuses[0] = '\0';
	json_array_foreach(att, i, a) {
		json_t *st = json_object_get(a, "response_status");
		double at = iso_s(it_str(a, "at"));

		len += (size_t)snprintf(statuses + len, cap - len, "%s%lld", i ? "," : "",
		    json_is_integer(st) ? (long long)json_integer_value(st) : 0LL);
		if (i > 0 && i - 1 < ngaps)
			gaps[i - 1] = at - prev;
		prev = at;
	}
}

/* ---- a withdrawal's three events ---- */

static void
test_withdrawal_events(void)
{
	static const char *const envelope[] = { "id", "type", "created_at", "event",
		"timestamp", "data", NULL };
	static const char *const base[] = { "withdrawal_id", "status", "amount", "currency",
		"ghs_amount", "recipient_phone", "mobile_network", "reference_id", NULL };
	static const char *const completed[] = { "withdrawal_id", "status", "amount",
		"currency", "ghs_amount", "recipient_phone", "mobile_network", "reference_id",
		"fx_rate", "fee", "on_chain_tx_hash", "mobile_money_reference", "completed_at", NULL };
	static const char *const item_keys[] = { "event_id", "event_type", "webhook_id", "url",
		"status", "attempts", "next_attempt_at", "last_attempt_at",
		"last_response_status", "created_at", NULL };
	struct receiver *rcv = rcv_start(), *only = rcv_start();
	char hook[64], hook2[64], wd[64], evt[64], hv[200], path[160], seen[3] = { 0, 0, 0 };
	struct itc_partner p;
	struct it_resp r;
	json_t *d, *dl, *a;
	size_t i;

	CU_ASSERT_PTR_NOT_NULL_FATAL(rcv);
	CU_ASSERT_PTR_NOT_NULL_FATAL(only);
	itc_partner_new(&p, "enterprise", 0);
	register_hook(&p, rcv, "/hooks/all", "[\"withdrawal.pending\",\"withdrawal.processing\","
	    "\"withdrawal.completed\",\"withdrawal.failed\"]", hook);
	register_hook(&p, only, "/hooks/done", "[\"withdrawal.completed\"]", hook2);
	withdraw(&p, "wh-events-1", wd);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM withdrawals WHERE id = ? AND "
	    "status = 'completed'", wd, NULL), 1);
	CU_ASSERT_EQUAL(itc_webhooks_run(""), 0);
	CU_ASSERT_EQUAL_FATAL(rcv_wait(rcv, 3, 10000), 3);
	CU_ASSERT_EQUAL(rcv_wait(only, 1, 10000), 1);

	for (i = 0; i < 3; i++) {
		const char *type, *want[] = { "withdrawal.pending", "withdrawal.processing",
			"withdrawal.completed" };
		size_t k;

		CU_ASSERT_PTR_NOT_NULL_FATAL(d = hit_json(rcv, i, "webhook-id", hv));
		itc_assert_keys(d, envelope, "both envelope forms");
		type = it_str(d, "type");
		CU_ASSERT_STRING_EQUAL(type ? type : "", it_str(d, "event") ? it_str(d, "event") : "-");
		CU_ASSERT_STRING_EQUAL(it_str(d, "created_at"), it_str(d, "timestamp"));
		CU_ASSERT_STRING_EQUAL(hv, it_str(d, "id"));
		for (k = 0; k < 3; k++)
			if (type != NULL && strcmp(type, want[k]) == 0)
				seen[k]++;
		itc_assert_keys(json_object_get(d, "data"), type && strcmp(type,
		    "withdrawal.completed") == 0 ? completed : base, type ? type : "type");
		CU_ASSERT_STRING_EQUAL(it_str(json_object_get(d, "data"), "withdrawal_id"), wd);
		CU_ASSERT_STRING_EQUAL(it_str(json_object_get(d, "data"), "reference_id"),
		    "wh-events-1");
		json_decref(d);
	}
	CU_ASSERT(seen[0] == 1 && seen[1] == 1 && seen[2] == 1);
	CU_ASSERT_EQUAL(verify_all(rcv, "partner", 3), 0);
	/* the endpoint subscribed to completed alone got completed alone */
	CU_ASSERT_PTR_NOT_NULL_FATAL(d = hit_json(only, 0, NULL, hv));
	CU_ASSERT_STRING_EQUAL(it_str(d, "type"), "withdrawal.completed");
	json_decref(d);
	CU_ASSERT_EQUAL(verify_all(only, "partner", 1), 0);

	/* the database: four deliveries, each delivered at its first attempt */
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM webhook_deliveries d JOIN "
	    "outbox_events v ON v.id = d.event_id WHERE v.ref_id = ? AND d.status = 'delivered' "
	    "AND d.attempts = 1 AND d.next_attempt_at IS NULL", wd, NULL), 4);

	/* the log of one event: its payload is what was sent */
	event_id("withdrawal.completed", wd, evt);
	d = log_of(&p, evt, &r);
	CU_ASSERT_STRING_EQUAL(it_str(d, "event_id"), evt);
	CU_ASSERT_STRING_EQUAL(it_str(d, "event_type"), "withdrawal.completed");
	CU_ASSERT_PTR_NOT_NULL(it_str(d, "created_at"));
	/* raised by the payouts worker's settlement, in no request */
	CU_ASSERT(json_is_null(json_object_get(d, "request_id")));
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(d, "payload"), "id"), evt);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(json_object_get(d, "payload"), "data"),
	    "status"), "completed");
	dl = json_object_get(d, "deliveries");
	CU_ASSERT_EQUAL(json_array_size(dl), 2);
	json_array_foreach(dl, i, a) {
		json_t *at = json_array_get(json_object_get(a, "attempts"), 0);

		CU_ASSERT_STRING_EQUAL(it_str(a, "status"), "delivered");
		CU_ASSERT(json_is_null(json_object_get(a, "next_attempt_at")));
		CU_ASSERT(it_strcmp(it_str(a, "webhook_id"), hook) == 0 ||
		    it_strcmp(it_str(a, "webhook_id"), hook2) == 0);
		CU_ASSERT_EQUAL(json_array_size(json_object_get(a, "attempts")), 1);
		CU_ASSERT_EQUAL(json_integer_value(json_object_get(at, "attempt")), 1);
		CU_ASSERT_EQUAL(json_integer_value(json_object_get(at, "response_status")), 200);
		CU_ASSERT(json_is_integer(json_object_get(at, "duration_ms")));
		/* the receiver's answer, as it said it */
		CU_ASSERT_STRING_EQUAL(it_str(at, "response_body"), "status 200\n");
		CU_ASSERT(json_is_null(json_object_get(at, "error")));
		CU_ASSERT_PTR_NOT_NULL(it_str(at, "at"));
	}
	it_resp_free(&r);

	/* the list, its filters, and one endpoint's records */
	snprintf(path, sizeof(path), "/v1/webhook-deliveries?webhook_id=%s", hook);
	CU_ASSERT_EQUAL_FATAL(itc_partner_get(&p, path, &r), 200);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(json_object_get(r.json, "pagination"),
	    "total")), 3);
	itc_assert_keys(json_array_get(json_object_get(r.json, "data"), 0), item_keys, "item");
	it_resp_free(&r);
	CU_ASSERT_EQUAL_FATAL(itc_partner_get(&p, "/v1/webhook-deliveries?per_page=2", &r), 200);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(r.json, "data")), 2);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(json_object_get(r.json, "pagination"),
	    "total")), 4);
	it_resp_free(&r);
	CU_ASSERT_EQUAL_FATAL(itc_partner_get(&p, "/v1/webhook-deliveries?event_type="
	    "withdrawal.completed&status=delivered", &r), 200);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(json_object_get(r.json, "pagination"),
	    "total")), 2);
	it_resp_free(&r);
	CU_ASSERT_EQUAL_FATAL(itc_partner_get(&p, "/v1/webhook-deliveries?status=failed", &r), 200);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(r.json, "data")), 0);
	it_resp_free(&r);
	snprintf(path, sizeof(path), "/v1/webhooks/%s/deliveries?event_type=withdrawal.pending",
	    hook2);
	CU_ASSERT_EQUAL_FATAL(itc_partner_get(&p, path, &r), 200);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(json_object_get(r.json, "pagination"),
	    "total")), 0);
	it_resp_free(&r);
	snprintf(path, sizeof(path), "/v1/webhooks/%s/deliveries", hook2);
	CU_ASSERT_EQUAL_FATAL(itc_partner_get(&p, path, &r), 200);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(r.json, "data")), 1);
	CU_ASSERT_STRING_EQUAL(it_str(json_array_get(json_object_get(r.json, "data"), 0),
	    "event_id"), evt);
	it_resp_free(&r);
	rcv_stop(rcv);
	rcv_stop(only);
}

/* ---- a wallet payout's event ---- */

static void
test_wallet_payout_event(void)
{
	static const char *const keys[] = { "event", "id", "timestamp", "data", "signature", NULL };
	static const char *const data_keys[] = { "transactionId", "status", "amount", "currency",
		"beneficiary", NULL };
	struct receiver *rcv = rcv_start();
	char args[400], out[300], err[300], bid[40], po[64], hv[200];
	struct itc_wallet w;
	struct it_resp r;
	struct rcv_hit h;
	json_t *d;

	CU_ASSERT_PTR_NOT_NULL_FATAL(rcv);
	itc_payout_wallet(&w, "0xwhk", NULL);
	/* bad arguments first: nothing stored */
	snprintf(args, sizeof(args), "user webhook %s http://10.0.0.1/x", w.id);
	CU_ASSERT_EQUAL(it_admin_input(SECRET "\n", args, out, sizeof(out), err, sizeof(err)), 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "private"));
	snprintf(args, sizeof(args), "user webhook %s http://127.0.0.1:%d/w", w.id, rcv_port(rcv));
	CU_ASSERT_EQUAL(it_admin_input("thirty-one-characters-012345678\n", args, out, sizeof(out),
	    err, sizeof(err)), 2);
	/* the secret in argv (ps and the shell's history show it): refused */
	snprintf(args, sizeof(args), "user webhook %s http://127.0.0.1:%d/w '" SECRET "'", w.id,
	    rcv_port(rcv));
	CU_ASSERT_EQUAL(it_admin_input(SECRET "\n", args, out, sizeof(out), err, sizeof(err)), 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "standard input"));
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM webhook_endpoints e JOIN users u ON "
	    "u.id = e.subject_id WHERE e.subject_kind = 'user' AND u.wallet_id = ?", w.id, NULL), 0);
	/* an empty line: a secret made and printed once, in the whsec_ form */
	snprintf(args, sizeof(args), "user webhook %s http://127.0.0.1:%d/old", w.id, rcv_port(rcv));
	CU_ASSERT_EQUAL(it_admin_input("\n", args, out, sizeof(out), err, sizeof(err)), 0);
	CU_ASSERT_PTR_NOT_NULL(it_strstr(out, "secret: whsec_"));
	CU_ASSERT_EQUAL(strlen(it_strstr(out, "whsec_") ? it_strstr(out, "whsec_") : ""), 50);
	/* a second one replaces the first */
	snprintf(args, sizeof(args), "user webhook %s http://127.0.0.1:%d/wallet", w.id,
	    rcv_port(rcv));
	CU_ASSERT_EQUAL(it_admin_input(SECRET "\n", args, out, sizeof(out), err, sizeof(err)), 0);
	CU_ASSERT_PTR_NULL(it_strstr(out, "secret:"));
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM webhook_endpoints e JOIN users u ON "
	    "u.id = e.subject_id WHERE e.subject_kind = 'user' AND e.active = 1 AND "
	    "u.wallet_id = ?", w.id, NULL), 1);

	itc_fund(&w, "12");
	itc_beneficiary(&w, "MTN", 555, bid);
	CU_ASSERT_EQUAL_FATAL(itc_transfer(&w, bid, "50", NULL, &r), 201);
	snprintf(po, sizeof(po), "%s", it_str(json_object_get(r.json, "data"), "transactionId"));
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payouts WHERE id = ? AND status = "
	    "'completed'", po, NULL), 1);
	CU_ASSERT_EQUAL(itc_webhooks_run(""), 0);
	CU_ASSERT_EQUAL_FATAL(rcv_wait(rcv, 1, 10000), 1);
	CU_ASSERT_EQUAL_FATAL(rcv_get(rcv, 0, &h), 0);
	CU_ASSERT_STRING_EQUAL(h.path, "/wallet");
	rcv_hit_free(&h);
	CU_ASSERT_PTR_NOT_NULL_FATAL(d = hit_json(rcv, 0, "X-Cediramp-Signature", hv));
	itc_assert_keys(d, keys, "wallet payload");
	itc_assert_keys(json_object_get(d, "data"), data_keys, "wallet payload data");
	CU_ASSERT_STRING_EQUAL(it_str(d, "event"), "payout.completed");
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(d, "data"), "transactionId"), po);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(d, "data"), "status"), "completed");
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(d, "data"), "amount"), "50.00");
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(d, "data"), "currency"), "GHS");
	CU_ASSERT_EQUAL(it_strncmp(it_str(d, "signature"), "sha256=", 7), 0);
	CU_ASSERT_EQUAL(strlen(hv), 71);
	json_decref(d);
	CU_ASSERT_EQUAL(verify_all(rcv, "wallet", 1), 0);

	/* --delete: the next payout's event goes nowhere */
	snprintf(args, sizeof(args), "user webhook %s --delete", w.id);
	CU_ASSERT_EQUAL(it_admin_run(args, out, sizeof(out), err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(it_admin_run(args, out, sizeof(out), err, sizeof(err)), 1);
	CU_ASSERT_EQUAL_FATAL(itc_transfer(&w, bid, "40", NULL, &r), 201);
	snprintf(po, sizeof(po), "%s", it_str(json_object_get(r.json, "data"), "transactionId"));
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM outbox_events WHERE ref_id = ?", po,
	    NULL), 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM webhook_deliveries d JOIN "
	    "outbox_events v ON v.id = d.event_id WHERE v.ref_id = ?", po, NULL), 0);
	CU_ASSERT_EQUAL(itc_webhooks_run(""), 0);
	CU_ASSERT_EQUAL(rcv_wait(rcv, 2, 300), 1);
	itc_wallet_free(&w);
	rcv_stop(rcv);
}

/* ---- retries ---- */

static void
test_retry_then_success(void)
{
	/* a redirect is not success, and is not followed */
	static const int script[] = { 500, 302 };
	struct receiver *rcv = rcv_start();
	char hook[64], wd[64], evt[64], st[64];
	double gaps[2] = { 0, 0 };
	struct itc_partner p;
	struct it_resp r;
	json_t *d;

	CU_ASSERT_PTR_NOT_NULL_FATAL(rcv);
	rcv_script(rcv, script, 2, 200);
	itc_partner_new(&p, "verified", 0);
	register_hook(&p, rcv, "/flaky", "[\"withdrawal.pending\"]", hook);
	withdraw(&p, "wh-retry-1", wd);
	event_id("withdrawal.pending", wd, evt);
	CU_ASSERT_EQUAL(itc_webhooks_run(""), 0);
	CU_ASSERT_EQUAL(rcv_wait(rcv, 4, 300), 3);
	d = log_of(&p, evt, &r);
	attempts_of(d, st, sizeof(st), gaps, 2);
	CU_ASSERT_STRING_EQUAL(st, "500,302,200");
	/* the sandbox policy: about 1 s, then about 4 s */
	IT_CHECK(gaps[0] >= 1.0 && gaps[0] < 2.5, "first retry about 1 s later");
	IT_CHECK(gaps[1] >= 4.0 && gaps[1] < 5.5, "second retry about 4 s later");
	CU_ASSERT_STRING_EQUAL(it_str(json_array_get(json_object_get(d, "deliveries"), 0),
	    "status"), "delivered");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM webhook_attempts a JOIN "
	    "webhook_deliveries d ON d.id = a.delivery_id WHERE d.event_id = ?", evt, NULL), 3);
	rcv_stop(rcv);
}

/* A receiver that always answers 500, under the policy extra selects:
 * want attempts, then failed; no retry earlier than its delay (delays:
 * want - 1 of them, in seconds), the last one not much later either. */
static void
always_failing(const char *extra, const char *ref, int want, const double *delays)
{
	struct receiver *rcv = rcv_start();
	char hook[64], wd[64], evt[64], st[64], expect[64] = "";
	double gaps[8] = { 0 };
	struct itc_partner p;
	struct it_resp r;
	json_t *d, *dl;
	int i;

	CU_ASSERT_PTR_NOT_NULL_FATAL(rcv);
	rcv_script(rcv, NULL, 0, 500);
	itc_partner_new(&p, "verified", 0);
	register_hook(&p, rcv, "/down", "[\"withdrawal.pending\"]", hook);
	withdraw(&p, ref, wd);
	event_id("withdrawal.pending", wd, evt);
	CU_ASSERT_EQUAL(itc_webhooks_run(extra), 0);
	CU_ASSERT_EQUAL(rcv_wait(rcv, (size_t)want + 1, 300), (size_t)want);
	d = log_of(&p, evt, &r);
	attempts_of(d, st, sizeof(st), gaps, 8);
	for (i = 0; i < want; i++)
		snprintf(expect + strlen(expect), sizeof(expect) - strlen(expect), "%s500",
		    i ? "," : "");
	CU_ASSERT_STRING_EQUAL(st, expect);
	for (i = 0; i < want - 1; i++)
		IT_CHECK(gaps[i] >= delays[i], "a retry earlier than the policy's delay");
	IT_CHECK(gaps[want - 2] < delays[want - 2] + 1.5, "the last retry much too late");
	dl = json_array_get(json_object_get(d, "deliveries"), 0);
	CU_ASSERT_STRING_EQUAL(it_str(dl, "status"), "failed");
	CU_ASSERT(json_is_null(json_object_get(dl, "next_attempt_at")));
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM webhook_deliveries WHERE event_id = ? "
	    "AND status = 'failed' AND attempts = ? AND finished_at IS NOT NULL", evt,
	    want == 6 ? "6" : "4"), 1);
	rcv_stop(rcv);
}

static void
test_production_policy_gives_up(void)
{
	/* 1 min, 5 min, 30 min, 2 h, 24 h on a clock 28800 times faster:
	 * 2 ms, 10 ms, 62 ms, 250 ms, 3 s; six attempts, then failed */
	static const double delays[] = { 0.002, 0.010, 0.062, 0.250, 3.0 };

	always_failing("webhooks.retry_policy = 1\nwebhooks.retry_clock_divisor = 28800\n",
	    "wh-prod-1", 6, delays);
}

static void
test_sandbox_policy_gives_up(void)
{
	/* 1 s, 4 s, 16 s 8 times faster: four attempts, then failed */
	static const double delays[] = { 0.125, 0.5, 2.0 };

	always_failing("webhooks.retry_clock_divisor = 8\n", "wh-sbx-1", 4, delays);
}

/* ---- kill -9 mid-drain ---- */

static void
test_killed_worker_loses_nothing(void)
{
	enum { N = 40 };
	struct receiver *rcv = rcv_start();
	char hook[64], wd[64], ref[40], evts[N][64], hv[200];
	static const char conf[] = "webhooks.max_in_flight = 8\nwebhooks.timeout_seconds = 2\n"
	    "webhooks.lease_seconds = 3\n";
	struct itc_partner p;
	size_t n, i, k;
	pid_t pid;

	CU_ASSERT_PTR_NOT_NULL_FATAL(rcv);
	rcv_set_delay_ms(rcv, 150);
	itc_partner_new(&p, "enterprise", 0);
	register_hook(&p, rcv, "/slow", "[\"withdrawal.pending\"]", hook);
	for (i = 0; i < N; i++) {
		snprintf(ref, sizeof(ref), "wh-kill-%zu", i);
		withdraw(&p, ref, wd);
		event_id("withdrawal.pending", wd, evts[i]);
	}
	pid = itc_webhooks_start(conf);
	n = rcv_wait(rcv, 12, 10000);
	CU_ASSERT(n >= 12 && n < N);
	kill(pid, SIGKILL);
	CU_ASSERT_EQUAL(itc_webhooks_wait(pid), -1);
	/* some are claimed and unrecorded: pending, leased */
	CU_ASSERT(it_db_scalar("SELECT COUNT(*) FROM webhook_deliveries d JOIN "
	    "webhook_endpoints e ON e.id = d.endpoint_id WHERE e.public_id = ? AND "
	    "d.status = 'pending'", hook, NULL) > 0);
	rcv_set_delay_ms(rcv, 0);
	CU_ASSERT_EQUAL(itc_webhooks_run(conf), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM webhook_deliveries d JOIN "
	    "webhook_endpoints e ON e.id = d.endpoint_id WHERE e.public_id = ? AND "
	    "d.status = 'delivered'", hook, NULL), N);
	/* every event reached the receiver at least once */
	n = rcv_count(rcv);
	CU_ASSERT(n >= N);
	for (k = 0; k < N; k++) {
		int found = 0;

		for (i = 0; i < n && !found; i++) {
			json_decref(hit_json(rcv, i, "webhook-id", hv));
			found = strcmp(hv, evts[k]) == 0;
		}
		IT_CHECK(found, "an event never reached the receiver");
	}
	rcv_stop(rcv);
}

/* ---- two workers at once ---- */

static void
test_two_workers_share(void)
{
	enum { N = 30 };
	struct receiver *rcv = rcv_start();
	char hook[64], wd[64], ref[40];
	struct itc_partner p;
	pid_t a, b;
	size_t i;

	CU_ASSERT_PTR_NOT_NULL_FATAL(rcv);
	rcv_set_delay_ms(rcv, 50);
	itc_partner_new(&p, "enterprise", 0);
	register_hook(&p, rcv, "/shared", "[\"withdrawal.pending\"]", hook);
	for (i = 0; i < N; i++) {
		snprintf(ref, sizeof(ref), "wh-two-%zu", i);
		withdraw(&p, ref, wd);
	}
	a = itc_webhooks_start("webhooks.max_in_flight = 4\n");
	b = itc_webhooks_start("webhooks.max_in_flight = 4\n");
	CU_ASSERT_EQUAL(itc_webhooks_wait(a), 0);
	CU_ASSERT_EQUAL(itc_webhooks_wait(b), 0);
	/* SKIP LOCKED: each delivery claimed by one of them, sent once */
	CU_ASSERT_EQUAL(rcv_count(rcv), N);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM webhook_deliveries d JOIN "
	    "webhook_endpoints e ON e.id = d.endpoint_id WHERE e.public_id = ? AND "
	    "d.status = 'delivered' AND d.attempts = 1", hook, NULL), N);
	rcv_stop(rcv);
}

/* ---- SSRF ---- */

static void
test_ssrf(void)
{
	static const char *const refused[] = {
		"http://10.0.0.1/hook", "http://10.255.255.254:8443/x", "http://172.16.0.1/",
		"http://172.31.255.255/", "http://192.168.1.10/hook", "http://100.64.0.1/",
		"http://100.127.255.254/", "http://169.254.169.254/latest/meta-data/",
		"http://0.0.0.0/", "http://0.1.2.3/", "http://224.0.0.251/", "http://239.255.255.250/",
		"http://255.255.255.255/", "http://240.0.0.1/", "http://0x0a000001/",
		"http://167772161/", "http://10.1/", "http://012.0.0.1/",
		"http://[fc00::1]/", "http://[fd12:3456:789a::1]/", "http://[fe80::1]/",
		"http://[ff02::1]/", "http://[::]/", "http://[::ffff:10.0.0.1]/",
		"http://[::ffff:169.254.169.254]/", "http://[::ffff:192.168.0.1]/",
		"http://[::ffff:a9fe:a9fe]/", "http://[::10.0.0.1]/", "http://[64:ff9b::a00:1]/",
		"http://[2002:c0a8:101::1]/", "ftp://127.0.0.1/", "file:///etc/passwd",
		"http://user:pass@127.0.0.1/", "gopher://127.0.0.1:70/", "http:///nohost",
		/* issue 34: the rest of the special-purpose ranges, and ports */
		"http://192.0.0.8/", "http://192.0.2.1/", "http://198.18.0.1/",
		"http://[2001:db8::1]/", "http://[2001::1]/", "http://[::ffff:198.51.100.1]/",
		"http://93.184.216.34:8080/", "https://93.184.216.34:22/",
	};
	struct receiver *rcv = rcv_start();
	char body[600], hook[64], wd[64], evt[64];
	struct itc_partner p;
	struct it_resp r;
	json_t *d, *at;
	size_t i;

	CU_ASSERT_PTR_NOT_NULL_FATAL(rcv);
	itc_partner_new(&p, "verified", 0);
	for (i = 0; i < NELEM(refused); i++) {
		snprintf(body, sizeof(body), "{\"url\":\"%s\",\"events\":[\"withdrawal.pending\"],"
		    "\"secret\":\"" SECRET "\"}", refused[i]);
		CU_ASSERT_EQUAL(itc_partner_send(&p, "POST", "/v1/webhooks", body, &r), 400);
		it_assert_partner_error(&r, 400, "VALIDATION_ERROR", refused[i]);
		it_resp_free(&r);
	}
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM webhook_endpoints WHERE "
	    "subject_kind = 'partner' AND subject_id = ?", p.row, NULL), 0);

	/* localhost is allowed here (webhooks.allow_loopback); with it off,
	 * the name resolves to a refused address at delivery: nothing sent */
	snprintf(body, sizeof(body), "{\"url\":\"http://localhost:%d/named\",\"events\":"
	    "[\"withdrawal.pending\"],\"secret\":\"" SECRET "\"}", rcv_port(rcv));
	CU_ASSERT_EQUAL_FATAL(itc_partner_send(&p, "POST", "/v1/webhooks", body, &r), 201);
	snprintf(hook, sizeof(hook), "%s", it_str(json_object_get(r.json, "data"), "webhook_id"));
	it_resp_free(&r);
	withdraw(&p, "wh-ssrf-1", wd);
	event_id("withdrawal.pending", wd, evt);
	CU_ASSERT_EQUAL(itc_webhooks_run("webhooks.allow_loopback = 0\nwebhooks.retry_clock_divisor = 64\n"),
	    0);
	CU_ASSERT_EQUAL(rcv_count(rcv), 0);
	d = log_of(&p, evt, &r);
	at = json_array_get(json_object_get(json_array_get(json_object_get(d, "deliveries"), 0),
	    "attempts"), 0);
	CU_ASSERT(json_is_null(json_object_get(at, "response_status")));
	CU_ASSERT(json_is_null(json_object_get(at, "response_body")));
	CU_ASSERT_PTR_NOT_NULL(it_strstr(it_str(at, "error") ? it_str(at, "error") : "", "refused"));
	CU_ASSERT_STRING_EQUAL(it_str(json_array_get(json_object_get(d, "deliveries"), 0),
	    "status"), "failed");
	it_resp_free(&r);
	rcv_stop(rcv);
}

/* ---- the endpoints' inputs, limits and owners ---- */

/* A 9 MiB JSON body POSTed to path as p: 413 PAYLOAD_TOO_LARGE. */
static void
assert_oversize(const struct itc_partner *p, const char *path)
{
	const char *h[] = { p->auth, "Content-Type: application/json", NULL };
	struct it_resp r;
	char *big = malloc(9 << 20);

	CU_ASSERT_PTR_NOT_NULL_FATAL(big);
	memset(big, ' ', 9 << 20);
	big[0] = '{';
	big[(9 << 20) - 1] = '}';
	CU_ASSERT_EQUAL(it_http("POST", path, h, big, 9 << 20, &r), 0);
	it_assert_partner_error(&r, 413, "PAYLOAD_TOO_LARGE", "9 MiB body");
	it_resp_free(&r);
	free(big);
}

struct bad {
	const char *body;
	const char *why;
};

static void
test_endpoint_inputs(void)
{
	static const struct bad bad[] = {
		{ "{\"events\":[\"withdrawal.pending\"],\"secret\":\"" SECRET "\"}", "no url" },
		{ "{" URL9 "\"secret\":\"" SECRET "\"}", "no events" },
		{ "{\"url\":7,\"events\":[\"withdrawal.pending\"],\"secret\":\"" SECRET "\"}", "url not a string" },
		{ "{\"url\":\"not a url\",\"events\":[\"withdrawal.pending\"],\"secret\":\"" SECRET "\"}", "url not a URL" },
		{ "{" URL9 "\"events\":[],\"secret\":\"" SECRET "\"}", "events empty" },
		{ "{" URL9 "\"events\":\"withdrawal.pending\",\"secret\":\"" SECRET "\"}", "events not an array" },
		{ "{" URL9 "\"events\":[\"payout.completed\"],\"secret\":\"" SECRET "\"}", "a wallet event" },
		{ "{" URL9 "\"events\":[\"withdrawal.done\"],\"secret\":\"" SECRET "\"}", "unknown event" },
		{ "{" URL9 "\"events\":[1],\"secret\":\"" SECRET "\"}", "event not a string" },
		{ "{" URL9 "\"events\":[\"withdrawal.failed\",\"withdrawal.failed\"],\"secret\":\"" SECRET "\"}", "event twice" },
		{ "{" URL9 "\"events\":[\"withdrawal.pending\"],\"secret\":\"thirty-one-characters-012345678\"}", "secret 31" },
		{ "{" URL9 "\"events\":[\"withdrawal.pending\"],\"secret\":\"sixteen-chars\\u0001ab\"}", "secret control byte" },
		{ "{" URL9 "\"events\":[\"withdrawal.pending\"],\"secret\":\"caf\\u00e9-0123456789ab\"}", "secret not ASCII" },
		{ "{" URL9 "\"events\":[\"withdrawal.pending\"],\"secret\":12345678901234567}", "secret a number" },
		{ "{" URL9 "\"events\":[\"withdrawal.pending\"],\"secret\":\"" SECRET "\",\"active\":false}", "unknown member" },
		{ "{" URL9 "\"events\":[\"withdrawal.pending\"],\"secret\":\"" SECRET "\","
		    "\"url\":\"http://127.0.0.1:8/\"}", "duplicate key" },
		{ "[\"withdrawal.pending\"]", "not an object" },
		{ "{\"url\":", "bad JSON" },
	};
	static const char *const reg_keys[] = { "webhook_id", "url", "events", "active",
		"enabled", "created_at", NULL };
	char body[600], ids[10][64], longsecret[300], path[160], other_hook[64];
	struct itc_partner p, q;
	struct it_resp r;
	const char *noauth[] = { "Content-Type: application/json", NULL };
	json_t *d;
	size_t i;

	itc_partner_new(&p, "verified", 0);
	itc_partner_new(&q, "verified", 0);
	for (i = 0; i < NELEM(bad); i++) {
		CU_ASSERT_EQUAL(itc_partner_send(&p, "POST", "/v1/webhooks", bad[i].body, &r), 400);
		it_assert_partner_error(&r, 400, "VALIDATION_ERROR", bad[i].why);
		it_resp_free(&r);
	}
	memset(longsecret, 'k', 257);
	longsecret[257] = '\0';
	snprintf(body, sizeof(body), "{\"url\":\"http://127.0.0.1:9/\",\"events\":"
	    "[\"withdrawal.pending\"],\"secret\":\"%s\"}", longsecret);
	CU_ASSERT_EQUAL(itc_partner_send(&p, "POST", "/v1/webhooks", body, &r), 400);
	it_assert_partner_error(&r, 400, "VALIDATION_ERROR", "secret 257");
	it_resp_free(&r);
	/* an oversize body, and no key */
	assert_oversize(&p, "/v1/webhooks");
	snprintf(body, sizeof(body), "{\"url\":\"http://127.0.0.1:9/\",\"events\":"
	    "[\"withdrawal.pending\"],\"secret\":\"" SECRET "\"}");
	CU_ASSERT_EQUAL(it_http("POST", "/v1/webhooks", noauth, body, strlen(body), &r), 0);
	it_assert_partner_error(&r, 401, "UNAUTHORIZED", "no key");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM webhook_endpoints WHERE "
	    "subject_kind = 'partner' AND subject_id = ?", p.row, NULL), 0);

	/* ten, then the eleventh refused; the secret never comes back */
	for (i = 0; i < 10; i++) {
		snprintf(body, sizeof(body), "{\"url\":\"https://127.0.0.1:%zu/h\",\"events\":"
		    "[\"withdrawal.completed\",\"payment_intent.completed\"],\"secret\":\"" SECRET
		    "\"}", 9000 + i);
		CU_ASSERT_EQUAL_FATAL(itc_partner_send(&p, "POST", "/v1/webhooks", body, &r), 201);
		d = json_object_get(r.json, "data");
		itc_assert_keys(d, reg_keys, "registration");
		CU_ASSERT(json_is_true(json_object_get(d, "active")));
		CU_ASSERT(json_is_true(json_object_get(d, "enabled")));
		CU_ASSERT_EQUAL(json_array_size(json_object_get(d, "events")), 2);
		CU_ASSERT_PTR_NULL(it_strstr(r.body, "whsec"));
		snprintf(ids[i], 64, "%s", it_str(d, "webhook_id"));
		CU_ASSERT_EQUAL(strncmp(ids[i], "wh_", 3), 0);
		it_resp_free(&r);
	}
	CU_ASSERT_EQUAL(itc_partner_send(&p, "POST", "/v1/webhooks", body, &r), 422);
	it_assert_partner_error(&r, 422, "LIMIT_EXCEEDED", "the eleventh");
	it_resp_free(&r);
	CU_ASSERT_EQUAL_FATAL(itc_partner_get(&p, "/v1/webhooks", &r), 200);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(r.json, "data")), 10);
	CU_ASSERT_PTR_NULL(it_strstr(r.body, "whsec"));
	CU_ASSERT_PTR_NULL(it_strstr(r.body, "secret"));
	it_resp_free(&r);

	/* another partner: 404 on every route, and nothing changes */
	snprintf(body, sizeof(body), "{\"url\":\"http://127.0.0.1:9/\",\"events\":"
	    "[\"withdrawal.pending\"],\"secret\":\"" SECRET "\"}");
	CU_ASSERT_EQUAL_FATAL(itc_partner_send(&q, "POST", "/v1/webhooks", body, &r), 201);
	snprintf(other_hook, sizeof(other_hook), "%s",
	    it_str(json_object_get(r.json, "data"), "webhook_id"));
	it_resp_free(&r);
	snprintf(path, sizeof(path), "/v1/webhooks/%s", ids[0]);
	CU_ASSERT_EQUAL(itc_partner_send(&q, "DELETE", path, NULL, &r), 404);
	it_assert_partner_error(&r, 404, "NOT_FOUND", "another's delete");
	it_resp_free(&r);
	snprintf(path, sizeof(path), "/v1/webhooks/%s/deliveries", ids[0]);
	CU_ASSERT_EQUAL(itc_partner_get(&q, path, &r), 404);
	it_assert_partner_error(&r, 404, "NOT_FOUND", "another's log");
	it_resp_free(&r);
	CU_ASSERT_EQUAL_FATAL(itc_partner_get(&q, "/v1/webhooks", &r), 200);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(r.json, "data")), 1);
	it_resp_free(&r);
	snprintf(path, sizeof(path), "/v1/webhook-deliveries?webhook_id=%s", ids[0]);
	CU_ASSERT_EQUAL_FATAL(itc_partner_get(&q, path, &r), 200);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(r.json, "data")), 0);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM webhook_endpoints WHERE "
	    "subject_kind = 'partner' AND subject_id = ? AND active = 1", p.row, NULL), 10);

	/* delete: 204 with no body; again 404; the list and the count shrink */
	snprintf(path, sizeof(path), "/v1/webhooks/%s", ids[0]);
	CU_ASSERT_EQUAL(itc_partner_send(&p, "DELETE", path, NULL, &r), 204);
	CU_ASSERT_EQUAL(r.len, 0);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(itc_partner_send(&p, "DELETE", path, NULL, &r), 404);
	it_assert_partner_error(&r, 404, "NOT_FOUND", "deleted twice");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(itc_partner_send(&p, "DELETE", "/v1/webhooks/wh_nope", NULL, &r), 404);
	it_resp_free(&r);
	CU_ASSERT_EQUAL_FATAL(itc_partner_get(&p, "/v1/webhooks", &r), 200);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(r.json, "data")), 9);
	it_resp_free(&r);
	CU_ASSERT_EQUAL_FATAL(itc_partner_send(&p, "POST", "/v1/webhooks", body, &r), 201);
	it_resp_free(&r);
	/* the wrong method, and the log's bad queries */
	CU_ASSERT_EQUAL(itc_partner_send(&p, "PUT", "/v1/webhooks", body, &r), 405);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(itc_partner_get(&p, "/v1/webhook-deliveries?status=done", &r), 400);
	it_assert_partner_error(&r, 400, "VALIDATION_ERROR", "status filter");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(itc_partner_get(&p, "/v1/webhook-deliveries?event_type=x", &r), 400);
	it_assert_partner_error(&r, 400, "VALIDATION_ERROR", "event_type filter");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(itc_partner_get(&p, "/v1/webhook-deliveries?per_page=0", &r), 400);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(itc_partner_get(&p, "/v1/webhook-deliveries?colour=red", &r), 400);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(itc_partner_get(&p, "/v1/webhook-deliveries/evt_nope", &r), 404);
	it_assert_partner_error(&r, 404, "NOT_FOUND", "unknown event");
	it_resp_free(&r);
	(void)other_hook;
}

/* ---- deletion stops delivery; redelivery; another partner's events ---- */

static void
test_delete_and_redeliver(void)
{
	struct receiver *keep = rcv_start(), *gone = rcv_start();
	char hook[64], dead[64], wd[64], evt[64], path[160], hv[200], first[200];
	struct itc_partner p, q;
	struct it_resp r;
	struct rcv_hit h1, h2;

	CU_ASSERT_PTR_NOT_NULL_FATAL(keep);
	CU_ASSERT_PTR_NOT_NULL_FATAL(gone);
	itc_partner_new(&p, "verified", 0);
	itc_partner_new(&q, "verified", 0);
	register_hook(&p, keep, "/keep", "[\"withdrawal.pending\"]", hook);
	register_hook(&p, gone, "/gone", "[\"withdrawal.pending\"]", dead);
	withdraw(&p, "wh-del-1", wd);
	event_id("withdrawal.pending", wd, evt);
	/* deleted before the worker ran: its delivery fails, nothing is sent */
	snprintf(path, sizeof(path), "/v1/webhooks/%s", dead);
	CU_ASSERT_EQUAL(itc_partner_send(&p, "DELETE", path, NULL, &r), 204);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(itc_webhooks_run(""), 0);
	CU_ASSERT_EQUAL(rcv_wait(keep, 1, 10000), 1);
	CU_ASSERT_EQUAL(rcv_count(gone), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM webhook_deliveries d JOIN "
	    "webhook_endpoints e ON e.id = d.endpoint_id WHERE e.public_id = ? AND "
	    "d.status = 'failed' AND d.attempts = 0", dead, NULL), 1);
	/* its log is still the partner's to read */
	snprintf(path, sizeof(path), "/v1/webhooks/%s/deliveries", dead);
	CU_ASSERT_EQUAL(itc_partner_get(&p, path, &r), 200);
	CU_ASSERT_STRING_EQUAL(it_str(json_array_get(json_object_get(r.json, "data"), 0),
	    "status"), "failed");
	it_resp_free(&r);

	/* another partner: 404 for the event, its redelivery, its log */
	snprintf(path, sizeof(path), "/v1/webhook-deliveries/%s", evt);
	CU_ASSERT_EQUAL(itc_partner_get(&q, path, &r), 404);
	it_assert_partner_error(&r, 404, "NOT_FOUND", "another's event");
	it_resp_free(&r);
	snprintf(path, sizeof(path), "/v1/webhook-deliveries/%s/redeliver", evt);
	CU_ASSERT_EQUAL(itc_partner_send(&q, "POST", path, "", &r), 404);
	it_assert_partner_error(&r, 404, "NOT_FOUND", "another's redelivery");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(itc_partner_get(&q, "/v1/webhook-deliveries", &r), 200);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(r.json, "data")), 0);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM webhook_deliveries WHERE event_id = ? "
	    "AND status = 'delivered' AND attempts = 1", evt, NULL), 1);

	/* redeliver: 202, the live endpoint only, the same bytes again */
	CU_ASSERT_EQUAL(itc_partner_send(&p, "POST", path, "", &r), 202);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "event_id"), evt);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(json_object_get(r.json, "data"),
	    "queued")), 1);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(itc_webhooks_run(""), 0);
	CU_ASSERT_EQUAL(rcv_wait(keep, 2, 10000), 2);
	CU_ASSERT_EQUAL(rcv_count(gone), 0);
	CU_ASSERT_EQUAL_FATAL(rcv_get(keep, 0, &h1), 0);
	CU_ASSERT_EQUAL_FATAL(rcv_get(keep, 1, &h2), 0);
	CU_ASSERT_EQUAL(h1.blen, h2.blen);
	CU_ASSERT(memcmp(h1.body, h2.body, h1.blen) == 0);
	CU_ASSERT_STRING_EQUAL(rcv_header(&h1, "webhook-id", first, sizeof(first)) ? first : "",
	    rcv_header(&h2, "webhook-id", hv, sizeof(hv)) ? hv : "-");
	rcv_hit_free(&h1);
	rcv_hit_free(&h2);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM webhook_deliveries d JOIN "
	    "webhook_endpoints e ON e.id = d.endpoint_id WHERE e.public_id = ? AND "
	    "d.status = 'delivered' AND d.attempts = 2", hook, NULL), 1);
	snprintf(path, sizeof(path), "/v1/webhook-deliveries/%s/redeliver", "evt_nope");
	CU_ASSERT_EQUAL(itc_partner_send(&p, "POST", path, "", &r), 404);
	it_resp_free(&r);
	rcv_stop(keep);
	rcv_stop(gone);
}

/* ---- secrets at rest and their rotation (issue 24) ---- */

#define OLD_SECRET "rotate-old-secret-0123456789-abcd"
#define NEW_SECRET "rotate-new-secret-9876543210-efgh"
#define NEWER_SECRET "rotate-newer-secret-abcdefghij-klm"

/* The stack's webhook keys (webhooks.encryption_key and its id). */
static void
wh_keys(struct whsec_keys *k)
{
	char err[256];
	struct cfg c;

	cfg_defaults(&c);
	CU_ASSERT_EQUAL_FATAL(cfg_load(it_env("CEDIRAMP_CONF"), &c, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL_FATAL(whsec_keys_load(&c, k), 0);
}

/*
 * Endpoint hook's row holds none of the secrets in clear: every column of
 * webhook_endpoints (read from information_schema, so a new column is
 * checked too) as raw bytes, joined, contains no secret, while it does
 * contain the row's public id (the check can find what is there).
 */
static void
assert_no_clear_secret(const char *hook, const char *const *secrets, size_t n)
{
	char cols[2000], sql[2600];
	size_t i;

	CU_ASSERT_EQUAL_FATAL(it_db_text("SELECT GROUP_CONCAT(CONCAT('`', column_name, '`') "
	    "ORDER BY ordinal_position) FROM information_schema.columns WHERE table_schema = "
	    "DATABASE() AND table_name = 'webhook_endpoints'", NULL, NULL, cols, sizeof(cols)), 0);
	/* the columns of 013 and 026 at least */
	CU_ASSERT_PTR_NOT_NULL(strstr(cols, "`secret_sealed`"));
	CU_ASSERT_PTR_NOT_NULL(strstr(cols, "`previous_secret_sealed`"));
	snprintf(sql, sizeof(sql), "SELECT LOCATE(CAST(? AS BINARY), CAST(CONCAT_WS(0x00, %s) "
	    "AS BINARY)) FROM webhook_endpoints WHERE public_id = ?", cols);
	CU_ASSERT(it_db_scalar(sql, hook, hook) > 0);
	for (i = 0; i < n; i++)
		IT_CHECK(it_db_scalar(sql, secrets[i], hook) == 0, "a secret in clear in the row");
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM webhook_endpoints WHERE "
	    "public_id = ? AND secret IS NULL", hook, NULL), 1);
}

/* The secret sealed in column col ("secret_sealed", "previous_secret_sealed")
 * of hook's row, opened with the stack's key for that slot into out (257
 * bytes); "" when there is none or it does not open. */
static void
sealed_secret(const char *hook, const char *col, char *out)
{
	char sql[200], hex[WHSEC_HEX_MAX], kid[16];
	struct whsec_keys k;
	int current = strcmp(col, "secret_sealed") == 0;
	size_t n;

	out[0] = '\0';
	wh_keys(&k);
	snprintf(sql, sizeof(sql), "SELECT HEX(%s) FROM webhook_endpoints WHERE public_id = ?", col);
	if (it_db_text(sql, hook, NULL, hex, sizeof(hex)) != 0 || hex[0] == '\0')
		goto out;
	snprintf(sql, sizeof(sql), "SELECT %s FROM webhook_endpoints WHERE public_id = ?",
	    current ? "secret_key_id" : "previous_secret_key_id");
	CU_ASSERT_EQUAL_FATAL(it_db_text(sql, hook, NULL, kid, sizeof(kid)), 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(whsec_key_by_id(&k, kid));
	if (whsec_open_stored(&k, hook, current ? WHSEC_CURRENT : WHSEC_PREVIOUS, kid, hex, out,
	    WHSEC_PLAIN_MAX + 1, &n) != 0)
		out[0] = '\0';
out:
	whsec_keys_wipe(&k);
}

/* POST /v1/webhooks/{hook}/rotate-secret as p with body: the status. */
static long
rotate(const struct itc_partner *p, const char *hook, const char *body, struct it_resp *r)
{
	char path[160];

	snprintf(path, sizeof(path), "/v1/webhooks/%s/rotate-secret", hook);
	return itc_partner_send(p, "POST", path, body, r);
}

/* A rotation body: secret and seconds. */
static const char *
rotate_body(const char *secret, const char *seconds, char *buf, size_t cap)
{
	snprintf(buf, cap, "{\"secret\":\"%s\",\"expires_previous_in_seconds\":%s}", secret,
	    seconds);
	return buf;
}

/* How many space-separated (sep " ") or comma-separated (sep ",") values
 * header name of rcv's hit i has. */
static int
sig_values(struct receiver *rcv, size_t i, const char *name, char sep)
{
	char hv[400];
	struct rcv_hit h;
	int n = 1;
	const char *p;

	if (rcv_get(rcv, i, &h) != 0)
		return -1;
	if (rcv_header(&h, name, hv, sizeof(hv)) == NULL)
		n = 0;
	else
		for (p = hv; *p != '\0'; p++)
			n += *p == sep;
	rcv_hit_free(&h);
	return n;
}

static void
test_secret_sealed_at_rest(void)
{
	static const char *const secrets[] = { SECRET, "whsec-test-0123" };
	char hook[64], got[WHSEC_PLAIN_MAX + 1], out[600], err[600], row[64];
	struct itc_partner p;

	itc_partner_new(&p, "verified", 0);
	itc_register_hook(&p, 9, "/at-rest", "[\"withdrawal.pending\"]", SECRET, hook);
	assert_no_clear_secret(hook, secrets, NELEM(secrets));
	/* sealed under the stack's key, bound to its row: it opens as the
	 * secret for this id and for no other */
	sealed_secret(hook, "secret_sealed", got);
	CU_ASSERT_STRING_EQUAL(got, SECRET);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT OCTET_LENGTH(secret_sealed) FROM webhook_endpoints "
	    "WHERE public_id = ?", hook, NULL), (long long)strlen(SECRET) + AEAD_OVERHEAD);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM webhook_endpoints WHERE public_id = ? "
	    "AND secret_key_id = 1 AND previous_secret_sealed IS NULL", hook, NULL), 1);

	/* a row left in clear (as schema 013 stored it) is sealed by migrate,
	 * and the plaintext cleared */
	it_unique("wh_plain", row, sizeof(row));
	{
		char sql[400];

		snprintf(sql, sizeof(sql), "INSERT INTO webhook_endpoints (public_id, subject_kind, "
		    "subject_id, url, events, secret, active, created_at) VALUES (?, 'partner', %s, "
		    "'http://127.0.0.1:9/plain', 'withdrawal.pending', ?, 1, UTC_TIMESTAMP(6))",
		    p.row);
		CU_ASSERT_EQUAL_FATAL(it_db_exec(sql, row, SECRET), 1);
	}
	CU_ASSERT_EQUAL(it_admin_run("migrate", out, sizeof(out), err, sizeof(err)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "webhook secrets sealed: 1"));
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM webhook_endpoints WHERE secret IS NOT NULL",
	    NULL, NULL), 0);
	assert_no_clear_secret(row, secrets, NELEM(secrets));
	sealed_secret(row, "secret_sealed", got);
	CU_ASSERT_STRING_EQUAL(got, SECRET);
	/* nothing left: a second run seals nothing */
	CU_ASSERT_EQUAL(it_admin_run("migrate", out, sizeof(out), err, sizeof(err)), 0);
	CU_ASSERT_PTR_NULL(strstr(out, "webhook secrets sealed"));
	/* sealed bytes moved to another row do not open there: its
	 * deliveries are not signed with them (the worker reports an error) */
	CU_ASSERT_EQUAL(it_db_exec("UPDATE webhook_endpoints t JOIN webhook_endpoints s ON "
	    "s.public_id = ? SET t.secret_sealed = s.secret_sealed WHERE t.public_id = ?", hook,
	    row), 1);
	sealed_secret(row, "secret_sealed", got);
	CU_ASSERT_STRING_EQUAL(got, "");
	/* the moved row is deactivated again: nothing of it is delivered */
	CU_ASSERT_EQUAL(it_db_exec("UPDATE webhook_endpoints SET active = 0, deleted_at = "
	    "UTC_TIMESTAMP(6) WHERE public_id = ?", row, NULL), 1);
}

static void
test_rotation_signs_with_both(void)
{
	static const char *const secrets[] = { OLD_SECRET, NEW_SECRET };
	static const char *const rot_keys[] = { "webhook_id", "url", "events", "active",
		"enabled", "created_at", "previous_secret_expires_at", NULL };
	struct receiver *rcv = rcv_start();
	char hook[64], wd[64], evt[64], body[200], path[160], fails[2000], got[WHSEC_PLAIN_MAX + 1];
	struct itc_partner p;
	struct it_resp r;
	json_t *d;
	double until;

	CU_ASSERT_PTR_NOT_NULL_FATAL(rcv);
	itc_partner_new(&p, "verified", 0);
	itc_register_hook(&p, rcv_port(rcv), "/rotating", "[\"withdrawal.pending\"]",
	    OLD_SECRET, hook);
	/* queued before the rotation: signed with the secrets valid when sent */
	withdraw(&p, "wh-rotate-1", wd);
	event_id("withdrawal.pending", wd, evt);
	CU_ASSERT_EQUAL_FATAL(rotate(&p, hook, rotate_body(NEW_SECRET, "600", body,
	    sizeof(body)), &r), 200);
	d = json_object_get(r.json, "data");
	itc_assert_keys(d, rot_keys, "rotation");
	CU_ASSERT_STRING_EQUAL(it_str(d, "webhook_id"), hook);
	CU_ASSERT(json_is_true(json_object_get(d, "active")));
	until = iso_s(it_str(d, "previous_secret_expires_at"));
	IT_CHECK(until > (double)time(NULL) + 590 && until < (double)time(NULL) + 610,
	    "previous_secret_expires_at 600 s from now");
	CU_ASSERT_PTR_NULL(it_strstr(r.body, "rotate-"));
	it_resp_free(&r);
	assert_no_clear_secret(hook, secrets, NELEM(secrets));
	sealed_secret(hook, "secret_sealed", got);
	CU_ASSERT_STRING_EQUAL(got, NEW_SECRET);
	sealed_secret(hook, "previous_secret_sealed", got);
	CU_ASSERT_STRING_EQUAL(got, OLD_SECRET);

	/* during the overlap: two signatures of each kind; the npm libraries
	 * accept the delivery with the old secret and with the new one */
	CU_ASSERT_EQUAL(itc_webhooks_run(""), 0);
	CU_ASSERT_EQUAL_FATAL(rcv_wait(rcv, 1, 10000), 1);
	CU_ASSERT_EQUAL(sig_values(rcv, 0, "webhook-signature", ' '), 2);
	CU_ASSERT_EQUAL(sig_values(rcv, 0, "x-cediramp-signature", ','), 2);
	CU_ASSERT_EQUAL(itc_verify_hits(rcv, OLD_SECRET, "partner", 1, 1, NULL, 0), 0);
	CU_ASSERT_EQUAL(itc_verify_hits(rcv, NEW_SECRET, "partner", 1, 1, NULL, 0), 0);
	/* and not with a secret it never had (the verifier can refuse) */
	CU_ASSERT_EQUAL(itc_verify_hits(rcv, SECRET, "partner", 1, 0, fails, sizeof(fails)), 0);

	/* the overlap ends (the clock moved past it): a redelivery carries the
	 * new signature alone; the old secret no longer verifies it */
	CU_ASSERT_EQUAL(it_db_exec("UPDATE webhook_endpoints SET previous_secret_expires_at = "
	    "UTC_TIMESTAMP(6) - INTERVAL 1 SECOND WHERE public_id = ?", hook, NULL), 1);
	rcv_reset(rcv);
	snprintf(path, sizeof(path), "/v1/webhook-deliveries/%s/redeliver", evt);
	CU_ASSERT_EQUAL(itc_partner_send(&p, "POST", path, "", &r), 202);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(itc_webhooks_run(""), 0);
	CU_ASSERT_EQUAL_FATAL(rcv_wait(rcv, 1, 10000), 1);
	CU_ASSERT_EQUAL(sig_values(rcv, 0, "webhook-signature", ' '), 1);
	CU_ASSERT_EQUAL(sig_values(rcv, 0, "x-cediramp-signature", ','), 1);
	CU_ASSERT_EQUAL(itc_verify_hits(rcv, NEW_SECRET, "partner", 1, 1, NULL, 0), 0);
	CU_ASSERT_EQUAL(itc_verify_hits(rcv, OLD_SECRET, "partner", 1, 0, fails, sizeof(fails)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(fails, "standard webhooks"));
	rcv_stop(rcv);
}

/* ---- secrets the service makes; bound to their slot (issue 34, item 7) ---- */

/*
 * No secret given: the service makes one (whsec_, 32 random bytes), shows
 * it in the 201 once, stores it sealed only, and the Standard Webhooks
 * library verifies a delivery with it as shown. A rotation without one
 * makes another; one the partner gives is never echoed.
 */
static void
test_generated_secret(void)
{
	static const char *const made_keys[] = { "webhook_id", "url", "events", "active",
		"enabled", "created_at", "secret", NULL };
	static const char *const rot_keys[] = { "webhook_id", "url", "events", "active",
		"enabled", "created_at", "previous_secret_expires_at", "secret", NULL };
	struct receiver *rcv = rcv_start();
	char body[300], hook[64], made[80], newer[80], got[WHSEC_PLAIN_MAX + 1], wd[64];
	const char *secrets[2];
	struct itc_partner p;
	struct it_resp r;
	json_t *d;

	CU_ASSERT_PTR_NOT_NULL_FATAL(rcv);
	itc_partner_new(&p, "verified", 0);
	snprintf(body, sizeof(body), "{\"url\":\"http://127.0.0.1:%d/made\",\"events\":"
	    "[\"withdrawal.pending\"]}", rcv_port(rcv));
	CU_ASSERT_EQUAL_FATAL(itc_partner_send(&p, "POST", "/v1/webhooks", body, &r), 201);
	d = json_object_get(r.json, "data");
	itc_assert_keys(d, made_keys, "a registration with a made secret");
	snprintf(hook, sizeof(hook), "%s", it_str(d, "webhook_id"));
	snprintf(made, sizeof(made), "%s", it_str(d, "secret"));
	it_resp_free(&r);
	CU_ASSERT_EQUAL(strlen(made), 50);
	CU_ASSERT_EQUAL(strncmp(made, "whsec_", 6), 0);
	/* shown once: the list does not show it, the row holds it sealed only */
	CU_ASSERT_EQUAL(itc_partner_get(&p, "/v1/webhooks", &r), 200);
	CU_ASSERT_PTR_NULL(it_strstr(r.body, made + 6));
	CU_ASSERT_PTR_NULL(it_strstr(r.body, "\"secret\""));
	it_resp_free(&r);
	secrets[0] = made;
	assert_no_clear_secret(hook, secrets, 1);
	sealed_secret(hook, "secret_sealed", got);
	CU_ASSERT_STRING_EQUAL(got, made);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT secret_binding FROM webhook_endpoints WHERE "
	    "public_id = ?", hook, NULL), 2);

	/* a delivery: the library, given the secret as shown, verifies it */
	withdraw(&p, "wh-made-1", wd);
	CU_ASSERT_EQUAL(itc_webhooks_run(""), 0);
	CU_ASSERT_EQUAL_FATAL(rcv_wait(rcv, 1, 10000), 1);
	CU_ASSERT_EQUAL(itc_verify_hits(rcv, made, "partner", 1, 1, NULL, 0), 0);

	/* a rotation without a secret: another one made, the first previous */
	CU_ASSERT_EQUAL_FATAL(rotate(&p, hook, "{\"expires_previous_in_seconds\":600}", &r), 200);
	d = json_object_get(r.json, "data");
	itc_assert_keys(d, rot_keys, "a rotation with a made secret");
	snprintf(newer, sizeof(newer), "%s", it_str(d, "secret"));
	it_resp_free(&r);
	CU_ASSERT_EQUAL(strlen(newer), 50);
	CU_ASSERT_EQUAL(strncmp(newer, "whsec_", 6), 0);
	CU_ASSERT_STRING_NOT_EQUAL(newer, made);
	secrets[1] = newer;
	assert_no_clear_secret(hook, secrets, 2);
	sealed_secret(hook, "secret_sealed", got);
	CU_ASSERT_STRING_EQUAL(got, newer);
	sealed_secret(hook, "previous_secret_sealed", got);
	CU_ASSERT_STRING_EQUAL(got, made);
	/* one the partner gives: taken, never echoed */
	CU_ASSERT_EQUAL(rotate(&p, hook, rotate_body(NEW_SECRET, "0", body, sizeof(body)), &r), 200);
	CU_ASSERT_PTR_NULL(json_object_get(json_object_get(r.json, "data"), "secret"));
	CU_ASSERT_PTR_NULL(it_strstr(r.body, NEW_SECRET));
	it_resp_free(&r);
	rcv_stop(rcv);
}

/*
 * Sealed bytes are bound to their slot: the previous secret's bytes moved
 * into the current slot do not open there, and the worker signs nothing
 * with them (an error, nothing sent). An earlier version's binding (the
 * endpoint alone) does not open either until migrate seals it again;
 * then deliveries verify.
 */
static void
test_secret_bound_to_slot(void)
{
	static const char v1_label[] = "cediramp webhook secret";
	struct receiver *rcv = rcv_start();
	char hook[64], body[200], got[WHSEC_PLAIN_MAX + 1], wd[64], out[600], err[600],
	    hex[WHSEC_HEX_MAX], aad[sizeof(v1_label) + 64];
	unsigned char sealed[WHSEC_SEALED_MAX];
	struct whsec_keys k;
	struct itc_partner p;
	struct it_resp r;
	size_t slen = 0, i;

	CU_ASSERT_PTR_NOT_NULL_FATAL(rcv);
	itc_partner_new(&p, "verified", 0);
	itc_register_hook(&p, rcv_port(rcv), "/slots", "[\"withdrawal.pending\"]", SECRET, hook);
	CU_ASSERT_EQUAL_FATAL(rotate(&p, hook, rotate_body(NEW_SECRET, "600", body,
	    sizeof(body)), &r), 200);
	it_resp_free(&r);
	sealed_secret(hook, "previous_secret_sealed", got);
	CU_ASSERT_STRING_EQUAL(got, SECRET);
	CU_ASSERT_EQUAL(it_db_exec("UPDATE webhook_endpoints SET secret_sealed = "
	    "previous_secret_sealed WHERE public_id = ?", hook, NULL), 1);
	sealed_secret(hook, "secret_sealed", got);
	CU_ASSERT_STRING_EQUAL(got, "");
	withdraw(&p, "wh-slot-1", wd);
	/* (a short drain: the worker would retry the secret that does not
	 * open until its drain ends) */
	CU_ASSERT_EQUAL(itc_webhooks_run("webhooks.drain_seconds = 2\n"), 1);
	CU_ASSERT_EQUAL(rcv_count(rcv), 0);

	/* an earlier version's bytes: SECRET sealed bound to the endpoint alone */
	wh_keys(&k);
	memcpy(aad, v1_label, sizeof(v1_label));
	memcpy(aad + sizeof(v1_label), hook, strlen(hook));
	CU_ASSERT_EQUAL_FATAL(aead_seal(k.cur, aad, sizeof(v1_label) + strlen(hook),
	    (const unsigned char *)SECRET, strlen(SECRET), sealed, sizeof(sealed), &slen), 0);
	whsec_keys_wipe(&k);
	for (i = 0; i < slen; i++)
		snprintf(hex + 2 * i, 3, "%02x", sealed[i]);
	CU_ASSERT_EQUAL(it_db_exec("UPDATE webhook_endpoints SET secret_sealed = UNHEX(?), "
	    "previous_secret_sealed = NULL, previous_secret_key_id = NULL, "
	    "previous_secret_expires_at = NULL, secret_binding = 1 WHERE public_id = ?", hex, hook),
	    1);
	sealed_secret(hook, "secret_sealed", got);
	CU_ASSERT_STRING_EQUAL(got, "");
	CU_ASSERT_EQUAL(it_admin_run("migrate", out, sizeof(out), err, sizeof(err)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "webhook secrets sealed: 1"));
	CU_ASSERT_EQUAL(it_db_scalar("SELECT secret_binding FROM webhook_endpoints WHERE "
	    "public_id = ?", hook, NULL), 2);
	sealed_secret(hook, "secret_sealed", got);
	CU_ASSERT_STRING_EQUAL(got, SECRET);
	/* the delivery left undelivered goes now, signed with SECRET (its
	 * claim by the run before let go) */
	it_db_exec("UPDATE webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id "
	    "SET d.lease_until = NULL WHERE e.public_id = ?", hook, NULL);
	CU_ASSERT_EQUAL(itc_webhooks_run(""), 0);
	CU_ASSERT_EQUAL_FATAL(rcv_wait(rcv, 1, 10000), 1);
	CU_ASSERT_EQUAL(itc_verify_hits(rcv, SECRET, "partner", 1, 1, NULL, 0), 0);
	rcv_stop(rcv);
}

/* The webhook key file must be 0400 or 0440 and ours or root's: a worker
 * given one that others can read refuses to start, and sends nothing. */
static void
test_key_file_refused(void)
{
	char conf[600], path[300], extra[400], text[80];
	struct cfg c;
	FILE *f;
	int st;

	cfg_defaults(&c);
	CU_ASSERT_EQUAL_FATAL(cfg_load(it_env("CEDIRAMP_CONF"), &c, conf, sizeof(conf)), 0);
	snprintf(path, sizeof(path), "%s.loose-%d.key", it_env("CEDIRAMP_CONF"), (int)getpid());
	snprintf(text, sizeof(text), "%s\n", c.wh_encryption_key);
	remove(path);
	CU_ASSERT_PTR_NOT_NULL_FATAL(f = fopen(path, "we"));
	fputs(text, f);
	fclose(f);
	CU_ASSERT_EQUAL_FATAL(chmod(path, 0644), 0);
	snprintf(extra, sizeof(extra), "webhooks.encryption_key_file = %s\n", path);
	st = itc_webhooks_run(extra);
	CU_ASSERT(st != 0 && st != -1);
	/* the same file at 0400 is taken */
	CU_ASSERT_EQUAL(chmod(path, 0400), 0);
	CU_ASSERT_EQUAL(itc_webhooks_run(extra), 0);
	remove(path);
}

static void
test_rotation_rules(void)
{
	static const char *const secrets[] = { SECRET, NEW_SECRET, NEWER_SECRET };
	char hook[64], body[200], before[400], after[400], got[WHSEC_PLAIN_MAX + 1];
	struct itc_partner p;
	struct it_resp r;
	static const char snap[] = "SELECT CONCAT_WS('|', HEX(secret_sealed), secret_key_id, "
	    "IFNULL(HEX(previous_secret_sealed), '-'), IFNULL(previous_secret_expires_at, '-')) "
	    "FROM webhook_endpoints WHERE public_id = ?";

	itc_partner_new(&p, "verified", 0);
	itc_register_hook(&p, 9, "/rules", "[\"withdrawal.pending\"]", SECRET, hook);
	/* rotating again during an overlap: the current one becomes the
	 * previous one, the oldest is dropped */
	CU_ASSERT_EQUAL(rotate(&p, hook, rotate_body(NEW_SECRET, "3600", body, sizeof(body)),
	    &r), 200);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(rotate(&p, hook, rotate_body(NEWER_SECRET, "60", body, sizeof(body)),
	    &r), 200);
	it_resp_free(&r);
	sealed_secret(hook, "secret_sealed", got);
	CU_ASSERT_STRING_EQUAL(got, NEWER_SECRET);
	sealed_secret(hook, "previous_secret_sealed", got);
	CU_ASSERT_STRING_EQUAL(got, NEW_SECRET);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT TIMESTAMPDIFF(SECOND, UTC_TIMESTAMP(6), "
	    "previous_secret_expires_at) BETWEEN 50 AND 60 FROM webhook_endpoints WHERE "
	    "public_id = ?", hook, NULL), 1);
	assert_no_clear_secret(hook, secrets, NELEM(secrets));
	/* the current secret again (a retried request): 200, nothing changes */
	CU_ASSERT_EQUAL_FATAL(it_db_text(snap, hook, NULL, before, sizeof(before)), 0);
	CU_ASSERT_EQUAL(rotate(&p, hook, rotate_body(NEWER_SECRET, "0", body, sizeof(body)),
	    &r), 200);
	CU_ASSERT_PTR_NOT_NULL(it_str(json_object_get(r.json, "data"), "previous_secret_expires_at"));
	it_resp_free(&r);
	CU_ASSERT_EQUAL_FATAL(it_db_text(snap, hook, NULL, after, sizeof(after)), 0);
	CU_ASSERT_STRING_EQUAL(after, before);
	/* 0: the replaced secret stops at once */
	CU_ASSERT_EQUAL(rotate(&p, hook, rotate_body(SECRET, "0", body, sizeof(body)), &r), 200);
	CU_ASSERT(json_is_null(json_object_get(json_object_get(r.json, "data"),
	    "previous_secret_expires_at")));
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM webhook_endpoints WHERE public_id = ? "
	    "AND previous_secret_sealed IS NULL AND previous_secret_key_id IS NULL AND "
	    "previous_secret_expires_at IS NULL", hook, NULL), 1);
	sealed_secret(hook, "secret_sealed", got);
	CU_ASSERT_STRING_EQUAL(got, SECRET);
	/* the largest overlap, 7 days */
	CU_ASSERT_EQUAL(rotate(&p, hook, rotate_body(NEW_SECRET, "604800", body, sizeof(body)),
	    &r), 200);
	it_resp_free(&r);
}

static void
test_rotation_inputs(void)
{
	static const struct bad bad[] = {
		{ "{\"secret\":\"" NEW_SECRET "\"}", "no expires_previous_in_seconds" },
		{ "{\"secret\":\"" NEW_SECRET "\",\"expires_previous_in_seconds\":null}", "seconds null" },
		{ "{\"secret\":\"" NEW_SECRET "\",\"expires_previous_in_seconds\":60,\"url\":\"x\"}", "unknown member" },
		{ "{\"secret\":\"thirty-one-characters-012345678\",\"expires_previous_in_seconds\":60}", "secret 31" },
		{ "{\"secret\":\"sixteen-chars\\u0001ab\",\"expires_previous_in_seconds\":60}", "secret control byte" },
		{ "{\"secret\":\"sixteen-chars\\u0000ab\",\"expires_previous_in_seconds\":60}", "secret NUL" },
		{ "{\"secret\":\"caf\\u00e9-0123456789ab\",\"expires_previous_in_seconds\":60}", "secret not ASCII" },
		{ "{\"secret\":12345678901234567,\"expires_previous_in_seconds\":60}", "secret a number" },
		{ "{\"secret\":\"" NEW_SECRET "\",\"expires_previous_in_seconds\":\"60\"}", "seconds a string" },
		{ "{\"secret\":\"" NEW_SECRET "\",\"expires_previous_in_seconds\":60.0}", "seconds a real" },
		{ "{\"secret\":\"" NEW_SECRET "\",\"expires_previous_in_seconds\":true}", "seconds a boolean" },
		{ "{\"secret\":\"" NEW_SECRET "\",\"expires_previous_in_seconds\":-1}", "seconds -1" },
		{ "{\"secret\":\"" NEW_SECRET "\",\"expires_previous_in_seconds\":604801}", "seconds 604801" },
		{ "{\"secret\":\"" NEW_SECRET "\",\"expires_previous_in_seconds\":99999999999999999999}", "seconds huge" },
		{ "{\"secret\":\"" NEW_SECRET "\",\"expires_previous_in_seconds\":60,\"secret\":\"" NEWER_SECRET "\"}", "duplicate key" },
		{ "[\"" NEW_SECRET "\"]", "not an object" },
		{ "{\"secret\":", "bad JSON" },
	};
	static const char snap[] = "SELECT CONCAT_WS('|', HEX(secret_sealed), secret_key_id, "
	    "IFNULL(HEX(previous_secret_sealed), '-'), IFNULL(previous_secret_expires_at, '-'), "
	    "active) FROM webhook_endpoints WHERE public_id = ?";
	const char *noauth[] = { "Content-Type: application/json", NULL };
	char hook[64], gone[64], other[64], body[400], path[160], before[400], after[400];
	char obefore[400], oafter[400], longsecret[300];
	struct itc_partner p, q;
	struct it_resp r;
	size_t i;

	itc_partner_new(&p, "verified", 0);
	itc_partner_new(&q, "verified", 0);
	itc_register_hook(&p, 9, "/inputs", "[\"withdrawal.pending\"]", SECRET, hook);
	itc_register_hook(&q, 9, "/others", "[\"withdrawal.pending\"]", SECRET, other);
	CU_ASSERT_EQUAL_FATAL(it_db_text(snap, hook, NULL, before, sizeof(before)), 0);
	CU_ASSERT_EQUAL_FATAL(it_db_text(snap, other, NULL, obefore, sizeof(obefore)), 0);
	for (i = 0; i < NELEM(bad); i++) {
		CU_ASSERT_EQUAL(rotate(&p, hook, bad[i].body, &r), 400);
		it_assert_partner_error(&r, 400, "VALIDATION_ERROR", bad[i].why);
		it_resp_free(&r);
	}
	memset(longsecret, 'k', 257);
	longsecret[257] = '\0';
	CU_ASSERT_EQUAL(rotate(&p, hook, rotate_body(longsecret, "60", body, sizeof(body)), &r),
	    400);
	it_assert_partner_error(&r, 400, "VALIDATION_ERROR", "secret 257");
	it_resp_free(&r);
	/* an oversize body, no key, a wrong key */
	snprintf(path, sizeof(path), "/v1/webhooks/%s/rotate-secret", hook);
	assert_oversize(&p, path);
	{
		const char *wrong[] = { "Authorization: Bearer sk_test_0000000000000000wrong",
			"Content-Type: application/json", NULL };

		rotate_body(NEW_SECRET, "60", body, sizeof(body));
		CU_ASSERT_EQUAL(it_http("POST", path, wrong, body, strlen(body), &r), 0);
		it_assert_partner_error(&r, 401, "UNAUTHORIZED", "a wrong key");
		it_resp_free(&r);
	}
	CU_ASSERT_EQUAL(it_http("POST", path, noauth, body, strlen(body), &r), 0);
	it_assert_partner_error(&r, 401, "UNAUTHORIZED", "no key");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(itc_partner_send(&p, "PUT", path, body, &r), 405);
	it_resp_free(&r);
	CU_ASSERT_EQUAL_FATAL(it_db_text(snap, hook, NULL, after, sizeof(after)), 0);
	CU_ASSERT_STRING_EQUAL(after, before);

	/* another partner's endpoint, an unknown id, a malformed one: 404, and
	 * the other partner's row is untouched */
	CU_ASSERT_EQUAL(rotate(&p, other, body, &r), 404);
	it_assert_partner_error(&r, 404, "NOT_FOUND", "another's endpoint");
	CU_ASSERT_PTR_NULL(it_strstr(r.body, "/others"));
	it_resp_free(&r);
	CU_ASSERT_EQUAL(rotate(&q, hook, body, &r), 404);
	it_assert_partner_error(&r, 404, "NOT_FOUND", "another's endpoint (the other way)");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(rotate(&p, "wh_nope0000000000000000000", body, &r), 404);
	it_assert_partner_error(&r, 404, "NOT_FOUND", "an unknown id");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(rotate(&p, "evt_notawebhook", body, &r), 404);
	it_assert_partner_error(&r, 404, "NOT_FOUND", "not a webhook id");
	it_resp_free(&r);
	CU_ASSERT_EQUAL_FATAL(it_db_text(snap, other, NULL, oafter, sizeof(oafter)), 0);
	CU_ASSERT_STRING_EQUAL(oafter, obefore);
	CU_ASSERT_EQUAL_FATAL(it_db_text(snap, hook, NULL, after, sizeof(after)), 0);
	CU_ASSERT_STRING_EQUAL(after, before);

	/* a deleted endpoint: 404, its row unchanged */
	itc_register_hook(&p, 9, "/gone", "[\"withdrawal.pending\"]", SECRET, gone);
	snprintf(path, sizeof(path), "/v1/webhooks/%s", gone);
	CU_ASSERT_EQUAL(itc_partner_send(&p, "DELETE", path, NULL, &r), 204);
	it_resp_free(&r);
	CU_ASSERT_EQUAL_FATAL(it_db_text(snap, gone, NULL, before, sizeof(before)), 0);
	CU_ASSERT_EQUAL(rotate(&p, gone, body, &r), 404);
	it_assert_partner_error(&r, 404, "NOT_FOUND", "a deleted endpoint");
	it_resp_free(&r);
	CU_ASSERT_EQUAL_FATAL(it_db_text(snap, gone, NULL, after, sizeof(after)), 0);
	CU_ASSERT_STRING_EQUAL(after, before);
}

int
it_suite_webhooks(void)
{
	static const struct tu_test tests[] = {
		{ "a withdrawal delivers pending, processing, completed; both libraries verify", test_withdrawal_events },
		{ "a wallet payout delivers payout.completed with its body signature; --delete", test_wallet_payout_event },
		{ "500, 302, 200: three attempts at 1 s and 4 s, all in the log", test_retry_then_success },
		{ "always 500, production policy (compressed clock): six attempts, failed", test_production_policy_gives_up },
		{ "always 500, sandbox policy (compressed clock): four attempts, failed", test_sandbox_policy_gives_up },
		{ "a worker killed with kill -9 mid-drain loses nothing", test_killed_worker_loses_nothing },
		{ "two workers at once: every delivery sent exactly once", test_two_workers_share },
		{ "the SSRF table refused at registration; a refused name at delivery", test_ssrf },
		{ "every bad input; at most 10; delete 204; another partner 404", test_endpoint_inputs },
		{ "a deleted endpoint gets nothing; redelivery; another partner's event 404", test_delete_and_redeliver },
		{ "secrets sealed at rest, bound to their row; migrate seals a plaintext row", test_secret_sealed_at_rest },
		{ "rotate-secret: both signatures during the overlap, the new alone after (npm verifier)", test_rotation_signs_with_both },
		{ "rotate-secret: again during an overlap, the same secret, 0 seconds", test_rotation_rules },
		{ "rotate-secret: every bad input, 413, 401, another partner's and unknown ids 404", test_rotation_inputs },
		{ "no secret given: one made (whsec_), shown once, sealed; the library verifies with it", test_generated_secret },
		{ "sealed bytes bound to their slot; an earlier binding opens after migrate only", test_secret_bound_to_slot },
		{ "a webhook key file others can read: the worker refuses to start", test_key_file_refused },
	};

	return tu_add_suite("webhooks", suite_init, NULL, tests, NELEM(tests));
}
