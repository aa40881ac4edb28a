#include "store/stmt_internal.h"

const struct db_stmt_def db_stmts_chain_deposit[] = {
	{ DB_CHAIN_BLOCK_LAST,
	    "SELECT number, hash FROM chain_blocks WHERE chain_id = ? "
	    "ORDER BY number DESC LIMIT 1" },
	/* the finished blocks below a number, newest first (walking back a fork) */
	{ DB_CHAIN_BLOCK_BELOW,
	    "SELECT number, hash FROM chain_blocks WHERE chain_id = ? AND number < ? "
	    "ORDER BY number DESC LIMIT 100" },
	{ DB_CHAIN_BLOCK_INSERT,
	    "INSERT INTO chain_blocks (chain_id, number, hash, finished_at) "
	    "VALUES (?, ?, ?, UTC_TIMESTAMP(6))" },
	{ DB_CHAIN_BLOCK_DELETE_ABOVE,
	    "DELETE FROM chain_blocks WHERE chain_id = ? AND number > ?" },
	{ DB_CHAIN_BLOCK_PRUNE,
	    "DELETE FROM chain_blocks WHERE chain_id = ? AND number < ? LIMIT 10000" },
	{ DB_CHAIN_TX_OURS, "SELECT COUNT(*) AS total FROM chain_txs WHERE tx_hash = ?" },
	{ DB_CDEP_LOCK,
	    "SELECT id, status, credits FROM chain_deposits "
	    "WHERE chain_id = ? AND tx_hash = ? AND log_index = ? FOR UPDATE" },
	{ DB_CDEP_INSERT,
	    "INSERT INTO chain_deposits (id, chain_id, tx_hash, log_index, block_number, "
	    "block_hash, token, asset, sender, units, amount, status, partner_id, deposit_reference, "
	    "credits, note, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
	    "?, ?, ?, ?, ?, UTC_TIMESTAMP(6), UTC_TIMESTAMP(6))" },
	/* a log seen again after a reorg removed it: recorded anew */
	{ DB_CDEP_RECORD,
	    "UPDATE chain_deposits SET block_number = ?, block_hash = ?, status = ?, "
	    "partner_id = ?, deposit_reference = ?, credits = credits + ?, note = ?, "
	    "updated_at = UTC_TIMESTAMP(6) WHERE id = ?" },
	{ DB_CDEP_ABOVE,
	    "SELECT id, status, asset, amount, partner_id, deposit_reference, block_number "
	    "FROM chain_deposits WHERE chain_id = ? AND block_number > ? "
	    "AND status IN ('credited', 'assigned', 'unmatched') FOR UPDATE" },
	{ DB_CDEP_SET_STATUS,
	    "UPDATE chain_deposits SET status = ?, note = LEFT(?, 200), "
	    "updated_at = UTC_TIMESTAMP(6) WHERE id = ?" },
	/* an operator's credit of an unmatched deposit, under its deposit reference */
	{ DB_CDEP_ASSIGN,
	    "UPDATE chain_deposits SET status = 'assigned', partner_id = ?, "
	    "credits = credits + 1, updated_at = UTC_TIMESTAMP(6) WHERE deposit_reference = ? "
	    "AND status = 'unmatched' AND asset = ? AND amount = " DEC("?") },
	{ DB_CDEP_REPORT,
	    "SELECT id, status, asset, amount, units, sender, tx_hash, log_index, "
	    "block_number, deposit_reference, note FROM chain_deposits "
	    "WHERE status IN ('unmatched', 'unreversible') ORDER BY created_at, id" },
	/* the back office's unmatched deposits, oldest first: after an
	 * assignment made through another node */
	{ DB_CDEP_UNMATCHED,
	    SYNC_READ "SELECT id, chain_id, tx_hash, log_index, block_number, sender, asset, "
	    "amount, units, deposit_reference, "
	    "DATE_FORMAT(created_at, '%Y-%m-%dT%H:%i:%sZ') AS seen_at FROM chain_deposits "
	    "WHERE status = 'unmatched' ORDER BY created_at, id LIMIT ?" },
	/* one deposit, whatever its status (the back office's assignment) */
	{ DB_CDEP_GET,
	    "SELECT id, chain_id, tx_hash, log_index, block_number, sender, asset, amount, units, "
	    "deposit_reference, DATE_FORMAT(created_at, '%Y-%m-%dT%H:%i:%sZ') AS seen_at, status "
	    "FROM chain_deposits WHERE id = ?" },
	{ DB_STMT__MAX, NULL }
};
