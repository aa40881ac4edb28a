#include "store/db.h"

#include <mysql.h>
#include <errmsg.h>
#include <mysqld_error.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/log.h"
#include "core/strict.h"
#include "store/db_retry.h"

#define DB_MAX_ARGS 32
#define DB_MAX_COLS 64
/* On a Galera cluster, requests racing for one row from two nodes lose
 * to each other at certification: 50 at once on one wallet needed more
 * than 5 tries. 10, with waits capped at 320 ms (db_retry), bound a request
 * to about 1.5 s of waiting in the worst case. */
#define DB_TX_TRIES 10
/* a single statement outside a transaction: the server rolled a refused
 * one back whole, so running it again is running it once (as many tries:
 * a caller's rate-limit row is the hottest row of all, every request of
 * that caller counts on it) */
#define DB_STMT_TRIES DB_TX_TRIES

struct db {
	const struct cfg *cfg;
	MYSQL *conn;          /* NULL while disconnected */
	MYSQL_STMT *stmt[DB_STMT__MAX];
	int prepare_all;
	/* set by db_tx from BEGIN to COMMIT or ROLLBACK, and kept when the
	 * connection is lost meanwhile: the statements left of that
	 * transaction must fail, not run on a new connection in autocommit */
	int in_tx;
	struct db_counts counts;
	char err[512];
};

static void
db_set_err(struct db *db, const char *what, unsigned code, const char *msg)
{
	snprintf(db->err, sizeof(db->err), "%s: %u %s", what, code, msg);
}

void
db_set_error(struct db *db, const char *what, const char *msg)
{
	db_set_err(db, what, 0, msg);
}

const char *
db_error(const struct db *db)
{
	return db->err;
}

void
db_counts(const struct db *db, struct db_counts *out)
{
	if (db == NULL)
		memset(out, 0, sizeof(*out));
	else
		*out = db->counts;
}

static void
db_disconnect(struct db *db)
{
	size_t i;

	for (i = 0; i < DB_STMT__MAX; i++)
		if (db->stmt[i] != NULL) {
			mysql_stmt_close(db->stmt[i]);
			db->stmt[i] = NULL;
		}
	if (db->conn != NULL) {
		mysql_close(db->conn);
		db->conn = NULL;
	}
}

/* Codes after which the connection is unusable and must be re-opened. */
static int
conn_lost(unsigned code)
{
	return code == CR_SERVER_GONE_ERROR || code == CR_SERVER_LOST ||
	    code == CR_CONNECTION_ERROR || code == CR_CONN_HOST_ERROR ||
	    code == CR_SERVER_LOST_EXTENDED || code == ER_CONNECTION_KILLED ||
	    code == CR_COMMANDS_OUT_OF_SYNC || code == 4031 /* idle disconnect */;
}

static enum db_rc
classify(struct db *db, unsigned code)
{
	if (code == ER_DUP_ENTRY || code == ER_DUP_ENTRY_WITH_KEY_NAME)
		return DB_DUP;
	if (code == 4025 /* ER_CONSTRAINT_FAILED */)
		return DB_CHECK;
	if (code == ER_LOCK_DEADLOCK || code == ER_LOCK_WAIT_TIMEOUT ||
	    code == 1020 /* record changed since last read */)
		return DB_RETRY;
	/* a Galera node outside the primary component refuses every statement
	 * on a table (ER_UNKNOWN_COM_ERROR) but still answers: the service is
	 * unavailable here, and the connection is kept for the health check,
	 * which reads the node's state (DB_NODE_STATE, store/stmt_db.c) */
	if (code == ER_UNKNOWN_COM_ERROR)
		return DB_DOWN;
	if (conn_lost(code)) {
		db_disconnect(db);
		return DB_DOWN;
	}
	return DB_FAIL;
}

/* st's error while doing what (a step, or a step and its statement):
 * recorded for db_error, and classified. */
static enum db_rc
stmt_failed(struct db *db, MYSQL_STMT *st, const char *what)
{
	unsigned code = mysql_stmt_errno(st);

	db_set_err(db, what, code, mysql_stmt_error(st));
	return classify(db, code);
}

