#include "store/stmt_internal.h"

/* a pending delivery for every live endpoint of a subject subscribed to
 * the event's type (arguments: event id, kind, subject id, type) */
#define WH_FANOUT "INSERT INTO webhook_deliveries (event_id, endpoint_id, status, " \
	"next_attempt_at, created_at) SELECT ?, id, 'pending', UTC_TIMESTAMP(6), " \
	"UTC_TIMESTAMP(6) FROM webhook_endpoints WHERE subject_kind = ? " \
	"AND subject_id = ? AND active = 1 AND FIND_IN_SET(?, events) "

const struct db_stmt_def db_stmts_outbox[] = {
	{ DB_OUTBOX_INSERT, 0,
	    "INSERT INTO outbox_events (id, type, subject_kind, subject_id, ref_id, "
	    "payload, created_at) VALUES (?, ?, ?, ?, ?, ?, UTC_TIMESTAMP(6))" },
	{ DB_WH_FANOUT, 0, WH_FANOUT },
	/* a fresh round to every live subscribed endpoint, new ones included */
	{ DB_WH_REDELIVER, 0,
	    WH_FANOUT
	    "ON DUPLICATE KEY UPDATE status = 'pending', round_failures = 0, "
	    "next_attempt_at = UTC_TIMESTAMP(6), finished_at = NULL" },
	{ DB_STMT__MAX, 0, NULL }
};
