/*
 * The payout float (docs/decisions.md, decision 20) against the real stack: MTN's float
 * set with `sim set momo.MTN.float`, drawn by the amount of each payout in
 * the transaction that holds it, a payout it cannot cover refused with 503
 * provider_unavailable and nothing written, a failed payout restoring it
 * once, operators' top-ups once per reference, `float list`, unlimited
 * again, concurrent payouts never overdrawing it, and a stablecoin
 * transfer whose payout the float cannot cover when its conversion
 * completes. MTN is unlimited again when the suite ends.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "itc.h"

/* MTN's float as the database holds it: "unlimited", its balance, or "" */
static void
mtn_float(char *out, size_t cap)
{
	out[0] = '\0';
	if (it_db_scalar("SELECT unlimited FROM payout_floats WHERE network = 'MTN'",
	    NULL, NULL) == 1)
		snprintf(out, cap, "unlimited");
	else
		(void)it_db_text("SELECT balance FROM payout_floats WHERE network = 'MTN'",
		    NULL, NULL, out, cap);
}

static void
assert_float(const char *want, const char *where)
{
	char got[64];

	mtn_float(got, sizeof(got));
	IT_CHECK(strcmp(got, want) == 0, where);
	if (strcmp(got, want) != 0)
		fprintf(stderr, "\n%s: MTN float %s, want %s\n", where, got, want);
}

static long long
payouts_of(const struct itc_wallet *w)
{
	return it_db_scalar("SELECT COUNT(*) FROM payouts p JOIN users u ON u.id = p.user_id "
	    "WHERE u.wallet_id = ?", w->id, NULL);
}

static long long
moves(void)
{
	return it_db_scalar("SELECT COUNT(*) FROM payout_float_moves", NULL, NULL);
}

static int
suite_init(void)
{
	/* settle at once: the tests run the worker when they mean to */
	return it_db_exec("REPLACE INTO sim_settings (name, value) VALUES "
	    "('momo.settle_seconds', '0'), ('chain.confirm_seconds', '0')", NULL, NULL) >= 1 ? 0 : 1;
}

/* Later suites share the stack: MTN unlimited again, whatever happened. */
static int
suite_clean(void)
{
	char out[200];

	return it_admin("sim set momo.MTN.float unlimited", out, sizeof(out)) == 0 ? 0 : 1;
}

static void
test_draw_and_short(void)
{
	struct itc_wallet w;
	struct it_resp r;
	char bid[40], key[64], avail[40], pend[40], avail2[40], pend2[40], want[40];
	long long n_payouts, n_entries, n_moves;

	itc_payout_wallet(&w, "0xfloat", NULL);
	itc_fund(&w, "12"); /* about 180 GHS */
	itc_beneficiary(&w, "MTN", 555, bid);
	it_sim_set("momo.MTN.float", "30.00");
	assert_float("30.00", "sim set");
	/* 25 + 1 fee: the float gives the amount, what leaves the provider account */
	itc_balances(&w, avail, pend);
	CU_ASSERT_EQUAL(itc_transfer(&w, bid, "25", NULL, &r), 201);
	it_resp_free(&r);
	assert_float("5.00", "drawn by 25");
	itc_balances(&w, avail2, pend2);
	itc_ghs_sub(avail, "26.00", want, sizeof(want));
	CU_ASSERT_STRING_EQUAL(avail2, want);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payout_float_moves m JOIN payouts p "
	    "ON p.id = m.payout_id JOIN users u ON u.id = p.user_id WHERE u.wallet_id = ? "
	    "AND m.kind = 'draw' AND m.amount = 25", w.id, NULL), 1);

	/* 10 more: the float cannot cover it; 503 and nothing written */
	itc_balances(&w, avail, pend);
	n_payouts = payouts_of(&w);
	n_entries = itc_count("entries");
	n_moves = moves();
	it_unique("fk", key, sizeof(key));
	CU_ASSERT_EQUAL(itc_transfer(&w, bid, "10", key, &r), 503);
	it_assert_wallet_error(&r, 503, "provider_unavailable", "float short");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(payouts_of(&w), n_payouts);
	CU_ASSERT_EQUAL(itc_count("entries"), n_entries);
	CU_ASSERT_EQUAL(moves(), n_moves);
	itc_balances(&w, avail2, pend2);
	CU_ASSERT_STRING_EQUAL(avail2, avail);
	CU_ASSERT_STRING_EQUAL(pend2, pend);
	assert_float("5.00", "unchanged by the refusal");
	/* the key was released: the same request runs once the float allows it */
	it_sim_set("momo.MTN.float", "10.00");
	CU_ASSERT_EQUAL(itc_transfer(&w, bid, "10", key, &r), 201);
	it_resp_free(&r);
	assert_float("0.00", "drawn to zero");
	CU_ASSERT_EQUAL(payouts_of(&w), n_payouts + 1);
	/* completed payouts keep their draw */
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	assert_float("0.00", "completed keep the draw");
	CU_ASSERT_EQUAL(it_worker("reconcile"), 0);
	itc_wallet_free(&w);
}

