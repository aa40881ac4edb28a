/*
 * The back office's Float and Reconcile pages' API (docs/console.md,
 * "Back office") against the real stack: each network's float listed to
 * every role with its last sync and what is in flight; a limited float
 * (the sandbox's simulated account set, then debited out of band) synced
 * by the platform's finance with a reason, as `cediramp-admin float sync`
 * does (the float, the journal with the provider's balance, the audit);
 * an unlimited float and an unknown network refused; reconcile's runs
 * kept with their findings (an unmatched deposit among them), paged, the
 * newest 100 only; an unmatched chain deposit listed and assigned by the
 * operator to a partner (its balance up by exactly the amount, once: a
 * second assignment 409 and nothing credited). Every other role, a
 * partner's owner and every bad input are refused with nothing written.
 *
 * Chain deposits exist only where a chain is read: the chain simulator's
 * stacks (this suite) read no chain logs, so here the unmatched deposit
 * is written as the deposits worker writes one (itc_ops_unmatched_deposit);
 * the EVM pass's suite "console ops-money (EVM)" sends a real token
 * transfer from an unregistered address to the custody address, lets the
 * deposits worker record it unmatched, and assigns that.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "itc.h"
#include "itc_console.h"
#include "itc_ops.h"

#define FLOATS "/console/api/ops/floats"
#define RUNS "/console/api/ops/reconcile"
#define UNMATCHED "/console/api/ops/deposits/unmatched"

static const char *const readers[] = { "read-only", "compliance" };

static void
admin_ok(const char *args)
{
	char out[400];

	IT_CHECK(it_admin(args, out, sizeof(out)) == 0, args);
}

/* The back-office records with a reason. */
static long long
reasons(void)
{
	return it_db_scalar("SELECT COUNT(*) FROM console_audit WHERE reason IS NOT NULL", NULL,
	    NULL);
}

static long long
syncs(const char *network)
{
	return it_db_scalar("SELECT COUNT(*) FROM payout_float_moves WHERE kind = 'sync' AND "
	    "network = ?", network, NULL);
}

/* network's row of the floats as s reads them (a new reference, NULL when
 * not listed); the list's networks in order into order (64 bytes). */
