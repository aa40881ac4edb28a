/*
 * The back office's partner page extras (docs/console.md, "Back office")
 * against the real stack: the partner's tier and the limits it sets its
 * withdrawals (the operator changes it with a reason, as `cediramp-admin
 * partner tier` does: the partner's next withdrawals meet the new limits;
 * the same tier again 409), and its money: a credit of a real deposit and
 * an adjustment (the operator and the platform's finance), each exactly
 * what `partner credit` and `partner adjust` write (the same deposit row,
 * the same ledger postings, compared with the admin tool's on a twin
 * partner), once per reference (the same reference again: 409 conflict,
 * nothing changed), a chain deposit's reference refused. Every other role
 * and a partner's people are refused, and every bad input writes nothing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "itc.h"
#include "itc_console.h"
#include "itc_ops.h"

#define OPS_PARTNERS "/console/api/ops/partners"

/* The back-office records with a reason. */
static long long
reasons(void)
{
	return it_db_scalar("SELECT COUNT(*) FROM console_audit WHERE reason IS NOT NULL", NULL,
	    NULL);
}

static long long
entries(void)
{
	return it_db_scalar("SELECT COUNT(*) FROM ledger_entries", NULL, NULL);
}

/* POST path (its %s the partner's id) with body as s: the answer in r. */
static void
post_to(const struct con_sess *s, const char *fmt, const char *pid, const char *body,
    struct it_resp *r)
{
	char path[200];

	snprintf(path, sizeof(path), fmt, pid);
	con_call("POST", path, body, s, NULL, r);
}

/* The partner as s's back office reads it: its data (a new reference;
 * NULL unless 200). */
