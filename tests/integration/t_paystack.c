/*
 * The Paystack adapter (paystack_http), built by the registry from the
 * stack's own config (TELECEL and AIRTELTIGO are on it), against the
 * sandbox's Paystack simulator: Paystack's own Node SDK accepts the
 * simulator; every magic suffix of resolve, transfer and charge on both
 * networks, read as the adapter reads them; amounts in pesewas; payouts
 * through the payout engine; signed webhooks as hints (a forged or
 * unsigned one settles nothing, a signed "success" for a failed transfer
 * completes nothing).
 */
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/cfg.h"
#include "core/id.h"
#include "providers/momo_reason.h"
#include "providers/momo_wire.h"
#include "providers/paystack_wire.h"
#include "providers/registry.h"
#include "itc.h"

static struct providers prov;
static struct cfg conf;

static const char *const paystack_nets[] = { "TELECEL", "AIRTELTIGO" };

static int
suite_init(void)
{
	char out[100];

	if (itc_providers(&conf, &prov) != 0)
		return -1;
	if (it_admin("sim set momo.settle_seconds 0", out, sizeof(out)) != 0 ||
	    it_admin("sim set momo.slow_ms 0", out, sizeof(out)) != 0 ||
	    it_admin("sim set momo.drop_callbacks 0", out, sizeof(out)) != 0 ||
	    it_admin("sim set chain.confirm_seconds 0", out, sizeof(out)) != 0)
		return -1;
	return 0;
}

static const struct prov_momo *
net(const char *network)
{
	const struct prov_momo *m = providers_momo(&prov, network);

	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	CU_ASSERT_PTR_EQUAL_FATAL(m->ops, &momo_paystack);
	return m;
}

static const struct cfg_momo *
net_conf(const char *network)
{
	size_t i;

	for (i = 0; i < PROV_NETWORKS; i++)
		if (strcmp(prov_network_ids[i], network) == 0)
			return &conf.momo_net[i];
	CU_FAIL_FATAL("unknown network");
	return NULL;
}

static void
msisdn(char out[13], int suffix)
{
	snprintf(out, 13, "233204%03u%03u", (unsigned)(getpid() % 1000),
	    (unsigned)suffix % 1000);
}

/*
 * Paystack's own Node SDK accepts the simulator as Paystack
 * (tests/providers/paystack_sdk_client.mjs, PAYSTACK_SDK_CLIENT): resolve,
 * recipients, transfers and their verify, a duplicate reference, charges
 * and their verify, an OTP charge, the balance, a wrong key. What it did
 * is then read from the simulator's books.
 */
static void
test_sdk_client(void)
{
	char env[1000], out[8192], ref[MOMO_REF_LEN + 1];
	size_t i;

	for (i = 0; i < NELEM(paystack_nets); i++) {
		snprintf(env, sizeof(env), "PAYSTACK_BASE_URL='%s/sim/paystack/%s' "
		    "PAYSTACK_SECRET_KEY='%s' MSISDN_PREFIX=233205%03d", it_env("BASE_URL"),
		    paystack_nets[i], net_conf(paystack_nets[i])->secret_key,
		    (int)(getpid() % 1000));
		CU_ASSERT_EQUAL(itc_run_client(env, "PAYSTACK_SDK_CLIENT", out, sizeof(out)), 0);
		CU_ASSERT_PTR_NOT_NULL(strstr(out, "\npassed 11 of 11\n"));
		CU_ASSERT_PTR_NULL(strstr(out, "\nFAIL "));
		/* the SDK's 12.50 transfer, in the network's account */
		CU_ASSERT_EQUAL_FATAL(itc_client_ref(out, "transfer", ref), 0);
		CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM sim_momo_transfers WHERE "
		    "reference = ? AND network = ? AND api = 'paystack' AND kind = 'transfer' "
		    "AND state = 'successful' AND amount = 12.50", ref, paystack_nets[i]), 1);
	}
}