static int
db_connect(struct db *db)
{
	const struct cfg *c = db->cfg;
	unsigned int ct = (unsigned)c->db_connect_timeout;
	unsigned int rw = (unsigned)c->db_rw_timeout;
	/* Fixed session settings, not caller text. */
	const char *init = "SET time_zone = '+00:00', "
	    "sql_mode = 'STRICT_ALL_TABLES,NO_ZERO_DATE,NO_ENGINE_SUBSTITUTION,"
	    "ERROR_FOR_DIVISION_BY_ZERO', "
	    "tx_isolation = 'READ-COMMITTED'";
	MYSQL *m;

	if (db->conn != NULL)
		return 0;
	m = mysql_init(NULL);
	if (m == NULL) {
		db_set_err(db, "mysql_init", 0, "out of memory");
		return -1;
	}
	mysql_options(m, MYSQL_OPT_CONNECT_TIMEOUT, &ct);
	mysql_options(m, MYSQL_OPT_READ_TIMEOUT, &rw);
	mysql_options(m, MYSQL_OPT_WRITE_TIMEOUT, &rw);
	mysql_options(m, MYSQL_SET_CHARSET_NAME, "utf8mb4");
	mysql_options(m, MYSQL_INIT_COMMAND, init);
	if (mysql_real_connect(m, c->db_socket[0] ? NULL : c->db_host, c->db_user,
	    c->db_password, c->db_name, (unsigned)c->db_port,
	    c->db_socket[0] ? c->db_socket : NULL, 0) == NULL) {
		db_set_err(db, "connect", mysql_errno(m), mysql_error(m));
		mysql_close(m);
		return -1;
	}
	db->conn = m;
	return 0;
}

/* db_stmt_prepare_check of s's prepared st: the server's placeholder
 * count and column names against s's declaration. */
static int
prepare_check(enum db_stmt s, MYSQL_STMT *st, char *why, size_t cap)
{
	const char *names[DB_MAX_COLS];
	MYSQL_RES *meta = mysql_stmt_result_metadata(st);
	MYSQL_FIELD *f;
	unsigned n = 0, i;
	int rc;

	if (meta != NULL) {
		n = mysql_num_fields(meta);
		f = mysql_fetch_fields(meta);
		if (n > DB_MAX_COLS) {
			snprintf(why, cap, "%s returns %u columns, more than %d", db_stmt_name(s), n,
			    DB_MAX_COLS);
			mysql_free_result(meta);
			return -1;
		}
		for (i = 0; i < n; i++)
			names[i] = f[i].name;
	}
	rc = db_stmt_prepare_check(s, (unsigned)mysql_stmt_param_count(st), names, n, why, cap);
	if (meta != NULL)
		mysql_free_result(meta);
	return rc;
}

/* The prepared handle for s, preparing it on first use. */
static MYSQL_STMT *
db_prepared(struct db *db, enum db_stmt s, enum db_rc *rc)
{
	const char *sql = db_stmt_sql(s);
	char why[200];
	MYSQL_STMT *st;

	*rc = DB_FAIL;
	if (db->stmt[s] != NULL)
		return db->stmt[s];
	st = mysql_stmt_init(db->conn);
	if (st == NULL) {
		db_set_err(db, "stmt_init", 0, "out of memory");
		return NULL;
	}
	db->counts.round_trips++;
	if (mysql_stmt_prepare(st, sql, strlen(sql)) != 0) {
		snprintf(why, sizeof(why), "prepare %s", db_stmt_name(s));
		*rc = stmt_failed(db, st, why);
		mysql_stmt_close(st);
		return NULL;
	}
	/* the rows' readers take columns by their declared places: a
	 * statement that returns other columns, or the same in another order,
	 * would have them read the wrong cells */
	if (prepare_check(s, st, why, sizeof(why)) != 0) {
		db_set_err(db, "prepare", 0, why);
		mysql_stmt_close(st);
		return NULL;
	}
	db->stmt[s] = st;
	return st;
}

enum db_rc
db_prepare_all(struct db *db)
{
	enum db_rc rc;
	size_t i;

	if (db->conn == NULL && db_connect(db) != 0)
		return DB_DOWN;
	for (i = 0; i < DB_STMT__MAX; i++)
		if (db_prepared(db, (enum db_stmt)i, &rc) == NULL)
			return rc;
	return DB_OK;
}

