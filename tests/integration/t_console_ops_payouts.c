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

	itc_ops_held_payout(pid, sizeof(pid));
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

	itc_ops_held_payout(pid, sizeof(pid));
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

/* ---- in doubt, a payout's page, retry now ---- */

/* A partner's withdrawal whose payout was sent, and which the provider
 * (the simulator, momo.settle_seconds an hour) leaves pending, made older
 * than console.ops_doubt_seconds and not due for an hour: in doubt. Its
 * payout id into pid. */
static void
doubtful_payout(char *pid, size_t cap)
{
	char id[64];

	CU_ASSERT_EQUAL_FATAL(itc_sim_at_once(), 0);
	it_sim_set("momo.settle_seconds", "3600");
	itc_ops_withdrawal(555, id, sizeof(id));
	/* the withdrawal's worker starts its payout; the payouts worker sends it */
	itc_withdrawal_worked(id, "status = 'processing' AND sends > 0");
	CU_ASSERT_EQUAL_FATAL(it_db_text("SELECT id FROM payouts WHERE withdrawal_id = ? AND "
	    "status = 'processing' AND sends > 0", id, NULL, pid, cap), 0);
	/* started 16 minutes ago, and not due before an hour from now */
	it_db_exec("UPDATE payouts SET processing_at = UTC_TIMESTAMP(6) - INTERVAL 16 MINUTE, "
	    "next_check_at = UTC_TIMESTAMP(6) + INTERVAL 1 HOUR, lease_until = NULL WHERE id = ?",
	    pid, NULL);
}

/* The provider (the simulator) settles payout pid's transfer now. */
static void
provider_pays(const char *pid)
{
	CU_ASSERT_EQUAL(it_db_exec("UPDATE sim_momo_transfers t JOIN payouts p ON "
	    "p.provider_ref = t.reference SET t.settle_at = UTC_TIMESTAMP(6) WHERE p.id = ?", pid,
	    NULL), 1);
}

/* pid is in the list at path as s reads it (its entry into *entry, a new
 * reference, when wanted): 1, else 0. */
