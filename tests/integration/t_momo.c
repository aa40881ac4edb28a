/*
 * The mobile money adapter (momo_http), built by the registry from the
 * stack's own config as the payout engine builds it, against the sandbox
 * simulator it points at: every magic suffix of lookup, transfer and
 * request to pay, status transitions, references reused or sent again
 * (and the sends the simulator counted), the networks kept apart, token
 * caching and a refused token, bad credentials, a real curl timeout, and
 * a reference escaped into its path segment.
 */
#include <openssl/evp.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "core/cfg.h"
#include "providers/momo_reason.h"
#include "providers/momo_wire.h"
#include "providers/registry.h"
#include "itc.h"

static struct providers prov;
static struct cfg conf; /* the stack's, for the npm client's credentials */

/* The suite's adapters from CEDIRAMP_CONF; transfers settle at once. */
static int
suite_init(void)
{
	char out[100];

	if (itc_providers(&conf, &prov) != 0)
		return -1;
	momo_http_forget_tokens();
	if (it_admin("sim set momo.settle_seconds 0", out, sizeof(out)) != 0 ||
	    it_admin("sim set momo.slow_ms 0", out, sizeof(out)) != 0)
		return -1;
	return it_db_scalar("SELECT value FROM sim_settings WHERE name = "
	    "'momo.settle_seconds'", NULL, NULL) == 0 ? 0 : -1;
}

/* The adapter and endpoint of network (MTN, TELECEL, AIRTELTIGO). */
static const struct prov_momo *
net(const char *network)
{
	const struct prov_momo *m = providers_momo(&prov, network);

	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	return m;
}

/* A Ghana mobile MSISDN ending in suffix. */
static void
msisdn(char out[13], int suffix)
{
	snprintf(out, 13, "233244123%03d", suffix);
}

/* The simulator's state of ref into out ("" when it has no row). */
static const char *
sim_state(const char *ref, char *out, size_t cap)
{
	if (it_db_text("SELECT state FROM sim_momo_transfers WHERE reference = ?", ref,
	    NULL, out, cap) != 0)
		out[0] = '\0';
	return out;
}

/* A transfer of 10.00 GHS under ref to the number ending in suffix. */
static enum momo_rc
pay(const struct prov_momo *m, const char *ref, int suffix, const char *amount,
    char *why, size_t cap)
{
	char to[13];

	msisdn(to, suffix);
	return m->ops->transfer(&m->ep, ref, to, amount, "GHS", "po_test", "payout",
	    why, cap);
}

static long long
tokens_issued(const char *network, const char *product)
{
	return it_db_scalar("SELECT COUNT(*) FROM sim_momo_tokens WHERE network = ? "
	    "AND product = ?", network, product);
}

static double
seconds_since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) / 1e9;
}

static void
test_lookup_magic(void)
{
	const struct prov_momo *m = net("MTN");
	struct timespec t0;
	char to[13], name[128];
	size_t i;

	msisdn(to, 100);
	CU_ASSERT_EQUAL(m->ops->lookup(&m->ep, to, name, sizeof(name)), MOMO_NOT_FOUND);
	msisdn(to, 101);
	CU_ASSERT_EQUAL(m->ops->lookup(&m->ep, to, name, sizeof(name)), MOMO_OK);
	CU_ASSERT_STRING_EQUAL(name, "Ama Serwaa Boateng");
	/* 102: a gateway timeout, answered at once */
	msisdn(to, 102);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	CU_ASSERT_EQUAL(m->ops->lookup(&m->ep, to, name, sizeof(name)), MOMO_TIMEOUT);
	CU_ASSERT(seconds_since(&t0) < 2.0);
	msisdn(to, 103);
	CU_ASSERT_EQUAL(m->ops->lookup(&m->ep, to, name, sizeof(name)), MOMO_UNAVAILABLE);
	/* an ordinary number: no name disclosed, so any name verifies */
	msisdn(to, 555);
	memcpy(name, "stale", 6);
	CU_ASSERT_EQUAL(m->ops->lookup(&m->ep, to, name, sizeof(name)), MOMO_OK);
	CU_ASSERT_STRING_EQUAL(name, "");
	/* ...unless the sandbox registered a name for it */
	msisdn(to, 556);
	CU_ASSERT_EQUAL(it_admin("sim set momo.name.233244123556 'Kofi Mensah'", name,
	    sizeof(name)), 0);
	CU_ASSERT_EQUAL(m->ops->lookup(&m->ep, to, name, sizeof(name)), MOMO_OK);
	CU_ASSERT_STRING_EQUAL(name, "Kofi Mensah");
	/* a number that is no Ghana mobile number has no account */
	CU_ASSERT_EQUAL(m->ops->lookup(&m->ep, "23324412310", name, sizeof(name)),
	    MOMO_NOT_FOUND);
	/* every network serves the same magic */
	for (i = 0; i < PROV_NETWORKS; i++) {
		const struct prov_momo *n = net(prov_network_ids[i]);

		msisdn(to, 101);
		CU_ASSERT_EQUAL(n->ops->lookup(&n->ep, to, name, sizeof(name)), MOMO_OK);
		CU_ASSERT_STRING_EQUAL(name, "Ama Serwaa Boateng");
		msisdn(to, 100);
		CU_ASSERT_EQUAL(n->ops->lookup(&n->ep, to, name, sizeof(name)), MOMO_NOT_FOUND);
	}
}