static json_t *
float_of(const struct con_sess *s, const char *network, char *order)
{
	struct it_resp r;
	json_t *v, *found = NULL;
	size_t i;

	order[0] = '\0';
	con_call("GET", FLOATS, NULL, s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	json_array_foreach(json_object_get(r.json, "data"), i, v) {
		snprintf(order + strlen(order), 64 - strlen(order), "%s%s", i ? " " : "",
		    it_str(v, "network") ? it_str(v, "network") : "?");
		if (it_str(v, "network") && strcmp(it_str(v, "network"), network) == 0)
			found = json_incref(v);
	}
	it_resp_free(&r);
	return found;
}

static void
str_is(json_t *o, const char *name, const char *want)
{
	const char *v = json_string_value(json_object_get(o, name));

	IT_CHECK(v != NULL && strcmp(v, want) == 0, name);
	if (v != NULL && strcmp(v, want) != 0)
		fprintf(stderr, "  %s: %s, want %s\n", name, v, want);
}

static void
test_float_synced(void)
{
	struct con_sess fin, op, s;
	struct it_resp r;
	char uri[1100], order[64], first[32] = "0";
	json_t *f, *sync;
	long long audit, before;
	size_t i;

	/* TELECEL limited at 100.00 (the simulated account follows); then
	 * 25.00 leaves the account without us: the provider holds 75.00 */
	/* the journal's rows from here on are this test's (a stack keeps its
	 * database from run to run) */
	(void)it_db_text("SELECT COALESCE(MAX(id), 0) FROM payout_float_moves", NULL, NULL, first,
	    sizeof(first));
	admin_ok("sim set momo.TELECEL.out_of_band_debit 0");
	admin_ok("sim set momo.TELECEL.float 100.00");
	admin_ok("sim set momo.TELECEL.out_of_band_debit 25.00");
	itc_ops_member("finance", &fin, uri, sizeof(uri));
	itc_ops_member("operator", &op, uri, sizeof(uri));
	f = float_of(&fin, "TELECEL", order);
	CU_ASSERT_STRING_EQUAL(order, "MTN TELECEL AIRTELTIGO");
	CU_ASSERT_FATAL(f != NULL);
	CU_ASSERT(json_is_false(json_object_get(f, "unlimited")));
	str_is(f, "balance", "100.00");
	str_is(f, "in_flight", "0.00");
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(f, "in_flight_payouts")), 0);
	json_decref(f);

	/* the roles without ops-money read, and may not sync */
	audit = reasons();
	before = syncs("TELECEL");
	for (i = 0; i < NELEM(readers); i++) {
		itc_ops_member(readers[i], &s, uri, sizeof(uri));
		f = float_of(&s, "TELECEL", order);
		CU_ASSERT_PTR_NOT_NULL(f);
		json_decref(f);
		con_refused("POST", FLOATS "/TELECEL/sync", "{\"reason\":\"not mine\"}", &s, 403,
		    "forbidden", readers[i]);
	}
	con_signup("Float Curious Ltd", &s);
	con_refused("GET", FLOATS, NULL, &s, 403, "forbidden", "a partner's owner reads");
	con_refused("POST", FLOATS "/TELECEL/sync", "{\"reason\":\"x\"}", &s, 403, "forbidden",
	    "a partner's owner syncs");
	CU_ASSERT_EQUAL(syncs("TELECEL"), before);
	CU_ASSERT_EQUAL(reasons(), audit);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payout_floats WHERE network = "
	    "'TELECEL' AND balance = 100.00", NULL, NULL), 1);

	/* the platform's finance syncs it: the provider's 75.00 */
	con_call("POST", FLOATS "/TELECEL/sync", "{\"reason\":\"Telecel statement, 30 Nov\"}", &fin,
	    NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	f = json_object_get(r.json, "data");
	str_is(f, "network", "TELECEL");
	str_is(f, "balance", "75.00");
	str_is(f, "difference", "-25.00");
	sync = json_object_get(f, "synced");
	str_is(sync, "before", "100.00");
	str_is(sync, "after", "75.00");
	str_is(sync, "provider_balance", "75.00");
	str_is(sync, "in_flight", "0.00");
	sync = json_object_get(f, "last_sync");
	str_is(sync, "provider_balance", "75.00");
	str_is(sync, "change", "-25.00");
	str_is(sync, "reason", "Telecel statement, 30 Nov");
	CU_ASSERT_PTR_NOT_NULL(json_string_value(json_object_get(sync, "at")));
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payout_floats WHERE network = "
	    "'TELECEL' AND balance = 75.00 AND unlimited = 0", NULL, NULL), 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payout_float_moves WHERE kind = 'sync' "
	    "AND network = 'TELECEL' AND amount = -25.00 AND provider_balance = 75.00 AND "
	    "reason = ? AND id > ?", "Telecel statement, 30 Nov", first), 1);
	CU_ASSERT_EQUAL(syncs("TELECEL"), before + 1);
	CU_ASSERT_EQUAL(itc_ops_audited(&fin, "float.sync", "TELECEL", "Telecel statement, 30 Nov"),
	    1); /* fin is new: its records are this test's */
	/* as the list and the admin tool now read it */
	f = float_of(&op, "TELECEL", order);
	CU_ASSERT_FATAL(f != NULL);
	str_is(f, "balance", "75.00");
	str_is(f, "difference", "-25.00");
	str_is(json_object_get(f, "last_sync"), "reason", "Telecel statement, 30 Nov");
	json_decref(f);

	/* the operator too: nothing changed since, a check on record */
	CU_ASSERT_EQUAL(con_status_of("POST", FLOATS "/TELECEL/sync", "{\"reason\":\"checked\"}",
	    &op), 200);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payout_float_moves WHERE kind = 'sync' "
	    "AND network = 'TELECEL' AND amount = 0 AND reason = 'checked' AND id > ?", first,
	    NULL), 1);

	/* an unlimited float has nothing to sync: 409, nothing written */
	admin_ok("sim set momo.MTN.float unlimited");
	audit = reasons();
	before = syncs("MTN");
	con_refused("POST", FLOATS "/MTN/sync", "{\"reason\":\"try\"}", &fin, 409, "invalid_state",
	    "an unlimited float");
	CU_ASSERT_EQUAL(syncs("MTN"), before);
	CU_ASSERT_EQUAL(reasons(), audit);
	f = float_of(&fin, "MTN", order);
	CU_ASSERT_FATAL(f != NULL);
	CU_ASSERT(json_is_true(json_object_get(f, "unlimited")));
	CU_ASSERT(json_is_null(json_object_get(f, "balance")));
	json_decref(f);
}

