/*
 * The back office's payouts held for review (docs/console.md, "Back
 * office") against the real stack: a partner's withdrawal whose provider
 * paid another amount (the sandbox's number 207) is held; every
 * back-office role lists it; only the operator settles it, with a reason,
 * as `cediramp-admin payout resolve` would (its withdrawal completes, the
 * review says who, the audit keeps the reason), once: the other decision
 * then 409. Every bad input and every other role's attempt changes
 * nothing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "itc.h"
#include "itc_console.h"
#include "itc_ops.h"

#define HELD "/console/api/ops/payouts/held"

/* A partner's withdrawal held for review: its payout id into pid. */
static void
held_payout(char *pid, size_t cap)
{
	struct itc_partner p;
	char body[400], phone[20], ref[64], id[64];
	struct it_resp r;

	itc_partner_new(&p, "enterprise", 0);
	itc_phone(207, phone, sizeof(phone));
	it_unique("ops-held", ref, sizeof(ref));
	snprintf(body, sizeof(body), "{\"amount\":\"5\",\"currency\":\"USDT\",\"recipient_phone\":"
	    "\"%s\",\"mobile_network\":\"MTN\",\"reference_id\":\"%s\"}", phone, ref);
	CU_ASSERT_EQUAL_FATAL(itc_partner_send(&p, "POST", "/v1/withdrawals", body, &r), 201);
	snprintf(id, sizeof(id), "%s", it_str(json_object_get(r.json, "data"), "withdrawal_id") ?
	    it_str(json_object_get(r.json, "data"), "withdrawal_id") : "");
	it_resp_free(&r);
	itc_withdrawal_held(id, pid, cap);
}

/* The back-office records with a reason. */
static long long
reasons(void)
{
	return it_db_scalar("SELECT COUNT(*) FROM console_audit WHERE reason IS NOT NULL", NULL,
	    NULL);
}

/* The held list as s reads it has pid (1), with status; 0 when not. */
static int
listed(const struct con_sess *s, const char *pid, const char **status, struct it_resp *r)
{
	json_t *v;
	size_t i;

	con_call("GET", HELD, NULL, s, NULL, r);
	CU_ASSERT_EQUAL(r->status, 200);
	json_array_foreach(json_object_get(r->json, "data"), i, v)
		if (it_str(v, "payout_id") && strcmp(it_str(v, "payout_id"), pid) == 0) {
			*status = it_str(v, "status");
			return 1;
		}
	return 0;
}

/* The review of pid as one text: decision|reason|resolved_by's start. */
static void
review_of(const char *pid, char *out, size_t cap)
{
	out[0] = '\0';
	(void)it_db_text("SELECT CONCAT(IFNULL(r.decision, ''), '|', IFNULL(r.reason, ''), '|', "
	    "LEFT(IFNULL(r.resolved_by, ''), 10)) FROM payout_reviews r WHERE r.payout_id = ?",
	    pid, NULL, out, cap);
}

static void
test_held_resolved(void)
{
	static const char *const readers[] = { "read-only", "compliance", "finance" };
	struct con_sess op, s;
	struct it_resp r;
	char uri[1100], pid[64], path[200], got[400];
	const char *st = NULL;
	long long audit;
	size_t i;

	held_payout(pid, sizeof(pid));
	itc_ops_member("operator", &op, uri, sizeof(uri));
	CU_ASSERT_EQUAL(listed(&op, pid, &st, &r), 1);
	CU_ASSERT(st != NULL && strcmp(st, "processing") == 0);
	it_resp_free(&r);
	snprintf(path, sizeof(path), "/console/api/ops/payouts/%s/resolve", pid);
	/* the others read it and may not settle it */
	audit = reasons();
	for (i = 0; i < NELEM(readers); i++) {
		itc_ops_member(readers[i], &s, uri, sizeof(uri));
		CU_ASSERT_EQUAL(listed(&s, pid, &st, &r), 1);
		it_resp_free(&r);
		con_refused("POST", path, "{\"decision\":\"complete\",\"reason\":\"not mine\"}", &s,
		    403, "forbidden", readers[i]);
	}
	con_signup("Held Curious Ltd", &s);
	con_refused("GET", HELD, NULL, &s, 403, "forbidden", "a partner's owner");
	itc_expect_payout(pid, "processing");
	review_of(pid, got, sizeof(got));
	CU_ASSERT_STRING_EQUAL(got, "||");
	CU_ASSERT_EQUAL(reasons(), audit);

	/* the operator completes it: the payout and its withdrawal complete */
	con_call("POST", path, "{\"decision\":\"complete\",\"reason\":\"MTN statement shows it paid\"}",
	    &op, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	CU_ASSERT(json_is_true(json_object_get(json_object_get(r.json, "data"), "changed")));
	it_resp_free(&r);
	itc_expect_payout(pid, "completed");
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM withdrawals WHERE payout_id = ? "
	    "AND status = 'completed'", pid, NULL), 1);
	review_of(pid, got, sizeof(got));
	CU_ASSERT_STRING_EQUAL(got, "complete|MTN statement shows it paid|console cu");
	CU_ASSERT_EQUAL(itc_ops_audited(&op, "payout.resolve", pid, "MTN statement shows it paid"),
	    1);
	CU_ASSERT_EQUAL(listed(&op, pid, &st, &r), 0);
	it_resp_free(&r);
	/* the same again: nothing left to do, nothing audited; the other: 409 */
	con_call("POST", path, "{\"decision\":\"complete\",\"reason\":\"again\"}", &op, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	CU_ASSERT(json_is_false(json_object_get(json_object_get(r.json, "data"), "changed")));
	it_resp_free(&r);
	con_refused("POST", path, "{\"decision\":\"fail\",\"reason\":\"the other way\"}", &op, 409,
	    "invalid_state", "the other decision");
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM console_audit WHERE reason IN "
	    "('again', 'the other way')", NULL, NULL), 0);
	itc_expect_payout(pid, "completed");
	CU_ASSERT_EQUAL(itc_refunds_of(pid), 0);
}