static json_t *
partner_of(const struct con_sess *s, const char *pid)
{
	char path[200];
	struct it_resp r;
	json_t *d = NULL;

	snprintf(path, sizeof(path), OPS_PARTNERS "/%s", pid);
	con_call("GET", path, NULL, s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	if (r.status == 200)
		d = json_incref(json_object_get(r.json, "data"));
	it_resp_free(&r);
	return d;
}

/* cur's available balance in the back office's answer d, or "". */
static const char *
available_in(json_t *d, const char *cur)
{
	json_t *b;
	size_t i;

	json_array_foreach(json_object_get(d, "balances"), i, b)
		if (it_strcmp(it_str(b, "currency"), cur) == 0)
			return it_str(b, "available") ? it_str(b, "available") : "";
	return "";
}

/* The postings of ledger event (kind, ref) as one text, the partner's row
 * id written P: what makes two partners' postings comparable. */
static void
posting_of(const char *kind, const char *ref, const char *row, char *out, size_t cap)
{
	char sql[700], key[200];

	snprintf(key, sizeof(key), "%s|%s", kind, ref);
	snprintf(sql, sizeof(sql), "SELECT GROUP_CONCAT(CONCAT(REPLACE(a.code, ':%s:', ':P:'), "
	    "'=', e.amount, ' ', e.asset) ORDER BY a.code SEPARATOR ',') FROM ledger_transactions t "
	    "JOIN ledger_entries e ON e.tx_id = t.id JOIN ledger_accounts a ON a.id = e.account_id "
	    "WHERE CONCAT(t.kind, '|', t.ref_id) = ?", row);
	out[0] = '\0';
	CU_ASSERT_EQUAL(it_db_text(sql, key, NULL, out, cap), 0);
}

/* The operator sets a basic partner's tier: GET shows it with its limits,
 * the audit keeps the reason, the partner's next withdrawal meets the
 * new tier's limit; the same tier again is refused, nothing audited. */
static void
test_tier(void)
{
	struct itc_partner p;
	struct con_sess op;
	struct it_resp r;
	char uri[1100], body[400], phone[20], ref[64], path[200];
	json_t *d, *lim;
	long st = 0;

	itc_partner_new(&p, "basic", 0);
	itc_ops_member("operator", &op, uri, sizeof(uri));
	d = partner_of(&op, p.pid);
	CU_ASSERT_STRING_EQUAL(it_str(d, "tier"), "basic");
	CU_ASSERT(json_is_null(json_object_get(d, "tier_reason")));
	CU_ASSERT(json_is_null(json_object_get(d, "tier_changed_at")));
	lim = json_object_get(d, "limits");
	{
		static const char *const keys[] = { "applies_to", "currency", "per_transaction_max",
			"daily_limit", "monthly_limit", NULL };

		itc_assert_keys(lim, keys, "limits");
	}
	CU_ASSERT_STRING_EQUAL(it_str(lim, "applies_to"), "withdrawals");
	CU_ASSERT_STRING_EQUAL(it_str(lim, "currency"), "GHS");
	CU_ASSERT_STRING_EQUAL(it_str(lim, "per_transaction_max"), "200.00");
	CU_ASSERT_STRING_EQUAL(it_str(lim, "daily_limit"), "500.00");
	CU_ASSERT_STRING_EQUAL(it_str(lim, "monthly_limit"), "5000.00");
	json_decref(d);

	/* 20 USDT is more GHS than basic's 200.00 a withdrawal */
	itc_phone(555, phone, sizeof(phone));
	it_unique("tier-wd", ref, sizeof(ref));
	snprintf(body, sizeof(body), "{\"amount\":\"20\",\"currency\":\"USDT\",\"recipient_phone\":"
	    "\"%s\",\"mobile_network\":\"MTN\",\"reference_id\":\"%s\"}", phone, ref);
	CU_ASSERT_EQUAL(itc_partner_send(&p, "POST", "/v1/withdrawals", body, &r), 422);
	it_assert_partner_error(&r, 422, "LIMIT_EXCEEDED", "20 USDT on basic");
	it_resp_free(&r);

	post_to(&op, OPS_PARTNERS "/%s/tier", p.pid, "{\"tier\":\"verified\",\"reason\":"
	    "\"KYB documents checked\"}", &r);
	CU_ASSERT_EQUAL(r.status, 200);
	d = json_object_get(r.json, "data");
	CU_ASSERT_STRING_EQUAL(it_str(d, "id"), p.pid);
	CU_ASSERT_STRING_EQUAL(it_str(d, "tier"), "verified");
	CU_ASSERT_STRING_EQUAL(it_str(d, "tier_reason"), "KYB documents checked");
	CU_ASSERT(it_str(d, "tier_changed_at") != NULL && strlen(it_str(d, "tier_changed_at")) == 20);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(d, "limits"), "per_transaction_max"),
	    "2000.00");
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(d, "limits"), "daily_limit"), "5000.00");
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(d, "limits"), "monthly_limit"), "50000.00");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM partners WHERE public_id = ? AND "
	    "tier = 'verified' AND tier_reason = ? AND tier_changed_at IS NOT NULL", p.pid,
	    "KYB documents checked"), 1);
	CU_ASSERT_EQUAL(itc_ops_audited(&op, "partner.tier", p.pid, "KYB documents checked"), 1);

	/* its key's next withdrawals meet verified's limits (the key's cached
	 * policy is read again within a second) */
	{
		struct it_wait w;

		for (it_wait_start(&w, "the withdrawal under verified's limit", 0);;) {
			it_unique("tier-wd", ref, sizeof(ref));
			snprintf(body, sizeof(body), "{\"amount\":\"20\",\"currency\":\"USDT\","
			    "\"recipient_phone\":\"%s\",\"mobile_network\":\"MTN\",\"reference_id\":"
			    "\"%s\"}", phone, ref);
			st = itc_partner_send(&p, "POST", "/v1/withdrawals", body, &r);
			it_resp_free(&r);
			if (st != 422 || !it_wait_next(&w))
				break;
		}
	}
	CU_ASSERT_EQUAL(st, 201);

	/* the same tier again: refused, nothing written or audited */
	snprintf(path, sizeof(path), OPS_PARTNERS "/%s/tier", p.pid);
	con_refused("POST", path, "{\"tier\":\"verified\",\"reason\":\"again\"}", &op, 409,
	    "invalid_state", "the same tier");
	CU_ASSERT_EQUAL(itc_ops_audited(&op, "partner.tier", p.pid, "again"), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM partners WHERE public_id = ? AND "
	    "tier_reason = ?", p.pid, "KYB documents checked"), 1);
	/* and down again, as `partner tier` would */
	CU_ASSERT_EQUAL(con_status_of("POST", path, "{\"tier\":\"basic\",\"reason\":\"test over\"}",
	    &op), 200);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM partners WHERE public_id = ? AND "
	    "tier = 'basic'", p.pid, NULL), 1);
}

