/*
 * stmt_payout_float: the statements of the payout float and its journal
 * (domain/payout_float.c), with the columns their rows hold; the SQL is in
 * stmt_payout_float.c.
 */
#ifndef CEDIRAMP_STMT_PAYOUT_FLOAT_H
#define CEDIRAMP_STMT_PAYOUT_FLOAT_H

/* Its statements (their SQL in stmt_payout_float.c). */
#define DB_STMTS_PAYOUT_FLOAT(S) \
	S(DB_PFLOAT_DRAW) \
	S(DB_PFLOAT_LOCK) \
	S(DB_PFLOAT_RESTORE) \
	S(DB_PFLOAT_MOVE_INSERT) \
	S(DB_PFLOAT_DRAWN) \
	S(DB_PFLOAT_TOPUP) \
	S(DB_PFLOAT_SET) \
	S(DB_PFLOAT_LIST) \
	S(DB_PFLOAT_SYNC_MOVE) \
	S(DB_PFLOAT_IN_FLIGHT) \
	S(DB_PFLOAT_COLLECTING)

#endif
