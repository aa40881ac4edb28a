/*
 * stmt_idempotency: the statements of the idempotency journal
 * (domain/idempotency.c), with the columns their rows hold; the SQL is in
 * stmt_idempotency.c.
 */
#ifndef CEDIRAMP_STMT_IDEMPOTENCY_H
#define CEDIRAMP_STMT_IDEMPOTENCY_H

/* The columns of DB_IDEM_GET, in order. */
enum idempotency_col { IG_ID, IG_ENDPOINT, IG_HASH, IG_STATE, IG_STATUS, IG_BODY,
	IG_CREATED, IG_EXPIRED, IG_POINT, IG_REF, IG_ABANDONED, IDEMPOTENCY_NCOLS };

/* Its statements (their SQL in stmt_idempotency.c). */
#define DB_STMTS_IDEMPOTENCY(S) \
	S(DB_IDEM_INSERT, untyped, untyped) \
	S(DB_IDEM_GET, untyped, untyped) \
	S(DB_IDEM_DELETE_EXPIRED, untyped, untyped) \
	S(DB_IDEM_DONE, untyped, untyped) \
	S(DB_IDEM_RELEASE, untyped, untyped) \
	S(DB_IDEM_HAND_ON, untyped, untyped) \
	S(DB_IDEM_TAKE_OVER, untyped, untyped) \
	S(DB_IDEM_MARK, untyped, untyped) \
	S(DB_IDEM_EXPIRE, untyped, untyped)

#define DB_ARGS_IDEMPOTENCY(A)
#define DB_ROWS_IDEMPOTENCY(R)

#endif
