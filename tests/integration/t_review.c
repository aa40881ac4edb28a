/*
 * Provider answers checked against what was asked (issue 34, item 4): a
 * SUCCESSFUL status for another amount (the sandbox's 207) or another
 * number (208) completes nothing and refunds nothing. The payout is held
 * for review: still processing on the wire, the worker and a provider's
 * hint leave it alone, reconcile lists it (exit 1); `cediramp-admin payout
 * resolve` settles it once, as the operator decides, on MTN and on
 * Paystack, for a wallet user's payout and a partner's withdrawal. The
 * same for collections (307, 308): a payment intent is held as it was,
 * never credited nor failed until `cediramp-admin intent resolve`.
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include "itc.h"

/* reconcile's exit status and its output into out (8 KiB). */
static int
reconcile(char *out, size_t cap)
{
	return it_worker_output("reconcile", out, cap);
}

static long long
completions_of(const char *pid)
{
	return it_db_scalar("SELECT COUNT(*) FROM ledger_transactions WHERE ref_id = ? "
	    "AND kind = 'payout.completed'", pid, NULL);
}

/* The admin tool's payout resolve: its exit status, its stdout into out. */
static int
resolve(const char *pid, const char *how, const char *reason, char *out, char *err)
{
	char args[400];

	snprintf(args, sizeof(args), "payout resolve %s %s --reason '%s'", pid, how, reason);
	return it_admin_run(args, out, 512, err, 512);
}

/*
 * A held payout: the worker ran, the provider said SUCCESSFUL for what was
 * not asked; nothing settled, the review recorded, the API says
 * processing, the worker and a hint leave it, reconcile lists it.
 */
static void
assert_held(const struct itc_wallet *w, const char *pid, const char *asked,
    const char *answered)
{
	/* reconcile lists every test's leftovers before this one's */
	static char out[1 << 16];
	char path[120];
	struct it_resp r;
	long long checks;

	itc_expect_payout(pid, "processing");
	CU_ASSERT_EQUAL(it_db_scalar("SELECT held_at IS NOT NULL FROM payouts WHERE id = ?", pid,
	    NULL), 1);
	CU_ASSERT_EQUAL(completions_of(pid), 0);
	CU_ASSERT_EQUAL(itc_refunds_of(pid), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payout_reviews WHERE payout_id = ? AND "
	    "CONCAT(asked_amount, ' ', asked_currency) = ? AND decision IS NULL", pid, asked), 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payout_reviews WHERE payout_id = ? AND "
	    "CONCAT(answered_amount, ' ', answered_currency, ' to ', answered_party) = ?", pid,
	    answered), 1);
	CU_ASSERT_EQUAL(it_log_find(pid, "held for review", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "\"level\":\"error\""));
	/* the contract's states: processing */
	snprintf(path, sizeof(path), "/api/transactions/%s", pid);
	CU_ASSERT_EQUAL(itc_get(w, path, &r), 200);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "status"), "processing");
	it_resp_free(&r);
	/* due or not, the worker leaves it */
	checks = it_db_scalar("SELECT checks FROM payouts WHERE id = ?", pid, NULL);
	it_db_exec("UPDATE payouts SET next_check_at = UTC_TIMESTAMP(6), lease_until = NULL "
	    "WHERE id = ?", pid, NULL);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT checks FROM payouts WHERE id = ?", pid, NULL), checks);
	itc_expect_payout(pid, "processing");
	CU_ASSERT_EQUAL(reconcile(out, sizeof(out)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, pid));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, answered));
}

