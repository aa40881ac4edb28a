/*
 * Payment intents: every path (completed, rejected, expired, failed,
 * cancelled) ends in its state with its events delivered to a local
 * receiver in the order they happened; a completed intent credits exactly
 * net_amount once and reconcile passes; 50 cancels racing an approval end
 * in one state, one event, at most one credit; every error code, with no
 * intent written after any; another partner gets 404; a payment found
 * after the time to live completes the intent and reconcile lists it; the
 * list's filters.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "itc.h"
#include "receiver.h"

#define SECRET "intent-hook-secret-0123456789abcdef"
#define ALL_EVENTS "[\"payment_intent.pending_approval\",\"payment_intent.approved\"," \
	"\"payment_intent.completed\",\"payment_intent.rejected\",\"payment_intent.cancelled\"," \
	"\"payment_intent.expired\",\"payment_intent.failed\"]"

static int
suite_init(void)
{
	return it_db_exec("REPLACE INTO sim_settings (name, value) VALUES "
	    "('momo.settle_seconds', '0')", NULL, NULL) >= 1 ? 0 : 1;
}

/* The payer's network of create(): MTN unless a test says otherwise. */
static const char *payer_network = "MTN";

/* POST /v1/payment-intents of amount GHS from phone under ref (extra: ""
 * or ",\"k\":v"); the status, id into id. */
static long
create(const struct itc_partner *p, const char *amount, const char *phone,
    const char *ref, const char *extra, char *id, struct it_resp *r)
{
	char body[1200];
	long st;

	snprintf(body, sizeof(body), "{\"amount\":\"%s\",\"currency\":\"GHS\",\"payer_phone\":"
	    "\"%s\",\"mobile_network\":\"%s\",\"reference_id\":\"%s\"%s}", amount, phone,
	    payer_network, ref, extra);
	st = itc_partner_send(p, "POST", "/v1/payment-intents", body, r);
	if (id != NULL)
		snprintf(id, 64, "%s", it_str(json_object_get(r->json, "data"),
		    "payment_intent_id") ? it_str(json_object_get(r->json, "data"),
		    "payment_intent_id") : "");
	return st;
}

static void
created(const struct itc_partner *p, const char *amount, int suffix, const char *ref,
    char *id)
{
	struct it_resp r;
	char phone[20];

	itc_phone(suffix, phone, sizeof(phone));
	CU_ASSERT_EQUAL_FATAL(create(p, amount, phone, ref, "", id, &r), 201);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "status"),
	    "pending_approval");
	it_resp_free(&r);
}

/* The intent's status (32 bytes) through GET. */
static void
status_of(const struct itc_partner *p, const char *id, char *st)
{
	char path[128];
	struct it_resp r;

	snprintf(path, sizeof(path), "/v1/payment-intents/%s", id);
	CU_ASSERT_EQUAL_FATAL(itc_partner_get(p, path, &r), 200);
	snprintf(st, 32, "%s", it_str(json_object_get(r.json, "data"), "status") ?
	    it_str(json_object_get(r.json, "data"), "status") : "");
	it_resp_free(&r);
}

/* p's available GHS (40 bytes). */
static void
ghs_of(const struct itc_partner *p, char *out)
{
	itc_partner_available(p, "GHS", out);
}

/* The event types the receiver got about intent id, in arrival order,
 * joined with "," into out. */
static void
events_of(struct receiver *rcv, const char *id, char *out, size_t cap)
{
	size_t i, n = rcv_count(rcv), len = 0;

	out[0] = '\0';
	for (i = 0; i < n; i++) {
		struct rcv_hit h;
		json_t *j;
		const char *pid;

		if (rcv_get(rcv, i, &h) != 0)
			continue;
		j = json_loads(h.body, 0, NULL);
		pid = it_str(json_object_get(j, "data"), "payment_intent_id");
		if (pid != NULL && strcmp(pid, id) == 0 && it_str(j, "type") != NULL &&
		    it_strlen(it_str(j, "type")) > strlen("payment_intent."))
			len += (size_t)snprintf(out + len, cap - len, "%s%s", len ? "," : "",
			    it_str(j, "type") + strlen("payment_intent."));
		json_decref(j);
		rcv_hit_free(&h);
	}
}

static long long
postings(const char *id)
{
	return it_db_scalar("SELECT COUNT(*) FROM ledger_transactions WHERE kind = "
	    "'payment_intent.completed' AND ref_id = ?", id, NULL);
}