static void
test_resolve_magic(void)
{
	static const struct { int suffix; enum momo_rc rc; const char *name; } rows[] = {
		{ 100, MOMO_NOT_FOUND, "" },
		{ 101, MOMO_OK, "Ama Serwaa Boateng" },
		{ 102, MOMO_TIMEOUT, "" },
		{ 103, MOMO_UNAVAILABLE, "" },
		{ 555, MOMO_OK, "" }, /* the sandbox discloses no name: any verifies */
	};
	char to[13], name[64], label[64], setting[64];
	size_t i, k;

	for (k = 0; k < NELEM(paystack_nets); k++) {
		const struct prov_momo *m = net(paystack_nets[k]);

		for (i = 0; i < NELEM(rows); i++) {
			snprintf(label, sizeof(label), "%s resolve %d", paystack_nets[k],
			    rows[i].suffix);
			msisdn(to, rows[i].suffix);
			IT_CHECK(m->ops->lookup(&m->ep, to, name, sizeof(name)) == rows[i].rc, label);
			IT_CHECK(strcmp(name, rows[i].name) == 0, name);
		}
		/* a name set for an ordinary number is Paystack's account_name */
		msisdn(to, 556);
		snprintf(setting, sizeof(setting), "momo.name.%s", to);
		CU_ASSERT(it_db_exec("REPLACE INTO sim_settings (name, value) VALUES (?, "
		    "'Esi Owusu')", setting, NULL) >= 1);
		CU_ASSERT_EQUAL(m->ops->lookup(&m->ep, to, name, sizeof(name)), MOMO_OK);
		CU_ASSERT_STRING_EQUAL(name, "Esi Owusu");
		/* not a Ghana number: nothing asked */
		CU_ASSERT_EQUAL(m->ops->lookup(&m->ep, "12345", name, sizeof(name)), MOMO_NOT_FOUND);
	}
}

struct transfer_row {
	int suffix;
	enum momo_rc send;
	const char *why;      /* the send's why starts so */
	enum momo_rc status_rc;
	enum momo_state state;
	const char *reason;   /* the status's reason is so */
	const char *sim;
};

/* reason "TRANSFER_FAILED: CODE: our text" into out */
static const char *
failed_as(const char *prefix, const char *code, char *out, size_t cap)
{
	snprintf(out, cap, "%s_FAILED: %s: %s", prefix, code, momo_reason_text(code));
	return out;
}

/*
 * Every transfer suffix through the Paystack adapter on both networks:
 * what the send answers, what verify then says, what the simulator holds
 * (one POST /transfer effect per reference), and the amount in pesewas.
 */
