#include "store/stmt_internal.h"

const struct db_stmt_def db_stmts_db[] = {
	/* the node's state for /v1/health (domain/health.c): whether it is a
	 * Galera node, ready, and in the primary component. information_schema
	 * only, which a node outside the primary component still answers (it
	 * refuses every table). wsrep_on comes from GLOBAL_VARIABLES: in a
	 * statement that reads information_schema, @@wsrep_on reads 0 on a
	 * Galera node (measured on 10.11). On one plain server it is OFF, and
	 * on a build without wsrep every value is NULL */
	{ DB_NODE_STATE,
	    "SELECT (SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_VARIABLES "
	    "WHERE VARIABLE_NAME = 'WSREP_ON') AS wsrep_on, "
	    "(SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS "
	    "WHERE VARIABLE_NAME = 'WSREP_READY') AS wsrep_ready, "
	    "(SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS "
	    "WHERE VARIABLE_NAME = 'WSREP_CLUSTER_STATUS') AS cluster_status" },
	/* the migrations' lease (store/migrate_lock.c): one row, id 1, in an
	 * InnoDB table so that every node of a cluster sees it (GET_LOCK is
	 * one node's); taking it is an autocommit insert, so a second runner
	 * gets a duplicate key, or on another node a certification conflict */
	{ DB_MIGRATION_LOCK_TAKE,
	    "INSERT INTO schema_migration_lock (id, holder, expires_at) "
	    "VALUES (1, ?, UTC_TIMESTAMP(6) + INTERVAL ? SECOND)" },
	/* a runner that died: its lease passed */
	{ DB_MIGRATION_LOCK_CLEAR,
	    "DELETE FROM schema_migration_lock WHERE id = 1 "
	    "AND expires_at < UTC_TIMESTAMP(6)" },
	{ DB_MIGRATION_LOCK_RENEW,
	    "UPDATE schema_migration_lock SET expires_at = UTC_TIMESTAMP(6) + "
	    "INTERVAL ? SECOND WHERE id = 1 AND holder = ?" },
	{ DB_MIGRATION_LOCK_HOLDER,
	    "SELECT holder, DATE_FORMAT(expires_at, '%Y-%m-%dT%H:%i:%sZ') AS expires_at "
	    "FROM schema_migration_lock WHERE id = 1" },
	{ DB_MIGRATION_LOCK_RELEASE,
	    "DELETE FROM schema_migration_lock WHERE id = 1 AND holder = ?" },
	/* after the lease: what the runner before us recorded, on any node */
	{ DB_MIGRATION_APPLIED,
	    SYNC_READ "SELECT version FROM schema_migrations WHERE version = ?" },
	{ DB_MIGRATION_RECORD, "INSERT INTO schema_migrations (version, name) VALUES (?, ?)" },
	/* provider health (domain/probe.c): the stored states, seconds old,
	 * and when they were checked (Unix seconds; the column holds UTC);
	 * waits for the cluster, so a stale-marking made on another node
	 * (cediramp-admin sim set) is seen by the next read */
	{ DB_PROBE_READ,
	    SYNC_READ "SELECT name, state, TIMESTAMPDIFF(MICROSECOND, checked_at, UTC_TIMESTAMP(6)) "
	    "DIV 1000000 AS age_seconds, "
	    "TIMESTAMPDIFF(SECOND, '1970-01-01 00:00:00', checked_at) AS checked_unix, "
	    "DATE_FORMAT(checked_at, '%Y-%m-%d %H:%i:%s.%f') AS checked_at FROM provider_health" },
	/* the probing lease of a stale row, still as it was read (its
	 * checked_at, to the microsecond): affected 1 means probe it */
	{ DB_PROBE_CLAIM,
	    "UPDATE provider_health SET probing_until = UTC_TIMESTAMP(6) + INTERVAL ? SECOND "
	    "WHERE name = ? AND checked_at <= UTC_TIMESTAMP(6) - INTERVAL ? SECOND "
	    "AND checked_at = ? AND (probing_until IS NULL OR probing_until < UTC_TIMESTAMP(6))" },
	/* stored only if the row is still the one the probe claimed: a probe
	 * that outlived a stale-marking (or its lease) and another probe
	 * after it never writes its older answer over theirs */
	{ DB_PROBE_STORE,
	    "UPDATE provider_health SET state = ?, checked_at = UTC_TIMESTAMP(6), "
	    "probing_until = NULL WHERE name = ? AND checked_at = ?" },
	/* the sandbox changed a simulator's health: every state is probed again */
	{ DB_PROBE_STALE,
	    "UPDATE provider_health SET checked_at = '1970-01-01 00:00:01', probing_until = NULL" },
	{ DB_STMT__MAX, NULL }
};