/* One transfer suffix: the send's outcome, then the status. */
struct transfer_row {
	int suffix;
	enum momo_rc send;      /* the adapter's answer to the send */
	const char *why;        /* its reason starts so (NULL: not checked) */
	enum momo_rc status_rc; /* the status query's answer */
	enum momo_state state;
	const char *reason;     /* FAILED: the reason starts so */
	const char *sim;        /* the simulator's state afterwards */
};

static void
test_transfer_magic(void)
{
	static const struct transfer_row rows[] = {
		{ 200, MOMO_REFUSED, "PAYEE_NOT_ALLOWED_TO_RECEIVE: ", MOMO_NOT_FOUND,
		  MOMO_PENDING, NULL, "unaccepted" },
		{ 201, MOMO_OK, "", MOMO_OK, MOMO_FAILED, "INTERNAL_PROCESSING_ERROR: ", "failed" },
		{ 202, MOMO_IN_DOUBT, "GATEWAY_TIMEOUT", MOMO_OK, MOMO_SUCCESSFUL, NULL, "successful" },
		{ 203, MOMO_IN_DOUBT, "GATEWAY_TIMEOUT", MOMO_OK, MOMO_FAILED,
		  "COULD_NOT_PERFORM_TRANSACTION", "failed" },
		{ 204, MOMO_OK, "", MOMO_OK, MOMO_PENDING, NULL, "pending" },
		/* unreachable: a 503 after sending settles nothing, and the
		 * status cannot be read either */
		{ 103, MOMO_IN_DOUBT, "SERVICE_UNAVAILABLE", MOMO_UNAVAILABLE, MOMO_PENDING,
		  NULL, "unaccepted" },
		{ 101, MOMO_OK, "", MOMO_OK, MOMO_SUCCESSFUL, NULL, "successful" },
		{ 555, MOMO_OK, "", MOMO_OK, MOMO_SUCCESSFUL, NULL, "successful" },
	};
	const struct prov_momo *m = net("MTN");
	struct momo_status st;
	char ref[MOMO_REF_LEN + 1], why[160], label[64], sim[16];
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		const struct transfer_row *t = &rows[i];
		enum momo_rc rc;

		snprintf(label, sizeof(label), "transfer suffix %d", t->suffix);
		itc_new_ref(ref);
		rc = pay(m, ref, t->suffix, "10.00", why, sizeof(why));
		IT_CHECK(rc == t->send, label);
		if (t->why != NULL)
			IT_CHECK(strncmp(why, t->why, strlen(t->why)) == 0, why);
		rc = m->ops->transfer_status(&m->ep, ref, &st);
		IT_CHECK(rc == t->status_rc, label);
		if (t->status_rc == MOMO_OK) {
			IT_CHECK(st.state == t->state, label);
			if (t->reason != NULL)
				IT_CHECK(strncmp(st.reason, t->reason, strlen(t->reason)) == 0,
				    st.reason);
			if (t->state == MOMO_SUCCESSFUL)
				IT_CHECK(strlen(st.financial_id) == 10, label);
			else
				IT_CHECK(st.financial_id[0] == '\0', label);
		}
		IT_CHECK(itc_sends_of(ref) == 1, label);
		IT_CHECK(strcmp(sim_state(ref, sim, sizeof(sim)), t->sim) == 0, label);
	}
}

/*
 * MTN's failure reasons, one suffix each: a transfer to 210-218 and a
 * request to pay from 310-318 are accepted, then FAILED with the code the
 * simulator documents, read as "CODE: our text" (momo_reason.h).
 */
static void
test_failure_reasons(void)
{
	static const char *const transfers[] = {
		"PAYEE_NOT_FOUND", "NOT_ALLOWED", "NOT_ENOUGH_FUNDS", "PAYER_LIMIT_REACHED",
		"PAYEE_NOT_ALLOWED_TO_RECEIVE", "EXPIRED", "TRANSACTION_CANCELED",
		"SERVICE_UNAVAILABLE", "INTERNAL_PROCESSING_ERROR",
	};
	static const char *const rtps[] = {
		"PAYER_NOT_FOUND", "NOT_ALLOWED", "NOT_ENOUGH_FUNDS", "PAYER_LIMIT_REACHED",
		"PAYMENT_NOT_APPROVED", "EXPIRED", "TRANSACTION_CANCELED",
		"SERVICE_UNAVAILABLE", "COULD_NOT_PERFORM_TRANSACTION",
	};
	const struct prov_momo *m = net("MTN");
	struct momo_status st;
	char ref[MOMO_REF_LEN + 1], why[160], want[200], from[13];
	size_t i;

	for (i = 0; i < NELEM(transfers); i++) {
		itc_new_ref(ref);
		IT_CHECK(pay(m, ref, 210 + (int)i, "10.00", why, sizeof(why)) == MOMO_OK,
		    transfers[i]);
		IT_CHECK(m->ops->transfer_status(&m->ep, ref, &st) == MOMO_OK, transfers[i]);
		IT_CHECK(st.state == MOMO_FAILED, transfers[i]);
		snprintf(want, sizeof(want), "%s: %s", transfers[i], momo_reason_text(transfers[i]));
		IT_CHECK(strcmp(st.reason, want) == 0, st.reason);
	}
	for (i = 0; i < NELEM(rtps); i++) {
		itc_new_ref(ref);
		msisdn(from, 310 + (int)i);
		IT_CHECK(m->ops->request_to_pay(&m->ep, ref, from, "12.00", "GHS", "pi_test",
		    "invoice", why, sizeof(why)) == MOMO_OK, rtps[i]);
		IT_CHECK(m->ops->request_to_pay_status(&m->ep, ref, &st) == MOMO_OK, rtps[i]);
		IT_CHECK(st.state == MOMO_FAILED, rtps[i]);
		snprintf(want, sizeof(want), "%s: %s", rtps[i], momo_reason_text(rtps[i]));
		IT_CHECK(strcmp(st.reason, want) == 0, st.reason);
	}
}