/*
 * Payment intents of TELECEL and AIRTELTIGO payers go through the Paystack
 * adapter (POST /charge, GET /transaction/verify): 555 completed and
 * credited once, 300 rejected, 302 failed after its approval, 310 rejected
 * with Paystack's reason, 303 (the network wants an OTP) rejected at once,
 * with nothing credited but the completed one.
 */
static void
test_on_paystack(void)
{
	static const char *const nets[] = { "TELECEL", "AIRTELTIGO" };
	static const struct { int suffix; const char *status, *reason; } rows[] = {
		{ 555, "completed", NULL },
		{ 300, "rejected", "CHARGE_FAILED: APPROVAL_REJECTED: " },
		{ 302, "failed", "CHARGE_FAILED: SETTLEMENT_FAILED: " },
		{ 310, "rejected", "CHARGE_FAILED: PAYER_NOT_FOUND: " },
		{ 303, "rejected", "the provider refused the request: OTP_REQUIRED: " },
	};
	char id[NELEM(rows)][64], ref[64], st[32], path[400], before[40], after[40];
	const char *why;
	struct itc_partner p;
	struct it_resp r;
	size_t i, k;

	for (k = 0; k < NELEM(nets); k++) {
		itc_partner_new(&p, "verified", 0);
		ghs_of(&p, before);
		payer_network = nets[k];
		for (i = 0; i < NELEM(rows); i++) {
			char phone[20];

			snprintf(ref, sizeof(ref), "ps-%s-%d", nets[k], rows[i].suffix);
			if (rows[i].suffix != 303) {
				created(&p, "20", rows[i].suffix, ref, id[i]);
				continue;
			}
			/* refused as it is sent: rejected in the create's answer */
			itc_phone(303, phone, sizeof(phone));
			CU_ASSERT_EQUAL_FATAL(create(&p, "20", phone, ref, "", id[i], &r), 201);
			CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "status"),
			    "rejected");
			it_resp_free(&r);
		}
		payer_network = "MTN";
		/* twice: a 302 is approved on one pass and fails on the next */
		CU_ASSERT_EQUAL(it_worker("payouts"), 0);
		CU_ASSERT_EQUAL(it_worker("payouts"), 0);
		for (i = 0; i < NELEM(rows); i++) {
			status_of(&p, id[i], st);
			IT_CHECK(strcmp(st, rows[i].status) == 0, st);
			IT_CHECK(it_db_scalar("SELECT COUNT(*) FROM sim_momo_transfers s JOIN "
			    "payment_intents i ON i.provider_ref = s.reference WHERE i.id = ? AND "
			    "s.api = 'paystack' AND s.kind = 'rtp' AND s.network = ?", id[i],
			    nets[k]) == 1, id[i]);
			if (rows[i].reason == NULL)
				continue;
			snprintf(path, sizeof(path), "/v1/payment-intents/%s", id[i]);
			CU_ASSERT_EQUAL_FATAL(itc_partner_get(&p, path, &r), 200);
			why = it_str(json_object_get(r.json, "data"), "failure_reason");
			IT_CHECK(why != NULL && strncmp(why, rows[i].reason,
			    strlen(rows[i].reason)) == 0, why != NULL ? why : "no reason");
			it_resp_free(&r);
		}
		CU_ASSERT_EQUAL(postings(id[0]), 1);
		for (i = 1; i < NELEM(rows); i++)
			CU_ASSERT_EQUAL(postings(id[i]), 0);
		/* credited 20.00 less the 1% fee, once */
		ghs_of(&p, after);
		itc_ghs_sub(after, before, st, sizeof(st));
		CU_ASSERT_STRING_EQUAL(st, "19.80");
	}
}

/* ---- every path ---- */

