#include "store/stmt_internal.h"

/* a partner's deliveries, filtered by webhook_id, event_type, status */
#define WH_LOG_FROM "FROM webhook_deliveries d " \
	"JOIN webhook_endpoints e ON e.id = d.endpoint_id " \
	"JOIN outbox_events v ON v.id = d.event_id " \
	"WHERE e.subject_kind = 'partner' AND e.subject_id = ? " \
	"AND (? IS NULL OR e.public_id = ?) AND (? IS NULL OR v.type = ?) " \
	"AND (? IS NULL OR d.status = ?) "

const struct db_stmt_def db_stmts_webhook[] = {
	{ DB_WH_COUNT_LIVE, 1,
	    "SELECT COUNT(*) FROM webhook_endpoints WHERE subject_kind = ? "
	    "AND subject_id = ? AND active = 1" },
	{ DB_WH_INSERT, 0,
	    "INSERT INTO webhook_endpoints (public_id, subject_kind, subject_id, url, "
	    "events, secret, active, created_at) VALUES (?, ?, ?, ?, ?, ?, 1, UTC_TIMESTAMP(6))" },
	/* GET reads what a request served by another node may have just
	 * written: wait for the cluster (SYNC_READ) */
	{ DB_WH_GET, 5,
	    SYNC_READ "SELECT public_id, url, events, active, "
	    "DATE_FORMAT(created_at, '%Y-%m-%dT%H:%i:%sZ') FROM webhook_endpoints "
	    "WHERE public_id = ? AND subject_kind = ? AND subject_id = ?" },
	/* lists go by time, the AUTO_INCREMENT id only breaking ties: on a
	 * Galera cluster the nodes' ids interleave, not follow time */
	{ DB_WH_LIST, 5,
	    "SELECT public_id, url, events, active, "
	    "DATE_FORMAT(created_at, '%Y-%m-%dT%H:%i:%sZ') FROM webhook_endpoints "
	    "WHERE subject_kind = ? AND subject_id = ? AND active = 1 "
	    "ORDER BY created_at, id" },
	{ DB_WH_DELETE, 0,
	    "UPDATE webhook_endpoints SET active = 0, deleted_at = UTC_TIMESTAMP(6) "
	    "WHERE public_id = ? AND subject_kind = ? AND subject_id = ? AND active = 1" },
	{ DB_WH_DELETE_SUBJECT, 0,
	    "UPDATE webhook_endpoints SET active = 0, deleted_at = UTC_TIMESTAMP(6) "
	    "WHERE subject_kind = ? AND subject_id = ? AND active = 1" },
	/* a deleted endpoint gets nothing more */
	{ DB_WH_CANCEL_PENDING, 0,
	    "UPDATE webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id "
	    "SET d.status = 'failed', d.next_attempt_at = NULL, d.lease_until = NULL, "
	    "d.finished_at = UTC_TIMESTAMP(6) WHERE e.subject_kind = ? AND e.subject_id = ? "
	    "AND e.active = 0 AND d.status = 'pending'" },
	{ DB_WH_EVENT_GET, 4,
	    "SELECT id, type, DATE_FORMAT(created_at, '%Y-%m-%dT%H:%i:%sZ'), payload "
	    "FROM outbox_events WHERE id = ? AND subject_kind = ? AND subject_id = ?" },
	{ DB_WH_EVENT_DELIVERIES, 5,
	    "SELECT d.id, e.public_id, e.url, d.status, " ISO_MS("d.next_attempt_at") " "
	    "FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id "
	    "WHERE d.event_id = ? ORDER BY d.created_at, d.id" },
	{ DB_WH_ATTEMPTS, 5,
	    "SELECT attempt, " ISO_MS("at") ", response_status, duration_ms, error "
	    "FROM webhook_attempts WHERE delivery_id = ? ORDER BY attempt" },
	{ DB_WH_LOG_COUNT, 1, "SELECT COUNT(*) " WH_LOG_FROM },
	{ DB_WH_LOG_PAGE, 10,
	    "SELECT v.id, v.type, e.public_id, e.url, d.status, d.attempts, "
	    ISO_MS("d.next_attempt_at") ", "
	    "(SELECT " ISO_MS("a.at") " FROM webhook_attempts a WHERE a.delivery_id = d.id "
	    "AND a.attempt = d.attempts), "
	    "(SELECT a.response_status FROM webhook_attempts a WHERE a.delivery_id = d.id "
	    "AND a.attempt = d.attempts), "
	    "DATE_FORMAT(d.created_at, '%Y-%m-%dT%H:%i:%sZ') "
	    WH_LOG_FROM "ORDER BY d.created_at DESC, d.id DESC LIMIT ? OFFSET ?" },
	{ DB_WH_COUNT_SUBSCRIBED, 1,
	    "SELECT COUNT(*) FROM webhook_endpoints WHERE subject_kind = ? "
	    "AND subject_id = ? AND active = 1 AND FIND_IN_SET(?, events)" },
	{ DB_STMT__MAX, 0, NULL }
};
