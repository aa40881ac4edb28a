/*
 * db: one persistent MariaDB connection per process. Statements come from
 * the statement table (store/db_stmt.h: each module's stmt_<module>.c),
 * are prepared once per connection, their column counts checked against
 * the server's, and are run with bound parameters only. A lost connection
 * is re-opened (and the statements prepared again) on the next call; db_tx
 * retries a whole transaction on deadlock, lock timeout, a Galera
 * certification conflict (1213), or a connection lost before COMMIT, and
 * db_exec retries a single statement run outside a transaction on the
 * same conflicts, each with a jittered backoff (store/db_retry.h).
 */
#ifndef CEDIRAMP_DB_H
#define CEDIRAMP_DB_H

#include <stddef.h>
#include <string.h>

#include "core/cfg.h"
#include "store/db_stmt.h"

enum db_rc {
	DB_OK = 0,
	DB_DUP,   /* a UNIQUE constraint refused the row */
	DB_RETRY, /* deadlock, lock wait timeout or a Galera certification
	           * conflict: run the transaction again */
	DB_DOWN,  /* no connection to the server, or a Galera node outside the
	           * primary component (it refuses every table) */
	DB_FAIL,  /* anything else; see db_error() */
	DB_CHECK  /* a CHECK constraint refused the change */
};

enum db_arg_type { DB_ARG_NULL = 0, DB_ARG_STR, DB_ARG_INT };

struct db_arg {
	enum db_arg_type type;
	const char *s;
	size_t len;
	long long i;
};

#define DB_S(x) ((struct db_arg){ .type = DB_ARG_STR, .s = (x), .len = strlen(x) })
#define DB_SN(x, n) ((struct db_arg){ .type = DB_ARG_STR, .s = (x), .len = (n) })
#define DB_I(x) ((struct db_arg){ .type = DB_ARG_INT, .i = (x) })
#define DB_NULL ((struct db_arg){ .type = DB_ARG_NULL })

/* A result set, every column as text (DECIMAL stays exact). */
struct db_rows {
	size_t nrows, ncols;
	char **cell; /* nrows * ncols; NULL for SQL NULL */
};

struct db_res {
	unsigned long long affected;
	unsigned long long insert_id;
};

struct db;

/*
 * Opens a connection described by c (borrowed: it must outlive the db).
 * Never fails for an unreachable server: the handle is returned and the
 * connection is retried on use. With prepare_all, every statement is
 * prepared up front so a broken statement shows at start. NULL on OOM.
 */
struct db *db_open(const struct cfg *c, int prepare_all);
void db_close(struct db *db);

/*
 * Prepares every statement now, checking each one's column count against
 * its table (db_open does this with prepare_all): DB_OK, or the first
 * failure, db_error naming the statement.
 */
enum db_rc db_prepare_all(struct db *db);

/* Last error text, for logs. Never NULL. */
const char *db_error(const struct db *db);

/* What a handle has asked of the server since it was opened (metrics:
 * a request's share is the difference of two readings). */
struct db_counts {
	unsigned long long statements;  /* prepared statements executed */
	unsigned long long round_trips; /* those, prepares, begins, commits, rollbacks */
	unsigned long long retries;     /* transactions run again (1213, 1205) */
};

/* db's counts so far into out (zeros for NULL). */
void db_counts(const struct db *db, struct db_counts *out);

/* Sets the error text db_error gives to what and msg: a failure found
 * before the server was asked (store/db_sig.c's shape check). */
void db_set_error(struct db *db, const char *what, const char *msg);

/*
 * Runs statement s with nargs bound args. When rows is not NULL, the
 * result set is stored there (free with db_rows_free). res (may be NULL)
 * gets affected rows and the insert id. Outside a transaction (autocommit)
 * a statement refused with DB_RETRY was undone whole by the server, so it
 * runs again, up to 10 tries in all with a jittered backoff, before DB_RETRY is
 * returned; and a connection found lost is re-opened once. Inside db_tx
 * every error goes to the transaction's function, whose db_tx decides.
 */
enum db_rc db_exec(struct db *db, enum db_stmt s, const struct db_arg *args,
    size_t nargs, struct db_rows *rows, struct db_res *res);

/*
 * Runs s, a count (one row of one column), with its nargs args; the count
 * into *total. DB_OK; DB_FAIL for an answer that is no count; or the
 * database's error.
 */
