/*
 * lib/store/db against the stack's MariaDB: transactions commit or roll back as
 * a whole, a real deadlock is retried until both sides succeed, and a
 * UNIQUE violation is reported as DB_DUP.
 */
#include <mysql.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/cfg.h"
#include "core/log.h"
#include "store/db.h"
#include "it.h"

static struct cfg cfg;

static int
load_cfg(void)
{
	char err[256];

	cfg_defaults(&cfg);
	return cfg_load(it_env("CEDIRAMP_CONF"), &cfg, err, sizeof(err));
}

/* Where two transactions meet: each holds its first row before either
 * asks for its second (a deadlock by state, not by timing: under ASan on a
 * loaded machine one side once committed before the other had started). */
struct meet {
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int holding; /* sides holding their first row */
};

struct two_sets {
	const char *first, *second, *value;
	int fail_after; /* return DB_FAIL after writing: must roll back */
	int attempts;
	struct meet *meet; /* NULL: no waiting for another side */
};

/* Says this side holds its first row, and waits (bounded) until the other
 * side does too; a side run again after the deadlock passes at once. */
static void
meet_other(struct meet *m)
{
	struct timespec until;

	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += (time_t)(60 * tu_slow());
	pthread_mutex_lock(&m->mu);
	m->holding++;
	pthread_cond_broadcast(&m->cv);
	while (m->holding < 2 && pthread_cond_timedwait(&m->cv, &m->mu, &until) == 0)
		;
	pthread_mutex_unlock(&m->mu);
}

/* Writes two settings in order; with a meet, the second only once the
 * other side holds its first. */
static int
set_two(struct db *db, void *arg)
{
	struct two_sets *t = arg;
	struct db_arg a[2];
	enum db_rc rc;

	t->attempts++;
	a[0] = DB_S(t->first);
	a[1] = DB_S(t->value);
	if ((rc = db_exec(db, DB_SIM_SETTING_SET, a, 2, NULL, NULL)) != DB_OK)
		return rc;
	if (t->meet != NULL)
		meet_other(t->meet);
	a[0] = DB_S(t->second);
	if ((rc = db_exec(db, DB_SIM_SETTING_SET, a, 2, NULL, NULL)) != DB_OK)
		return rc;
	return t->fail_after ? DB_FAIL : DB_OK;
}