/* MTN, another amount (207): held; resolved as failed, refunded once. */
static void
test_mtn_wrong_amount(void)
{
	struct itc_wallet w;
	char pid[64], out[512], err[512], want[128], phone[20];

	itc_payout_wallet(&w, "0xreview-amount", "verified");
	itc_fund(&w, "50");
	CU_ASSERT_EQUAL_FATAL(itc_pay_to(&w, "MTN", 207, pid), 201);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	CU_ASSERT_EQUAL_FATAL(it_db_text("SELECT SUBSTRING(phone, 2) FROM payouts WHERE id = ?", pid,
	    NULL, phone, sizeof(phone)), 0);
	snprintf(want, sizeof(want), "11.00 GHS to %s", phone);
	assert_held(&w, pid, "10.00 GHS", want);
	/* the operator finds nothing was paid: fail it */
	CU_ASSERT_EQUAL(resolve(pid, "--fail", "MTN statement shows no such payment", out, err),
	    0);
	snprintf(want, sizeof(want), "%s: failed and refunded on review", pid);
	CU_ASSERT_STRING_EQUAL(out, want);
	itc_expect_payout(pid, "failed");
	CU_ASSERT_EQUAL(itc_refunds_of(pid), 1);
	CU_ASSERT_EQUAL(completions_of(pid), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payout_reviews WHERE payout_id = ? AND "
	    "decision = 'fail' AND reason = 'MTN statement shows no such payment' AND "
	    "resolved_by <> '' AND resolved_at IS NOT NULL", pid, NULL), 1);
	/* once: the same again changes nothing, the other way is refused */
	CU_ASSERT_EQUAL(resolve(pid, "--fail", "again", out, err), 0);
	snprintf(want, sizeof(want), "%s: failed and refunded on review (already)", pid);
	CU_ASSERT_STRING_EQUAL(out, want);
	CU_ASSERT_EQUAL(itc_refunds_of(pid), 1);
	CU_ASSERT_EQUAL(resolve(pid, "--complete", "changed my mind", out, err), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "was resolved already: fail"));
	itc_expect_payout(pid, "failed");
	CU_ASSERT_EQUAL(reconcile(out, sizeof(out)), 0);
	itc_wallet_free(&w);
}

/* Paystack (TELECEL), another number (208): held; resolved as completed. */
static void
test_paystack_wrong_number(void)
{
	struct itc_wallet w;
	char pid[64], out[8192], err[512], want[128], phone[20];

	itc_payout_wallet(&w, "0xreview-number", "verified");
	itc_fund(&w, "50");
	CU_ASSERT_EQUAL_FATAL(itc_pay_to(&w, "TELECEL", 208, pid), 201);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	CU_ASSERT_EQUAL_FATAL(it_db_text("SELECT CONCAT(SUBSTRING(phone, 2, 9), '999') FROM payouts "
	    "WHERE id = ?", pid, NULL, phone, sizeof(phone)), 0);
	snprintf(want, sizeof(want), "10.00 GHS to %s", phone);
	assert_held(&w, pid, "10.00 GHS", want);
	CU_ASSERT_EQUAL(resolve(pid, "--complete", "Paystack confirmed our recipient was paid",
	    out, err), 0);
	itc_expect_payout(pid, "completed");
	CU_ASSERT_EQUAL(completions_of(pid), 1);
	CU_ASSERT_EQUAL(itc_refunds_of(pid), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT held_at IS NULL FROM payouts WHERE id = ?", pid, NULL),
	    1);
	CU_ASSERT_EQUAL(reconcile(out, sizeof(out)), 0);
	itc_wallet_free(&w);
}

/* A partner's withdrawal whose payout is held stays processing, and
 * completes with it. */
static void
test_withdrawal_held(void)
{
	struct itc_partner p;
	char body[400], phone[20], id[64], pid[64], out[8192], err[512];
	struct it_resp r;

	itc_partner_new(&p, "enterprise", 0);
	itc_phone(207, phone, sizeof(phone));
	snprintf(body, sizeof(body), "{\"amount\":\"5\",\"currency\":\"USDT\",\"recipient_phone\":"
	    "\"%s\",\"mobile_network\":\"MTN\",\"reference_id\":\"review-1\"}", phone);
	CU_ASSERT_EQUAL_FATAL(itc_partner_send(&p, "POST", "/v1/withdrawals", body, &r), 201);
	snprintf(id, sizeof(id), "%s", it_str(json_object_get(r.json, "data"), "withdrawal_id") ?
	    it_str(json_object_get(r.json, "data"), "withdrawal_id") : "");
	it_resp_free(&r);
	itc_withdrawal_held(id, pid, sizeof(pid));
	CU_ASSERT_EQUAL(it_db_scalar("SELECT status = 'processing' FROM withdrawals WHERE id = ?",
	    id, NULL), 1);
	CU_ASSERT_EQUAL(resolve(pid, "--complete", "MTN confirmed it paid our recipient", out, err),
	    0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT status = 'completed' FROM withdrawals WHERE id = ?",
	    id, NULL), 1);
	itc_expect_payout(pid, "completed");
	CU_ASSERT_EQUAL(reconcile(out, sizeof(out)), 0);
}

/* the payouts worker, run in a thread: its exit status in *arg */
static void *
worker_thread(void *arg)
{
	*(int *)arg = it_worker("payouts");
	return NULL;
}

