#include "store/stmt_internal.h"

const struct db_stmt_def db_stmts_payout[] = {
	{ DB_PAYOUT_INSERT,
	    "INSERT INTO payouts (id, user_id, beneficiary_id, provider, phone, "
	    "account_name, amount, fee, currency, client_reference, provider_ref, status, "
	    "created_at, processing_at, next_check_at, lease_until) VALUES "
	    "(?, ?, ?, ?, ?, ?, " DEC("?") ", " DEC("?") ", ?, ?, ?, 'processing', "
	    "UTC_TIMESTAMP(6), UTC_TIMESTAMP(6), UTC_TIMESTAMP(6) + INTERVAL ? SECOND, "
	    "UTC_TIMESTAMP(6) + INTERVAL ? SECOND)" },
	/* a stablecoin transfer's payout: waits for its conversion, nothing held */
	{ DB_PAYOUT_INSERT_PENDING,
	    "INSERT INTO payouts (id, user_id, beneficiary_id, provider, phone, "
	    "account_name, amount, fee, currency, client_reference, conversion_id, "
	    "source_currency, source_amount, provider_ref, status, created_at, "
	    "next_check_at) VALUES (?, ?, ?, ?, ?, ?, " DEC("?") ", " DEC("?") ", ?, ?, "
	    "?, ?, " DEC("?") ", ?, 'pending', UTC_TIMESTAMP(6), UTC_TIMESTAMP(6))" },
	{ DB_PAYOUT_DELETE_PENDING,
	    "DELETE FROM payouts WHERE conversion_id = ? AND status = 'pending'" },
	{ DB_PAYOUT_START,
	    "UPDATE payouts SET status = 'processing', processing_at = UTC_TIMESTAMP(6), "
	    "lease_until = UTC_TIMESTAMP(6) + INTERVAL ? SECOND WHERE id = ? AND status = 'pending'" },
	/* the second argument is the owner, or 0 for anyone's; GET reads what
	 * another node may have just written (SYNC_READ) */
	/* a user's (an API call's), and the workers' of any owner (_ANY): no
	 * value of an owner means "anyone" */
	{ DB_PAYOUT_GET,
	    SYNC_READ "SELECT " PAYOUT_COLS
	    "FROM payouts p WHERE p.id = ? AND p.user_id = ?" },
	{ DB_PAYOUT_LOCK,
	    "SELECT " PAYOUT_COLS "FROM payouts p WHERE p.id = ? AND p.user_id = ? FOR UPDATE" },
	{ DB_PAYOUT_GET_ANY,
	    SYNC_READ "SELECT " PAYOUT_COLS "FROM payouts p WHERE p.id = ?" },
	{ DB_PAYOUT_LOCK_ANY,
	    "SELECT " PAYOUT_COLS "FROM payouts p WHERE p.id = ? FOR UPDATE" },
	/* the payouts of a JSON array of ids (the payouts worker's batch) */
	{ DB_PAYOUT_GET_MANY,
	    "SELECT " PAYOUT_COLS "FROM " J_IDS " STRAIGHT_JOIN payouts p ON p.id = j.id" },
	{ DB_PAYOUT_LOCK_MANY,
	    "SELECT " PAYOUT_COLS "FROM " J_IDS " STRAIGHT_JOIN payouts p ON p.id = j.id "
	    "ORDER BY p.id FOR UPDATE" },
	/* DB_PAYOUT_COMPLETE of a JSON array of {id, watch} */
	{ DB_PAYOUT_COMPLETE_MANY,
	    "UPDATE " J_ROWS(J_TEXT("id", 40, ".id") ", watch INT PATH '$.watch'")
	    " STRAIGHT_JOIN payouts p ON p.id = j.id SET p.status = 'completed', "
	    "p.completed_at = UTC_TIMESTAMP(6), p.lease_until = NULL, "
	    "p.reversal_check_at = IF(j.watch, UTC_TIMESTAMP(6) + INTERVAL 60 SECOND, NULL) "
	    "WHERE p.status = 'processing'" },
	/* DB_PAYOUT_FAIL of a JSON array of {id, reason} */
	{ DB_PAYOUT_FAIL_MANY,
	    "UPDATE " J_ROWS(J_TEXT("id", 40, ".id") ", " J_TEXT("reason", 400, ".reason"))
	    " STRAIGHT_JOIN payouts p ON p.id = j.id SET p.status = 'failed', "
	    "p.failure_reason = LEFT(j.reason, 200), p.completed_at = UTC_TIMESTAMP(6), "
	    "p.lease_until = NULL WHERE p.status IN ('pending', 'processing')" },
	/* DB_PAYOUT_CHECK_LATER of a JSON array of ids (then the most seconds) */
	{ DB_PAYOUT_CHECK_LATER_MANY,
	    "UPDATE " J_IDS " STRAIGHT_JOIN payouts p ON p.id = j.id SET p.checks = p.checks + 1, "
	    "p.lease_until = NULL, p.next_check_at = UTC_TIMESTAMP(6) + "
	    "INTERVAL LEAST(POW(2, LEAST(p.checks, 20)), ?) SECOND "
	    "WHERE p.status IN ('pending', 'processing')" },
	/* a claim's lease (db_claim_all): a JSON array of ids, then the seconds */
	{ DB_PAYOUT_LEASE_MANY,
	    "UPDATE " J_IDS " STRAIGHT_JOIN payouts p ON p.id = j.id "
	    "SET p.lease_until = UTC_TIMESTAMP(6) + INTERVAL ? SECOND" },
	{ DB_PAYOUT_SENT,
	    "UPDATE payouts SET sends = sends + 1 WHERE id = ? AND status = 'processing'" },
	/* a send that ended in doubt (schema 056) */
	{ DB_PAYOUT_IN_DOUBT,
	    "UPDATE payouts SET in_doubt_at = UTC_TIMESTAMP(6) WHERE id = ?" },
	{ DB_PAYOUT_RELEASE, "UPDATE payouts SET lease_until = NULL WHERE id = ?" },
	/* the first argument: 1 to watch it for a reversal (a minute on) */
	{ DB_PAYOUT_COMPLETE,
	    "UPDATE payouts SET status = 'completed', completed_at = UTC_TIMESTAMP(6), "
	    "lease_until = NULL, reversal_check_at = IF(?, UTC_TIMESTAMP(6) + "
	    "INTERVAL 60 SECOND, NULL) WHERE id = ? AND status = 'processing'" },
	{ DB_PAYOUT_FAIL,
	    "UPDATE payouts SET status = 'failed', failure_reason = LEFT(?, 200), "
	    "completed_at = UTC_TIMESTAMP(6), lease_until = NULL "
	    "WHERE id = ? AND status IN ('pending', 'processing')" },
	/* backoff: 1, 2, 4 ... seconds, at most the first argument */
	{ DB_PAYOUT_CHECK_LATER,
	    "UPDATE payouts SET checks = checks + 1, lease_until = NULL, "
	    "next_check_at = UTC_TIMESTAMP(6) + INTERVAL LEAST(POW(2, LEAST(checks, 20)), ?) SECOND "
	    "WHERE id = ? AND status IN ('pending', 'processing')" },
	/* a provider's callback (a hint): the worker asks about it at once, or
	 * about a completed one's reversal */
	/* a provider's hint, at most once per interval (the last argument,
	 * seconds): within it no row matches, and nothing is written */
	{ DB_PAYOUT_CHECK_NOW,
	    "UPDATE payouts SET next_check_at = IF(status = 'processing', UTC_TIMESTAMP(6), "
	    "next_check_at), reversal_check_at = IF(status = 'completed', UTC_TIMESTAMP(6), "
	    "reversal_check_at), hinted_at = UTC_TIMESTAMP(6), hints = hints + 1 "
	    "WHERE provider = ? AND (id = ? OR provider_ref = ?) "
	    "AND status IN ('processing', 'completed') AND held_at IS NULL "
	    "AND (hinted_at IS NULL OR hinted_at <= UTC_TIMESTAMP(6) - INTERVAL ? SECOND)" },
	/* processing payouts due for a check, least recently due first: one
	 * status, so the (status, next_check_at) index reads them in order and
	 * stops at the batch (an OR of two statuses sorted every due row of
	 * the table, 10,000 of them under `make bench`, for each batch of 50) */
	{ DB_PAYOUT_CLAIM,
	    "SELECT id FROM payouts WHERE status = 'processing' "
	    "AND next_check_at <= UTC_TIMESTAMP(6) "
	    "AND (lease_until IS NULL OR lease_until < UTC_TIMESTAMP(6)) AND held_at IS NULL "
	    "ORDER BY next_check_at LIMIT ? FOR UPDATE SKIP LOCKED" },
	/* pending wallet payouts due for their funding's check (a withdrawal's
	 * pending payout waits for the withdrawal's worker) */
	{ DB_PAYOUT_CLAIM_PENDING,
	    "SELECT id FROM payouts WHERE status = 'pending' AND withdrawal_id IS NULL "
	    "AND next_check_at <= UTC_TIMESTAMP(6) "
	    "AND (lease_until IS NULL OR lease_until < UTC_TIMESTAMP(6)) "
	    "ORDER BY next_check_at LIMIT ? FOR UPDATE SKIP LOCKED" },
	/* completed payouts watched for a reversal, due (payout_reversal.c) */
	{ DB_PAYOUT_WATCH_CLAIM,
	    "SELECT id FROM payouts WHERE reversal_check_at <= UTC_TIMESTAMP(6) "
	    "AND (lease_until IS NULL OR lease_until < UTC_TIMESTAMP(6)) "
	    "ORDER BY reversal_check_at LIMIT ? FOR UPDATE SKIP LOCKED" },
	/* still completed: next as long again as it has been completed (at
	 * least a minute), until the first argument's seconds have passed */
	{ DB_PAYOUT_WATCH_LATER,
	    "UPDATE payouts SET lease_until = NULL, reversal_check_at = "
	    "IF(status = 'completed' AND completed_at > UTC_TIMESTAMP(6) - INTERVAL ? SECOND, "
	    "UTC_TIMESTAMP(6) + INTERVAL GREATEST(60, TIMESTAMPDIFF(SECOND, completed_at, "
	    "UTC_TIMESTAMP(6))) SECOND, NULL) WHERE id = ?" },
	{ DB_PAYOUT_REVERSE,
	    "UPDATE payouts SET status = 'failed', failure_reason = LEFT(?, 200), "
	    "reversed_at = UTC_TIMESTAMP(6), reversal_check_at = NULL, lease_until = NULL "
	    "WHERE id = ? AND status = 'completed'" },
	/* reconcile's list of reversals */
	{ DB_PAYOUT_REVERSED,
	    "SELECT id, provider, amount, fee, COALESCE(CONCAT('user ', user_id), "
	    "CONCAT('withdrawal ', withdrawal_id)) AS owner, "
	    "DATE_FORMAT(completed_at, '%Y-%m-%dT%H:%i:%sZ') AS completed_at, "
	    "DATE_FORMAT(reversed_at, '%Y-%m-%dT%H:%i:%sZ') AS reversed_at FROM payouts "
	    "WHERE reversed_at IS NOT NULL ORDER BY payouts.reversed_at, id" },
	{ DB_PAYOUT_LEASE,
	    "UPDATE payouts SET lease_until = UTC_TIMESTAMP(6) + INTERVAL ? SECOND WHERE id = ?" },
	/* GHS of a user's live payouts since a time (tier limits) */
	{ DB_PAYOUT_USED_SINCE,
	    "SELECT COALESCE(SUM(amount), 0) AS used FROM payouts WHERE user_id = ? "
	    "AND status <> 'failed' AND created_at >= ?" },
	{ DB_PAYOUT_PENDING_SUM,
	    "SELECT COALESCE(SUM(amount + fee), 0) AS pending FROM payouts WHERE user_id = ? "
	    "AND status = 'processing'" },
	/* a withdrawal's payout: waits for the conversion; its float drawn */
	{ DB_PAYOUT_INSERT_WITHDRAWAL,
	    "INSERT INTO payouts (id, provider, phone, amount, fee, currency, client_reference, "
	    "withdrawal_id, provider_ref, status, created_at, next_check_at) VALUES "
	    "(?, ?, ?, " DEC("?") ", 0, 'GHS', ?, ?, ?, 'pending', UTC_TIMESTAMP(6), "
	    "UTC_TIMESTAMP(6))" },
	/* held for review (domain/payout_review.c): a processing payout whose
	 * provider said SUCCESSFUL with another amount, currency or number */
	{ DB_PAYOUT_REVIEW_HOLD,
	    "UPDATE payouts SET held_at = UTC_TIMESTAMP(6), lease_until = NULL "
	    "WHERE id = ? AND status = 'processing' AND held_at IS NULL" },
	{ DB_PAYOUT_REVIEW_INSERT,
	    "INSERT INTO payout_reviews (payout_id, asked_amount, asked_currency, asked_party, "
	    "answered_amount, answered_currency, answered_party, financial_id, held_at) "
	    "SELECT id, amount, currency, phone, ?, ?, ?, ?, held_at FROM payouts WHERE id = ?" },
	{ DB_PAYOUT_REVIEW_GET,
	    "SELECT r.payout_id AS id, " REVIEW_COLS "p.status "
	    "FROM payout_reviews r JOIN payouts p ON p.id = r.payout_id "
	    "WHERE r.payout_id = ? FOR UPDATE" },
	/* those still held, and those decided whose payout is not yet settled
	 * (a resolution cut short: run it again) */
	{ DB_PAYOUT_REVIEW_LIST,
	    "SELECT r.payout_id AS id, " REVIEW_COLS "p.status "
	    "FROM payout_reviews r JOIN payouts p ON p.id = r.payout_id "
	    "WHERE r.decision IS NULL OR p.status = 'processing' ORDER BY r.held_at" },
	/* the one decision, taken once */
	{ DB_PAYOUT_REVIEW_DECIDE,
	    "UPDATE payout_reviews SET decision = ?, reason = ?, resolved_by = ?, "
	    "resolved_at = UTC_TIMESTAMP(6) WHERE payout_id = ? AND decision IS NULL" },
	{ DB_PAYOUT_REVIEW_RELEASE,
	    "UPDATE payouts SET held_at = NULL WHERE id = ? AND held_at IS NOT NULL" },
	{ DB_STMT__MAX, NULL }
};
