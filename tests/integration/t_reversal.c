/*
 * Payouts a provider reversed after they completed (Paystack's transfer
 * `reversed`; the simulator reverses a TELECEL or AIRTELTIGO transfer to a
 * number ending 206 once a verify read it as successful, and sends
 * transfer.reversed): a wallet payout is failed and refunded once (amount
 * and fee), with payout.failed marked reversed and its float draw back; a
 * withdrawal's is failed and its partner's source amount refunded once;
 * found by the webhook (a hint) or, the webhook lost, by the worker's
 * watch; reconcile lists both. MTN reverses nothing: not watched.
 */
#include <stdio.h>
#include <string.h>

#include "itc.h"

static long long
ledger_of(const char *kind, const char *ref)
{
	return it_db_scalar("SELECT COUNT(*) FROM ledger_transactions WHERE kind = ? AND "
	    "ref_id = ?", kind, ref);
}

static long long
events_of(const char *type, const char *ref)
{
	return it_db_scalar("SELECT COUNT(*) FROM outbox_events WHERE type = ? AND ref_id = ?",
	    type, ref);
}

static long long
sim_state_is(const char *pid, const char *state)
{
	return it_db_scalar("SELECT COUNT(*) FROM sim_momo_transfers WHERE reference = "
	    "(SELECT provider_ref FROM payouts WHERE id = ?) AND state = ?", pid, state);
}

/* reconcile's exit status is 0 and one of its "reversed payout" lines
 * names who. */
static void
reconcile_lists(const char *who)
{
	static char out[1 << 20];
	char line[512];
	const char *l;
	int found = 0;

	CU_ASSERT_EQUAL(it_worker_output("reconcile", out, sizeof(out)), 0);
	for (l = strstr(out, "reversed payout: "); l != NULL && !found;
	    l = strstr(l + 1, "reversed payout: ")) {
		snprintf(line, sizeof(line), "%.*s", (int)strcspn(l, "\n"), l);
		found = strstr(line, who) != NULL;
	}
	CU_ASSERT(found);
}

/*
 * A TELECEL payout to 206: completed (watched a minute on), then the
 * simulator reverses it and its signed transfer.reversed makes it due;
 * verify says reversed: failed, amount and fee back, the float's draw
 * back, payout.failed reversed. A second look changes nothing.
 */
static void
test_wallet_reversed_by_webhook(void)
{
	struct itc_wallet w;
	struct it_resp r;
	char pid[64], path[128], before[40], after[40], pend[40], out[100];
	const char *reason;

	CU_ASSERT_EQUAL_FATAL(it_admin("sim set momo.TELECEL.float 500.00", out, sizeof(out)), 0);
	itc_payout_wallet(&w, "rv_hook", "verified");
	itc_fund(&w, "50");
	itc_balances(&w, before, pend);
	CU_ASSERT_EQUAL_FATAL(itc_pay_to(&w, "TELECEL", 206, pid), 201);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	itc_expect_payout(pid, "completed");
	CU_ASSERT_EQUAL(it_db_scalar("SELECT balance = 490.00 FROM payout_floats WHERE "
	    "network = 'TELECEL'", NULL, NULL), 1);
	/* watched, first a minute on: a worker now does not look */
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payouts WHERE id = ? AND "
	    "reversal_check_at > UTC_TIMESTAMP(6) + INTERVAL 30 SECOND", pid, NULL), 1);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	itc_expect_payout(pid, "completed");

	/* the network reverses it; Paystack's webhook is only a hint */
	CU_ASSERT_EQUAL(it_worker("sandbox_providers"), 0);
	CU_ASSERT_EQUAL(sim_state_is(pid, "reversed"), 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payouts WHERE id = ? AND "
	    "reversal_check_at <= UTC_TIMESTAMP(6)", pid, NULL), 1);
	itc_expect_payout(pid, "completed");
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	itc_expect_payout(pid, "failed");
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payouts WHERE id = ? AND "
	    "failure_reason LIKE 'TRANSFER_REVERSED: %' AND reversed_at IS NOT NULL AND "
	    "reversal_check_at IS NULL AND completed_at IS NOT NULL", pid, NULL), 1);
	itc_balances(&w, after, pend);
	CU_ASSERT_STRING_EQUAL(after, before);
	CU_ASSERT_STRING_EQUAL(pend, "0.00");
	CU_ASSERT_EQUAL(ledger_of("payout.completed", pid), 1);
	CU_ASSERT_EQUAL(ledger_of("payout.reversal", pid), 1);
	CU_ASSERT_EQUAL(itc_refunds_of(pid), 0);
	CU_ASSERT_EQUAL(events_of("payout.completed", pid), 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM outbox_events WHERE type = "
	    "'payout.failed' AND ref_id = ? AND JSON_EXTRACT(payload, '$.reversed') = 'true' "
	    "AND JSON_TYPE(JSON_EXTRACT(payload, '$.reversed')) = 'BOOLEAN' "
	    "AND JSON_VALUE(payload, '$.status') = 'failed'", pid, NULL), 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT balance = 500.00 FROM payout_floats WHERE "
	    "network = 'TELECEL'", NULL, NULL), 1);
	snprintf(path, sizeof(path), "/api/transactions/%s", pid);
	CU_ASSERT_EQUAL(itc_get(&w, path, &r), 200);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "status"), "failed");
	reason = it_str(json_object_get(r.json, "data"), "failureReason");
	CU_ASSERT(reason != NULL && strncmp(reason, "TRANSFER_REVERSED: ", 19) == 0);
	it_resp_free(&r);

	/* once: made due again, looked at again, nothing moves */
	it_db_exec("UPDATE payouts SET reversal_check_at = UTC_TIMESTAMP(6) WHERE id = ?",
	    pid, NULL);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT reversal_check_at IS NULL FROM payouts WHERE "
	    "id = ?", pid, NULL), 1);
	CU_ASSERT_EQUAL(ledger_of("payout.reversal", pid), 1);
	CU_ASSERT_EQUAL(events_of("payout.failed", pid), 1);
	itc_balances(&w, after, pend);
	CU_ASSERT_STRING_EQUAL(after, before);
	reconcile_lists(pid);
	CU_ASSERT_EQUAL(it_admin("sim set momo.TELECEL.float unlimited", out, sizeof(out)), 0);
	itc_wallet_free(&w);
}