/* Every bad input of a sync, as finance sends it: nothing written. */
static void
test_sync_bad_inputs(void)
{
	static const struct {
		const char *path, *body, *code;
		long status;
	} cases[] = {
		{ FLOATS "/TELECEL/sync", "{", "validation_error", 400 },
		{ FLOATS "/TELECEL/sync", "{}", "validation_error", 400 },
		{ FLOATS "/TELECEL/sync", "[]", "validation_error", 400 },
		{ FLOATS "/TELECEL/sync", "{\"reason\":\"\"}", "validation_error", 400 },
		{ FLOATS "/TELECEL/sync", "{\"reason\":\"   \"}", "validation_error", 400 },
		{ FLOATS "/TELECEL/sync", "{\"reason\":7}", "validation_error", 400 },
		{ FLOATS "/TELECEL/sync", "{\"reason\":null}", "validation_error", 400 },
		{ FLOATS "/TELECEL/sync", "{\"reason\":\"a\\u0000b\"}", "validation_error", 400 },
		{ FLOATS "/TELECEL/sync", "{\"reason\":\"a\\nb\"}", "validation_error", 400 },
		{ FLOATS "/TELECEL/sync", "{\"reason\":\"r\",\"amount\":\"5\"}", "validation_error",
		    400 },
		{ FLOATS "/TELECEL/sync", "{\"reason\":\"r\",\"reason\":\"s\"}", "validation_error",
		    400 },
		{ FLOATS "/VODAFONE/sync", "{\"reason\":\"r\"}", "not_found", 404 },
		{ FLOATS "/telecel/sync", "{\"reason\":\"r\"}", "not_found", 404 },
	};
	struct con_sess fin;
	char uri[1100], body[400], reason[202];
	long long audit, before;
	size_t i;

	admin_ok("sim set momo.TELECEL.float 40.00");
	itc_ops_member("finance", &fin, uri, sizeof(uri));
	audit = reasons();
	before = syncs("TELECEL");
	for (i = 0; i < NELEM(cases); i++)
		con_refused("POST", cases[i].path, cases[i].body, &fin, cases[i].status,
		    cases[i].code, cases[i].body);
	memset(reason, 'r', 201);
	reason[201] = '\0';
	snprintf(body, sizeof(body), "{\"reason\":\"%s\"}", reason);
	con_refused("POST", FLOATS "/TELECEL/sync", body, &fin, 400, "validation_error",
	    "a reason of 201 characters");
	con_refused("GET", FLOATS "?limit=5", NULL, &fin, 400, "validation_error", "a query");
	con_refused("DELETE", FLOATS, NULL, &fin, 405, "method_not_allowed", "DELETE");
	con_refused("GET", FLOATS "/TELECEL/sync", NULL, &fin, 405, "method_not_allowed", "GET");
	CU_ASSERT_EQUAL(syncs("TELECEL"), before);
	CU_ASSERT_EQUAL(reasons(), audit);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payout_floats WHERE network = "
	    "'TELECEL' AND balance = 40.00", NULL, NULL), 1);
}

/* The unmatched deposits as s reads them: id listed (1) or not (0); its
 * row into *row (a new reference) when listed and row is not NULL. */
