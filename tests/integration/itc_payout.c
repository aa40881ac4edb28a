/* Payout helpers shared by the payouts and payout float suites (itc.h). */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "itc.h"
#include "core/cfg.h"
#include "providers/momo.h"
#include "providers/momo_wire.h"
#include "providers/registry.h"
#include <stdlib.h>

void
itc_phone(int suffix, char *out, size_t cap)
{
	static unsigned n;

	snprintf(out, cap, "+23324%04u%03d", (unsigned)((getpid() + n++) % 10000), suffix);
}

void
itc_payout_wallet(struct itc_wallet *w, const char *prefix, const char *tier)
{
	itc_wallet(w, prefix, tier);
	itc_limit(w, "payouts", 1000);
	itc_limit(w, "beneficiaries", 1000);
	itc_limit(w, "convert", 1000);
}

void
itc_fund(const struct itc_wallet *w, const char *usdt)
{
	char qid[QUOTE_ID_MAX], cid[64];
	struct it_resp r;
	struct it_wait wt;

	itc_faucet(w, "USDT", usdt);
	CU_ASSERT_EQUAL_FATAL(itc_quote(w, "USDT", usdt, qid, NULL), 0);
	if (itc_convert(w, qid, usdt, "USDT", NULL, &r) != 201)
		fprintf(stderr, "itc_fund: convert: %ld %.300s\n", r.status, r.body ? r.body : "");
	CU_ASSERT_EQUAL_FATAL(r.status, 201);
	snprintf(cid, sizeof(cid), "%s", it_str(json_object_get(r.json, "data"), "conversionId"));
	it_resp_free(&r);
	/* 202, not yet confirmed on chain (a loaded machine): confirmed again
	 * shortly, as a client does */
	for (it_wait_start(&wt, "itc_fund: the conversion confirmed", 0);;) {
		if (itc_confirm(w, cid, NULL, &r) != 202 || !it_wait_next(&wt))
			break;
		it_resp_free(&r);
	}
	if (r.status != 200)
		fprintf(stderr, "itc_fund: confirm: %ld %.300s\n", r.status, r.body ? r.body : "");
	CU_ASSERT_EQUAL(r.status, 200);
	it_resp_free(&r);
}

void
itc_balances(const struct itc_wallet *w, char *available, char *pending)
{
	struct it_resp r;
	json_t *b;

	available[0] = pending[0] = '\0';
	CU_ASSERT_EQUAL_FATAL(itc_get(w, "/api/balances", &r), 200);
	b = json_array_get(json_object_get(r.json, "data"), 0);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(r.json, "data")), 1);
	CU_ASSERT_EQUAL(json_object_size(b), 3);
	CU_ASSERT_STRING_EQUAL(it_str(b, "currency"), "GHS");
	snprintf(available, 40, "%s", it_str(b, "available") ? it_str(b, "available") : "");
	snprintf(pending, 40, "%s", it_str(b, "pending") ? it_str(b, "pending") : "");
	it_resp_free(&r);
}

void
itc_ghs_sub(const char *a, const char *b, char *out, size_t cap)
{
	out[0] = '\0';
	CU_ASSERT_EQUAL(it_db_text("SELECT CAST(CAST(? AS DECIMAL(30,2)) - CAST(? AS "
	    "DECIMAL(30,2)) AS DECIMAL(30,2))", a, b, out, cap), 0);
}

long
itc_verify(const struct itc_wallet *w, const char *provider, const char *ph,
    const char *name, struct it_resp *r)
{
	char body[512];

	snprintf(body, sizeof(body), "{\"provider\":\"%s\",\"phone\":\"%s\",\"accountName\":\"%s\"}",
	    provider, ph, name);
	return itc_post(w, "/api/mobile-money/verify", NULL, body, r);
}

void
itc_beneficiary(const struct itc_wallet *w, const char *provider, int suffix, char *id)
{
	char ph[20];
	struct it_resp r;

	itc_phone(suffix, ph, sizeof(ph));
	CU_ASSERT_EQUAL_FATAL(itc_verify(w, provider, ph, "Kofi Mensah", &r), 201);
	snprintf(id, 40, "%s", it_str(json_object_get(r.json, "data"), "beneficiaryId"));
	it_resp_free(&r);
}

long
itc_transfer(const struct itc_wallet *w, const char *bid, const char *amount,
    const char *key, struct it_resp *r)
{
	char body[256];

	snprintf(body, sizeof(body), "{\"beneficiaryId\":\"%s\",\"amount\":\"%s\","
	    "\"currency\":\"GHS\"}", bid, amount);
	return itc_post(w, "/api/mobile-money/transfer", key, body, r);
}

long
itc_pay_to(const struct itc_wallet *w, const char *network, int suffix, char *pid)
{
	const char *id;
	char bid[40];
	struct it_resp r;
	long st;

	itc_beneficiary(w, network, suffix, bid);
	st = itc_transfer(w, bid, "10", NULL, &r);
	id = it_str(json_object_get(r.json, "data"), "transactionId");
	snprintf(pid, 64, "%s", id != NULL ? id : "");
	it_resp_free(&r);
	return st;
}

long long
itc_refunds_of(const char *pid)
{
	return it_db_scalar("SELECT COUNT(*) FROM ledger_transactions WHERE ref_id = ? "
	    "AND kind = 'payout.refund'", pid, NULL);
}