/* The operator credits a real deposit: exactly what `partner credit`
 * writes for the same deposit on a twin partner; the same reference
 * again changes nothing; the platform's finance may credit too. */
static void
test_credit(void)
{
	struct itc_partner p, twin;
	struct con_sess op, fin;
	struct it_resp r;
	char uri[1100], ref[64], tref[64], body[400], args[300], out[400], dep[64], tdep[64];
	char mine[600], theirs[600], path[200], before[40], after[40];
	long long n_entries, audit;
	json_t *d;

	itc_partner_new(&p, "basic", 1);
	itc_partner_new(&twin, "basic", 1);
	itc_ops_member("operator", &op, uri, sizeof(uri));
	itc_partner_available(&p, "USDC", before);
	CU_ASSERT_STRING_EQUAL(before, "0.000000");
	it_unique("wire", ref, sizeof(ref));
	snprintf(body, sizeof(body), "{\"currency\":\"USDC\",\"amount\":\"2500.25\",\"reference\":"
	    "\"%s\",\"reason\":\"Bank wire 4471 received\"}", ref);
	post_to(&op, OPS_PARTNERS "/%s/credit", p.pid, body, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	d = json_object_get(json_object_get(r.json, "data"), "deposit");
	CU_ASSERT_STRING_EQUAL(it_str(d, "currency"), "USDC");
	CU_ASSERT_STRING_EQUAL(it_str(d, "amount"), "2500.250000");
	CU_ASSERT_STRING_EQUAL(it_str(d, "reference"), ref);
	snprintf(dep, sizeof(dep), "%s", it_str(d, "id") ? it_str(d, "id") : "");
	CU_ASSERT_STRING_EQUAL(available_in(json_object_get(json_object_get(r.json, "data"),
	    "partner"), "USDC"), "2500.250000");
	it_resp_free(&r);
	/* the partner's own balance, and the rows: as `partner credit` leaves them */
	itc_partner_available(&p, "USDC", after);
	CU_ASSERT_STRING_EQUAL(after, "2500.250000");
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM partner_deposits WHERE id = ? AND "
	    "currency = 'USDC' AND amount = 2500.25 AND source = 'operator' AND "
	    "deposit_reference = ?", dep, ref), 1);
	CU_ASSERT_EQUAL(itc_ops_audited(&op, "partner.credit", p.pid, "Bank wire 4471 received"),
	    1);
	it_unique("wire", tref, sizeof(tref));
	snprintf(args, sizeof(args), "partner credit %s USDC 2500.25 --reference %s", twin.pid,
	    tref);
	CU_ASSERT_EQUAL(it_admin(args, out, sizeof(out)), 0);
	CU_ASSERT_EQUAL(it_db_text("SELECT id FROM partner_deposits WHERE deposit_reference = ?",
	    tref, NULL, tdep, sizeof(tdep)), 0);
	posting_of("partner.deposit", dep, p.row, mine, sizeof(mine));
	posting_of("partner.deposit", tdep, twin.row, theirs, sizeof(theirs));
	CU_ASSERT_STRING_EQUAL(mine, theirs);
	CU_ASSERT_PTR_NOT_NULL(strstr(mine, "partner:P:USDC=2500.25"));
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM partner_deposits d1 JOIN "
	    "partner_deposits d2 ON d1.currency = d2.currency AND d1.amount = d2.amount AND "
	    "d1.source = d2.source WHERE d1.id = ? AND d2.id = ?", dep, tdep), 1);

	/* the same reference again: 409, nothing written, nothing audited */
	n_entries = entries();
	audit = reasons();
	snprintf(path, sizeof(path), OPS_PARTNERS "/%s/credit", p.pid);
	snprintf(body, sizeof(body), "{\"currency\":\"USDC\",\"amount\":\"2500.25\",\"reference\":"
	    "\"%s\",\"reason\":\"clicked twice\"}", ref);
	con_refused("POST", path, body, &op, 409, "conflict", "the same reference");
	/* as finance, and another amount: the reference is still the one credited */
	itc_ops_member("finance", &fin, uri, sizeof(uri));
	snprintf(body, sizeof(body), "{\"currency\":\"USDC\",\"amount\":\"1\",\"reference\":"
	    "\"%s\",\"reason\":\"clicked twice\"}", ref);
	con_refused("POST", path, body, &fin, 409, "conflict", "the same reference, finance");
	/* a chain deposit's reference is its assignment's */
	snprintf(body, sizeof(body), "{\"currency\":\"USDC\",\"amount\":\"1\",\"reference\":"
	    "\"chain:31337:0x%064d:0\",\"reason\":\"unmatched deposit\"}", 1);
	con_call("POST", path, body, &op, NULL, &r);
	con_expect_error(&r, 400, "validation_error", "a chain: reference");
	CU_ASSERT_PTR_NOT_NULL(strstr(it_str(json_object_get(r.json, "error"), "message") ?
	    it_str(json_object_get(r.json, "error"), "message") : "", "use the deposit's assign"));
	it_resp_free(&r);
	CU_ASSERT_EQUAL(entries(), n_entries);
	CU_ASSERT_EQUAL(reasons(), audit);
	itc_partner_available(&p, "USDC", after);
	CU_ASSERT_STRING_EQUAL(after, "2500.250000");

	/* finance credits another deposit: the balance rises by exactly it */
	it_unique("wire", ref, sizeof(ref));
	snprintf(body, sizeof(body), "{\"currency\":\"USDT\",\"amount\":\"0.000001\",\"reference\":"
	    "\"%s\",\"reason\":\"the smallest unit\"}", ref);
	CU_ASSERT_EQUAL(con_status_of("POST", path, body, &fin), 200);
	itc_partner_available(&p, "USDT", after);
	CU_ASSERT_STRING_EQUAL(after, "0.000001");
	CU_ASSERT_EQUAL(itc_ops_audited(&fin, "partner.credit", p.pid, "the smallest unit"), 1);
	CU_ASSERT_EQUAL(entries(), n_entries + 2);
}

