#include "store/stmt_internal.h"

const struct db_stmt_def db_stmts_payout_float[] = {
	/* a limited float that covers the amount: drawn under its row lock */
	{ DB_PFLOAT_DRAW,
	    "UPDATE payout_floats SET balance = balance - " DEC("?") ", "
	    "updated_at = UTC_TIMESTAMP(6) WHERE network = ? AND unlimited = 0 "
	    "AND balance >= " DEC("?") },
	{ DB_PFLOAT_LOCK,
	    "SELECT balance, unlimited FROM payout_floats WHERE network = ? FOR UPDATE" },
	{ DB_PFLOAT_RESTORE,
	    "UPDATE payout_floats SET balance = balance + " DEC("?") ", "
	    "updated_at = UTC_TIMESTAMP(6) WHERE network = ?" },
	{ DB_PFLOAT_MOVE_INSERT,
	    "INSERT INTO payout_float_moves (network, kind, amount, payout_id, reference, "
	    "created_at) VALUES (?, ?, ?, ?, ?, UTC_TIMESTAMP(6))" },
	{ DB_PFLOAT_DRAWN,
	    "SELECT network, amount FROM payout_float_moves WHERE payout_id = ? "
	    "AND kind = 'draw'" },
	/* a new row starts with the environment's default flag (the argument) */
	{ DB_PFLOAT_TOPUP,
	    "INSERT INTO payout_floats (network, balance, unlimited, updated_at) "
	    "VALUES (?, ?, ?, UTC_TIMESTAMP(6)) ON DUPLICATE KEY UPDATE "
	    "balance = balance + VALUES(balance), updated_at = VALUES(updated_at)" },
	{ DB_PFLOAT_SET,
	    "INSERT INTO payout_floats (network, balance, unlimited, updated_at) "
	    "VALUES (?, ?, ?, UTC_TIMESTAMP(6)) ON DUPLICATE KEY UPDATE "
	    "balance = VALUES(balance), unlimited = VALUES(unlimited), "
	    "updated_at = VALUES(updated_at)" },
	/* float sync: the journal's signed change (DB_PFLOAT_SET sets it) */
	{ DB_PFLOAT_SYNC_MOVE,
	    "INSERT INTO payout_float_moves (network, kind, amount, reason, provider_balance, "
	    "created_at) VALUES (?, 'sync', " DEC("?") ", ?, ?, UTC_TIMESTAMP(6))" },
	/* each float's row with its last sync (the metrics' gauges and the
	 * back office's Float page): after a sync made through another node */
	{ DB_PFLOAT_VIEW,
	    SYNC_READ "SELECT f.network, f.balance, f.unlimited, "
	    "DATE_FORMAT(f.updated_at, '%Y-%m-%dT%H:%i:%sZ') AS updated_at, "
	    "s.amount AS sync_change, s.provider_balance AS sync_provider, "
	    "DATE_FORMAT(s.created_at, '%Y-%m-%dT%H:%i:%sZ') AS synced_at, s.reason AS sync_reason "
	    "FROM payout_floats f LEFT JOIN payout_float_moves s ON s.id = (SELECT m.id "
	    "FROM payout_float_moves m WHERE m.network = f.network AND m.kind = 'sync' "
	    "ORDER BY m.created_at DESC, m.id DESC LIMIT 1) ORDER BY f.network" },
	/* what a network's float has drawn for payouts not yet final: the
	 * provider may not have paid them yet */
	{ DB_PFLOAT_IN_FLIGHT,
	    "SELECT p.id, d.amount, p.status, DATE_FORMAT(COALESCE(p.processing_at, "
	    "p.created_at), '%Y-%m-%dT%H:%i:%sZ') AS since "
	    "FROM payouts p JOIN payout_float_moves d ON d.payout_id = p.id AND d.kind = 'draw' "
	    "WHERE p.provider = ? AND p.status IN ('pending', 'processing') "
	    "ORDER BY p.created_at, p.id" },
	/* payment intents a network may have collected that are not yet
	 * completed here */
	{ DB_PFLOAT_COLLECTING,
	    "SELECT id, amount, status, DATE_FORMAT(created_at, '%Y-%m-%dT%H:%i:%sZ') AS since "
	    "FROM payment_intents WHERE mobile_network = ? "
	    "AND status IN ('pending_approval', 'approved') ORDER BY created_at, id" },
	{ DB_STMT__MAX, NULL }
};
