/*
 * Costs that stay flat as tables grow (decision 70) against the real
 * stack: a list's total counted up to api.list_total_cap (500, the
 * stack's default) and flagged past it, at the boundary, for the partner
 * lists (withdrawals, the delivery log and one endpoint's) and the wallet
 * history; the history's page (a limit inside each table's branch) in the
 * right order across conversions and payouts; and reconcile, its lists
 * streamed and its checks on covering indexes, still finding each kind of
 * offending ledger row. Rows past the API's pace are written with SQL
 * (seq_1_to_N), as tools/bench/grow.sql writes them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "itc.h"

#define CAP 500 /* api.list_total_cap's default, which the test stack keeps */
#define PAGES (CAP / 100) /* pages of 100 the cap counts */

/* The pagination object of r. */
static json_t *
pagination(const struct it_resp *r)
{
	return json_object_get(r->json, "pagination");
}

/* Asserts a partner page's pagination: total, total_pages, total_capped. */
static void
assert_numbered(const struct it_resp *r, long long total, long long pages, int capped,
    const char *where)
{
	json_t *pg = pagination(r);

	CU_ASSERT_EQUAL(json_integer_value(json_object_get(pg, "total")), total);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(pg, "total_pages")), pages);
	CU_ASSERT(json_is_boolean(json_object_get(pg, "total_capped")) &&
	    json_is_true(json_object_get(pg, "total_capped")) == capped);
	if (json_integer_value(json_object_get(pg, "total")) != total ||
	    json_is_true(json_object_get(pg, "total_capped")) != capped)
		fprintf(stderr, "%s: pagination %s\n", where, r->body);
}

/* Runs insert, an INSERT ... SELECT over seq_1_to_100000 whose text ends
 * in a WHERE clause, for seq from first to first + n - 1 (p1, p2 its
 * parameters, NULL for none): asserts that n rows were made. */
static void
seq_insert(const char *insert, const char *p1, const char *p2, int first, int n)
{
	char sql[2048];

	snprintf(sql, sizeof(sql), "%s AND seq >= %d AND seq < %d", insert, first, first + n);
	CU_ASSERT_EQUAL(it_db_exec(sql, p1, p2), n);
}

/* n more completed withdrawals (each with its payout) for partner row,
 * numbered from first, a second apart going back from an hour ago. */
static void
add_withdrawals(const char *row, int first, int n)
{
	seq_insert("INSERT INTO withdrawals (id, partner_id, reference_id, request_hash, currency, "
	    "amount, rate, gross_amount, fee, ghs_amount, recipient_phone, mobile_network, status, "
	    "tx_hash, payout_id, created_at, completed_at, next_check_at) "
	    "SELECT CONCAT('wd_', LEFT(MD5(CONCAT('grow', p.id, '-', seq)), 24)), p.id, "
	    "CONCAT('grow-', seq), SHA2(seq, 256), 'USDT', 1, 15.2, 15.20, 0.15, 15.05, "
	    "'+233241234567', 'MTN', 'completed', CONCAT('0x', SHA2(CONCAT('grow', p.id, '-', seq), 256)), "
	    "CONCAT('po_', LEFT(MD5(CONCAT('growp', p.id, '-', seq)), 24)), "
	    "UTC_TIMESTAMP(6) - INTERVAL 1 HOUR - INTERVAL seq SECOND, "
	    "UTC_TIMESTAMP(6) - INTERVAL 1 HOUR - INTERVAL seq SECOND + INTERVAL 10 SECOND, "
	    "UTC_TIMESTAMP(6) - INTERVAL 1 HOUR - INTERVAL seq SECOND "
	    "FROM seq_1_to_100000 JOIN partners p WHERE p.id = ?", row, NULL, first, n);
	/* their payouts: the withdrawals just made have none yet */
	CU_ASSERT_EQUAL(it_db_exec("INSERT INTO payouts (id, withdrawal_id, provider, phone, "
	    "amount, fee, currency, provider_ref, status, sends, created_at, processing_at, "
	    "completed_at, next_check_at) SELECT w.payout_id, w.id, 'MTN', '+233241234567', 15.05, 0, "
	    "'GHS', UUID(), 'completed', 1, w.created_at, w.created_at, w.completed_at, w.created_at "
	    "FROM withdrawals w WHERE w.partner_id = ? AND NOT EXISTS (SELECT 1 FROM payouts p "
	    "WHERE p.id = w.payout_id)", row, NULL), n);
}

