/*
 * stmt_delivery: the statements of the webhooks worker's deliveries and
 * attempts (domain/delivery.c), with the columns their rows hold; the SQL
 * is in stmt_delivery.c.
 */
#ifndef CEDIRAMP_STMT_DELIVERY_H
#define CEDIRAMP_STMT_DELIVERY_H

/* Its statements (their SQL in stmt_delivery.c). */
#define DB_STMTS_DELIVERY(S) \
	S(DB_WH_CLAIM, untyped, untyped) \
	S(DB_WH_NEXT_DUE, untyped, untyped) \
	S(DB_WH_LEASE_MANY, untyped, untyped) \
	S(DB_WH_LOAD_MANY, untyped, untyped) \
	S(DB_WH_LOCK_MANY, untyped, untyped) \
	S(DB_WH_ATTEMPT_INSERT_MANY, untyped, untyped) \
	S(DB_WH_RECORD_MANY, untyped, untyped)

#define DB_ARGS_DELIVERY(A)
#define DB_ROWS_DELIVERY(R)

#endif
