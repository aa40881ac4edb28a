/*
 * stmt_webhook: the statements of webhook endpoints and the delivery log
 * (domain/partner/webhook.c, webhook_log.c), with the columns their rows
 * hold; the SQL is in stmt_webhook.c.
 */
#ifndef CEDIRAMP_STMT_WEBHOOK_H
#define CEDIRAMP_STMT_WEBHOOK_H

/* a subject's endpoints: its kind (outbox_subject_name) and id */
#define wh_subject_ARGS(ARG, AGAIN) ARG(TEXT, kind) ARG(INT, sid)
/* an endpoint (or an event) by its public id and its subject */
#define wh_owned_ARGS(ARG, AGAIN) ARG(TEXT, id) ARG(TEXT, kind) ARG(INT, sid)
/* an owner's change: events (NULL kept), enabled (NULL kept), the endpoint */
#define wh_update_ARGS(ARG, AGAIN) ARG(TEXT, events) ARG(OPT_INT, enabled) ARG(TEXT, id) \
	ARG(TEXT, kind) ARG(INT, sid)
/* a new endpoint, its secret sealed (hex) under key key_id */
#define wh_insert_ARGS(ARG, AGAIN) ARG(TEXT, id) ARG(TEXT, kind) ARG(INT, sid) \
	ARG(TEXT, url) ARG(TEXT, events) ARG(TEXT, sealed) ARG(INT, key_id)
/* a rotation keeping the current secret (sealed again: prev_sealed,
 * prev_key_id) for seconds, the new one sealed, key_id; the endpoint's row id */
#define wh_rotate_keep_ARGS(ARG, AGAIN) ARG(TEXT, prev_sealed) ARG(INT, prev_key_id) \
	ARG(INT, seconds) ARG(TEXT, sealed) ARG(INT, key_id) ARG(INT, id)
/* a rotation dropping the current secret at once */
#define wh_rotate_drop_ARGS(ARG, AGAIN) ARG(TEXT, sealed) ARG(INT, key_id) ARG(INT, id)
/* an endpoint by its row id */
#define wh_row_ARGS(ARG, AGAIN) ARG(INT, id)
/* the next stale secret's row after row id after, for the current key id
 * (compared with both slots) */
#define wh_stale_ARGS(ARG, AGAIN) ARG(INT, after) ARG(INT, key_id) AGAIN(INT, key_id)
/* a row's secrets sealed again: the current one and (NULLs: none) the
 * previous one, each with its key id; the row id */
#define wh_seal_ARGS(ARG, AGAIN) ARG(TEXT, sealed) ARG(INT, key_id) \
	ARG(TEXT, prev_sealed) ARG(OPT_INT, prev_key_id) ARG(INT, id)
/* a subject's live endpoints subscribed to an event type */
#define wh_subscribed_ARGS(ARG, AGAIN) ARG(TEXT, kind) ARG(INT, sid) ARG(TEXT, event_type)
/* the delivery log's filters, each twice (NULL: no filter) */
#define WH_LOG_FILTER_ARGS(ARG, AGAIN) \
	ARG(TEXT, event_type) AGAIN(TEXT, event_type) ARG(TEXT, status) AGAIN(TEXT, status)
/* a subject's log (all its endpoints): the count, reading at most cap rows,
 * without a filter and with them */
#define wh_log_count_all_ARGS(ARG, AGAIN) ARG(TEXT, kind) ARG(INT, sid) ARG(INT, cap)
#define wh_log_count_ARGS(ARG, AGAIN) ARG(TEXT, kind) ARG(INT, sid) \
	WH_LOG_FILTER_ARGS(ARG, AGAIN) ARG(INT, cap)
/* a page of it */
#define wh_log_page_ARGS(ARG, AGAIN) ARG(TEXT, kind) ARG(INT, sid) \
	WH_LOG_FILTER_ARGS(ARG, AGAIN) ARG(INT, limit) ARG(INT, offset)
/* one endpoint's log (its public id webhook_id): the count without a filter */
#define wh_log_ep_count_all_ARGS(ARG, AGAIN) ARG(TEXT, kind) ARG(INT, sid) \
	ARG(TEXT, webhook_id) ARG(INT, cap)
/* the count with the filters */
#define wh_log_ep_count_ARGS(ARG, AGAIN) ARG(TEXT, kind) ARG(INT, sid) \
	ARG(TEXT, webhook_id) WH_LOG_FILTER_ARGS(ARG, AGAIN) ARG(INT, cap)
/* a page of it */
#define wh_log_ep_page_ARGS(ARG, AGAIN) ARG(TEXT, kind) ARG(INT, sid) \
	ARG(TEXT, webhook_id) WH_LOG_FILTER_ARGS(ARG, AGAIN) ARG(INT, limit) ARG(INT, offset)

/* an endpoint as a partner sees it */
#define webhook_COLS(C, x) C(x, RAW, public_id, ) C(x, RAW, url, ) C(x, RAW, events, ) \
	C(x, RAW, active, ) C(x, RAW, enabled, ) C(x, RAW, created_at, )
/* a live endpoint locked for a rotation: its row id, current secret
 * (sealed, hex) and key id */
