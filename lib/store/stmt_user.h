/*
 * stmt_user: the statements of wallet users (domain/user.c), with the
 * columns their rows hold; the SQL is in stmt_user.c.
 */
#ifndef CEDIRAMP_STMT_USER_H
#define CEDIRAMP_STMT_USER_H

/* Its statements (their SQL in stmt_user.c). */
#define DB_STMTS_USER(S) \
	S(DB_USER_BY_WALLET) \
	S(DB_USER_INSERT) \
	S(DB_USER_SET_TIER) \
	S(DB_USER_LOCK)

#endif
