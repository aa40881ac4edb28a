#include "store/stmt_internal.h"

const struct db_stmt_def db_stmts_idempotency[] = {
	{ DB_IDEM_INSERT,
	    "INSERT INTO idempotency_keys (user_id, idem_key, endpoint, request_hash, "
	    "state, owner, locked_at, created_at) "
	    "VALUES (?, ?, ?, ?, 'in_progress', ?, UTC_TIMESTAMP(6), UTC_TIMESTAMP(6))" },
	/* the key's row as the request that holds it (maybe on another node)
	 * last wrote it: wait for the cluster (SYNC_READ) */
	{ DB_IDEM_GET,
	    SYNC_READ "SELECT id, endpoint, request_hash, state, status_code, response_body, "
	    "DATE_FORMAT(created_at, '%Y-%m-%dT%H:%i:%sZ') AS created_at, "
	    "created_at < UTC_TIMESTAMP(6) - INTERVAL 24 HOUR AS expired, "
	    "recovery_point, recovery_id, "
	    "locked_at < UTC_TIMESTAMP(6) - INTERVAL CAST(? AS UNSIGNED) SECOND AS abandoned "
	    "FROM idempotency_keys WHERE user_id = ? AND idem_key = ?" },
	{ DB_IDEM_DELETE_EXPIRED,
	    "DELETE FROM idempotency_keys WHERE id = ? "
	    "AND created_at < UTC_TIMESTAMP(6) - INTERVAL 24 HOUR" },
	/* the owner is checked: a request whose key was taken over writes nothing */
	{ DB_IDEM_DONE,
	    "UPDATE idempotency_keys SET state = 'done', status_code = ?, "
	    "response_body = ? WHERE id = ? AND owner = ? AND state = 'in_progress'" },
	{ DB_IDEM_RELEASE,
	    "DELETE FROM idempotency_keys WHERE id = ? AND owner = ? "
	    "AND state = 'in_progress'" },
	{ DB_IDEM_HAND_ON,
	    "UPDATE idempotency_keys SET locked_at = created_at - INTERVAL 1 DAY "
	    "WHERE id = ? AND owner = ? AND state = 'in_progress'" },
	{ DB_IDEM_TAKE_OVER,
	    "UPDATE idempotency_keys SET owner = ?, locked_at = UTC_TIMESTAMP(6) "
	    "WHERE id = ? AND state = 'in_progress' "
	    "AND locked_at < UTC_TIMESTAMP(6) - INTERVAL CAST(? AS UNSIGNED) SECOND" },
	{ DB_IDEM_MARK,
	    "UPDATE idempotency_keys SET recovery_point = ?, recovery_id = ?, "
	    "locked_at = UTC_TIMESTAMP(6) WHERE id = ? AND owner = ? "
	    "AND state = 'in_progress'" },
	{ DB_IDEM_EXPIRE,
	    "DELETE FROM idempotency_keys WHERE created_at < UTC_TIMESTAMP(6) - "
	    "INTERVAL 24 HOUR LIMIT 1000" },
	{ DB_STMT__MAX, NULL }
};
