#include "store/stmt_internal.h"

/* A partner's withdrawals narrowed by the list filters, each given twice
 * (NULL: no filter): status, from, to (DATETIME text), reference_id. */
#define WITHDRAWAL_FILTER "w.partner_id = ? AND (? IS NULL OR w.status = ?) " \
	"AND (? IS NULL OR w.created_at >= ?) AND (? IS NULL OR w.created_at <= ?) " \
	"AND (? IS NULL OR w.reference_id = ?) "

const struct db_stmt_def db_stmts_withdrawal[] = {
	{ DB_WD_INSERT,
	    "INSERT INTO withdrawals (id, partner_id, reference_id, request_hash, quote_id, "
	    "currency, amount, rate, gross_amount, fee, ghs_amount, recipient_phone, "
	    "mobile_network, metadata, status, tx_hash, payout_id, created_at, "
	    "next_check_at) VALUES (?, ?, ?, ?, ?, ?, " DEC("?") ", " DEC("?") ", "
	    DEC("?") ", " DEC("?") ", " DEC("?") ", ?, ?, ?, 'pending', ?, ?, "
	    "UTC_TIMESTAMP(6), UTC_TIMESTAMP(6))" },
	/* the same create again finds the first, wherever it was written
	 * (SYNC_READ: wait for the cluster) */
	{ DB_WD_BY_REFERENCE,
	    SYNC_READ "SELECT " WITHDRAWAL_COLS "FROM withdrawals w JOIN payouts p ON p.id = w.payout_id "
	    "WHERE w.partner_id = ? AND w.reference_id = ?" },
	/* the second argument is the owner (an API call's); GET reads what
	 * another node may have just written (SYNC_READ). The workers' read
	 * any owner's through _ANY: no value of an owner means "anyone". */
	{ DB_WD_GET,
	    SYNC_READ "SELECT " WITHDRAWAL_COLS "FROM withdrawals w JOIN payouts p ON p.id = w.payout_id "
	    "WHERE w.id = ? AND w.partner_id = ?" },
	{ DB_WD_LOCK,
	    "SELECT " WITHDRAWAL_COLS "FROM withdrawals w JOIN payouts p ON p.id = w.payout_id "
	    "WHERE w.id = ? AND w.partner_id = ? FOR UPDATE" },
	{ DB_WD_GET_ANY,
	    SYNC_READ "SELECT " WITHDRAWAL_COLS "FROM withdrawals w JOIN payouts p ON p.id = w.payout_id "
	    "WHERE w.id = ?" },
	{ DB_WD_LOCK_ANY,
	    "SELECT " WITHDRAWAL_COLS "FROM withdrawals w JOIN payouts p ON p.id = w.payout_id "
	    "WHERE w.id = ? FOR UPDATE" },
	{ DB_WD_SUBMITTED, "UPDATE withdrawals SET submits = submits + 1 WHERE id = ?" },
	/* the mined attempt's hash (a replacement has its own) */
	{ DB_WD_PROCESSING,
	    "UPDATE withdrawals SET status = 'processing', processing_at = UTC_TIMESTAMP(6), "
	    "tx_hash = COALESCE(?, tx_hash), lease_until = NULL "
	    "WHERE id = ? AND status = 'pending'" },
	{ DB_WD_SIGNED,
	    "UPDATE withdrawals SET tx_hash = ?, signer_hold = NULL, signer_held_at = NULL "
	    "WHERE id = ? AND status = 'pending' AND tx_hash IS NULL" },
	/* cediramp-signer signed nothing for it: why, since when (the first) */
	{ DB_WD_SIGNER_HOLD,
	    "UPDATE withdrawals SET signer_hold = LEFT(?, 240), "
	    "signer_held_at = COALESCE(signer_held_at, UTC_TIMESTAMP(6)) "
	    "WHERE id = ? AND status = 'pending' AND tx_hash IS NULL" },
	{ DB_WD_COMPLETE,
	    "UPDATE withdrawals SET status = 'completed', completed_at = UTC_TIMESTAMP(6) "
	    "WHERE id = ? AND status = 'processing'" },
	{ DB_WD_FAIL,
	    "UPDATE withdrawals SET status = 'failed', failure_reason = LEFT(?, 200), "
	    "completed_at = UTC_TIMESTAMP(6), lease_until = NULL "
	    "WHERE id = ? AND status IN ('pending', 'processing')" },
	/* the partner's cancel: before the conversion is signed */
	{ DB_WD_CANCEL,
	    "UPDATE withdrawals SET status = 'cancelled', completed_at = UTC_TIMESTAMP(6), "
	    "lease_until = NULL WHERE id = ? AND status = 'pending' AND tx_hash IS NULL" },
	/* its payout reversed after it completed (completed_at stays) */
	{ DB_WD_REVERSE,
	    "UPDATE withdrawals SET status = 'failed', failure_reason = LEFT(?, 200) "
	    "WHERE id = ? AND status = 'completed'" },
	/* backoff: 1, 2, 4 ... seconds, at most the first argument */
	{ DB_WD_CHECK_LATER,
	    "UPDATE withdrawals SET checks = checks + 1, lease_until = NULL, "
	    "next_check_at = UTC_TIMESTAMP(6) + INTERVAL LEAST(POW(2, LEAST(checks, 20)), ?) SECOND "
	    "WHERE id = ? AND status = 'pending'" },
	{ DB_WD_CLAIM,
	    "SELECT id FROM withdrawals WHERE status = 'pending' "
	    "AND next_check_at <= UTC_TIMESTAMP(6) "
	    "AND (lease_until IS NULL OR lease_until < UTC_TIMESTAMP(6)) "
	    "ORDER BY next_check_at LIMIT ? FOR UPDATE SKIP LOCKED" },
	{ DB_WD_LEASE,
	    "UPDATE withdrawals SET lease_until = UTC_TIMESTAMP(6) + INTERVAL ? SECOND WHERE id = ?" },
	/* GHS of a partner's live withdrawals since a time (tier limits) */
	{ DB_WD_USED_SINCE,
	    "SELECT COALESCE(SUM(ghs_amount), 0) AS used FROM withdrawals WHERE partner_id = ? "
	    "AND status <> 'failed' AND created_at >= ?" },
	/* the list's total, reading at most the last argument's rows (a cap:
	 * db_count_upto); without a filter, one index alone (a filter's
	 * columns make every match's row read) */
	{ DB_WD_COUNT,
	    "SELECT COUNT(*) AS total FROM (SELECT 1 FROM withdrawals w WHERE " WITHDRAWAL_FILTER
	    "LIMIT ?) t" },
	{ DB_WD_COUNT_ALL,
	    "SELECT COUNT(*) AS total FROM (SELECT 1 FROM withdrawals WHERE partner_id = ? LIMIT ?) t" },
	{ DB_WD_PAGE,
	    "SELECT " WITHDRAWAL_COLS "FROM withdrawals w JOIN payouts p ON p.id = w.payout_id "
	    "WHERE " WITHDRAWAL_FILTER "ORDER BY w.created_at DESC, w.id DESC LIMIT ? OFFSET ?" },
	{ DB_STMT__MAX, NULL }
};