static int
unmatched_has(const struct con_sess *s, const char *id, json_t **row)
{
	struct it_resp r;
	json_t *v;
	size_t i;
	int found = 0;

	con_call("GET", UNMATCHED "?limit=500", NULL, s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	json_array_foreach(json_object_get(r.json, "data"), i, v)
		if (it_str(v, "id") && strcmp(it_str(v, "id"), id) == 0) {
			found = 1;
			if (row != NULL)
				*row = json_incref(v);
		}
	it_resp_free(&r);
	return found;
}

/* p's USDT available (a DECIMAL text) less before: into out. */
static void
usdt_gain(const struct itc_partner *p, const char *before, char *out, size_t cap)
{
	char now[64];

	itc_partner_available(p, "USDT", now);
	out[0] = '\0';
	CU_ASSERT_EQUAL(it_db_text("SELECT CAST(CAST(? AS DECIMAL(36,6)) - CAST(? AS "
	    "DECIMAL(36,6)) AS CHAR)", now, before, out, cap), 0);
}

/* Deposit id's state: status|credits|partner credits under ref. */
static void
deposit_state(const char *id, const char *ref, char *out, size_t cap)
{
	char st[64];

	out[0] = st[0] = '\0';
	(void)it_db_text("SELECT CONCAT(status, '|', credits) FROM chain_deposits WHERE id = ?",
	    id, NULL, st, sizeof(st));
	snprintf(out, cap, "%s|%lld", st, it_db_scalar("SELECT COUNT(*) FROM partner_deposits "
	    "WHERE deposit_reference = ?", ref, NULL));
}

static void
test_deposit_assigned(void)
{
	struct con_sess op, fin, s;
	struct itc_partner p;
	struct it_resp r;
	char uri[1100], id[120], ref[120], before[64], gain[64], path[200], body[300], st[200];
	json_t *row = NULL, *d;
	long long audit;
	size_t i;

	itc_ops_unmatched_deposit("USDT", "7000000", 0, id, ref);
	itc_partner_new(&p, "verified", 1);
	itc_partner_available(&p, "USDT", before);
	itc_ops_member("operator", &op, uri, sizeof(uri));
	itc_ops_member("finance", &fin, uri, sizeof(uri));

	/* listed to every role, as reconcile lists it */
	CU_ASSERT_EQUAL_FATAL(unmatched_has(&op, id, &row), 1);
	str_is(row, "coin", "USDT");
	str_is(row, "amount", "7.000000");
	str_is(row, "units", "7000000");
	str_is(row, "deposit_reference", ref);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(row, "chain_id")), 31337);
	CU_ASSERT(it_str(row, "tx_hash") && strncmp(it_str(row, "tx_hash"), "0x", 2) == 0 &&
	    strlen(it_str(row, "tx_hash")) == 66);
	CU_ASSERT(it_str(row, "from_address") && strlen(it_str(row, "from_address")) == 42);
	CU_ASSERT(it_str(row, "seen_at") && strlen(it_str(row, "seen_at")) == 20);
	json_decref(row);
	snprintf(path, sizeof(path), "/console/api/ops/deposits/%s/assign", id);
	snprintf(body, sizeof(body), "{\"partner_id\":\"%s\",\"reason\":\"Sender named in ticket "
	    "4411\"}", p.pid);
	audit = reasons();
	for (i = 0; i < NELEM(readers); i++) {
		itc_ops_member(readers[i], &s, uri, sizeof(uri));
		CU_ASSERT_EQUAL(unmatched_has(&s, id, NULL), 1);
		con_refused("POST", path, body, &s, 403, "forbidden", readers[i]);
	}
	con_signup("Deposit Curious Ltd", &s);
	con_refused("GET", UNMATCHED, NULL, &s, 403, "forbidden", "a partner's owner reads");
	con_refused("POST", path, body, &s, 403, "forbidden", "a partner's owner assigns");
	deposit_state(id, ref, st, sizeof(st));
	CU_ASSERT_STRING_EQUAL(st, "unmatched|0|0");
	CU_ASSERT_EQUAL(reasons(), audit);

	/* the operator assigns it: the partner credited exactly, once */
	con_call("POST", path, body, &op, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	d = json_object_get(r.json, "data");
	str_is(d, "partner_id", p.pid);
	str_is(json_object_get(d, "deposit"), "id", id);
	str_is(json_object_get(d, "deposit"), "status", "assigned");
	str_is(json_object_get(d, "credit"), "currency", "USDT");
	str_is(json_object_get(d, "credit"), "amount", "7.000000");
	str_is(json_object_get(d, "credit"), "deposit_reference", ref);
	it_resp_free(&r);
	deposit_state(id, ref, st, sizeof(st));
	CU_ASSERT_STRING_EQUAL(st, "assigned|1|1");
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM chain_deposits WHERE id = ? AND "
	    "partner_id = ?", id, p.row), 1);
	usdt_gain(&p, before, gain, sizeof(gain));
	CU_ASSERT_STRING_EQUAL(gain, "7.000000");
	CU_ASSERT_EQUAL(itc_ops_audited(&op, "deposit.assign", id, "Sender named in ticket 4411"),
	    1);
	CU_ASSERT_EQUAL(unmatched_has(&op, id, NULL), 0);
	/* again, by anyone: 409, nothing credited */
	audit = reasons();
	con_refused("POST", path, body, &fin, 409, "invalid_state", "a second assignment");
	con_refused("POST", path, body, &op, 409, "invalid_state", "the same again");
	deposit_state(id, ref, st, sizeof(st));
	CU_ASSERT_STRING_EQUAL(st, "assigned|1|1");
	usdt_gain(&p, before, gain, sizeof(gain));
	CU_ASSERT_STRING_EQUAL(gain, "7.000000");
	CU_ASSERT_EQUAL(reasons(), audit);
}

