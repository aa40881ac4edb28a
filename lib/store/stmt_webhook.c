#include "store/stmt_internal.h"

/*
 * A subject's delivery log (a partner's, or the platform's), newest first, filtered by event_type and
 * status (each given twice, NULL: no filter), in two shapes that each
 * read the log in the order they answer it (schema 031), so that a page
 * and its capped count read about what they show, whatever the log's
 * length: all of the partner's endpoints, one range of the deliveries'
 * owner index (forced: the optimizer, counting a partner's endpoints,
 * would sort all of their deliveries), the endpoint's owner required too
 * (what a partner sees does not rest on the copy alone); or one endpoint
 * (webhook_id), one range of the endpoint's index. Arguments: the
 * subject (kind, id), (the endpoint's public id,) the filters.
 */
#define WH_LOG_ALL "FROM webhook_deliveries d FORCE INDEX (ix_delivery_subject_page) " \
	"JOIN webhook_endpoints e ON e.id = d.endpoint_id " \
	"AND e.subject_kind = d.subject_kind AND e.subject_id = d.subject_id " \
	"JOIN outbox_events v ON v.id = d.event_id " \
	"WHERE d.subject_kind = ? AND d.subject_id = ? " \
	"AND (? IS NULL OR v.type = ?) AND (? IS NULL OR d.status = ?) "
#define WH_LOG_ENDPOINT "FROM webhook_endpoints e " \
	"JOIN webhook_deliveries d FORCE INDEX (ix_delivery_endpoint_page) ON d.endpoint_id = e.id " \
	"JOIN outbox_events v ON v.id = d.event_id " \
	"WHERE e.subject_kind = ? AND e.subject_id = ? AND e.public_id = ? " \
	"AND (? IS NULL OR v.type = ?) AND (? IS NULL OR d.status = ?) "
/* a page's columns, then the shape, then its order, limit and offset */
#define WH_LOG_PAGE(from) \
	"SELECT v.id, v.type, e.public_id, e.url, d.status, d.attempts, " \
	ISO_MS("d.next_attempt_at") " AS next_attempt_at, " \
	"(SELECT " ISO_MS("a.at") " FROM webhook_attempts a WHERE a.delivery_id = d.id " \
	"AND a.attempt = d.attempts) AS last_attempt_at, " \
	"(SELECT a.response_status FROM webhook_attempts a WHERE a.delivery_id = d.id " \
	"AND a.attempt = d.attempts) AS last_status, " \
	"DATE_FORMAT(d.created_at, '%Y-%m-%dT%H:%i:%sZ') AS created_at " \
	from "ORDER BY d.created_at DESC, d.id DESC LIMIT ? OFFSET ?"

