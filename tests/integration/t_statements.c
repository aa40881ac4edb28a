/*
 * Statements (issue 24): GET /v1/statements over a month holding every
 * movement type (deposit, withdrawal hold, withdrawal completed, refund,
 * collection and its fee, adjustment), whose lines sum to the balance
 * change and whose opening and closing balances are GET /v1/balances at
 * the two dates; a part of the month; cediramp-admin statement printing
 * the same bytes; 100,000 lines; GET /api/statements for a wallet user's
 * GHS (a conversion and a payout, each with its fee line); every bad
 * query, and another partner's statement holding none of these lines.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "itc.h"

#define COLS 7
#define MAX_LINES 64

struct csv_line {
	char f[COLS][160];
};

/* Splits CSV text into lines of COLS fields (quoted fields unquoted);
 * returns how many, at most max, or -1 for a line that is not COLS
 * fields or not CRLF-ended. */
static int
csv_parse(const char *text, struct csv_line *out, int max)
{
	const char *p = text;
	int n = 0;

	while (*p != '\0') {
		struct csv_line l;
		int col = 0;

		memset(&l, 0, sizeof(l));
		for (;;) {
			size_t k = 0;

			if (*p == '"') {
				for (p++; *p != '\0' && !(*p == '"' && p[1] != '"'); p++) {
					if (*p == '"')
						p++;
					if (k + 1 < sizeof(l.f[0]))
						l.f[col][k++] = *p;
				}
				if (*p == '"')
					p++;
			} else {
				for (; *p != '\0' && *p != ',' && *p != '\r'; p++)
					if (k + 1 < sizeof(l.f[0]))
						l.f[col][k++] = *p;
			}
			if (*p == ',' && col + 1 < COLS) {
				col++;
				p++;
				continue;
			}
			break;
		}
		if (col != COLS - 1 || p[0] != '\r' || p[1] != '\n')
			return -1;
		p += 2;
		if (n < max)
			out[n] = l;
		n++;
	}
	return n;
}

/* a + b at 6 places, as cents of a micro-unit: the tests' amounts fit. */
static long long
units(const char *s)
{
	long long whole = 0, frac = 0;
	int neg = *s == '-', places = 0;

	if (neg || *s == '+')
		s++;
	for (; *s >= '0' && *s <= '9'; s++)
		whole = whole * 10 + (*s - '0');
	if (*s == '.')
		for (s++; *s >= '0' && *s <= '9' && places < 6; s++, places++)
			frac = frac * 10 + (*s - '0');
	for (; places < 6; places++)
		frac *= 10;
	return (neg ? -1 : 1) * (whole * 1000000LL + frac);
}

/*
 * The lines' checks every statement must pass: a header, the openings
 * first and the closings last, each running balance its balance's
 * previous one plus the amount, closing - opening the lines' sum.
 * opening and closing get each balance's (available [0], pending [1]).
 */
static void
check_lines(const struct csv_line *l, int n, int nbal, long long opening[2],
    long long closing[2])
{
	long long run[2] = { 0, 0 }, sum[2] = { 0, 0 };
	int i, b;

	CU_ASSERT_FATAL(n >= 1 + 2 * nbal);
	CU_ASSERT_STRING_EQUAL(l[0].f[0], "date");
	CU_ASSERT_STRING_EQUAL(l[0].f[6], "running_balance");
	for (i = 1; i < n; i++) {
		b = strcmp(l[i].f[4], "pending") == 0;
		CU_ASSERT(b < nbal);
		if (strcmp(l[i].f[1], "opening balance") == 0) {
			CU_ASSERT(i <= nbal);
			run[b] = opening[b] = units(l[i].f[6]);
			continue;
		}
		if (strcmp(l[i].f[1], "closing balance") == 0) {
			CU_ASSERT(i >= n - nbal);
			closing[b] = units(l[i].f[6]);
			CU_ASSERT_EQUAL(closing[b], run[b]);
			continue;
		}
		CU_ASSERT(i > nbal && i < n - nbal);
		CU_ASSERT_STRING_NOT_EQUAL(l[i].f[5], "");
		run[b] += units(l[i].f[5]);
		sum[b] += units(l[i].f[5]);
		CU_ASSERT_EQUAL(units(l[i].f[6]), run[b]);
	}
	for (b = 0; b < nbal; b++)
		CU_ASSERT_EQUAL(closing[b] - opening[b], sum[b]);
}

