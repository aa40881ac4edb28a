/*
 * stmt_quote: the statements of quotes (domain/quote.c; conversions and
 * withdrawals lock and use them), with the columns their rows hold; the
 * SQL is in stmt_quote.c.
 */
#ifndef CEDIRAMP_STMT_QUOTE_H
#define CEDIRAMP_STMT_QUOTE_H

/* The columns of DB_QUOTE_LOCK, in order. */
enum quote_lock_col { QL_USER, QL_API, QL_FROM, QL_AMOUNT, QL_RATE, QL_FEE_PERCENT, QL_GROSS,
	QL_FEE, QL_RECEIVE, QL_EXPIRED, QL_USED, QL_PARTNER, QUOTE_LOCK_NCOLS };

/* Its statements (their SQL in stmt_quote.c). */
#define DB_STMTS_QUOTE(S) \
	S(DB_QUOTE_INSERT, untyped, untyped) \
	S(DB_QUOTE_INSERT_USED, untyped, untyped) \
	S(DB_QUOTE_EXPIRE, untyped, untyped) \
	S(DB_QUOTE_LOCK, untyped, untyped) \
	S(DB_QUOTE_MARK_USED, untyped, untyped) \
	S(DB_QUOTE_UNMARK_USED, untyped, untyped)

#define DB_ARGS_QUOTE(A)
#define DB_ROWS_QUOTE(R)

#endif