/* n more delivered deliveries of endpoint (webhook_endpoints.id), each of
 * its own event, numbered from first. */
static void
add_deliveries(const char *endpoint, int first, int n)
{
	seq_insert("INSERT INTO outbox_events (id, type, subject_kind, subject_id, ref_id, seq, "
	    "payload, created_at) SELECT CONCAT('evt_', LEFT(MD5(CONCAT('grow', e.id, '-', seq)), 24)), "
	    "'withdrawal.completed', 'partner', e.subject_id, CONCAT('wd_grow', e.id, 'x', seq), 1, "
	    "'{}', UTC_TIMESTAMP(6) - INTERVAL 1 HOUR - INTERVAL seq SECOND "
	    "FROM seq_1_to_100000 JOIN webhook_endpoints e WHERE e.id = ?", endpoint, NULL, first, n);
	seq_insert("INSERT INTO webhook_deliveries (event_id, endpoint_id, status, attempts, "
	    "created_at, finished_at) SELECT CONCAT('evt_', LEFT(MD5(CONCAT('grow', e.id, '-', seq)), "
	    "24)), e.id, 'delivered', 1, UTC_TIMESTAMP(6) - INTERVAL 1 HOUR - INTERVAL seq SECOND, "
	    "UTC_TIMESTAMP(6) FROM seq_1_to_100000 JOIN webhook_endpoints e WHERE e.id = ?",
	    endpoint, NULL, first, n);
}

/* The partner lists: exact up to the cap, capped past it, counted from
 * the page asked for; a filter's count exact. */