static void
test_paths(void)
{
	struct receiver *rcv = rcv_start();
	char hook[64], a[64], b[64], c[64], d[64], e[64], st[32], path[128], before[40],
	    after[40], ev[200], want[40];
	struct itc_partner p;
	struct it_resp r;
	json_t *j;

	CU_ASSERT_PTR_NOT_NULL_FATAL(rcv);
	itc_partner_new(&p, "verified", 0);
	itc_register_hook(&p, rcv_port(rcv), "/intents", ALL_EVENTS, SECRET, hook);
	ghs_of(&p, before);
	created(&p, "100", 555, "pi-ok", a);
	created(&p, "20", 300, "pi-declined", b);
	created(&p, "20", 301, "pi-silent", c);
	created(&p, "20", 302, "pi-settle-fails", d);
	created(&p, "20", 556, "pi-cancel", e);
	snprintf(path, sizeof(path), "/v1/payment-intents/%s/cancel", e);
	CU_ASSERT_EQUAL(itc_partner_send(&p, "POST", path, "", &r), 200);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "status"), "cancelled");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(itc_partner_send(&p, "POST", path, "", &r), 409);
	it_assert_partner_error(&r, 409, "INVALID_STATE", "cancel twice");
	it_resp_free(&r);

	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	status_of(&p, a, st);
	CU_ASSERT_STRING_EQUAL(st, "completed");
	status_of(&p, b, st);
	CU_ASSERT_STRING_EQUAL(st, "rejected");
	status_of(&p, c, st);
	CU_ASSERT_STRING_EQUAL(st, "pending_approval");
	status_of(&p, d, st);
	CU_ASSERT_STRING_EQUAL(st, "failed");
	/* the time to live passes (the clock moved, not waited for): expire
	 * asks the provider (still pending) and expires it */
	CU_ASSERT_EQUAL(it_db_exec("UPDATE payment_intents SET expires_at = "
	    "UTC_TIMESTAMP(6) - INTERVAL 1 SECOND WHERE id = ?", c, NULL), 1);
	CU_ASSERT_EQUAL(it_worker("expire"), 0);
	status_of(&p, c, st);
	CU_ASSERT_STRING_EQUAL(st, "expired");
	/* a cancel of a final intent */
	snprintf(path, sizeof(path), "/v1/payment-intents/%s/cancel", a);
	CU_ASSERT_EQUAL(itc_partner_send(&p, "POST", path, "", &r), 409);
	it_assert_partner_error(&r, 409, "INVALID_STATE", "cancel completed");
	it_resp_free(&r);

	/* the completed one: fee and net_amount; credited net_amount once */
	snprintf(path, sizeof(path), "/v1/payment-intents/%s", a);
	CU_ASSERT_EQUAL_FATAL(itc_partner_get(&p, path, &r), 200);
	j = json_object_get(r.json, "data");
	CU_ASSERT_STRING_EQUAL(it_str(j, "amount"), "100.00");
	CU_ASSERT_STRING_EQUAL(it_str(j, "fee"), "1.00");
	CU_ASSERT_STRING_EQUAL(it_str(j, "net_amount"), "99.00");
	CU_ASSERT(json_is_null(json_object_get(j, "failure_reason")));
	it_resp_free(&r);
	ghs_of(&p, after);
	itc_ghs_sub(after, before, want, sizeof(want));
	CU_ASSERT_STRING_EQUAL(want, "99.00");
	CU_ASSERT_EQUAL(postings(a), 1);
	CU_ASSERT_EQUAL(postings(d), 0);
	snprintf(path, sizeof(path), "/v1/payment-intents/%s", d);
	CU_ASSERT_EQUAL_FATAL(itc_partner_get(&p, path, &r), 200);
	CU_ASSERT_PTR_NOT_NULL(it_str(json_object_get(r.json, "data"), "failure_reason"));
	CU_ASSERT_PTR_NULL(json_object_get(json_object_get(r.json, "data"), "net_amount"));
	it_resp_free(&r);
	/* the workers again: nothing moves twice */
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	CU_ASSERT_EQUAL(it_worker("expire"), 0);
	CU_ASSERT_EQUAL(postings(a), 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM outbox_events WHERE ref_id IN "
	    "(?, ?)", a, b), 5);
	CU_ASSERT_EQUAL(it_worker("reconcile"), 0);

	/* every event, to the receiver, in the order it happened */
	CU_ASSERT_EQUAL(itc_webhooks_run(""), 0);
	CU_ASSERT_EQUAL(rcv_wait(rcv, 12, 10000), 12);
	events_of(rcv, a, ev, sizeof(ev));
	CU_ASSERT_STRING_EQUAL(ev, "pending_approval,approved,completed");
	events_of(rcv, b, ev, sizeof(ev));
	CU_ASSERT_STRING_EQUAL(ev, "pending_approval,rejected");
	events_of(rcv, c, ev, sizeof(ev));
	CU_ASSERT_STRING_EQUAL(ev, "pending_approval,expired");
	events_of(rcv, d, ev, sizeof(ev));
	CU_ASSERT_STRING_EQUAL(ev, "pending_approval,approved,failed");
	events_of(rcv, e, ev, sizeof(ev));
	CU_ASSERT_STRING_EQUAL(ev, "pending_approval,cancelled");
	rcv_stop(rcv);
}