#define wh_secret_lock_COLS(C, x) C(x, RAW, id, ) C(x, RAW, secret_sealed, ) \
	C(x, RAW, secret_key_id, )
/* when the previous secret stops signing (NULL: none, or stopped) */
#define wh_previous_COLS(C, x) C(x, RAW, expires_at, )
/* a row whose secrets need sealing again (secret: the clear one) */
#define wh_stale_COLS(C, x) C(x, RAW, id, ) C(x, RAW, public_id, ) C(x, RAW, secret, ) \
	C(x, RAW, secret_sealed, ) C(x, RAW, secret_key_id, ) \
	C(x, RAW, previous_secret_sealed, ) C(x, RAW, previous_secret_key_id, ) \
	C(x, RAW, secret_binding, )
/* an event */
#define wh_event_COLS(C, x) C(x, RAW, id, ) C(x, RAW, type, ) C(x, RAW, created_at, ) \
	C(x, RAW, payload, ) C(x, RAW, request_id, )
/* an event's delivery: its row id, the endpoint's public id and URL */
#define wh_event_delivery_COLS(C, x) C(x, RAW, id, ) C(x, RAW, public_id, ) \
	C(x, RAW, url, ) C(x, RAW, status, ) C(x, RAW, next_attempt_at, )
/* a delivery's attempt */
#define wh_attempt_COLS(C, x) C(x, RAW, attempt, ) C(x, RAW, at, ) \
	C(x, RAW, response_status, ) C(x, RAW, duration_ms, ) C(x, RAW, response_body, ) \
	C(x, RAW, error, )
/* a line of the delivery log: the event, the endpoint, the delivery, its
 * last attempt's time and answer */
#define wh_log_COLS(C, x) C(x, RAW, id, ) C(x, RAW, type, ) C(x, RAW, public_id, ) \
	C(x, RAW, url, ) C(x, RAW, status, ) C(x, RAW, attempts, ) \
	C(x, RAW, next_attempt_at, ) C(x, RAW, last_attempt_at, ) \
	C(x, RAW, last_status, ) C(x, RAW, created_at, )

/* Its statements (their SQL in stmt_webhook.c): S(statement, its
 * arguments' shape, its rows' shape), as store/db_sig.h says. */
#define DB_STMTS_WEBHOOK(S) \
	S(DB_WH_COUNT_LIVE, wh_subject, count) \
	S(DB_WH_INSERT, wh_insert, db_none) \
	S(DB_WH_SECRET_LOCK, wh_owned, wh_secret_lock) \
	S(DB_WH_SECRET_ROTATE_KEEP, wh_rotate_keep, db_none) \
	S(DB_WH_SECRET_ROTATE_DROP, wh_rotate_drop, db_none) \
	S(DB_WH_SECRET_PREVIOUS, wh_row, wh_previous) \
	S(DB_WH_SECRET_STALE, wh_stale, wh_stale) \
	S(DB_WH_SECRET_SEAL, wh_seal, db_none) \
	S(DB_WH_SECRET_PLAIN_COUNT, no_args, count) \
	S(DB_WH_GET, wh_owned, webhook) \
	S(DB_WH_LIST, wh_subject, webhook) \
	S(DB_WH_DELETE, wh_owned, db_none) \
	S(DB_WH_UPDATE, wh_update, db_none) \
	S(DB_WH_CANCEL_DISABLED, wh_owned, db_none) \
	S(DB_WH_DELETE_SUBJECT, wh_subject, db_none) \
	S(DB_WH_CANCEL_PENDING, wh_subject, db_none) \
	S(DB_WH_EVENT_GET, wh_owned, wh_event) \
	S(DB_WH_EVENT_GET_DELIVERED, wh_owned, wh_event) \
	S(DB_WH_EVENT_DELIVERIES, by_id, wh_event_delivery) \
	S(DB_WH_ATTEMPTS, by_id, wh_attempt) \
	S(DB_WH_LOG_COUNT, wh_log_count, count) \
	S(DB_WH_LOG_PAGE, wh_log_page, wh_log) \
	S(DB_WH_LOG_ENDPOINT_COUNT, wh_log_ep_count, count) \
	S(DB_WH_LOG_ENDPOINT_PAGE, wh_log_ep_page, wh_log) \
	S(DB_WH_LOG_COUNT_ALL, wh_log_count_all, count) \
	S(DB_WH_LOG_ENDPOINT_COUNT_ALL, wh_log_ep_count_all, count) \
	S(DB_WH_COUNT_SUBSCRIBED, wh_subscribed, count)
#define DB_ARGS_WEBHOOK(A) A(wh_subject) A(wh_owned) A(wh_update) A(wh_insert) A(wh_rotate_keep) \
	A(wh_rotate_drop) A(wh_row) A(wh_stale) A(wh_seal) A(wh_subscribed) A(wh_log_count_all) A(wh_log_count) \
	A(wh_log_page) A(wh_log_ep_count_all) A(wh_log_ep_count) A(wh_log_ep_page)
#define DB_ROWS_WEBHOOK(R) R(webhook) R(wh_secret_lock) R(wh_previous) R(wh_stale) \
	R(wh_event) R(wh_event_delivery) R(wh_attempt) R(wh_log)

#endif