static int
in_list(const struct con_sess *s, const char *path, const char *pid, json_t **entry)
{
	struct it_resp r;
	json_t *v;
	size_t i;
	int found = 0;

	con_call("GET", path, NULL, s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	json_array_foreach(json_object_get(r.json, "data"), i, v)
		if (!found && (it_str(v, "id") || it_str(v, "payout_id")) &&
		    strcmp(it_str(v, "id") ? it_str(v, "id") : it_str(v, "payout_id"), pid) == 0) {
			found = 1;
			if (entry != NULL)
				*entry = json_incref(v);
		}
	it_resp_free(&r);
	return found;
}

/* The page of pid as s reads it, its data into *page (a new reference). */
static long
page_of(const struct con_sess *s, const char *pid, json_t **page)
{
	char path[200];
	struct it_resp r;
	long status;

	snprintf(path, sizeof(path), "/console/api/ops/payouts/%s", pid);
	con_call("GET", path, NULL, s, NULL, &r);
	status = r.status;
	*page = json_incref(json_object_get(r.json, "data"));
	it_resp_free(&r);
	return status;
}

/* How many times the simulator saw payout pid's reference sent. */
static long long
sends_of(const char *pid)
{
	char ref[64] = "";

	(void)it_db_text("SELECT provider_ref FROM payouts WHERE id = ?", pid, NULL, ref,
	    sizeof(ref));
	return itc_sends_of(ref);
}

/* The number of pid's calls of operation that answered result. */
static long long
calls_of(const char *pid, const char *operation, const char *result)
{
	char q[300];

	snprintf(q, sizeof(q), "SELECT COUNT(*) FROM payout_calls WHERE payout_id = ? AND "
	    "operation = '%s' AND result = '%s'", operation, result);
	return it_db_scalar(q, pid, NULL);
}

/* A timeline's entries whose what starts with prefix. */
static size_t
timeline_has(const json_t *page, const char *prefix)
{
	json_t *v;
	size_t i, n = 0;

	json_array_foreach(json_object_get(page, "timeline"), i, v)
		if (it_str(v, "what") && strncmp(it_str(v, "what"), prefix, strlen(prefix)) == 0)
			n++;
	return n;
}

static void
test_in_doubt_retried(void)
{
	static const char *const readers[] = { "read-only", "compliance", "finance" };
	struct con_sess op, s;
	char uri[1100], pid[64], path[200];
	json_t *e = NULL, *page = NULL;
	struct it_resp r;
	long long audit, before;
	size_t i;

	doubtful_payout(pid, sizeof(pid));
	itc_ops_member("operator", &op, uri, sizeof(uri));
	CU_ASSERT_EQUAL_FATAL(in_list(&op, "/console/api/ops/payouts/in-doubt", pid, &e), 1);
	CU_ASSERT_STRING_EQUAL(it_str(e, "status"), "processing");
	CU_ASSERT_STRING_EQUAL(it_str(e, "network"), "MTN");
	CU_ASSERT_STRING_EQUAL(it_str(e, "owner_kind"), "withdrawal");
	CU_ASSERT(it_str(e, "account") && strncmp(it_str(e, "account"), "pt_", 3) == 0);
	CU_ASSERT(json_is_false(json_object_get(e, "due")));
	json_decref(e);
	/* its page: no call yet, the worker checks it at next_check_at */
	CU_ASSERT_EQUAL(page_of(&op, pid, &page), 200);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(page, "payout"), "id"), pid);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(page, "next"), "action"), "check_status");
	CU_ASSERT(it_str(json_object_get(page, "next"), "at") != NULL);
	CU_ASSERT_EQUAL(calls_of(pid, "transfer", "ok"), 1);
	CU_ASSERT(json_array_size(json_object_get(page, "calls")) >= 1);
	CU_ASSERT_EQUAL(timeline_has(page, "provider call transfer: ok"), 1);
	CU_ASSERT_EQUAL(timeline_has(page, "created"), 1);
	CU_ASSERT_EQUAL(timeline_has(page, "started"), 1);
	CU_ASSERT(timeline_has(page, "event withdrawal.") >= 1);
	json_decref(page);

	/* every role reads it; only the operator retries it */
	snprintf(path, sizeof(path), "/console/api/ops/payouts/%s/retry", pid);
	audit = reasons();
	for (i = 0; i < NELEM(readers); i++) {
		itc_ops_member(readers[i], &s, uri, sizeof(uri));
		CU_ASSERT_EQUAL(in_list(&s, "/console/api/ops/payouts/in-doubt", pid, NULL), 1);
		CU_ASSERT_EQUAL(page_of(&s, pid, &page), 200);
		json_decref(page);
		con_refused("POST", path, "{\"reason\":\"not mine\"}", &s, 403, "forbidden",
		    readers[i]);
	}
	con_signup("Doubt Curious Ltd", &s);
	con_refused("GET", "/console/api/ops/payouts/in-doubt", NULL, &s, 403, "forbidden",
	    "a partner's owner");
	snprintf(path, sizeof(path), "/console/api/ops/payouts/%s", pid);
	con_refused("GET", path, NULL, &s, 403, "forbidden", "a partner's owner, a payout");
	snprintf(path, sizeof(path), "/console/api/ops/payouts/%s/retry", pid);
	con_refused("POST", path, "{\"reason\":\"mine now\"}", &s, 403, "forbidden",
	    "a partner's owner, retry");
	CU_ASSERT_EQUAL(reasons(), audit);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payouts WHERE id = ? AND "
	    "next_check_at > UTC_TIMESTAMP(6) + INTERVAL 50 MINUTE", pid, NULL), 1);

	/* the operator: due now, audited; the worker asks the provider, which
	 * still has it pending: checked later again */
	before = calls_of(pid, "transfer_status", "ok");
	con_call("POST", path, "{\"reason\":\"MTN back after its outage\"}", &op, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "payout_id"), pid);
	CU_ASSERT(json_is_true(json_object_get(json_object_get(r.json, "data"), "due_now")));
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payouts WHERE id = ? AND "
	    "next_check_at <= UTC_TIMESTAMP(6)", pid, NULL), 1);
	CU_ASSERT_EQUAL(itc_ops_audited(&op, "payout.retry", pid, "MTN back after its outage"), 1);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	CU_ASSERT_EQUAL(calls_of(pid, "transfer_status", "ok"), before + 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payout_calls WHERE payout_id = ? AND "
	    "operation = 'transfer_status' AND state = 'pending'", pid, NULL), before + 1);
	itc_expect_payout(pid, "processing");
	/* the provider pays; retried again, the worker finds it paid */
	provider_pays(pid);
	CU_ASSERT_EQUAL(con_status_of("POST", path, "{\"reason\":\"MTN says it paid\"}", &op), 200);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	itc_expect_payout(pid, "completed");
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payout_calls WHERE payout_id = ? AND "
	    "operation = 'transfer_status' AND result = 'ok' AND state = 'successful'", pid, NULL),
	    1);
	CU_ASSERT_EQUAL(calls_of(pid, "transfer", "ok"), 1);
	CU_ASSERT_EQUAL(sends_of(pid), 1);

	/* its page now: the calls, in order, in the timeline; nothing next */
	CU_ASSERT_EQUAL(page_of(&op, pid, &page), 200);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(page, "payout"), "status"), "completed");
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(page, "next"), "action"), "none");
	CU_ASSERT_EQUAL(json_array_size(json_object_get(page, "calls")),
	    (size_t)it_db_scalar("SELECT COUNT(*) FROM payout_calls WHERE payout_id = ?", pid, NULL));
	CU_ASSERT_STRING_EQUAL(it_str(json_array_get(json_object_get(page, "calls"), 0),
	    "operation"), "transfer");
	CU_ASSERT_STRING_EQUAL(it_str(json_array_get(json_object_get(page, "calls"), 0),
	    "result"), "ok");
	CU_ASSERT(json_is_integer(json_object_get(json_array_get(json_object_get(page, "calls"), 0),
	    "latency_ms")));
	CU_ASSERT_EQUAL(timeline_has(page, "provider call "),
	    json_array_size(json_object_get(page, "calls")));
	CU_ASSERT_EQUAL(timeline_has(page, "completed"), 1);
	CU_ASSERT_EQUAL(timeline_has(page, "event withdrawal.completed"), 1);
	json_decref(page);
	CU_ASSERT_EQUAL(in_list(&op, "/console/api/ops/payouts/in-doubt", pid, NULL), 0);
	/* settled: nothing to retry, nothing audited */
	audit = reasons();
	con_refused("POST", path, "{\"reason\":\"once more\"}", &op, 409, "invalid_state",
	    "a completed payout");
	CU_ASSERT_EQUAL(reasons(), audit);
}

