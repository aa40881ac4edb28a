#include "store/stmt_internal.h"

const struct db_stmt_def db_stmts_sim[] = {
	/* a setting a test or an operator has just written, maybe on
	 * another node: wait for the cluster (SYNC_READ) */
	{ DB_SIM_SETTING_GET, SYNC_READ "SELECT value FROM sim_settings WHERE name = ?" },
	{ DB_SIM_SETTING_SET,
	    "INSERT INTO sim_settings (name, value) VALUES (?, ?) "
	    "ON DUPLICATE KEY UPDATE value = VALUES(value)" },
	/* sandbox: the mobile money simulator (lib/sandbox/sim_momo.c) */
	{ DB_SIM_MOMO_TOKEN_INSERT,
	    "INSERT INTO sim_momo_tokens (token, network, product, issued_at, "
	    "expires_at) VALUES (?, ?, ?, UTC_TIMESTAMP(6), "
	    "UTC_TIMESTAMP(6) + INTERVAL ? SECOND)" },
	{ DB_SIM_MOMO_TOKEN_VALID,
	    "SELECT COUNT(*) AS total FROM sim_momo_tokens WHERE token = ? AND network = ? "
	    "AND product = ? AND expires_at > UTC_TIMESTAMP(6)" },
	{ DB_SIM_MOMO_TOKEN_EXPIRE,
	    "DELETE FROM sim_momo_tokens WHERE expires_at < UTC_TIMESTAMP(6) - "
	    "INTERVAL 1 DAY LIMIT 100" },
	{ DB_SIM_MOMO_TX_LOCK,
	    "SELECT network, kind, body_hash, state, sends, msisdn "
	    "FROM sim_momo_transfers WHERE reference = ? FOR UPDATE" },
	{ DB_SIM_MOMO_TX_INSERT,
	    "INSERT INTO sim_momo_transfers (reference, network, kind, msisdn, "
	    "amount, currency, external_id, body_hash, state, final_state, reason, "
	    "financial_id, api, sends, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, "
	    "'unaccepted', ?, ?, ?, ?, 1, UTC_TIMESTAMP(6))" },
	{ DB_SIM_MOMO_TX_COUNT_SEND,
	    "UPDATE sim_momo_transfers SET sends = sends + 1 WHERE reference = ?" },
	{ DB_SIM_MOMO_TX_ACCEPT,
	    "UPDATE sim_momo_transfers SET state = 'pending', callback_url = ?, "
	    "accepted_at = UTC_TIMESTAMP(6), "
	    "settle_at = UTC_TIMESTAMP(6) + INTERVAL ? SECOND "
	    "WHERE reference = ? AND state = 'unaccepted'" },
	{ DB_SIM_MOMO_TX_SETTLE,
	    "UPDATE sim_momo_transfers SET state = final_state WHERE reference = ? "
	    "AND network = ? AND kind = ? AND state = 'pending' "
	    "AND final_state <> 'pending' AND settle_at <= UTC_TIMESTAMP(6)" },
	/* the sandbox's payer answers a request to pay still waiting for one
	 * (lib/sandbox/payer.c): final now */
	{ DB_SIM_MOMO_RTP_ANSWER,
	    "UPDATE sim_momo_transfers SET final_state = ?, reason = ?, state = final_state, "
	    "settle_at = UTC_TIMESTAMP(6) WHERE reference = ? AND kind = 'rtp' AND "
	    "state = 'pending'" },
	/* the simulator's own clock (the sandbox_providers worker): every
	 * accepted send past its settle time reaches its final state */
	{ DB_SIM_MOMO_SETTLE_DUE,
	    "UPDATE sim_momo_transfers SET state = final_state WHERE state = 'pending' "
	    "AND final_state <> 'pending' AND settle_at <= UTC_TIMESTAMP(6) LIMIT ?" },
	/* a Paystack transfer to a number ending 206 that a status query read
	 * as successful is reversed, and called back again (transfer.reversed);
	 * the balance gets it back (the code decides the suffix; this is it) */
	{ DB_SIM_MOMO_REVERSE_DUE,
	    "UPDATE sim_momo_transfers SET state = 'reversed', callback_at = NULL "
	    "WHERE kind = 'transfer' AND api = 'paystack' AND state = 'successful' "
	    "AND success_reads > 0 AND msisdn LIKE '%206' LIMIT ?" },
	{ DB_SIM_MOMO_CALLBACKS_DUE,
	    "SELECT reference, kind, callback_url, state, reason, financial_id, msisdn, "
	    "amount, currency, external_id, api, network FROM sim_momo_transfers "
	    "WHERE state IN ('successful', 'failed', 'reversed') AND callback_url IS NOT NULL "
	    "AND callback_at IS NULL LIMIT ?" },
	/* taken once: affected 1 is the one taker, who sends it */
	{ DB_SIM_MOMO_CALLBACK_TAKE,
	    "UPDATE sim_momo_transfers SET callback_at = UTC_TIMESTAMP(6) "
	    "WHERE reference = ? AND callback_at IS NULL" },
	/* a network's account: the opening balance, less what it paid out
	 * (the second argument 1) and the out-of-band debits (the fourth), plus
	 * what it collected (the third 1) */
	{ DB_SIM_MOMO_BALANCE,
	    "SELECT CAST(CAST(? AS DECIMAL(20,2)) "
	    "- ? * COALESCE(SUM(IF(kind = 'transfer', amount, 0)), 0) "
	    "+ ? * COALESCE(SUM(IF(kind = 'rtp', amount, 0)), 0) "
	    "- CAST(? AS DECIMAL(20,2)) AS DECIMAL(20,2)) AS balance FROM sim_momo_transfers "
	    "WHERE network = ? AND state = 'successful'" },
	{ DB_SIM_MOMO_TX_GET,
	    "SELECT state, reason, financial_id, msisdn, amount, currency, "
	    "external_id, success_reads, "
	    "DATE_FORMAT(created_at, '%Y-%m-%dT%H:%i:%s.000Z') AS created_at "
	    "FROM sim_momo_transfers WHERE reference = ? AND network = ? AND kind = ?" },
	/* a 302 request to pay: approved once, then its settlement fails; a
	 * 206 transfer: reversed once read as successful */
	{ DB_SIM_MOMO_RTP_READ,
	    "UPDATE sim_momo_transfers SET success_reads = success_reads + 1 "
	    "WHERE reference = ? AND state = 'successful'" },
	{ DB_SIM_MOMO_RTP_REVERSE,
	    "UPDATE sim_momo_transfers SET state = 'failed', final_state = 'failed', "
	    "reason = 'SETTLEMENT_FAILED' WHERE reference = ? AND state = 'successful'" },
	/* the Paystack simulator's transfer recipients (lib/sandbox/sim_paystack.c) */
	{ DB_SIM_PS_RECIPIENT_ADD,
	    "INSERT IGNORE INTO sim_paystack_recipients (recipient_code, network, "
	    "account_number, name, created_at) VALUES (?, ?, ?, ?, UTC_TIMESTAMP(6))" },
	{ DB_SIM_PS_RECIPIENT_OF,
	    "SELECT recipient_code FROM sim_paystack_recipients WHERE network = ? "
	    "AND account_number = ?" },
	{ DB_SIM_PS_RECIPIENT_GET,
	    "SELECT account_number FROM sim_paystack_recipients WHERE recipient_code = ?" },
	{ DB_SIM_BAL_GET,
	    "SELECT balance FROM sim_chain_balances WHERE wallet = ? AND asset = ?" },
	{ DB_SIM_BAL_CREDIT,
	    "INSERT INTO sim_chain_balances (wallet, asset, balance) VALUES (?, ?, ?) "
	    "ON DUPLICATE KEY UPDATE balance = balance + VALUES(balance)" },
	{ DB_SIM_BAL_DEBIT,
	    "UPDATE sim_chain_balances SET balance = balance - " DEC("?") " "
	    "WHERE wallet = ? AND asset = ? AND balance >= " DEC("?") },
	{ DB_SIM_TX_INSERT,
	    "INSERT INTO sim_chain_txs (tx_hash, wallet, asset, amount, outcome, "
	    "block_number, submitted_at, confirm_at) VALUES (?, ?, ?, ?, ?, "
	    "UNIX_TIMESTAMP() - 1700000000, UTC_TIMESTAMP(6), "
	    "UTC_TIMESTAMP(6) + INTERVAL ? SECOND)" },
	{ DB_SIM_TX_GET,
	    "SELECT wallet, asset, amount, outcome, block_number, "
	    "confirm_at <= UTC_TIMESTAMP(6) AS confirmed FROM sim_chain_txs WHERE tx_hash = ?" },
	/* the sandbox's magic document numbers (the code decides; this narrows) */
	{ DB_SIM_KYC_MAGIC_DUE,
	    "SELECT public_id, document_number FROM kyc_submissions "
	    "WHERE status = 'pending' AND (document_number LIKE '%0000' "
	    "OR document_number LIKE '%1111') ORDER BY submitted_at, id LIMIT ?" },
	{ DB_STMT__MAX, NULL }
};
