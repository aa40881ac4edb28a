#include "store/stmt_internal.h"

/* a delivery's row to send: its state, its endpoint's URL and secrets
 * sealed, as hex (domain/webhook_secret.h: the current one and, until it
 * expires, the previous one), its event */
#define WH_LOAD_COLS "d.status, e.url, HEX(e.secret_sealed) AS secret_sealed, " \
	"(e.active = 1 AND e.disabled_at IS NULL) AS active, " \
	"v.id AS event_id, v.type, v.subject_kind, " \
	"DATE_FORMAT(v.created_at, '%Y-%m-%dT%H:%i:%sZ') AS created_at, v.payload, " \
	"e.secret_key_id, e.public_id, " \
	"IF(e.previous_secret_expires_at > UTC_TIMESTAMP(6), " \
	"HEX(e.previous_secret_sealed), NULL) AS previous_secret_sealed, " \
	"e.previous_secret_key_id "
#define WH_LOAD_JOINS "JOIN webhook_endpoints e ON e.id = d.endpoint_id " \
	"JOIN outbox_events v ON v.id = d.event_id "
/* a JSON array of delivery ids (webhook_deliveries.id, a number) */
#define WH_IDS J_ROWS("id BIGINT UNSIGNED PATH '$'")

const struct db_stmt_def db_stmts_delivery[] = {
	/* due, and no earlier event about the same resource (ref_id, a lower
	 * seq) still pending to the same endpoint: each endpoint gets a
	 * resource's events in the order they happened. seq, not the
	 * deliveries' AUTO_INCREMENT ids: a Galera cluster's nodes interleave
	 * those. The indexes are forced: with stale statistics the optimizer
	 * scanned every earlier delivery of the endpoint instead (236
	 * deliveries/s, measured); uq_outbox_ref_seq is (ref_id, seq) */
	{ DB_WH_CLAIM,
	    "SELECT d.id FROM webhook_deliveries d JOIN outbox_events v ON v.id = d.event_id "
	    "WHERE d.status = 'pending' AND d.next_attempt_at <= UTC_TIMESTAMP(6) "
	    "AND (d.lease_until IS NULL OR d.lease_until < UTC_TIMESTAMP(6)) "
	    "AND NOT EXISTS (SELECT 1 FROM outbox_events pv FORCE INDEX (uq_outbox_ref_seq) "
	    "JOIN webhook_deliveries p FORCE INDEX (uq_delivery) "
	    "ON p.event_id = pv.id AND p.endpoint_id = d.endpoint_id "
	    "WHERE pv.ref_id = v.ref_id AND pv.seq < v.seq AND p.status = 'pending') "
	    "ORDER BY d.next_attempt_at LIMIT ? FOR UPDATE SKIP LOCKED" },
	/* microseconds until the next pending delivery may be claimed (NULL: none) */
	{ DB_WH_NEXT_DUE,
	    "SELECT TIMESTAMPDIFF(MICROSECOND, UTC_TIMESTAMP(6), "
	    "MIN(GREATEST(next_attempt_at, COALESCE(lease_until, next_attempt_at)))) AS due_us "
	    "FROM webhook_deliveries WHERE status = 'pending'" },
	/* a claim's lease (db_claim_all): a JSON array of ids, then the seconds */
	{ DB_WH_LEASE_MANY,
	    "UPDATE " WH_IDS " STRAIGHT_JOIN webhook_deliveries d ON d.id = j.id "
	    "SET d.lease_until = UTC_TIMESTAMP(6) + INTERVAL ? SECOND" },
	/* the deliveries of a JSON array of ids, each row's id last */
	{ DB_WH_LOAD_MANY,
	    "SELECT " WH_LOAD_COLS ", d.id AS delivery_id FROM " WH_IDS
	    " STRAIGHT_JOIN webhook_deliveries d ON d.id = j.id " WH_LOAD_JOINS },
	/* the deliveries of a JSON array of ids locked: status, attempts,
	 * round_failures, and each row's id last */
	{ DB_WH_LOCK_MANY,
	    "SELECT d.status, d.attempts, d.round_failures, d.id FROM " WH_IDS
	    " STRAIGHT_JOIN webhook_deliveries d ON d.id = j.id ORDER BY d.id FOR UPDATE" },
	/* the attempts of a JSON array of {id (the delivery's), attempt, at,
	 * status (null: none came), ms, error (null: an answer came), body
	 * (the answer's first bytes as text; null: none)} */
	{ DB_WH_ATTEMPT_INSERT_MANY,
	    "INSERT INTO webhook_attempts (delivery_id, attempt, at, response_status, "
	    "duration_ms, response_body, error) SELECT j.id, j.attempt, j.at, j.status, j.ms, "
	    "j.body, LEFT(j.error, 200) FROM "
	    J_ROWS("id BIGINT UNSIGNED PATH '$.id', attempt INT UNSIGNED PATH '$.attempt', "
	    "at DATETIME(6) PATH '$.at', status SMALLINT UNSIGNED PATH '$.status', "
	    "ms INT UNSIGNED PATH '$.ms', " J_TEXT("body", 2048, ".body") ", "
	    J_TEXT("error", 300, ".error")) },
	/* what each attempt of a JSON array of {id, attempts, outcome, rf,
	 * delay} did to its delivery: outcome 1 delivered, 2 due again in
	 * delay microseconds (round_failures rf), 3 failed for good, 0 only
	 * counted (no longer pending); each assignment reads only j and its
	 * own column, so their order does not matter */
	{ DB_WH_RECORD_MANY,
	    "UPDATE " J_ROWS("id BIGINT UNSIGNED PATH '$.id', attempts INT UNSIGNED PATH "
	    "'$.attempts', outcome INT PATH '$.outcome', rf INT UNSIGNED PATH '$.rf', "
	    "delay BIGINT PATH '$.delay'")
	    " STRAIGHT_JOIN webhook_deliveries d ON d.id = j.id SET "
	    "d.status = CASE j.outcome WHEN 1 THEN 'delivered' WHEN 3 THEN 'failed' "
	    "ELSE d.status END, d.attempts = j.attempts, "
	    "d.round_failures = IF(j.outcome IN (2, 3), j.rf, d.round_failures), "
	    "d.next_attempt_at = CASE j.outcome WHEN 2 THEN UTC_TIMESTAMP(6) + "
	    "INTERVAL j.delay MICROSECOND WHEN 0 THEN d.next_attempt_at ELSE NULL END, "
	    "d.lease_until = NULL, "
	    "d.finished_at = IF(j.outcome IN (1, 3), UTC_TIMESTAMP(6), d.finished_at)" },
	{ DB_STMT__MAX, NULL }
};