/*
 * Connects when needed; with prepare_all prepares the whole table. A
 * statement the server refuses to prepare (db->err names it) stops the
 * sweep but not the statement at hand: the rest are prepared when first
 * run, and the refused one fails then with its own error. A node outside
 * Galera's primary component refuses every statement on a table, yet the
 * health check's statement must still run there.
 */
static enum db_rc
db_ensure(struct db *db)
{
	size_t i;
	enum db_rc rc;

	if (db->conn != NULL)
		return DB_OK;
	/* the transaction died with its connection: db_tx runs it again */
	if (db->in_tx) {
		db_set_err(db, "connect", 0, "the connection was lost inside a transaction");
		return DB_DOWN;
	}
	if (db_connect(db) != 0)
		return DB_DOWN;
	if (db->prepare_all)
		for (i = 0; i < DB_STMT__MAX; i++)
			if (db_prepared(db, (enum db_stmt)i, &rc) == NULL)
				break;
	return db->conn != NULL ? DB_OK : DB_DOWN;
}

struct db *
db_open(const struct cfg *c, int prepare_all)
{
	struct db *db = calloc(1, sizeof(*db));

	if (db == NULL)
		return NULL;
	db->cfg = c;
	db->prepare_all = prepare_all;
	(void)db_ensure(db);
	return db;
}

void
db_close(struct db *db)
{
	if (db == NULL)
		return;
	db_disconnect(db);
	free(db);
}

enum db_rc
db_count(struct db *db, enum db_stmt s, const struct db_arg *args, size_t nargs,
    unsigned long long *total)
{
	struct db_rows rows;
	enum db_rc rc;
	const char *v;

	*total = 0;
	if ((rc = db_exec(db, s, args, nargs, &rows, NULL)) != DB_OK)
		return rc;
	v = db_cell(&rows, 0, 0);
	if (v == NULL || strict_uint(v, strlen(v), ~0ULL >> 1, total) != 0)
		rc = DB_FAIL;
	db_rows_free(&rows);
	return rc;
}

enum db_rc
db_count_upto(struct db *db, enum db_stmt s, const struct db_arg *args, size_t nargs,
    unsigned long long cap, struct db_total *out)
{
	enum db_rc rc;

	out->capped = 0;
	if ((rc = db_count(db, s, args, nargs, &out->count)) != DB_OK)
		return rc;
	if (out->count > cap) {
		out->count = cap;
		out->capped = 1;
	}
	return DB_OK;
}

struct db_rows
db_rows_slice(const struct db_rows *r, size_t row, size_t col0, size_t ncols)
{
	struct db_rows v = { 0, 0, NULL };

	if (row < r->nrows && col0 + ncols <= r->ncols) {
		v.nrows = 1;
		v.ncols = ncols;
		v.cell = &r->cell[row * r->ncols + col0];
	}
	return v;
}

const char *
db_cell(const struct db_rows *r, size_t row, size_t col)
{
	if (r == NULL || row >= r->nrows || col >= r->ncols)
		return NULL;
	return r->cell[row * r->ncols + col];
}

void
db_cell_copy(char *dst, size_t cap, const struct db_rows *r, size_t row,
    size_t col)
{
	const char *v = db_cell(r, row, col);

	if (v == NULL)
		v = "";
	(void)strict_clip(dst, cap, v, strlen(v));
}

void
db_rows_free(struct db_rows *r)
{
	size_t i;

	if (r == NULL || r->cell == NULL)
		return;
	for (i = 0; i < r->nrows * r->ncols; i++)
		free(r->cell[i]);
	free(r->cell);
	r->cell = NULL;
	r->nrows = r->ncols = 0;
}

/* A result column read as text into buf (cap bytes), its length and
 * NULL-ness into *len and *isnull. */
static void
bind_text(MYSQL_BIND *b, char *buf, size_t cap, unsigned long *len, my_bool *isnull)
{
	b->buffer_type = MYSQL_TYPE_STRING;
	b->buffer = buf;
	b->buffer_length = cap;
	b->length = len;
	b->is_null = isnull;
}