/* A held payout's page: its calls (the send, the read of another
 * amount), what comes next (an operator's decision); retry refused. */
static void
test_held_page(void)
{
	struct con_sess op;
	char uri[1100], pid[64], path[200];
	json_t *page = NULL;
	long long audit;

	itc_ops_held_payout(pid, sizeof(pid));
	itc_ops_member("operator", &op, uri, sizeof(uri));
	CU_ASSERT_EQUAL_FATAL(page_of(&op, pid, &page), 200);
	CU_ASSERT(it_str(json_object_get(page, "payout"), "held_at") != NULL);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(page, "next"), "action"), "await_review");
	CU_ASSERT(json_is_null(json_object_get(json_object_get(page, "next"), "at")));
	CU_ASSERT_EQUAL(timeline_has(page, "held for review"), 1);
	CU_ASSERT_EQUAL(timeline_has(page, "provider call transfer: ok"), 1);
	CU_ASSERT_EQUAL(timeline_has(page, "provider call transfer_status: ok, successful"), 1);
	json_decref(page);
	audit = reasons();
	snprintf(path, sizeof(path), "/console/api/ops/payouts/%s/retry", pid);
	con_refused("POST", path, "{\"reason\":\"try it\"}", &op, 409, "invalid_state",
	    "a held payout");
	CU_ASSERT_EQUAL(reasons(), audit);
	itc_expect_payout(pid, "processing");
	snprintf(path, sizeof(path), "/console/api/ops/payouts/%s/resolve", pid);
	CU_ASSERT_EQUAL(con_status_of("POST", path, "{\"decision\":\"fail\",\"reason\":\"test over\"}",
	    &op), 200);
}

/* A withdrawal the MTN float cannot cover: refused 409, listed with who
 * asked and the request's id. */
static void
test_refused_for_float(void)
{
	struct itc_partner p;
	struct con_sess op;
	char uri[1100], body[400], phone[20], ref[64];
	json_t *e = NULL, *v;
	struct it_resp r;
	size_t i;

	itc_partner_new(&p, "enterprise", 0);
	itc_phone(556, phone, sizeof(phone));
	it_unique("ops-float", ref, sizeof(ref));
	snprintf(body, sizeof(body), "{\"amount\":\"5\",\"currency\":\"USDT\",\"recipient_phone\":"
	    "\"%s\",\"mobile_network\":\"MTN\",\"reference_id\":\"%s\"}", phone, ref);
	it_sim_set("momo.MTN.float", "1.00");
	CU_ASSERT_EQUAL(itc_partner_send(&p, "POST", "/v1/withdrawals", body, &r), 503);
	it_assert_partner_error(&r, 503, "INSUFFICIENT_LIQUIDITY", "float short");
	it_resp_free(&r);
	it_sim_set("momo.MTN.float", "unlimited");
	itc_ops_member("read-only", &op, uri, sizeof(uri));
	con_call("GET", "/console/api/ops/payouts/refused-for-float", NULL, &op, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	json_array_foreach(json_object_get(r.json, "data"), i, v)
		if (e == NULL && it_str(v, "owner_id") && strcmp(it_str(v, "owner_id"), p.pid) == 0)
			e = json_incref(v);
	it_resp_free(&r);
	CU_ASSERT_FATAL(e != NULL);
	CU_ASSERT_STRING_EQUAL(it_str(e, "network"), "MTN");
	CU_ASSERT_STRING_EQUAL(it_str(e, "owner_kind"), "partner");
	CU_ASSERT(json_is_null(json_object_get(e, "payout_id")));
	CU_ASSERT(it_str(e, "request_id") != NULL && strlen(it_str(e, "request_id")) > 8);
	CU_ASSERT(it_str(e, "amount") != NULL && it_str(e, "amount")[0] != '\0');
	/* nothing else was kept of it */
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM withdrawals WHERE reference_id = ?", ref,
	    NULL), 0);
	json_decref(e);
}