static void
test_failed_restores_once(void)
{
	struct itc_wallet w;
	struct it_resp r;
	char bid201[40], bid200[40], pid[64];

	itc_payout_wallet(&w, "0xfloatfail", NULL);
	itc_fund(&w, "12");
	itc_beneficiary(&w, "MTN", 201, bid201);
	itc_beneficiary(&w, "MTN", 200, bid200);
	it_sim_set("momo.MTN.float", "50.00");
	/* 201: accepted, then FAILED at the status check; the worker refunds */
	CU_ASSERT_EQUAL(itc_transfer(&w, bid201, "10", NULL, &r), 201);
	snprintf(pid, sizeof(pid), "%s", it_str(json_object_get(r.json, "data"), "transactionId") ?
	    it_str(json_object_get(r.json, "data"), "transactionId") : "");
	it_resp_free(&r);
	assert_float("40.00", "held");
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payouts WHERE id = ? AND status = 'failed'",
	    pid, NULL), 1);
	assert_float("50.00", "restored by the refund");
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	assert_float("50.00", "restored once");
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payout_float_moves WHERE payout_id = ?",
	    pid, NULL), 2);
	/* 200: refused at send, failed and refunded in the request itself */
	CU_ASSERT_EQUAL(itc_transfer(&w, bid200, "7.5", NULL, &r), 502);
	it_assert_wallet_error(&r, 502, "payout_failed", "refused at send");
	it_resp_free(&r);
	assert_float("50.00", "refused at send restores");
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	assert_float("50.00", "still once");
	CU_ASSERT_EQUAL(it_worker("reconcile"), 0);
	itc_wallet_free(&w);
}