/*
 * 205: the first send is lost before the provider records it (504, and
 * the status is "never seen"); the same reference sent again is accepted
 * and succeeds; a third send is a duplicate. Every send counted.
 */
static void
test_lost_first_send(void)
{
	const struct prov_momo *m = net("MTN");
	struct momo_status st;
	char ref[MOMO_REF_LEN + 1], why[160], sim[16];

	itc_new_ref(ref);
	CU_ASSERT_EQUAL(pay(m, ref, 205, "25.50", why, sizeof(why)), MOMO_IN_DOUBT);
	CU_ASSERT_EQUAL(m->ops->transfer_status(&m->ep, ref, &st), MOMO_NOT_FOUND);
	CU_ASSERT_EQUAL(itc_sends_of(ref), 1);
	CU_ASSERT_STRING_EQUAL(sim_state(ref, sim, sizeof(sim)), "unaccepted");

	CU_ASSERT_EQUAL(pay(m, ref, 205, "25.50", why, sizeof(why)), MOMO_OK);
	CU_ASSERT_EQUAL(itc_sends_of(ref), 2);
	CU_ASSERT_EQUAL(m->ops->transfer_status(&m->ep, ref, &st), MOMO_OK);
	CU_ASSERT_EQUAL(st.state, MOMO_SUCCESSFUL);

	CU_ASSERT_EQUAL(pay(m, ref, 205, "25.50", why, sizeof(why)), MOMO_DUPLICATE);
	CU_ASSERT(strncmp(why, "RESOURCE_ALREADY_EXIST", 22) == 0);
	CU_ASSERT_EQUAL(itc_sends_of(ref), 3);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM sim_momo_transfers WHERE "
	    "reference = ? AND state = 'successful' AND amount = 25.50", ref, NULL), 1);
}

/*
 * A reference is one transfer: sent again (same body) after it was
 * accepted, or reused with another body, is 409 and changes nothing; a
 * refused one may be sent once more (refused again), a third time is 409.
 */
static void
test_reused_reference(void)
{
	const struct prov_momo *m = net("MTN");
	struct momo_status st;
	char ref[MOMO_REF_LEN + 1], why[160];

	itc_new_ref(ref);
	CU_ASSERT_EQUAL(pay(m, ref, 555, "10.00", why, sizeof(why)), MOMO_OK);
	CU_ASSERT_EQUAL(pay(m, ref, 555, "10.00", why, sizeof(why)), MOMO_DUPLICATE);
	CU_ASSERT_EQUAL(pay(m, ref, 555, "99.00", why, sizeof(why)), MOMO_DUPLICATE);
	CU_ASSERT_EQUAL(pay(m, ref, 557, "10.00", why, sizeof(why)), MOMO_DUPLICATE);
	CU_ASSERT_EQUAL(itc_sends_of(ref), 4);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM sim_momo_transfers WHERE "
	    "reference = ? AND amount = 10.00 AND msisdn = '233244123555'", ref, NULL), 1);
	CU_ASSERT_EQUAL(m->ops->transfer_status(&m->ep, ref, &st), MOMO_OK);
	CU_ASSERT_EQUAL(st.state, MOMO_SUCCESSFUL);

	itc_new_ref(ref);
	CU_ASSERT_EQUAL(pay(m, ref, 200, "10.00", why, sizeof(why)), MOMO_REFUSED);
	CU_ASSERT_EQUAL(pay(m, ref, 200, "10.00", why, sizeof(why)), MOMO_REFUSED);
	CU_ASSERT_EQUAL(pay(m, ref, 200, "10.00", why, sizeof(why)), MOMO_DUPLICATE);
	CU_ASSERT_EQUAL(itc_sends_of(ref), 3);
	CU_ASSERT_EQUAL(m->ops->transfer_status(&m->ep, ref, &st), MOMO_NOT_FOUND);

	/* refused by the adapter itself: nothing sent */
	CU_ASSERT_EQUAL(pay(m, "not-a-uuid", 555, "10.00", why, sizeof(why)), MOMO_REFUSED);
	CU_ASSERT_EQUAL(itc_sends_of("not-a-uuid"), -1);
}

/* Moves ref's settle time into the past. */
static void
settle_now(const char *ref)
{
	CU_ASSERT_EQUAL(it_db_exec("UPDATE sim_momo_transfers SET settle_at = "
	    "UTC_TIMESTAMP(6) - INTERVAL 1 SECOND WHERE reference = ?", ref, NULL), 1);
}

/*
 * PENDING until momo.settle_seconds have passed; the status query past
 * that moves the transfer to its final state (and stores it).
 */