/* An adjustment down and up: as `partner adjust` posts it, once per
 * reference; below zero refused. */
static void
test_adjust(void)
{
	struct itc_partner p, twin;
	struct con_sess op;
	struct it_resp r;
	char uri[1100], ref[64], tref[64], body[400], args[300], out[400], path[200], avail[40];
	char mine[600], theirs[600];
	long long n_entries, audit;
	json_t *d;

	itc_partner_new(&p, "basic", 0);
	itc_partner_new(&twin, "basic", 0);
	itc_ops_member("operator", &op, uri, sizeof(uri));
	itc_partner_available(&p, "USDT", avail);
	CU_ASSERT_STRING_EQUAL(avail, "10000.000000");
	it_unique("adj", ref, sizeof(ref));
	snprintf(body, sizeof(body), "{\"currency\":\"USDT\",\"amount\":\"-1.5\",\"reference\":"
	    "\"%s\",\"reason\":\"fee refunded twice\"}", ref);
	post_to(&op, OPS_PARTNERS "/%s/adjust", p.pid, body, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	d = json_object_get(json_object_get(r.json, "data"), "adjustment");
	CU_ASSERT_STRING_EQUAL(it_str(d, "currency"), "USDT");
	CU_ASSERT_STRING_EQUAL(it_str(d, "amount"), "-1.5");
	CU_ASSERT_STRING_EQUAL(it_str(d, "reference"), ref);
	CU_ASSERT_STRING_EQUAL(it_str(d, "available"), "9998.500000");
	CU_ASSERT_STRING_EQUAL(available_in(json_object_get(json_object_get(r.json, "data"),
	    "partner"), "USDT"), "9998.500000");
	it_resp_free(&r);
	itc_partner_available(&p, "USDT", avail);
	CU_ASSERT_STRING_EQUAL(avail, "9998.500000");
	CU_ASSERT_EQUAL(itc_ops_audited(&op, "partner.adjust", p.pid, "fee refunded twice"), 1);
	/* the admin tool's on the twin: the same posting */
	it_unique("adj", tref, sizeof(tref));
	snprintf(args, sizeof(args), "partner adjust %s USDT -1.5 --reference %s", twin.pid, tref);
	CU_ASSERT_EQUAL(it_admin(args, out, sizeof(out)), 0);
	posting_of("partner.adjustment", ref, p.row, mine, sizeof(mine));
	posting_of("partner.adjustment", tref, twin.row, theirs, sizeof(theirs));
	CU_ASSERT_STRING_EQUAL(mine, theirs);
	CU_ASSERT_PTR_NOT_NULL(strstr(mine, "partner:P:USDT=-1.5"));

	/* GHS up */
	it_unique("adj", ref, sizeof(ref));
	snprintf(body, sizeof(body), "{\"currency\":\"GHS\",\"amount\":\"12.34\",\"reference\":"
	    "\"%s\",\"reason\":\"collection short-paid\"}", ref);
	post_to(&op, OPS_PARTNERS "/%s/adjust", p.pid, body, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(json_object_get(r.json, "data"),
	    "adjustment"), "available"), "12.34");
	it_resp_free(&r);
	itc_partner_available(&p, "GHS", avail);
	CU_ASSERT_STRING_EQUAL(avail, "12.34");

	/* the same reference again, and below zero: refused, nothing written */
	n_entries = entries();
	audit = reasons();
	snprintf(path, sizeof(path), OPS_PARTNERS "/%s/adjust", p.pid);
	con_refused("POST", path, body, &op, 409, "conflict", "the same reference");
	it_unique("adj", ref, sizeof(ref));
	snprintf(body, sizeof(body), "{\"currency\":\"GHS\",\"amount\":\"-12.35\",\"reference\":"
	    "\"%s\",\"reason\":\"too much\"}", ref);
	con_refused("POST", path, body, &op, 422, "unprocessable", "below zero");
	CU_ASSERT_EQUAL(entries(), n_entries);
	CU_ASSERT_EQUAL(reasons(), audit);
	itc_partner_available(&p, "GHS", avail);
	CU_ASSERT_STRING_EQUAL(avail, "12.34");
}

