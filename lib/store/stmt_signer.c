#include "store/stmt_internal.h"

/* a rotation's columns (sg_rot) */
#define ROT_SELECT \
	"SELECT id, old_address, COALESCE(new_address, '') AS new_address, key_name, step, " \
	"COALESCE(reason, '') AS reason, requested_by, " \
	"DATE_FORMAT(created_at, '%Y-%m-%dT%H:%i:%s.%fZ') AS created_at, " \
	"DATE_FORMAT(updated_at, '%Y-%m-%dT%H:%i:%s.%fZ') AS updated_at, " \
	"GREATEST(TIMESTAMPDIFF(SECOND, updated_at, UTC_TIMESTAMP(6)), 0) AS step_age FROM signer_rotations "

const struct db_stmt_def db_stmts_signer[] = {
	{ DB_SIGNER_JOURNAL,
	    "INSERT INTO signer_journal (at, caller_uid, op, purpose, ref_id, asset, amount, "
	    "wallet, decision, reason, signer, nonce, tx_hash) VALUES (UTC_TIMESTAMP(6), ?, ?, "
	    "?, LEFT(?, 64), ?, LEFT(?, 80), LEFT(?, 64), ?, LEFT(?, 240), ?, ?, ?)" },
	/* signatures within the last minute (replacements and fills too) */
	{ DB_SIGNER_SIGNED_MINUTE,
	    "SELECT COUNT(*) AS total FROM signer_journal WHERE decision = 'signed' "
	    "AND at > UTC_TIMESTAMP(6) - INTERVAL 60 SECOND" },
	/* a coin moved within the last day: each move once (a replacement is
	 * the same move), the sandbox's mints apart */
	{ DB_SIGNER_SIGNED_DAY,
	    "SELECT COALESCE(SUM(amount), 0) AS total FROM chain_sends WHERE asset = ? "
	    "AND purpose <> 'mint' AND created_at > UTC_TIMESTAMP(6) - INTERVAL 1 DAY" },
	/* the withdrawal a withdrawal's move names: pending, not yet signed */
	{ DB_SIGNER_WITHDRAWAL,
	    "SELECT currency, amount FROM withdrawals WHERE id = ? AND status = 'pending' "
	    "AND tx_hash IS NULL" },
	{ DB_SIGNER_JOURNAL_PAGE,
	    "SELECT id, DATE_FORMAT(at, '%Y-%m-%dT%H:%i:%s.%fZ') AS at, caller_uid, op, purpose, "
	    "ref_id, asset, amount, wallet, decision, reason, signer, nonce, tx_hash "
	    "FROM signer_journal WHERE id < ? ORDER BY id DESC LIMIT ?" },
	/* owned: a mint; a conversion that committed with it; a withdrawal
	 * still pending (it asks again under its id) or processing */
	{ DB_SIGNER_SEND_AT,
	    "SELECT s.ref_id, s.status, s.broadcasts, s.failure_reason, "
	    "TIMESTAMPDIFF(SECOND, s.created_at, UTC_TIMESTAMP(6)) AS age, "
	    "TIMESTAMPDIFF(SECOND, s.signed_at, UTC_TIMESTAMP(6)) AS signed_age, "
	    "(s.purpose = 'mint' OR EXISTS (SELECT 1 FROM conversions c WHERE c.id = s.ref_id) "
	    "OR EXISTS (SELECT 1 FROM withdrawals w WHERE w.id = s.ref_id "
	    "AND w.status IN ('pending', 'processing'))) AS owned "
	    "FROM chain_sends s WHERE s.chain_id = ? AND s.sender = ? AND s.nonce = ?" },
	/* a send nobody will broadcast, its nonce taken by a fill instead */
	{ DB_SIGNER_VOID,
	    "UPDATE chain_sends SET tx_hash = ?, attempts = attempts + 1, status = 'failed', "
	    "failure_reason = LEFT(?, 200), signed_at = UTC_TIMESTAMP(6), "
	    "settled_at = UTC_TIMESTAMP(6), lease_until = NULL "
	    "WHERE ref_id = ? AND status = 'sent' AND broadcasts = 0" },
	/* the pending withdrawals the signer signed nothing for, oldest first
	 * (at most n) */
	{ DB_SIGNER_HELD,
	    "SELECT w.id, p.public_id AS partner_id, w.currency, w.amount, "
	    "DATE_FORMAT(w.signer_held_at, '%Y-%m-%dT%H:%i:%s.%fZ') AS held_at, "
	    "w.signer_hold AS reason "
	    "FROM withdrawals w JOIN partners p ON p.id = w.partner_id "
	    "WHERE w.status = 'pending' AND w.signer_hold IS NOT NULL "
	    "ORDER BY w.signer_held_at LIMIT ?" },
	/* ---- key rotations (schema 054) ---- */
	{ DB_ROT_OPEN,
	    ROT_SELECT "WHERE open_chain = ?" },
	/* the key that signs new moves: the newest rotation's past its adding */
	{ DB_ROT_ACTIVE,
	    ROT_SELECT "WHERE chain_id = ? "
	    "AND step IN ('draining','removing','sweeping','done') ORDER BY id DESC LIMIT 1" },
	/* the rotation that made a key */
	{ DB_ROT_OF_KEY,
	    ROT_SELECT "WHERE chain_id = ? AND new_address = ? ORDER BY id DESC LIMIT 1" },
	{ DB_ROT_BY_ID, ROT_SELECT "WHERE id = ?" },
	{ DB_ROT_LIST,
	    ROT_SELECT "ORDER BY id DESC LIMIT ?" },
	{ DB_ROT_INSERT,
	    "INSERT INTO signer_rotations (chain_id, old_address, key_name, step, requested_by, "
	    "created_at, updated_at) VALUES (?, ?, '', 'requested', ?, UTC_TIMESTAMP(6), "
	    "UTC_TIMESTAMP(6))" },
	/* the new key's name: its prefix and the rotation's id */
	{ DB_ROT_NAME,
	    "UPDATE signer_rotations SET key_name = CONCAT(?, '-', id) WHERE id = LAST_INSERT_ID()" },
	/* one step further, from the step it was at only */
	{ DB_ROT_STEP,
	    "UPDATE signer_rotations SET step = ?, reason = COALESCE(LEFT(?, 240), reason), "
	    "new_address = COALESCE(?, new_address), updated_at = UTC_TIMESTAMP(6) "
	    "WHERE id = ? AND step = ?" },
	{ DB_ROT_TX_INSERT,
	    "INSERT INTO signer_rotation_txs (rotation_id, step, sender, nonce, tx_hash, raw, "
	    "value_wei, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'sent', UTC_TIMESTAMP(6))" },
	{ DB_ROT_TX,
	    "SELECT sender, nonce, tx_hash, raw, status, value_wei, "
	    "TIMESTAMPDIFF(SECOND, created_at, UTC_TIMESTAMP(6)) AS age "
	    "FROM signer_rotation_txs WHERE rotation_id = ? AND step = ?" },
	{ DB_ROT_TX_SETTLE,
	    "UPDATE signer_rotation_txs SET status = ?, settled_at = UTC_TIMESTAMP(6) "
	    "WHERE rotation_id = ? AND step = ? AND status = 'sent'" },
	/* a key's sends not final yet (a rotation's old key drains them) */
	{ DB_ROT_UNSETTLED,
	    "SELECT COUNT(*) AS total FROM chain_sends WHERE chain_id = ? AND sender = ? "
	    "AND status = 'sent'" },
	{ DB_STMT__MAX, NULL }
};
