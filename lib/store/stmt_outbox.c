#include "store/stmt_internal.h"

/* a pending delivery for every live endpoint of a subject subscribed to
 * the event's type (arguments: event id, kind, subject id, type) */
#define WH_FANOUT "INSERT INTO webhook_deliveries (event_id, endpoint_id, status, " \
	"next_attempt_at, created_at) SELECT ?, id, 'pending', UTC_TIMESTAMP(6), " \
	"UTC_TIMESTAMP(6) FROM webhook_endpoints WHERE subject_kind = ? " \
	"AND subject_id = ? AND active = 1 AND disabled_at IS NULL AND FIND_IN_SET(?, events) "

/* the events of DB_OUTBOX_INSERT_MANY and DB_WH_FANOUT_MANY */
#define OUTBOX_ROWS J_ROWS(J_TEXT("id", 40, ".id") ", " J_TEXT("type", 40, ".type") ", " \
	J_TEXT("kind", 8, ".kind") ", subject BIGINT UNSIGNED PATH '$.subject', " \
	J_TEXT("ref", 40, ".ref") ", payload LONGTEXT CHARACTER SET utf8mb4 " \
	"COLLATE utf8mb4_bin PATH '$.payload'")

const struct db_stmt_def db_stmts_outbox[] = {
	/* seq: 1 + the highest of the resource's events, read by the insert
	 * itself (arguments: id, type, kind, subject id, ref id, payload, the
	 * request's id (NULL: a worker's), the ref id again). Two writers of one resource's events at once collide
	 * on UNIQUE (ref_id, seq) or at Galera's certification, and one
	 * transaction runs again (domain/outbox.c); no AUTO_INCREMENT orders
	 * events, since a cluster's nodes interleave those */
	{ DB_OUTBOX_INSERT,
	    "INSERT INTO outbox_events (id, type, subject_kind, subject_id, ref_id, seq, "
	    "payload, request_id, created_at) SELECT ?, ?, ?, ?, ?, COALESCE(MAX(seq), 0) + 1, "
	    "?, ?, UTC_TIMESTAMP(6) FROM outbox_events WHERE ref_id = ?" },
	/* whether the event of this transition exists (after DB_DUP) */
	{ DB_OUTBOX_EXISTS,
	    "SELECT COUNT(*) AS total FROM outbox_events WHERE type = ? AND ref_id = ?" },
	{ DB_WH_FANOUT, WH_FANOUT },
	/* DB_OUTBOX_INSERT of a JSON array of {id, type, kind, subject, ref,
	 * payload (the JSON as a string)}, of distinct resources: each seq is
	 * read before any row goes in */
	{ DB_OUTBOX_INSERT_MANY,
	    "INSERT INTO outbox_events (id, type, subject_kind, subject_id, ref_id, seq, "
	    "payload, created_at) SELECT j.id, j.type, j.kind, j.subject, j.ref, "
	    "(SELECT COALESCE(MAX(o.seq), 0) + 1 FROM outbox_events o WHERE o.ref_id = j.ref), "
	    "j.payload, UTC_TIMESTAMP(6) FROM " OUTBOX_ROWS },
	/* DB_WH_FANOUT of the same array */
	{ DB_WH_FANOUT_MANY,
	    "INSERT INTO webhook_deliveries (event_id, endpoint_id, status, next_attempt_at, "
	    "created_at) SELECT j.id, e.id, 'pending', UTC_TIMESTAMP(6), UTC_TIMESTAMP(6) "
	    "FROM " OUTBOX_ROWS " STRAIGHT_JOIN webhook_endpoints e ON e.subject_kind = j.kind "
	    "AND e.subject_id = j.subject AND e.active = 1 AND e.disabled_at IS NULL "
	    "AND FIND_IN_SET(j.type, e.events)" },
	/* a wallet user's event to the platform's live subscribed endpoints,
	 * unless the user has a live endpoint of its own (it wins: decision 4) */
	{ DB_WH_FANOUT_PLATFORM,
	    "INSERT INTO webhook_deliveries (event_id, endpoint_id, status, next_attempt_at, "
	    "created_at) SELECT ?, id, 'pending', UTC_TIMESTAMP(6), UTC_TIMESTAMP(6) "
	    "FROM webhook_endpoints WHERE subject_kind = 'platform' AND subject_id = 0 "
	    "AND active = 1 AND disabled_at IS NULL AND FIND_IN_SET(?, events) "
	    "AND NOT EXISTS (SELECT 1 FROM webhook_endpoints u WHERE u.subject_kind = 'user' "
	    "AND u.subject_id = ? AND u.active = 1 AND u.disabled_at IS NULL)" },
	/* DB_WH_FANOUT_PLATFORM of the user events of the same array */
	{ DB_WH_FANOUT_PLATFORM_MANY,
	    "INSERT INTO webhook_deliveries (event_id, endpoint_id, status, next_attempt_at, "
	    "created_at) SELECT j.id, e.id, 'pending', UTC_TIMESTAMP(6), UTC_TIMESTAMP(6) "
	    "FROM " OUTBOX_ROWS " STRAIGHT_JOIN webhook_endpoints e ON j.kind = 'user' "
	    "AND e.subject_kind = 'platform' AND e.subject_id = 0 AND e.active = 1 "
	    "AND e.disabled_at IS NULL AND FIND_IN_SET(j.type, e.events) "
	    "WHERE NOT EXISTS (SELECT 1 FROM webhook_endpoints u WHERE u.subject_kind = 'user' "
	    "AND u.subject_id = j.subject AND u.active = 1 AND u.disabled_at IS NULL)" },
	/* a fresh round to every live subscribed endpoint, new ones included */
	{ DB_WH_REDELIVER,
	    WH_FANOUT
	    "ON DUPLICATE KEY UPDATE status = 'pending', round_failures = 0, "
	    "next_attempt_at = UTC_TIMESTAMP(6), finished_at = NULL" },
	/* a test event's one delivery: to that live endpoint of the subject */
	{ DB_WH_FANOUT_ONE,
	    "INSERT INTO webhook_deliveries (event_id, endpoint_id, status, next_attempt_at, "
	    "created_at) SELECT ?, id, 'pending', UTC_TIMESTAMP(6), UTC_TIMESTAMP(6) "
	    "FROM webhook_endpoints WHERE subject_kind = ? AND subject_id = ? AND public_id = ? "
	    "AND active = 1 AND disabled_at IS NULL" },
	/* a fresh round of an event's own deliveries to live endpoints (a test
	 * event, sent to one endpoint whatever it subscribed to) */
	{ DB_WH_REDELIVER_OWN,
	    "UPDATE webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id "
	    "SET d.status = 'pending', d.round_failures = 0, d.next_attempt_at = UTC_TIMESTAMP(6), "
	    "d.finished_at = NULL WHERE d.event_id = ? AND e.active = 1 AND e.disabled_at IS NULL" },
	{ DB_STMT__MAX, NULL }
};
