#include "store/db_stmt.h"

#include <stddef.h>

/*
 * A decimal bound as text must be CAST before arithmetic or comparison:
 * DECIMAL + '1.5' is computed in floating point by MariaDB. (Storing text
 * into a DECIMAL column is exact and needs no cast.)
 */
#define DEC(p) "CAST(" p " AS DECIMAL(40,18))"

/* The columns conversion_from_row() reads, in its order. */
#define BEN_COLS "b.id, b.user_id, b.provider, b.phone, b.account_name, b.country, " \
	"b.currency, DATE_FORMAT(b.created_at, '%Y-%m-%dT%H:%i:%sZ'), " \
	"DATE_FORMAT(b.created_at, '%Y-%m-%d %H:%i:%s.%f') "

#define PO_COLS "p.id, p.user_id, p.beneficiary_id, p.provider, p.phone, p.account_name, " \
	"p.amount, p.fee, p.currency, p.reference, p.provider_ref, p.status, " \
	"p.failure_reason, p.sends, DATE_FORMAT(p.created_at, '%Y-%m-%dT%H:%i:%sZ'), " \
	"DATE_FORMAT(p.processing_at, '%Y-%m-%dT%H:%i:%sZ'), " \
	"DATE_FORMAT(p.completed_at, '%Y-%m-%dT%H:%i:%sZ'), " \
	"DATE_FORMAT(p.created_at, '%Y-%m-%d %H:%i:%s.%f'), p.conversion_id, p.withdrawal_id "

/* The columns withdrawal.c's from_row() reads, in its order. */
#define WD_COLS "w.id, w.partner_id, w.reference_id, w.request_hash, w.quote_id, " \
	"w.currency, w.amount, w.rate, w.gross_amount, w.fee, w.ghs_amount, " \
	"w.recipient_phone, w.mobile_network, w.metadata, w.status, w.tx_hash, " \
	"w.submits, w.payout_id, w.failure_reason, " \
	"DATE_FORMAT(w.created_at, '%Y-%m-%dT%H:%i:%sZ'), " \
	"DATE_FORMAT(w.processing_at, '%Y-%m-%dT%H:%i:%sZ'), " \
	"DATE_FORMAT(w.completed_at, '%Y-%m-%dT%H:%i:%sZ'), p.provider_ref, p.sends "

/* A partner's withdrawals narrowed by the list filters, each given twice
 * (NULL: no filter): status, from, to (DATETIME text), reference_id. */
/* ISO 8601 to the millisecond (delivery logs: retries a second apart) */
#define ISO_MS(c) "CONCAT(LEFT(DATE_FORMAT(" c ", '%Y-%m-%dT%H:%i:%s.%f'), 23), 'Z')"
/* a partner's deliveries, filtered by webhook_id, event_type, status */
#define WH_LOG_FROM "FROM webhook_deliveries d " \
	"JOIN webhook_endpoints e ON e.id = d.endpoint_id " \
	"JOIN outbox_events v ON v.id = d.event_id " \
	"WHERE e.subject_kind = 'partner' AND e.subject_id = ? " \
	"AND (? IS NULL OR e.public_id = ?) AND (? IS NULL OR v.type = ?) " \
	"AND (? IS NULL OR d.status = ?) "
/* a pending delivery for every live endpoint of a subject subscribed to
 * the event's type (arguments: event id, kind, subject id, type) */
#define WH_FANOUT "INSERT INTO webhook_deliveries (event_id, endpoint_id, status, " \
	"next_attempt_at, created_at) SELECT ?, id, 'pending', UTC_TIMESTAMP(6), " \
	"UTC_TIMESTAMP(6) FROM webhook_endpoints WHERE subject_kind = ? " \
	"AND subject_id = ? AND active = 1 AND FIND_IN_SET(?, events) "

/* a payment intent's columns, in the order domain/intent.c reads them */
#define PI_COLS "id, partner_id, reference_id, request_hash, amount, currency, fee, " \
	"net_amount, payer_phone, mobile_network, description, metadata, status, " \
	"provider_ref, sends, failure_reason, " \
	"DATE_FORMAT(expires_at, '%Y-%m-%dT%H:%i:%sZ'), " \
	"DATE_FORMAT(created_at, '%Y-%m-%dT%H:%i:%sZ'), " \
	"DATE_FORMAT(updated_at, '%Y-%m-%dT%H:%i:%sZ'), " \
	"DATE_FORMAT(completed_at, '%Y-%m-%dT%H:%i:%sZ'), late, " \
	"expires_at <= UTC_TIMESTAMP(6) "
#define PI_FILTER "partner_id = ? AND (? IS NULL OR status = ?) " \
	"AND (? IS NULL OR created_at >= ?) AND (? IS NULL OR created_at <= ?) " \
	"AND (? IS NULL OR reference_id = ?) "

#define WD_FILTER "w.partner_id = ? AND (? IS NULL OR w.status = ?) " \
	"AND (? IS NULL OR w.created_at >= ?) AND (? IS NULL OR w.created_at <= ?) " \
	"AND (? IS NULL OR w.reference_id = ?) "

/* conversions (ascii) and payouts (utf8mb4) ids in one collation */
#define HIST_UNION "SELECT 'conversion' AS kind, CONVERT(id USING utf8mb4) " \
	"COLLATE utf8mb4_bin AS id, created_at FROM conversions " \
	"WHERE user_id = ? AND (? = '' OR status = ?) UNION ALL " \
	"SELECT 'payout', id, created_at FROM payouts WHERE user_id = ? " \
	"AND (? = '' OR status = ?)"
/* a page's ids joined to their rows (conversions' ids are ascii) */
#define HIST_ITEMS "LEFT JOIN conversions c ON t.kind = 'conversion' " \
	"AND c.id = CONVERT(t.id USING ascii) " \
	"LEFT JOIN payouts p ON t.kind = 'payout' AND p.id = t.id "

#define CONVERSION_COLS "c.id, c.user_id, c.quote_id, c.wallet_id, c.from_currency, c.to_currency, " \
	"c.amount, c.rate, c.fee, c.receive_amount, c.status, c.tx_hash, c.block_number, " \
	"c.failure_reason, c.ghs_balance_after, " \
	"DATE_FORMAT(c.created_at, '%Y-%m-%dT%H:%i:%sZ'), " \
	"DATE_FORMAT(c.completed_at, '%Y-%m-%dT%H:%i:%sZ'), " \
	"DATE_FORMAT(c.created_at, '%Y-%m-%d %H:%i:%s.%f') "

/* The columns domain/onchain.c reads, in its order. */
#define SEND_COLS "ref_id, purpose, chain_id, sender, nonce, wallet, asset, amount, " \
	"tx_hash, attempts, broadcasts, status, mined_hash, mined_block, mined_block_hash, " \
	"failure_reason, TIMESTAMPDIFF(SECOND, signed_at, UTC_TIMESTAMP(6)) "

