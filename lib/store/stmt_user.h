/*
 * stmt_user: the statements of wallet users (domain/user.c), with the
 * columns their rows hold; the SQL is in stmt_user.c.
 */
#ifndef CEDIRAMP_STMT_USER_H
#define CEDIRAMP_STMT_USER_H

/* a user by the wallet it signs in with */
#define user_wallet_ARGS(ARG, AGAIN) ARG(TEXT, wallet_id)
/* a user first seen, with its starting tier */
#define user_insert_ARGS(ARG, AGAIN) ARG(TEXT, wallet_id) ARG(TEXT, tier)
/* a user's new tier */
#define user_tier_ARGS(ARG, AGAIN) ARG(TEXT, tier) ARG(TEXT, wallet_id)
/* a user by its row id */
#define user_id_ARGS(ARG, AGAIN) ARG(INT, id)
/* a user's row id and tier */
#define user_COLS(C, x) C(x, RAW, id, ) C(x, RAW, tier, )

/* Its statements (their SQL in stmt_user.c): S(statement, its arguments'
 * shape, its rows' shape), as store/db_sig.h says. DB_USER_LOCK's row is
 * not read: it locks the user (its balance's writers queue behind it). */
#define DB_STMTS_USER(S) \
	S(DB_USER_BY_WALLET, user_wallet, user) \
	S(DB_USER_INSERT, user_insert, db_none) \
	S(DB_USER_SET_TIER, user_tier, db_none) \
	S(DB_USER_LOCK, user_id, ids)

#define DB_ARGS_USER(A) A(user_wallet) A(user_insert) A(user_tier) A(user_id)
#define DB_ROWS_USER(R) R(user)

#endif