static void
test_topup_and_list(void)
{
	char ref[64], args[300], out[600], err[600];
	long long n_moves;
	size_t i;
	static const char *const bad[] = {
		"float add VODAFONE 10 --reference %s",
		"float add mtn 10 --reference %s",
		"float add MTN -5 --reference %s",
		"float add MTN 0 --reference %s",
		"float add MTN 1.234 --reference %s",
		"float add MTN 1e3 --reference %s",
		"float add MTN '' --reference %s",
		"float add MTN 10 --reference ''",
		"float add MTN 10",
		"float add MTN 10 --ref %s",
		"float add MTN 10 --reference",
		"float nothing",
	};

	it_sim_set("momo.MTN.float", "5.00");
	it_unique("R1-", ref, sizeof(ref));
	snprintf(args, sizeof(args), "float add MTN 100 --reference %s", ref);
	CU_ASSERT_EQUAL(it_admin_run(args, out, sizeof(out), err, sizeof(err)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "105.00"));
	assert_float("105.00", "topped up");
	/* the same reference again: exit 1, nothing changes */
	n_moves = moves();
	CU_ASSERT_EQUAL(it_admin_run(args, out, sizeof(out), err, sizeof(err)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "reference"));
	assert_float("105.00", "the same top-up twice");
	CU_ASSERT_EQUAL(moves(), n_moves);
	/* malformed: exit 2 (usage) and nothing written */
	for (i = 0; i < NELEM(bad); i++) {
		char a[300];
		int rc;

		it_unique("Rbad-", ref, sizeof(ref));
		snprintf(a, sizeof(a), bad[i], ref);
		rc = it_admin_run(a, out, sizeof(out), err, sizeof(err));
		IT_CHECK(rc == 2, bad[i]);
		if (rc != 2)
			fprintf(stderr, "\n%s: exit %d (%s)\n", a, rc, err);
	}
	CU_ASSERT_EQUAL(moves(), n_moves);
	assert_float("105.00", "nothing written by bad top-ups");
	/* bad simulator values: exit 1, nothing written */
	CU_ASSERT_EQUAL(it_admin_run("sim set momo.MTN.float -1", out, sizeof(out), err,
	    sizeof(err)), 1);
	CU_ASSERT_EQUAL(it_admin_run("sim set momo.MTN.float 1.001", out, sizeof(out), err,
	    sizeof(err)), 1);
	CU_ASSERT_EQUAL(it_admin_run("sim set momo.VODAFONE.float 10", out, sizeof(out), err,
	    sizeof(err)), 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payout_floats WHERE network "
	    "NOT IN ('MTN', 'TELECEL', 'AIRTELTIGO')", NULL, NULL), 0);
	assert_float("105.00", "nothing written by bad settings");
	/* the list: every network, MTN's balance; the others as they are */
	CU_ASSERT_EQUAL(it_admin_run("float list", out, sizeof(out), err, sizeof(err)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "network"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "MTN          105.00"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "TELECEL"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "AIRTELTIGO"));
	/* unlimited again */
	it_sim_set("momo.MTN.float", "unlimited");
	assert_float("unlimited", "unlimited again");
	CU_ASSERT_EQUAL(it_admin_run("float list", out, sizeof(out), err, sizeof(err)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "MTN          unlimited"));
}

static void
test_unlimited_pays_big(void)
{
	struct itc_wallet w;
	struct it_resp r;
	char bid[40];
	long long n_moves;

	itc_payout_wallet(&w, "0xfloatbig", "verified");
	itc_fund(&w, "12");
	itc_beneficiary(&w, "MTN", 556, bid);
	it_sim_set("momo.MTN.float", "1.00");
	CU_ASSERT_EQUAL(itc_transfer(&w, bid, "150", NULL, &r), 503);
	it_assert_wallet_error(&r, 503, "provider_unavailable", "1.00 float");
	it_resp_free(&r);
	it_sim_set("momo.MTN.float", "unlimited");
	n_moves = moves();
	CU_ASSERT_EQUAL(itc_transfer(&w, bid, "150", NULL, &r), 201);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(moves(), n_moves); /* an unlimited float is not drawn */
	assert_float("unlimited", "still unlimited");
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	CU_ASSERT_EQUAL(it_worker("reconcile"), 0);
	itc_wallet_free(&w);
}

#define SHOTS 20
#define WALLETS 5

struct shot {
	const struct itc_wallet *w;
	const char *bid;
	long status;
};

static void *
fire(void *arg)
{
	struct shot *s = arg;
	struct it_resp r;

	s->status = itc_transfer(s->w, s->bid, "10", NULL, &r);
	it_resp_free(&r);
	return NULL;
}

