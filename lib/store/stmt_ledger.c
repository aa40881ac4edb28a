#include "store/stmt_internal.h"

const struct db_stmt_def db_stmts_ledger[] = {
	/* insert_id is the account's id whether it was created now or not */
	{ DB_LEDGER_ACCOUNT_ENSURE, 0,
	    "INSERT INTO ledger_accounts (code, asset, kind) VALUES (?, ?, ?) "
	    "ON DUPLICATE KEY UPDATE id = LAST_INSERT_ID(id)" },
	{ DB_LEDGER_TX_INSERT, 0, "INSERT INTO ledger_transactions (kind, ref_id) VALUES (?, ?)" },
	{ DB_LEDGER_ENTRY_INSERT, 0,
	    "INSERT INTO ledger_entries (tx_id, account_id, asset, amount) "
	    "VALUES (?, ?, ?, ?)" },
	{ DB_LEDGER_BALANCE_ADD, 0,
	    "UPDATE ledger_accounts SET balance = balance + " DEC("?") " WHERE id = ?" },
	/* through a process's known id (domain/ledger.c): affected 1 proves
	 * the id still names that account */
	{ DB_LEDGER_BALANCE_ADD_KNOWN, 0,
	    "UPDATE ledger_accounts SET balance = balance + " DEC("?") " WHERE id = ? AND code = ?" },
	{ DB_LEDGER_BALANCE_GET, 1, "SELECT balance FROM ledger_accounts WHERE code = ?" },
	{ DB_LEDGER_CHECK_TX_SUMS, 3,
	    "SELECT tx_id, asset, SUM(amount) FROM ledger_entries "
	    "GROUP BY tx_id, asset HAVING SUM(amount) <> 0 LIMIT 100" },
	{ DB_LEDGER_CHECK_CACHE, 3,
	    "SELECT a.code, a.balance, COALESCE(SUM(e.amount), 0) "
	    "FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id "
	    "GROUP BY a.id, a.code, a.balance "
	    "HAVING a.balance <> COALESCE(SUM(e.amount), 0) LIMIT 100" },
	{ DB_LEDGER_CHECK_NEGATIVE, 2,
	    "SELECT code, balance FROM ledger_accounts "
	    "WHERE kind <> 'house' AND balance < 0 LIMIT 100" },
	{ DB_LEDGER_CHECK_ASSETS, 3,
	    "SELECT e.id, a.code, e.asset FROM ledger_entries e "
	    "JOIN ledger_accounts a ON a.id = e.account_id "
	    "WHERE e.asset <> a.asset LIMIT 100" },
	/* statements (domain/statement.c): an account's balance before a time
	 * (arguments: the time, the account), as its cached balance less what
	 * moved since, in one statement (one snapshot): the entries since the
	 * time, not all of the account's history (no row: no account) */
	{ DB_LEDGER_SUM_BEFORE, 1,
	    "SELECT a.balance - COALESCE(SUM(e.amount), 0) FROM ledger_accounts a "
	    "LEFT JOIN ledger_entries e ON e.account_id = a.id AND e.created_at >= ? "
	    "WHERE a.code = ? GROUP BY a.id, a.balance" },
	/* a partner's two balances of a currency (available: the first code)
	 * over a period, each movement with its object's own reference, and a
	 * collection's gross and fee. An entry's created_at is its
	 * transaction's (schema 031): the period is a range of the accounts'
	 * time index, whatever the history before it (each account's id a
	 * scalar subquery, a constant, and the entries read first: joined the
	 * other way, every entry of the accounts is read) */
	{ DB_LEDGER_STATEMENT_PARTNER, 8,
	    "SELECT DATE_FORMAT(t.created_at, '%Y-%m-%dT%H:%i:%sZ'), t.kind, t.ref_id, "
	    "COALESCE(w.reference_id, pi.reference_id, d.reference), "
	    "IF(a.code = ?, 'available', 'pending'), e.amount, pi.amount, pi.fee "
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
	{ DB_LEDGER_STATEMENT_USER, 8,
	    "SELECT DATE_FORMAT(t.created_at, '%Y-%m-%dT%H:%i:%sZ'), t.kind, t.ref_id, "
	    "NULL, 'available', e.amount, COALESCE(c.gross_amount, -p.amount), "
	    "COALESCE(c.fee, p.fee) "
	    "FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.tx_id "
	    "LEFT JOIN conversions c ON t.kind = 'conversion.completed' AND c.id = t.ref_id "
	    "LEFT JOIN payouts p ON t.kind = 'payout.hold' AND p.id = t.ref_id "
	    "WHERE e.account_id = (SELECT id FROM ledger_accounts WHERE code = ?) "
	    "AND e.created_at >= ? AND e.created_at <= ? "
	    "ORDER BY e.created_at, e.tx_id, e.id" },
	{ DB_STMT__MAX, 0, NULL }
};