static void
test_status_transitions(void)
{
	static const struct { int suffix; enum momo_state final; const char *sim; } rows[] = {
		{ 555, MOMO_SUCCESSFUL, "successful" },
		{ 201, MOMO_FAILED, "failed" },
		{ 202, MOMO_SUCCESSFUL, "successful" },
		{ 204, MOMO_PENDING, "pending" },
	};
	const struct prov_momo *m = net("TELECEL");
	struct momo_status st;
	char ref[MOMO_REF_LEN + 1], why[160], sim[16], label[48];
	size_t i;

	it_sim_set("momo.settle_seconds", "60");
	for (i = 0; i < NELEM(rows); i++) {
		snprintf(label, sizeof(label), "suffix %d", rows[i].suffix);
		itc_new_ref(ref);
		(void)pay(m, ref, rows[i].suffix, "5.00", why, sizeof(why));
		IT_CHECK(m->ops->transfer_status(&m->ep, ref, &st) == MOMO_OK, label);
		IT_CHECK(st.state == MOMO_PENDING, label);
		IT_CHECK(strcmp(sim_state(ref, sim, sizeof(sim)), "pending") == 0, label);
		settle_now(ref);
		/* nothing moves without a status query... */
		IT_CHECK(strcmp(sim_state(ref, sim, sizeof(sim)), "pending") == 0, label);
		IT_CHECK(m->ops->transfer_status(&m->ep, ref, &st) == MOMO_OK, label);
		IT_CHECK(st.state == rows[i].final, label);
		/* ...which stores the final state */
		IT_CHECK(strcmp(sim_state(ref, sim, sizeof(sim)), rows[i].sim) == 0, label);
	}
	it_sim_set("momo.settle_seconds", "0");
}

static void
test_request_to_pay(void)
{
	static const struct {
		int suffix;
		enum momo_state state;
		const char *reason;
	} rows[] = {
		{ 300, MOMO_FAILED, "APPROVAL_REJECTED: the payer rejected the payment" },
		{ 301, MOMO_PENDING, NULL },
		{ 302, MOMO_SUCCESSFUL, NULL },
		{ 555, MOMO_SUCCESSFUL, NULL },
		{ 200, MOMO_SUCCESSFUL, NULL }, /* the payout suffixes are ordinary here */
	};
	const struct prov_momo *m = net("MTN");
	struct momo_status st;
	char ref[MOMO_REF_LEN + 1], from[13], why[160], label[48];
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		snprintf(label, sizeof(label), "request to pay suffix %d", rows[i].suffix);
		itc_new_ref(ref);
		msisdn(from, rows[i].suffix);
		IT_CHECK(m->ops->request_to_pay(&m->ep, ref, from, "12.00", "GHS", "pi_test",
		    "invoice 7", why, sizeof(why)) == MOMO_OK, label);
		IT_CHECK(m->ops->request_to_pay_status(&m->ep, ref, &st) == MOMO_OK, label);
		IT_CHECK(st.state == rows[i].state, label);
		if (rows[i].reason != NULL)
			IT_CHECK(strcmp(st.reason, rows[i].reason) == 0, st.reason);
		IT_CHECK(it_db_scalar("SELECT COUNT(*) FROM sim_momo_transfers WHERE "
		    "reference = ? AND kind = 'rtp' AND sends = 1", ref, NULL) == 1, label);
		/* a request to pay is not a transfer */
		IT_CHECK(m->ops->transfer_status(&m->ep, ref, &st) == MOMO_NOT_FOUND, label);
		IT_CHECK(m->ops->request_to_pay(&m->ep, ref, from, "12.00", "GHS", "pi_test",
		    "invoice 7", why, sizeof(why)) == MOMO_DUPLICATE, label);
	}
	/* unreachable, as for transfers */
	itc_new_ref(ref);
	msisdn(from, 103);
	CU_ASSERT_EQUAL(m->ops->request_to_pay(&m->ep, ref, from, "12.00", "GHS", "pi_test",
	    "x", why, sizeof(why)), MOMO_IN_DOUBT);
	/* the simulator checks the currency */
	itc_new_ref(ref);
	msisdn(from, 555);
	CU_ASSERT_EQUAL(m->ops->request_to_pay(&m->ep, ref, from, "12.00", "EUR", "pi_test",
	    "x", why, sizeof(why)), MOMO_REFUSED);
	CU_ASSERT(strncmp(why, "INVALID_CURRENCY", 16) == 0);
}

/*
 * Each network is its own provider: a reference sent to one is never seen
 * by another; an unknown network is 404 (in the service's envelope, which
 * the adapter never takes for "never seen"); each network's health path
 * still answers.
 */