static void
test_partner_lists(void)
{
	struct itc_partner p;
	struct it_resp r;
	char endpoint[24], hook[64], path[160];

	itc_partner_new(&p, "enterprise", 0);
	add_withdrawals(p.row, 1, CAP);
	CU_ASSERT_EQUAL(itc_partner_get(&p, "/v1/withdrawals?per_page=100", &r), 200);
	assert_numbered(&r, CAP, PAGES, 0, "CAP withdrawals");
	CU_ASSERT_EQUAL(json_array_size(json_object_get(r.json, "data")), 100);
	it_resp_free(&r);

	add_withdrawals(p.row, CAP + 1, 1);
	CU_ASSERT_EQUAL(itc_partner_get(&p, "/v1/withdrawals?per_page=100", &r), 200);
	assert_numbered(&r, CAP, PAGES, 1, "CAP + 1 withdrawals, page 1");
	it_resp_free(&r);
	/* counted from the last full page's first row: exact again, and the
	 * page after it shows */
	snprintf(path, sizeof(path), "/v1/withdrawals?per_page=100&page=%d", PAGES);
	CU_ASSERT_EQUAL(itc_partner_get(&p, path, &r), 200);
	assert_numbered(&r, CAP + 1, PAGES + 1, 0, "CAP + 1 withdrawals, last full page");
	it_resp_free(&r);
	snprintf(path, sizeof(path), "/v1/withdrawals?per_page=100&page=%d", PAGES + 1);
	CU_ASSERT_EQUAL(itc_partner_get(&p, path, &r), 200);
	assert_numbered(&r, CAP + 1, PAGES + 1, 0, "CAP + 1 withdrawals, the page of one");
	CU_ASSERT_EQUAL(json_array_size(json_object_get(r.json, "data")), 1);
	it_resp_free(&r);
	snprintf(path, sizeof(path), "/v1/withdrawals?per_page=100&page=%d", PAGES + 2);
	CU_ASSERT_EQUAL(itc_partner_get(&p, path, &r), 200);
	assert_numbered(&r, CAP + 1, PAGES + 1, 0, "past the end");
	CU_ASSERT_EQUAL(json_array_size(json_object_get(r.json, "data")), 0);
	it_resp_free(&r);
	/* a filter: no row matches, or all of them (the filtered count) */
	CU_ASSERT_EQUAL(itc_partner_get(&p, "/v1/withdrawals?status=failed", &r), 200);
	assert_numbered(&r, 0, 0, 0, "a filter no row matches");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(itc_partner_get(&p, "/v1/withdrawals?status=completed&per_page=100", &r), 200);
	assert_numbered(&r, CAP, PAGES, 1, "a filter every row matches");
	it_resp_free(&r);
	/* /v1/transactions is the same list */
	CU_ASSERT_EQUAL(itc_partner_get(&p, "/v1/transactions?per_page=100", &r), 200);
	assert_numbered(&r, CAP, PAGES, 1, "/v1/transactions");
	it_resp_free(&r);

	/* the delivery log, whole and one endpoint's (a deleted one's too) */
	/* an id of the id shape (letters and digits) */
	snprintf(hook, sizeof(hook), "wh_grow%s%lld", p.row, (long long)time(NULL));
	CU_ASSERT_EQUAL_FATAL(it_db_exec("INSERT INTO webhook_endpoints (public_id, subject_kind, "
	    "subject_id, url, events, secret_sealed, secret_key_id, active, created_at, deleted_at) "
	    "VALUES (?, 'partner', ?, 'https://example.invalid/grow', 'withdrawal.completed', "
	    "UNHEX(SHA2('grow', 512)), 1, 0, UTC_TIMESTAMP(6) - INTERVAL 1 DAY, UTC_TIMESTAMP(6))",
	    hook, p.row), 1);
	CU_ASSERT_EQUAL_FATAL(it_db_text("SELECT id FROM webhook_endpoints WHERE public_id = ?",
	    hook, NULL, endpoint, sizeof(endpoint)), 0);
	add_deliveries(endpoint, 1, CAP);
	/* the trigger gave every delivery its endpoint's owner */
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM webhook_deliveries WHERE endpoint_id = ? "
	    "AND subject_kind = 'partner' AND subject_id = ?", endpoint, p.row), CAP);
	CU_ASSERT_EQUAL(itc_partner_get(&p, "/v1/webhook-deliveries?per_page=100", &r), 200);
	assert_numbered(&r, CAP, PAGES, 0, "CAP deliveries");
	it_resp_free(&r);
	add_deliveries(endpoint, CAP + 1, 1);
	CU_ASSERT_EQUAL(itc_partner_get(&p, "/v1/webhook-deliveries?per_page=100", &r), 200);
	assert_numbered(&r, CAP, PAGES, 1, "CAP + 1 deliveries");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(itc_partner_get(&p, "/v1/webhook-deliveries?per_page=100&event_type="
	    "withdrawal.completed", &r), 200);
	assert_numbered(&r, CAP, PAGES, 1, "CAP + 1 deliveries, the filtered count");
	it_resp_free(&r);
	snprintf(path, sizeof(path), "/v1/webhooks/%s/deliveries?per_page=100&page=%d", hook, PAGES);
	CU_ASSERT_EQUAL(itc_partner_get(&p, path, &r), 200);
	assert_numbered(&r, CAP + 1, PAGES + 1, 0, "one endpoint's log, last full page");
	CU_ASSERT_EQUAL(json_array_size(json_object_get(r.json, "data")), 100);
	it_resp_free(&r);
	snprintf(path, sizeof(path), "/v1/webhook-deliveries?webhook_id=%s&per_page=100", hook);
	CU_ASSERT_EQUAL(itc_partner_get(&p, path, &r), 200);
	assert_numbered(&r, CAP, PAGES, 1, "the log filtered by webhook_id");
	it_resp_free(&r);
	snprintf(path, sizeof(path), "/v1/webhook-deliveries?webhook_id=%s&status=delivered"
	    "&per_page=100", hook);
	CU_ASSERT_EQUAL(itc_partner_get(&p, path, &r), 200);
	assert_numbered(&r, CAP, PAGES, 1, "one endpoint's log, the filtered count");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(itc_partner_get(&p, "/v1/webhook-deliveries?status=failed", &r), 200);
	assert_numbered(&r, 0, 0, 0, "the log filtered by status");
	it_resp_free(&r);
}

/* n payouts (5.00 GHS, completed) of user to beneficiary bn, as SQL,
 * numbered from first, from an hour ago to an hour from now for CAP of
 * them (the user's conversion, made now, falls among them). */
