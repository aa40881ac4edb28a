/*
 * stmt_idempotency: the statements of the idempotency journal
 * (domain/idempotency.c), their arguments and the columns their rows
 * hold; the SQL is in stmt_idempotency.c.
 */
#ifndef CEDIRAMP_STMT_IDEMPOTENCY_H
#define CEDIRAMP_STMT_IDEMPOTENCY_H

/* a key's new row, in progress: the user's key, the request (endpoint,
 * body's hash) and the request that holds it (owner) */
#define idem_insert_ARGS(ARG, AGAIN) \
	ARG(INT, user_id) ARG(TEXT, key) ARG(TEXT, endpoint) ARG(TEXT, hash) ARG(TEXT, owner)
/* a user's key, abandoned when its lease (seconds) has run out */
#define idem_get_ARGS(ARG, AGAIN) ARG(INT, lease) ARG(INT, user_id) ARG(TEXT, key)
/* a key's row (domain/idempotency.c, struct stored): read by the caller,
 * each column's checks its own */
#define idem_row_COLS(C, x) \
	C(x, RAW, id, ) C(x, RAW, endpoint, ) C(x, RAW, request_hash, ) C(x, RAW, state, ) \
	C(x, RAW, status_code, ) C(x, RAW, response_body, ) C(x, RAW, created_at, ) \
	C(x, RAW, expired, ) C(x, RAW, recovery_point, ) C(x, RAW, recovery_id, ) \
	C(x, RAW, abandoned, )
/* a key's row by its id */
#define idem_id_ARGS(ARG, AGAIN) ARG(INT, id)
/* a key's row (its id) as the request that holds it (owner) */
#define idem_owned_ARGS(ARG, AGAIN) ARG(INT, id) ARG(TEXT, owner)
/* the answer (status, body) stored under a held key */
#define idem_done_ARGS(ARG, AGAIN) \
	ARG(INT, status) ARG(BYTES, body) ARG(INT, id) ARG(TEXT, owner)
/* an abandoned key (its lease, seconds, run out) taken over by owner */
#define idem_take_over_ARGS(ARG, AGAIN) ARG(TEXT, owner) ARG(INT, id) ARG(INT, lease)
/* a held key's recovery point and its reference (NULL: none) */
#define idem_mark_ARGS(ARG, AGAIN) \
	ARG(TEXT, point) ARG(TEXT, recovery_id) ARG(INT, id) ARG(TEXT, owner)

/* Its statements (their SQL in stmt_idempotency.c): S(statement, its
 * arguments' shape, its rows' shape), as store/db_sig.h says. */
#define DB_STMTS_IDEMPOTENCY(S) \
	S(DB_IDEM_INSERT, idem_insert, db_none) \
	S(DB_IDEM_GET, idem_get, idem_row) \
	S(DB_IDEM_DELETE_EXPIRED, idem_id, db_none) \
	S(DB_IDEM_DONE, idem_done, db_none) \
	S(DB_IDEM_RELEASE, idem_owned, db_none) \
	S(DB_IDEM_HAND_ON, idem_owned, db_none) \
	S(DB_IDEM_TAKE_OVER, idem_take_over, db_none) \
	S(DB_IDEM_MARK, idem_mark, db_none) \
	S(DB_IDEM_EXPIRE, no_args, db_none)

#define DB_ARGS_IDEMPOTENCY(A) A(idem_insert) A(idem_get) A(idem_id) A(idem_owned) \
	A(idem_done) A(idem_take_over) A(idem_mark)
#define DB_ROWS_IDEMPOTENCY(R) R(idem_row)

#endif
