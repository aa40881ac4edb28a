/*
 * stmt_db: the statements of the store's own statements: the node's state
 * and the providers' stored health (the health check's), the migrations'
 * lease and journal (store/db.c, store/migrate.c, store/migrate_lock.c),
 * with the columns their rows hold; the SQL is in stmt_db.c.
 */
#ifndef CEDIRAMP_STMT_DB_H
#define CEDIRAMP_STMT_DB_H

/* the node's Galera state, as information_schema holds it (each NULL on
 * a build without wsrep): read by domain/health.c */
#define node_state_COLS(C, x) \
	C(x, RAW, wsrep_on, ) C(x, RAW, wsrep_ready, ) C(x, RAW, cluster_status, )

/* the migrations' lease: taken by holder for seconds ... */
#define migration_take_ARGS(ARG, AGAIN) ARG(TEXT, holder) ARG(INT, seconds)
/* ... renewed for seconds while holder has it ... */
#define migration_renew_ARGS(ARG, AGAIN) ARG(INT, seconds) ARG(TEXT, holder)
/* ... released by holder */
#define migration_release_ARGS(ARG, AGAIN) ARG(TEXT, holder)
/* whose it is and until when (ISO 8601), for the message of a runner waiting */
#define migration_holder_COLS(C, x) C(x, RAW, holder, ) C(x, RAW, expires_at, )
/* a migration by its version ("007") ... */
#define migration_version_ARGS(ARG, AGAIN) ARG(TEXT, version)
#define migration_version_COLS(C, x) C(x, RAW, version, )
/* ... recorded with its file's name */
#define migration_record_ARGS(ARG, AGAIN) ARG(TEXT, version) ARG(TEXT, name)

/* a provider's stored health: its name, state, age in seconds, when it
 * was checked (Unix seconds) and that as stored, to the microsecond (what
 * a probe claims and stores against); read by domain/probe.c */
#define probe_state_COLS(C, x) \
	C(x, RAW, name, ) C(x, RAW, state, ) C(x, RAW, age_seconds, ) \
	C(x, RAW, checked_unix, ) C(x, RAW, checked_at, )
/* the probing lease of provider name for lease_seconds, when its row is
 * stale_seconds old and still checked_at as read */
#define probe_claim_ARGS(ARG, AGAIN) \
	ARG(INT, lease_seconds) ARG(TEXT, name) ARG(INT, stale_seconds) ARG(TEXT, checked_at)
/* a probe's answer, stored while the row is still checked_at */
#define probe_store_ARGS(ARG, AGAIN) ARG(TEXT, state) ARG(TEXT, name) ARG(TEXT, checked_at)

/* Its statements (their SQL in stmt_db.c): S(statement, its arguments'
 * shape, its rows' shape), as store/db_sig.h says. */
#define DB_STMTS_DB(S) \
	S(DB_NODE_STATE, no_args, node_state) \
	S(DB_MIGRATION_LOCK_TAKE, migration_take, db_none) \
	S(DB_MIGRATION_LOCK_CLEAR, no_args, db_none) \
	S(DB_MIGRATION_LOCK_RENEW, migration_renew, db_none) \
	S(DB_MIGRATION_LOCK_HOLDER, no_args, migration_holder) \
	S(DB_MIGRATION_LOCK_RELEASE, migration_release, db_none) \
	S(DB_MIGRATION_APPLIED, migration_version, migration_version) \
	S(DB_MIGRATION_RECORD, migration_record, db_none) \
	S(DB_PROBE_READ, no_args, probe_state) \
	S(DB_PROBE_CLAIM, probe_claim, db_none) \
	S(DB_PROBE_STORE, probe_store, db_none) \
	S(DB_PROBE_STALE, no_args, db_none)
#define DB_ARGS_DB(A) A(migration_take) A(migration_renew) \
	A(migration_release) A(migration_version) A(migration_record) A(probe_claim) \
	A(probe_store)
#define DB_ROWS_DB(R) R(node_state) R(migration_holder) R(migration_version) R(probe_state)

#endif