/*
 * Reads the whole result set of an executed statement into rows, every
 * column as text. Returns DB_OK or an error with db->err set.
 */
static enum db_rc
fetch_all(struct db *db, MYSQL_STMT *st, struct db_rows *rows)
{
	MYSQL_RES *meta = NULL;
	MYSQL_FIELD *fields;
	MYSQL_BIND *bind = NULL;
	unsigned long *lens = NULL;
	my_bool *nulls = NULL;
	char **bufs = NULL;
	my_bool update_max = 1;
	size_t ncols, cap = 0, i;
	enum db_rc rc = DB_FAIL;
	int f;

	rows->nrows = rows->ncols = 0;
	rows->cell = NULL;
	meta = mysql_stmt_result_metadata(st);
	if (meta == NULL)
		return DB_OK; /* the statement has no result set */
	ncols = mysql_num_fields(meta);
	fields = mysql_fetch_fields(meta);
	mysql_stmt_attr_set(st, STMT_ATTR_UPDATE_MAX_LENGTH, &update_max);
	if (mysql_stmt_store_result(st) != 0)
		goto stmt_err;
	bind = calloc(ncols, sizeof(*bind));
	lens = calloc(ncols, sizeof(*lens));
	nulls = calloc(ncols, sizeof(*nulls));
	bufs = calloc(ncols, sizeof(*bufs));
	if (bind == NULL || lens == NULL || nulls == NULL || bufs == NULL)
		goto oom;
	for (i = 0; i < ncols; i++) {
		size_t sz = fields[i].max_length + 1;

		bufs[i] = malloc(sz);
		if (bufs[i] == NULL)
			goto oom;
		bind_text(&bind[i], bufs[i], sz, &lens[i], &nulls[i]);
	}
	if (mysql_stmt_bind_result(st, bind) != 0)
		goto stmt_err;
	rows->ncols = ncols;
	while ((f = mysql_stmt_fetch(st)) == 0 || f == MYSQL_DATA_TRUNCATED) {
		if (f == MYSQL_DATA_TRUNCATED) {
			db_set_err(db, "fetch", 0, "column truncated");
			goto out;
		}
		if (rows->nrows == cap) {
			size_t ncap = cap ? cap * 2 : 8;
			char **p = realloc(rows->cell, ncap * ncols * sizeof(*p));

			if (p == NULL)
				goto oom;
			rows->cell = p;
			cap = ncap;
		}
		for (i = 0; i < ncols; i++) {
			char *v = NULL;

			if (!nulls[i]) {
				v = malloc(lens[i] + 1);
				if (v == NULL) {
					/* keep the row count consistent for free */
					size_t j;

					for (j = i; j < ncols; j++)
						rows->cell[rows->nrows * ncols + j] = NULL;
					rows->nrows++;
					goto oom;
				}
				memcpy(v, bufs[i], lens[i]);
				v[lens[i]] = '\0';
			}
			rows->cell[rows->nrows * ncols + i] = v;
		}
		rows->nrows++;
	}
	if (f != MYSQL_NO_DATA)
		goto stmt_err;
	rc = DB_OK;
	goto out;
stmt_err:
	rc = stmt_failed(db, st, "fetch");
	goto out;
oom:
	db_set_err(db, "fetch", 0, "out of memory");
out:
	if (bufs != NULL)
		for (i = 0; i < ncols; i++)
			free(bufs[i]);
	free(bufs);
	free(nulls);
	free(lens);
	free(bind);
	if (db->conn != NULL)
		mysql_stmt_free_result(st);
	mysql_free_result(meta);
	if (rc != DB_OK)
		db_rows_free(rows);
	return rc;
}

/* Binds args to s and executes it (its result, if any, unread): *out is
 * the statement. May leave the connection closed. */
static enum db_rc
execute(struct db *db, enum db_stmt s, const struct db_arg *args, size_t nargs,
    struct db_res *res, MYSQL_STMT **out)
{
	MYSQL_BIND bind[DB_MAX_ARGS];
	my_bool isnull = 1;
	MYSQL_STMT *st;
	enum db_rc rc;
	size_t i;