static void
status_answers_at_once(void *arg)
{
	(void)arg;
	it_db_exec("DELETE FROM sim_settings WHERE name = 'momo.status_slow_ms'", NULL, NULL);
}

/*
 * Two workers on one payout: the first has read it (not held) and waits
 * for its status answer, a matching SUCCESSFUL; meanwhile the payout is
 * held for review, as a second worker that got a mismatch holds it (its
 * lease had run out). The first worker's answer then settles nothing:
 * a held payout moves only on the operator's decision.
 */
static void
test_held_while_another_worker_asks(void)
{
	struct itc_wallet w;
	char pid[64], ref[80], line[4096], out[8192], err[512];
	pthread_t t;
	int worker_rc = -1;

	itc_payout_wallet(&w, "0xreview-race", "verified");
	itc_fund(&w, "50");
	CU_ASSERT_EQUAL_FATAL(itc_pay_to(&w, "MTN", 555, pid), 201);
	CU_ASSERT_EQUAL_FATAL(it_db_text("SELECT provider_ref FROM payouts WHERE id = ?", pid, NULL,
	    ref, sizeof(ref)), 0);
	it_sim_set("momo.status_slow_ms", "3000");
	tu_defer(status_answers_at_once, NULL);
	CU_ASSERT_EQUAL_FATAL(pthread_create(&t, NULL, worker_thread, &worker_rc), 0);
	/* the simulator has the query: the worker read the payout before */
	IT_UNTIL("the worker's status query in flight",
	    it_log_find(ref, "answers in", line, sizeof(line)) == 0);
	CU_ASSERT_EQUAL(it_db_exec("UPDATE payouts SET held_at = UTC_TIMESTAMP(6), lease_until = "
	    "NULL WHERE id = ? AND status = 'processing' AND held_at IS NULL", pid, NULL), 1);
	CU_ASSERT_EQUAL(it_db_exec("INSERT INTO payout_reviews (payout_id, asked_amount, "
	    "asked_currency, asked_party, answered_amount, answered_currency, answered_party, "
	    "financial_id, held_at) SELECT id, amount, currency, phone, '11.00', 'GHS', phone, "
	    "'race', held_at FROM payouts WHERE id = ?", pid, NULL), 1);
	pthread_join(t, NULL);
	CU_ASSERT_EQUAL(worker_rc, 0);
	/* its SUCCESSFUL settled nothing */
	itc_expect_payout(pid, "processing");
	CU_ASSERT_EQUAL(it_db_scalar("SELECT held_at IS NOT NULL FROM payouts WHERE id = ?", pid,
	    NULL), 1);
	CU_ASSERT_EQUAL(completions_of(pid), 0);
	CU_ASSERT_EQUAL(itc_refunds_of(pid), 0);
	/* the review does, once */
	CU_ASSERT_EQUAL(resolve(pid, "--complete", "MTN statement shows the payment", out, err), 0);
	itc_expect_payout(pid, "completed");
	CU_ASSERT_EQUAL(completions_of(pid), 1);
	CU_ASSERT_EQUAL(itc_refunds_of(pid), 0);
	CU_ASSERT_EQUAL(reconcile(out, sizeof(out)), 0);
	itc_wallet_free(&w);
}

/* The admin tool's refusals: nothing changes. */
static void
test_resolve_refusals(void)
{
	static const struct {
		const char *args;
		int rc;
		const char *err;
	} rows[] = {
		{ "payout resolve po_x --complete", 2, NULL },
		{ "payout resolve po_x --complete --fail --reason r", 2, NULL },
		{ "payout resolve po_x --reason r", 2, NULL },
		{ "payout resolve nope --fail --reason r", 2, "cediramp-admin: payout_id: a payout id (po_...)" },
		{ "payout resolve po_AAAAAAAAAAAAAAAAAAAAAAAA --fail --reason ''", 2,
		  "cediramp-admin: reason: 1 to 200 printable characters, saying why" },
		{ "payout resolve po_AAAAAAAAAAAAAAAAAAAAAAAA --fail --reason r", 1,
		  "cediramp-admin: payout po_AAAAAAAAAAAAAAAAAAAAAAAA was never held for review" },
	};
	char out[512], err[512];
	long long n = it_db_scalar("SELECT COUNT(*) FROM payout_reviews WHERE decision IS NOT NULL",
	    NULL, NULL);
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		IT_CHECK(it_admin_run(rows[i].args, out, sizeof(out), err, sizeof(err)) ==
		    rows[i].rc, rows[i].args);
		if (rows[i].err != NULL)
			IT_CHECK(strstr(err, rows[i].err) == err, rows[i].args);
	}
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payout_reviews WHERE decision IS NOT "
	    "NULL", NULL, NULL), n);
}

