/*
 * stmt_payout_float: the statements of the payout float and its journal
 * (domain/payout_float.c), with the columns their rows hold; the SQL is in
 * stmt_payout_float.c.
 */
#ifndef CEDIRAMP_STMT_PAYOUT_FLOAT_H
#define CEDIRAMP_STMT_PAYOUT_FLOAT_H

/* a network's float */
#define pfloat_network_ARGS(ARG, AGAIN) ARG(TEXT, network)
/* a draw of amount (GHS) from network's limited float that covers it */
#define pfloat_draw_ARGS(ARG, AGAIN) ARG(TEXT, amount) ARG(TEXT, network) AGAIN(TEXT, amount)
/* amount (GHS) given back to network's float */
#define pfloat_restore_ARGS(ARG, AGAIN) ARG(TEXT, amount) ARG(TEXT, network)
/* a journal's move: its kind, amount, and the payout or intent it is for
 * or the operator's reference (either NULL) */
#define pfloat_move_ARGS(ARG, AGAIN) \
	ARG(TEXT, network) ARG(TEXT, kind) ARG(TEXT, amount) ARG(TEXT, payout_id) \
	ARG(TEXT, reference)
/* a float's row: its balance (TOPUP: added to it) and, for a new row (SET:
 * always), its unlimited flag */
#define pfloat_set_ARGS(ARG, AGAIN) ARG(TEXT, network) ARG(TEXT, balance) ARG(INT, unlimited)
/* float sync's journal row: its signed change, the operator's reason and
 * the provider's balance it read */
#define pfloat_sync_ARGS(ARG, AGAIN) ARG(TEXT, network) ARG(TEXT, amount) ARG(TEXT, reason) \
	ARG(TEXT, provider_balance)
/* a float's balance (at the column's scale) and its unlimited flag, read
 * by the caller */
#define pfloat_lock_COLS(C, x) C(x, RAW, balance, ) C(x, RAW, unlimited, )
/* what a payout drew: the network and the amount */
#define pfloat_drawn_COLS(C, x) C(x, RAW, network, ) C(x, RAW, amount, )
/* a float as listed (domain/payout_float.h, struct payout_float_row), with
 * its last sync (all NULL when none): the signed change, the
 * provider's balance read (NULL for a sync before schema 050), when, why */
#define pfloat_view_COLS(C, x) \
	C(x, RAW, network, ) C(x, RAW, balance, ) C(x, RAW, unlimited, ) C(x, RAW, updated_at, ) \
	C(x, RAW, sync_change, ) C(x, RAW, sync_provider, ) C(x, RAW, synced_at, ) \
	C(x, RAW, sync_reason, )
/* a payout in flight or a collection not yet completed: its id, amount,
 * status and since when (domain/float_reconcile.c lists both alike) */
#define pfloat_pending_COLS(C, x) \
	C(x, RAW, id, ) C(x, RAW, amount, ) C(x, RAW, status, ) C(x, RAW, since, )

/* Its statements (their SQL in stmt_payout_float.c): S(statement, its
 * arguments' shape, its rows' shape), as store/db_sig.h says. */
#define DB_STMTS_PAYOUT_FLOAT(S) \
	S(DB_PFLOAT_DRAW, pfloat_draw, db_none) \
	S(DB_PFLOAT_LOCK, pfloat_network, pfloat_lock) \
	S(DB_PFLOAT_RESTORE, pfloat_restore, db_none) \
	S(DB_PFLOAT_MOVE_INSERT, pfloat_move, db_none) \
	S(DB_PFLOAT_DRAWN, by_id, pfloat_drawn) \
	S(DB_PFLOAT_TOPUP, pfloat_set, db_none) \
	S(DB_PFLOAT_SET, pfloat_set, db_none) \
	S(DB_PFLOAT_SYNC_MOVE, pfloat_sync, db_none) \
	S(DB_PFLOAT_VIEW, no_args, pfloat_view) \
	S(DB_PFLOAT_IN_FLIGHT, pfloat_network, pfloat_pending) \
	S(DB_PFLOAT_COLLECTING, pfloat_network, pfloat_pending)
#define DB_ARGS_PAYOUT_FLOAT(A) A(pfloat_network) A(pfloat_draw) A(pfloat_restore) \
	A(pfloat_move) A(pfloat_set) A(pfloat_sync)
#define DB_ROWS_PAYOUT_FLOAT(R) R(pfloat_lock) R(pfloat_drawn) R(pfloat_view) \
	R(pfloat_pending)

#endif
