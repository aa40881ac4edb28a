/*
 * stmt_ledger: the statements of the double-entry ledger and its checks
 * (domain/ledger.c), with the columns their rows hold; the SQL is in
 * stmt_ledger.c.
 */
#ifndef CEDIRAMP_STMT_LEDGER_H
#define CEDIRAMP_STMT_LEDGER_H

/* Its statements (their SQL in stmt_ledger.c). */
#define DB_STMTS_LEDGER(S) \
	S(DB_LEDGER_ACCOUNT_ENSURE) \
	S(DB_LEDGER_TX_INSERT) \
	S(DB_LEDGER_ENTRY_INSERT) \
	S(DB_LEDGER_BALANCE_ADD) \
	S(DB_LEDGER_BALANCE_ADD_KNOWN) \
	S(DB_LEDGER_BALANCE_GET) \
	S(DB_LEDGER_CHECK_TX_SUMS) \
	S(DB_LEDGER_CHECK_CACHE) \
	S(DB_LEDGER_CHECK_NEGATIVE) \
	S(DB_LEDGER_CHECK_ASSETS) \
	S(DB_LEDGER_SUM_BEFORE) \
	S(DB_LEDGER_STATEMENT_PARTNER) \
	S(DB_LEDGER_STATEMENT_USER)

#endif
