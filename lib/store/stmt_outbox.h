/*
 * stmt_outbox: the statements of the outbox: events, and their fan-out
 * into deliveries when written and when redelivered (domain/outbox.c,
 * domain/partner/webhook_log.c), with the columns their rows hold; the SQL
 * is in stmt_outbox.c.
 */
#ifndef CEDIRAMP_STMT_OUTBOX_H
#define CEDIRAMP_STMT_OUTBOX_H

/* a new event: its id, type, subject (kind "user" or "partner", and id),
 * the resource it is of (ref_id: its seq is read under it, so bound twice)
 * and its payload (JSON) */
#define outbox_insert_ARGS(ARG, AGAIN) \
	ARG(TEXT, id) ARG(TEXT, type) ARG(TEXT, kind) ARG(INT, subject_id) ARG(TEXT, ref_id) \
	ARG(TEXT, payload) ARG(TEXT, request_id) AGAIN(TEXT, ref_id)
/* the event of a resource's transition */
#define outbox_exists_ARGS(ARG, AGAIN) ARG(TEXT, type) ARG(TEXT, ref_id)
/* an event's deliveries to its subject's endpoints subscribed to its type */
#define outbox_fanout_ARGS(ARG, AGAIN) \
	ARG(TEXT, event_id) ARG(TEXT, kind) ARG(INT, subject_id) ARG(TEXT, type)
/* a wallet user's event's deliveries to the platform's endpoints
 * subscribed to its type, when the user has no live endpoint of its own */
#define outbox_fanout_platform_ARGS(ARG, AGAIN) \
	ARG(TEXT, event_id) ARG(TEXT, type) ARG(INT, subject_id)
/* an event's delivery to one endpoint of its subject, subscribed or not
 * (a test event) */
#define outbox_fanout_one_ARGS(ARG, AGAIN) \
	ARG(TEXT, event_id) ARG(TEXT, kind) ARG(INT, subject_id) ARG(TEXT, endpoint)
/* events as one JSON array of {id, type, kind, subject, ref, payload} */
#define outbox_many_ARGS(ARG, AGAIN) ARG(TEXT, events)

/* Its statements (their SQL in stmt_outbox.c): S(statement, its
 * arguments' shape, its rows' shape), as store/db_sig.h says. */
#define DB_STMTS_OUTBOX(S) \
	S(DB_OUTBOX_INSERT, outbox_insert, db_none) \
	S(DB_OUTBOX_EXISTS, outbox_exists, count) \
	S(DB_WH_FANOUT, outbox_fanout, db_none) \
	S(DB_OUTBOX_INSERT_MANY, outbox_many, db_none) \
	S(DB_WH_FANOUT_MANY, outbox_many, db_none) \
	S(DB_WH_FANOUT_PLATFORM, outbox_fanout_platform, db_none) \
	S(DB_WH_FANOUT_PLATFORM_MANY, outbox_many, db_none) \
	S(DB_WH_REDELIVER, outbox_fanout, db_none) \
	S(DB_WH_FANOUT_ONE, outbox_fanout_one, db_none) \
	S(DB_WH_REDELIVER_OWN, by_id, db_none)
#define DB_ARGS_OUTBOX(A) A(outbox_insert) A(outbox_exists) A(outbox_fanout) A(outbox_many) \
	A(outbox_fanout_one) A(outbox_fanout_platform)
#define DB_ROWS_OUTBOX(R)

#endif