static const char *const db_sql[DB_STMT__MAX] = {
	[DB_PING] = "SELECT 1",
	[DB_LOCK_GET] = "SELECT GET_LOCK(?, ?)",
	[DB_LOCK_RELEASE] = "SELECT RELEASE_LOCK(?)",
	[DB_MIGRATION_APPLIED] =
	    "SELECT version FROM schema_migrations WHERE version = ?",
	[DB_MIGRATION_RECORD] =
	    "INSERT INTO schema_migrations (version, name) VALUES (?, ?)",
	[DB_USER_BY_WALLET] =
	    "SELECT id, tier FROM users WHERE wallet_id = ?",
	[DB_USER_INSERT] =
	    "INSERT INTO users (wallet_id, tier) VALUES (?, ?) "
	    "ON DUPLICATE KEY UPDATE wallet_id = wallet_id",
	[DB_USER_SET_TIER] =
	    "UPDATE users SET tier = ? WHERE wallet_id = ?",
	[DB_PARTNER_INSERT] =
	    "INSERT INTO partners (public_id, name, tier, environment) "
	    "VALUES (?, ?, ?, ?)",
	[DB_PARTNER_BY_PUBLIC_ID] =
	    "SELECT id, public_id, name, tier, environment FROM partners "
	    "WHERE public_id = ?",
	[DB_PARTNER_LIST] =
	    "SELECT p.public_id, p.name, p.tier, p.environment, "
	    "DATE_FORMAT(p.created_at, '%Y-%m-%dT%H:%i:%sZ'), "
	    "(SELECT COUNT(*) FROM api_keys k WHERE k.partner_id = p.id "
	    "AND k.revoked_at IS NULL) FROM partners p ORDER BY p.id",
	[DB_APIKEY_INSERT] =
	    "INSERT INTO api_keys (key_id, partner_id, key_hash, environment) "
	    "VALUES (?, ?, ?, ?)",
	[DB_APIKEY_LOOKUP] =
	    "SELECT k.key_hash, k.environment, p.id, p.public_id, p.tier "
	    "FROM api_keys k JOIN partners p ON p.id = k.partner_id "
	    "WHERE k.key_id = ? AND k.revoked_at IS NULL",
	[DB_APIKEY_REVOKE] =
	    "UPDATE api_keys SET revoked_at = UTC_TIMESTAMP(6) "
	    "WHERE key_id = ? AND revoked_at IS NULL",
	[DB_APIKEY_REVOKE_PARTNER] =
	    "UPDATE api_keys k JOIN partners p ON p.id = k.partner_id "
	    "SET k.revoked_at = UTC_TIMESTAMP(6) "
	    "WHERE p.public_id = ? AND k.revoked_at IS NULL",
	[DB_APIKEY_TOUCH] =
	    "UPDATE api_keys SET last_used_at = UTC_TIMESTAMP() "
	    "WHERE key_id = ? AND (last_used_at IS NULL OR "
	    "last_used_at < UTC_TIMESTAMP() - INTERVAL 1 MINUTE)",
	[DB_SIM_SETTING_GET] =
	    "SELECT value FROM sim_settings WHERE name = ?",
	[DB_SIM_SETTING_SET] =
	    "INSERT INTO sim_settings (name, value) VALUES (?, ?) "
	    "ON DUPLICATE KEY UPDATE value = VALUES(value)",
	/* sandbox: the mobile money simulator (lib/sandbox/sim_momo.c) */
	[DB_SIM_MOMO_TOKEN_INSERT] =
	    "INSERT INTO sim_momo_tokens (token, network, product, issued_at, "
	    "expires_at) VALUES (?, ?, ?, UTC_TIMESTAMP(6), "
	    "UTC_TIMESTAMP(6) + INTERVAL ? SECOND)",
	[DB_SIM_MOMO_TOKEN_VALID] =
	    "SELECT COUNT(*) FROM sim_momo_tokens WHERE token = ? AND network = ? "
	    "AND product = ? AND expires_at > UTC_TIMESTAMP(6)",
	[DB_SIM_MOMO_TOKEN_EXPIRE] =
	    "DELETE FROM sim_momo_tokens WHERE expires_at < UTC_TIMESTAMP(6) - "
	    "INTERVAL 1 DAY LIMIT 100",
	[DB_SIM_MOMO_TX_LOCK] =
	    "SELECT network, kind, body_hash, state, sends, msisdn "
	    "FROM sim_momo_transfers WHERE reference = ? FOR UPDATE",
	[DB_SIM_MOMO_TX_INSERT] =
	    "INSERT INTO sim_momo_transfers (reference, network, kind, msisdn, "
	    "amount, currency, external_id, body_hash, state, final_state, reason, "
	    "financial_id, sends, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, "
	    "'unaccepted', ?, ?, ?, 1, UTC_TIMESTAMP(6))",
	[DB_SIM_MOMO_TX_COUNT_SEND] =
	    "UPDATE sim_momo_transfers SET sends = sends + 1 WHERE reference = ?",
	[DB_SIM_MOMO_TX_ACCEPT] =
	    "UPDATE sim_momo_transfers SET state = 'pending', "
	    "accepted_at = UTC_TIMESTAMP(6), "
	    "settle_at = UTC_TIMESTAMP(6) + INTERVAL ? SECOND "
	    "WHERE reference = ? AND state = 'unaccepted'",
	[DB_SIM_MOMO_TX_SETTLE] =
	    "UPDATE sim_momo_transfers SET state = final_state WHERE reference = ? "
	    "AND network = ? AND kind = ? AND state = 'pending' "
	    "AND final_state <> 'pending' AND settle_at <= UTC_TIMESTAMP(6)",
	[DB_SIM_MOMO_TX_GET] =
	    "SELECT state, reason, financial_id, msisdn, amount, currency, "
	    "external_id, success_reads FROM sim_momo_transfers WHERE reference = ? "
	    "AND network = ? AND kind = ?",
	/* a 302 request to pay: approved once, then its settlement fails */
	[DB_SIM_MOMO_RTP_READ] =
	    "UPDATE sim_momo_transfers SET success_reads = success_reads + 1 "
	    "WHERE reference = ? AND state = 'successful'",
	[DB_SIM_MOMO_RTP_REVERSE] =
	    "UPDATE sim_momo_transfers SET state = 'failed', final_state = 'failed', "
	    "reason = 'SETTLEMENT_FAILED' WHERE reference = ? AND state = 'successful'",
	[DB_FXRATE_GET] =
	    "SELECT rate, UNIX_TIMESTAMP(updated_at) FROM fx_rates WHERE pair = ?",
	[DB_FXRATE_SET] =
	    "INSERT INTO fx_rates (pair, rate, updated_at, source) "
	    "VALUES (?, ?, UTC_TIMESTAMP(6), ?) ON DUPLICATE KEY UPDATE "
	    "rate = VALUES(rate), updated_at = VALUES(updated_at), "
	    "source = VALUES(source)",
	[DB_QUOTE_INSERT] =
	    "INSERT INTO quotes (id, api, user_id, partner_id, from_currency, "
	    "to_currency, amount, rate, fee_percent, gross_amount, fee, "
	    "receive_amount, created_at, expires_at) VALUES "
	    "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, FROM_UNIXTIME(?), FROM_UNIXTIME(?))",
	/*
	 * One atomic step per request: a closed window restarts at 1, an open
	 * one counts up. Assignments run left to right, so both IFs still see
	 * the old window.
	 */
	/* the count after this hit comes back as the statement's insert id
	 * (LAST_INSERT_ID(expr)), atomically with the hit: the table is not
	 * transactional, so a read afterwards could see later hits */
	[DB_RL_HIT] =
	    "INSERT INTO rate_counters (subject, category, window_start, "
	    "window_seconds, hits) VALUES (?, ?, ?, ?, LAST_INSERT_ID(1)) ON DUPLICATE KEY UPDATE "
	    "hits = LAST_INSERT_ID(IF(window_start + window_seconds <= VALUES(window_start), "
	    "1, hits + 1)), "
	    "window_start = IF(window_start + window_seconds <= VALUES(window_start), "
	    "VALUES(window_start), window_start), "
	    "window_seconds = VALUES(window_seconds)",
	/* two categories' windows at once (a HASH key: points, not a prefix) */
	[DB_RL_READ] =
	    "SELECT r.category, r.window_start + r.window_seconds, o.limit_count "
	    "FROM rate_counters r LEFT JOIN rate_limit_overrides o "
	    "ON o.subject = r.subject AND o.category = r.category "
	    "WHERE r.subject = ? AND r.category IN (?, ?)",
	[DB_RL_EXPIRE] =
	    "DELETE FROM rate_counters WHERE window_start + window_seconds < ? "
	    "LIMIT 1000",
	[DB_QUOTE_EXPIRE] =
	    "DELETE FROM quotes WHERE used_at IS NULL AND "
	    "expires_at < UTC_TIMESTAMP(6) - INTERVAL 1 DAY "
	    "AND id NOT IN (SELECT quote_id FROM conversions) LIMIT 1000",
	[DB_FXRATE_SEED] =
	    "INSERT INTO fx_rates (pair, rate, updated_at, source) "
	    "VALUES (?, ?, UTC_TIMESTAMP(6), 'seed') "
	    "ON DUPLICATE KEY UPDATE pair = pair",
	[DB_FXRATE_LIST] =
	    "SELECT pair, rate, DATE_FORMAT(updated_at, '%Y-%m-%dT%H:%i:%sZ'), "
	    "source FROM fx_rates ORDER BY pair",
	/* insert_id is the account's id whether it was created now or not */
	[DB_LEDGER_ACCOUNT_ENSURE] =
	    "INSERT INTO ledger_accounts (code, asset, kind) VALUES (?, ?, ?) "
	    "ON DUPLICATE KEY UPDATE id = LAST_INSERT_ID(id)",
	[DB_LEDGER_TX_INSERT] =
	    "INSERT INTO ledger_transactions (kind, ref_id) VALUES (?, ?)",
	[DB_LEDGER_ENTRY_INSERT] =
	    "INSERT INTO ledger_entries (tx_id, account_id, asset, amount) "
	    "VALUES (?, ?, ?, ?)",
	[DB_LEDGER_BALANCE_ADD] =
	    "UPDATE ledger_accounts SET balance = balance + " DEC("?") " WHERE id = ?",
	[DB_LEDGER_BALANCE_GET] =
	    "SELECT balance FROM ledger_accounts WHERE code = ?",
	[DB_LEDGER_CHECK_TX_SUMS] =
	    "SELECT tx_id, asset, SUM(amount) FROM ledger_entries "
	    "GROUP BY tx_id, asset HAVING SUM(amount) <> 0 LIMIT 100",
	[DB_LEDGER_CHECK_CACHE] =
	    "SELECT a.code, a.balance, COALESCE(SUM(e.amount), 0) "
	    "FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id "
	    "GROUP BY a.id, a.code, a.balance "
	    "HAVING a.balance <> COALESCE(SUM(e.amount), 0) LIMIT 100",
	[DB_LEDGER_CHECK_NEGATIVE] =
	    "SELECT code, balance FROM ledger_accounts "
	    "WHERE kind <> 'house' AND balance < 0 LIMIT 100",
	[DB_LEDGER_CHECK_ASSETS] =
	    "SELECT e.id, a.code, e.asset FROM ledger_entries e "
	    "JOIN ledger_accounts a ON a.id = e.account_id "
	    "WHERE e.asset <> a.asset LIMIT 100",
	[DB_SIM_BAL_GET] =
	    "SELECT balance FROM sim_chain_balances WHERE wallet = ? AND asset = ?",
	[DB_SIM_BAL_CREDIT] =
	    "INSERT INTO sim_chain_balances (wallet, asset, balance) VALUES (?, ?, ?) "
	    "ON DUPLICATE KEY UPDATE balance = balance + VALUES(balance)",
	[DB_SIM_BAL_DEBIT] =
	    "UPDATE sim_chain_balances SET balance = balance - " DEC("?") " "
	    "WHERE wallet = ? AND asset = ? AND balance >= " DEC("?"),
	[DB_SIM_TX_INSERT] =
	    "INSERT INTO sim_chain_txs (tx_hash, wallet, asset, amount, outcome, "
	    "block_number, submitted_at, confirm_at) VALUES (?, ?, ?, ?, ?, "
	    "UNIX_TIMESTAMP() - 1700000000, UTC_TIMESTAMP(6), "
	    "UTC_TIMESTAMP(6) + INTERVAL ? SECOND)",
	[DB_SIM_TX_GET] =
	    "SELECT wallet, asset, amount, outcome, block_number, "
	    "confirm_at <= UTC_TIMESTAMP(6) FROM sim_chain_txs WHERE tx_hash = ?",
	[DB_QUOTE_LOCK] =
	    "SELECT user_id, api, from_currency, amount, rate, fee_percent, "
	    "gross_amount, fee, receive_amount, expires_at <= UTC_TIMESTAMP(6), "
	    "used_at IS NOT NULL, partner_id FROM quotes WHERE id = ? FOR UPDATE",
	[DB_QUOTE_MARK_USED] =
	    "UPDATE quotes SET used_at = UTC_TIMESTAMP(6) WHERE id = ? AND used_at IS NULL",
	[DB_QUOTE_UNMARK_USED] =
	    "UPDATE quotes SET used_at = NULL WHERE id = ?",
	[DB_USER_LOCK] =
	    "SELECT id FROM users WHERE id = ? FOR UPDATE",
	/* GHS received by a user's live conversions since a time (limits) */
	[DB_CONV_USED_SINCE] =
	    "SELECT COALESCE(SUM(receive_amount), 0) FROM conversions "
	    "WHERE user_id = ? AND status <> 'failed' AND created_at >= ?",
	[DB_CONV_INSERT] =
	    "INSERT INTO conversions (id, user_id, quote_id, wallet_id, from_currency, "
	    "to_currency, amount, rate, fee_percent, gross_amount, fee, receive_amount, "
	    "status, tx_hash, created_at, lease_until) VALUES "
	    "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'processing', ?, UTC_TIMESTAMP(6), "
	    "UTC_TIMESTAMP(6) + INTERVAL ? SECOND)",
	/* the creating request's broadcast has returned: workers may take it */
	[DB_CONV_RELEASE] =
	    "UPDATE conversions SET lease_until = NULL WHERE id = ?",
	/* only a transfer the gateway refused outright is undone */
	[DB_CONV_DELETE_UNSENT] =
	    "DELETE FROM conversions WHERE id = ? AND status = 'processing'",
	[DB_CONV_GET] =
	    "SELECT " CONVERSION_COLS "FROM conversions c WHERE c.id = ? AND c.user_id = ?",
	[DB_CONV_LOCK] =
	    "SELECT " CONVERSION_COLS "FROM conversions c WHERE c.id = ? FOR UPDATE",
	[DB_CONV_COMPLETE] =
	    "UPDATE conversions SET status = 'completed', completed_at = UTC_TIMESTAMP(6), "
	    "block_number = ?, ghs_balance_after = ?, tx_hash = ?, lease_until = NULL "
	    "WHERE id = ? AND status = 'processing'",
	[DB_CONV_FAIL] =
	    "UPDATE conversions SET status = 'failed', failure_reason = ?, "
	    "completed_at = NULL, lease_until = NULL "
	    "WHERE id = ? AND status = 'processing'",
	/*
	 * A batch no other worker holds: locked rows skipped, leased rows too.
	 * A lease in the past records when a row was last checked: the least
	 * recently checked come first, so stuck transfers never starve others.
	 */
	[DB_CONV_CLAIM] =
	    "SELECT id FROM conversions WHERE status = 'processing' "
	    "AND (lease_until IS NULL OR lease_until < UTC_TIMESTAMP(6)) "
	    "ORDER BY lease_until, created_at LIMIT ? FOR UPDATE SKIP LOCKED",
	[DB_CONV_CHECKED] =
	    "UPDATE conversions SET lease_until = UTC_TIMESTAMP(6) "
	    "WHERE id = ? AND status = 'processing'",
	[DB_CONV_LEASE] =
	    "UPDATE conversions SET lease_until = UTC_TIMESTAMP(6) + INTERVAL ? SECOND "
	    "WHERE id = ?",
	/* pages: after the cursor's (created_at, id), newest or oldest first */
	[DB_CONV_PAGE_DESC] =
	    "SELECT " CONVERSION_COLS "FROM conversions c WHERE c.user_id = ? "
	    "AND (? = '' OR c.status = ?) "
	    "AND (c.created_at < ? OR (c.created_at = ? AND c.id < ?)) "
	    "ORDER BY c.created_at DESC, c.id DESC LIMIT ?",
	[DB_CONV_PAGE_ASC] =
	    "SELECT " CONVERSION_COLS "FROM conversions c WHERE c.user_id = ? "
	    "AND (? = '' OR c.status = ?) "
	    "AND (c.created_at > ? OR (c.created_at = ? AND c.id > ?)) "
	    "ORDER BY c.created_at ASC, c.id ASC LIMIT ?",
	[DB_CONV_COUNT] =
	    "SELECT COUNT(*) FROM conversions WHERE user_id = ? AND (? = '' OR status = ?)",
	[DB_IDEM_INSERT] =
	    "INSERT INTO idempotency_keys (user_id, idem_key, endpoint, request_hash, "
	    "state, owner, locked_at, created_at) "
	    "VALUES (?, ?, ?, ?, 'in_progress', ?, UTC_TIMESTAMP(6), UTC_TIMESTAMP(6))",
	[DB_IDEM_GET] =
	    "SELECT id, endpoint, request_hash, state, status_code, response_body, "
	    "DATE_FORMAT(created_at, '%Y-%m-%dT%H:%i:%sZ'), "
	    "created_at < UTC_TIMESTAMP(6) - INTERVAL 24 HOUR, "
	    "recovery_point, recovery_ref, "
	    "locked_at < UTC_TIMESTAMP(6) - INTERVAL CAST(? AS UNSIGNED) SECOND "
	    "FROM idempotency_keys WHERE user_id = ? AND idem_key = ?",
	[DB_IDEM_DELETE_EXPIRED] =
	    "DELETE FROM idempotency_keys WHERE id = ? "
	    "AND created_at < UTC_TIMESTAMP(6) - INTERVAL 24 HOUR",
	/* the owner is checked: a request whose key was taken over writes nothing */
	[DB_IDEM_DONE] =
	    "UPDATE idempotency_keys SET state = 'done', status_code = ?, "
	    "response_body = ? WHERE id = ? AND owner = ? AND state = 'in_progress'",
	[DB_IDEM_RELEASE] =
	    "DELETE FROM idempotency_keys WHERE id = ? AND owner = ? "
	    "AND state = 'in_progress'",
	[DB_IDEM_HAND_ON] =
	    "UPDATE idempotency_keys SET locked_at = created_at - INTERVAL 1 DAY "
	    "WHERE id = ? AND owner = ? AND state = 'in_progress'",
	[DB_IDEM_TAKE_OVER] =
	    "UPDATE idempotency_keys SET owner = ?, locked_at = UTC_TIMESTAMP(6) "
	    "WHERE id = ? AND state = 'in_progress' "
	    "AND locked_at < UTC_TIMESTAMP(6) - INTERVAL CAST(? AS UNSIGNED) SECOND",
	[DB_IDEM_MARK] =
	    "UPDATE idempotency_keys SET recovery_point = ?, recovery_ref = ?, "
	    "locked_at = UTC_TIMESTAMP(6) WHERE id = ? AND owner = ? "
	    "AND state = 'in_progress'",
	[DB_IDEM_EXPIRE] =
	    "DELETE FROM idempotency_keys WHERE created_at < UTC_TIMESTAMP(6) - "
	    "INTERVAL 24 HOUR LIMIT 1000",
	/* ---- payouts ---- */
	[DB_PAYOUT_INSERT] =
	    "INSERT INTO payouts (id, user_id, beneficiary_id, provider, phone, "
	    "account_name, amount, fee, currency, reference, provider_ref, status, "
	    "created_at, processing_at, next_check_at, lease_until) VALUES "
	    "(?, ?, ?, ?, ?, ?, " DEC("?") ", " DEC("?") ", ?, ?, ?, 'processing', "
	    "UTC_TIMESTAMP(6), UTC_TIMESTAMP(6), UTC_TIMESTAMP(6) + INTERVAL ? SECOND, "
	    "UTC_TIMESTAMP(6) + INTERVAL ? SECOND)",
	/* a stablecoin transfer's payout: waits for its conversion, nothing held */
	[DB_PAYOUT_INSERT_PENDING] =
	    "INSERT INTO payouts (id, user_id, beneficiary_id, provider, phone, "
	    "account_name, amount, fee, currency, reference, conversion_id, "
	    "source_currency, source_amount, provider_ref, status, created_at, "
	    "next_check_at) VALUES (?, ?, ?, ?, ?, ?, " DEC("?") ", " DEC("?") ", ?, ?, "
	    "?, ?, " DEC("?") ", ?, 'pending', UTC_TIMESTAMP(6), UTC_TIMESTAMP(6))",
	[DB_PAYOUT_DELETE_PENDING] =
	    "DELETE FROM payouts WHERE conversion_id = ? AND status = 'pending'",
	[DB_PAYOUT_START] =
	    "UPDATE payouts SET status = 'processing', processing_at = UTC_TIMESTAMP(6), "
	    "lease_until = UTC_TIMESTAMP(6) + INTERVAL ? SECOND WHERE id = ? AND status = 'pending'",
	/* the second argument is the owner, or 0 for anyone's */
	[DB_PAYOUT_GET] =
	    "SELECT " PO_COLS "FROM payouts p WHERE p.id = ? AND ? IN (0, p.user_id)",
	[DB_PAYOUT_LOCK] =
	    "SELECT " PO_COLS "FROM payouts p WHERE p.id = ? AND ? IN (0, p.user_id) FOR UPDATE",
	[DB_PAYOUT_SENT] =
	    "UPDATE payouts SET sends = sends + 1 WHERE id = ? AND status = 'processing'",
	[DB_PAYOUT_RELEASE] =
	    "UPDATE payouts SET lease_until = NULL WHERE id = ?",
	[DB_PAYOUT_COMPLETE] =
	    "UPDATE payouts SET status = 'completed', completed_at = UTC_TIMESTAMP(6), "
	    "lease_until = NULL WHERE id = ? AND status = 'processing'",
	[DB_PAYOUT_FAIL] =
	    "UPDATE payouts SET status = 'failed', failure_reason = LEFT(?, 200), "
	    "completed_at = UTC_TIMESTAMP(6), lease_until = NULL "
	    "WHERE id = ? AND status IN ('pending', 'processing')",
	/* backoff: 1, 2, 4 ... seconds, at most the first argument */
	[DB_PAYOUT_CHECK_LATER] =
	    "UPDATE payouts SET checks = checks + 1, lease_until = NULL, "
	    "next_check_at = UTC_TIMESTAMP(6) + INTERVAL LEAST(POW(2, LEAST(checks, 20)), ?) SECOND "
	    "WHERE id = ? AND status IN ('pending', 'processing')",
	/* a withdrawal's pending payout waits for the withdrawal's worker */
	[DB_PAYOUT_CLAIM] =
	    "SELECT id FROM payouts WHERE (status = 'processing' OR "
	    "(status = 'pending' AND withdrawal_id IS NULL)) "
	    "AND next_check_at <= UTC_TIMESTAMP(6) "
	    "AND (lease_until IS NULL OR lease_until < UTC_TIMESTAMP(6)) "
	    "ORDER BY next_check_at LIMIT ? FOR UPDATE SKIP LOCKED",
	[DB_PAYOUT_LEASE] =
	    "UPDATE payouts SET lease_until = UTC_TIMESTAMP(6) + INTERVAL ? SECOND WHERE id = ?",
	/* GHS of a user's live payouts since a time (tier limits) */
	[DB_PAYOUT_USED_SINCE] =
	    "SELECT COALESCE(SUM(amount), 0) FROM payouts WHERE user_id = ? "
	    "AND status <> 'failed' AND created_at >= ?",
	[DB_PAYOUT_PENDING_SUM] =
	    "SELECT COALESCE(SUM(amount + fee), 0) FROM payouts WHERE user_id = ? "
	    "AND status = 'processing'",
	/* a withdrawal's payout: waits for the conversion; its float drawn */
	[DB_PAYOUT_INSERT_WITHDRAWAL] =
	    "INSERT INTO payouts (id, provider, phone, amount, fee, currency, reference, "
	    "withdrawal_id, provider_ref, status, created_at, next_check_at) VALUES "
	    "(?, ?, ?, " DEC("?") ", 0, 'GHS', ?, ?, ?, 'pending', UTC_TIMESTAMP(6), "
	    "UTC_TIMESTAMP(6))",
	/* ---- partner withdrawals ---- */
	[DB_PARTNER_LOCK] =
	    "SELECT id FROM partners WHERE id = ? FOR UPDATE",
	[DB_WD_INSERT] =
	    "INSERT INTO withdrawals (id, partner_id, reference_id, request_hash, quote_id, "
	    "currency, amount, rate, gross_amount, fee, ghs_amount, recipient_phone, "
	    "mobile_network, metadata, status, tx_hash, payout_id, created_at, "
	    "next_check_at) VALUES (?, ?, ?, ?, ?, ?, " DEC("?") ", " DEC("?") ", "
	    DEC("?") ", " DEC("?") ", " DEC("?") ", ?, ?, ?, 'pending', ?, ?, "
	    "UTC_TIMESTAMP(6), UTC_TIMESTAMP(6))",
	[DB_WD_BY_REFERENCE] =
	    "SELECT " WD_COLS "FROM withdrawals w JOIN payouts p ON p.id = w.payout_id "
	    "WHERE w.partner_id = ? AND w.reference_id = ?",
	/* the second argument is the owner, or 0 for anyone's */
	[DB_WD_GET] =
	    "SELECT " WD_COLS "FROM withdrawals w JOIN payouts p ON p.id = w.payout_id "
	    "WHERE w.id = ? AND ? IN (0, w.partner_id)",
	[DB_WD_LOCK] =
	    "SELECT " WD_COLS "FROM withdrawals w JOIN payouts p ON p.id = w.payout_id "
	    "WHERE w.id = ? AND ? IN (0, w.partner_id) FOR UPDATE",
	[DB_WD_SUBMITTED] =
	    "UPDATE withdrawals SET submits = submits + 1 WHERE id = ?",
	/* the mined attempt's hash (a replacement has its own) */
	[DB_WD_PROCESSING] =
	    "UPDATE withdrawals SET status = 'processing', processing_at = UTC_TIMESTAMP(6), "
	    "tx_hash = COALESCE(?, tx_hash), lease_until = NULL "
	    "WHERE id = ? AND status = 'pending'",
	[DB_WD_SIGNED] =
	    "UPDATE withdrawals SET tx_hash = ? WHERE id = ? AND status = 'pending' "
	    "AND tx_hash IS NULL",
	[DB_WD_COMPLETE] =
	    "UPDATE withdrawals SET status = 'completed', completed_at = UTC_TIMESTAMP(6) "
	    "WHERE id = ? AND status = 'processing'",
	[DB_WD_FAIL] =
	    "UPDATE withdrawals SET status = 'failed', failure_reason = LEFT(?, 200), "
	    "completed_at = UTC_TIMESTAMP(6), lease_until = NULL "
	    "WHERE id = ? AND status IN ('pending', 'processing')",
	/* backoff: 1, 2, 4 ... seconds, at most the first argument */
	[DB_WD_CHECK_LATER] =
	    "UPDATE withdrawals SET checks = checks + 1, lease_until = NULL, "
	    "next_check_at = UTC_TIMESTAMP(6) + INTERVAL LEAST(POW(2, LEAST(checks, 20)), ?) SECOND "
	    "WHERE id = ? AND status = 'pending'",
	[DB_WD_CLAIM] =
	    "SELECT id FROM withdrawals WHERE status = 'pending' "
	    "AND next_check_at <= UTC_TIMESTAMP(6) "
	    "AND (lease_until IS NULL OR lease_until < UTC_TIMESTAMP(6)) "
	    "ORDER BY next_check_at LIMIT ? FOR UPDATE SKIP LOCKED",
	[DB_WD_LEASE] =
	    "UPDATE withdrawals SET lease_until = UTC_TIMESTAMP(6) + INTERVAL ? SECOND WHERE id = ?",
	/* GHS of a partner's live withdrawals since a time (tier limits) */
	[DB_WD_USED_SINCE] =
	    "SELECT COALESCE(SUM(ghs_amount), 0) FROM withdrawals WHERE partner_id = ? "
	    "AND status <> 'failed' AND created_at >= ?",
	[DB_WD_COUNT] =
	    "SELECT COUNT(*) FROM withdrawals w WHERE " WD_FILTER,
	[DB_WD_PAGE] =
	    "SELECT " WD_COLS "FROM withdrawals w JOIN payouts p ON p.id = w.payout_id "
	    "WHERE " WD_FILTER "ORDER BY w.created_at DESC, w.id DESC LIMIT ? OFFSET ?",
	[DB_OUTBOX_INSERT] =
	    "INSERT INTO outbox_events (id, type, subject_kind, subject_id, ref_id, "
	    "payload, created_at) VALUES (?, ?, ?, ?, ?, ?, UTC_TIMESTAMP(6))",
	/* ---- partners' deposits ---- */
	[DB_DEPOSIT_INSERT] =
	    "INSERT INTO partner_deposits (id, partner_id, currency, amount, reference, "
	    "source, created_at) VALUES (?, ?, ?, " DEC("?") ", ?, ?, UTC_TIMESTAMP(6))",
	/* ---- a user's history: conversions and payouts as one list ---- */
	[DB_HIST_COUNT] =
	    "SELECT COUNT(*) FROM (SELECT 'conversion' AS kind FROM conversions "
	    "WHERE user_id = ? AND (? = '' OR status = ?) UNION ALL "
	    "SELECT 'payout' FROM payouts WHERE user_id = ? AND (? = '' OR status = ?)) t "
	    "WHERE (? = '' OR kind = ?)",
	/* one page in one statement: the page's positions, then each item's
	 * own row joined by primary key (the kind's columns, the other's NULL) */
	[DB_HIST_PAGE_DESC] =
	    "SELECT t.kind, " CONVERSION_COLS ", " PO_COLS "FROM (SELECT kind, id, created_at "
	    "FROM (" HIST_UNION ") u WHERE (? = '' OR kind = ?) "
	    "AND (created_at < ? OR (created_at = ? AND id < ?)) "
	    "ORDER BY created_at DESC, id DESC LIMIT ?) t " HIST_ITEMS
	    "ORDER BY t.created_at DESC, t.id DESC",
	[DB_HIST_PAGE_ASC] =
	    "SELECT t.kind, " CONVERSION_COLS ", " PO_COLS "FROM (SELECT kind, id, created_at "
	    "FROM (" HIST_UNION ") u WHERE (? = '' OR kind = ?) "
	    "AND (created_at > ? OR (created_at = ? AND id > ?)) "
	    "ORDER BY created_at ASC, id ASC LIMIT ?) t " HIST_ITEMS
	    "ORDER BY t.created_at ASC, t.id ASC",
	/* ---- the payout float (lib/domain/payout_float.c) ---- */
	/* a limited float that covers the amount: drawn under its row lock */
	[DB_PFLOAT_DRAW] =
	    "UPDATE payout_floats SET balance = balance - " DEC("?") ", "
	    "updated_at = UTC_TIMESTAMP(6) WHERE network = ? AND unlimited = 0 "
	    "AND balance >= " DEC("?"),
	[DB_PFLOAT_LOCK] =
	    "SELECT balance, unlimited FROM payout_floats WHERE network = ? FOR UPDATE",
	[DB_PFLOAT_RESTORE] =
	    "UPDATE payout_floats SET balance = balance + " DEC("?") ", "
	    "updated_at = UTC_TIMESTAMP(6) WHERE network = ?",
	[DB_PFLOAT_MOVE_INSERT] =
	    "INSERT INTO payout_float_moves (network, kind, amount, payout_id, reference, "
	    "created_at) VALUES (?, ?, ?, ?, ?, UTC_TIMESTAMP(6))",
	[DB_PFLOAT_DRAWN] =
	    "SELECT network, amount FROM payout_float_moves WHERE payout_id = ? "
	    "AND kind = 'draw'",
	/* a new row starts with the environment's default flag (the argument) */
	[DB_PFLOAT_TOPUP] =
	    "INSERT INTO payout_floats (network, balance, unlimited, updated_at) "
	    "VALUES (?, ?, ?, UTC_TIMESTAMP(6)) ON DUPLICATE KEY UPDATE "
	    "balance = balance + VALUES(balance), updated_at = VALUES(updated_at)",
	[DB_PFLOAT_SET] =
	    "INSERT INTO payout_floats (network, balance, unlimited, updated_at) "
	    "VALUES (?, ?, ?, UTC_TIMESTAMP(6)) ON DUPLICATE KEY UPDATE "
	    "balance = VALUES(balance), unlimited = VALUES(unlimited), "
	    "updated_at = VALUES(updated_at)",
	[DB_PFLOAT_LIST] =
	    "SELECT network, balance, unlimited, "
	    "DATE_FORMAT(updated_at, '%Y-%m-%dT%H:%i:%sZ') FROM payout_floats",
	/* ---- beneficiaries ---- */
	[DB_BEN_EXISTS] =
	    "SELECT id FROM beneficiaries WHERE user_id = ? AND provider = ? AND phone = ?",
	[DB_BEN_INSERT] =
	    "INSERT INTO beneficiaries (id, user_id, provider, phone, account_name, "
	    "country, currency, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, UTC_TIMESTAMP(6))",
	[DB_BEN_GET] =
	    "SELECT " BEN_COLS "FROM beneficiaries b WHERE b.id = ? AND b.user_id = ?",
	[DB_BEN_COUNT] =
	    "SELECT COUNT(*) FROM beneficiaries WHERE user_id = ?",
	[DB_BEN_PAGE_DESC] =
	    "SELECT " BEN_COLS "FROM beneficiaries b WHERE b.user_id = ? "
	    "AND (b.created_at < ? OR (b.created_at = ? AND b.id < ?)) "
	    "ORDER BY b.created_at DESC, b.id DESC LIMIT ?",
	[DB_BEN_PAGE_ASC] =
	    "SELECT " BEN_COLS "FROM beneficiaries b WHERE b.user_id = ? "
	    "AND (b.created_at > ? OR (b.created_at = ? AND b.id > ?)) "
	    "ORDER BY b.created_at ASC, b.id ASC LIMIT ?",
	[DB_RL_OVERRIDE_SET] =
	    "INSERT INTO rate_limit_overrides (subject, category, limit_count) "
	    "VALUES (?, ?, ?) ON DUPLICATE KEY UPDATE limit_count = VALUES(limit_count)",
	[DB_RL_OVERRIDE_DELETE] =
	    "DELETE FROM rate_limit_overrides WHERE subject = ? AND category = ?",
	/* KYC submissions (lib/domain/kyc.c); the images are sealed BLOBs */
	[DB_KYC_INSERT] =
	    "INSERT INTO kyc_submissions (public_id, user_id, document_type, "
	    "document_number, full_name, date_of_birth, document_front, document_back, "
	    "selfie, submitted_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, FROM_UNIXTIME(?))",
	[DB_KYC_LATEST] =
	    "SELECT public_id, status, DATE_FORMAT(submitted_at, '%Y-%m-%dT%H:%i:%sZ'), "
	    "DATE_FORMAT(decided_at, '%Y-%m-%dT%H:%i:%sZ'), rejection_reason, "
	    "document_type, approved_tier FROM kyc_submissions WHERE user_id = ? "
	    "ORDER BY submitted_at DESC, id DESC LIMIT 1",
	/* the submission and its user, both locked for the decision */
	[DB_KYC_LOCK] =
	    "SELECT k.id, k.user_id, k.status, u.wallet_id, u.tier "
	    "FROM kyc_submissions k JOIN users u ON u.id = k.user_id "
	    "WHERE k.public_id = ? FOR UPDATE",
	[DB_KYC_APPROVE] =
	    "UPDATE kyc_submissions SET status = 'approved', approved_tier = ?, "
	    "decided_by = ?, decided_at = UTC_TIMESTAMP(6) WHERE id = ? AND status = 'pending'",
	[DB_KYC_REJECT] =
	    "UPDATE kyc_submissions SET status = 'rejected', rejection_reason = ?, "
	    "decided_by = ?, decided_at = UTC_TIMESTAMP(6) WHERE id = ? AND status = 'pending'",
	[DB_KYC_RAISE_TIER] =
	    "UPDATE users SET tier = ? WHERE id = ?",
	/* pending first, oldest first (the queue); then decided, newest first */
	[DB_KYC_LIST] =
	    "SELECT k.public_id, u.wallet_id, k.document_type, k.status, "
	    "DATE_FORMAT(k.submitted_at, '%Y-%m-%dT%H:%i:%sZ') "
	    "FROM kyc_submissions k JOIN users u ON u.id = k.user_id "
	    "ORDER BY k.status = 'pending' DESC, "
	    "IF(k.status = 'pending', k.submitted_at, NULL), "
	    "k.submitted_at DESC, k.id DESC LIMIT ?",
	/* the sandbox's magic document numbers (the code decides; this narrows) */
	[DB_SIM_KYC_MAGIC_DUE] =
	    "SELECT public_id, document_number FROM kyc_submissions "
	    "WHERE status = 'pending' AND (document_number LIKE '%0000' "
	    "OR document_number LIKE '%1111') ORDER BY submitted_at, id LIMIT ?",
	/* ---- webhooks ---- */
	[DB_WH_FANOUT] = WH_FANOUT,
	[DB_WH_COUNT_LIVE] =
	    "SELECT COUNT(*) FROM webhook_endpoints WHERE subject_kind = ? "
	    "AND subject_id = ? AND active = 1",
	[DB_WH_INSERT] =
	    "INSERT INTO webhook_endpoints (public_id, subject_kind, subject_id, url, "
	    "events, secret, active, created_at) VALUES (?, ?, ?, ?, ?, ?, 1, UTC_TIMESTAMP(6))",
	[DB_WH_GET] =
	    "SELECT public_id, url, events, active, "
	    "DATE_FORMAT(created_at, '%Y-%m-%dT%H:%i:%sZ') FROM webhook_endpoints "
	    "WHERE public_id = ? AND subject_kind = ? AND subject_id = ?",
	[DB_WH_LIST] =
	    "SELECT public_id, url, events, active, "
	    "DATE_FORMAT(created_at, '%Y-%m-%dT%H:%i:%sZ') FROM webhook_endpoints "
	    "WHERE subject_kind = ? AND subject_id = ? AND active = 1 ORDER BY id",
	[DB_WH_DELETE] =
	    "UPDATE webhook_endpoints SET active = 0, deleted_at = UTC_TIMESTAMP(6) "
	    "WHERE public_id = ? AND subject_kind = ? AND subject_id = ? AND active = 1",
	[DB_WH_DELETE_SUBJECT] =
	    "UPDATE webhook_endpoints SET active = 0, deleted_at = UTC_TIMESTAMP(6) "
	    "WHERE subject_kind = ? AND subject_id = ? AND active = 1",
	/* a deleted endpoint gets nothing more */
	[DB_WH_CANCEL_PENDING] =
	    "UPDATE webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id "
	    "SET d.status = 'failed', d.next_attempt_at = NULL, d.lease_until = NULL, "
	    "d.finished_at = UTC_TIMESTAMP(6) WHERE e.subject_kind = ? AND e.subject_id = ? "
	    "AND e.active = 0 AND d.status = 'pending'",
	/* due, and no earlier delivery about the same resource (ref_id) to
	 * the same endpoint still pending: each endpoint gets a resource's
	 * events in the order they happened. The indexes are forced: with
	 * stale statistics the optimizer scanned every earlier delivery of
	 * the endpoint instead (236 deliveries/s, measured) */
	[DB_WH_CLAIM] =
	    "SELECT d.id FROM webhook_deliveries d JOIN outbox_events v ON v.id = d.event_id "
	    "WHERE d.status = 'pending' AND d.next_attempt_at <= UTC_TIMESTAMP(6) "
	    "AND (d.lease_until IS NULL OR d.lease_until < UTC_TIMESTAMP(6)) "
	    "AND NOT EXISTS (SELECT 1 FROM outbox_events pv FORCE INDEX (ix_outbox_ref) "
	    "JOIN webhook_deliveries p FORCE INDEX (uq_delivery) "
	    "ON p.event_id = pv.id AND p.endpoint_id = d.endpoint_id "
	    "WHERE pv.ref_id = v.ref_id AND p.status = 'pending' AND p.id < d.id) "
	    "ORDER BY d.next_attempt_at LIMIT ? FOR UPDATE SKIP LOCKED",
	[DB_WH_LEASE] =
	    "UPDATE webhook_deliveries SET lease_until = UTC_TIMESTAMP(6) + INTERVAL ? SECOND "
	    "WHERE id = ?",
	[DB_WH_LOAD] =
	    "SELECT d.status, e.url, e.secret, e.active, v.id, v.type, v.subject_kind, "
	    "DATE_FORMAT(v.created_at, '%Y-%m-%dT%H:%i:%sZ'), v.payload "
	    "FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id "
	    "JOIN outbox_events v ON v.id = d.event_id WHERE d.id = ?",
	[DB_WH_LOCK_DELIVERY] =
	    "SELECT status, attempts, round_failures FROM webhook_deliveries "
	    "WHERE id = ? FOR UPDATE",
	[DB_WH_ATTEMPT_INSERT] =
	    "INSERT INTO webhook_attempts (delivery_id, attempt, at, response_status, "
	    "duration_ms, error) VALUES (?, ?, ?, ?, ?, ?)",
	[DB_WH_DELIVERED] =
	    "UPDATE webhook_deliveries SET status = 'delivered', attempts = ?, "
	    "next_attempt_at = NULL, lease_until = NULL, finished_at = UTC_TIMESTAMP(6) "
	    "WHERE id = ?",
	[DB_WH_RETRY] =
	    "UPDATE webhook_deliveries SET attempts = ?, round_failures = ?, "
	    "next_attempt_at = UTC_TIMESTAMP(6) + INTERVAL ? MICROSECOND, lease_until = NULL "
	    "WHERE id = ?",
	[DB_WH_FAILED] =
	    "UPDATE webhook_deliveries SET status = 'failed', attempts = ?, round_failures = ?, "
	    "next_attempt_at = NULL, lease_until = NULL, finished_at = UTC_TIMESTAMP(6) "
	    "WHERE id = ?",
	/* an attempt at a delivery no longer pending: counted, nothing else */
	[DB_WH_COUNTED] =
	    "UPDATE webhook_deliveries SET attempts = ?, lease_until = NULL WHERE id = ?",
	/* microseconds until the next pending delivery may be claimed (NULL: none) */
	[DB_WH_NEXT_DUE] =
	    "SELECT TIMESTAMPDIFF(MICROSECOND, UTC_TIMESTAMP(6), "
	    "MIN(GREATEST(next_attempt_at, COALESCE(lease_until, next_attempt_at)))) "
	    "FROM webhook_deliveries WHERE status = 'pending'",
	[DB_WH_EVENT_GET] =
	    "SELECT id, type, DATE_FORMAT(created_at, '%Y-%m-%dT%H:%i:%sZ'), payload "
	    "FROM outbox_events WHERE id = ? AND subject_kind = ? AND subject_id = ?",
	[DB_WH_EVENT_DELIVERIES] =
	    "SELECT d.id, e.public_id, e.url, d.status, " ISO_MS("d.next_attempt_at") " "
	    "FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id "
	    "WHERE d.event_id = ? ORDER BY d.id",
	[DB_WH_ATTEMPTS] =
	    "SELECT attempt, " ISO_MS("at") ", response_status, duration_ms, error "
	    "FROM webhook_attempts WHERE delivery_id = ? ORDER BY attempt",
	[DB_WH_LOG_COUNT] = "SELECT COUNT(*) " WH_LOG_FROM,
	[DB_WH_LOG_PAGE] =
	    "SELECT v.id, v.type, e.public_id, e.url, d.status, d.attempts, "
	    ISO_MS("d.next_attempt_at") ", "
	    "(SELECT " ISO_MS("a.at") " FROM webhook_attempts a WHERE a.delivery_id = d.id "
	    "AND a.attempt = d.attempts), "
	    "(SELECT a.response_status FROM webhook_attempts a WHERE a.delivery_id = d.id "
	    "AND a.attempt = d.attempts), "
	    "DATE_FORMAT(d.created_at, '%Y-%m-%dT%H:%i:%sZ') "
	    WH_LOG_FROM "ORDER BY d.id DESC LIMIT ? OFFSET ?",
	/* a fresh round to every live subscribed endpoint, new ones included */
	[DB_WH_REDELIVER] = WH_FANOUT
	    "ON DUPLICATE KEY UPDATE status = 'pending', round_failures = 0, "
	    "next_attempt_at = UTC_TIMESTAMP(6), finished_at = NULL",
	/* ---- payment intents ---- */
	[DB_PI_INSERT] =
	    "INSERT INTO payment_intents (id, partner_id, reference_id, request_hash, amount, "
	    "currency, fee, net_amount, payer_phone, mobile_network, description, metadata, "
	    "status, provider_ref, expires_at, created_at, updated_at, next_check_at) "
	    "VALUES (?, ?, ?, ?, ?, 'GHS', ?, ?, ?, ?, ?, ?, 'pending_approval', ?, "
	    "UTC_TIMESTAMP(6) + INTERVAL ? SECOND, UTC_TIMESTAMP(6), UTC_TIMESTAMP(6), "
	    "UTC_TIMESTAMP(6))",
	[DB_PI_BY_REFERENCE] =
	    "SELECT " PI_COLS "FROM payment_intents WHERE partner_id = ? AND reference_id = ?",
	/* the second argument is the owner, or 0 for anyone's */
	[DB_PI_GET] =
	    "SELECT " PI_COLS "FROM payment_intents WHERE id = ? AND ? IN (0, partner_id)",
	[DB_PI_LOCK] =
	    "SELECT " PI_COLS "FROM payment_intents WHERE id = ? AND ? IN (0, partner_id) "
	    "FOR UPDATE",
	/* one transition: from the state it leaves (arguments: to x5, reason,
	 * id, from); open states are checked again at once */
	[DB_PI_MOVE] =
	    "UPDATE payment_intents SET status = ?, updated_at = UTC_TIMESTAMP(6), "
	    "approved_at = IF(? = 'approved', UTC_TIMESTAMP(6), approved_at), "
	    "completed_at = IF(? = 'completed', UTC_TIMESTAMP(6), completed_at), "
	    "next_check_at = IF(? IN ('pending_approval', 'approved'), UTC_TIMESTAMP(6), NULL), "
	    "late = IF(? = 'completed' AND expires_at < UTC_TIMESTAMP(6), 1, late), "
	    "failure_reason = COALESCE(?, failure_reason), lease_until = NULL "
	    "WHERE id = ? AND status = ?",
	[DB_PI_SENT] =
	    "UPDATE payment_intents SET sends = sends + 1 WHERE id = ?",
	/* backoff with age: at least ? seconds, a tenth of the intent's age,
	 * at most a minute */
	[DB_PI_CHECK_LATER] =
	    "UPDATE payment_intents SET next_check_at = UTC_TIMESTAMP(6) + INTERVAL "
	    "LEAST(60, GREATEST(?, TIMESTAMPDIFF(SECOND, created_at, UTC_TIMESTAMP()) DIV 10)) "
	    "SECOND, lease_until = NULL WHERE id = ? AND status IN ('pending_approval', 'approved')",
	[DB_PI_CLAIM] =
	    "SELECT id FROM payment_intents WHERE status IN ('pending_approval', 'approved') "
	    "AND next_check_at <= UTC_TIMESTAMP(6) "
	    "AND (lease_until IS NULL OR lease_until < UTC_TIMESTAMP(6)) "
	    "ORDER BY next_check_at LIMIT ? FOR UPDATE SKIP LOCKED",
	[DB_PI_EXPIRE_CLAIM] =
	    "SELECT id FROM payment_intents WHERE status = 'pending_approval' "
	    "AND expires_at <= UTC_TIMESTAMP(6) "
	    "AND (lease_until IS NULL OR lease_until < UTC_TIMESTAMP(6)) "
	    "ORDER BY expires_at LIMIT ? FOR UPDATE SKIP LOCKED",
	[DB_PI_LEASE] =
	    "UPDATE payment_intents SET lease_until = UTC_TIMESTAMP(6) + INTERVAL ? SECOND "
	    "WHERE id = ?",
	[DB_PI_COUNT] = "SELECT COUNT(*) FROM payment_intents WHERE " PI_FILTER,
	[DB_PI_PAGE] =
	    "SELECT " PI_COLS "FROM payment_intents WHERE " PI_FILTER
	    "ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?",
	/* collections credited after their intent's time to live (reconcile) */
	[DB_PI_LATE] =
	    "SELECT id, partner_id, net_amount, DATE_FORMAT(expires_at, '%Y-%m-%dT%H:%i:%sZ'), "
	    "DATE_FORMAT(completed_at, '%Y-%m-%dT%H:%i:%sZ') FROM payment_intents "
	    "WHERE late = 1 ORDER BY completed_at",
	[DB_WH_COUNT_SUBSCRIBED] =
	    "SELECT COUNT(*) FROM webhook_endpoints WHERE subject_kind = ? "
	    "AND subject_id = ? AND active = 1 AND FIND_IN_SET(?, events)",
	/* ---- the chain (domain/onchain.c) ---- */
	[DB_CHAIN_NONCE_GET] =
	    "SELECT next_nonce FROM chain_nonces WHERE chain_id = ? AND address = ?",
	/* the first count comes from the node; later ones only from here */
	[DB_CHAIN_NONCE_SEED] =
	    "INSERT IGNORE INTO chain_nonces (chain_id, address, next_nonce) VALUES (?, ?, ?)",
	[DB_CHAIN_NONCE_LOCK] =
	    "SELECT next_nonce FROM chain_nonces WHERE chain_id = ? AND address = ? FOR UPDATE",
	[DB_CHAIN_NONCE_TAKE] =
	    "UPDATE chain_nonces SET next_nonce = next_nonce + 1 "
	    "WHERE chain_id = ? AND address = ?",
	[DB_CHAIN_SEND_INSERT] =
	    "INSERT INTO chain_sends (ref_id, purpose, chain_id, sender, nonce, wallet, asset, "
	    "amount, tx_hash, signed_at, next_check_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, "
	    "?, ?, UTC_TIMESTAMP(6), UTC_TIMESTAMP(6) + INTERVAL 2 SECOND, UTC_TIMESTAMP(6))",
	[DB_CHAIN_TX_INSERT] =
	    "INSERT INTO chain_txs (tx_hash, ref_id, attempt, raw, gas_limit, max_fee_wei, "
	    "priority_fee_wei, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, UTC_TIMESTAMP(6))",
	[DB_CHAIN_SEND_GET] =
	    "SELECT " SEND_COLS "FROM chain_sends WHERE ref_id = ?",
	[DB_CHAIN_SEND_LOCK] =
	    "SELECT " SEND_COLS "FROM chain_sends WHERE ref_id = ? FOR UPDATE",
	[DB_CHAIN_TX_NEWEST] =
	    "SELECT tx_hash, raw, gas_limit, max_fee_wei, priority_fee_wei, attempt "
	    "FROM chain_txs WHERE ref_id = ? ORDER BY attempt DESC LIMIT 1",
	[DB_CHAIN_TX_HASHES] =
	    "SELECT tx_hash FROM chain_txs WHERE ref_id = ? ORDER BY attempt DESC",
	[DB_CHAIN_SEND_BROADCAST] =
	    "UPDATE chain_sends SET broadcasts = broadcasts + 1 WHERE ref_id = ?",
	/* a replacement, unless someone replaced it first (attempts moved) */
	[DB_CHAIN_SEND_REPLACED] =
	    "UPDATE chain_sends SET tx_hash = ?, attempts = attempts + 1, "
	    "signed_at = UTC_TIMESTAMP(6) WHERE ref_id = ? AND attempts = ? AND status = 'sent'",
	/* where its receipt was last seen (NULLs: nowhere) */
	[DB_CHAIN_SEND_SEEN] =
	    "UPDATE chain_sends SET mined_hash = ?, mined_block = ?, mined_block_hash = ? "
	    "WHERE ref_id = ? AND status = 'sent'",
	[DB_CHAIN_SEND_FINAL] =
	    "UPDATE chain_sends SET status = ?, failure_reason = LEFT(?, 200), mined_hash = ?, "
	    "mined_block = ?, mined_block_hash = ?, settled_at = UTC_TIMESTAMP(6), "
	    "lease_until = NULL WHERE ref_id = ? AND status = 'sent'",
	/* only a send that used no nonce can be taken back */
	[DB_CHAIN_SEND_DELETE] =
	    "DELETE FROM chain_sends WHERE ref_id = ? AND sender IS NULL AND status = 'sent'",
	[DB_CHAIN_SEND_CLAIM] =
	    "SELECT ref_id FROM chain_sends WHERE status = 'sent' AND purpose = 'mint' "
	    "AND next_check_at <= UTC_TIMESTAMP(6) "
	    "AND (lease_until IS NULL OR lease_until < UTC_TIMESTAMP(6)) "
	    "ORDER BY next_check_at LIMIT ? FOR UPDATE SKIP LOCKED",
	[DB_CHAIN_SEND_LEASE] =
	    "UPDATE chain_sends SET lease_until = UTC_TIMESTAMP(6) + INTERVAL ? SECOND "
	    "WHERE ref_id = ?",
	[DB_CHAIN_SEND_CHECK_LATER] =
	    "UPDATE chain_sends SET lease_until = NULL, "
	    "next_check_at = UTC_TIMESTAMP(6) + INTERVAL ? SECOND "
	    "WHERE ref_id = ? AND status = 'sent'",
	/* ---- partners' deposit addresses and the deposits worker ---- */
	[DB_PWALLET_INSERT] =
	    "INSERT INTO partner_wallets (address, partner_id, created_at) "
	    "VALUES (?, ?, UTC_TIMESTAMP(6))",
	[DB_PWALLET_OWNER] =
	    "SELECT partner_id FROM partner_wallets WHERE address = ?",
	[DB_PWALLET_DELETE] =
	    "DELETE FROM partner_wallets WHERE address = ? AND partner_id = ?",
	[DB_PWALLET_LIST] =
	    "SELECT w.address, p.public_id, DATE_FORMAT(w.created_at, '%Y-%m-%dT%H:%i:%sZ') "
	    "FROM partner_wallets w JOIN partners p ON p.id = w.partner_id "
	    "WHERE (? IS NULL OR w.partner_id = ?) ORDER BY p.public_id, w.address",
	[DB_CHAIN_BLOCK_LAST] =
	    "SELECT number, hash FROM chain_blocks WHERE chain_id = ? "
	    "ORDER BY number DESC LIMIT 1",
	/* the finished blocks below a number, newest first (walking back a fork) */
	[DB_CHAIN_BLOCK_BELOW] =
	    "SELECT number, hash FROM chain_blocks WHERE chain_id = ? AND number < ? "
	    "ORDER BY number DESC LIMIT 100",
	[DB_CHAIN_BLOCK_INSERT] =
	    "INSERT INTO chain_blocks (chain_id, number, hash, finished_at) "
	    "VALUES (?, ?, ?, UTC_TIMESTAMP(6))",
	[DB_CHAIN_BLOCK_DELETE_ABOVE] =
	    "DELETE FROM chain_blocks WHERE chain_id = ? AND number > ?",
	[DB_CHAIN_BLOCK_PRUNE] =
	    "DELETE FROM chain_blocks WHERE chain_id = ? AND number < ? LIMIT 10000",
	[DB_CHAIN_TX_OURS] =
	    "SELECT COUNT(*) FROM chain_txs WHERE tx_hash = ?",
	[DB_CDEP_LOCK] =
	    "SELECT id, status, credits FROM chain_deposits "
	    "WHERE chain_id = ? AND tx_hash = ? AND log_index = ? FOR UPDATE",
	[DB_CDEP_INSERT] =
	    "INSERT INTO chain_deposits (id, chain_id, tx_hash, log_index, block_number, "
	    "block_hash, token, asset, sender, units, amount, status, partner_id, reference, "
	    "credits, note, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
	    "?, ?, ?, ?, ?, UTC_TIMESTAMP(6), UTC_TIMESTAMP(6))",
	/* a log seen again after a reorg removed it: recorded anew */
	[DB_CDEP_RECORD] =
	    "UPDATE chain_deposits SET block_number = ?, block_hash = ?, status = ?, "
	    "partner_id = ?, reference = ?, credits = credits + ?, note = ?, "
	    "updated_at = UTC_TIMESTAMP(6) WHERE id = ?",
	[DB_CDEP_ABOVE] =
	    "SELECT id, status, asset, amount, partner_id, reference, block_number "
	    "FROM chain_deposits WHERE chain_id = ? AND block_number > ? "
	    "AND status IN ('credited', 'assigned', 'unmatched') FOR UPDATE",
	[DB_CDEP_SET_STATUS] =
	    "UPDATE chain_deposits SET status = ?, note = LEFT(?, 200), "
	    "updated_at = UTC_TIMESTAMP(6) WHERE id = ?",
	/* an operator's credit of an unmatched deposit, under its reference */
	[DB_CDEP_ASSIGN] =
	    "UPDATE chain_deposits SET status = 'assigned', partner_id = ?, "
	    "credits = credits + 1, updated_at = UTC_TIMESTAMP(6) WHERE reference = ? "
	    "AND status = 'unmatched' AND asset = ? AND amount = " DEC("?"),
	[DB_CDEP_REPORT] =
	    "SELECT id, status, asset, amount, units, sender, tx_hash, log_index, "
	    "block_number, reference, note FROM chain_deposits "
	    "WHERE status IN ('unmatched', 'unreversible') ORDER BY created_at, id",
	[DB_DEPOSIT_BY_REFERENCE] =
	    "SELECT id, partner_id, currency, amount FROM partner_deposits WHERE reference = ?",
};

const char *
db_stmt_sql(enum db_stmt s)
{
	return (unsigned)s < DB_STMT__MAX ? db_sql[s] : NULL;
}