/* Every role without the permission, and a partner's people: refused,
 * nothing written. */
static void
test_refused(void)
{
	static const char *const not_partners[] = { "compliance", "finance", "read-only" };
	struct itc_partner p;
	struct con_sess s, owner;
	char uri[1100], path[200], body[300], avail[40];
	long long n_entries, audit;
	size_t i;

	itc_partner_new(&p, "basic", 0);
	con_signup("Ops Money Curious Ltd", &owner);
	n_entries = entries();
	audit = reasons();
	snprintf(body, sizeof(body), "{\"currency\":\"USDT\",\"amount\":\"5\",\"reference\":"
	    "\"refused-%s\",\"reason\":\"not mine\"}", p.row);
	for (i = 0; i < NELEM(not_partners); i++) {
		itc_ops_member(not_partners[i], &s, uri, sizeof(uri));
		snprintf(path, sizeof(path), OPS_PARTNERS "/%s/tier", p.pid);
		con_refused("POST", path, "{\"tier\":\"enterprise\",\"reason\":\"not mine\"}", &s,
		    403, "forbidden", not_partners[i]);
		if (strcmp(not_partners[i], "finance") == 0)
			continue;
		snprintf(path, sizeof(path), OPS_PARTNERS "/%s/credit", p.pid);
		con_refused("POST", path, body, &s, 403, "forbidden", not_partners[i]);
		snprintf(path, sizeof(path), OPS_PARTNERS "/%s/adjust", p.pid);
		con_refused("POST", path, body, &s, 403, "forbidden", not_partners[i]);
	}
	snprintf(path, sizeof(path), OPS_PARTNERS "/%s/tier", owner.partner);
	con_refused("POST", path, "{\"tier\":\"enterprise\",\"reason\":\"mine\"}", &owner, 403,
	    "forbidden", "a partner's owner: tier");
	snprintf(path, sizeof(path), OPS_PARTNERS "/%s/credit", owner.partner);
	con_refused("POST", path, body, &owner, 403, "forbidden", "a partner's owner: credit");
	snprintf(path, sizeof(path), OPS_PARTNERS "/%s/adjust", owner.partner);
	con_refused("POST", path, body, &owner, 403, "forbidden", "a partner's owner: adjust");
	CU_ASSERT_EQUAL(entries(), n_entries);
	CU_ASSERT_EQUAL(reasons(), audit);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM partners WHERE public_id IN (?, ?) "
	    "AND tier = 'basic' AND tier_reason IS NULL", p.pid, owner.partner), 2);
	itc_partner_available(&p, "USDT", avail);
	CU_ASSERT_STRING_EQUAL(avail, "10000.000000");
}