static void
test_tx_commit_and_rollback(void)
{
	struct two_sets t = { "it.tx.a", "it.tx.b", "v1", 1, 0, NULL };
	struct db *db;

	CU_ASSERT_EQUAL_FATAL(load_cfg(), 0);
	db = db_open(&cfg, 1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(db);
	it_db_exec("DELETE FROM sim_settings WHERE name LIKE 'it.tx.%'", NULL, NULL);

	CU_ASSERT_EQUAL(db_tx(db, set_two, &t), DB_FAIL);
	CU_ASSERT_EQUAL(t.attempts, 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM sim_settings WHERE name LIKE 'it.tx.%'", NULL, NULL), 0);

	t.fail_after = 0;
	CU_ASSERT_EQUAL(db_tx(db, set_two, &t), DB_OK);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM sim_settings WHERE name LIKE 'it.tx.%' AND value = 'v1'", NULL, NULL), 2);
	/* the connection is back in autocommit mode: a lone write sticks */
	{
		struct db_arg a[2] = { DB_S("it.tx.c"), DB_S("v2") };

		CU_ASSERT_EQUAL(db_exec(db, DB_SIM_SETTING_SET, a, 2, NULL, NULL), DB_OK);
	}
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM sim_settings WHERE name = 'it.tx.c'", NULL, NULL), 1);
	it_db_exec("DELETE FROM sim_settings WHERE name LIKE 'it.tx.%'", NULL, NULL);
	db_close(db);
}

struct runner {
	struct two_sets t;
	int rc;
};

static void *
run_tx(void *arg)
{
	struct runner *r = arg;
	struct db *db;

	mysql_thread_init();
	db = db_open(&cfg, 1);
	r->rc = db ? db_tx(db, set_two, &r->t) : -1;
	db_close(db);
	mysql_thread_end();
	return NULL;
}

/* Opposite lock orders on two existing rows: InnoDB kills one side with a
 * deadlock error; db_tx must run that side again and both must commit. */
static void
test_tx_deadlock_is_retried(void)
{
	static struct meet m = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0 };
	struct runner a = { { "it.dl.1", "it.dl.2", "A", 0, 0, &m }, -1 };
	struct runner b = { { "it.dl.2", "it.dl.1", "B", 0, 0, &m }, -1 };
	pthread_t ta, tb;

	m.holding = 0;
	CU_ASSERT_EQUAL_FATAL(load_cfg(), 0);
	it_db_exec("REPLACE INTO sim_settings VALUES ('it.dl.1', '0'), ('it.dl.2', '0')", NULL, NULL);
	pthread_create(&ta, NULL, run_tx, &a);
	pthread_create(&tb, NULL, run_tx, &b);
	pthread_join(ta, NULL);
	pthread_join(tb, NULL);
	CU_ASSERT_EQUAL(a.rc, DB_OK);
	CU_ASSERT_EQUAL(b.rc, DB_OK);
	/* one side was the deadlock victim and ran again */
	CU_ASSERT_TRUE(a.t.attempts + b.t.attempts >= 3);
	/* whichever committed last wrote both rows: never a mix */
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(DISTINCT value) FROM sim_settings WHERE name LIKE 'it.dl.%'", NULL, NULL), 1);
	it_db_exec("DELETE FROM sim_settings WHERE name LIKE 'it.dl.%'", NULL, NULL);
}

static void
test_unique_violation_is_dup(void)
{
	struct db *db;
	struct db_arg a[4] = { DB_S("pt_it_duplicate_id"), DB_S("Dup Co"), DB_S("basic"), DB_S("sandbox") };

	CU_ASSERT_EQUAL_FATAL(load_cfg(), 0);
	db = db_open(&cfg, 1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(db);
	it_db_exec("DELETE FROM partners WHERE public_id = 'pt_it_duplicate_id'", NULL, NULL);
	CU_ASSERT_EQUAL(db_exec(db, DB_PARTNER_INSERT, a, 4, NULL, NULL), DB_OK);
	CU_ASSERT_EQUAL(db_exec(db, DB_PARTNER_INSERT, a, 4, NULL, NULL), DB_DUP);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM partners WHERE public_id = 'pt_it_duplicate_id'", NULL, NULL), 1);
	/* a wrong argument count is refused before anything runs */
	CU_ASSERT_EQUAL(db_exec(db, DB_PARTNER_INSERT, a, 3, NULL, NULL), DB_FAIL);
	it_db_exec("DELETE FROM partners WHERE public_id = 'pt_it_duplicate_id'", NULL, NULL);
	db_close(db);
}

/* A statement the server refuses (here a collation clash: bytes outside the
 * ids' ascii compared with them) is DB_FAIL, and the log says so as an
 * error with the server's words (issue 13: it was logged as "ok"). */
static void
test_refused_statement_is_logged_as_error(void)
{
	char path[] = "/tmp/cediramp-t_db-log-XXXXXX", text[4096];
	struct db_arg a[2] = { DB_S("cv_\xc3\xa9"), DB_I(1) };
	struct db *db;
	FILE *f;
	size_t n;
	int fd;

	CU_ASSERT_EQUAL_FATAL(load_cfg(), 0);
	db = db_open(&cfg, 1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(db);
	fd = mkstemp(path);
	CU_ASSERT_FATAL(fd >= 0);
	close(fd);
	CU_ASSERT_EQUAL(log_open(path, "t_db"), 0);
	CU_ASSERT_EQUAL(db_exec(db, DB_CONV_GET, a, 2, NULL, NULL), DB_FAIL);
	(void)log_open(NULL, NULL);
	f = fopen(path, "re");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	n = fread(text, 1, sizeof(text) - 1, f);
	text[n] = '\0';
	fclose(f);
	unlink(path);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "\"level\":\"error\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "1267")); /* ER_CANT_AGGREGATE_2COLLATIONS */
	db_close(db);
}

/* Every statement of the table prepares on the real schema, and returns
 * the columns its table (and so its reader) counts. */
static void
test_every_statement_prepares_with_its_columns(void)
{
	struct db *db;

	CU_ASSERT_EQUAL_FATAL(load_cfg(), 0);
	db = db_open(&cfg, 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(db);
	if (db_prepare_all(db) != DB_OK)
		fprintf(stderr, "db_prepare_all: %s\n", db_error(db));
	CU_ASSERT_EQUAL(db_prepare_all(db), DB_OK);
	CU_ASSERT_STRING_EQUAL(db_error(db), "");
	db_close(db);
}

/*
 * The server's own prepare of a typed statement with two of its columns
 * swapped: the same count, so a count check passed it, and its reader
 * would have filled reference_id with the request hash. The declaration's
 * names refuse it, naming the place and both names.
 */
static void
test_swapped_columns_refused(void)
{
	const char *sql = db_stmt_sql(DB_WD_GET), *at;
	const char *pair = "w.reference_id, w.request_hash", *swap = "w.request_hash, w.reference_id";
	const char *names[64];
	char swapped[4096], why[300] = "";
	MYSQL *m = it_db_connect(it_env("CEDIRAMP_CONF"));
	MYSQL_STMT *st;
	MYSQL_RES *meta;
	MYSQL_FIELD *f;
	unsigned n, i;

	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	CU_ASSERT_PTR_NOT_NULL_FATAL(sql);
	at = strstr(sql, pair);
	CU_ASSERT_PTR_NOT_NULL_FATAL(at);
	CU_ASSERT_FATAL(strlen(sql) < sizeof(swapped));
	snprintf(swapped, sizeof(swapped), "%.*s%s%s", (int)(at - sql), sql, swap,
	    at + strlen(pair));
	st = mysql_stmt_init(m);
	CU_ASSERT_PTR_NOT_NULL_FATAL(st);
	CU_ASSERT_EQUAL(mysql_stmt_prepare(st, swapped, strlen(swapped)), 0);
	meta = mysql_stmt_result_metadata(st);
	CU_ASSERT_PTR_NOT_NULL(meta);
	if (meta != NULL) {
		n = mysql_num_fields(meta);
		f = mysql_fetch_fields(meta);
		CU_ASSERT_EQUAL(n, db_stmt_ncols(DB_WD_GET));
		for (i = 0; i < n && i < 64; i++)
			names[i] = f[i].name;
		CU_ASSERT_EQUAL(db_stmt_prepare_check(DB_WD_GET, (unsigned)mysql_stmt_param_count(st),
		    names, n, why, sizeof(why)), -1);
		CU_ASSERT_STRING_EQUAL(why, "DB_WD_GET column 3 is \"request_hash\"; its "
		    "declaration (store/stmt_*.h) says \"reference_id\"");
		mysql_free_result(meta);
	}
	mysql_stmt_close(st);
	it_db_close(m);
}

/* The stack applied every migration at start; running it again does nothing. */
static void
test_migrate_twice_applies_nothing(void)
{
	char out[512];
	long long before = it_db_scalar("SELECT COUNT(*) FROM schema_migrations", NULL, NULL);

	CU_ASSERT_TRUE(before >= 1);
	CU_ASSERT_EQUAL(it_admin("migrate", out, sizeof(out)), 0);
	CU_ASSERT_STRING_EQUAL(out, "schema up to date");
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM schema_migrations", NULL, NULL), before);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM schema_migrations WHERE version = '001' "
	    "AND name = '001_foundation.sql'", NULL, NULL), 1);
}

int
it_suite_db(void)
{
	static const struct tu_test tests[] = {
		{ "db_tx commits or rolls back as a whole", test_tx_commit_and_rollback },
		{ "db_tx retries a real deadlock", test_tx_deadlock_is_retried },
		{ "a UNIQUE violation is DB_DUP", test_unique_violation_is_dup },
		{ "a refused statement is DB_FAIL, logged as an error",
		    test_refused_statement_is_logged_as_error },
		{ "migrate run again applies nothing", test_migrate_twice_applies_nothing },
		{ "every statement prepares, with its table's column count",
		    test_every_statement_prepares_with_its_columns },
		{ "a SELECT with two columns swapped is refused at prepare",
		    test_swapped_columns_refused },
	};

	return tu_add_suite("database layer", NULL, NULL, tests, NELEM(tests));
}