/* ---- errors ---- */

struct bad {
	const char *body;
	long status;
	const char *code;
};

/* the payer of the error cases' bodies */
#define PAYER "\"payer_phone\":\"+233241234555\",\"mobile_network\":\"MTN\""

static void
test_errors(void)
{
	static const struct bad bad[] = {
		{ "{\"currency\":\"GHS\"," PAYER ",\"reference_id\":\"e1\"}", 400, "VALIDATION_ERROR" },
		{ "{\"amount\":100,\"currency\":\"GHS\"," PAYER ",\"reference_id\":\"e1\"}", 400, "VALIDATION_ERROR" },
		{ "{\"amount\":\"0\",\"currency\":\"GHS\"," PAYER ",\"reference_id\":\"e1\"}", 400, "VALIDATION_ERROR" },
		{ "{\"amount\":\"-5\",\"currency\":\"GHS\"," PAYER ",\"reference_id\":\"e1\"}", 400, "VALIDATION_ERROR" },
		{ "{\"amount\":\"10.001\",\"currency\":\"GHS\"," PAYER ",\"reference_id\":\"e1\"}", 400, "VALIDATION_ERROR" },
		{ "{\"amount\":\"ten\",\"currency\":\"GHS\"," PAYER ",\"reference_id\":\"e1\"}", 400, "VALIDATION_ERROR" },
		{ "{\"amount\":\"10\",\"currency\":\"USD\"," PAYER ",\"reference_id\":\"e1\"}", 400, "INVALID_CURRENCY" },
		{ "{\"amount\":\"10\",\"currency\":\"GHS\",\"payer_phone\":\"0241234555\","
		    "\"mobile_network\":\"MTN\",\"reference_id\":\"e1\"}", 400, "INVALID_PHONE" },
		{ "{\"amount\":\"10\",\"currency\":\"GHS\",\"payer_phone\":\"+233241234555\","
		    "\"mobile_network\":\"VODAFONE\",\"reference_id\":\"e1\"}", 400, "INVALID_NETWORK" },
		{ "{\"amount\":\"4.99\",\"currency\":\"GHS\"," PAYER ",\"reference_id\":\"e1\"}", 422, "BELOW_MINIMUM" },
		{ "{\"amount\":\"10000.01\",\"currency\":\"GHS\"," PAYER ",\"reference_id\":\"e1\"}", 422, "ABOVE_MAXIMUM" },
		{ "{\"amount\":\"10\",\"currency\":\"GHS\"," PAYER "}", 400, "VALIDATION_ERROR" },
		{ "{\"amount\":\"10\",\"currency\":\"GHS\"," PAYER ",\"reference_id\":\"e1\","
		    "\"ttl_seconds\":59}", 400, "VALIDATION_ERROR" },
		{ "{\"amount\":\"10\",\"currency\":\"GHS\"," PAYER ",\"reference_id\":\"e1\","
		    "\"ttl_seconds\":86401}", 400, "VALIDATION_ERROR" },
		{ "{\"amount\":\"10\",\"currency\":\"GHS\"," PAYER ",\"reference_id\":\"e1\","
		    "\"ttl_seconds\":\"900\"}", 400, "VALIDATION_ERROR" },
		{ "{\"amount\":\"10\",\"currency\":\"GHS\"," PAYER ",\"reference_id\":\"e1\",\"metadata\":[1]}", 400, "VALIDATION_ERROR" },
		{ "{\"amount\":\"10\",\"currency\":\"GHS\"," PAYER ",\"reference_id\":\"e1\",\"description\":7}", 400, "VALIDATION_ERROR" },
		{ "{\"amount\":\"10\",\"currency\":\"GHS\"," PAYER ",\"reference_id\":\"e1\","
		    "\"colour\":\"red\"}", 400, "VALIDATION_ERROR" },
		{ "{\"amount\":\"10\",", 400, "VALIDATION_ERROR" },
	};
	char body[400], id[64], id2[64], desc[300], path[128];
	const char *noauth[] = { "Content-Type: application/json", NULL };
	struct itc_partner p, q;
	struct it_resp r;
	char phone[20];
	size_t i;

	itc_phone(555, phone, sizeof(phone));
	itc_partner_new(&p, "verified", 0);
	itc_partner_new(&q, "verified", 0);
	for (i = 0; i < NELEM(bad); i++) {
		CU_ASSERT_EQUAL(itc_partner_send(&p, "POST", "/v1/payment-intents", bad[i].body,
		    &r), bad[i].status);
		it_assert_partner_error(&r, bad[i].status, bad[i].code, bad[i].body);
		it_resp_free(&r);
	}
	memset(desc, 'd', 256);
	desc[256] = '\0';
	snprintf(body, sizeof(body), ",\"description\":\"%s\"", desc);
	CU_ASSERT_EQUAL(create(&p, "10", phone, "e2", body, NULL, &r), 400);
	it_assert_partner_error(&r, 400, "VALIDATION_ERROR", "description 256");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_http("POST", "/v1/payment-intents", noauth, "{}", 2, &r), 0);
	it_assert_partner_error(&r, 401, "UNAUTHORIZED", "no key");
	it_resp_free(&r);
	/* the network down */
	it_sim_set("momo.MTN.health", "down");
	IT_UNTIL("MTN probed down", it_network_probed("MTN", "down"));
	CU_ASSERT_EQUAL(create(&p, "10", phone, "e3", "", NULL, &r), 503);
	it_assert_partner_error(&r, 503, "NETWORK_DOWN", "network down");
	it_resp_free(&r);
	it_sim_set("momo.MTN.health", "ok");
	IT_UNTIL("MTN probed operational again", it_network_probed_ok("MTN"));
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payment_intents WHERE partner_id = ?",
	    p.row, NULL), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM outbox_events WHERE subject_kind = "
	    "'partner' AND subject_id = ?", p.row, NULL), 0);

	/* reference_id: the same request is the same intent; another is 409 */
	memset(desc, 0, sizeof(desc));
	snprintf(desc, sizeof(desc), ",\"description\":\"caf\\u00e9\",\"ttl_seconds\":120,"
	    "\"metadata\":{\"order\":\"A-1\"}");
	CU_ASSERT_EQUAL_FATAL(create(&p, "10", phone, "dup", desc, id, &r), 201);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "description"),
	    "caf\xc3\xa9");
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(json_object_get(r.json, "data"),
	    "metadata"), "order"), "A-1");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(create(&p, "10.00", phone, "dup", desc, id2, &r), 200);
	CU_ASSERT_STRING_EQUAL(id2, id);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(create(&p, "11", phone, "dup", desc, NULL, &r), 409);
	it_assert_partner_error(&r, 409, "DUPLICATE_REFERENCE", "another request");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payment_intents WHERE partner_id = ?",
	    p.row, NULL), 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT TIMESTAMPDIFF(SECOND, created_at, expires_at) "
	    "FROM payment_intents WHERE id = ?", id, NULL), 120);

	/* another partner: 404 everywhere, nothing changes */
	snprintf(path, sizeof(path), "/v1/payment-intents/%s", id);
	CU_ASSERT_EQUAL(itc_partner_get(&q, path, &r), 404);
	it_assert_partner_error(&r, 404, "NOT_FOUND", "another's intent");
	it_resp_free(&r);
	snprintf(path, sizeof(path), "/v1/payment-intents/%s/cancel", id);
	CU_ASSERT_EQUAL(itc_partner_send(&q, "POST", path, "", &r), 404);
	it_assert_partner_error(&r, 404, "NOT_FOUND", "another's cancel");
	it_resp_free(&r);
	snprintf(path, sizeof(path), "/v1/sandbox/payment-intents/%s/approve", id);
	CU_ASSERT_EQUAL(itc_partner_send(&q, "POST", path, "", &r), 404);
	it_resp_free(&r);
	CU_ASSERT_EQUAL_FATAL(itc_partner_get(&q, "/v1/payment-intents", &r), 200);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(r.json, "data")), 0);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(itc_partner_get(&p, "/v1/payment-intents/pi_nope", &r), 404);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(itc_partner_get(&p, "/v1/payment-intents?status=paid", &r), 400);
	it_assert_partner_error(&r, 400, "VALIDATION_ERROR", "status filter");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payment_intents WHERE id = ? AND "
	    "status = 'pending_approval'", id, NULL), 1);
}

