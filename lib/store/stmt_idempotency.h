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
	S(DB_IDEM_INSERT) \
	S(DB_IDEM_GET) \
	S(DB_IDEM_DELETE_EXPIRED) \
	S(DB_IDEM_DONE) \
	S(DB_IDEM_RELEASE) \
	S(DB_IDEM_HAND_ON) \
	S(DB_IDEM_TAKE_OVER) \
	S(DB_IDEM_MARK) \
	S(DB_IDEM_EXPIRE)

#endif