static void
test_concurrent(void)
{
	struct itc_wallet w[WALLETS];
	char bid[WALLETS][40], prefix[32];
	struct shot s[SHOTS];
	pthread_t t[SHOTS];
	long long drawn = 0;
	int i, ok = 0, short_ = 0;

	for (i = 0; i < WALLETS; i++) {
		snprintf(prefix, sizeof(prefix), "0xfloatrace%d", i);
		itc_payout_wallet(&w[i], prefix, NULL);
		itc_fund(&w[i], "5"); /* about 75 GHS: enough for four of 10 + 1 */
		itc_beneficiary(&w[i], "MTN", 557, bid[i]);
	}
	/* a float for exactly five payouts of 10, twenty at once from five users */
	it_sim_set("momo.MTN.float", "50.00");
	for (i = 0; i < SHOTS; i++) {
		s[i] = (struct shot){ &w[i % WALLETS], bid[i % WALLETS], 0 };
		pthread_create(&t[i], NULL, fire, &s[i]);
	}
	for (i = 0; i < SHOTS; i++) {
		pthread_join(t[i], NULL);
		ok += s[i].status == 201;
		short_ += s[i].status == 503;
	}
	CU_ASSERT_EQUAL(ok, 5);
	CU_ASSERT_EQUAL(short_, SHOTS - 5);
	assert_float("0.00", "drawn exactly to zero");
	for (i = 0; i < WALLETS; i++)
		drawn += payouts_of(&w[i]);
	CU_ASSERT_EQUAL(drawn, 5);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payout_floats WHERE balance < 0",
	    NULL, NULL), 0);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	assert_float("0.00", "completed keep the draw");
	CU_ASSERT_EQUAL(it_worker("reconcile"), 0);
	for (i = 0; i < WALLETS; i++)
		itc_wallet_free(&w[i]);
}

static void
test_stablecoin_short(void)
{
	struct itc_wallet w;
	struct it_resp r;
	char bid[40], pid[64], avail[40], pend[40], reason[256];

	itc_payout_wallet(&w, "0xfloatcoin", NULL);
	itc_faucet(&w, "USDT", "3");
	itc_beneficiary(&w, "MTN", 558, bid);
	it_sim_set("momo.MTN.float", "0.00");
	/* pending with nothing held: the float is checked when it is held */
	{
		char body[256];

		snprintf(body, sizeof(body), "{\"beneficiaryId\":\"%s\",\"amount\":\"2\","
		    "\"currency\":\"USDT\"}", bid);
		CU_ASSERT_EQUAL(itc_post(&w, "/api/mobile-money/transfer", NULL, body, &r), 201);
	}
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "status"), "pending");
	snprintf(pid, sizeof(pid), "%s", it_str(json_object_get(r.json, "data"), "transactionId") ?
	    it_str(json_object_get(r.json, "data"), "transactionId") : "");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payouts WHERE id = ? AND status = 'failed'",
	    pid, NULL), 1);
	reason[0] = '\0';
	(void)it_db_text("SELECT failure_reason FROM payouts WHERE id = ?", pid, NULL, reason,
	    sizeof(reason));
	CU_ASSERT_PTR_NOT_NULL(strstr(reason, "float"));
	/* nothing held: no hold, no refund, the proceeds stay in the balance */
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM ledger_transactions WHERE ref_id = ? "
	    "AND kind LIKE 'payout.%'", pid, NULL), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payout_float_moves WHERE payout_id = ?",
	    pid, NULL), 0);
	itc_balances(&w, avail, pend);
	CU_ASSERT_STRING_EQUAL(pend, "0.00");
	CU_ASSERT_STRING_NOT_EQUAL(avail, "0.00");
	assert_float("0.00", "untouched");
	it_sim_set("momo.MTN.float", "unlimited");
	CU_ASSERT_EQUAL(it_worker("reconcile"), 0);
	itc_wallet_free(&w);
}

int
it_suite_float(void)
{
	static const struct tu_test tests[] = {
		{ "float: drawn by the amount; short is 503 with nothing written", test_draw_and_short },
		{ "float: a failed payout restores it, once", test_failed_restores_once },
		{ "float: top-ups once per reference, bad input, list", test_topup_and_list },
		{ "float: unlimited again pays a big payout", test_unlimited_pays_big },
		{ "float: 20 at once against a float for 5", test_concurrent },
		{ "float: a stablecoin transfer's payout fails when the float is short",
		  test_stablecoin_short },
	};

	return tu_add_suite("float", suite_init, suite_clean, tests, NELEM(tests));
}