/* ---- 50 cancels racing an approval ---- */

struct racer {
	const struct itc_partner *p;
	char path[160];
	long status;
};

static void *
race(void *arg)
{
	struct racer *x = arg;
	struct it_resp r;

	x->status = itc_partner_send(x->p, "POST", x->path, "", &r);
	if (x->status >= 0)
		it_resp_free(&r);
	return NULL;
}

static void
test_cancel_race(void)
{
	enum { N = 51 };
	struct racer x[N];
	pthread_t t[N];
	struct itc_partner p;
	char id[64], before[40], after[40], diff[40], st[32];
	int i, ok = 0, conflict = 0, approved;

	itc_partner_new(&p, "verified", 0);
	ghs_of(&p, before);
	created(&p, "50", 557, "race", id);
	for (i = 0; i < N; i++) {
		x[i].p = &p;
		snprintf(x[i].path, sizeof(x[i].path), i == N / 2 ?
		    "/v1/sandbox/payment-intents/%s/approve" : "/v1/payment-intents/%s/cancel", id);
	}
	for (i = 0; i < N; i++)
		CU_ASSERT_EQUAL_FATAL(pthread_create(&t[i], NULL, race, &x[i]), 0);
	for (i = 0; i < N; i++)
		pthread_join(t[i], NULL);
	for (i = 0; i < N; i++) {
		ok += x[i].status == 200;
		conflict += x[i].status == 409;
	}
	CU_ASSERT_EQUAL(ok, 1);
	CU_ASSERT_EQUAL(conflict, N - 1);
	approved = x[N / 2].status == 200;
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM outbox_events WHERE ref_id = ? AND "
	    "type IN ('payment_intent.cancelled', 'payment_intent.approved')", id, NULL), 1);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	status_of(&p, id, st);
	CU_ASSERT_STRING_EQUAL(st, approved ? "completed" : "cancelled");
	CU_ASSERT_EQUAL(postings(id), approved ? 1 : 0);
	ghs_of(&p, after);
	itc_ghs_sub(after, before, diff, sizeof(diff));
	CU_ASSERT_STRING_EQUAL(diff, approved ? "49.50" : "0.00");
	CU_ASSERT_EQUAL(it_worker("reconcile"), 0);
}

