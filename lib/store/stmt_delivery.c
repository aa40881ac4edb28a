#include "store/stmt_internal.h"

const struct db_stmt_def db_stmts_delivery[] = {
	/* due, and no earlier event about the same resource (ref_id, a lower
	 * seq) still pending to the same endpoint: each endpoint gets a
	 * resource's events in the order they happened. seq, not the
	 * deliveries' AUTO_INCREMENT ids: a Galera cluster's nodes interleave
	 * those. The indexes are forced: with stale statistics the optimizer
	 * scanned every earlier delivery of the endpoint instead (236
	 * deliveries/s, measured); uq_outbox_ref_seq is (ref_id, seq) */
	{ DB_WH_CLAIM, 1,
	    "SELECT d.id FROM webhook_deliveries d JOIN outbox_events v ON v.id = d.event_id "
	    "WHERE d.status = 'pending' AND d.next_attempt_at <= UTC_TIMESTAMP(6) "
	    "AND (d.lease_until IS NULL OR d.lease_until < UTC_TIMESTAMP(6)) "
	    "AND NOT EXISTS (SELECT 1 FROM outbox_events pv FORCE INDEX (uq_outbox_ref_seq) "
	    "JOIN webhook_deliveries p FORCE INDEX (uq_delivery) "
	    "ON p.event_id = pv.id AND p.endpoint_id = d.endpoint_id "
	    "WHERE pv.ref_id = v.ref_id AND pv.seq < v.seq AND p.status = 'pending') "
	    "ORDER BY d.next_attempt_at LIMIT ? FOR UPDATE SKIP LOCKED" },
	{ DB_WH_LEASE, 0,
	    "UPDATE webhook_deliveries SET lease_until = UTC_TIMESTAMP(6) + INTERVAL ? SECOND "
	    "WHERE id = ?" },
	/* the secrets sealed, as hex (domain/webhook_secret.h): the current one
	 * and, until it expires, the previous one */
	{ DB_WH_LOAD, 13,
	    "SELECT d.status, e.url, HEX(e.secret_sealed), e.active, v.id, v.type, "
	    "v.subject_kind, DATE_FORMAT(v.created_at, '%Y-%m-%dT%H:%i:%sZ'), v.payload, "
	    "e.secret_key_id, e.public_id, "
	    "IF(e.previous_secret_expires_at > UTC_TIMESTAMP(6), "
	    "HEX(e.previous_secret_sealed), NULL), e.previous_secret_key_id "
	    "FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id "
	    "JOIN outbox_events v ON v.id = d.event_id WHERE d.id = ?" },
	{ DB_WH_LOCK_DELIVERY, 3,
	    "SELECT status, attempts, round_failures FROM webhook_deliveries "
	    "WHERE id = ? FOR UPDATE" },
	{ DB_WH_ATTEMPT_INSERT, 0,
	    "INSERT INTO webhook_attempts (delivery_id, attempt, at, response_status, "
	    "duration_ms, error) VALUES (?, ?, ?, ?, ?, ?)" },
	{ DB_WH_DELIVERED, 0,
	    "UPDATE webhook_deliveries SET status = 'delivered', attempts = ?, "
	    "next_attempt_at = NULL, lease_until = NULL, finished_at = UTC_TIMESTAMP(6) "
	    "WHERE id = ?" },
	{ DB_WH_RETRY, 0,
	    "UPDATE webhook_deliveries SET attempts = ?, round_failures = ?, "
	    "next_attempt_at = UTC_TIMESTAMP(6) + INTERVAL ? MICROSECOND, lease_until = NULL "
	    "WHERE id = ?" },
	{ DB_WH_FAILED, 0,
	    "UPDATE webhook_deliveries SET status = 'failed', attempts = ?, round_failures = ?, "
	    "next_attempt_at = NULL, lease_until = NULL, finished_at = UTC_TIMESTAMP(6) "
	    "WHERE id = ?" },
	/* an attempt at a delivery no longer pending: counted, nothing else */
	{ DB_WH_COUNTED, 0,
	    "UPDATE webhook_deliveries SET attempts = ?, lease_until = NULL WHERE id = ?" },
	/* microseconds until the next pending delivery may be claimed (NULL: none) */
	{ DB_WH_NEXT_DUE, 1,
	    "SELECT TIMESTAMPDIFF(MICROSECOND, UTC_TIMESTAMP(6), "
	    "MIN(GREATEST(next_attempt_at, COALESCE(lease_until, next_attempt_at)))) "
	    "FROM webhook_deliveries WHERE status = 'pending'" },
	{ DB_STMT__MAX, 0, NULL }
};