static void
test_networks_apart(void)
{
	const struct prov_momo *mtn = net("MTN"), *tel = net("TELECEL");
	struct prov_momo other = *mtn;
	struct momo_status st;
	struct it_resp r;
	char ref[MOMO_REF_LEN + 1], why[160], name[64], path[160], to[13];
	size_t i;

	itc_new_ref(ref);
	CU_ASSERT_EQUAL(pay(mtn, ref, 555, "1.00", why, sizeof(why)), MOMO_OK);
	CU_ASSERT_EQUAL(tel->ops->transfer_status(&tel->ep, ref, &st), MOMO_NOT_FOUND);
	CU_ASSERT_EQUAL(mtn->ops->transfer_status(&mtn->ep, ref, &st), MOMO_OK);

	snprintf(other.ep.url, sizeof(other.ep.url), "%s/sim/momo/VODAFONE",
	    it_env("BASE_URL"));
	msisdn(to, 101);
	CU_ASSERT_EQUAL(other.ops->lookup(&other.ep, to, name, sizeof(name)),
	    MOMO_UNAVAILABLE);
	CU_ASSERT_EQUAL(other.ops->transfer_status(&other.ep, ref, &st), MOMO_UNAVAILABLE);
	itc_new_ref(ref);
	CU_ASSERT_EQUAL(pay(&other, ref, 555, "1.00", why, sizeof(why)), MOMO_UNAVAILABLE);
	CU_ASSERT_EQUAL(itc_sends_of(ref), -1);
	snprintf(path, sizeof(path), "/sim/momo/VODAFONE/disbursement/v1_0/transfer/%s", ref);
	CU_ASSERT_EQUAL(it_http("GET", path, NULL, NULL, 0, &r), 0);
	CU_ASSERT_EQUAL(r.status, 404);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_http("POST", "/sim/momo/VODAFONE/disbursement/token/", NULL, "",
	    0, &r), 0);
	CU_ASSERT_EQUAL(r.status, 404);
	it_resp_free(&r);
	/* the token path has its trailing slash: without it, no route (and
	 * the loop answers a path it does not know 401, as it does any
	 * unauthenticated request off the public routes) */
	CU_ASSERT_EQUAL(it_http("POST", "/sim/momo/MTN/disbursement/token", NULL, "", 0,
	    &r), 0);
	CU_ASSERT_EQUAL(r.status, 401);
	CU_ASSERT(json_object_get(r.json, "access_token") == NULL);
	it_resp_free(&r);

	for (i = 0; i < PROV_NETWORKS; i++) {
		const struct prov_momo *n = net(prov_network_ids[i]);

		CU_ASSERT_EQUAL(prov_http_probe(n->ep.url, n->ops->health_path,
		    n->ep.timeout_ms), PROV_OPERATIONAL);
	}
}

/*
 * One token serves many calls: from a cold cache, a lookup, a transfer
 * and two status queries take one disbursement token, and collection calls
 * one collection token. A token the provider no longer honours (401) is
 * replaced and the call still succeeds. The simulator refuses a token it
 * never issued.
 */
static void
test_token_cache(void)
{
	const struct prov_momo *m = net("MTN");
	struct momo_status st;
	struct it_resp r;
	char ref[MOMO_REF_LEN + 1], to[13], name[64], why[160], path[200];
	long long d0, c0;
	const char *hdrs[4];
	char auth[80], sub[200], env[64];

	momo_http_forget_tokens();
	d0 = tokens_issued("MTN", "disbursement");
	c0 = tokens_issued("MTN", "collection");
	msisdn(to, 101);
	CU_ASSERT_EQUAL(m->ops->lookup(&m->ep, to, name, sizeof(name)), MOMO_OK);
	itc_new_ref(ref);
	CU_ASSERT_EQUAL(pay(m, ref, 555, "3.00", why, sizeof(why)), MOMO_OK);
	CU_ASSERT_EQUAL(m->ops->transfer_status(&m->ep, ref, &st), MOMO_OK);
	CU_ASSERT_EQUAL(m->ops->transfer_status(&m->ep, ref, &st), MOMO_OK);
	CU_ASSERT_EQUAL(tokens_issued("MTN", "disbursement"), d0 + 1);
	CU_ASSERT_EQUAL(tokens_issued("MTN", "collection"), c0);

	itc_new_ref(ref);
	CU_ASSERT_EQUAL(m->ops->request_to_pay(&m->ep, ref, to, "3.00", "GHS", "pi_x", "x",
	    why, sizeof(why)), MOMO_OK);
	CU_ASSERT_EQUAL(m->ops->request_to_pay_status(&m->ep, ref, &st), MOMO_OK);
	CU_ASSERT_EQUAL(tokens_issued("MTN", "collection"), c0 + 1);
	CU_ASSERT_EQUAL(tokens_issued("MTN", "disbursement"), d0 + 1);

	/* the provider forgets its tokens: one 401, one new token, success */
	CU_ASSERT(it_db_exec("DELETE FROM sim_momo_tokens WHERE network = 'MTN'",
	    NULL, NULL) >= 2);
	CU_ASSERT_EQUAL(m->ops->lookup(&m->ep, to, name, sizeof(name)), MOMO_OK);
	CU_ASSERT_STRING_EQUAL(name, "Ama Serwaa Boateng");
	CU_ASSERT_EQUAL(tokens_issued("MTN", "disbursement"), 1);

	/* a bearer token the simulator never issued */
	snprintf(auth, sizeof(auth), "Authorization: Bearer %048d", 0);
	snprintf(sub, sizeof(sub), "Ocp-Apim-Subscription-Key: %s", m->ep.subscription_key);
	snprintf(env, sizeof(env), "X-Target-Environment: %s", m->ep.environment);
	hdrs[0] = auth;
	hdrs[1] = sub;
	hdrs[2] = env;
	hdrs[3] = NULL;
	snprintf(path, sizeof(path), "/sim/momo/MTN/disbursement/v1_0/transfer/%s",
	    ref);
	CU_ASSERT_EQUAL(it_http("GET", path, hdrs, NULL, 0, &r), 0);
	CU_ASSERT_EQUAL(r.status, 401);
	it_resp_free(&r);
}

/*
 * Wrong credentials get no token: every call is MOMO_UNAVAILABLE and
 * nothing is sent. A wrong target environment is refused by the provider.
 */