	rc = db_ensure(db);
	if (rc != DB_OK)
		return rc;
	st = db_prepared(db, s, &rc);
	if (st == NULL)
		return rc;
	if (nargs != mysql_stmt_param_count(st) || nargs > DB_MAX_ARGS) {
		db_set_err(db, "bind", 0, "argument count does not match");
		return DB_FAIL;
	}
	memset(bind, 0, sizeof(bind));
	for (i = 0; i < nargs; i++) {
		switch (args[i].type) {
		case DB_ARG_NULL:
			bind[i].buffer_type = MYSQL_TYPE_NULL;
			bind[i].is_null = &isnull;
			break;
		case DB_ARG_STR:
			bind[i].buffer_type = MYSQL_TYPE_STRING;
			bind[i].buffer = (void *)args[i].s;
			bind[i].buffer_length = args[i].len;
			break;
		case DB_ARG_INT:
			bind[i].buffer_type = MYSQL_TYPE_LONGLONG;
			bind[i].buffer = (void *)&args[i].i;
			break;
		}
	}
	db->counts.statements++;
	db->counts.round_trips++;
	if ((nargs > 0 && mysql_stmt_bind_param(st, bind) != 0) ||
	    mysql_stmt_execute(st) != 0)
		return stmt_failed(db, st, "execute");
	if (res != NULL) {
		res->affected = mysql_stmt_affected_rows(st);
		res->insert_id = mysql_stmt_insert_id(st);
	}
	*out = st;
	return DB_OK;
}

/* One attempt at running s; may leave the connection closed. */
static enum db_rc
exec_once(struct db *db, enum db_stmt s, const struct db_arg *args,
    size_t nargs, struct db_rows *rows, struct db_res *res)
{
	MYSQL_STMT *st;
	enum db_rc rc;

	if ((rc = execute(db, s, args, nargs, res, &st)) != DB_OK)
		return rc;
	if (rows != NULL)
		return fetch_all(db, st, rows);
	mysql_stmt_free_result(st);
	return DB_OK;
}

/*
 * The rows of an executed statement one at a time, as the server sends
 * them (nothing stored), each as a one-row db_rows to fn. Every cell must
 * fit DB_EACH_CELL bytes.
 */
static enum db_rc
fetch_each(struct db *db, MYSQL_STMT *st, db_row_fn fn, void *arg)
{
	MYSQL_RES *meta = mysql_stmt_result_metadata(st);
	MYSQL_BIND bind[DB_EACH_COLS];
	unsigned long lens[DB_EACH_COLS];
	my_bool nulls[DB_EACH_COLS];
	char bufs[DB_EACH_COLS][DB_EACH_CELL + 1], *cells[DB_EACH_COLS];
	struct db_rows row;
	enum db_rc rc = DB_FAIL;
	size_t ncols, i;
	int f;

	if (meta == NULL)
		return DB_OK;
	ncols = mysql_num_fields(meta);
	mysql_free_result(meta);
	if (ncols > DB_EACH_COLS) {
		db_set_err(db, "fetch", 0, "too many columns to stream");
		goto out;
	}
	memset(bind, 0, sizeof(bind));
	for (i = 0; i < ncols; i++)
		bind_text(&bind[i], bufs[i], DB_EACH_CELL, &lens[i], &nulls[i]);
	if (mysql_stmt_bind_result(st, bind) != 0)
		goto stmt_err;
	row = (struct db_rows){ 1, ncols, cells };
	while ((f = mysql_stmt_fetch(st)) == 0) {
		for (i = 0; i < ncols; i++) {
			cells[i] = NULL;
			if (!nulls[i]) { /* a NULL's length is not set */
				bufs[i][lens[i] < DB_EACH_CELL ? lens[i] : DB_EACH_CELL] = '\0';
				cells[i] = bufs[i];
			}
		}
		if (fn(&row, arg) != 0) {
			db_set_err(db, "fetch", 0, "stopped by its reader");
			goto out;
		}
	}
	if (f == MYSQL_DATA_TRUNCATED) {
		db_set_err(db, "fetch", 0, "column truncated");
		goto out;
	}
	if (f != MYSQL_NO_DATA)
		goto stmt_err;
	rc = DB_OK;
	goto out;
stmt_err:
	rc = stmt_failed(db, st, "fetch");
out:
	if (db->conn != NULL)
		mysql_stmt_free_result(st); /* the rest of an unread result too */
	return rc;
}

