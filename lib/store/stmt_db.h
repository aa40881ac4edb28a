/*
 * stmt_db: the statements of the store's own statements: the node's state
 * and the providers' stored health (the health check's), the migrations' lease and journal (store/db.c, store/migrate.c,
 * store/migrate_lock.c), with the columns their rows hold; the SQL is in
 * stmt_db.c.
 */
#ifndef CEDIRAMP_STMT_DB_H
#define CEDIRAMP_STMT_DB_H

/* Its statements (their SQL in stmt_db.c). */
#define DB_STMTS_DB(S) \
	S(DB_NODE_STATE) \
	S(DB_MIGRATION_LOCK_TAKE) \
	S(DB_MIGRATION_LOCK_CLEAR) \
	S(DB_MIGRATION_LOCK_RENEW) \
	S(DB_MIGRATION_LOCK_HOLDER) \
	S(DB_MIGRATION_LOCK_RELEASE) \
	S(DB_MIGRATION_APPLIED) \
	S(DB_MIGRATION_RECORD) \
	S(DB_PROBE_READ) \
	S(DB_PROBE_CLAIM) \
	S(DB_PROBE_STORE) \
	S(DB_PROBE_STALE)

#endif