/* ---- payment intents (the sandbox's 307 and 308 payers) ---- */

/* POST /v1/payment-intents of 10 GHS from a payer ending in suffix on
 * network; its id (64 bytes). */
static void
intent_from(const struct itc_partner *p, const char *network, int suffix, const char *ref,
    char *id)
{
	char body[400], phone[20];
	struct it_resp r;

	itc_phone(suffix, phone, sizeof(phone));
	snprintf(body, sizeof(body), "{\"amount\":\"10\",\"currency\":\"GHS\",\"payer_phone\":"
	    "\"%s\",\"mobile_network\":\"%s\",\"reference_id\":\"%s\"}", phone, network, ref);
	CU_ASSERT_EQUAL_FATAL(itc_partner_send(p, "POST", "/v1/payment-intents", body, &r), 201);
	snprintf(id, 64, "%s", it_str(json_object_get(r.json, "data"), "payment_intent_id"));
	it_resp_free(&r);
}

/* The intent's status through GET (32 bytes). */
static void
intent_status(const struct itc_partner *p, const char *id, char *st)
{
	char path[128];
	struct it_resp r;

	snprintf(path, sizeof(path), "/v1/payment-intents/%s", id);
	CU_ASSERT_EQUAL_FATAL(itc_partner_get(p, path, &r), 200);
	snprintf(st, 32, "%s", it_str(json_object_get(r.json, "data"), "status") ?
	    it_str(json_object_get(r.json, "data"), "status") : "");
	it_resp_free(&r);
}

static long long
credits_of(const char *id)
{
	return it_db_scalar("SELECT COUNT(*) FROM ledger_transactions WHERE ref_id = ? "
	    "AND kind = 'payment_intent.completed'", id, NULL);
}

/* intent resolve: its exit status, its stdout into out. */
static int
intent_resolve(const char *id, const char *how, const char *reason, char *out, char *err)
{
	char args[400];

	snprintf(args, sizeof(args), "intent resolve %s %s --reason '%s'", id, how, reason);
	return it_admin_run(args, out, 512, err, 512);
}

/*
 * A held intent: the provider said SUCCESSFUL for another amount or
 * payer; it stays as it was, uncredited, its review recorded; the worker
 * leaves it, a cancel is refused saying why, reconcile lists it.
 */
static void
assert_intent_held(const struct itc_partner *p, const char *id, const char *was,
    const char *answered)
{
	static char out[1 << 16]; /* every test's leftovers come first */
	char st[32], path[160], want[200];
	struct it_resp r;

	intent_status(p, id, st);
	CU_ASSERT_STRING_EQUAL(st, was);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT held_at IS NOT NULL FROM payment_intents WHERE id = ?",
	    id, NULL), 1);
	CU_ASSERT_EQUAL(credits_of(id), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM intent_reviews WHERE intent_id = ? AND "
	    "asked_amount = 10 AND asked_currency = 'GHS' AND CONCAT(answered_amount, ' ', "
	    "answered_currency, ' to ', answered_party) = ? AND decision IS NULL", id, answered), 1);
	/* the workers leave it as it is */
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	CU_ASSERT_EQUAL(it_worker("expire"), 0);
	intent_status(p, id, st);
	CU_ASSERT_STRING_EQUAL(st, was);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM intent_reviews WHERE intent_id = ?", id,
	    NULL), 1);
	/* a cancel is refused, saying why; nothing changes */
	snprintf(path, sizeof(path), "/v1/payment-intents/%s/cancel", id);
	CU_ASSERT_EQUAL(itc_partner_send(p, "POST", path, "", &r), 409);
	it_assert_partner_error(&r, 409, "INVALID_STATE", "a held intent's cancel");
	CU_ASSERT_PTR_NOT_NULL(it_strstr(r.body, "held for review"));
	it_resp_free(&r);
	intent_status(p, id, st);
	CU_ASSERT_STRING_EQUAL(st, was);
	/* reconcile lists it, with the command that settles it */
	CU_ASSERT_EQUAL(reconcile(out, sizeof(out)), 1);
	snprintf(want, sizeof(want), "held payment intent %s (%s)", id, was);
	if (strstr(out, want) == NULL)
		fprintf(stderr, "review: reconcile said, without \"%s\":\n%s\n", want, out);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, want));
	snprintf(want, sizeof(want), "cediramp-admin intent resolve %s", id);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, want));
}