/* How many movement lines of type t there are. */
static int
count_type(const struct csv_line *l, int n, const char *t)
{
	int i, k = 0;

	for (i = 0; i < n; i++)
		k += strcmp(l[i].f[1], t) == 0;
	return k;
}

/* GET path as p: the body into *body (malloc'd). */
static long
get_csv(const struct itc_partner *p, const char *path, char **body, char *ctype)
{
	struct it_resp r;
	long st = itc_partner_get(p, path, &r);

	*body = strdup(r.body ? r.body : "");
	if (ctype != NULL)
		(void)it_header(&r, "Content-Type", ctype, 80);
	it_resp_free(&r);
	return st;
}

/* Every ledger transaction of ref moved to day (2026-10-DD HH:MM:SS). */
static void
backdate(const char *ref, const char *when)
{
	CU_ASSERT(it_db_exec("UPDATE ledger_transactions SET created_at = ? WHERE ref_id = ?",
	    when, ref) >= 1);
}

static void
test_partner_month(void)
{
	static const char *const types[] = { "deposit", "withdrawal hold",
		"withdrawal completed", "refund", "collection", "fee", "adjustment" };
	char phone[20], body[600], wd_ok[64], wd_fail[64], pi[64], dep[64], adj[200];
	char avail[40], pend[40], ghs[40], ghs_pend[40], ctype[80], path[200], out[100];
	char *csv, *part, *admin;
	struct csv_line l[MAX_LINES], m[MAX_LINES];
	long long open[2], close[2], popen[2], pclose[2];
	struct itc_partner p, other;
	struct it_resp r;
	int n, k, i;

	it_db_exec("REPLACE INTO sim_settings (name, value) VALUES ('momo.settle_seconds', '0'), "
	    "('chain.confirm_seconds', '0')", NULL, NULL);
	itc_partner_new(&p, "enterprise", 1);
	itc_partner_new(&other, "enterprise", 0);
	itc_phone(555, phone, sizeof(phone));
	/* Oct 2: a deposit of 100 USDT */
	CU_ASSERT_EQUAL_FATAL(itc_partner_send(&p, "POST", "/v1/sandbox/deposits",
	    "{\"currency\":\"USDT\",\"amount\":\"100\"}", &r), 201);
	snprintf(dep, sizeof(dep), "%s", it_str(json_object_get(r.json, "data"), "deposit_id"));
	it_resp_free(&r);
	/* Oct 5: 20 USDT paid out (hold, then completed); Oct 9: 10.666 fails on chain */
	snprintf(body, sizeof(body), "{\"amount\":\"20\",\"currency\":\"USDT\",\"recipient_phone\":"
	    "\"%s\",\"mobile_network\":\"MTN\",\"reference_id\":\"=SUM(1),x\"}", phone);
	CU_ASSERT_EQUAL_FATAL(itc_partner_send(&p, "POST", "/v1/withdrawals", body, &r), 201);
	snprintf(wd_ok, sizeof(wd_ok), "%s", it_str(json_object_get(r.json, "data"), "withdrawal_id"));
	it_resp_free(&r);
	snprintf(body, sizeof(body), "{\"amount\":\"10.666\",\"currency\":\"USDT\",\"recipient_phone\":"
	    "\"%s\",\"mobile_network\":\"MTN\",\"reference_id\":\"st-fail\"}", phone);
	CU_ASSERT_EQUAL_FATAL(itc_partner_send(&p, "POST", "/v1/withdrawals", body, &r), 201);
	snprintf(wd_fail, sizeof(wd_fail), "%s", it_str(json_object_get(r.json, "data"), "withdrawal_id"));
	it_resp_free(&r);
	/* Oct 12: a collection of 50 GHS (1% fee) */
	snprintf(body, sizeof(body), "{\"amount\":\"50\",\"currency\":\"GHS\",\"payer_phone\":\"%s\","
	    "\"mobile_network\":\"MTN\",\"reference_id\":\"inv-7\"}", phone);
	CU_ASSERT_EQUAL_FATAL(itc_partner_send(&p, "POST", "/v1/payment-intents", body, &r), 201);
	snprintf(pi, sizeof(pi), "%s", it_str(json_object_get(r.json, "data"), "payment_intent_id"));
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM withdrawals WHERE id IN (?, ?) AND "
	    "status IN ('completed', 'failed')", wd_ok, wd_fail), 2);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payment_intents WHERE id = ? AND "
	    "status = 'completed'", pi, NULL), 1);
	/* Oct 20 and 28: an operator's adjustments, down then up */
	snprintf(adj, sizeof(adj), "partner adjust %s USDT -1.5 --reference adj-%s", p.pid, wd_ok + 3);
	CU_ASSERT_EQUAL(it_admin(adj, out, sizeof(out)), 0);
	snprintf(adj, sizeof(adj), "partner adjust %s USDT 2.25 --reference adj2-%s", p.pid, wd_ok + 3);
	CU_ASSERT_EQUAL(it_admin(adj, out, sizeof(out)), 0);
	/* the same reference again changes nothing */
	CU_ASSERT_NOT_EQUAL(it_admin(adj, out, sizeof(out)), 0);
	/* more than there is: refused */
	snprintf(adj, sizeof(adj), "partner adjust %s USDT -1000 --reference adj3-%s", p.pid, wd_ok + 3);
	CU_ASSERT_NOT_EQUAL(it_admin(adj, out, sizeof(out)), 0);

	backdate(dep, "2026-10-02 09:00:00");
	backdate(wd_ok, "2026-10-05 10:00:00");
	it_db_exec("UPDATE ledger_transactions SET created_at = '2026-10-06 10:00:00' WHERE ref_id = ? "
	    "AND kind = 'withdrawal.converted'", wd_ok, NULL);
	backdate(wd_fail, "2026-10-09 11:00:00");
	it_db_exec("UPDATE ledger_transactions SET created_at = '2026-10-09 11:05:00' WHERE ref_id = ? "
	    "AND kind = 'withdrawal.refund'", wd_fail, NULL);
	backdate(pi, "2026-10-12 12:00:00");
	snprintf(adj, sizeof(adj), "adj-%s", wd_ok + 3);
	backdate(adj, "2026-10-20 13:00:00");
	snprintf(adj, sizeof(adj), "adj2-%s", wd_ok + 3);
	backdate(adj, "2026-10-28 14:00:00");

	/* the month, USDT */
	CU_ASSERT_EQUAL_FATAL(get_csv(&p, "/v1/statements?currency=USDT&from_date=2026-10-01"
	    "&to_date=2026-10-31", &csv, ctype), 200);
	CU_ASSERT_PTR_NOT_NULL(strstr(ctype, "text/csv"));
	n = csv_parse(csv, l, MAX_LINES);
	CU_ASSERT_FATAL(n > 0 && n <= MAX_LINES);
	check_lines(l, n, 2, open, close);
	CU_ASSERT_EQUAL(open[0], 0);
	CU_ASSERT_EQUAL(open[1], 0);
	itc_partner_balance(&p, "USDT", avail, pend);
	CU_ASSERT_EQUAL(close[0], units(avail));
	CU_ASSERT_EQUAL(close[1], units(pend));
	CU_ASSERT_EQUAL(count_type(l, n, "deposit"), 1);
	CU_ASSERT_EQUAL(count_type(l, n, "withdrawal hold"), 4);      /* two, each on two balances */
	CU_ASSERT_EQUAL(count_type(l, n, "withdrawal completed"), 1); /* pending out */
	CU_ASSERT_EQUAL(count_type(l, n, "refund"), 2);               /* pending -> available */
	CU_ASSERT_EQUAL(count_type(l, n, "adjustment"), 2);
	/* in time order; the reference as given, quoted, kept from spreadsheets */
	for (i = 2; i < n; i++)
		CU_ASSERT(strcmp(l[i - 1].f[0], l[i].f[0]) <= 0 ||
		    strcmp(l[i].f[1], "closing balance") == 0 || strcmp(l[i].f[1], "opening balance") == 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(csv, ",\"'=SUM(1),x\","));
	CU_ASSERT_STRING_EQUAL(l[3].f[0], "2026-10-02T09:00:00Z");
	CU_ASSERT_STRING_EQUAL(l[3].f[2], dep);
	CU_ASSERT_STRING_EQUAL(l[3].f[5], "100.000000");
	CU_ASSERT_STRING_EQUAL(l[n - 2].f[0], "2026-10-31T23:59:59.999999Z");

	/* the month, GHS: the collection gross and its fee */
	CU_ASSERT_EQUAL_FATAL(get_csv(&p, "/v1/statements?currency=GHS&from_date=2026-10-01"
	    "&to_date=2026-10-31T23:59:59Z", &part, NULL), 200);
	k = csv_parse(part, m, MAX_LINES);
	CU_ASSERT_FATAL(k == 1 + 2 + 2 + 2);
	check_lines(m, k, 2, popen, pclose);
	CU_ASSERT_STRING_EQUAL(m[3].f[1], "collection");
	CU_ASSERT_STRING_EQUAL(m[3].f[3], "inv-7");
	CU_ASSERT_STRING_EQUAL(m[3].f[5], "50.00");
	CU_ASSERT_STRING_EQUAL(m[4].f[1], "fee");
	CU_ASSERT_STRING_EQUAL(m[4].f[5], "-0.50");
	itc_partner_balance(&p, "GHS", ghs, ghs_pend);
	CU_ASSERT_EQUAL(pclose[0], units(ghs));
	free(part);
	{
		int seen = 0;

		for (i = 0; i < (int)(sizeof(types) / sizeof(types[0])); i++)
			seen += count_type(l, n, types[i]) > 0 || count_type(m, k, types[i]) > 0;
		CU_ASSERT_EQUAL(seen, (int)(sizeof(types) / sizeof(types[0])));
	}

	/* a part of the month: its opening is the month's running balance then */
	CU_ASSERT_EQUAL_FATAL(get_csv(&p, "/v1/statements?currency=USDT&from_date=2026-10-07"
	    "&to_date=2026-10-21", &part, NULL), 200);
	k = csv_parse(part, m, MAX_LINES);
	CU_ASSERT_FATAL(k > 0);
	check_lines(m, k, 2, popen, pclose);
	for (i = 3; i < n - 2; i++)
		if (strcmp(l[i].f[0], "2026-10-07") < 0 && strcmp(l[i].f[4], "available") == 0)
			open[0] = units(l[i].f[6]);
	CU_ASSERT_EQUAL(popen[0], open[0]);
	CU_ASSERT_EQUAL(count_type(m, k, "deposit"), 0);
	CU_ASSERT_EQUAL(count_type(m, k, "refund"), 2);
	CU_ASSERT_EQUAL(count_type(m, k, "adjustment"), 1);
	free(part);

	/* the admin tool prints the same bytes (its output trimmed of the last LF) */
	snprintf(path, sizeof(path), "statement %s USDT --from 2026-10-01 --to 2026-10-31", p.pid);
	admin = calloc(1, 16384);
	CU_ASSERT_PTR_NOT_NULL_FATAL(admin);
	CU_ASSERT_EQUAL(it_admin_run(path, admin, 16383, out, sizeof(out)), 0);
	admin[strlen(admin)] = '\n';
	CU_ASSERT_STRING_EQUAL(admin, csv);
	free(admin);

	/* another partner's statement holds none of it */
	CU_ASSERT_EQUAL_FATAL(get_csv(&other, "/v1/statements?currency=USDT&from_date=2026-10-01"
	    "&to_date=2026-10-31", &part, NULL), 200);
	CU_ASSERT_EQUAL(csv_parse(part, m, MAX_LINES), 5);
	CU_ASSERT_PTR_NULL(strstr(part, dep));
	free(part);
	free(csv);
	CU_ASSERT_EQUAL(it_worker("reconcile"), 0);
}