enum db_rc
db_each(struct db *db, enum db_stmt s, const struct db_arg *args, size_t nargs,
    db_row_fn fn, void *arg)
{
	MYSQL_STMT *st;
	enum db_rc rc;

	if ((rc = execute(db, s, args, nargs, NULL, &st)) != DB_OK)
		return rc;
	return fetch_each(db, st, fn, arg);
}

enum db_rc
db_exec(struct db *db, enum db_stmt s, const struct db_arg *args,
    size_t nargs, struct db_rows *rows, struct db_res *res)
{
	int reopened = 0, tries = 1;
	enum db_rc rc;

	if ((unsigned)s >= DB_STMT__MAX) {
		db_set_err(db, "exec", 0, "no such statement");
		return DB_FAIL;
	}
	if (rows != NULL) {
		rows->nrows = rows->ncols = 0;
		rows->cell = NULL;
	}
	for (;;) {
		rc = exec_once(db, s, args, nargs, rows, res);
		/* inside a transaction the caller's db_tx decides */
		if (db->in_tx)
			break;
		/*
		 * A connection found dead (a server restart since the last
		 * request) is re-opened and the statement tried once more.
		 * Single statements run outside db_tx are idempotent by
		 * design, but for a rate-limit hit, which may then count once
		 * more (a window one request fuller, once, after a restart).
		 */
		if (rc == DB_DOWN && !reopened && db->conn == NULL) {
			reopened = 1;
			continue;
		}
		/* a deadlock, or on Galera a certification conflict (another
		 * node wrote the same row first): the server undid the
		 * statement whole, so it runs again as if for the first time */
		if (rc == DB_RETRY && tries < DB_STMT_TRIES) {
			db_retry_sleep(tries++);
			continue;
		}
		break;
	}
	/* what the caller turns into a 500 or 503: the server's own words, here
	 * only (an HTTP answer never carries them) */
	if (rc == DB_FAIL || rc == DB_DOWN)
		log_event("error", "database: statement %s: %s", db_stmt_name(s), db->err);
	else if (rc == DB_RETRY && !db->in_tx)
		log_event("warn", "database: statement %s: still in conflict after %d tries: %s",
		    db_stmt_name(s), tries, db->err);
	return rc;
}

int
db_tx_tries(struct db *db, db_tx_fn fn, void *arg, int tries)
{
	int attempt, rc = DB_FAIL;

	for (attempt = 0; attempt < tries; attempt++) {
		if (attempt > 0) {
			db_retry_sleep(attempt);
			db->counts.retries++;
		}
		if (db_ensure(db) != DB_OK) {
			rc = DB_DOWN;
			continue;
		}
		db->counts.round_trips++;
		if (mysql_autocommit(db->conn, 0) != 0) {
			db_set_err(db, "begin", mysql_errno(db->conn),
			    mysql_error(db->conn));
			rc = classify(db, mysql_errno(db->conn));
			continue;
		}
		db->in_tx = 1;
		rc = fn(db, arg);
		if (db->conn == NULL) {
			/* lost mid-transaction: nothing was committed */
			db->in_tx = 0;
			rc = DB_DOWN;
			continue;
		}
		if (rc == DB_OK) {
			db->counts.round_trips += 2; /* COMMIT, then autocommit back on */
			if (mysql_commit(db->conn) == 0) {
				db->in_tx = 0;
				mysql_autocommit(db->conn, 1);
				return DB_OK;
			}
			/* on Galera, losing certification shows here, as 1213 */
			db_set_err(db, "commit", mysql_errno(db->conn),
			    mysql_error(db->conn));
			rc = classify(db, mysql_errno(db->conn));
			db->in_tx = 0;
			if (rc == DB_DOWN && db->conn == NULL)
				return DB_DOWN; /* COMMIT's outcome is unknown */
		}
		if (db->conn != NULL) {
			db->counts.round_trips += 2;
			mysql_rollback(db->conn);
			mysql_autocommit(db->conn, 1);
		}
		db->in_tx = 0;
		if (rc != DB_RETRY)
			return rc;
	}
	return rc;
}

