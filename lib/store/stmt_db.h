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
	S(DB_NODE_STATE, untyped, untyped) \
	S(DB_MIGRATION_LOCK_TAKE, untyped, untyped) \
	S(DB_MIGRATION_LOCK_CLEAR, untyped, untyped) \
	S(DB_MIGRATION_LOCK_RENEW, untyped, untyped) \
	S(DB_MIGRATION_LOCK_HOLDER, untyped, untyped) \
	S(DB_MIGRATION_LOCK_RELEASE, untyped, untyped) \
	S(DB_MIGRATION_APPLIED, untyped, untyped) \
	S(DB_MIGRATION_RECORD, untyped, untyped) \
	S(DB_PROBE_READ, untyped, untyped) \
	S(DB_PROBE_CLAIM, untyped, untyped) \
	S(DB_PROBE_STORE, untyped, untyped) \
	S(DB_PROBE_STALE, untyped, untyped)

#define DB_ARGS_DB(A)
#define DB_ROWS_DB(R)

#endif