static void
test_transfer_magic(void)
{
	static const struct transfer_row rows[] = {
		{ 200, MOMO_REFUSED, "TRANSFER_REFUSED: PAYEE_NOT_ALLOWED_TO_RECEIVE: ",
		  MOMO_NOT_FOUND, MOMO_PENDING, NULL, "unaccepted" },
		{ 201, MOMO_OK, "", MOMO_OK, MOMO_FAILED, "INTERNAL_PROCESSING_ERROR", "failed" },
		{ 202, MOMO_IN_DOUBT, "PROVIDER_ERROR: Gateway timeout", MOMO_OK,
		  MOMO_SUCCESSFUL, NULL, "successful" },
		{ 203, MOMO_IN_DOUBT, "PROVIDER_ERROR: Gateway timeout", MOMO_OK, MOMO_FAILED,
		  "COULD_NOT_PERFORM_TRANSACTION", "failed" },
		{ 204, MOMO_OK, "", MOMO_OK, MOMO_PENDING, NULL, "pending" },
		/* success first; reversed later (t_reversal.c) */
		{ 206, MOMO_OK, "", MOMO_OK, MOMO_SUCCESSFUL, NULL, "successful" },
		{ 103, MOMO_IN_DOUBT, "PROVIDER_ERROR: Service unavailable", MOMO_UNAVAILABLE,
		  MOMO_PENDING, NULL, "unaccepted" },
		{ 210, MOMO_OK, "", MOMO_OK, MOMO_FAILED, "PAYEE_NOT_FOUND", "failed" },
		{ 211, MOMO_OK, "", MOMO_OK, MOMO_FAILED, "NOT_ALLOWED", "failed" },
		{ 212, MOMO_OK, "", MOMO_OK, MOMO_FAILED, "NOT_ENOUGH_FUNDS", "failed" },
		{ 213, MOMO_OK, "", MOMO_OK, MOMO_FAILED, "PAYER_LIMIT_REACHED", "failed" },
		{ 214, MOMO_OK, "", MOMO_OK, MOMO_FAILED, "PAYEE_NOT_ALLOWED_TO_RECEIVE", "failed" },
		{ 215, MOMO_OK, "", MOMO_OK, MOMO_FAILED, "EXPIRED", "failed" },
		{ 216, MOMO_OK, "", MOMO_OK, MOMO_FAILED, "TRANSACTION_CANCELED", "failed" },
		{ 217, MOMO_OK, "", MOMO_OK, MOMO_FAILED, "SERVICE_UNAVAILABLE", "failed" },
		{ 218, MOMO_OK, "", MOMO_OK, MOMO_FAILED, "INTERNAL_PROCESSING_ERROR", "failed" },
		{ 101, MOMO_OK, "", MOMO_OK, MOMO_SUCCESSFUL, NULL, "successful" },
		{ 555, MOMO_OK, "", MOMO_OK, MOMO_SUCCESSFUL, NULL, "successful" },
	};
	char ref[MOMO_REF_LEN + 1], why[200], label[64], sim[16], to[13], want[200];
	struct momo_status st;
	size_t i, k;

	for (k = 0; k < NELEM(paystack_nets); k++) {
		const struct prov_momo *m = net(paystack_nets[k]);

		for (i = 0; i < NELEM(rows); i++) {
			const struct transfer_row *t = &rows[i];

			snprintf(label, sizeof(label), "%s transfer %d", paystack_nets[k], t->suffix);
			itc_new_ref(ref);
			msisdn(to, t->suffix);
			IT_CHECK(m->ops->transfer(&m->ep, ref, to, "10.05", "GHS", "po_test",
			    "payout", why, sizeof(why)) == t->send, label);
			IT_CHECK(strncmp(why, t->why, strlen(t->why)) == 0, why);
			IT_CHECK(m->ops->transfer_status(&m->ep, ref, &st) == t->status_rc, label);
			if (t->status_rc == MOMO_OK) {
				IT_CHECK(st.state == t->state, label);
				if (t->reason != NULL)
					IT_CHECK(strcmp(st.reason, failed_as("TRANSFER", t->reason,
					    want, sizeof(want))) == 0, st.reason);
				if (t->state == MOMO_SUCCESSFUL)
					IT_CHECK(strncmp(st.financial_id, "TRF_", 4) == 0, label);
				else
					IT_CHECK(st.financial_id[0] == '\0', label);
				IT_CHECK(!st.reversed, label);
			}
			IT_CHECK(itc_sends_of(ref) == 1, label);
			IT_CHECK(it_db_text("SELECT state FROM sim_momo_transfers WHERE reference = ?",
			    ref, NULL, sim, sizeof(sim)) == 0 && strcmp(sim, t->sim) == 0, label);
			/* 10.05 GHS went as 1005 pesewas, and came back exact */
			IT_CHECK(it_db_scalar("SELECT COUNT(*) FROM sim_momo_transfers WHERE "
			    "reference = ? AND amount = 10.05 AND api = 'paystack' AND network = ?",
			    ref, paystack_nets[k]) == 1, label);
		}
	}
}

/* 205: the first send is lost before it is recorded (verify: not found);
 * the same reference sent again is accepted; a third is a duplicate. */
