/*
 * stmt_ledger: the statements of the double-entry ledger and its checks
 * (domain/ledger.c), with the columns their rows hold; the SQL is in
 * stmt_ledger.c.
 */
#ifndef CEDIRAMP_STMT_LEDGER_H
#define CEDIRAMP_STMT_LEDGER_H

/* Its statements (their SQL in stmt_ledger.c). */
#define DB_STMTS_LEDGER(S) \
	S(DB_LEDGER_ACCOUNT_ENSURE, untyped, untyped) \
	S(DB_LEDGER_TX_INSERT_MANY, untyped, untyped) \
	S(DB_LEDGER_ENTRY_INSERT_MANY, untyped, untyped) \
	S(DB_LEDGER_BALANCE_ADD, untyped, untyped) \
	S(DB_LEDGER_BALANCE_GET, untyped, untyped) \
	S(DB_LEDGER_CHECK_TX_SUMS, untyped, untyped) \
	S(DB_LEDGER_CHECK_CACHE, untyped, untyped) \
	S(DB_LEDGER_CHECK_NEGATIVE, untyped, untyped) \
	S(DB_LEDGER_CHECK_ASSETS, untyped, untyped) \
	S(DB_LEDGER_SUM_BEFORE, untyped, untyped) \
	S(DB_LEDGER_STATEMENT_PARTNER, untyped, untyped) \
	S(DB_LEDGER_STATEMENT_USER, untyped, untyped)

#define DB_ARGS_LEDGER(A)
#define DB_ROWS_LEDGER(R)

#endif