/* ---- paid after the time to live; the sandbox payer's no ---- */

static void
test_late_and_declined(void)
{
	char id[64], no[64], st[32], path[160], out[8192];
	struct itc_partner p;
	struct it_resp r;

	itc_partner_new(&p, "verified", 0);
	created(&p, "30", 558, "late", id);
	/* the provider has the payment (its simulated payer paid: accepted,
	 * settled; under ASan on a loaded machine one run found it not yet so) */
	IT_UNTIL("the simulated payer to have paid", it_db_scalar("SELECT COUNT(*) FROM "
	    "sim_momo_transfers t JOIN payment_intents i ON i.provider_ref = t.reference WHERE "
	    "i.id = ? AND t.kind = 'rtp' AND t.state IN ('pending', 'successful') AND "
	    "t.final_state = 'successful' AND t.settle_at <= UTC_TIMESTAMP(6)", id, NULL) == 1);
	/* the time to live passes before any worker asked: expire approves
	 * it instead, and it completes late */
	CU_ASSERT_EQUAL(it_db_exec("UPDATE payment_intents SET expires_at = "
	    "UTC_TIMESTAMP(6) - INTERVAL 1 SECOND WHERE id = ?", id, NULL), 1);
	CU_ASSERT_EQUAL(it_worker("expire"), 0);
	status_of(&p, id, st);
	CU_ASSERT_STRING_EQUAL(st, "approved");
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	status_of(&p, id, st);
	CU_ASSERT_STRING_EQUAL(st, "completed");
	CU_ASSERT_EQUAL(postings(id), 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT late FROM payment_intents WHERE id = ?", id, NULL), 1);
	CU_ASSERT_EQUAL(it_worker_output("reconcile", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, id));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "late collection"));

	/* the sandbox payer declines by hand; then nothing more moves it */
	created(&p, "30", 559, "declined-by-hand", no);
	snprintf(path, sizeof(path), "/v1/sandbox/payment-intents/%s/reject", no);
	CU_ASSERT_EQUAL(itc_partner_send(&p, "POST", path, "", &r), 200);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "status"), "rejected");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(itc_partner_send(&p, "POST", path, "", &r), 409);
	it_assert_partner_error(&r, 409, "INVALID_STATE", "reject twice");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	status_of(&p, no, st);
	CU_ASSERT_STRING_EQUAL(st, "rejected");
	CU_ASSERT_EQUAL(postings(no), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM outbox_events WHERE ref_id = ?", no,
	    NULL), 2);
}

