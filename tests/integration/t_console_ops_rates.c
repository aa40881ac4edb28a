/*
 * The back office's rates and chain (docs/console.md, "Back office")
 * against the real stack: every back-office role reads each source
 * coin's rate with its age and source (as `cediramp-admin rate list`
 * reads them); only the operator sets one, with a reason, as `rate set`
 * does (the same coins, the same exact decimal rules; source "console";
 * the audit keeps the reason); the chain's status (`chain status`'s: on
 * these stacks the sandbox's simulator, which answers, and the service's
 * transactions pending). Every other role, a partner's people and every
 * bad input change nothing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "itc.h"
#include "itc_console.h"
#include "itc_ops.h"

#define RATES "/console/api/ops/rates"
#define CHAIN "/console/api/ops/chain"
#define SIGNER "/console/api/ops/signer"

/* The coin the tests set, and what it held before. */
#define COIN "USDC_E"
static char saved_rate[64], saved_source[80];

/* COIN's rate row as one text: rate|source. */
static void
rate_row(char *out, size_t cap)
{
	out[0] = '\0';
	(void)it_db_text("SELECT CONCAT(rate, '|', source) FROM fx_rates WHERE pair = ?",
	    COIN "/GHS", NULL, out, cap);
}

/* COIN's rate back as it was (its time now: fresh, as the suite found it). */
static void
restore_rate(void *unused)
{
	(void)unused;
	(void)it_db_exec("UPDATE fx_rates SET rate = ?, source = ?, updated_at = "
	    "UTC_TIMESTAMP(6) WHERE pair = '" COIN "/GHS'", saved_rate, saved_source);
}

/* The back-office records with a reason. */
static long long
reasons(void)
{
	return it_db_scalar("SELECT COUNT(*) FROM console_audit WHERE reason IS NOT NULL", NULL,
	    NULL);
}

