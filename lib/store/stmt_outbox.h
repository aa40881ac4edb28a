/*
 * stmt_outbox: the statements of the outbox: events, and their fan-out
 * into deliveries when written and when redelivered (domain/outbox.c,
 * domain/partner/webhook_log.c), with the columns their rows hold; the SQL
 * is in stmt_outbox.c.
 */
#ifndef CEDIRAMP_STMT_OUTBOX_H
#define CEDIRAMP_STMT_OUTBOX_H

/* Its statements (their SQL in stmt_outbox.c). */
#define DB_STMTS_OUTBOX(S) \
	S(DB_OUTBOX_INSERT, untyped, untyped) \
	S(DB_OUTBOX_EXISTS, untyped, untyped) \
	S(DB_WH_FANOUT, untyped, untyped) \
	S(DB_OUTBOX_INSERT_MANY, untyped, untyped) \
	S(DB_WH_FANOUT_MANY, untyped, untyped) \
	S(DB_WH_REDELIVER, untyped, untyped)

#define DB_ARGS_OUTBOX(A)
#define DB_ROWS_OUTBOX(R)

#endif
