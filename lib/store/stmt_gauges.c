#include "store/stmt_internal.h"

/* a queue's due rows: how many, and the oldest one's lateness */
#define DUE(name, table, states) \
	"SELECT '" name "' AS queue, COUNT(*) AS due, COALESCE(TIMESTAMPDIFF(SECOND, " \
	"MIN(next_check_at), UTC_TIMESTAMP(6)), 0) AS oldest_due_seconds FROM " table " " \
	"WHERE status IN (" states ") AND next_check_at <= UTC_TIMESTAMP(6)"

const struct db_stmt_def db_stmts_gauges[] = {
	{ DB_GAUGE_PAYOUTS,
	    "SELECT (SELECT COUNT(*) FROM payouts WHERE status = 'processing' AND held_at IS NULL) "
	    "AS in_doubt, "
	    "(SELECT COALESCE(TIMESTAMPDIFF(SECOND, MIN(COALESCE(processing_at, created_at)), "
	    "UTC_TIMESTAMP(6)), 0) FROM payouts WHERE status = 'processing' AND held_at IS NULL) "
	    "AS in_doubt_oldest_seconds, "
	    "(SELECT COUNT(*) FROM payouts WHERE status = 'processing' AND held_at IS NOT NULL) "
	    "AS held, "
	    "(SELECT COUNT(*) FROM payouts WHERE reversed_at IS NOT NULL) AS reversed" },
	{ DB_GAUGE_QUEUES,
	    DUE("payouts", "payouts", "'pending', 'processing'") " UNION ALL "
	    DUE("withdrawals", "withdrawals", "'pending', 'processing'") " UNION ALL "
	    DUE("payment_intents", "payment_intents", "'pending_approval', 'approved'")
	    " UNION ALL SELECT 'webhooks' AS queue, COUNT(*) AS due, "
	    "COALESCE(TIMESTAMPDIFF(SECOND, MIN(next_attempt_at), UTC_TIMESTAMP(6)), 0) "
	    "AS oldest_due_seconds FROM webhook_deliveries "
	    "WHERE status = 'pending' AND next_attempt_at <= UTC_TIMESTAMP(6)" },
	{ DB_GAUGE_WEBHOOKS,
	    "SELECT COUNT(*) AS pending FROM webhook_deliveries WHERE status = 'pending'" },
	{ DB_GAUGE_CHAIN,
	    "SELECT b.chain_id, TIMESTAMPDIFF(SECOND, b.finished_at, UTC_TIMESTAMP(6)) "
	    "AS head_age_seconds FROM chain_blocks b WHERE b.number = "
	    "(SELECT MAX(x.number) FROM chain_blocks x WHERE x.chain_id = b.chain_id)" },
	{ DB_GAUGE_CHAIN_SENDS,
	    "SELECT (SELECT COUNT(*) FROM chain_sends WHERE status = 'sent') AS pending, "
	    "(SELECT COUNT(*) FROM signer_journal WHERE op = 'fill' AND decision = 'signed') "
	    "AS fills" },
	{ DB_GAUGE_GALERA,
	    "SELECT (SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_VARIABLES "
	    "WHERE VARIABLE_NAME = 'WSREP_ON') AS wsrep_on, "
	    "(SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS "
	    "WHERE VARIABLE_NAME = 'WSREP_CLUSTER_SIZE') AS cluster_size, "
	    "(SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS "
	    "WHERE VARIABLE_NAME = 'WSREP_READY') AS ready, "
	    "(SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS "
	    "WHERE VARIABLE_NAME = 'WSREP_LOCAL_STATE') AS local_state" },
	{ DB_STMT__MAX, NULL }
};