/* Every bad input of an assignment, as the operator sends it: nothing
 * written; a deposit no partner can hold is refused too. */
static void
test_assign_bad_inputs(void)
{
	static const struct {
		const char *fmt, *body, *code;
		long status;
	} cases[] = {
		{ "{", NULL, "validation_error", 400 },
		{ "{}", NULL, "validation_error", 400 },
		{ "{\"reason\":\"r\"}", NULL, "validation_error", 400 },
		{ "{\"partner_id\":\"%s\"}", NULL, "validation_error", 400 },
		{ "{\"partner_id\":7,\"reason\":\"r\"}", NULL, "validation_error", 400 },
		{ "{\"partner_id\":\"nope\",\"reason\":\"r\"}", NULL, "validation_error", 400 },
		{ "{\"partner_id\":\"%s\",\"reason\":\"\"}", NULL, "validation_error", 400 },
		{ "{\"partner_id\":\"%s\",\"reason\":\"  \"}", NULL, "validation_error", 400 },
		{ "{\"partner_id\":\"%s\",\"reason\":\"a\\u0000\"}", NULL, "validation_error", 400 },
		{ "{\"partner_id\":\"%s\",\"reason\":\"r\",\"amount\":\"7\"}", NULL,
		    "validation_error", 400 },
		{ "{\"partner_id\":\"pt_NoSuchPartner000000000\",\"reason\":\"r\"}", NULL,
		    "not_found", 404 },
	};
	struct con_sess op;
	struct itc_partner p;
	char uri[1100], id[120], ref[120], id2[120], ref2[120], path[200], body[600],
	    reason[202], st[200];
	long long audit, credits;
	size_t i;

	itc_ops_unmatched_deposit("USDT", "2500000", 0, id, ref);
	itc_partner_new(&p, "verified", 1);
	itc_ops_member("operator", &op, uri, sizeof(uri));
	audit = reasons();
	credits = it_db_scalar("SELECT COUNT(*) FROM partner_deposits WHERE partner_id = ?", p.row,
	    NULL);
	snprintf(path, sizeof(path), "/console/api/ops/deposits/%s/assign", id);
	for (i = 0; i < NELEM(cases); i++) {
		snprintf(body, sizeof(body), cases[i].fmt, p.pid);
		con_refused("POST", path, body, &op, cases[i].status, cases[i].code, body);
	}
	memset(reason, 'r', 201);
	reason[201] = '\0';
	snprintf(body, sizeof(body), "{\"partner_id\":\"%s\",\"reason\":\"%s\"}", p.pid, reason);
	con_refused("POST", path, body, &op, 400, "validation_error", "a reason of 201 characters");
	snprintf(body, sizeof(body), "{\"partner_id\":\"%s\",\"reason\":\"r\"}", p.pid);
	con_refused("POST", "/console/api/ops/deposits/cd_nosuchdeposit/assign", body, &op, 404,
	    "not_found", "an unknown deposit");
	con_refused("POST", "/console/api/ops/deposits/nope/assign", body, &op, 404, "not_found",
	    "a malformed deposit id");
	con_refused("GET", UNMATCHED "?limit=0", NULL, &op, 400, "validation_error", "limit 0");
	con_refused("GET", UNMATCHED "?limit=501", NULL, &op, 400, "validation_error", "limit 501");
	con_refused("GET", UNMATCHED "?limit=x", NULL, &op, 400, "validation_error", "limit x");
	con_refused("GET", UNMATCHED "?after=cd_1", NULL, &op, 400, "validation_error", "after");
	con_refused("GET", path, NULL, &op, 405, "method_not_allowed", "GET of assign");
	/* a deposit not exact at its coin's places: no partner can hold it */
	itc_ops_unmatched_deposit("USDT", "1", 1, id2, ref2);
	snprintf(path, sizeof(path), "/console/api/ops/deposits/%s/assign", id2);
	con_refused("POST", path, body, &op, 409, "invalid_state", "a deposit no partner can hold");
	deposit_state(id, ref, st, sizeof(st));
	CU_ASSERT_STRING_EQUAL(st, "unmatched|0|0");
	deposit_state(id2, ref2, st, sizeof(st));
	CU_ASSERT_STRING_EQUAL(st, "unmatched|0|0");
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM partner_deposits WHERE partner_id = ?",
	    p.row, NULL), credits);
	CU_ASSERT_EQUAL(reasons(), audit);
	/* the one no partner can hold is returned to its sender by hand: gone
	 * from the rows, so no later reconcile lists it */
	CU_ASSERT_EQUAL(it_db_exec("DELETE FROM chain_deposits WHERE id = ?", id2, NULL), 1);
	snprintf(path, sizeof(path), "/console/api/ops/deposits/%s/assign", id);
	CU_ASSERT_EQUAL(con_status_of("POST", path, body, &op), 200);
}