/* MTN, a payer who paid one cedi more (307): held; completed on review,
 * credited once. */
static void
test_intent_wrong_amount(void)
{
	struct itc_partner p;
	char id[64], out[8192], err[512], want[200], phone[20], st[32];

	itc_partner_new(&p, "verified", 0);
	intent_from(&p, "MTN", 307, "review-intent-amount", id);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	CU_ASSERT_EQUAL_FATAL(it_db_text("SELECT SUBSTRING(payer_phone, 2) FROM payment_intents "
	    "WHERE id = ?", id, NULL, phone, sizeof(phone)), 0);
	snprintf(want, sizeof(want), "11.00 GHS to %s", phone);
	assert_intent_held(&p, id, "pending_approval", want);
	CU_ASSERT_EQUAL(intent_resolve(id, "--complete", "MTN shows 11.00 collected; credit 10",
	    out, err), 0);
	snprintf(want, sizeof(want), "%s: completed and credited on review", id);
	CU_ASSERT_STRING_EQUAL(out, want);
	intent_status(&p, id, st);
	CU_ASSERT_STRING_EQUAL(st, "completed");
	CU_ASSERT_EQUAL(credits_of(id), 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT held_at IS NULL FROM payment_intents WHERE id = ?", id,
	    NULL), 1);
	/* once: again changes nothing; the other way is refused */
	CU_ASSERT_EQUAL(intent_resolve(id, "--complete", "again", out, err), 0);
	snprintf(want, sizeof(want), "%s: completed and credited on review (already)", id);
	CU_ASSERT_STRING_EQUAL(out, want);
	CU_ASSERT_EQUAL(intent_resolve(id, "--fail", "changed my mind", out, err), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "was resolved already: complete"));
	CU_ASSERT_EQUAL(credits_of(id), 1);
	CU_ASSERT_EQUAL(reconcile(out, sizeof(out)), 0);
}

/* Paystack (TELECEL), another payer's number (308): held; failed on
 * review, never credited. */
static void
test_intent_wrong_number(void)
{
	struct itc_partner p;
	char id[64], out[8192], err[512], want[200], phone[20], st[32];

	itc_partner_new(&p, "verified", 0);
	intent_from(&p, "TELECEL", 308, "review-intent-number", id);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	CU_ASSERT_EQUAL_FATAL(it_db_text("SELECT CONCAT(SUBSTRING(payer_phone, 2, 9), '999') FROM "
	    "payment_intents WHERE id = ?", id, NULL, phone, sizeof(phone)), 0);
	snprintf(want, sizeof(want), "10.00 GHS to %s", phone);
	assert_intent_held(&p, id, "pending_approval", want);
	CU_ASSERT_EQUAL(intent_resolve(id, "--fail", "another payer paid; refunded by Paystack",
	    out, err), 0);
	intent_status(&p, id, st);
	CU_ASSERT_STRING_EQUAL(st, "rejected");
	CU_ASSERT_EQUAL(credits_of(id), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payment_intents WHERE id = ? AND "
	    "failure_reason LIKE 'failed on review by %another payer paid%'", id, NULL), 1);
	CU_ASSERT_EQUAL(reconcile(out, sizeof(out)), 0);
	/* refused: bad input, an intent never held */
	CU_ASSERT_EQUAL(it_admin_run("intent resolve nope --fail --reason r", out, sizeof(out), err,
	    sizeof(err)), 2);
	CU_ASSERT_EQUAL(it_admin_run("intent resolve pi_AAAAAAAAAAAAAAAAAAAAAAAA --fail --reason r",
	    out, sizeof(out), err, sizeof(err)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "was never held for review"));
}

int
it_suite_review(void)
{
	static const struct tu_test tests[] = {
		{ "MTN answers another amount: held, then failed once", test_mtn_wrong_amount },
		{ "Paystack answers another number: held, then completed", test_paystack_wrong_number },
		{ "a withdrawal's held payout: processing, then completed", test_withdrawal_held },
		{ "a held payout: another worker's answer read before settles nothing",
		  test_held_while_another_worker_asks },
		{ "payout resolve refuses bad input, changes nothing", test_resolve_refusals },
		{ "a collection of another amount (MTN): held, then completed once", test_intent_wrong_amount },
		{ "a collection from another number (Paystack): held, then failed", test_intent_wrong_number },
	};

	return tu_add_suite("payout review", itc_sim_at_once, NULL, tests, NELEM(tests));
}