/* Every bad input of tier, credit and adjust, as the operator sends it
 * (%p the partner's id, %s a reason of 201 characters): nothing written. */
static void
test_bad_inputs(void)
{
	static const struct {
		const char *path, *body, *code;
		long status;
	} cases[] = {
		/* tier */
		{ "/%p/tier", "{", "validation_error", 400 },
		{ "/%p/tier", "[]", "validation_error", 400 },
		{ "/%p/tier", "{}", "validation_error", 400 },
		{ "/%p/tier", "{\"tier\":\"verified\"}", "validation_error", 400 },
		{ "/%p/tier", "{\"reason\":\"r\"}", "validation_error", 400 },
		{ "/%p/tier", "{\"tier\":\"gold\",\"reason\":\"r\"}", "validation_error", 400 },
		{ "/%p/tier", "{\"tier\":\"none\",\"reason\":\"r\"}", "validation_error", 400 },
		{ "/%p/tier", "{\"tier\":\"Verified\",\"reason\":\"r\"}", "validation_error", 400 },
		{ "/%p/tier", "{\"tier\":2,\"reason\":\"r\"}", "validation_error", 400 },
		{ "/%p/tier", "{\"tier\":null,\"reason\":\"r\"}", "validation_error", 400 },
		{ "/%p/tier", "{\"tier\":\"verified\\u0000\",\"reason\":\"r\"}", "validation_error",
		    400 },
		{ "/%p/tier", "{\"tier\":\"verified\",\"reason\":\"\"}", "validation_error", 400 },
		{ "/%p/tier", "{\"tier\":\"verified\",\"reason\":\"  \"}", "validation_error", 400 },
		{ "/%p/tier", "{\"tier\":\"verified\",\"reason\":\"%s\"}", "validation_error", 400 },
		{ "/%p/tier", "{\"tier\":\"verified\",\"reason\":true}", "validation_error", 400 },
		{ "/%p/tier", "{\"tier\":\"verified\",\"reason\":\"r\",\"now\":1}", "validation_error",
		    400 },
		{ "/%p/tier", "{\"tier\":\"verified\",\"tier\":\"basic\",\"reason\":\"r\"}",
		    "validation_error", 400 },
		{ "/pt_nope/tier", "{\"tier\":\"verified\",\"reason\":\"r\"}", "not_found", 404 },
		{ "/nope/tier", "{\"tier\":\"verified\",\"reason\":\"r\"}", "not_found", 404 },
		/* credit */
		{ "/%p/credit", "{", "validation_error", 400 },
		{ "/%p/credit", "{}", "validation_error", 400 },
		{ "/%p/credit", "{\"amount\":\"5\",\"reference\":\"bad-1\",\"reason\":\"r\"}",
		    "validation_error", 400 },
		{ "/%p/credit", "{\"currency\":\"USDT\",\"reference\":\"bad-1\",\"reason\":\"r\"}",
		    "validation_error", 400 },
		{ "/%p/credit", "{\"currency\":\"USDT\",\"amount\":\"5\",\"reason\":\"r\"}",
		    "validation_error", 400 },
		{ "/%p/credit", "{\"currency\":\"USDT\",\"amount\":\"5\",\"reference\":\"bad-1\"}",
		    "validation_error", 400 },
		{ "/%p/credit", "{\"currency\":\"GHS\",\"amount\":\"5\",\"reference\":\"bad-1\","
		    "\"reason\":\"r\"}", "validation_error", 400 },
		{ "/%p/credit", "{\"currency\":\"DAI\",\"amount\":\"5\",\"reference\":\"bad-1\","
		    "\"reason\":\"r\"}", "validation_error", 400 },
		{ "/%p/credit", "{\"currency\":\"usdt\",\"amount\":\"5\",\"reference\":\"bad-1\","
		    "\"reason\":\"r\"}", "validation_error", 400 },
		{ "/%p/credit", "{\"currency\":\"USDT\",\"amount\":5,\"reference\":\"bad-1\","
		    "\"reason\":\"r\"}", "validation_error", 400 },
		{ "/%p/credit", "{\"currency\":\"USDT\",\"amount\":\"0\",\"reference\":\"bad-1\","
		    "\"reason\":\"r\"}", "validation_error", 400 },
		{ "/%p/credit", "{\"currency\":\"USDT\",\"amount\":\"-5\",\"reference\":\"bad-1\","
		    "\"reason\":\"r\"}", "validation_error", 400 },
		{ "/%p/credit", "{\"currency\":\"USDT\",\"amount\":\"1e3\",\"reference\":\"bad-1\","
		    "\"reason\":\"r\"}", "validation_error", 400 },
		{ "/%p/credit", "{\"currency\":\"USDT\",\"amount\":\"0.0000001\",\"reference\":"
		    "\"bad-1\",\"reason\":\"r\"}", "validation_error", 400 },
		{ "/%p/credit", "{\"currency\":\"USDT\",\"amount\":\"1000000.000001\",\"reference\":"
		    "\"bad-1\",\"reason\":\"r\"}", "validation_error", 400 },
		{ "/%p/credit", "{\"currency\":\"USDT\",\"amount\":\" 5\",\"reference\":\"bad-1\","
		    "\"reason\":\"r\"}", "validation_error", 400 },
		{ "/%p/credit", "{\"currency\":\"USDT\",\"amount\":\"5\\u00000\",\"reference\":"
		    "\"bad-1\",\"reason\":\"r\"}", "validation_error", 400 },
		{ "/%p/credit", "{\"currency\":\"USDT\",\"amount\":\"5\",\"reference\":\"\","
		    "\"reason\":\"r\"}", "validation_error", 400 },
		{ "/%p/credit", "{\"currency\":\"USDT\",\"amount\":\"5\",\"reference\":\"a\\tb\","
		    "\"reason\":\"r\"}", "validation_error", 400 },
		{ "/%p/credit", "{\"currency\":\"USDT\",\"amount\":\"5\",\"reference\":7,"
		    "\"reason\":\"r\"}", "validation_error", 400 },
		{ "/%p/credit", "{\"currency\":\"USDT\",\"amount\":\"5\",\"reference\":\"%s\","
		    "\"reason\":\"r\"}", "validation_error", 400 },
		{ "/%p/credit", "{\"currency\":\"USDT\",\"amount\":\"5\",\"reference\":\"bad-1\","
		    "\"reason\":\"%s\"}", "validation_error", 400 },
		{ "/%p/credit", "{\"currency\":\"USDT\",\"amount\":\"5\",\"reference\":\"bad-1\","
		    "\"reason\":\"\"}", "validation_error", 400 },
		{ "/%p/credit", "{\"currency\":\"USDT\",\"amount\":\"5\",\"reference\":\"bad-1\","
		    "\"reason\":\"r\",\"source\":\"chain\"}", "validation_error", 400 },
		{ "/%p/credit", "{\"currency\":\"USDT\",\"amount\":\"5\",\"reference\":\"chain:1:0x1:0\","
		    "\"reason\":\"r\"}", "validation_error", 400 },
		{ "/pt_nope/credit", "{\"currency\":\"USDT\",\"amount\":\"5\",\"reference\":\"bad-1\","
		    "\"reason\":\"r\"}", "not_found", 404 },
		{ "/nope/credit", "{\"currency\":\"USDT\",\"amount\":\"5\",\"reference\":\"bad-1\","
		    "\"reason\":\"r\"}", "not_found", 404 },
		/* adjust */
		{ "/%p/adjust", "{", "validation_error", 400 },
		{ "/%p/adjust", "{}", "validation_error", 400 },
		{ "/%p/adjust", "{\"currency\":\"DAI\",\"amount\":\"5\",\"reference\":\"bad-2\","
		    "\"reason\":\"r\"}", "validation_error", 400 },
		{ "/%p/adjust", "{\"currency\":\"USDT\",\"amount\":\"0\",\"reference\":\"bad-2\","
		    "\"reason\":\"r\"}", "validation_error", 400 },
		{ "/%p/adjust", "{\"currency\":\"USDT\",\"amount\":\"-0.000000\",\"reference\":"
		    "\"bad-2\",\"reason\":\"r\"}", "validation_error", 400 },
		{ "/%p/adjust", "{\"currency\":\"GHS\",\"amount\":\"1.001\",\"reference\":\"bad-2\","
		    "\"reason\":\"r\"}", "validation_error", 400 },
		{ "/%p/adjust", "{\"currency\":\"USDT\",\"amount\":\"+5\",\"reference\":\"bad-2\","
		    "\"reason\":\"r\"}", "validation_error", 400 },
		{ "/%p/adjust", "{\"currency\":\"USDT\",\"amount\":\"-1000000.000001\",\"reference\":"
		    "\"bad-2\",\"reason\":\"r\"}", "validation_error", 400 },
		{ "/%p/adjust", "{\"currency\":\"USDT\",\"amount\":-5,\"reference\":\"bad-2\","
		    "\"reason\":\"r\"}", "validation_error", 400 },
		{ "/%p/adjust", "{\"currency\":\"USDT\",\"amount\":\"5\",\"reference\":"
		    "\"12345678901234567890123456789012345678901\",\"reason\":\"r\"}",
		    "validation_error", 400 },
		{ "/%p/adjust", "{\"currency\":\"USDT\",\"amount\":\"5\",\"reference\":\"bad-2\","
		    "\"reason\":\"%s\"}", "validation_error", 400 },
		{ "/%p/adjust", "{\"currency\":\"USDT\",\"amount\":\"5\",\"reference\":\"bad-2\","
		    "\"reason\":\"r\",\"balance\":\"x\"}", "validation_error", 400 },
		{ "/%p/adjust", "{\"currency\":\"USDT\",\"amount\":\"-10000.000001\",\"reference\":"
		    "\"bad-2\",\"reason\":\"r\"}", "unprocessable", 422 },
		{ "/pt_nope/adjust", "{\"currency\":\"USDT\",\"amount\":\"5\",\"reference\":\"bad-2\","
		    "\"reason\":\"r\"}", "not_found", 404 },
	};
	struct itc_partner p;
	struct con_sess op;
	char uri[1100], long_text[202], path[300], body[700], avail[40];
	long long n_entries, audit, deposits;
	size_t i;

	itc_partner_new(&p, "basic", 0);
	itc_ops_member("operator", &op, uri, sizeof(uri));
	memset(long_text, 'x', 201);
	long_text[201] = '\0';
	n_entries = entries();
	audit = reasons();
	deposits = it_db_scalar("SELECT COUNT(*) FROM partner_deposits", NULL, NULL);
	for (i = 0; i < NELEM(cases); i++) {
		const char *at = strstr(cases[i].path, "%p"), *s = strstr(cases[i].body, "%s");

		if (at != NULL)
			snprintf(path, sizeof(path), OPS_PARTNERS "/%s%s", p.pid, at + 2);
		else
			snprintf(path, sizeof(path), OPS_PARTNERS "%s", cases[i].path);
		if (s != NULL)
			snprintf(body, sizeof(body), "%.*s%s%s", (int)(s - cases[i].body), cases[i].body,
			    long_text, s + 2);
		else
			snprintf(body, sizeof(body), "%s", cases[i].body);
		con_refused("POST", path, body, &op, cases[i].status, cases[i].code, body);
	}
	snprintf(path, sizeof(path), OPS_PARTNERS "/%s/credit", p.pid);
	con_refused("GET", path, NULL, &op, 405, "method_not_allowed", "GET credit");
	snprintf(path, sizeof(path), OPS_PARTNERS "/%s/tier", p.pid);
	con_refused("PUT", path, "{}", &op, 405, "method_not_allowed", "PUT tier");
	CU_ASSERT_EQUAL(entries(), n_entries);
	CU_ASSERT_EQUAL(reasons(), audit);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM partner_deposits", NULL, NULL), deposits);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM partners WHERE public_id = ? AND "
	    "tier = 'basic' AND tier_reason IS NULL", p.pid, NULL), 1);
	itc_partner_available(&p, "USDT", avail);
	CU_ASSERT_STRING_EQUAL(avail, "10000.000000");
}

int
it_suite_console_ops_partner_money(void)
{
	static const struct tu_test tests[] = {
		{ "a partner's tier set with a reason: its limits shown, its withdrawals meet them",
		    test_tier },
		{ "a credit of a real deposit: as partner credit writes it, once per reference",
		    test_credit },
		{ "an adjustment down and up: as partner adjust posts it, once per reference",
		    test_adjust },
		{ "tier, credit and adjust refused to the roles without them and to partners",
		    test_refused },
		{ "tier, credit and adjust's bad inputs, nothing written", test_bad_inputs },
	};

	return tu_add_suite("console ops partner money", NULL, NULL, tests, NELEM(tests));
}