enum db_rc db_count(struct db *db, enum db_stmt s, const struct db_arg *args,
    size_t nargs, unsigned long long *total);

/*
 * A list's count that stops at a cap (decision 70): count is exact up to
 * cap; past it, count is cap and capped is 1 (more match).
 */
struct db_total {
	unsigned long long count;
	int capped;
};

/*
 * Runs s, a count of a subquery whose LIMIT arguments the caller set to
 * cap + 1 (so that the server reads at most that many matches), into out
 * as struct db_total says. DB_OK; DB_FAIL for an answer that is no count;
 * or the database's error (out zeroed).
 */
enum db_rc db_count_upto(struct db *db, enum db_stmt s, const struct db_arg *args,
    size_t nargs, unsigned long long cap, struct db_total *out);

/*
 * Runs s with its nargs args and hands each row of its result to fn as it
 * arrives from the server (a one-row db_rows, valid during the call):
 * nothing is stored, so a result of any size runs in constant memory.
 * Every cell must fit DB_EACH_CELL bytes and a row DB_EACH_COLS columns
 * (else DB_FAIL). fn returns 0 to go on, anything else to stop: the rest
 * is discarded and DB_FAIL returned. No retry: meant for a read inside a
 * transaction, whose snapshot the rows come from. The connection runs
 * nothing else until it returns.
 */
#define DB_EACH_CELL 255
#define DB_EACH_COLS 12
typedef int (*db_row_fn)(const struct db_rows *row, void *arg);
enum db_rc db_each(struct db *db, enum db_stmt s, const struct db_arg *args,
    size_t nargs, db_row_fn fn, void *arg);

/* A one-row view of row's columns col0 .. col0 + ncols - 1 of r, for a
 * parser of one table's columns in a joined result (no copy: valid while r
 * is). */
struct db_rows db_rows_slice(const struct db_rows *r, size_t row, size_t col0,
    size_t ncols);
/* Cell text or NULL; out-of-range is NULL. */
const char *db_cell(const struct db_rows *r, size_t row, size_t col);
/* Copies a cell into dst (cap bytes): NULL, SQL NULL and out-of-range are
 * "", a longer value is clipped. */
void db_cell_copy(char *dst, size_t cap, const struct db_rows *r, size_t row,
    size_t col);
void db_rows_free(struct db_rows *r);

/*
 * Runs fn(db, arg) inside a transaction. fn returns DB_OK to commit or any
 * other value to roll back; DB_RETRY (a deadlock, a lock wait timeout, on
 * Galera a conflict at any statement or at COMMIT) and a connection lost
 * before COMMIT run fn again, up to 5 times in all with a jittered backoff.
 * fn must keep its side effects in the database or in arg so that a re-run
 * starts clean. Returns fn's final value, or DB_DOWN / DB_FAIL; DB_DOWN
 * also when the connection was lost during COMMIT, whose outcome is then
 * unknown (never retried: it may have committed).
 */
typedef int (*db_tx_fn)(struct db *db, void *arg);
int db_tx(struct db *db, db_tx_fn fn, void *arg);

/* db_tx with tries attempts in all (1: no retry; DB_RETRY is returned). */
int db_tx_tries(struct db *db, db_tx_fn fn, void *arg, int tries);

/*
 * A worker's claim, in one transaction: claim (one argument, the batch
 * size n) selects due ids FOR UPDATE SKIP LOCKED; lease (arguments: the
 * seconds, the id) leases each. The ids go into out (n rows of idcap
 * bytes). Returns how many, or -1. One attempt only: a claim that hits
 * DB_RETRY lost its rows to another worker (on Galera, SKIP LOCKED skips
 * only this node's locks, so two nodes' workers meet at certification),
 * and is 0 claims, nothing logged.
 */
int db_claim(struct db *db, enum db_stmt claim, enum db_stmt lease, int n,
    int lease_seconds, char *out, size_t idcap);

/* db_claim whose lease_all leases every claimed id in one statement (its
 * arguments: a JSON array of the ids, then the seconds); ids must be
 * plain (letters, digits, '_', '-'). */
int db_claim_all(struct db *db, enum db_stmt claim, enum db_stmt lease_all, int n,
    int lease_seconds, char *out, size_t idcap);

#endif