/* Every bad input of resolve, as the operator sends it: nothing written. */
static void
test_bad_inputs(void)
{
	static const struct {
		const char *fmt, *body, *code;
		long status;
	} cases[] = {
		{ "/console/api/ops/payouts/%s/resolve", "{", "validation_error", 400 },
		{ "/console/api/ops/payouts/%s/resolve", "{}", "validation_error", 400 },
		{ "/console/api/ops/payouts/%s/resolve", "{\"reason\":\"r\"}", "validation_error", 400 },
		{ "/console/api/ops/payouts/%s/resolve", "{\"decision\":\"complete\"}",
		    "validation_error", 400 },
		{ "/console/api/ops/payouts/%s/resolve", "{\"decision\":\"refund\",\"reason\":\"r\"}",
		    "validation_error", 400 },
		{ "/console/api/ops/payouts/%s/resolve", "{\"decision\":true,\"reason\":\"r\"}",
		    "validation_error", 400 },
		{ "/console/api/ops/payouts/%s/resolve", "{\"decision\":\"fail\",\"reason\":\"\"}",
		    "validation_error", 400 },
		{ "/console/api/ops/payouts/%s/resolve", "{\"decision\":\"fail\",\"reason\":\"  \"}",
		    "validation_error", 400 },
		{ "/console/api/ops/payouts/%s/resolve", "{\"decision\":\"fail\",\"reason\":\"a\\u0000\"}",
		    "validation_error", 400 },
		{ "/console/api/ops/payouts/%s/resolve", "{\"decision\":\"fail\",\"reason\":\"r\","
		    "\"now\":1}", "validation_error", 400 },
		{ "/console/api/ops/payouts/po_nope/resolve", "{\"decision\":\"fail\",\"reason\":\"r\"}",
		    "not_found", 404 },
		{ "/console/api/ops/payouts/nope/resolve", "{\"decision\":\"fail\",\"reason\":\"r\"}",
		    "not_found", 404 },
	};
	struct con_sess op;
	char uri[1100], pid[64], path[200], got[400];
	long long audit;
	size_t i;

	held_payout(pid, sizeof(pid));
	itc_ops_member("operator", &op, uri, sizeof(uri));
	audit = reasons();
	for (i = 0; i < NELEM(cases); i++) {
		snprintf(path, sizeof(path), cases[i].fmt, pid);
		con_refused("POST", path, cases[i].body, &op, cases[i].status, cases[i].code, path);
	}
	con_refused("GET", HELD "?limit=5", NULL, &op, 400, "validation_error", "a query");
	con_refused("DELETE", HELD, NULL, &op, 405, "method_not_allowed", "DELETE");
	itc_expect_payout(pid, "processing");
	review_of(pid, got, sizeof(got));
	CU_ASSERT_STRING_EQUAL(got, "||");
	CU_ASSERT_EQUAL(reasons(), audit);
	/* settled, so no later test finds it held */
	snprintf(path, sizeof(path), "/console/api/ops/payouts/%s/resolve", pid);
	CU_ASSERT_EQUAL(con_status_of("POST", path, "{\"decision\":\"fail\",\"reason\":\"test over\"}",
	    &op), 200);
	itc_expect_payout(pid, "failed");
}

int
it_suite_console_ops_payouts(void)
{
	static const struct tu_test tests[] = {
		{ "a held payout listed to every role, settled once by the operator with a reason",
		    test_held_resolved },
		{ "resolve's bad inputs, nothing written", test_bad_inputs },
	};

	return tu_add_suite("console ops payouts", NULL, NULL, tests, NELEM(tests));
}