/*
 * An AIRTELTIGO withdrawal to 206 with the webhooks lost: completed, then
 * reversed at the simulator; the worker's watch, once due, finds it: the
 * withdrawal fails, its source amount returns to the partner once,
 * withdrawal.failed is sent.
 */
static void
test_withdrawal_reversed_by_watch(void)
{
	struct itc_partner p;
	struct it_resp r;
	char body[400], phone[20], wid[64], pid[64], before[40], after[40], out[100];

	CU_ASSERT_EQUAL_FATAL(it_admin("sim set momo.drop_callbacks 1", out, sizeof(out)), 0);
	itc_partner_new(&p, "enterprise", 0);
	itc_partner_available(&p, "USDC", before);
	itc_phone(206, phone, sizeof(phone));
	snprintf(body, sizeof(body), "{\"amount\":\"20\",\"currency\":\"USDC\","
	    "\"recipient_phone\":\"%s\",\"mobile_network\":\"AIRTELTIGO\",\"reference_id\":"
	    "\"rv-1\"}", phone);
	CU_ASSERT_EQUAL_FATAL(itc_partner_send(&p, "POST", "/v1/withdrawals", body, &r), 201);
	snprintf(wid, sizeof(wid), "%s", it_str(json_object_get(r.json, "data"), "withdrawal_id"));
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM withdrawals WHERE id = ? AND "
	    "status = 'completed'", wid, NULL), 1);
	CU_ASSERT_EQUAL_FATAL(it_db_text("SELECT id FROM payouts WHERE withdrawal_id = ?", wid,
	    NULL, pid, sizeof(pid)), 0);
	CU_ASSERT_EQUAL(it_worker("sandbox_providers"), 0);
	CU_ASSERT_EQUAL(sim_state_is(pid, "reversed"), 1);
	/* the webhook was lost: nothing until the watch's next check */
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	itc_expect_payout(pid, "completed");
	it_db_exec("UPDATE payouts SET reversal_check_at = UTC_TIMESTAMP(6) WHERE id = ?",
	    pid, NULL);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	itc_expect_payout(pid, "failed");
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM withdrawals WHERE id = ? AND "
	    "status = 'failed' AND failure_reason LIKE 'TRANSFER_REVERSED: %'", wid, NULL), 1);
	itc_partner_available(&p, "USDC", after);
	CU_ASSERT_STRING_EQUAL(after, before);
	CU_ASSERT_EQUAL(ledger_of("payout.reversal", pid), 1);
	CU_ASSERT_EQUAL(ledger_of("withdrawal.refund", wid), 1);
	CU_ASSERT_EQUAL(events_of("withdrawal.completed", wid), 1);
	CU_ASSERT_EQUAL(events_of("withdrawal.failed", wid), 1);
	it_db_exec("UPDATE payouts SET reversal_check_at = UTC_TIMESTAMP(6) WHERE id = ?",
	    pid, NULL);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	CU_ASSERT_EQUAL(ledger_of("withdrawal.refund", wid), 1);
	CU_ASSERT_EQUAL(events_of("withdrawal.failed", wid), 1);
	itc_partner_available(&p, "USDC", after);
	CU_ASSERT_STRING_EQUAL(after, before);
	reconcile_lists(wid);
	CU_ASSERT_EQUAL(it_admin("sim set momo.drop_callbacks 0", out, sizeof(out)), 0);
}

/* MTN's API has no reversal: a 206 payout on MTN completes and is not
 * watched, and the simulator leaves it paid. */
static void
test_mtn_not_watched(void)
{
	struct itc_wallet w;
	char pid[64];

	itc_payout_wallet(&w, "rv_mtn", "verified");
	itc_fund(&w, "30");
	CU_ASSERT_EQUAL_FATAL(itc_pay_to(&w, "MTN", 206, pid), 201);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	itc_expect_payout(pid, "completed");
	CU_ASSERT_EQUAL(it_db_scalar("SELECT reversal_check_at IS NULL FROM payouts WHERE id = ?",
	    pid, NULL), 1);
	CU_ASSERT_EQUAL(it_worker("sandbox_providers"), 0);
	CU_ASSERT_EQUAL(sim_state_is(pid, "successful"), 1);
	itc_wallet_free(&w);
}

int
it_suite_reversal(void)
{
	static const struct tu_test tests[] = {
		{ "reversed by Paystack: webhook hint, refunded once", test_wallet_reversed_by_webhook },
		{ "withdrawal reversed: the watch finds it, refunded once",
		  test_withdrawal_reversed_by_watch },
		{ "MTN payouts are not watched for reversals", test_mtn_not_watched },
	};

	return tu_add_suite("Payout reversals", itc_sim_at_once, NULL, tests, NELEM(tests));
}
