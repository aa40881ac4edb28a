#include "store/stmt_internal.h"

/* conversions (ascii) and payouts (utf8mb4) ids in one collation */
#define HIST_UNION "SELECT 'conversion' AS kind, CONVERT(id USING utf8mb4) " \
	"COLLATE utf8mb4_bin AS id, created_at FROM conversions " \
	"WHERE user_id = ? AND (? = '' OR status = ?) UNION ALL " \
	"SELECT 'payout', id, created_at FROM payouts WHERE user_id = ? " \
	"AND (? = '' OR status = ?)"

/* a page's ids joined to their rows (conversions' ids are ascii) */
#define HIST_ITEMS "LEFT JOIN conversions c ON t.kind = 'conversion' " \
	"AND c.id = CONVERT(t.id USING ascii) " \
	"LEFT JOIN payouts p ON t.kind = 'payout' AND p.id = t.id "

const struct db_stmt_def db_stmts_history[] = {
	{ DB_HIST_COUNT, 1,
	    "SELECT COUNT(*) FROM (SELECT 'conversion' AS kind FROM conversions "
	    "WHERE user_id = ? AND (? = '' OR status = ?) UNION ALL "
	    "SELECT 'payout' FROM payouts WHERE user_id = ? AND (? = '' OR status = ?)) t "
	    "WHERE (? = '' OR kind = ?)" },
	/* one page in one statement: the page's positions, then each item's
	 * own row joined by primary key (the kind's columns, the other's NULL) */
	{ DB_HIST_PAGE_DESC, 1 + CONVERSION_NCOLS + PAYOUT_NCOLS,
	    "SELECT t.kind, " CONVERSION_COLS ", " PAYOUT_COLS "FROM (SELECT kind, id, created_at "
	    "FROM (" HIST_UNION ") u WHERE (? = '' OR kind = ?) "
	    "AND (created_at < ? OR (created_at = ? AND id < ?)) "
	    "ORDER BY created_at DESC, id DESC LIMIT ?) t " HIST_ITEMS
	    "ORDER BY t.created_at DESC, t.id DESC" },
	{ DB_HIST_PAGE_ASC, 1 + CONVERSION_NCOLS + PAYOUT_NCOLS,
	    "SELECT t.kind, " CONVERSION_COLS ", " PAYOUT_COLS "FROM (SELECT kind, id, created_at "
	    "FROM (" HIST_UNION ") u WHERE (? = '' OR kind = ?) "
	    "AND (created_at > ? OR (created_at = ? AND id > ?)) "
	    "ORDER BY created_at ASC, id ASC LIMIT ?) t " HIST_ITEMS
	    "ORDER BY t.created_at ASC, t.id ASC" },
	{ DB_STMT__MAX, 0, NULL }
};