static void
test_bad_credentials(void)
{
	const struct prov_momo *mtn = net("MTN");
	struct prov_momo bad = *mtn;
	struct momo_status st;
	char ref[MOMO_REF_LEN + 1], to[13], name[64], why[160];
	long long before = tokens_issued("MTN", "disbursement");

	snprintf(bad.ep.secret, sizeof(bad.ep.secret), "not-the-api-key");
	msisdn(to, 101);
	CU_ASSERT_EQUAL(bad.ops->lookup(&bad.ep, to, name, sizeof(name)), MOMO_UNAVAILABLE);
	itc_new_ref(ref);
	CU_ASSERT_EQUAL(pay(&bad, ref, 555, "1.00", why, sizeof(why)), MOMO_UNAVAILABLE);
	CU_ASSERT(strncmp(why, "no access token", 15) == 0);
	CU_ASSERT_EQUAL(itc_sends_of(ref), -1);
	CU_ASSERT_EQUAL(bad.ops->transfer_status(&bad.ep, ref, &st), MOMO_UNAVAILABLE);
	CU_ASSERT_EQUAL(bad.ops->request_to_pay(&bad.ep, ref, to, "1.00", "GHS", "pi", "x",
	    why, sizeof(why)), MOMO_UNAVAILABLE);
	CU_ASSERT_EQUAL(tokens_issued("MTN", "disbursement"), before);

	bad = *mtn;
	snprintf(bad.ep.user, sizeof(bad.ep.user), "someone-else");
	CU_ASSERT_EQUAL(bad.ops->lookup(&bad.ep, to, name, sizeof(name)), MOMO_UNAVAILABLE);

	bad = *mtn;
	snprintf(bad.ep.subscription_key, sizeof(bad.ep.subscription_key), "wrong");
	CU_ASSERT_EQUAL(bad.ops->lookup(&bad.ep, to, name, sizeof(name)), MOMO_UNAVAILABLE);
	CU_ASSERT_EQUAL(pay(&bad, ref, 555, "1.00", why, sizeof(why)), MOMO_UNAVAILABLE);
	CU_ASSERT_EQUAL(itc_sends_of(ref), -1);

	/* nobody listens there: nothing sent */
	bad = *mtn;
	snprintf(bad.ep.url, sizeof(bad.ep.url), "http://127.0.0.1:1/sim/momo/MTN");
	CU_ASSERT_EQUAL(pay(&bad, ref, 555, "1.00", why, sizeof(why)), MOMO_UNAVAILABLE);
	CU_ASSERT_EQUAL(bad.ops->transfer_status(&bad.ep, ref, &st), MOMO_UNAVAILABLE);

	bad = *mtn;
	snprintf(bad.ep.environment, sizeof(bad.ep.environment), "mtnghana");
	CU_ASSERT_EQUAL(bad.ops->lookup(&bad.ep, to, name, sizeof(name)), MOMO_UNAVAILABLE);
	CU_ASSERT_EQUAL(pay(&bad, ref, 555, "1.00", why, sizeof(why)), MOMO_REFUSED);
	CU_ASSERT(strncmp(why, "NOT_ALLOWED_TARGET_ENVIRONMENT", 30) == 0);
	CU_ASSERT_EQUAL(itc_sends_of(ref), -1);
}

/*
 * The caller's own timeout: with momo.slow_ms the simulator really waits
 * before answering a lookup; an endpoint allowing less gets MOMO_TIMEOUT
 * after its timeout, not after the simulator's delay.
 */
static void
test_curl_timeout(void)
{
	const struct prov_momo *mtn = net("MTN");
	struct prov_momo quick = *mtn;
	struct timespec t0;
	char to[13], name[64];
	double took;

	msisdn(to, 101);
	/* the token first, while the provider is quick */
	CU_ASSERT_EQUAL(mtn->ops->lookup(&mtn->ep, to, name, sizeof(name)), MOMO_OK);
	it_sim_set("momo.slow_ms", "2500");
	quick.ep.timeout_ms = 600;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	CU_ASSERT_EQUAL(quick.ops->lookup(&quick.ep, to, name, sizeof(name)), MOMO_TIMEOUT);
	took = seconds_since(&t0);
	CU_ASSERT(took >= 0.5 && took < 2.0);
	it_sim_set("momo.slow_ms", "0");
	CU_ASSERT_EQUAL(mtn->ops->lookup(&mtn->ep, to, name, sizeof(name)), MOMO_OK);
}

/*
 * The reference is one escaped path segment: a reference holding '/',
 * '..' or '?' never reaches another transfer's status. (An escaped '/'
 * matches no route of the simulator, whose loop answers that 401: the
 * adapter reads MOMO_UNAVAILABLE, never "never seen".)
 */
static void
test_reference_escaped(void)
{
	const struct prov_momo *m = net("MTN");
	struct momo_status st;
	char ref[MOMO_REF_LEN + 1], why[160], odd[160];

	itc_new_ref(ref);
	CU_ASSERT_EQUAL(pay(m, ref, 555, "2.00", why, sizeof(why)), MOMO_OK);
	CU_ASSERT_EQUAL(m->ops->transfer_status(&m->ep, ref, &st), MOMO_OK);
	snprintf(odd, sizeof(odd), "x/../../transfer/%s", ref);
	CU_ASSERT_EQUAL(m->ops->transfer_status(&m->ep, odd, &st), MOMO_UNAVAILABLE);
	snprintf(odd, sizeof(odd), "../transfer/%s", ref);
	CU_ASSERT_EQUAL(m->ops->transfer_status(&m->ep, odd, &st), MOMO_UNAVAILABLE);
	snprintf(odd, sizeof(odd), "%s?x=1", ref);
	CU_ASSERT_NOT_EQUAL(m->ops->transfer_status(&m->ep, odd, &st), MOMO_OK);
	snprintf(odd, sizeof(odd), "%s#frag", ref);
	CU_ASSERT_NOT_EQUAL(m->ops->transfer_status(&m->ep, odd, &st), MOMO_OK);
	/* an escaped reference is still the simulator's to judge: unknown */
	CU_ASSERT_EQUAL(m->ops->transfer_status(&m->ep, "a b", &st), MOMO_NOT_FOUND);
}