static void
add_payouts(const char *user, const char *bn, int first, int n)
{
	char insert[1536];

	snprintf(insert, sizeof(insert), "INSERT INTO payouts (id, user_id, beneficiary_id, "
	    "provider, phone, account_name, amount, fee, currency, client_reference, provider_ref, status, "
	    "sends, created_at, processing_at, completed_at, next_check_at) SELECT CONCAT('po_', "
	    "LEFT(MD5(CONCAT('grow', b.user_id, '-', seq)), 24)), b.user_id, b.id, 'MTN', b.phone, "
	    "b.account_name, 5.00, 1.00, 'GHS', 'grow', UUID(), 'completed', 1, "
	    "UTC_TIMESTAMP(6) - INTERVAL 1 HOUR + INTERVAL seq * %d SECOND, "
	    "UTC_TIMESTAMP(6) - INTERVAL 1 HOUR + INTERVAL seq * %d SECOND, UTC_TIMESTAMP(6), "
	    "UTC_TIMESTAMP(6) FROM seq_1_to_100000 JOIN beneficiaries b WHERE b.id = ? "
	    "AND b.user_id = ?", 7200 / CAP, 7200 / CAP);
	seq_insert(insert, bn, user, first, n);
}

/* The id at rank n of user's history in the given order, as the database
 * orders both tables together, into out (40 bytes). */
static void
history_at(const char *user, int n, const char *dir, char *out)
{
	char q[512];

	snprintf(q, sizeof(q), "SELECT id FROM (SELECT CONVERT(id USING utf8mb4) COLLATE "
	    "utf8mb4_bin AS id, created_at FROM conversions WHERE user_id = ? UNION ALL "
	    "SELECT id, created_at FROM payouts WHERE user_id = ?) t "
	    "ORDER BY created_at %s, id %s LIMIT 1 OFFSET %d", dir, dir, n);
	out[0] = '\0';
	CU_ASSERT_EQUAL(it_db_text(q, user, user, out, 40), 0);
}

static int
by_id(const void *a, const void *b)
{
	return strcmp(a, b);
}

/* Pages through w's history (limit 100) in order dir into ids; how many. */
static int
page_all(struct itc_wallet *w, const char *dir, char (*ids)[40], int max)
{
	char cursor[300] = "", path[600];
	struct it_resp r;
	int n = 0, more = 1, pages = 0;

	while (more && pages++ <= max / 100 + 1) {
		json_t *data;
		size_t k;

		snprintf(path, sizeof(path), "/api/transactions?limit=100&order=%s%s%s", dir,
		    cursor[0] ? "&cursor=" : "", cursor);
		if (itc_get(w, path, &r) != 200) {
			it_resp_free(&r);
			return -1;
		}
		data = json_object_get(r.json, "data");
		for (k = 0; k < json_array_size(data) && n < max; k++)
			snprintf(ids[n++], 40, "%s", it_str(json_array_get(data, k), "transactionId"));
		more = json_is_true(json_object_get(pagination(&r), "hasMore"));
		snprintf(cursor, sizeof(cursor), "%s", more ? it_str(pagination(&r), "cursor") : "");
		it_resp_free(&r);
	}
	return n;
}

/* The wallet history: the total capped at the boundary; pages (a limit in
 * each table's branch) give every row once, in both tables' one order. */