static void
test_bad_queries(void)
{
	static const struct { const char *query; long status; const char *code; } bad[] = {
		{ "", 400, "VALIDATION_ERROR" },
		{ "?from_date=2026-10-01&to_date=2026-10-31", 400, "VALIDATION_ERROR" },
		{ "?currency=DAI&from_date=2026-10-01&to_date=2026-10-31", 400, "INVALID_CURRENCY" },
		{ "?currency=usdt&from_date=2026-10-01&to_date=2026-10-31", 400, "INVALID_CURRENCY" },
		{ "?currency=USDT&to_date=2026-10-31", 400, "VALIDATION_ERROR" },
		{ "?currency=USDT&from_date=2026-10-01", 400, "VALIDATION_ERROR" },
		{ "?currency=USDT&from_date=yesterday&to_date=2026-10-31", 400, "VALIDATION_ERROR" },
		{ "?currency=USDT&from_date=2026-11-01&to_date=2026-10-31", 400, "VALIDATION_ERROR" },
		{ "?currency=USDT&from_date=2026-10-01&to_date=2026-10-31&page=2", 400, "VALIDATION_ERROR" },
		{ "?currency=USDT&currency=USDC&from_date=2026-10-01&to_date=2026-10-31", 400, "VALIDATION_ERROR" },
	};
	char path[200], wallet[96], *tok, auth[1200];
	struct itc_partner p;
	struct it_resp r;
	size_t i;

	itc_partner_new(&p, "enterprise", 0);
	for (i = 0; i < NELEM(bad); i++) {
		snprintf(path, sizeof(path), "/v1/statements%s", bad[i].query);
		CU_ASSERT_EQUAL(itc_partner_get(&p, path, &r), bad[i].status);
		it_assert_partner_error(&r, bad[i].status, bad[i].code, bad[i].query);
		it_resp_free(&r);
	}
	{
		const char *none[] = { NULL };

		CU_ASSERT_EQUAL(it_http("GET", "/v1/statements?currency=USDT&from_date=2026-10-01"
		    "&to_date=2026-10-31", none, NULL, 0, &r), 0);
		it_assert_partner_error(&r, 401, "UNAUTHORIZED", "a statement without a key");
		it_resp_free(&r);
	}
	CU_ASSERT_EQUAL(itc_partner_send(&p, "POST", "/v1/statements", "{}", &r), 405);
	it_resp_free(&r);

	it_unique("0xstmt", wallet, sizeof(wallet));
	tok = it_wallet_token(wallet, 600);
	snprintf(auth, sizeof(auth), "Authorization: Bearer %s", tok);
	{
		const char *h[] = { auth, NULL };
		const char *wbad[] = { "", "?from_date=2026-10-01", "?to_date=2026-10-01",
			"?from_date=2026-10-02&to_date=2026-10-01", "?from_date=x&to_date=2026-10-01",
			"?from_date=2026-10-01&to_date=2026-10-31&currency=GHS" };

		for (i = 0; i < NELEM(wbad); i++) {
			snprintf(path, sizeof(path), "/api/statements%s", wbad[i]);
			CU_ASSERT_EQUAL(it_http("GET", path, h, NULL, 0, &r), 0);
			it_assert_wallet_error(&r, 400, "validation_error", wbad[i]);
			it_resp_free(&r);
		}
	}
	{
		const char *bad_tok[] = { "Authorization: Bearer nope", NULL };

		CU_ASSERT_EQUAL(it_http("GET", "/api/statements?from_date=2026-10-01&to_date=2026-10-31",
		    bad_tok, NULL, 0, &r), 0);
		CU_ASSERT_EQUAL(r.status, 401);
		it_resp_free(&r);
	}
	free(tok);
}

