/*
 * Partners' funds: new sandbox partners start with 10,000 USDT and USDC
 * (not with --unfunded), the sandbox's deposit helper, an operator's
 * credit under a unique reference, and GET /v1/balances.
 */
#include <stdio.h>
#include <string.h>

#include "itc.h"

/* A new partner's key into key (200 bytes); --unfunded when unfunded. */
static void
partner(char *key, int unfunded, char *public_id)
{
	char args[200], name[64];
	int i;

	it_unique("Funds", name, sizeof(name));
	snprintf(args, sizeof(args), "partner create --name %s --tier verified --quiet%s",
	    name, unfunded ? " --unfunded" : "");
	CU_ASSERT_EQUAL_FATAL(it_admin(args, key, 200), 0);
	/* the public id, from the key's id (sk_test_ + 16 characters) */
	public_id[0] = '\0';
	CU_ASSERT_EQUAL(it_db_text("SELECT p.public_id FROM partners p JOIN api_keys k ON "
	    "k.partner_id = p.id WHERE k.key_id = SUBSTRING(?, 9, 16)", key, NULL, public_id,
	    64), 0);
	for (i = 0; key[i] != '\0'; i++)
		if (key[i] == '\n')
			key[i] = '\0';
}

/* GET /v1/balances: currency -> available and pending, into the arrays. */
static void
balances(const char *key, char avail[3][40], char pend[3][40])
{
	static const char *const want[] = { "USDT", "USDC", "GHS" };
	char auth[300];
	const char *h[] = { it_bearer(key, auth, sizeof(auth)), NULL };
	struct it_resp r;
	json_t *d;
	size_t i;

	CU_ASSERT_EQUAL_FATAL(it_http("GET", "/v1/balances", h, NULL, 0, &r), 0);
	CU_ASSERT_EQUAL(r.status, 200);
	d = json_object_get(r.json, "data");
	CU_ASSERT_EQUAL(json_array_size(d), 3);
	for (i = 0; i < 3; i++) {
		json_t *b = json_array_get(d, i);

		CU_ASSERT_EQUAL(json_object_size(b), 3);
		CU_ASSERT_STRING_EQUAL(it_str(b, "currency") ? it_str(b, "currency") : "", want[i]);
		snprintf(avail[i], 40, "%s", it_str(b, "available") ? it_str(b, "available") : "");
		snprintf(pend[i], 40, "%s", it_str(b, "pending") ? it_str(b, "pending") : "");
	}
	it_resp_free(&r);
}

static long
deposit(const char *key, const char *body, struct it_resp *r)
{
	char auth[300];
	const char *h[] = { it_bearer(key, auth, sizeof(auth)),
		"Content-Type: application/json", NULL };

	return it_http("POST", "/v1/sandbox/deposits", h, body, strlen(body), r) == 0 ?
	    r->status : -1;
}

static void
test_starting_funds(void)
{
	char key[200], unkey[200], pid[64], upid[64], avail[3][40], pend[3][40];

	partner(key, 0, pid);
	balances(key, avail, pend);
	CU_ASSERT_STRING_EQUAL(avail[0], "10000.000000");
	CU_ASSERT_STRING_EQUAL(avail[1], "10000.000000");
	CU_ASSERT_STRING_EQUAL(avail[2], "0.00");
	CU_ASSERT_STRING_EQUAL(pend[0], "0.000000");
	CU_ASSERT_STRING_EQUAL(pend[2], "0.00");
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM partner_deposits d JOIN partners p ON "
	    "p.id = d.partner_id WHERE p.public_id = ? AND d.source = 'seed'", pid, NULL), 2);
	partner(unkey, 1, upid);
	balances(unkey, avail, pend);
	CU_ASSERT_STRING_EQUAL(avail[0], "0.000000");
	CU_ASSERT_STRING_EQUAL(avail[1], "0.000000");
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM partner_deposits d JOIN partners p ON "
	    "p.id = d.partner_id WHERE p.public_id = ?", upid, NULL), 0);
	CU_ASSERT_EQUAL(it_worker("reconcile"), 0);
}