static void
test_wallet_history(void)
{
	static char ids[CAP + 2][40], sorted[CAP + 2][40];
	static const int ranks[] = { 0, 1, 99, 100, CAP / 2, CAP - 1, CAP };
	struct itc_wallet w;
	struct it_resp r;
	char user[24], bn[40], want[40], conv[40];
	long long have;
	int n, i, at;

	itc_payout_wallet(&w, "0xgrow", "enterprise");
	itc_fund(&w, "10");
	itc_beneficiary(&w, "MTN", 11, bn);
	CU_ASSERT_EQUAL_FATAL(it_db_text("SELECT id FROM users WHERE wallet_id = ?", w.id, NULL,
	    user, sizeof(user)), 0);
	have = it_db_scalar("SELECT (SELECT COUNT(*) FROM conversions WHERE user_id = ?) + "
	    "(SELECT COUNT(*) FROM payouts WHERE user_id = ?)", user, user);
	CU_ASSERT_EQUAL_FATAL(have, 1); /* its funding conversion */
	add_payouts(user, bn, 1, CAP - 1);
	CU_ASSERT_EQUAL(itc_get(&w, "/api/transactions?limit=100", &r), 200);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(pagination(&r), "total")), CAP);
	CU_ASSERT_TRUE(json_is_false(json_object_get(pagination(&r), "totalCapped")));
	it_resp_free(&r);
	add_payouts(user, bn, CAP, 1);
	CU_ASSERT_EQUAL(itc_get(&w, "/api/transactions?limit=100", &r), 200);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(pagination(&r), "total")), CAP);
	CU_ASSERT_TRUE(json_is_true(json_object_get(pagination(&r), "totalCapped")));
	CU_ASSERT_TRUE(json_is_true(json_object_get(pagination(&r), "hasMore")));
	it_resp_free(&r);
	CU_ASSERT_EQUAL(itc_get(&w, "/api/transactions?type=conversion", &r), 200);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(pagination(&r), "total")), 1);
	CU_ASSERT_TRUE(json_is_false(json_object_get(pagination(&r), "totalCapped")));
	it_resp_free(&r);
	CU_ASSERT_EQUAL(itc_get(&w, "/api/transactions?type=payout&status=failed", &r), 200);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(pagination(&r), "total")), 0);
	it_resp_free(&r);

	/* every row once, in the database's order, both ways; the conversion
	 * (made now, among the payouts in time) where the order puts it */
	CU_ASSERT_EQUAL_FATAL(it_db_text("SELECT id FROM conversions WHERE user_id = ?", user,
	    NULL, conv, sizeof(conv)), 0);
	n = page_all(&w, "asc", ids, CAP + 2);
	CU_ASSERT_EQUAL(n, CAP + 1);
	memcpy(sorted, ids, sizeof(sorted));
	qsort(sorted, (size_t)(n > 0 ? n : 0), sizeof(sorted[0]), by_id);
	for (i = 1; i < n; i++)
		CU_ASSERT_STRING_NOT_EQUAL(sorted[i], sorted[i - 1]);
	for (i = 0; i < (int)(sizeof(ranks) / sizeof(ranks[0])) && n == CAP + 1; i++) {
		history_at(user, ranks[i], "ASC", want);
		CU_ASSERT_STRING_EQUAL(ids[ranks[i]], want);
	}
	for (at = 0; at < n && strcmp(ids[at], conv) != 0; at++)
		;
	CU_ASSERT(at > 0 && at < CAP);
	history_at(user, at, "ASC", want);
	CU_ASSERT_STRING_EQUAL(want, conv);
	n = page_all(&w, "desc", ids, CAP + 2);
	CU_ASSERT_EQUAL(n, CAP + 1);
	for (i = 0; i < (int)(sizeof(ranks) / sizeof(ranks[0])) && n == CAP + 1; i++) {
		history_at(user, ranks[i], "DESC", want);
		CU_ASSERT_STRING_EQUAL(ids[ranks[i]], want);
	}
	itc_wallet_free(&w);
}

/* reconcile's exit status and what it printed (out, cap bytes). */
static int
reconcile(char *out, size_t cap)
{
	return it_worker_output("reconcile", out, cap);
}

/* Each kind of offending ledger row, made and then undone (entries are
 * immutable: a row is undone by another, or by putting back the account
 * it offends): reconcile names it and exits 1, then passes again. */