static void
test_lost_first_send(void)
{
	const struct prov_momo *m = net("TELECEL");
	char ref[MOMO_REF_LEN + 1], why[200], to[13];
	struct momo_status st;

	itc_new_ref(ref);
	msisdn(to, 205);
	CU_ASSERT_EQUAL(m->ops->transfer(&m->ep, ref, to, "25.50", "GHS", "po", "n", why,
	    sizeof(why)), MOMO_IN_DOUBT);
	CU_ASSERT_EQUAL(m->ops->transfer_status(&m->ep, ref, &st), MOMO_NOT_FOUND);
	CU_ASSERT_EQUAL(m->ops->transfer(&m->ep, ref, to, "25.50", "GHS", "po", "n", why,
	    sizeof(why)), MOMO_OK);
	CU_ASSERT_EQUAL(m->ops->transfer_status(&m->ep, ref, &st), MOMO_OK);
	CU_ASSERT_EQUAL(st.state, MOMO_SUCCESSFUL);
	CU_ASSERT_EQUAL(m->ops->transfer(&m->ep, ref, to, "25.50", "GHS", "po", "n", why,
	    sizeof(why)), MOMO_DUPLICATE);
	CU_ASSERT_PTR_NOT_NULL(strstr(why, "Duplicate Transfer Reference"));
	CU_ASSERT_EQUAL(itc_sends_of(ref), 3);
	/* amounts Paystack cannot take exactly are refused before any call */
	itc_new_ref(ref);
	CU_ASSERT_EQUAL(m->ops->transfer(&m->ep, ref, to, "1.005", "GHS", "po", "n", why,
	    sizeof(why)), MOMO_REFUSED);
	CU_ASSERT_EQUAL(m->ops->transfer(&m->ep, ref, to, "0.00", "GHS", "po", "n", why,
	    sizeof(why)), MOMO_REFUSED);
	CU_ASSERT_EQUAL(itc_sends_of(ref), -1);
}

/*
 * Every request-to-pay suffix as a Paystack charge on both networks, and
 * 303: the network wants an OTP, which the adapter refuses.
 */
