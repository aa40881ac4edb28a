/*
 * stmt_payout_float: the statements of the payout float and its journal
 * (domain/payout_float.c), with the columns their rows hold; the SQL is in
 * stmt_payout_float.c.
 */
#ifndef CEDIRAMP_STMT_PAYOUT_FLOAT_H
#define CEDIRAMP_STMT_PAYOUT_FLOAT_H

/* Its statements (their SQL in stmt_payout_float.c). */
#define DB_STMTS_PAYOUT_FLOAT(S) \
	S(DB_PFLOAT_DRAW, untyped, untyped) \
	S(DB_PFLOAT_LOCK, untyped, untyped) \
	S(DB_PFLOAT_RESTORE, untyped, untyped) \
	S(DB_PFLOAT_MOVE_INSERT, untyped, untyped) \
	S(DB_PFLOAT_DRAWN, untyped, untyped) \
	S(DB_PFLOAT_TOPUP, untyped, untyped) \
	S(DB_PFLOAT_SET, untyped, untyped) \
	S(DB_PFLOAT_LIST, untyped, untyped) \
	S(DB_PFLOAT_SYNC_MOVE, untyped, untyped) \
	S(DB_PFLOAT_IN_FLIGHT, untyped, untyped) \
	S(DB_PFLOAT_COLLECTING, untyped, untyped)

#define DB_ARGS_PAYOUT_FLOAT(A)
#define DB_ROWS_PAYOUT_FLOAT(R)

#endif