const struct db_stmt_def db_stmts_webhook[] = {
	{ DB_WH_COUNT_LIVE,
	    "SELECT COUNT(*) AS total FROM webhook_endpoints WHERE subject_kind = ? "
	    "AND subject_id = ? AND active = 1" },
	/* the secret arrives sealed, as hex, bound to the endpoint, its key id
	 * and its slot (domain/webhook_secret.h: binding 2) */
	{ DB_WH_INSERT,
	    "INSERT INTO webhook_endpoints (public_id, subject_kind, subject_id, url, "
	    "events, secret_sealed, secret_key_id, secret_binding, active, created_at) "
	    "VALUES (?, ?, ?, ?, ?, UNHEX(?), ?, 2, 1, UTC_TIMESTAMP(6))" },
	/* rotation: the live endpoint's row, locked, with its current secret */
	{ DB_WH_SECRET_LOCK,
	    "SELECT id, HEX(secret_sealed) AS secret_sealed, secret_key_id FROM webhook_endpoints "
	    "WHERE public_id = ? AND subject_kind = ? AND subject_id = ? AND active = 1 "
	    "FOR UPDATE" },
	/* the current secret becomes the previous one until the given seconds
	 * from now (sealed again for that slot: hex, key id), and the new one
	 * (sealed hex, key id) the current */
	{ DB_WH_SECRET_ROTATE_KEEP,
	    "UPDATE webhook_endpoints SET previous_secret_sealed = UNHEX(?), "
	    "previous_secret_key_id = ?, "
	    "previous_secret_expires_at = UTC_TIMESTAMP(6) + INTERVAL ? SECOND, "
	    "secret_sealed = UNHEX(?), secret_key_id = ?, secret_binding = 2 WHERE id = ?" },
	/* the same, with the current secret dropped at once */
	{ DB_WH_SECRET_ROTATE_DROP,
	    "UPDATE webhook_endpoints SET previous_secret_sealed = NULL, "
	    "previous_secret_key_id = NULL, previous_secret_expires_at = NULL, "
	    "secret_sealed = UNHEX(?), secret_key_id = ?, secret_binding = 2 WHERE id = ?" },
	/* when the previous secret stops signing (NULL: there is none, or it
	 * has stopped already) */
	{ DB_WH_SECRET_PREVIOUS,
	    "SELECT IF(previous_secret_expires_at > UTC_TIMESTAMP(6), "
	    "DATE_FORMAT(previous_secret_expires_at, '%Y-%m-%dT%H:%i:%sZ'), NULL) AS expires_at "
	    "FROM webhook_endpoints WHERE id = ?" },
	/* cediramp-admin migrate (whsec_seal_all): the next row after the given
	 * id whose secret is in clear (any row), or, for a live endpoint (a
	 * deleted one's secret is never read again), sealed under a key id
	 * other than the current one or bound to the endpoint alone (binding 1,
	 * an earlier version's); the one statement that reads the plaintext
	 * column */
	{ DB_WH_SECRET_STALE,
	    "SELECT id, public_id, secret, HEX(secret_sealed) AS secret_sealed, secret_key_id, "
	    "HEX(previous_secret_sealed) AS previous_secret_sealed, previous_secret_key_id, "
	    "secret_binding "
	    "FROM webhook_endpoints "
	    "WHERE id > ? AND (secret IS NOT NULL OR (deleted_at IS NULL AND "
	    "(secret_key_id <> ? OR previous_secret_key_id <> ? OR secret_binding < 2))) "
	    "ORDER BY id LIMIT 1 FOR UPDATE" },
	{ DB_WH_SECRET_SEAL,
	    "UPDATE webhook_endpoints SET secret = NULL, secret_sealed = UNHEX(?), "
	    "secret_key_id = ?, previous_secret_sealed = UNHEX(?), previous_secret_key_id = ?, "
	    "secret_binding = 2 WHERE id = ?" },
	{ DB_WH_SECRET_PLAIN_COUNT,
	    "SELECT COUNT(*) AS total FROM webhook_endpoints WHERE secret IS NOT NULL" },
	/* GET reads what a request served by another node may have just
	 * written: wait for the cluster (SYNC_READ) */
	{ DB_WH_GET,
	    SYNC_READ "SELECT public_id, url, events, active, disabled_at IS NULL AS enabled, "
	    "DATE_FORMAT(created_at, '%Y-%m-%dT%H:%i:%sZ') AS created_at FROM webhook_endpoints "
	    "WHERE public_id = ? AND subject_kind = ? AND subject_id = ?" },
	/* lists go by time, the AUTO_INCREMENT id only breaking ties: on a
	 * Galera cluster the nodes' ids interleave, not follow time */
	{ DB_WH_LIST,
	    "SELECT public_id, url, events, active, disabled_at IS NULL AS enabled, "
	    "DATE_FORMAT(created_at, '%Y-%m-%dT%H:%i:%sZ') AS created_at FROM webhook_endpoints "
	    "WHERE subject_kind = ? AND subject_id = ? AND active = 1 "
	    "ORDER BY webhook_endpoints.created_at, id" },
	{ DB_WH_DELETE,
	    "UPDATE webhook_endpoints SET active = 0, deleted_at = UTC_TIMESTAMP(6) "
	    "WHERE public_id = ? AND subject_kind = ? AND subject_id = ? AND active = 1" },
	{ DB_WH_DELETE_SUBJECT,
	    "UPDATE webhook_endpoints SET active = 0, deleted_at = UTC_TIMESTAMP(6) "
	    "WHERE subject_kind = ? AND subject_id = ? AND active = 1" },
	/* an owner's change of a live endpoint: its events (NULL: kept), and
	 * enabled 0 disables it, 1 enables it (NULL: kept) */
	{ DB_WH_UPDATE,
	    "UPDATE webhook_endpoints SET events = COALESCE(?, events), disabled_at = CASE ? "
	    "WHEN 0 THEN COALESCE(disabled_at, UTC_TIMESTAMP(6)) WHEN 1 THEN NULL "
	    "ELSE disabled_at END WHERE public_id = ? AND subject_kind = ? AND subject_id = ? "
	    "AND active = 1" },
	/* a disabled endpoint's pending deliveries fail, as a deleted one's do */
	{ DB_WH_CANCEL_DISABLED,
	    "UPDATE webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id "
	    "SET d.status = 'failed', d.next_attempt_at = NULL, d.lease_until = NULL, "
	    "d.finished_at = UTC_TIMESTAMP(6) WHERE e.public_id = ? AND e.subject_kind = ? "
	    "AND e.subject_id = ? AND e.disabled_at IS NOT NULL AND d.status = 'pending'" },
	/* a deleted endpoint gets nothing more */
	{ DB_WH_CANCEL_PENDING,
	    "UPDATE webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id "
	    "SET d.status = 'failed', d.next_attempt_at = NULL, d.lease_until = NULL, "
	    "d.finished_at = UTC_TIMESTAMP(6) WHERE e.subject_kind = ? AND e.subject_id = ? "
	    "AND e.active = 0 AND d.status = 'pending'" },
	{ DB_WH_EVENT_GET,
	    "SELECT id, type, DATE_FORMAT(created_at, '%Y-%m-%dT%H:%i:%sZ') AS created_at, payload, "
	    "request_id FROM outbox_events WHERE id = ? AND subject_kind = ? AND subject_id = ?" },
	/* an event with a delivery to an endpoint of the subject (the
	 * platform's: a wallet user's event sent to the wallet developer's) */
	{ DB_WH_EVENT_GET_DELIVERED,
	    "SELECT v.id, v.type, DATE_FORMAT(v.created_at, '%Y-%m-%dT%H:%i:%sZ') AS created_at, "
	    "v.payload, v.request_id FROM outbox_events v WHERE v.id = ? AND EXISTS (SELECT 1 "
	    "FROM webhook_deliveries d WHERE d.event_id = v.id AND d.subject_kind = ? "
	    "AND d.subject_id = ?)" },
	{ DB_WH_EVENT_DELIVERIES,
	    "SELECT d.id, e.public_id, e.url, d.status, "
	    ISO_MS("d.next_attempt_at") " AS next_attempt_at "
	    "FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id "
	    "WHERE d.event_id = ? ORDER BY d.created_at, d.id" },
	{ DB_WH_ATTEMPTS,
	    "SELECT attempt, " ISO_MS("at") " AS at, response_status, duration_ms, response_body, "
	    "error "
	    "FROM webhook_attempts WHERE delivery_id = ? ORDER BY attempt" },
	/* the log's total, reading at most the last argument's rows (a cap:
	 * db_count_upto) */
	{ DB_WH_LOG_COUNT, "SELECT COUNT(*) AS total FROM (SELECT 1 " WH_LOG_ALL "LIMIT ?) t" },
	/* without a filter, the index alone (no delivery's event or endpoint
	 * read): arguments the partner (and the endpoint's public id), the
	 * limit */
	{ DB_WH_LOG_COUNT_ALL,
	    "SELECT COUNT(*) AS total FROM (SELECT 1 FROM webhook_deliveries "
	    "WHERE subject_kind = ? AND subject_id = ? LIMIT ?) t" },
	{ DB_WH_LOG_ENDPOINT_COUNT_ALL,
	    "SELECT COUNT(*) AS total FROM (SELECT 1 FROM webhook_endpoints e JOIN webhook_deliveries d "
	    "ON d.endpoint_id = e.id WHERE e.subject_kind = ? AND e.subject_id = ? "
	    "AND e.public_id = ? LIMIT ?) t" },
	{ DB_WH_LOG_PAGE, WH_LOG_PAGE(WH_LOG_ALL) },
	{ DB_WH_LOG_ENDPOINT_COUNT,
	    "SELECT COUNT(*) AS total FROM (SELECT 1 " WH_LOG_ENDPOINT "LIMIT ?) t" },
	{ DB_WH_LOG_ENDPOINT_PAGE, WH_LOG_PAGE(WH_LOG_ENDPOINT) },
	{ DB_WH_COUNT_SUBSCRIBED,
	    "SELECT COUNT(*) AS total FROM webhook_endpoints WHERE subject_kind = ? "
	    "AND subject_id = ? AND active = 1 AND disabled_at IS NULL AND FIND_IN_SET(?, events)" },
	{ DB_STMT__MAX, NULL }
};
