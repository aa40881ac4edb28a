#include "store/stmt_internal.h"

/* every moment to the millisecond: the page's timeline orders them */
#define ISO(c) ISO_MS(c)

/* a payout as the back office shows it (ops_payout_COLS). The back
 * office's first read of a request waits for the cluster (SYNC_READ): an
 * operator acts on what every node committed, and the page's later reads
 * come after it */
#define OPS_PAYOUT_SELECT \
	"SELECT p.id, p.status, p.provider AS network, p.amount, p.fee, p.currency, " \
	"IF(p.withdrawal_id IS NULL, 'user', 'withdrawal') AS owner_kind, " \
	"COALESCE(p.withdrawal_id, CONCAT(p.user_id)) AS owner_id, " \
	"IF(p.withdrawal_id IS NULL, (SELECT u.wallet_id FROM users u WHERE u.id = p.user_id), " \
	"(SELECT pa.public_id FROM withdrawals w JOIN partners pa ON pa.id = w.partner_id " \
	"WHERE w.id = p.withdrawal_id)) AS account, " \
	"p.client_reference, p.provider_ref, p.failure_reason, p.sends, p.checks, " \
	ISO("p.created_at") " AS created_at, " ISO("p.processing_at") " AS processing_at, " \
	ISO("p.completed_at") " AS completed_at, " ISO("p.held_at") " AS held_at, " \
	ISO("p.reversed_at") " AS reversed_at, " ISO("p.next_check_at") " AS next_check_at, " \
	"p.next_check_at <= UTC_TIMESTAMP(6) AS due, " \
	"COALESCE(p.lease_until > UTC_TIMESTAMP(6), 0) AS leased FROM payouts p "

const struct db_stmt_def db_stmts_ops_payout[] = {
	/* started_at: now less its latency (the row is written once it returned) */
	{ DB_PAYOUT_CALL_INSERT,
	    "INSERT INTO payout_calls (payout_id, operation, started_at, latency_ms, result, "
	    "state, detail, request_id) VALUES (?, ?, UTC_TIMESTAMP(6) - INTERVAL ? * 1000 "
	    "MICROSECOND, ?, ?, ?, LEFT(?, 200), ?)" },
	/* a batch of status reads: [{payout_id, latency_ms, result, state, detail}] */
	{ DB_PAYOUT_CALL_INSERT_MANY,
	    "INSERT INTO payout_calls (payout_id, operation, started_at, latency_ms, result, "
	    "state, detail) SELECT j.payout_id, 'transfer_status', UTC_TIMESTAMP(6) - "
	    "INTERVAL j.latency_ms * 1000 MICROSECOND, j.latency_ms, j.result, j.state, "
	    "LEFT(j.detail, 200) FROM " J_ROWS(J_TEXT("payout_id", 40, ".payout_id") ", "
	    "latency_ms INT UNSIGNED PATH '$.latency_ms', " J_TEXT("result", 16, ".result") ", "
	    J_TEXT("state", 16, ".state") ", " J_TEXT("detail", 200, ".detail")) },
	{ DB_FLOAT_REFUSAL_INSERT,
	    "INSERT INTO payout_float_refusals (network, amount, owner_kind, owner_id, "
	    "payout_id, refused_at, request_id) VALUES (?, ?, ?, ?, ?, UTC_TIMESTAMP(6), ?)" },
	{ DB_OPS_PAYOUT_GET, SYNC_READ OPS_PAYOUT_SELECT "WHERE p.id = ?" },
	/* processing, not held, and unsettled for longer than the threshold:
	 * the oldest first (ix_payouts_claim) */
	{ DB_OPS_PAYOUTS_DOUBT,
	    SYNC_READ OPS_PAYOUT_SELECT "WHERE p.status = 'processing' AND p.held_at IS NULL AND "
	    "COALESCE(p.processing_at, p.created_at) < UTC_TIMESTAMP(6) - INTERVAL ? SECOND "
	    "ORDER BY COALESCE(p.processing_at, p.created_at), p.id LIMIT ?" },
	/* reversed by their provider after they completed, the newest first */
	{ DB_OPS_PAYOUTS_REVERSED,
	    SYNC_READ OPS_PAYOUT_SELECT "WHERE p.reversed_at IS NOT NULL "
	    "ORDER BY p.reversed_at DESC, p.id DESC LIMIT ?" },
	{ DB_OPS_FLOAT_REFUSALS,
	    SYNC_READ "SELECT r.network, r.amount, r.owner_kind, COALESCE((SELECT u.wallet_id FROM payouts p "
	    "JOIN users u ON u.id = p.user_id WHERE p.id = r.payout_id), r.owner_id) AS owner_id, "
	    "r.payout_id, "
	    ISO("r.refused_at") " AS refused_at, r.request_id FROM payout_float_refusals r "
	    "ORDER BY r.refused_at DESC, r.id DESC LIMIT ?" },
	{ DB_OPS_PAYOUT_CALLS,
	    "SELECT c.operation, " ISO_MS("c.started_at") " AS started_at, c.latency_ms, "
	    "c.result, c.state, c.detail, c.request_id FROM payout_calls c "
	    "WHERE c.payout_id = ? ORDER BY c.id" },
	/* the payout's events and its withdrawal's */
	{ DB_OPS_PAYOUT_EVENTS,
	    "SELECT e.id AS event_id, e.type, " ISO_MS("e.created_at") " AS created_at, "
	    "e.request_id FROM payouts p JOIN outbox_events e "
	    "ON e.ref_id = p.id OR e.ref_id = p.withdrawal_id "
	    "WHERE p.id = ? ORDER BY e.created_at, e.id" },
	/* retry now: due at once (a held or settled payout is not) */
	{ DB_OPS_PAYOUT_RETRY,
	    "UPDATE payouts SET next_check_at = UTC_TIMESTAMP(6) WHERE id = ? "
	    "AND status IN ('pending', 'processing') AND held_at IS NULL" },
	{ DB_STMT__MAX, NULL },
};
