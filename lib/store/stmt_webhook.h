/*
 * stmt_webhook: the statements of webhook endpoints and the delivery log
 * (domain/partner/webhook.c, webhook_log.c), with the columns their rows
 * hold; the SQL is in stmt_webhook.c.
 */
#ifndef CEDIRAMP_STMT_WEBHOOK_H
#define CEDIRAMP_STMT_WEBHOOK_H

/* Its statements (their SQL in stmt_webhook.c). */
#define DB_STMTS_WEBHOOK(S) \
	S(DB_WH_COUNT_LIVE) \
	S(DB_WH_INSERT) \
	S(DB_WH_SECRET_LOCK) \
	S(DB_WH_SECRET_ROTATE_KEEP) \
	S(DB_WH_SECRET_ROTATE_DROP) \
	S(DB_WH_SECRET_PREVIOUS) \
	S(DB_WH_SECRET_STALE) \
	S(DB_WH_SECRET_SEAL) \
	S(DB_WH_SECRET_PLAIN_COUNT) \
	S(DB_WH_GET) \
	S(DB_WH_LIST) \
	S(DB_WH_DELETE) \
	S(DB_WH_DELETE_SUBJECT) \
	S(DB_WH_CANCEL_PENDING) \
	S(DB_WH_EVENT_GET) \
	S(DB_WH_EVENT_DELIVERIES) \
	S(DB_WH_ATTEMPTS) \
	S(DB_WH_LOG_COUNT) \
	S(DB_WH_LOG_PAGE) \
	S(DB_WH_LOG_ENDPOINT_COUNT) \
	S(DB_WH_LOG_ENDPOINT_PAGE) \
	S(DB_WH_LOG_COUNT_ALL) \
	S(DB_WH_LOG_ENDPOINT_COUNT_ALL) \
	S(DB_WH_COUNT_SUBSCRIBED)

#endif
