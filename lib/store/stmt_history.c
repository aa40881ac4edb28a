#include "store/stmt_internal.h"

/*
 * A user's history is two tables, conversions and payouts, each with an
 * index (user_id, created_at, id). A page takes, from each table, the
 * first rows after the position in the page's order (ORDER BY and LIMIT
 * inside each branch: each one reads its own index range and stops), then
 * the first of both; the rows of the page are then joined by primary key.
 * So a page reads about a page of each table, whatever the user's history
 * (a union filtered and sorted outside read all of it). Each branch's
 * arguments: the user, status twice, type twice, the position (time twice,
 * id), its limit; then the page's limit.
 */
#define HIST_BRANCH(kind, table, idcol, cmp, dir) \
	"(SELECT '" kind "' AS kind, " idcol " AS id, created_at FROM " table " " \
	"WHERE user_id = ? AND (? = '' OR status = ?) AND (? = '' OR ? = '" kind "') " \
	"AND (created_at " cmp " ? OR (created_at = ? AND id " cmp " ?)) " \
	"ORDER BY created_at " dir ", id " dir " LIMIT ?)"
/* conversions' ids are ascii, payouts' utf8mb4: one collation in the union */
#define HIST_CONVERSION_ID "CONVERT(id USING utf8mb4) COLLATE utf8mb4_bin"
#define HIST_PAGE(cmp, dir) \
	"SELECT t.kind, " CONVERSION_COLS_AS("c_") ", " PAYOUT_COLS "FROM (" \
	HIST_BRANCH("conversion", "conversions", HIST_CONVERSION_ID, cmp, dir) " UNION ALL " \
	HIST_BRANCH("payout", "payouts", "id", cmp, dir) " " \
	"ORDER BY created_at " dir ", id " dir " LIMIT ?) t " \
	"LEFT JOIN conversions c ON t.kind = 'conversion' " \
	"AND c.id = CONVERT(t.id USING ascii) " \
	"LEFT JOIN payouts p ON t.kind = 'payout' AND p.id = t.id " \
	"ORDER BY t.created_at " dir ", t.id " dir

/* the list's total: each table's matches up to its LIMIT argument (a cap,
 * db_count_upto); arguments per branch: the user, status twice, type
 * twice, the limit */
#define HIST_COUNT_BRANCH(kind, table) \
	"(SELECT 1 FROM " table " WHERE user_id = ? AND (? = '' OR status = ?) " \
	"AND (? = '' OR ? = '" kind "') LIMIT ?)"

const struct db_stmt_def db_stmts_history[] = {
	/* without a filter, each table's index alone (a filter's column makes
	 * every match's row read); arguments the user and the limit, twice */
	{ DB_HIST_COUNT_ALL,
	    "SELECT COUNT(*) AS total FROM ((SELECT 1 FROM conversions WHERE user_id = ? LIMIT ?) UNION ALL "
	    "(SELECT 1 FROM payouts WHERE user_id = ? LIMIT ?)) t" },
	{ DB_HIST_COUNT,
	    "SELECT COUNT(*) AS total FROM (" HIST_COUNT_BRANCH("conversion", "conversions") " UNION ALL "
	    HIST_COUNT_BRANCH("payout", "payouts") ") t" },
	{ DB_HIST_PAGE_DESC, HIST_PAGE("<", "DESC") },
	{ DB_HIST_PAGE_ASC, HIST_PAGE(">", "ASC") },
	{ DB_STMT__MAX, NULL }
};