/* ---- the sandbox payer answers on the simulator ---- */

/*
 * A payer ending 301 never answers the provider by themselves; the
 * approve helper answers for them on the simulator, and the normal path
 * moves the intent: approved at once, completed and credited by the
 * worker (it used to stay approved for ever, the simulator still PENDING).
 * The reject helper likewise: the provider says APPROVAL_REJECTED.
 */
static void
test_payer_helpers_on_simulator(void)
{
	char id[64], no[64], st[32], path[160], before[40], after[40], diff[40];
	struct itc_partner p;
	struct it_resp r;

	itc_partner_new(&p, "verified", 0);
	ghs_of(&p, before);
	created(&p, "20", 301, "stranded", id);
	snprintf(path, sizeof(path), "/v1/sandbox/payment-intents/%s/approve", id);
	CU_ASSERT_EQUAL(itc_partner_send(&p, "POST", path, "", &r), 200);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "status"), "approved");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM sim_momo_transfers WHERE reference = "
	    "(SELECT provider_ref FROM payment_intents WHERE id = ?) AND state = 'successful'",
	    id, NULL), 1);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	status_of(&p, id, st);
	CU_ASSERT_STRING_EQUAL(st, "completed");
	CU_ASSERT_EQUAL(postings(id), 1);
	ghs_of(&p, after);
	itc_ghs_sub(after, before, diff, sizeof(diff));
	CU_ASSERT_STRING_EQUAL(diff, "19.80");
	/* answered once: a second approve is 409 */
	CU_ASSERT_EQUAL(itc_partner_send(&p, "POST", path, "", &r), 409);
	it_assert_partner_error(&r, 409, "INVALID_STATE", "approve twice");
	it_resp_free(&r);

	created(&p, "20", 301, "stranded-no", no);
	snprintf(path, sizeof(path), "/v1/sandbox/payment-intents/%s/reject", no);
	CU_ASSERT_EQUAL(itc_partner_send(&p, "POST", path, "", &r), 200);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "status"), "rejected");
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "failure_reason"),
	    "APPROVAL_REJECTED: the payer rejected the payment");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM sim_momo_transfers WHERE reference = "
	    "(SELECT provider_ref FROM payment_intents WHERE id = ?) AND state = 'failed' AND "
	    "reason = 'APPROVAL_REJECTED'", no, NULL), 1);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	status_of(&p, no, st);
	CU_ASSERT_STRING_EQUAL(st, "rejected");
	CU_ASSERT_EQUAL(postings(no), 0);
	CU_ASSERT_EQUAL(it_worker("reconcile"), 0);
}

/*
 * Paid after the expire worker expired it: the provider's late SUCCESSFUL
 * is still asked for (payment_intents.late_check_seconds), and the intent
 * is approved, then completed and credited once, late: true, with its
 * events; reconcile lists it. One expired longer ago than the window is
 * no longer asked.
 */