static void
test_charge_magic(void)
{
	static const struct { int suffix; enum momo_rc send; enum momo_state state;
	    const char *reason; } rows[] = {
		{ 300, MOMO_OK, MOMO_FAILED, "APPROVAL_REJECTED" },
		{ 301, MOMO_OK, MOMO_PENDING, NULL },
		{ 302, MOMO_OK, MOMO_SUCCESSFUL, NULL },
		{ 310, MOMO_OK, MOMO_FAILED, "PAYER_NOT_FOUND" },
		{ 311, MOMO_OK, MOMO_FAILED, "NOT_ALLOWED" },
		{ 312, MOMO_OK, MOMO_FAILED, "NOT_ENOUGH_FUNDS" },
		{ 313, MOMO_OK, MOMO_FAILED, "PAYER_LIMIT_REACHED" },
		{ 314, MOMO_OK, MOMO_FAILED, "PAYMENT_NOT_APPROVED" },
		{ 315, MOMO_OK, MOMO_FAILED, "EXPIRED" },
		{ 316, MOMO_OK, MOMO_FAILED, "TRANSACTION_CANCELED" },
		{ 317, MOMO_OK, MOMO_FAILED, "SERVICE_UNAVAILABLE" },
		{ 318, MOMO_OK, MOMO_FAILED, "COULD_NOT_PERFORM_TRANSACTION" },
		{ 555, MOMO_OK, MOMO_SUCCESSFUL, NULL },
	};
	char ref[MOMO_REF_LEN + 1], why[200], label[64], from[13], want[200];
	struct momo_status st;
	size_t i, k;

	for (k = 0; k < NELEM(paystack_nets); k++) {
		const struct prov_momo *m = net(paystack_nets[k]);

		for (i = 0; i < NELEM(rows); i++) {
			snprintf(label, sizeof(label), "%s charge %d", paystack_nets[k],
			    rows[i].suffix);
			itc_new_ref(ref);
			msisdn(from, rows[i].suffix);
			IT_CHECK(m->ops->request_to_pay(&m->ep, ref, from, "12.00", "GHS", "pi_test",
			    "invoice", why, sizeof(why)) == rows[i].send, label);
			IT_CHECK(m->ops->request_to_pay_status(&m->ep, ref, &st) == MOMO_OK, label);
			IT_CHECK(st.state == rows[i].state, label);
			if (rows[i].reason != NULL)
				IT_CHECK(strcmp(st.reason, failed_as("CHARGE", rows[i].reason, want,
				    sizeof(want))) == 0, st.reason);
			/* a charge is not a transfer; its reference is used */
			IT_CHECK(m->ops->transfer_status(&m->ep, ref, &st) == MOMO_NOT_FOUND, label);
			IT_CHECK(m->ops->request_to_pay(&m->ep, ref, from, "12.00", "GHS", "pi_test",
			    "invoice", why, sizeof(why)) == MOMO_DUPLICATE, label);
			IT_CHECK(it_db_scalar("SELECT COUNT(*) FROM sim_momo_transfers WHERE "
			    "reference = ? AND kind = 'rtp' AND api = 'paystack' AND amount = 12.00 "
			    "AND sends = 2", ref, NULL) == 1, label);
		}
		/* 302: approved once, then its settlement fails */
		itc_new_ref(ref);
		msisdn(from, 302);
		CU_ASSERT_EQUAL(m->ops->request_to_pay(&m->ep, ref, from, "3.00", "GHS", "pi",
		    "x", why, sizeof(why)), MOMO_OK);
		CU_ASSERT_EQUAL(m->ops->request_to_pay_status(&m->ep, ref, &st), MOMO_OK);
		CU_ASSERT_EQUAL(st.state, MOMO_SUCCESSFUL);
		CU_ASSERT_EQUAL(m->ops->request_to_pay_status(&m->ep, ref, &st), MOMO_OK);
		CU_ASSERT_EQUAL(st.state, MOMO_FAILED);
		CU_ASSERT_STRING_EQUAL(st.reason, failed_as("CHARGE", "SETTLEMENT_FAILED", want,
		    sizeof(want)));
		/* 303: the network asks the payer for an OTP: refused */
		itc_new_ref(ref);
		msisdn(from, 303);
		CU_ASSERT_EQUAL(m->ops->request_to_pay(&m->ep, ref, from, "3.00", "GHS", "pi",
		    "x", why, sizeof(why)), MOMO_REFUSED);
		CU_ASSERT(strncmp(why, "OTP_REQUIRED: ", 14) == 0);
		/* unreachable */
		itc_new_ref(ref);
		msisdn(from, 103);
		CU_ASSERT_EQUAL(m->ops->request_to_pay(&m->ep, ref, from, "3.00", "GHS", "pi",
		    "x", why, sizeof(why)), MOMO_IN_DOUBT);
		/* never seen */
		itc_new_ref(ref);
		CU_ASSERT_EQUAL(m->ops->request_to_pay_status(&m->ep, ref, &st), MOMO_NOT_FOUND);
	}
}

/* The balance in pesewas moves with a transfer, exactly; a wrong key is
 * no answer (unavailable), never a zero balance. */
