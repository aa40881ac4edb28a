/*
 * History paging and the payouts worker against the real stack: 45
 * conversions paged 20/20/5 in either order with opaque cursors, and two
 * workers at once settling 200 confirmed conversions exactly once.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "itc.h"

/* Transfers stay pending (so nothing settles while a test sets up). */
static void
hold_chain(int hold)
{
	it_db_exec(hold ? "REPLACE INTO sim_settings VALUES ('chain.confirm_seconds', '3600')" :
	    "REPLACE INTO sim_settings VALUES ('chain.confirm_seconds', '0')", NULL, NULL);
}

/* n conversions of 1 USDT each for w, created one after another. */
static int
make_conversions(struct itc_wallet *w, int n)
{
	char qid[QUOTE_ID_MAX], amount[16];
	struct it_resp r;
	int i, made = 0;

	snprintf(amount, sizeof(amount), "%d", n);
	itc_faucet(w, "USDT", amount);
	for (i = 0; i < n; i++) {
		if (itc_quote(w, "USDT", "1", qid, NULL) != 0)
			continue;
		if (itc_convert(w, qid, "1", "USDT", NULL, &r) == 201)
			made++;
		it_resp_free(&r);
	}
	return made;
}

/* Pages through with limit 20; the ids in order into ids, sizes into sizes. */
static int
page_through(struct itc_wallet *w, const char *order, char (*ids)[40], int *sizes,
    int *pages, long long *total)
{
	char path[600], cursor[300] = "";
	struct it_resp r;
	int n = 0, p = 0;

	for (;;) {
		json_t *data, *pg;
		size_t i;

		snprintf(path, sizeof(path), "/api/transactions?limit=20&order=%s%s%s", order,
		    cursor[0] ? "&cursor=" : "", cursor);
		if (itc_get(w, path, &r) != 200) {
			it_resp_free(&r);
			return -1;
		}
		data = json_object_get(r.json, "data");
		pg = json_object_get(r.json, "pagination");
		*total = json_integer_value(json_object_get(pg, "total"));
		sizes[p++] = (int)json_array_size(data);
		for (i = 0; i < json_array_size(data) && n < 100; i++)
			snprintf(ids[n++], 40, "%s", it_str(json_array_get(data, i), "transactionId"));
		if (!json_is_true(json_object_get(pg, "hasMore"))) {
			CU_ASSERT_TRUE(json_is_null(json_object_get(pg, "cursor")));
			it_resp_free(&r);
			break;
		}
		snprintf(cursor, sizeof(cursor), "%s", it_str(pg, "cursor"));
		it_resp_free(&r);
		if (p > 10)
			return -1;
	}
	*pages = p;
	return n;
}

static void
test_paging_45(void)
{
	struct itc_wallet w, other;
	char ids[100][40], want[40], cursor[300], path[700];
	int sizes[12], pages, n, i, j;
	long long total;
	struct it_resp r;
	static const char *bad_query[] = { "?limit=0", "?limit=101", "?limit=abc", "?limit=-1",
	    "?limit=", "?order=sideways", "?type=refund", "?status=done", "?cursor=abc" };

	hold_chain(1);
	itc_wallet(&w, "0xpage", "enterprise");
	itc_wallet(&other, "0xpage-other", "enterprise");
	itc_limit(&w, "convert", 1000);
	itc_limit(&w, "quotes", 1000);
	CU_ASSERT_EQUAL_FATAL(make_conversions(&w, 45), 45);

	n = page_through(&w, "desc", ids, sizes, &pages, &total);
	CU_ASSERT_EQUAL(n, 45);
	CU_ASSERT_EQUAL(pages, 3);
	CU_ASSERT_EQUAL(sizes[0], 20);
	CU_ASSERT_EQUAL(sizes[1], 20);
	CU_ASSERT_EQUAL(sizes[2], 5);
	CU_ASSERT_EQUAL(total, 45);
	/* every id once, in the order the database holds them */
	for (i = 0; i < n; i++) {
		char rank[16];

		snprintf(rank, sizeof(rank), "%d", i);
		CU_ASSERT_EQUAL(it_db_text("SELECT id FROM conversions WHERE wallet_id = ? "
		    "ORDER BY created_at DESC, id DESC LIMIT 1 OFFSET ?", w.id, rank, want, sizeof(want)), 0);
		CU_ASSERT_STRING_EQUAL(ids[i], want);
		for (j = 0; j < i; j++)
			CU_ASSERT_STRING_NOT_EQUAL(ids[i], ids[j]);
	}
	n = page_through(&w, "asc", ids, sizes, &pages, &total);
	CU_ASSERT_EQUAL(n, 45);
	CU_ASSERT_EQUAL(sizes[0], 20);
	CU_ASSERT_EQUAL(sizes[2], 5);
	CU_ASSERT_EQUAL(it_db_text("SELECT id FROM conversions WHERE wallet_id = ? "
	    "ORDER BY created_at, id LIMIT 1", w.id, NULL, want, sizeof(want)), 0);
	CU_ASSERT_STRING_EQUAL(ids[0], want);

	/* a cursor is good only for its own query */
	CU_ASSERT_EQUAL_FATAL(itc_get(&w, "/api/transactions?limit=20", &r), 200);
	snprintf(cursor, sizeof(cursor), "%s", it_str(json_object_get(r.json, "pagination"), "cursor"));
	it_resp_free(&r);
	{
		char altered[300];
		static const char *with[] = { "&status=processing", "&type=conversion", "&order=asc" };

		for (i = 0; i < 3; i++) {
			snprintf(path, sizeof(path), "/api/transactions?limit=20&cursor=%s%s", cursor, with[i]);
			itc_get(&w, path, &r);
			it_assert_wallet_error(&r, 400, "validation_error", with[i]);
			it_resp_free(&r);
		}
		snprintf(altered, sizeof(altered), "%s", cursor);
		altered[5] = altered[5] == 'A' ? 'B' : 'A';
		snprintf(path, sizeof(path), "/api/transactions?limit=20&cursor=%s", altered);
		itc_get(&w, path, &r);
		it_assert_wallet_error(&r, 400, "validation_error", "altered cursor");
		it_resp_free(&r);
		/* another user's cursor */
		snprintf(path, sizeof(path), "/api/transactions?limit=20&cursor=%s", cursor);
		itc_get(&other, path, &r);
		it_assert_wallet_error(&r, 400, "validation_error", "another user's cursor");
		it_resp_free(&r);
	}
	/* filters narrow total; an empty page is not an error */
	CU_ASSERT_EQUAL(itc_get(&w, "/api/transactions?status=processing&type=conversion", &r), 200);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(json_object_get(r.json, "pagination"), "total")), 45);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(itc_get(&w, "/api/transactions?status=completed", &r), 200);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(r.json, "data")), 0);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(json_object_get(r.json, "pagination"), "total")), 0);
	CU_ASSERT_TRUE(json_is_false(json_object_get(json_object_get(r.json, "pagination"), "hasMore")));
	CU_ASSERT_TRUE(json_is_null(json_object_get(json_object_get(r.json, "pagination"), "cursor")));
	it_resp_free(&r);
	CU_ASSERT_EQUAL(itc_get(&w, "/api/transactions?type=payout", &r), 200);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(json_object_get(r.json, "pagination"), "total")), 0);
	it_resp_free(&r);
	for (i = 0; i < (int)(sizeof(bad_query) / sizeof(bad_query[0])); i++) {
		snprintf(path, sizeof(path), "/api/transactions%s", bad_query[i]);
		itc_get(&w, path, &r);
		it_assert_wallet_error(&r, 400, "validation_error", bad_query[i]);
		it_resp_free(&r);
	}
	hold_chain(0);
	itc_wallet_free(&w);
	itc_wallet_free(&other);
}