int
db_tx(struct db *db, db_tx_fn fn, void *arg)
{
	return db_tx_tries(db, fn, arg, DB_TX_TRIES);
}

struct claim {
	enum db_stmt claim, lease;
	int n, lease_seconds;
	char *out;
	size_t idcap;
	int got;
	int lease_all;   /* lease takes the JSON array of every id */
};

/* 1 when id is a plain id (letters, digits, '_' and '-'): it needs no
 * escape inside a JSON string. */
static int
plain_id(const char *id)
{
	for (; *id != '\0'; id++)
		if (!((*id >= 'a' && *id <= 'z') || (*id >= 'A' && *id <= 'Z') ||
		    (*id >= '0' && *id <= '9') || *id == '_' || *id == '-'))
			return 0;
	return 1;
}

/* Leases every claimed id of rows in one statement: k->lease with a JSON
 * array of the ids, then the seconds. */
static enum db_rc
lease_all(struct db *db, const struct claim *k, const struct db_rows *rows)
{
	struct db_arg a[2];
	size_t i, len = 3, at = 0;
	enum db_rc rc;
	char *json;

	for (i = 0; i < rows->nrows; i++) {
		if (db_cell(rows, i, 0) == NULL || !plain_id(db_cell(rows, i, 0)))
			return DB_FAIL;
		len += strlen(db_cell(rows, i, 0)) + 3;
	}
	if ((json = malloc(len)) == NULL)
		return DB_FAIL;
	json[at++] = '[';
	for (i = 0; i < rows->nrows; i++)
		at += (size_t)snprintf(json + at, len - at, "%s\"%s\"", i ? "," : "",
		    db_cell(rows, i, 0));
	json[at++] = ']';
	json[at] = '\0';
	a[0] = DB_S(json);
	a[1] = DB_I(k->lease_seconds);
	rc = db_exec(db, k->lease, a, 2, NULL, NULL);
	free(json);
	return rc;
}

static int
claim_tx(struct db *db, void *arg)
{
	struct claim *k = arg;
	struct db_arg a[2] = { DB_I(k->n), DB_NULL };
	struct db_rows rows;
	enum db_rc rc;
	size_t i;

	k->got = 0;
	if ((rc = db_exec(db, k->claim, a, 1, &rows, NULL)) != DB_OK)
		return rc;
	if (k->lease_all && rows.nrows > 0)
		rc = lease_all(db, k, &rows);
	for (i = 0; i < rows.nrows && rc == DB_OK; i++) {
		a[0] = DB_I(k->lease_seconds);
		a[1] = DB_S(db_cell(&rows, i, 0));
		if (!k->lease_all)
			rc = db_exec(db, k->lease, a, 2, NULL, NULL);
		if (rc == DB_OK && strict_copy(k->out + (size_t)k->got * k->idcap, k->idcap,
		    db_cell(&rows, i, 0)) == 0)
			k->got++;
	}
	db_rows_free(&rows);
	return rc;
}

/* db_claim and db_claim_all: k's claim in one attempt. */
static int
claim_once(struct db *db, struct claim *k)
{
	/* one attempt: a conflict means another worker took these rows (on
	 * Galera, SKIP LOCKED skips only this node's locks); the next claim
	 * finds what is left */
	switch (db_tx_tries(db, claim_tx, k, 1)) {
	case DB_OK:
		return k->got;
	case DB_RETRY:
		return 0;
	default:
		return -1;
	}
}

int
db_claim(struct db *db, enum db_stmt claim, enum db_stmt lease, int n,
    int lease_seconds, char *out, size_t idcap)
{
	struct claim k = { claim, lease, n, lease_seconds, out, idcap, 0, 0 };

	return claim_once(db, &k);
}

int
db_claim_all(struct db *db, enum db_stmt claim, enum db_stmt lease_all, int n,
    int lease_seconds, char *out, size_t idcap)
{
	struct claim k = { claim, lease_all, n, lease_seconds, out, idcap, 0, 1 };

	return claim_once(db, &k);
}
