/*
 * stmt_history: the statements of a wallet user's history: conversions and
 * payouts as one list (domain/wallet/history.c), with the columns their
 * rows hold; the SQL is in stmt_history.c.
 */
#ifndef CEDIRAMP_STMT_HISTORY_H
#define CEDIRAMP_STMT_HISTORY_H

/* Its statements (their SQL in stmt_history.c). */
#define DB_STMTS_HISTORY(S) \
	S(DB_HIST_COUNT, untyped, untyped) \
	S(DB_HIST_COUNT_ALL, untyped, untyped) \
	S(DB_HIST_PAGE_DESC, untyped, untyped) \
	S(DB_HIST_PAGE_ASC, untyped, untyped)

#define DB_ARGS_HISTORY(A)
#define DB_ROWS_HISTORY(R)

#endif
