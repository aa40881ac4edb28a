/*
 * stmt_user: the statements of wallet users (domain/user.c), with the
 * columns their rows hold; the SQL is in stmt_user.c.
 */
#ifndef CEDIRAMP_STMT_USER_H
#define CEDIRAMP_STMT_USER_H

/* Its statements (their SQL in stmt_user.c). */
#define DB_STMTS_USER(S) \
	S(DB_USER_BY_WALLET, untyped, untyped) \
	S(DB_USER_INSERT, untyped, untyped) \
	S(DB_USER_SET_TIER, untyped, untyped) \
	S(DB_USER_LOCK, untyped, untyped)

#define DB_ARGS_USER(A)
#define DB_ROWS_USER(R)

#endif
