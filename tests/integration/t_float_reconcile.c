/*
 * The payout float reconciled against the provider (reconcile, `float
 * sync`): on AIRTELTIGO (Paystack: payouts and collections share one
 * balance) a float set or topped up in the sandbox matches (the simulated
 * account follows those shortcuts); a payout in flight is a difference the
 * report explains and lists; settled, it matches again; a completed
 * collection adds to the float; an out-of-band debit (the sandbox setting
 * momo.AIRTELTIGO.out_of_band_debit) is unexplained, reconcile exits 1,
 * and `float sync` records the provider's balance with the operator's
 * reason. On MTN a collection lands in the collection account: the
 * payout float does not move. Bad syncs change nothing.
 */
#include <stdio.h>
#include <string.h>

#include "itc.h"

static char report[1 << 20];

/* Runs reconcile: its exit status; the report's line on network into
 * line (cap bytes; "" when none). */
static int
reconcile_line(const char *network, char *line, size_t cap)
{
	char head[40];
	const char *l;
	int rc = it_worker_output("reconcile", report, sizeof(report));

	snprintf(head, sizeof(head), "float %s: ", network);
	l = strstr(report, head);
	snprintf(line, cap, "%.*s", l ? (int)strcspn(l, "\n") : 0, l ? l : "");
	return rc;
}

static void
admin_ok(const char *args)
{
	char out[400];

	IT_CHECK(it_admin(args, out, sizeof(out)) == 0, args);
}

static long long
moves(const char *kind, const char *network)
{
	return it_db_scalar("SELECT COUNT(*) FROM payout_float_moves WHERE kind = ? AND "
	    "network = ?", kind, network);
}

/* A payment intent of 20 GHS from a 555 payer on network, completed by the
 * worker; its id into id (64 bytes). */
static void
collect(const struct itc_partner *p, const char *network, const char *ref, char *id)
{
	char body[400], phone[20];
	struct it_resp r;

	itc_phone(555, phone, sizeof(phone));
	snprintf(body, sizeof(body), "{\"amount\":\"20\",\"currency\":\"GHS\",\"payer_phone\":"
	    "\"%s\",\"mobile_network\":\"%s\",\"reference_id\":\"%s\"}", phone, network, ref);
	CU_ASSERT_EQUAL_FATAL(itc_partner_send(p, "POST", "/v1/payment-intents", body, &r), 201);
	snprintf(id, 64, "%s", it_str(json_object_get(r.json, "data"), "payment_intent_id"));
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payment_intents WHERE id = ? AND "
	    "status = 'completed'", id, NULL), 1);
}

/* The network's float unlimited again (not compared), as each test leaves
 * it: run whichever way the test ends (tu_defer), so that a test stopped
 * half way leaves no limited float to fail every later reconcile. */
static void
float_unlimited(void *network)
{
	char args[80];

	snprintf(args, sizeof(args), "sim set momo.%s.float unlimited", (const char *)network);
	admin_ok(args);
}