/* Two payouts workers at once over 200 confirmed conversions. */
static void
test_two_workers_200(void)
{
	struct itc_wallet w;
	char cmd[1200];

	hold_chain(1);
	itc_wallet(&w, "0xworkers", "enterprise");
	itc_limit(&w, "convert", 1000);
	itc_limit(&w, "quotes", 1000);
	CU_ASSERT_EQUAL_FATAL(make_conversions(&w, 200), 200);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM conversions WHERE wallet_id = ? "
	    "AND status = 'processing'", w.id, NULL), 200);
	/* the chain confirms them all now */
	CU_ASSERT_EQUAL(it_db_exec("UPDATE sim_chain_txs SET confirm_at = UTC_TIMESTAMP(6) - INTERVAL 1 SECOND "
	    "WHERE wallet = ?", w.id, NULL), 200);
	it_db_exec("UPDATE conversions SET lease_until = NULL WHERE wallet_id = ?", w.id, NULL);
	snprintf(cmd, sizeof(cmd), "export CEDIRAMP_CONF=%s; W=%s/cron/payouts; "
	    "$W & a=$!; $W & b=$!; wait $a; ra=$?; wait $b; rb=$?; exit $((ra | rb))",
	    it_env("CEDIRAMP_CONF"), it_env("CEDIRAMP_BUILD"));
	CU_ASSERT_EQUAL(it_system(cmd), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM conversions WHERE wallet_id = ? "
	    "AND status = 'completed'", w.id, NULL), 200);
	/* each credited exactly once */
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM ledger_transactions t JOIN conversions c "
	    "ON c.id = t.ref_id WHERE c.wallet_id = ? AND t.kind = 'conversion.completed'", w.id, NULL), 200);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM (SELECT e.tx_id FROM ledger_entries e "
	    "JOIN ledger_transactions t ON t.id = e.tx_id JOIN conversions c ON c.id = t.ref_id "
	    "WHERE c.wallet_id = ? GROUP BY c.id HAVING COUNT(DISTINCT e.tx_id) > 1) x", w.id, NULL), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM ledger_accounts a JOIN users u "
	    "ON a.code = CONCAT('user:', u.id, ':GHS') WHERE u.wallet_id = ? AND a.balance = "
	    "(SELECT SUM(receive_amount) FROM conversions WHERE wallet_id = ?)", w.id, w.id), 1);
	CU_ASSERT_EQUAL(it_worker("reconcile"), 0);
	hold_chain(0);
	itc_wallet_free(&w);
}

int
it_suite_paging(void)
{
	static const struct tu_test tests[] = {
		{ "45 conversions page 20, 20, 5 in either order", test_paging_45 },
		{ "two payouts workers over 200 confirmed conversions", test_two_workers_200 },
	};

	return tu_add_suite("history and workers", NULL, NULL, tests, NELEM(tests));
}