void
itc_expect_payout(const char *pid, const char *status)
{
	char got[32] = "";

	it_db_text("SELECT status FROM payouts WHERE id = ?", pid, NULL, got, sizeof(got));
	CU_ASSERT_STRING_EQUAL(got, status);
}

void
itc_new_ref(char *ref)
{
	CU_ASSERT_EQUAL_FATAL(momo_new_ref(ref), 0);
}

long long
itc_sends_of(const char *ref)
{
	return it_db_scalar("SELECT sends FROM sim_momo_transfers WHERE reference = ?",
	    ref, NULL);
}

int
itc_providers(struct cfg *c, struct providers *p)
{
	char err[256];

	cfg_defaults(c);
	if (cfg_load(it_env("CEDIRAMP_CONF"), c, err, sizeof(err)) != 0) {
		fprintf(stderr, "itc_providers: %s\n", err);
		return -1;
	}
	return providers_init(p, c) != 0 ? -1 : 0;
}

int
itc_run_client(const char *env, const char *client, char *out, size_t cap)
{
	char cmd[2048], path[600];
	size_t n;
	FILE *f;
	int rc;

	snprintf(path, sizeof(path), "%s.%s-%d.txt", it_env("CEDIRAMP_CONF"), client,
	    (int)getpid());
	snprintf(cmd, sizeof(cmd), "%s %s > '%s' 2>&1", env, it_env(client), path);
	rc = it_system(cmd);
	out[0] = '\n';
	out[1] = '\0';
	if ((f = fopen(path, "re")) != NULL) {
		n = fread(out + 1, 1, cap - 2, f);
		out[n + 1] = '\0';
		fclose(f);
		unlink(path);
	}
	if (rc != 0)
		fprintf(stderr, "%s:\n%s\n", client, out + 1);
	return rc;
}

/* Each of checks (NULL-ended) as an assertion: its `ok` line in out, or
 * the client's `FAIL` line for it as the failure's text, so a run's
 * summary says why (the log that holds the rest may be out of reach). */
void
itc_client_checks(const char *out, const char *const *checks)
{
	char want[600], why[900];
	const char *fail;
	size_t i, n;

	for (i = 0; checks[i] != NULL; i++) {
		snprintf(want, sizeof(want), "\nok %s", checks[i]);
		if (strstr(out, want) != NULL) {
			IT_CHECK(1, checks[i]);
			continue;
		}
		snprintf(want, sizeof(want), "\nFAIL %s", checks[i]);
		if ((fail = strstr(out, want)) == NULL) {
			snprintf(why, sizeof(why), "%s: not run", checks[i]);
		} else {
			n = strcspn(fail + 1, "\n");
			snprintf(why, sizeof(why), "%.*s", (int)(n < sizeof(why) - 1 ? n : sizeof(why) - 1),
			    fail + 1);
		}
		IT_CHECK(0, why);
	}
}

int
itc_client_ref(const char *out, const char *kind, char *ref)
{
	char want[64];
	const char *p;

	snprintf(want, sizeof(want), "\nref %s ", kind);
	if ((p = strstr(out, want)) == NULL || strlen(p + strlen(want)) < MOMO_REF_LEN)
		return -1;
	memcpy(ref, p + strlen(want), MOMO_REF_LEN);
	ref[MOMO_REF_LEN] = '\0';
	return momo_ref_valid(ref) ? 0 : -1;
}

int
itc_sim_at_once(void)
{
	char out[100];

	return it_admin("sim set momo.settle_seconds 0", out, sizeof(out)) != 0 ||
	    it_admin("sim set momo.drop_callbacks 0", out, sizeof(out)) != 0 ||
	    it_admin("sim set chain.confirm_seconds 0", out, sizeof(out)) != 0;
}

void
itc_withdrawal_worked(const char *id, const char *until)
{
	char q[300];
	int i;

	snprintf(q, sizeof(q), "SELECT COUNT(*) FROM payouts WHERE withdrawal_id = ? AND %s", until);
	/* the withdrawal's worker starts its payout; the payouts worker asks */
	for (i = 0; i < 6 && it_db_scalar(q, id, NULL) != 1; i++) {
		it_db_exec("UPDATE withdrawals SET next_check_at = UTC_TIMESTAMP(6), lease_until = "
		    "NULL WHERE id = ?", id, NULL);
		/* time passes: the backoff, a resend's grace, a lease */
		it_db_exec("UPDATE payouts SET next_check_at = UTC_TIMESTAMP(6), lease_until = "
		    "NULL, in_doubt_at = in_doubt_at - INTERVAL 1 HOUR WHERE withdrawal_id = ?", id,
		    NULL);
		CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	}
}

void
itc_withdrawal_held(const char *id, char *pid, size_t cap)
{
	/* the simulators at once, whichever suites ran before (or none) */
	CU_ASSERT_EQUAL_FATAL(itc_sim_at_once(), 0);
	itc_withdrawal_worked(id, "held_at IS NOT NULL");
	CU_ASSERT_EQUAL_FATAL(it_db_text("SELECT id FROM payouts WHERE withdrawal_id = ? AND "
	    "held_at IS NOT NULL", id, NULL, pid, cap), 0);
}