/* A bearer token of product from the MTN simulator, as MTN's own clients
 * ask for one (HTTP Basic with the API user and key), into tok (80). */
static void
sim_token(const char *product, char *tok)
{
	struct cfg c;
	char err[256], cred[600], basic[900], auth[1000], sub[200], path[100];
	const char *h[3] = { auth, sub, NULL };
	struct it_resp r;

	cfg_defaults(&c);
	CU_ASSERT_EQUAL_FATAL(cfg_load(it_env("CEDIRAMP_CONF"), &c, err, sizeof(err)), 0);
	snprintf(cred, sizeof(cred), "%s:%s", c.momo_net[0].api_user, c.momo_net[0].api_key);
	EVP_EncodeBlock((unsigned char *)basic, (const unsigned char *)cred, (int)strlen(cred));
	snprintf(auth, sizeof(auth), "Authorization: Basic %s", basic);
	snprintf(sub, sizeof(sub), "Ocp-Apim-Subscription-Key: %s", c.momo_net[0].subscription_key);
	snprintf(path, sizeof(path), "/sim/momo/MTN/%s/token/", product);
	CU_ASSERT_EQUAL_FATAL(it_http("POST", path, h, "", 0, &r), 0);
	CU_ASSERT_EQUAL_FATAL(r.status, 200);
	snprintf(tok, 80, "%s", it_str(r.json, "access_token") ? it_str(r.json, "access_token") : "");
	it_resp_free(&r);
}

/* GET path on the MTN simulator with a token: the answer in r. */
static long
sim_get(const char *tok, const char *path, struct it_resp *r)
{
	struct cfg c;
	char err[256], auth[200], sub[200];
	const char *h[] = { auth, sub, "X-Target-Environment: sandbox", NULL };

	cfg_defaults(&c);
	CU_ASSERT_EQUAL_FATAL(cfg_load(it_env("CEDIRAMP_CONF"), &c, err, sizeof(err)), 0);
	snprintf(auth, sizeof(auth), "Authorization: Bearer %s", tok);
	snprintf(sub, sizeof(sub), "Ocp-Apim-Subscription-Key: %s", c.momo_net[0].subscription_key);
	CU_ASSERT_EQUAL_FATAL(it_http("GET", path, h, NULL, 0, r), 0);
	return r->status;
}

/*
 * A third-party client accepts the simulator as MTN: npm's mtn-momo
 * (tests/providers/mtn_momo_client.mjs, MTN_MOMO_CLIENT) gets tokens with
 * the sandbox's UUID v4 user, reads balances and active holders, makes a
 * transfer and a request to pay and reads their statuses, and meets MTN's
 * failures as its own typed errors. What it did is then read from the
 * simulator's books.
 */
static void
test_npm_client(void)
{
	const struct cfg_momo *m = &conf.momo_net[0]; /* MTN */
	char env[1500], out[8192], ref[MOMO_REF_LEN + 1], cb[600];
	int rc;

	snprintf(env, sizeof(env), "MOMO_BASE_URL='%s/sim/momo/MTN' MOMO_API_USER='%s' "
	    "MOMO_API_KEY='%s' MOMO_SUBSCRIPTION_KEY='%s' MOMO_CALLBACK_BASE='%s' "
	    "MOMO_CALLBACK_TOKEN='%s' MSISDN_PREFIX=233244%03d", it_env("BASE_URL"), m->api_user,
	    m->api_key, m->subscription_key, conf.momo_callback_base, conf.momo_callback_token,
	    (int)(getpid() % 1000));
	rc = itc_run_client(env, "MTN_MOMO_CLIENT", out, sizeof(out));
	CU_ASSERT_EQUAL(rc, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "\npassed 10 of 10\n"));
	CU_ASSERT_PTR_NULL(strstr(out, "\nFAIL "));
	/* what the simulator holds of it */
	snprintf(cb, sizeof(cb), "%s/v1/providers/momo/MTN/callback/%s", conf.momo_callback_base,
	    conf.momo_callback_token);
	CU_ASSERT_EQUAL_FATAL(itc_client_ref(out, "transfer", ref), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM sim_momo_transfers WHERE reference = ? "
	    "AND network = 'MTN' AND kind = 'transfer' AND state = 'successful' AND "
	    "amount = 12.50 AND external_id = 'mtn-client-transfer' AND callback_url = ?",
	    ref, cb), 1);
	CU_ASSERT_EQUAL_FATAL(itc_client_ref(out, "transfer-failed", ref), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM sim_momo_transfers WHERE reference = ? "
	    "AND state = 'failed' AND reason = 'PAYEE_NOT_FOUND'", ref, NULL), 1);
	CU_ASSERT_EQUAL_FATAL(itc_client_ref(out, "rtp", ref), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM sim_momo_transfers WHERE reference = ? "
	    "AND kind = 'rtp' AND state = 'successful' AND amount = 5.00 AND callback_url = ?",
	    ref, cb), 1);
	CU_ASSERT_EQUAL_FATAL(itc_client_ref(out, "rtp-rejected", ref), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM sim_momo_transfers WHERE reference = ? "
	    "AND kind = 'rtp' AND state = 'failed' AND reason = 'APPROVAL_REJECTED'", ref, NULL), 1);
	/* the refused callback host sent nothing */
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM sim_momo_transfers WHERE "
	    "callback_url LIKE 'http://callbacks.example.net%'", NULL, NULL), 0);
}

