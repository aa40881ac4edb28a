/*
 * stmt_funds: the statements of partners' deposits (domain/funds.c,
 * domain/chain_deposit.c), with the columns their rows hold; the SQL is in
 * stmt_funds.c.
 */
#ifndef CEDIRAMP_STMT_FUNDS_H
#define CEDIRAMP_STMT_FUNDS_H

/* Its statements (their SQL in stmt_funds.c). */
#define DB_STMTS_FUNDS(S) \
	S(DB_DEPOSIT_INSERT, untyped, untyped) \
	S(DB_DEPOSIT_BY_REFERENCE, untyped, untyped)

#define DB_ARGS_FUNDS(A)
#define DB_ROWS_FUNDS(R)

#endif