/* retry's and the page's bad inputs, as the operator sends them:
 * nothing written. */
static void
test_retry_bad_inputs(void)
{
	static const struct {
		const char *fmt, *body, *code;
		long status;
	} cases[] = {
		{ "/console/api/ops/payouts/%s/retry", "{", "validation_error", 400 },
		{ "/console/api/ops/payouts/%s/retry", "{}", "validation_error", 400 },
		{ "/console/api/ops/payouts/%s/retry", "[]", "validation_error", 400 },
		{ "/console/api/ops/payouts/%s/retry", "{\"reason\":7}", "validation_error", 400 },
		{ "/console/api/ops/payouts/%s/retry", "{\"reason\":\"\"}", "validation_error", 400 },
		{ "/console/api/ops/payouts/%s/retry", "{\"reason\":\"  \"}", "validation_error", 400 },
		{ "/console/api/ops/payouts/%s/retry", "{\"reason\":\"a\\u0000\"}", "validation_error",
		    400 },
		{ "/console/api/ops/payouts/%s/retry", "{\"reason\":\"r\",\"now\":1}",
		    "validation_error", 400 },
		{ "/console/api/ops/payouts/po_nope/retry", "{\"reason\":\"r\"}", "not_found", 404 },
		{ "/console/api/ops/payouts/nope/retry", "{\"reason\":\"r\"}", "not_found", 404 },
	};
	struct con_sess op;
	char uri[1100], pid[64], path[200], long_reason[260];
	long long audit;
	size_t i;

	doubtful_payout(pid, sizeof(pid));
	itc_ops_member("operator", &op, uri, sizeof(uri));
	audit = reasons();
	for (i = 0; i < NELEM(cases); i++) {
		snprintf(path, sizeof(path), cases[i].fmt, pid);
		con_refused("POST", path, cases[i].body, &op, cases[i].status, cases[i].code, path);
	}
	memset(long_reason, 'r', sizeof(long_reason));
	snprintf(long_reason, sizeof(long_reason), "{\"reason\":\"%0201d\"}", 0);
	snprintf(path, sizeof(path), "/console/api/ops/payouts/%s/retry", pid);
	con_refused("POST", path, long_reason, &op, 400, "validation_error", "201 characters");
	con_refused("GET", "/console/api/ops/payouts/po_nope", NULL, &op, 404, "not_found",
	    "no such payout");
	con_refused("GET", "/console/api/ops/payouts/in-doubt?limit=5", NULL, &op, 400,
	    "validation_error", "a query");
	con_refused("DELETE", path, NULL, &op, 405, "method_not_allowed", "DELETE");
	CU_ASSERT_EQUAL(reasons(), audit);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payouts WHERE id = ? AND "
	    "next_check_at > UTC_TIMESTAMP(6) + INTERVAL 50 MINUTE", pid, NULL), 1);
	/* settled, so no later test finds it in doubt */
	provider_pays(pid);
	CU_ASSERT_EQUAL(con_status_of("POST", path, "{\"reason\":\"test over\"}", &op), 200);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	itc_expect_payout(pid, "completed");
}

int
it_suite_console_ops_payouts(void)
{
	static const struct tu_test tests[] = {
		{ "a held payout listed to every role, settled once by the operator with a reason",
		    test_held_resolved },
		{ "resolve's bad inputs, nothing written", test_bad_inputs },
		{ "a payout in doubt listed to every role, its page, retried now by the operator "
		    "with a reason until it settles", test_in_doubt_retried },
		{ "a held payout's page: its calls and an operator's decision next; no retry",
		    test_held_page },
		{ "a withdrawal the float could not cover, listed as refused for float",
		    test_refused_for_float },
		{ "retry's and the page's bad inputs, nothing written", test_retry_bad_inputs },
	};

	return tu_add_suite("console ops payouts", NULL, NULL, tests, NELEM(tests));
}