static void
test_balance(void)
{
	const struct prov_momo *m = net("AIRTELTIGO");
	struct prov_momo wrong = *m;
	struct momo_status st;
	char before[32], after[32], ref[MOMO_REF_LEN + 1], to[13], why[200], want[40];

	CU_ASSERT_EQUAL_FATAL(m->ops->balance(&m->ep, "GHS", before, sizeof(before)), MOMO_OK);
	itc_new_ref(ref);
	msisdn(to, 557);
	CU_ASSERT_EQUAL(m->ops->transfer(&m->ep, ref, to, "7.25", "GHS", "po", "n", why,
	    sizeof(why)), MOMO_OK);
	/* settled (the verify moves it past its settle time) */
	CU_ASSERT_EQUAL(m->ops->transfer_status(&m->ep, ref, &st), MOMO_OK);
	CU_ASSERT_EQUAL(st.state, MOMO_SUCCESSFUL);
	CU_ASSERT_EQUAL(m->ops->balance(&m->ep, "GHS", after, sizeof(after)), MOMO_OK);
	itc_ghs_sub(before, "7.25", want, sizeof(want));
	CU_ASSERT_STRING_EQUAL(after, want);
	CU_ASSERT_EQUAL(m->ops->balance(&m->ep, "USD", after, sizeof(after)), MOMO_UNAVAILABLE);
	snprintf(wrong.ep.secret, sizeof(wrong.ep.secret), "sk_test_wrong");
	CU_ASSERT_EQUAL(wrong.ops->balance(&wrong.ep, "GHS", after, sizeof(after)),
	    MOMO_UNAVAILABLE);
	CU_ASSERT_STRING_EQUAL(after, "");
	itc_new_ref(ref);
	CU_ASSERT_EQUAL(wrong.ops->transfer(&wrong.ep, ref, to, "1.00", "GHS", "po", "n", why,
	    sizeof(why)), MOMO_UNAVAILABLE);
	CU_ASSERT_EQUAL(itc_sends_of(ref), -1);
}

/* ---- payouts through the engine ---- */

/*
 * Payouts to TELECEL and AIRTELTIGO through the payout engine on Paystack:
 * 200 refused at once and refunded; 201 and 210 failed by verify and
 * refunded once, with Paystack's reason shown; 202 in doubt then
 * completed; 204 still processing; 205 sent twice, completed.
 */
static void
test_payouts(void)
{
	struct itc_wallet w;
	struct it_resp r;
	char p[7][64], path[128], want[200];
	static const int sfx[7] = { 200, 201, 202, 204, 205, 210, 555 };
	size_t i, k;

	for (k = 0; k < NELEM(paystack_nets); k++) {
		itc_payout_wallet(&w, "ps_pay", "verified");
		itc_fund(&w, "100");
		for (i = 0; i < 7; i++)
			CU_ASSERT_EQUAL(itc_pay_to(&w, paystack_nets[k], sfx[i], p[i]),
			    sfx[i] == 200 ? 502 : 201);
		for (i = 0; i < 3; i++) {
			CU_ASSERT_EQUAL(it_worker("payouts"), 0);
			/* time passes: the backoff, and 205's resend grace
			 * after its send in doubt (t_payouts checks the grace) */
			it_db_exec("UPDATE payouts SET next_check_at = UTC_TIMESTAMP(6), in_doubt_at = "
			    "in_doubt_at - INTERVAL 1 HOUR WHERE status = 'processing' AND id IN (?, ?)",
			    p[3], p[4]);
		}
		itc_expect_payout(p[0], "failed");
		itc_expect_payout(p[1], "failed");
		itc_expect_payout(p[2], "completed");
		itc_expect_payout(p[3], "processing");
		itc_expect_payout(p[4], "completed");
		itc_expect_payout(p[5], "failed");
		itc_expect_payout(p[6], "completed");
		CU_ASSERT_EQUAL(itc_refunds_of(p[0]), 1);
		CU_ASSERT_EQUAL(itc_refunds_of(p[1]), 1);
		CU_ASSERT_EQUAL(itc_refunds_of(p[5]), 1);
		CU_ASSERT_EQUAL(itc_refunds_of(p[6]), 0);
		CU_ASSERT_EQUAL(it_db_scalar("SELECT sends FROM payouts WHERE id = ?", p[4], NULL), 2);
		CU_ASSERT_EQUAL(it_db_scalar("SELECT m.sends FROM payouts p JOIN sim_momo_transfers m "
		    "ON m.reference = p.provider_ref WHERE p.id = ? AND m.api = 'paystack'", p[2],
		    NULL), 1);
		snprintf(path, sizeof(path), "/api/transactions/%s", p[1]);
		CU_ASSERT_EQUAL(itc_get(&w, path, &r), 200);
		CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "failureReason"),
		    failed_as("TRANSFER", "INTERNAL_PROCESSING_ERROR", want, sizeof(want)));
		it_resp_free(&r);
		CU_ASSERT_EQUAL(it_worker("reconcile"), 0);
		itc_wallet_free(&w);
	}
}