static void
test_sandbox_deposits(void)
{
	char key[200], pid[64], avail[3][40], pend[3][40];
	struct it_resp r;
	long long before;
	size_t i;
	json_t *d;
	static const struct { const char *body; long status; const char *code; } bad[] = {
		{ "{\"currency\":\"BTC\",\"amount\":\"10\"}", 400, "INVALID_CURRENCY" },
		{ "{\"currency\":\"GHS\",\"amount\":\"10\"}", 400, "INVALID_CURRENCY" },
		{ "{\"currency\":\"USDT\",\"amount\":\"0\"}", 400, "VALIDATION_ERROR" },
		{ "{\"currency\":\"USDT\",\"amount\":\"-1\"}", 400, "VALIDATION_ERROR" },
		{ "{\"currency\":\"USDT\",\"amount\":\"1.0000001\"}", 400, "VALIDATION_ERROR" },
		{ "{\"currency\":\"USDT\",\"amount\":\"1000000.000001\"}", 400, "VALIDATION_ERROR" },
		{ "{\"currency\":\"USDT\",\"amount\":10}", 400, "VALIDATION_ERROR" },
		{ "{\"currency\":\"USDT\"}", 400, "VALIDATION_ERROR" },
		{ "{\"currency\":\"USDT\",\"amount\":\"1\",\"x\":1}", 400, "VALIDATION_ERROR" },
		{ "{\"currency\":", 400, "VALIDATION_ERROR" },
	};

	partner(key, 1, pid);
	CU_ASSERT_EQUAL(deposit(key, "{\"currency\":\"USDT\",\"amount\":\"1000\"}", &r), 201);
	d = json_object_get(r.json, "data");
	CU_ASSERT_EQUAL(json_object_size(d), 4);
	CU_ASSERT(it_strncmp(it_str(d, "deposit_id") ? it_str(d, "deposit_id") : "", "dp_", 3) == 0);
	CU_ASSERT_STRING_EQUAL(it_str(d, "currency"), "USDT");
	CU_ASSERT_STRING_EQUAL(it_str(d, "amount"), "1000.000000");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(deposit(key, "{\"currency\":\"USDC\",\"amount\":\"0.5\"}", &r), 201);
	it_resp_free(&r);
	balances(key, avail, pend);
	CU_ASSERT_STRING_EQUAL(avail[0], "1000.000000");
	CU_ASSERT_STRING_EQUAL(avail[1], "0.500000");
	before = it_db_scalar("SELECT COUNT(*) FROM partner_deposits", NULL, NULL);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char where[48];

		snprintf(where, sizeof(where), "deposit row %zu", i);
		deposit(key, bad[i].body, &r);
		it_assert_partner_error(&r, bad[i].status, bad[i].code, where);
		it_resp_free(&r);
	}
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM partner_deposits", NULL, NULL), before);
	balances(key, avail, pend);
	CU_ASSERT_STRING_EQUAL(avail[0], "1000.000000");
	/* no key: 401 */
	CU_ASSERT_EQUAL(it_http("POST", "/v1/sandbox/deposits",
	    (const char *const[]){ "Content-Type: application/json", NULL }, "{}", 2, &r), 0);
	it_assert_partner_error(&r, 401, "UNAUTHORIZED", "deposit without a key");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_http("GET", "/v1/balances", NULL, NULL, 0, &r), 0);
	it_assert_partner_error(&r, 401, "UNAUTHORIZED", "balances without a key");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_worker("reconcile"), 0);
}

static void
test_operator_credit(void)
{
	char key[200], pid[64], avail[3][40], pend[3][40], args[300], out[300], ref[64];
	long long before;

	partner(key, 1, pid);
	it_unique("wire", ref, sizeof(ref));
	snprintf(args, sizeof(args), "partner credit %s USDC 2500.25 --reference %s", pid, ref);
	CU_ASSERT_EQUAL(it_admin(args, out, sizeof(out)), 0);
	balances(key, avail, pend);
	CU_ASSERT_STRING_EQUAL(avail[1], "2500.250000");
	/* the same deposit again: refused, nothing changes */
	before = it_db_scalar("SELECT COUNT(*) FROM ledger_entries", NULL, NULL);
	CU_ASSERT_NOT_EQUAL(it_admin(args, out, sizeof(out)), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM ledger_entries", NULL, NULL), before);
	balances(key, avail, pend);
	CU_ASSERT_STRING_EQUAL(avail[1], "2500.250000");
	/* bad partner, currency, amount, no reference: refused, nothing written */
	snprintf(args, sizeof(args), "partner credit pt_doesnotexist0000000000 USDT 1 --reference x%s", ref);
	CU_ASSERT_NOT_EQUAL(it_admin(args, out, sizeof(out)), 0);
	snprintf(args, sizeof(args), "partner credit %s DAI 1 --reference y%s", pid, ref);
	CU_ASSERT_NOT_EQUAL(it_admin(args, out, sizeof(out)), 0);
	snprintf(args, sizeof(args), "partner credit %s USDT 1e3 --reference z%s", pid, ref);
	CU_ASSERT_NOT_EQUAL(it_admin(args, out, sizeof(out)), 0);
	snprintf(args, sizeof(args), "partner credit %s USDT 1", pid);
	CU_ASSERT_NOT_EQUAL(it_admin(args, out, sizeof(out)), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM ledger_entries", NULL, NULL), before);
	CU_ASSERT_EQUAL(it_worker("reconcile"), 0);
}

int
it_suite_funds(void)
{
	static const struct tu_test tests[] = {
		{ "new sandbox partners start funded; --unfunded does not", test_starting_funds },
		{ "sandbox deposits: credited, every bad input refused", test_sandbox_deposits },
		{ "operator credit: once per reference; bad input writes nothing", test_operator_credit },
	};

	return tu_add_suite("partner funds", NULL, NULL, tests, NELEM(tests));
}
