#include "store/stmt_internal.h"

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
	    "SELECT id, partner_id, currency, amount, "
	    "DATE_FORMAT(signer_held_at, '%Y-%m-%dT%H:%i:%s.%fZ') AS held_at, signer_hold AS reason "
	    "FROM withdrawals WHERE status = 'pending' AND signer_hold IS NOT NULL "
	    "ORDER BY signer_held_at LIMIT ?" },
	{ DB_STMT__MAX, NULL }
};
