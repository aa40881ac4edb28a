#include "store/stmt_internal.h"

const struct db_stmt_def db_stmts_conversion[] = {
	/* GHS received by a user's live conversions since a time (limits) */
	{ DB_CONV_USED_SINCE,
	    "SELECT COALESCE(SUM(receive_amount), 0) AS used FROM conversions "
	    "WHERE user_id = ? AND status <> 'failed' AND created_at >= ?" },
	{ DB_CONV_INSERT,
	    "INSERT INTO conversions (id, user_id, quote_id, wallet_id, from_currency, "
	    "to_currency, amount, rate, fee_percent, gross_amount, fee, receive_amount, "
	    "status, tx_hash, created_at, lease_until) VALUES "
	    "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'processing', ?, UTC_TIMESTAMP(6), "
	    "UTC_TIMESTAMP(6) + INTERVAL ? SECOND)" },
	/* the creating request's broadcast has returned: workers may take it */
	{ DB_CONV_RELEASE, "UPDATE conversions SET lease_until = NULL WHERE id = ?" },
	/* only a transfer the gateway refused outright is undone */
	{ DB_CONV_DELETE_UNSENT,
	    "DELETE FROM conversions WHERE id = ? AND status = 'processing'" },
	/* GET reads what a request served by another node may have just
	 * written: wait for the cluster (SYNC_READ) */
	{ DB_CONV_GET,
	    SYNC_READ "SELECT " CONVERSION_COLS
	    "FROM conversions c WHERE c.id = ? AND c.user_id = ?" },
	{ DB_CONV_LOCK,
	    "SELECT " CONVERSION_COLS "FROM conversions c WHERE c.id = ? FOR UPDATE" },
	{ DB_CONV_COMPLETE,
	    "UPDATE conversions SET status = 'completed', completed_at = UTC_TIMESTAMP(6), "
	    "block_number = ?, ghs_balance_after = ?, tx_hash = ?, lease_until = NULL "
	    "WHERE id = ? AND status = 'processing'" },
	{ DB_CONV_FAIL,
	    "UPDATE conversions SET status = 'failed', failure_reason = ?, "
	    "completed_at = NULL, lease_until = NULL "
	    "WHERE id = ? AND status = 'processing'" },
	/*
	 * A batch no other worker holds: locked rows skipped, leased rows too.
	 * A lease in the past records when a row was last checked: the least
	 * recently checked come first, so stuck transfers never starve others.
	 */
	{ DB_CONV_CLAIM,
	    "SELECT id FROM conversions WHERE status = 'processing' "
	    "AND (lease_until IS NULL OR lease_until < UTC_TIMESTAMP(6)) "
	    "ORDER BY lease_until, created_at LIMIT ? FOR UPDATE SKIP LOCKED" },
	{ DB_CONV_LEASE,
	    "UPDATE conversions SET lease_until = UTC_TIMESTAMP(6) + INTERVAL ? SECOND "
	    "WHERE id = ?" },
	{ DB_CONV_CHECKED,
	    "UPDATE conversions SET lease_until = UTC_TIMESTAMP(6) "
	    "WHERE id = ? AND status = 'processing'" },
	{ DB_STMT__MAX, NULL }
};