/* The runs as s reads them with query (after RUNS): the answer in r. */
static void
runs_read(const struct con_sess *s, const char *query, struct it_resp *r)
{
	char path[200];

	snprintf(path, sizeof(path), RUNS "%s", query);
	con_call("GET", path, NULL, s, NULL, r);
	CU_ASSERT_EQUAL(r->status, 200);
}

/* The finding of kind in run whose detail holds text: 1, or 0. */
static int
run_finds(json_t *run, const char *kind, const char *text)
{
	json_t *v;
	size_t i;

	json_array_foreach(json_object_get(run, "findings"), i, v)
		if (it_str(v, "kind") && strcmp(it_str(v, "kind"), kind) == 0 &&
		    it_str(v, "detail") && strstr(it_str(v, "detail"), text) != NULL)
			return 1;
	return 0;
}

static void
test_reconcile_runs(void)
{
	static const char *const kinds[] = { "late_collections", "reversed_payouts", "held",
		"unmatched_deposits", "unreversible", "float", "ledger" };
	struct con_sess ro, s;
	struct it_resp r;
	char uri[1100], id[120], ref[120], want[300], newest[32], report[1 << 16];
	json_t *run, *counts;
	long long n_unmatched;
	size_t i;
	int rc;

	itc_ops_unmatched_deposit("USDT", "3000000", 0, id, ref);
	n_unmatched = it_db_scalar("SELECT COUNT(*) FROM chain_deposits WHERE status = "
	    "'unmatched'", NULL, NULL);
	rc = it_worker_output("reconcile", report, sizeof(report));
	CU_ASSERT(rc == 0 || rc == 1);
	CU_ASSERT_EQUAL(it_db_text("SELECT MAX(id) FROM reconcile_runs", NULL, NULL, newest,
	    sizeof(newest)), 0);
	itc_ops_member("read-only", &ro, uri, sizeof(uri));
	runs_read(&ro, "?limit=1", &r);
	run = json_array_get(json_object_get(r.json, "data"), 0);
	CU_ASSERT_FATAL(run != NULL);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(run, "id")), atoll(newest));
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(run, "exit_status")), rc);
	CU_ASSERT(json_is_integer(json_object_get(run, "duration_ms")) &&
	    json_integer_value(json_object_get(run, "duration_ms")) >= 0);
	CU_ASSERT(it_str(run, "started_at") && it_str(run, "finished_at") &&
	    strcmp(it_str(run, "started_at"), it_str(run, "finished_at")) <= 0);
	counts = json_object_get(run, "counts");
	CU_ASSERT_EQUAL(json_object_size(counts), NELEM(kinds));
	for (i = 0; i < NELEM(kinds); i++)
		IT_CHECK(json_is_integer(json_object_get(counts, kinds[i])), kinds[i]);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(counts, "unmatched_deposits")),
	    n_unmatched);
	/* the unmatched deposit, with what to do about it, as printed */
	snprintf(want, sizeof(want), "chain deposit %s unmatched: 3.000000 USDT", id);
	CU_ASSERT(run_finds(run, "unmatched_deposits", want));
	CU_ASSERT_PTR_NOT_NULL(strstr(report, want));
	snprintf(want, sizeof(want), "\n  to credit it: cediramp-admin partner credit PARTNER_ID "
	    "USDT 3.000000 --reference %s", ref);
	CU_ASSERT(run_finds(run, "unmatched_deposits", want));
	CU_ASSERT(run_finds(run, "float", "float MTN: "));
	CU_ASSERT(json_is_false(json_object_get(run, "findings_cut")));
	CU_ASSERT(json_is_true(json_object_get(json_object_get(r.json, "pagination"),
	    "has_more")) == (it_db_scalar("SELECT COUNT(*) FROM reconcile_runs", NULL, NULL) > 1));
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM reconcile_findings WHERE run_id = ? AND "
	    "kind = 'unmatched_deposits'", newest, NULL), n_unmatched);

	/* a second run: the newest first, the one before on the next page */
	CU_ASSERT(it_worker("reconcile") >= 0);
	runs_read(&ro, "?limit=1", &r);
	CU_ASSERT(json_integer_value(json_object_get(json_array_get(json_object_get(r.json,
	    "data"), 0), "id")) > atoll(newest));
	CU_ASSERT(json_is_true(json_object_get(json_object_get(r.json, "pagination"), "has_more")));
	snprintf(want, sizeof(want), "?limit=1&before=%lld", (long long)json_integer_value(
	    json_object_get(json_object_get(r.json, "pagination"), "next_before")));
	it_resp_free(&r);
	runs_read(&ro, want, &r);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(json_array_get(json_object_get(r.json,
	    "data"), 0), "id")), atoll(newest));
	it_resp_free(&r);

	/* bounded: 120 old runs more, then one run keeps the newest 100 */
	CU_ASSERT_EQUAL(it_db_exec("INSERT INTO reconcile_runs (started_at, finished_at, "
	    "duration_ms, exit_status, late_collections, reversed_payouts, held, "
	    "unmatched_deposits, unreversible, float_unexplained, ledger) WITH RECURSIVE k(n) AS "
	    "(SELECT 1 UNION ALL SELECT n + 1 FROM k WHERE n < 120) SELECT UTC_TIMESTAMP(6), "
	    "UTC_TIMESTAMP(6), 1, 0, 0, 0, 0, 0, 0, 0, 0 FROM k", NULL, NULL), 120);
	CU_ASSERT(it_worker("reconcile") >= 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM reconcile_runs", NULL, NULL), 100);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM reconcile_findings f LEFT JOIN "
	    "reconcile_runs r ON r.id = f.run_id WHERE r.id IS NULL", NULL, NULL), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM reconcile_runs WHERE id = ?", newest,
	    NULL), 0);

	/* bad queries; a partner's owner */
	con_refused("GET", RUNS "?limit=0", NULL, &ro, 400, "validation_error", "limit 0");
	con_refused("GET", RUNS "?limit=21", NULL, &ro, 400, "validation_error", "limit 21");
	con_refused("GET", RUNS "?limit=01", NULL, &ro, 400, "validation_error", "limit 01");
	con_refused("GET", RUNS "?before=0", NULL, &ro, 400, "validation_error", "before 0");
	con_refused("GET", RUNS "?before=-1", NULL, &ro, 400, "validation_error", "before -1");
	con_refused("GET", RUNS "?before=x", NULL, &ro, 400, "validation_error", "before x");
	con_refused("GET", RUNS "?after=1", NULL, &ro, 400, "validation_error", "after");
	con_refused("POST", RUNS, "{}", &ro, 405, "method_not_allowed", "POST");
	con_signup("Reconcile Curious Ltd", &s);
	con_refused("GET", RUNS, NULL, &s, 403, "forbidden", "a partner's owner");
	/* returned to its sender by hand: no later run lists it */
	CU_ASSERT_EQUAL(it_db_exec("DELETE FROM chain_deposits WHERE id = ?", id, NULL), 1);
}

