#include "store/stmt_internal.h"

/* a send's row (stmt_onchain.h: oc_send) */
#define SEND_COLS "ref_id, purpose, chain_id, sender, nonce, wallet, asset, amount, " \
	"tx_hash, attempts, broadcasts, status, mined_hash, mined_block, mined_block_hash, " \
	"failure_reason, TIMESTAMPDIFF(SECOND, signed_at, UTC_TIMESTAMP(6)) AS signed_age "

const struct db_stmt_def db_stmts_onchain[] = {
	{ DB_CHAIN_NONCE_GET,
	    "SELECT next_nonce FROM chain_nonces WHERE chain_id = ? AND address = ?" },
	/* the first count comes from the node; later ones only from here */
	{ DB_CHAIN_NONCE_SEED,
	    "INSERT IGNORE INTO chain_nonces (chain_id, address, next_nonce) VALUES (?, ?, ?)" },
	{ DB_CHAIN_NONCE_LOCK,
	    "SELECT next_nonce FROM chain_nonces WHERE chain_id = ? AND address = ? FOR UPDATE" },
	{ DB_CHAIN_NONCE_TAKE,
	    "UPDATE chain_nonces SET next_nonce = next_nonce + 1 "
	    "WHERE chain_id = ? AND address = ?" },
	{ DB_CHAIN_SEND_INSERT,
	    "INSERT INTO chain_sends (ref_id, purpose, chain_id, sender, nonce, wallet, asset, "
	    "amount, tx_hash, signed_at, next_check_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, "
	    "?, ?, UTC_TIMESTAMP(6), UTC_TIMESTAMP(6) + INTERVAL 2 SECOND, UTC_TIMESTAMP(6))" },
	{ DB_CHAIN_TX_INSERT,
	    "INSERT INTO chain_txs (tx_hash, ref_id, attempt, raw, gas_limit, max_fee_wei, "
	    "priority_fee_wei, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, UTC_TIMESTAMP(6))" },
	{ DB_CHAIN_SEND_GET, "SELECT " SEND_COLS "FROM chain_sends WHERE ref_id = ?" },
	{ DB_CHAIN_SEND_LOCK,
	    "SELECT " SEND_COLS "FROM chain_sends WHERE ref_id = ? FOR UPDATE" },
	{ DB_CHAIN_TX_NEWEST,
	    "SELECT tx_hash, raw, gas_limit, max_fee_wei, priority_fee_wei, attempt "
	    "FROM chain_txs WHERE ref_id = ? ORDER BY attempt DESC LIMIT 1" },
	{ DB_CHAIN_TX_HASHES,
	    "SELECT tx_hash FROM chain_txs WHERE ref_id = ? ORDER BY attempt DESC" },
	{ DB_CHAIN_SEND_BROADCAST,
	    "UPDATE chain_sends SET broadcasts = broadcasts + 1 WHERE ref_id = ?" },
	/* a replacement, unless someone replaced it first (attempts moved) */
	{ DB_CHAIN_SEND_REPLACED,
	    "UPDATE chain_sends SET tx_hash = ?, attempts = attempts + 1, "
	    "signed_at = UTC_TIMESTAMP(6) WHERE ref_id = ? AND attempts = ? AND status = 'sent'" },
	/* where its receipt was last seen (NULLs: nowhere) */
	{ DB_CHAIN_SEND_SEEN,
	    "UPDATE chain_sends SET mined_hash = ?, mined_block = ?, mined_block_hash = ? "
	    "WHERE ref_id = ? AND status = 'sent'" },
	{ DB_CHAIN_SEND_FINAL,
	    "UPDATE chain_sends SET status = ?, failure_reason = LEFT(?, 200), mined_hash = ?, "
	    "mined_block = ?, mined_block_hash = ?, settled_at = UTC_TIMESTAMP(6), "
	    "lease_until = NULL WHERE ref_id = ? AND status = 'sent'" },
	/* only a send that used no nonce can be taken back */
	{ DB_CHAIN_SEND_DELETE,
	    "DELETE FROM chain_sends WHERE ref_id = ? AND sender IS NULL AND status = 'sent'" },
	{ DB_CHAIN_SEND_CLAIM,
	    "SELECT ref_id AS id FROM chain_sends WHERE status = 'sent' AND purpose = 'mint' "
	    "AND next_check_at <= UTC_TIMESTAMP(6) "
	    "AND (lease_until IS NULL OR lease_until < UTC_TIMESTAMP(6)) "
	    "ORDER BY next_check_at LIMIT ? FOR UPDATE SKIP LOCKED" },
	{ DB_CHAIN_SEND_LEASE,
	    "UPDATE chain_sends SET lease_until = UTC_TIMESTAMP(6) + INTERVAL ? SECOND "
	    "WHERE ref_id = ?" },
	{ DB_CHAIN_SEND_CHECK_LATER,
	    "UPDATE chain_sends SET lease_until = NULL, "
	    "next_check_at = UTC_TIMESTAMP(6) + INTERVAL ? SECOND "
	    "WHERE ref_id = ? AND status = 'sent'" },
	{ DB_STMT__MAX, NULL }
};
