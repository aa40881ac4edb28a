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
	{ DB_STMT__MAX, 0, NULL }
};
