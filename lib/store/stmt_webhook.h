/*
 * stmt_webhook: the statements of webhook endpoints and the delivery log
 * (domain/partner/webhook.c, webhook_log.c), with the columns their rows
 * hold; the SQL is in stmt_webhook.c.
 */
#ifndef CEDIRAMP_STMT_WEBHOOK_H
#define CEDIRAMP_STMT_WEBHOOK_H

/* Its statements (their SQL in stmt_webhook.c). */
#define DB_STMTS_WEBHOOK(S) \
	S(DB_WH_COUNT_LIVE, untyped, untyped) \
	S(DB_WH_INSERT, untyped, untyped) \
	S(DB_WH_SECRET_LOCK, untyped, untyped) \
	S(DB_WH_SECRET_ROTATE_KEEP, untyped, untyped) \
	S(DB_WH_SECRET_ROTATE_DROP, untyped, untyped) \
	S(DB_WH_SECRET_PREVIOUS, untyped, untyped) \
	S(DB_WH_SECRET_STALE, untyped, untyped) \
	S(DB_WH_SECRET_SEAL, untyped, untyped) \
	S(DB_WH_SECRET_PLAIN_COUNT, untyped, untyped) \
	S(DB_WH_GET, untyped, untyped) \
	S(DB_WH_LIST, untyped, untyped) \
	S(DB_WH_DELETE, untyped, untyped) \
	S(DB_WH_DELETE_SUBJECT, untyped, untyped) \
	S(DB_WH_CANCEL_PENDING, untyped, untyped) \
	S(DB_WH_EVENT_GET, untyped, untyped) \
	S(DB_WH_EVENT_DELIVERIES, untyped, untyped) \
	S(DB_WH_ATTEMPTS, untyped, untyped) \
	S(DB_WH_LOG_COUNT, untyped, untyped) \
	S(DB_WH_LOG_PAGE, untyped, untyped) \
	S(DB_WH_LOG_ENDPOINT_COUNT, untyped, untyped) \
	S(DB_WH_LOG_ENDPOINT_PAGE, untyped, untyped) \
	S(DB_WH_LOG_COUNT_ALL, untyped, untyped) \
	S(DB_WH_LOG_ENDPOINT_COUNT_ALL, untyped, untyped) \
	S(DB_WH_COUNT_SUBSCRIBED, untyped, untyped)

#define DB_ARGS_WEBHOOK(A)
#define DB_ROWS_WEBHOOK(R)

#endif