int
it_suite_console_ops_money(void)
{
	static const struct tu_test tests[] = {
		{ "floats listed to every role; a limited one synced by finance with a reason, "
		  "as float sync does; an unlimited one 409", test_float_synced },
		{ "a sync's bad inputs and unknown networks, nothing written", test_sync_bad_inputs },
		{ "an unmatched chain deposit listed, assigned once by the operator: the partner "
		  "credited exactly", test_deposit_assigned },
		{ "an assignment's bad inputs, nothing written", test_assign_bad_inputs },
		{ "reconcile's runs kept with their findings, paged, the newest 100",
		  test_reconcile_runs },
	};

	return tu_add_suite("console ops-money", NULL, NULL, tests, NELEM(tests));
}

/* ---- the EVM pass: a real deposit from an unregistered address ---- */

/* The deposits worker has recorded transaction hash (1), or not yet. */
static int
deposit_recorded(const void *hash)
{
	(void)it_worker("deposits");
	return it_db_scalar("SELECT COUNT(*) FROM chain_deposits WHERE tx_hash = ?", hash,
	    NULL) == 1;
}

/*
 * 4.5 USDT minted to a new address and sent from it to the custody
 * address on the local EVM node: the deposits worker records it unmatched,
 * the back office lists it, the operator assigns it to a partner through
 * the API: credited exactly once, a second assignment 409.
 */