/* A wallet user's GHS: a conversion and a payout, each with its fee line. */
static void
test_wallet(void)
{
	char bid[40], avail[40], pend[40], path[200], today[16], auth[1200];
	struct csv_line l[MAX_LINES];
	long long open[2], close[2];
	struct itc_wallet w;
	struct it_resp r;
	int n;

	itc_payout_wallet(&w, "0xstmtw", "enterprise");
	itc_fund(&w, "20");
	itc_beneficiary(&w, "MTN", 555, bid);
	CU_ASSERT_EQUAL(itc_transfer(&w, bid, "10", NULL, &r), 201);
	it_resp_free(&r);
	itc_balances(&w, avail, pend);
	CU_ASSERT_EQUAL(it_db_text("SELECT DATE_FORMAT(UTC_TIMESTAMP(), '%Y-%m-%d')", NULL, NULL,
	    today, sizeof(today)), 0);
	snprintf(path, sizeof(path), "/api/statements?from_date=%s&to_date=%s", today, today);
	snprintf(auth, sizeof(auth), "Authorization: Bearer %s", w.token);
	{
		const char *h[] = { auth, NULL };

		CU_ASSERT_EQUAL_FATAL(it_http("GET", path, h, NULL, 0, &r), 0);
	}
	CU_ASSERT_EQUAL_FATAL(r.status, 200);
	n = csv_parse(r.body, l, MAX_LINES);
	CU_ASSERT_FATAL(n == 1 + 1 + 4 + 1);
	check_lines(l, n, 1, open, close);
	CU_ASSERT_EQUAL(open[0], 0);
	CU_ASSERT_EQUAL(close[0], units(avail));
	CU_ASSERT_STRING_EQUAL(l[2].f[1], "conversion");
	CU_ASSERT_STRING_EQUAL(l[3].f[1], "fee");
	CU_ASSERT_STRING_EQUAL(l[4].f[1], "payout");
	CU_ASSERT_STRING_EQUAL(l[4].f[5], "-10.00");
	CU_ASSERT_STRING_EQUAL(l[5].f[1], "fee");
	CU_ASSERT_EQUAL(units(l[3].f[5]) < 0 && units(l[5].f[5]) < 0, 1);
	CU_ASSERT_PTR_NOT_NULL(it_strstr(r.headers, "statement-GHS-"));
	it_resp_free(&r);
	itc_wallet_free(&w);
}