/* coin's entry in the rates s reads (a new reference), or NULL. */
static json_t *
rate_of(const struct con_sess *s, const char *coin)
{
	struct it_resp r;
	json_t *v, *found = NULL;
	size_t i;

	con_call("GET", RATES, NULL, s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	json_array_foreach(json_object_get(r.json, "data"), i, v)
		if (it_strcmp(it_str(v, "coin"), coin) == 0)
			found = json_incref(v);
	it_resp_free(&r);
	return found;
}

/* Every role reads the five coins; the operator sets one with a reason:
 * stored from source console, shown fresh, audited. */
static void
test_rates(void)
{
	static const char *const roles[] = { "read-only", "compliance", "finance", "operator" };
	static const char *const coins[] = { "USDT", "USDC", "USDC_E", "DAI", "GHSFIAT" };
	static const char *const keys[] = { "coin", "rate", "updated_at", "age_seconds", "source",
		"stale", NULL };
	struct con_sess s[NELEM(roles)];
	struct it_resp r;
	char uri[1100], stored[64], want[80];
	json_t *v;
	size_t i, j;

	CU_ASSERT_EQUAL_FATAL(it_db_text("SELECT rate FROM fx_rates WHERE pair = ?", COIN "/GHS",
	    NULL, saved_rate, sizeof(saved_rate)), 0);
	CU_ASSERT_EQUAL_FATAL(it_db_text("SELECT source FROM fx_rates WHERE pair = ?",
	    COIN "/GHS", NULL, saved_source, sizeof(saved_source)), 0);
	CU_ASSERT_EQUAL_FATAL(tu_defer(restore_rate, NULL), 0);
	for (i = 0; i < NELEM(roles); i++) {
		itc_ops_member(roles[i], &s[i], uri, sizeof(uri));
		con_call("GET", RATES, NULL, &s[i], NULL, &r);
		CU_ASSERT_EQUAL(r.status, 200);
		CU_ASSERT_EQUAL(json_array_size(json_object_get(r.json, "data")), NELEM(coins));
		json_array_foreach(json_object_get(r.json, "data"), j, v) {
			char sql[200];

			itc_assert_keys(v, keys, roles[i]);
			/* as the table holds it */
			snprintf(sql, sizeof(sql), "SELECT COUNT(*) FROM fx_rates WHERE pair = "
			    "CONCAT(?, '/GHS') AND rate = ? AND source = '%.60s'", it_str(v, "source") ?
			    it_str(v, "source") : "");
			CU_ASSERT_EQUAL(it_db_scalar(sql, it_str(v, "coin"), it_str(v, "rate")), 1);
			CU_ASSERT(json_is_integer(json_object_get(v, "age_seconds")));
			CU_ASSERT(json_is_boolean(json_object_get(v, "stale")));
		}
		for (j = 0; j < NELEM(coins); j++)
			CU_ASSERT_STRING_EQUAL(it_str(json_array_get(json_object_get(r.json, "data"), j),
			    "coin"), coins[j]);
		it_resp_free(&r);
	}
	/* the operator sets it: as `rate set` stores it, from source console */
	con_call("POST", "/console/api/ops/rates/" COIN, "{\"rate\":\"15.123\",\"reason\":"
	    "\"Binance P2P median moved\"}", &s[3], NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	v = json_object_get(r.json, "data");
	itc_assert_keys(v, keys, "the set rate");
	CU_ASSERT_STRING_EQUAL(it_str(v, "coin"), COIN);
	CU_ASSERT_STRING_EQUAL(it_str(v, "rate"), "15.12300000");
	CU_ASSERT_STRING_EQUAL(it_str(v, "source"), "console");
	CU_ASSERT(json_integer_value(json_object_get(v, "age_seconds")) <= 5);
	CU_ASSERT(json_is_false(json_object_get(v, "stale")));
	it_resp_free(&r);
	rate_row(stored, sizeof(stored));
	CU_ASSERT_STRING_EQUAL(stored, "15.12300000|console");
	CU_ASSERT_EQUAL(itc_ops_audited(&s[3], "rate.set", COIN, "Binance P2P median moved"), 1);
	/* every role then reads it */
	v = rate_of(&s[0], COIN);
	CU_ASSERT_STRING_EQUAL(it_str(v, "rate"), "15.12300000");
	CU_ASSERT_STRING_EQUAL(it_str(v, "source"), "console");
	json_decref(v);
	/* the same rate again is set again (its time renewed), as `rate set` does */
	CU_ASSERT_EQUAL(con_status_of("POST", "/console/api/ops/rates/" COIN, "{\"rate\":"
	    "\"15.12300000\",\"reason\":\"still right\"}", &s[3]), 200);
	CU_ASSERT_EQUAL(itc_ops_audited(&s[3], "rate.set", COIN, "still right"), 1);
	snprintf(want, sizeof(want), "%s", "15.12300000|console");
	rate_row(stored, sizeof(stored));
	CU_ASSERT_STRING_EQUAL(stored, want);
}

/* Every role without ops-rates, and a partner's people: refused, the
 * rate and the audit unchanged. */
static void
test_refused(void)
{
	static const char *const roles[] = { "read-only", "compliance", "finance" };
	struct con_sess s, owner;
	char uri[1100], before[200], after[200];
	long long audit = reasons();
	size_t i;

	rate_row(before, sizeof(before));
	for (i = 0; i < NELEM(roles); i++) {
		itc_ops_member(roles[i], &s, uri, sizeof(uri));
		con_refused("POST", "/console/api/ops/rates/" COIN, "{\"rate\":\"99\",\"reason\":"
		    "\"not mine\"}", &s, 403, "forbidden", roles[i]);
	}
	con_signup("Rates Curious Ltd", &owner);
	con_refused("GET", RATES, NULL, &owner, 403, "forbidden", "a partner's owner: rates");
	con_refused("POST", "/console/api/ops/rates/" COIN, "{\"rate\":\"99\",\"reason\":\"mine\"}",
	    &owner, 403, "forbidden", "a partner's owner: set");
	con_refused("GET", CHAIN, NULL, &owner, 403, "forbidden", "a partner's owner: chain");
	con_refused("GET", SIGNER, NULL, &owner, 403, "forbidden", "a partner's owner: signer");
	con_refused("GET", RATES, NULL, NULL, 401, "unauthorized", "no session");
	con_refused("GET", CHAIN, NULL, NULL, 401, "unauthorized", "no session");
	con_refused("GET", SIGNER, NULL, NULL, 401, "unauthorized", "no session");
	rate_row(after, sizeof(after));
	CU_ASSERT_STRING_EQUAL(after, before);
	CU_ASSERT_EQUAL(reasons(), audit);
}

/* Every bad input of the set, as the operator sends it: nothing written. */
static void
test_bad_inputs(void)
{
	static const struct {
		const char *path, *body, *code;
		long status;
	} cases[] = {
		{ "/" COIN, "{", "validation_error", 400 },
		{ "/" COIN, "[]", "validation_error", 400 },
		{ "/" COIN, "{}", "validation_error", 400 },
		{ "/" COIN, "{\"reason\":\"r\"}", "validation_error", 400 },
		{ "/" COIN, "{\"rate\":\"15.1\"}", "validation_error", 400 },
		{ "/" COIN, "{\"rate\":15.1,\"reason\":\"r\"}", "validation_error", 400 },
		{ "/" COIN, "{\"rate\":null,\"reason\":\"r\"}", "validation_error", 400 },
		{ "/" COIN, "{\"rate\":\"\",\"reason\":\"r\"}", "validation_error", 400 },
		{ "/" COIN, "{\"rate\":\"0\",\"reason\":\"r\"}", "validation_error", 400 },
		{ "/" COIN, "{\"rate\":\"0.00000000\",\"reason\":\"r\"}", "validation_error", 400 },
		{ "/" COIN, "{\"rate\":\"-15.1\",\"reason\":\"r\"}", "validation_error", 400 },
		{ "/" COIN, "{\"rate\":\"1e2\",\"reason\":\"r\"}", "validation_error", 400 },
		{ "/" COIN, "{\"rate\":\"15.123456789\",\"reason\":\"r\"}", "validation_error", 400 },
		{ "/" COIN, "{\"rate\":\"1234567\",\"reason\":\"r\"}", "validation_error", 400 },
		{ "/" COIN, "{\"rate\":\"15,1\",\"reason\":\"r\"}", "validation_error", 400 },
		{ "/" COIN, "{\"rate\":\" 15.1\",\"reason\":\"r\"}", "validation_error", 400 },
		{ "/" COIN, "{\"rate\":\"15.1\\u00009\",\"reason\":\"r\"}", "validation_error", 400 },
		{ "/" COIN, "{\"rate\":\"abc\",\"reason\":\"r\"}", "validation_error", 400 },
		{ "/" COIN, "{\"rate\":\"15.1\",\"reason\":\"\"}", "validation_error", 400 },
		{ "/" COIN, "{\"rate\":\"15.1\",\"reason\":\"   \"}", "validation_error", 400 },
		{ "/" COIN, "{\"rate\":\"15.1\",\"reason\":\"%s\"}", "validation_error", 400 },
		{ "/" COIN, "{\"rate\":\"15.1\",\"reason\":[]}", "validation_error", 400 },
		{ "/" COIN, "{\"rate\":\"15.1\",\"reason\":\"a\\u0000b\"}", "validation_error", 400 },
		{ "/" COIN, "{\"rate\":\"15.1\",\"reason\":\"r\",\"source\":\"feed\"}",
		    "validation_error", 400 },
		{ "/" COIN, "{\"rate\":\"15.1\",\"rate\":\"16\",\"reason\":\"r\"}", "validation_error",
		    400 },
		{ "/BTC", "{\"rate\":\"15.1\",\"reason\":\"r\"}", "not_found", 404 },
		{ "/GHS", "{\"rate\":\"15.1\",\"reason\":\"r\"}", "not_found", 404 },
		{ "/usdt", "{\"rate\":\"15.1\",\"reason\":\"r\"}", "not_found", 404 },
	};
	struct con_sess op;
	char uri[1100], long_text[202], path[200], body[500], before[200], after[200];
	long long audit, rows;
	size_t i;

	itc_ops_member("operator", &op, uri, sizeof(uri));
	memset(long_text, 'x', 201);
	long_text[201] = '\0';
	rate_row(before, sizeof(before));
	audit = reasons();
	rows = it_db_scalar("SELECT COUNT(*) FROM fx_rates", NULL, NULL);
	for (i = 0; i < NELEM(cases); i++) {
		const char *s = strstr(cases[i].body, "%s");

		snprintf(path, sizeof(path), RATES "%s", cases[i].path);
		if (s != NULL)
			snprintf(body, sizeof(body), "%.*s%s%s", (int)(s - cases[i].body), cases[i].body,
			    long_text, s + 2);
		else
			snprintf(body, sizeof(body), "%s", cases[i].body);
		con_refused("POST", path, body, &op, cases[i].status, cases[i].code, body);
	}
	con_refused("GET", RATES "?coin=USDT", NULL, &op, 400, "validation_error", "a query");
	con_refused("GET", RATES "/" COIN, NULL, &op, 405, "method_not_allowed", "GET one");
	con_refused("DELETE", RATES, NULL, &op, 405, "method_not_allowed", "DELETE");
	con_refused("GET", CHAIN "?fresh=1", NULL, &op, 400, "validation_error", "a query");
	con_refused("POST", CHAIN, "{}", &op, 405, "method_not_allowed", "POST chain");
	con_refused("GET", SIGNER "?limit=5", NULL, &op, 400, "validation_error", "a query");
	con_refused("POST", SIGNER, "{}", &op, 405, "method_not_allowed", "POST signer");
	con_refused("DELETE", SIGNER, NULL, &op, 405, "method_not_allowed", "DELETE signer");
	rate_row(after, sizeof(after));
	CU_ASSERT_STRING_EQUAL(after, before);
	CU_ASSERT_EQUAL(reasons(), audit);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM fx_rates", NULL, NULL), rows);
}

/* GET path as a new member of role: 200, its data with exactly keys
 * (r holds the answer, the caller's to free). */
static json_t *
read_as(const char *role, const char *path, const char *const *keys, struct it_resp *r)
{
	struct con_sess s;
	char uri[1100];
	json_t *d;

	itc_ops_member(role, &s, uri, sizeof(uri));
	con_call("GET", path, NULL, &s, NULL, r);
	CU_ASSERT_EQUAL(r->status, 200);
	d = json_object_get(r->json, "data");
	itc_assert_keys(d, keys, role);
	return d;
}

/* Every role reads the chain's status: on these stacks the simulator,
 * which answers; its node without a path; the service's pending
 * transactions as the database counts them; no EVM fields. */
static void
test_chain(void)
{
	static const char *const roles[] = { "read-only", "compliance", "finance", "operator" };
	static const char *const keys[] = { "adapter", "node", "reachable", "chain_id",
		"chain_id_checked", "head_block", "head_age_seconds", "operator_address",
		"gas_balance", "nonce_database_next", "nonce_node_pending", "pending_transactions",
		"gateway", "treasury", "custody", "custody_coins", NULL };
	static const char *const evm_only[] = { "chain_id", "head_block", "head_age_seconds",
		"operator_address", "gas_balance", "nonce_database_next", "nonce_node_pending",
		"gateway", "treasury", "custody", "custody_coins" };
	struct it_resp r;
	char out[600], err[300];
	const char *node;
	json_t *d;
	size_t i, j;

	/* the first web server, whose config the admin tool reads (on a
	 * cluster each node's chain endpoint is its own) */
	itc_ops_via_first_server();
	/* what the admin tool prints of the same chain */
	CU_ASSERT_EQUAL(it_admin_run("chain status", out, sizeof(out), err, sizeof(err)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "adapter   sim"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "transactions sent, not yet final"));
	for (i = 0; i < NELEM(roles); i++) {
		d = read_as(roles[i], CHAIN, keys, &r);
		CU_ASSERT_STRING_EQUAL(it_str(d, "adapter"), "sim");
		CU_ASSERT(json_is_true(json_object_get(d, "reachable")));
		CU_ASSERT(json_is_false(json_object_get(d, "chain_id_checked")));
		node = it_str(d, "node");
		/* the node's origin alone: no path (a provider's key may sit there) */
		CU_ASSERT(node != NULL && strncmp(node, "http://127.0.0.1:", 17) == 0 &&
		    strchr(node + 7, '/') == NULL);
		CU_ASSERT(node != NULL && strstr(out, node) != NULL);
		CU_ASSERT(json_is_integer(json_object_get(d, "pending_transactions")));
		CU_ASSERT_EQUAL(json_integer_value(json_object_get(d, "pending_transactions")),
		    it_db_scalar("SELECT COUNT(*) FROM chain_sends WHERE status = 'sent'", NULL,
		    NULL));
		for (j = 0; j < NELEM(evm_only); j++)
			CU_ASSERT(json_is_null(json_object_get(d, evm_only[j])));
		it_resp_free(&r);
	}
}

/* Every role reads the signer's holds and rotations: on these stacks
 * (the simulator, no signer) both as the database holds them, empty. */
static void
test_signer(void)
{
	static const char *const roles[] = { "read-only", "compliance", "finance", "operator" };
	static const char *const keys[] = { "held", "rotations", NULL };
	struct it_resp r;
	json_t *d;
	size_t i;

	for (i = 0; i < NELEM(roles); i++) {
		d = read_as(roles[i], SIGNER, keys, &r);
		CU_ASSERT(json_is_array(json_object_get(d, "held")));
		CU_ASSERT(json_is_array(json_object_get(d, "rotations")));
		CU_ASSERT_EQUAL((long long)json_array_size(json_object_get(d, "held")),
		    it_db_scalar("SELECT COUNT(*) FROM withdrawals WHERE status = 'pending' AND "
		    "signer_hold IS NOT NULL", NULL, NULL));
		CU_ASSERT_EQUAL((long long)json_array_size(json_object_get(d, "rotations")),
		    it_db_scalar("SELECT LEAST(COUNT(*), 10) FROM signer_rotations", NULL, NULL));
		it_resp_free(&r);
	}
}

int
it_suite_console_ops_rates(void)
{
	static const struct tu_test tests[] = {
		{ "every role reads the rates; the operator sets one with a reason", test_rates },
		{ "setting a rate refused to the other roles; partners refused rates and chain",
		    test_refused },
		{ "setting a rate's bad inputs, nothing written", test_bad_inputs },
		{ "every role reads the chain's status (the simulator)", test_chain },
		{ "every role reads the signer's holds and rotations (none here)", test_signer },
	};

	return tu_add_suite("console ops rates", NULL, NULL, tests, NELEM(tests));
}
