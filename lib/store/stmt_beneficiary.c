#include "store/stmt_internal.h"

const struct db_stmt_def db_stmts_beneficiary[] = {
	{ DB_BEN_EXISTS,
	    "SELECT id FROM beneficiaries WHERE user_id = ? AND provider = ? AND phone = ?" },
	{ DB_BEN_INSERT,
	    "INSERT INTO beneficiaries (id, user_id, provider, phone, account_name, "
	    "country, currency, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, UTC_TIMESTAMP(6))" },
	/* a transfer names a beneficiary just verified, maybe through another
	 * node: wait for the cluster (SYNC_READ) */
	{ DB_BEN_GET,
	    SYNC_READ "SELECT " BENEFICIARY_COLS "FROM beneficiaries b WHERE b.id = ? AND b.user_id = ?" },
	/* the list's total, reading at most the last argument's rows (a cap:
	 * db_count_upto) */
	{ DB_BEN_COUNT,
	    "SELECT COUNT(*) AS total FROM (SELECT 1 FROM beneficiaries WHERE user_id = ? LIMIT ?) t" },
	{ DB_BEN_PAGE_DESC,
	    "SELECT " BENEFICIARY_COLS "FROM beneficiaries b WHERE b.user_id = ? "
	    "AND (b.created_at < ? OR (b.created_at = ? AND b.id < ?)) "
	    "ORDER BY b.created_at DESC, b.id DESC LIMIT ?" },
	{ DB_BEN_PAGE_ASC,
	    "SELECT " BENEFICIARY_COLS "FROM beneficiaries b WHERE b.user_id = ? "
	    "AND (b.created_at > ? OR (b.created_at = ? AND b.id > ?)) "
	    "ORDER BY b.created_at ASC, b.id ASC LIMIT ?" },
	{ DB_STMT__MAX, NULL }
};
