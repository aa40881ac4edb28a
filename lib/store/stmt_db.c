#include "store/stmt_internal.h"

const struct db_stmt_def db_stmts_db[] = {
	{ DB_PING, 1, "SELECT 1" },
	{ DB_LOCK_GET, 1, "SELECT GET_LOCK(?, ?)" },
	{ DB_LOCK_RELEASE, 1, "SELECT RELEASE_LOCK(?)" },
	{ DB_MIGRATION_APPLIED, 1, "SELECT version FROM schema_migrations WHERE version = ?" },
	{ DB_MIGRATION_RECORD, 0, "INSERT INTO schema_migrations (version, name) VALUES (?, ?)" },
	{ DB_STMT__MAX, 0, NULL }
};