/*
 * MTN's API users are UUID v4 and their keys 32 hex digits (the stack's
 * credentials have that shape, so MTN's own clients take them); the
 * accountholder .../active and account/balance routes answer as MTN's do,
 * and the balance moves with a successful transfer.
 */
static void
test_active_and_balance(void)
{
	struct cfg c;
	char err[256], tok[80], ctok[80], ref[MOMO_REF_LEN + 1], why[200], before[40];
	const char *user, *v;
	struct it_resp r;
	size_t i;

	cfg_defaults(&c);
	CU_ASSERT_EQUAL_FATAL(cfg_load(it_env("CEDIRAMP_CONF"), &c, err, sizeof(err)), 0);
	user = c.momo_net[0].api_user;
	CU_ASSERT_EQUAL(strlen(user), 36);
	CU_ASSERT(user[8] == '-' && user[13] == '-' && user[14] == '4' && user[18] == '-' &&
	    user[23] == '-');
	CU_ASSERT_EQUAL(strlen(c.momo_net[0].api_key), 32);
	CU_ASSERT_EQUAL(strspn(c.momo_net[0].api_key, "0123456789abcdef"), 32);

	sim_token("disbursement", tok);
	sim_token("collection", ctok);
	CU_ASSERT_EQUAL(sim_get(tok, "/sim/momo/MTN/disbursement/v1_0/accountholder/msisdn/"
	    "233244123555/active", &r), 200);
	CU_ASSERT(json_is_true(json_object_get(r.json, "result")));
	it_resp_free(&r);
	CU_ASSERT_EQUAL(sim_get(ctok, "/sim/momo/MTN/collection/v1_0/accountholder/msisdn/"
	    "233244123100/active", &r), 200);
	CU_ASSERT(json_is_false(json_object_get(r.json, "result")));
	it_resp_free(&r);
	/* a disbursement token is no collection token */
	CU_ASSERT_EQUAL(sim_get(tok, "/sim/momo/MTN/collection/v1_0/account/balance", &r), 401);
	it_resp_free(&r);

	CU_ASSERT_EQUAL(sim_get(tok, "/sim/momo/MTN/disbursement/v1_0/account/balance", &r), 200);
	v = it_str(r.json, "availableBalance");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	snprintf(before, sizeof(before), "%s", v);
	CU_ASSERT_STRING_EQUAL(it_str(r.json, "currency"), "GHS");
	it_resp_free(&r);
	/* the adapter reads the same */
	{
		char got[40];

		CU_ASSERT_EQUAL(net("MTN")->ops->balance(&net("MTN")->ep, "GHS", got, sizeof(got)),
		    MOMO_OK);
		CU_ASSERT_STRING_EQUAL(got, before);
	}
	/* 7.25 paid out and settled: the balance is 7.25 lower */
	itc_new_ref(ref);
	CU_ASSERT_EQUAL(pay(net("MTN"), ref, 555, "7.25", why, sizeof(why)), MOMO_OK);
	{
		struct momo_status st;

		for (i = 0; i < 20; i++) {
			CU_ASSERT_EQUAL(net("MTN")->ops->transfer_status(&net("MTN")->ep, ref, &st),
			    MOMO_OK);
			if (st.state == MOMO_SUCCESSFUL)
				break;
		}
		CU_ASSERT_EQUAL(st.state, MOMO_SUCCESSFUL);
	}
	CU_ASSERT_EQUAL(sim_get(tok, "/sim/momo/MTN/disbursement/v1_0/account/balance", &r), 200);
	{
		char want[40];

		CU_ASSERT_EQUAL(it_db_text("SELECT CAST(CAST(? AS DECIMAL(20,2)) - 7.25 AS CHAR)",
		    before, NULL, want, sizeof(want)), 0);
		CU_ASSERT_STRING_EQUAL(it_str(r.json, "availableBalance"), want);
	}
	it_resp_free(&r);
}

int
it_suite_momo(void)
{
	static const struct tu_test tests[] = {
		{ "lookup: magic suffixes 100-103, names, every network", test_lookup_magic },
		{ "MTN's shapes: UUID v4 users, 32-hex keys; active and balance", test_active_and_balance },
		{ "npm mtn-momo accepts the simulator as MTN", test_npm_client },
		{ "transfer: magic suffixes 200-204, 103, ordinary", test_transfer_magic },
		{ "MTN's failure reasons: transfers 210-218, requests to pay 310-318", test_failure_reasons },
		{ "transfer 205: first send lost, the second accepted", test_lost_first_send },
		{ "a reused reference is 409 and changes nothing", test_reused_reference },
		{ "status: PENDING, then final past the settle time", test_status_transitions },
		{ "request to pay: magic suffixes 300-302", test_request_to_pay },
		{ "networks apart; unknown network 404; health", test_networks_apart },
		{ "one token for many calls; a refused token replaced", test_token_cache },
		{ "bad credentials: no token, nothing sent", test_bad_credentials },
		{ "a slow provider: the caller's curl timeout", test_curl_timeout },
		{ "the reference is escaped into its path segment", test_reference_escaped },
	};

	return tu_add_suite("mobile money adapter", suite_init, NULL, tests, NELEM(tests));
}