/* ---- webhooks ---- */

/* body signed with key, as Paystack signs it, into sig (129 bytes). */
static void
sign(const char *key, const char *body, char sig[129])
{
	CU_ASSERT_EQUAL_FATAL(paystack_sign(key, body, strlen(body), sig), 0);
}

static long
webhook(const char *body, const char *sig, struct it_resp *r)
{
	char line[160];
	const char *h[3] = { "Content-Type: application/json", line, NULL };

	if (sig != NULL)
		snprintf(line, sizeof(line), "x-paystack-signature: %s", sig);
	else
		h[1] = NULL;
	CU_ASSERT_EQUAL_FATAL(it_http("POST", "/v1/providers/paystack/webhook", h, body,
	    strlen(body), r), 0);
	return r->status;
}

static long long
due_now(const char *pid)
{
	return it_db_scalar("SELECT COUNT(*) FROM payouts WHERE id = ? AND "
	    "next_check_at <= UTC_TIMESTAMP(6)", pid, NULL);
}

static void
not_due(const char *pid)
{
	it_db_exec("UPDATE payouts SET next_check_at = UTC_TIMESTAMP(6) + INTERVAL 1 HOUR "
	    "WHERE id = ?", pid, NULL);
}

/*
 * The simulator's signed webhook for a settled TELECEL transfer makes its
 * payout due; verify completes it.
 */
static void
test_webhook_heard(void)
{
	struct itc_wallet w;
	char pid[64], line[1024];

	itc_payout_wallet(&w, "ps_hook", "verified");
	itc_fund(&w, "50");
	CU_ASSERT_EQUAL_FATAL(itc_pay_to(&w, "TELECEL", 555, pid), 201);
	not_due(pid);
	CU_ASSERT_EQUAL(it_worker("sandbox_providers"), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM sim_momo_transfers WHERE reference = "
	    "(SELECT provider_ref FROM payouts WHERE id = ?) AND callback_at IS NOT NULL AND "
	    "callback_url LIKE '%/v1/providers/paystack/webhook'", pid, NULL), 1);
	CU_ASSERT_EQUAL(due_now(pid), 1);
	CU_ASSERT_EQUAL(it_log_find("paystack webhook TELECEL", "is due for a status query",
	    line, sizeof(line)), 0);
	itc_expect_payout(pid, "processing");
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	itc_expect_payout(pid, "completed");
	itc_wallet_free(&w);
}

/*
 * A webhook with no signature, or signed with another key, is 401 and
 * changes nothing; a signed "transfer.success" for a transfer verify says
 * failed (201) is only a hint: the payout fails and is refunded once.
 */
