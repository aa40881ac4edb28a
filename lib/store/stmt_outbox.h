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
	S(DB_OUTBOX_INSERT) \
	S(DB_OUTBOX_EXISTS) \
	S(DB_WH_FANOUT) \
	S(DB_OUTBOX_INSERT_MANY) \
	S(DB_WH_FANOUT_MANY) \
	S(DB_WH_REDELIVER)

#endif