/* 100,000 movements in a year, written as the ledger writes them (a
 * transaction of two entries each, the cached balances kept): every line,
 * the right closing balance. */
static void
test_year_of_lines(void)
{
	struct itc_partner p;
	char *csv, *q, ctype[80], want[64];
	long lines = 0;

	itc_partner_new(&p, "enterprise", 1);
	CU_ASSERT(it_db_exec("INSERT INTO ledger_accounts (code, asset, kind, balance) VALUES "
	    "(CONCAT('partner:', ?, ':USDC'), 'USDC', 'partner', 100000), "
	    "('house:adjustments:USDC', 'USDC', 'house', 0) "
	    "ON DUPLICATE KEY UPDATE balance = balance + VALUES(balance)", p.row, NULL) >= 1);
	CU_ASSERT(it_db_exec("INSERT INTO ledger_transactions (kind, ref_id, created_at) "
	    "SELECT 'partner.adjustment', CONCAT('yr-', ?, '-', seq), "
	    "TIMESTAMP('2025-01-01') + INTERVAL seq * 300 SECOND FROM seq_1_to_100000", p.row,
	    NULL) == 100000);
	CU_ASSERT(it_db_exec("INSERT INTO ledger_entries (tx_id, account_id, asset, amount) "
	    "SELECT t.id, a.id, 'USDC', IF(a.kind = 'house', -1, 1) FROM ledger_transactions t "
	    "JOIN ledger_accounts a ON a.code IN (CONCAT('partner:', ?, ':USDC'), "
	    "'house:adjustments:USDC') WHERE t.kind = 'partner.adjustment' AND t.ref_id LIKE "
	    "CONCAT('yr-', ?, '-%')", p.row, p.row) == 200000);
	CU_ASSERT(it_db_exec("UPDATE ledger_accounts SET balance = balance - 100000 WHERE code = "
	    "'house:adjustments:USDC'", NULL, NULL) == 1);
	CU_ASSERT_EQUAL_FATAL(get_csv(&p, "/v1/statements?currency=USDC&from_date=2025-01-01"
	    "&to_date=2025-12-31", &csv, ctype), 200);
	for (q = csv; *q != '\0'; q++)
		lines += *q == '\n';
	/* header, 2 openings, 100,000 movements, 2 closings */
	CU_ASSERT_EQUAL(lines, 1 + 2 + 100000 + 2);
	snprintf(want, sizeof(want), "closing balance,,,available,,100000.000000\r\n");
	CU_ASSERT_PTR_NOT_NULL(strstr(csv, want));
	free(csv);
	CU_ASSERT_EQUAL(it_worker("reconcile"), 0);
}

int
it_suite_statements(void)
{
	static const struct tu_test tests[] = {
		{ "a month of every movement type: lines sum to the change; balances at both ends", test_partner_month },
		{ "bad queries: each code exact; no key, no token", test_bad_queries },
		{ "a wallet user's GHS: conversion, payout, their fees", test_wallet },
		{ "100,000 movements of a year, streamed", test_year_of_lines },
	};

	return tu_add_suite("statements", NULL, NULL, tests, NELEM(tests));
}