static void
test_reconcile_finds_each(void)
{
	static char out[1 << 16];
	char tx[24], acct[24], code[64], line[160];

	CU_ASSERT_EQUAL_FATAL(reconcile(out, sizeof(out)), 0);
	it_unique("house:grow", code, sizeof(code));
	snprintf(code + strlen(code), sizeof(code) - strlen(code), ":GHS");
	CU_ASSERT_EQUAL_FATAL(it_db_exec("INSERT INTO ledger_accounts (code, asset, kind) "
	    "VALUES (?, 'GHS', 'house')", code, NULL), 1);
	CU_ASSERT_EQUAL_FATAL(it_db_text("SELECT id FROM ledger_accounts WHERE code = ?", code,
	    NULL, acct, sizeof(acct)), 0);
	CU_ASSERT_EQUAL_FATAL(it_db_exec("INSERT INTO ledger_transactions (kind, ref_id) "
	    "VALUES ('grow.test', ?)", code, NULL), 1);
	CU_ASSERT_EQUAL_FATAL(it_db_text("SELECT id FROM ledger_transactions WHERE kind = "
	    "'grow.test' AND ref_id = ?", code, NULL, tx, sizeof(tx)), 0);

	/* one leg alone: unbalanced, and the account's cached balance is not
	 * its entries' sum */
	CU_ASSERT_EQUAL(it_db_exec("INSERT INTO ledger_entries (tx_id, account_id, asset, amount) "
	    "VALUES (?, ?, 'GHS', 1)", tx, acct), 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM ledger_entries WHERE tx_id = ? "
	    "AND created_at = (SELECT created_at FROM ledger_transactions WHERE id = ?)", tx, tx), 1);
	CU_ASSERT_EQUAL(reconcile(out, sizeof(out)), 1);
	snprintf(line, sizeof(line), "unbalanced transaction (tx, asset, sum): %s GHS 1.", tx);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, line));
	snprintf(line, sizeof(line), "cached balance differs (account, cached, entries): %s 0.", code);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, line));
	/* the other leg: balanced, and the sum is 0 again */
	CU_ASSERT_EQUAL(it_db_exec("INSERT INTO ledger_entries (tx_id, account_id, asset, amount) "
	    "VALUES (?, ?, 'GHS', -1)", tx, acct), 1);
	CU_ASSERT_EQUAL(reconcile(out, sizeof(out)), 0);

	/* the account in another asset: its entries are foreign to it */
	CU_ASSERT_EQUAL(it_db_exec("UPDATE ledger_accounts SET asset = 'USDT' WHERE id = ?", acct,
	    NULL), 1);
	CU_ASSERT_EQUAL(reconcile(out, sizeof(out)), 1);
	snprintf(line, sizeof(line), "entry in a foreign asset (entry, account, asset): ");
	CU_ASSERT_PTR_NOT_NULL(strstr(out, line));
	snprintf(line, sizeof(line), " %s GHS", code);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, line));
	CU_ASSERT_EQUAL(it_db_exec("UPDATE ledger_accounts SET asset = 'GHS' WHERE id = ?", acct,
	    NULL), 1);

	/* a cached balance moved without an entry */
	CU_ASSERT_EQUAL(it_db_exec("UPDATE ledger_accounts SET balance = 2 WHERE id = ?", acct,
	    NULL), 1);
	CU_ASSERT_EQUAL(reconcile(out, sizeof(out)), 1);
	snprintf(line, sizeof(line), "cached balance differs (account, cached, entries): %s 2.", code);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, line));

	/* a wallet or partner balance below zero (its CHECK lifted for the
	 * one statement that makes it) */
	CU_ASSERT_EQUAL(it_db_exec("SET STATEMENT check_constraint_checks = 0 FOR "
	    "UPDATE ledger_accounts SET kind = 'user', balance = -2 WHERE id = ?", acct, NULL), 1);
	CU_ASSERT_EQUAL(reconcile(out, sizeof(out)), 1);
	snprintf(line, sizeof(line), "negative balance (account, balance): %s -2.", code);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, line));
	CU_ASSERT_EQUAL(it_db_exec("UPDATE ledger_accounts SET kind = 'house', balance = 0 "
	    "WHERE id = ?", acct, NULL), 1);
	CU_ASSERT_EQUAL(reconcile(out, sizeof(out)), 0);
}

static int
suite_init(void)
{
	/* a wallet's funding conversion confirms at once */
	return it_db_exec("REPLACE INTO sim_settings (name, value) VALUES "
	    "('chain.confirm_seconds', '0')", NULL, NULL) >= 1 ? 0 : 1;
}

int
it_suite_growth(void)
{
	static const struct tu_test tests[] = {
		{ "partner lists: total capped at the boundary, counted from the page", test_partner_lists },
		{ "wallet history: total capped, every row once in order", test_wallet_history },
		{ "reconcile finds each kind of offending ledger row", test_reconcile_finds_each },
	};

	return tu_add_suite("growth: capped totals and reconcile", suite_init, NULL, tests,
	    NELEM(tests));
}