static void
test_paid_after_expired(void)
{
	char id[64], old[64], st[32], path[160], out[8192], before[40], after[40], diff[40];
	struct itc_partner p;
	struct it_resp r;

	itc_partner_new(&p, "verified", 0);
	ghs_of(&p, before);
	created(&p, "40", 301, "late-payer", id);
	created(&p, "40", 301, "too-late-payer", old);
	CU_ASSERT_EQUAL(it_db_exec("UPDATE payment_intents SET expires_at = "
	    "UTC_TIMESTAMP(6) - INTERVAL 1 SECOND WHERE id IN (?, ?)", id, old), 2);
	CU_ASSERT_EQUAL(it_worker("expire"), 0);
	status_of(&p, id, st);
	CU_ASSERT_STRING_EQUAL(st, "expired");
	status_of(&p, old, st);
	CU_ASSERT_STRING_EQUAL(st, "expired");
	/* the second expired more than a day ago */
	CU_ASSERT_EQUAL(it_db_exec("UPDATE payment_intents SET expires_at = "
	    "UTC_TIMESTAMP(6) - INTERVAL 25 HOUR WHERE id = ?", old, NULL), 1);
	/* the payers pay, late: the provider now says SUCCESSFUL */
	CU_ASSERT_EQUAL(it_db_exec("UPDATE sim_momo_transfers SET final_state = 'successful', "
	    "state = 'successful' WHERE reference IN (SELECT provider_ref FROM payment_intents "
	    "WHERE id IN (?, ?))", id, old), 2);
	CU_ASSERT_EQUAL(it_db_exec("UPDATE payment_intents SET next_check_at = UTC_TIMESTAMP(6) "
	    "WHERE id IN (?, ?) AND next_check_at IS NOT NULL", id, old), 2);
	CU_ASSERT_EQUAL(it_worker("expire"), 0);
	status_of(&p, id, st);
	CU_ASSERT_STRING_EQUAL(st, "approved");
	status_of(&p, old, st);
	CU_ASSERT_STRING_EQUAL(st, "expired");
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	snprintf(path, sizeof(path), "/v1/payment-intents/%s", id);
	CU_ASSERT_EQUAL_FATAL(itc_partner_get(&p, path, &r), 200);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "status"), "completed");
	CU_ASSERT(json_is_true(json_object_get(json_object_get(r.json, "data"), "late")));
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "net_amount"), "39.60");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(postings(id), 1);
	CU_ASSERT_EQUAL(postings(old), 0);
	ghs_of(&p, after);
	itc_ghs_sub(after, before, diff, sizeof(diff));
	CU_ASSERT_STRING_EQUAL(diff, "39.60");
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM outbox_events WHERE ref_id = ? AND "
	    "type IN ('payment_intent.expired', 'payment_intent.approved', "
	    "'payment_intent.completed')", id, NULL), 3);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payment_intents WHERE id = ? AND "
	    "next_check_at IS NULL", old, NULL), 1);
	/* asked once more: nothing moves twice */
	CU_ASSERT_EQUAL(it_worker("expire"), 0);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	CU_ASSERT_EQUAL(postings(id), 1);
	CU_ASSERT_EQUAL(it_worker_output("reconcile", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, id));
	CU_ASSERT_PTR_NULL(strstr(out, old));
}

/* ---- the list ---- */

static void
test_list(void)
{
	char id[3][64], path[200];
	struct itc_partner p;
	struct it_resp r;

	itc_partner_new(&p, "verified", 0);
	created(&p, "10", 555, "l-1", id[0]);
	created(&p, "11", 300, "l-2", id[1]);
	created(&p, "12", 555, "l-3", id[2]);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	CU_ASSERT_EQUAL_FATAL(itc_partner_get(&p, "/v1/payment-intents?per_page=2", &r), 200);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(r.json, "data")), 2);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(json_object_get(r.json, "pagination"),
	    "total")), 3);
	CU_ASSERT_STRING_EQUAL(it_str(json_array_get(json_object_get(r.json, "data"), 0),
	    "payment_intent_id"), id[2]);
	it_resp_free(&r);
	CU_ASSERT_EQUAL_FATAL(itc_partner_get(&p, "/v1/payment-intents?status=completed", &r),
	    200);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(json_object_get(r.json, "pagination"),
	    "total")), 2);
	it_resp_free(&r);
	snprintf(path, sizeof(path), "/v1/payment-intents?reference_id=l-2&from_date=2020-01-01");
	CU_ASSERT_EQUAL_FATAL(itc_partner_get(&p, path, &r), 200);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(r.json, "data")), 1);
	CU_ASSERT_STRING_EQUAL(it_str(json_array_get(json_object_get(r.json, "data"), 0),
	    "status"), "rejected");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(itc_partner_get(&p, "/v1/payment-intents?to_date=yesterday", &r), 400);
	it_resp_free(&r);
}

int
it_suite_intents(void)
{
	static const struct tu_test tests[] = {
		{ "completed, rejected, expired, failed, cancelled; events in order", test_paths },
		{ "every error code, nothing written; reference_id; another partner 404", test_errors },
		{ "50 cancels racing an approval: one state, one event, at most one credit", test_cancel_race },
		{ "paid after its time to live: completed, listed by reconcile; the sandbox payer's no", test_late_and_declined },
		{ "the sandbox payer answers on the simulator; the intent moves from its status", test_payer_helpers_on_simulator },
		{ "paid after it expired: asked for a day, completed late and listed", test_paid_after_expired },
		{ "the list: paging and filters", test_list },
		{ "TELECEL and AIRTELTIGO payers through Paystack charges", test_on_paystack },
	};

	return tu_add_suite("payment intents", suite_init, NULL, tests, NELEM(tests));
}