static void
test_webhook_forged(void)
{
	struct itc_wallet w;
	struct it_resp r;
	char pid[64], ref[64], body[512], sig[129];

	itc_payout_wallet(&w, "ps_forged", "verified");
	itc_fund(&w, "50");
	CU_ASSERT_EQUAL_FATAL(itc_pay_to(&w, "AIRTELTIGO", 201, pid), 201);
	not_due(pid);
	CU_ASSERT_EQUAL_FATAL(it_db_text("SELECT provider_ref FROM payouts WHERE id = ?", pid,
	    NULL, ref, sizeof(ref)), 0);
	snprintf(body, sizeof(body), "{\"event\":\"transfer.success\",\"data\":{\"reference\":"
	    "\"%s\",\"status\":\"success\",\"amount\":1000,\"currency\":\"GHS\"}}", ref);
	CU_ASSERT_EQUAL(webhook(body, NULL, &r), 401);
	it_assert_partner_error(&r, 401, "UNAUTHORIZED", "no signature");
	it_resp_free(&r);
	sign("sk_test_not_ours", body, sig);
	CU_ASSERT_EQUAL(webhook(body, sig, &r), 401);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(due_now(pid), 0);
	sign(net_conf("AIRTELTIGO")->secret_key, body, sig);
	CU_ASSERT_EQUAL(webhook(body, sig, &r), 200);
	CU_ASSERT(json_is_true(json_object_get(json_object_get(r.json, "data"), "received")));
	it_resp_free(&r);
	CU_ASSERT_EQUAL(due_now(pid), 1);
	itc_expect_payout(pid, "processing");
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	itc_expect_payout(pid, "failed");
	CU_ASSERT_EQUAL(itc_refunds_of(pid), 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM ledger_transactions WHERE ref_id = ? "
	    "AND kind = 'payout.completed'", pid, NULL), 0);
	/* again, after it settled: 200, nothing changes */
	CU_ASSERT_EQUAL(webhook(body, sig, &r), 200);
	it_resp_free(&r);
	itc_expect_payout(pid, "failed");
	CU_ASSERT_EQUAL(itc_refunds_of(pid), 1);
	itc_wallet_free(&w);
}

/* Bodies without an event or reference are 400 (signed); a signed one for
 * an unknown reference is 200 and logged; a signature off by one digit is
 * 401. */
static void
test_webhook_bad(void)
{
	static const char *const bad[] = {
		"{}", "{\"event\":\"transfer.success\"}", "{\"data\":{\"reference\":\"x\"}}",
		"{\"event\":\"transfer.success\",\"data\":{\"reference\":42}}",
		"{\"event\":\"transfer.success\",\"data\":{\"reference\":\"\"}}", "[]",
	};
	const char *key = net_conf("TELECEL")->secret_key;
	struct it_resp r;
	char body[256], sig[129], unknown[64], line[1024];
	size_t i;

	for (i = 0; i < NELEM(bad); i++) {
		sign(key, bad[i], sig);
		CU_ASSERT_EQUAL(webhook(bad[i], sig, &r), 400);
		it_assert_partner_error(&r, 400, "VALIDATION_ERROR", bad[i]);
		it_resp_free(&r);
	}
	it_unique("ps_unknown", unknown, sizeof(unknown));
	snprintf(body, sizeof(body), "{\"event\":\"transfer.failed\",\"data\":{\"reference\":"
	    "\"%s\"}}", unknown);
	sign(key, body, sig);
	CU_ASSERT_EQUAL(webhook(body, sig, &r), 200);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_log_find(unknown, "ignored", line, sizeof(line)), 0);
	sig[0] = sig[0] == '0' ? '1' : '0';
	CU_ASSERT_EQUAL(webhook(body, sig, &r), 401);
	it_resp_free(&r);
	/* not JSON: refused before the signature matters */
	CU_ASSERT_EQUAL(webhook("not json", sig, &r), 400);
	it_resp_free(&r);
}

int
it_suite_paystack(void)
{
	static const struct tu_test tests[] = {
		{ "Paystack's Node SDK accepts the simulator", test_sdk_client },
		{ "resolve: the magic suffixes on both networks", test_resolve_magic },
		{ "transfer: every suffix on both networks, pesewas exact", test_transfer_magic },
		{ "transfer 205 lost, sent again, then duplicate; bad amounts", test_lost_first_send },
		{ "charge: every suffix on both networks; OTP refused", test_charge_magic },
		{ "balance: moves with a transfer; a wrong key answers nothing", test_balance },
		{ "payouts on Paystack: settled, refunded once, reasons shown", test_payouts },
		{ "webhook: the simulator's signed webhook makes it due", test_webhook_heard },
		{ "webhook: unsigned or forged settles nothing", test_webhook_forged },
		{ "webhook: bad bodies 400, unknown reference 200 and logged", test_webhook_bad },
	};

	return tu_add_suite("Paystack adapter", suite_init, NULL, tests, NELEM(tests));
}
