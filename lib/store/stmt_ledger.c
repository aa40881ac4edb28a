#include "store/stmt_internal.h"

const struct db_stmt_def db_stmts_ledger[] = {
	/* insert_id is the account's id whether it was created now or not */
	{ DB_LEDGER_ACCOUNT_ENSURE,
	    "INSERT INTO ledger_accounts (code, asset, kind) VALUES (?, ?, ?) "
	    "ON DUPLICATE KEY UPDATE id = LAST_INSERT_ID(id)" },
	/* the events of a JSON array of {kind, ref} */
	{ DB_LEDGER_TX_INSERT_MANY,
	    "INSERT INTO ledger_transactions (kind, ref_id) SELECT j.kind, j.ref FROM "
	    J_ROWS(J_ASCII("kind", 40, ".kind") ", " J_ASCII("ref", 40, ".ref")) },
	/* the entries of a JSON array of {kind, ref, account (its id), asset,
	 * amount}, each of its event's transaction (by the event's key) */
	{ DB_LEDGER_ENTRY_INSERT_MANY,
	    "INSERT INTO ledger_entries (tx_id, account_id, asset, amount) "
	    "SELECT t.id, j.account, j.asset, j.amount FROM "
	    J_ROWS(J_ASCII("kind", 40, ".kind") ", " J_ASCII("ref", 40, ".ref") ", "
	    "account BIGINT UNSIGNED PATH '$.account', " J_ASCII("asset", 8, ".asset") ", "
	    "amount DECIMAL(40,18) PATH '$.amount'")
	    " STRAIGHT_JOIN ledger_transactions t ON t.kind = j.kind AND t.ref_id = j.ref" },
	{ DB_LEDGER_BALANCE_ADD,
	    "UPDATE ledger_accounts SET balance = balance + " DEC("?") " WHERE id = ?" },
	{ DB_LEDGER_BALANCE_GET, "SELECT balance FROM ledger_accounts WHERE code = ?" },
	{ DB_LEDGER_CHECK_TX_SUMS,
	    "SELECT tx_id, asset, SUM(amount) AS total FROM ledger_entries "
	    "GROUP BY tx_id, asset HAVING SUM(amount) <> 0 LIMIT 100" },
	{ DB_LEDGER_CHECK_CACHE,
	    "SELECT a.code, a.balance, COALESCE(SUM(e.amount), 0) AS entries "
	    "FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id "
	    "GROUP BY a.id, a.code, a.balance "
	    "HAVING a.balance <> COALESCE(SUM(e.amount), 0) LIMIT 100" },
	{ DB_LEDGER_CHECK_NEGATIVE,
	    "SELECT code, balance FROM ledger_accounts "
	    "WHERE kind <> 'house' AND balance < 0 LIMIT 100" },
	{ DB_LEDGER_CHECK_ASSETS,
	    "SELECT e.id, a.code, e.asset FROM ledger_entries e "
	    "JOIN ledger_accounts a ON a.id = e.account_id "
	    "WHERE e.asset <> a.asset LIMIT 100" },
	/* statements (domain/statement.c): an account's balance before a time
	 * (arguments: the time, the account), as its cached balance less what
	 * moved since, in one statement (one snapshot): the entries since the
	 * time, not all of the account's history (no row: no account) */
	{ DB_LEDGER_SUM_BEFORE,
	    "SELECT a.balance - COALESCE(SUM(e.amount), 0) AS balance FROM ledger_accounts a "
	    "LEFT JOIN ledger_entries e ON e.account_id = a.id AND e.created_at >= ? "
	    "WHERE a.code = ? GROUP BY a.id, a.balance" },
	/* a partner's two balances of a currency (available: the first code)
	 * over a period, each movement with its object's client reference, and a
	 * collection's gross and fee. An entry's created_at is its
	 * transaction's (schema 031): the period is a range of the accounts'
	 * time index, whatever the history before it (each account's id a
	 * scalar subquery, a constant, and the entries read first: joined the
	 * other way, every entry of the accounts is read) */
	{ DB_LEDGER_STATEMENT_PARTNER,
	    "SELECT DATE_FORMAT(t.created_at, '%Y-%m-%dT%H:%i:%sZ') AS created_at, t.kind, "
	    "t.ref_id, COALESCE(w.reference_id, pi.reference_id, d.deposit_reference) AS client_reference, "
	    "IF(a.code = ?, 'available', 'pending') AS balance, e.amount, "
	    "pi.amount AS gross, pi.fee "
	    "FROM ledger_entries e STRAIGHT_JOIN ledger_accounts a ON a.id = e.account_id "
	    "JOIN ledger_transactions t ON t.id = e.tx_id "
	    "LEFT JOIN withdrawals w ON t.kind LIKE 'withdrawal.%' AND w.id = t.ref_id "
	    "LEFT JOIN payment_intents pi ON t.kind = 'payment_intent.completed' "
	    "AND pi.id = t.ref_id "
	    "LEFT JOIN partner_deposits d ON t.kind LIKE 'partner.deposit%' AND d.id = t.ref_id "
	    "WHERE e.account_id IN ((SELECT id FROM ledger_accounts WHERE code = ?), "
	    "(SELECT id FROM ledger_accounts WHERE code = ?)) "
	    "AND e.created_at >= ? AND e.created_at <= ? "
	    "ORDER BY e.created_at, e.tx_id, e.id" },
	/* a wallet user's GHS over a period (as above); a conversion's gross
	 * and fee, a payout's amount (as a debit) and fee */
	{ DB_LEDGER_STATEMENT_USER,
	    "SELECT DATE_FORMAT(t.created_at, '%Y-%m-%dT%H:%i:%sZ') AS created_at, t.kind, "
	    "t.ref_id, NULL AS client_reference, 'available' AS balance, e.amount, "
	    "COALESCE(c.gross_amount, -p.amount) AS gross, COALESCE(c.fee, p.fee) AS fee "
	    "FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.tx_id "
	    "LEFT JOIN conversions c ON t.kind = 'conversion.completed' AND c.id = t.ref_id "
	    "LEFT JOIN payouts p ON t.kind = 'payout.hold' AND p.id = t.ref_id "
	    "WHERE e.account_id = (SELECT id FROM ledger_accounts WHERE code = ?) "
	    "AND e.created_at >= ? AND e.created_at <= ? "
	    "ORDER BY e.created_at, e.tx_id, e.id" },
	{ DB_STMT__MAX, NULL }
};