static void
test_real_deposit_assigned(void)
{
	struct con_sess op;
	struct itc_partner p;
	struct it_resp r;
	char stranger[43], data[300], hash[70], id[64], ref[120], before[64], gain[64],
	    uri[1100], path[200], body[300], st[200];
	json_t *row = NULL;

	itc_partner_new(&p, "verified", 1);
	itc_partner_available(&p, "USDT", before);
	itc_chain_address(stranger);
	itc_mint("USDT", stranger, "4500000");
	itc_transfer_data(it_env("CHAIN_CUSTODY"), "4500000", data, sizeof(data));
	CU_ASSERT_EQUAL_FATAL(itc_send_as(stranger, itc_token("USDT"), data, hash), 0);
	CU_ASSERT_FATAL(itc_until(deposit_recorded, hash, 0));
	CU_ASSERT_EQUAL_FATAL(it_db_text("SELECT id FROM chain_deposits WHERE tx_hash = ? AND "
	    "status = 'unmatched'", hash, NULL, id, sizeof(id)), 0);
	CU_ASSERT_EQUAL(it_db_text("SELECT deposit_reference FROM chain_deposits WHERE id = ?", id,
	    NULL, ref, sizeof(ref)), 0);
	itc_ops_member("operator", &op, uri, sizeof(uri));
	CU_ASSERT_EQUAL_FATAL(unmatched_has(&op, id, &row), 1);
	str_is(row, "tx_hash", hash);
	str_is(row, "amount", "4.500000");
	str_is(row, "coin", "USDT");
	CU_ASSERT(it_str(row, "from_address") &&
	    strcasecmp(it_str(row, "from_address"), stranger) == 0);
	json_decref(row);
	snprintf(path, sizeof(path), "/console/api/ops/deposits/%s/assign", id);
	snprintf(body, sizeof(body), "{\"partner_id\":\"%s\",\"reason\":\"Its sender wrote to "
	    "support\"}", p.pid);
	con_call("POST", path, body, &op, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	it_resp_free(&r);
	deposit_state(id, ref, st, sizeof(st));
	CU_ASSERT_STRING_EQUAL(st, "assigned|1|1");
	usdt_gain(&p, before, gain, sizeof(gain));
	CU_ASSERT_STRING_EQUAL(gain, "4.500000");
	con_refused("POST", path, body, &op, 409, "invalid_state", "a second assignment");
	usdt_gain(&p, before, gain, sizeof(gain));
	CU_ASSERT_STRING_EQUAL(gain, "4.500000");
	CU_ASSERT_EQUAL(itc_ops_audited(&op, "deposit.assign", id, "Its sender wrote to support"),
	    1);
}

int
it_suite_console_ops_money_chain(void)
{
	static const struct tu_test tests[] = {
		{ "a real unmatched deposit on the EVM node assigned once through the back office",
		  test_real_deposit_assigned },
	};

	return tu_add_suite("console ops-money (EVM)", NULL, NULL, tests, NELEM(tests));
}