static void
test_difference_reported(void)
{
	struct itc_wallet w;
	struct itc_partner p;
	char line[1024], pid[64], iid[64], want[128];

	/* the sandbox's shortcuts move the simulated account with the float:
	 * set outright, then a top-up deposited */
	tu_defer(float_unlimited, "AIRTELTIGO");
	admin_ok("sim set momo.AIRTELTIGO.float 60.00");
	CU_ASSERT_EQUAL(reconcile_line("AIRTELTIGO", line, sizeof(line)), 0);
	CU_ASSERT_STRING_EQUAL(line, "float AIRTELTIGO: provider 60.00, books 60.00: matches");
	admin_ok("float add AIRTELTIGO 40 --reference fr-topup-1");
	CU_ASSERT_EQUAL(reconcile_line("AIRTELTIGO", line, sizeof(line)), 0);
	CU_ASSERT_STRING_EQUAL(line, "float AIRTELTIGO: provider 100.00, books 100.00: matches");
	/* a sync with nothing to change is on record all the same */
	admin_ok("float sync AIRTELTIGO --reason 'opening balance'");
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payout_float_moves WHERE kind = "
	    "'sync' AND network = 'AIRTELTIGO' AND amount = 0 AND reason = 'opening balance'",
	    NULL, NULL), 1);

	/* a payout the provider has not paid yet: explained, and listed */
	itc_payout_wallet(&w, "fr_pay", "verified");
	itc_fund(&w, "50");
	CU_ASSERT_EQUAL_FATAL(itc_pay_to(&w, "AIRTELTIGO", 555, pid), 201);
	CU_ASSERT_EQUAL(reconcile_line("AIRTELTIGO", line, sizeof(line)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(line, "difference 10.00 explained by 10.00 GHS in flight"));
	snprintf(want, sizeof(want), "  payout %s 10.00 GHS processing since ", pid);
	CU_ASSERT_PTR_NOT_NULL(strstr(report, want));
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	itc_expect_payout(pid, "completed");
	CU_ASSERT_EQUAL(reconcile_line("AIRTELTIGO", line, sizeof(line)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(line, ": matches"));

	/* a collection lands in the same balance: the float gains it, once */
	itc_partner_new(&p, "verified", 0);
	collect(&p, "AIRTELTIGO", "fr-collect-1", iid);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payout_float_moves WHERE kind = "
	    "'collection' AND payout_id = ? AND amount = 20.00", iid, NULL), 1);
	CU_ASSERT_EQUAL(reconcile_line("AIRTELTIGO", line, sizeof(line)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(line, ": matches"));

	/* money left the account without us: unexplained, exit 1 */
	admin_ok("sim set momo.AIRTELTIGO.out_of_band_debit 25.00");
	CU_ASSERT_EQUAL(reconcile_line("AIRTELTIGO", line, sizeof(line)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(line, "provider 85.00, books 110.00, difference -25.00 "
	    "UNEXPLAINED"));
	CU_ASSERT_PTR_NOT_NULL(strstr(line, "float sync AIRTELTIGO --reason"));

	/* the operator records the provider's balance, with the reason */
	admin_ok("float sync AIRTELTIGO --reason 'aggregator fee, November'");
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payout_float_moves WHERE kind = "
	    "'sync' AND network = 'AIRTELTIGO' AND amount = -25.00 AND reason = "
	    "'aggregator fee, November'", NULL, NULL), 1);
	CU_ASSERT_EQUAL(reconcile_line("AIRTELTIGO", line, sizeof(line)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(line, ": matches"));
	admin_ok("sim set momo.AIRTELTIGO.float unlimited");
	CU_ASSERT_EQUAL(reconcile_line("AIRTELTIGO", line, sizeof(line)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(line, "unlimited, not compared"));
	itc_wallet_free(&w);
}

/* MTN keeps collections apart from disbursements: a collection moves
 * neither the payout float nor the disbursement balance. */
static void
test_mtn_collections_apart(void)
{
	struct itc_partner p;
	char line[1024], iid[64];

	tu_defer(float_unlimited, "MTN");
	admin_ok("sim set momo.MTN.float 0.00");
	itc_partner_new(&p, "verified", 0);
	collect(&p, "MTN", "fr-collect-mtn", iid);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payout_float_moves WHERE "
	    "payout_id = ?", iid, NULL), 0);
	CU_ASSERT_EQUAL(reconcile_line("MTN", line, sizeof(line)), 0);
	CU_ASSERT_STRING_EQUAL(line, "float MTN: provider 0.00, books 0.00: matches");
}

/* Syncs that cannot be: an unlimited float (1), an unknown network or a
 * missing reason (2); nothing is journalled. */
static void
test_bad_syncs(void)
{
	char out[400];
	long long before = moves("sync", "TELECEL");

	CU_ASSERT_EQUAL(it_admin("float sync TELECEL --reason x", out, sizeof(out)), 1 << 8);
	CU_ASSERT_EQUAL(it_admin("float sync VODAFONE --reason x", out, sizeof(out)), 2 << 8);
	CU_ASSERT_EQUAL(it_admin("float sync TELECEL --reason ''", out, sizeof(out)), 2 << 8);
	CU_ASSERT_EQUAL(it_admin("float sync TELECEL", out, sizeof(out)), 2 << 8);
	CU_ASSERT_EQUAL(moves("sync", "TELECEL"), before);
}

int
it_suite_float_reconcile(void)
{
	static const struct tu_test tests[] = {
		{ "a difference explained, unexplained (exit 1), then synced",
		  test_difference_reported },
		{ "MTN collections do not move the payout float", test_mtn_collections_apart },
		{ "float sync refuses what cannot be synced", test_bad_syncs },
	};

	return tu_add_suite("Float reconciliation", itc_sim_at_once, NULL, tests, NELEM(tests));
}
