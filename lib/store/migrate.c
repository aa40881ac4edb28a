#include "store/migrate.h"

#include <dirent.h>
#include <mysql.h>
#include <stdlib.h>
#include <string.h>

#include "core/buf.h"
#include "store/db.h"
#include "store/db_sig.h"
#include "store/migrate_lock.h"
#include "core/strict.h"

#define MIGRATE_MAX_FILES 512
#define MIGRATE_MAX_BYTES (4 * 1024 * 1024)

static int
name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* "NNN_name.sql": three digits, an underscore, [a-z0-9_]+, ".sql". */
static int
migration_name_ok(const char *n)
{
	size_t i, len = strlen(n);

	if (len < 9 || strcmp(n + len - 4, ".sql") != 0 || n[3] != '_')
		return 0;
	for (i = 0; i < 3; i++)
		if (n[i] < '0' || n[i] > '9')
			return 0;
	for (i = 4; i < len - 4; i++)
		if (!((n[i] >= 'a' && n[i] <= 'z') || (n[i] >= '0' && n[i] <= '9') ||
		    n[i] == '_'))
			return 0;
	return 1;
}

static int
read_file(const char *path, struct buf *b)
{
	char chunk[8192];
	size_t got;
	FILE *f = fopen(path, "r");

	if (f == NULL)
		return -1;
	while ((got = fread(chunk, 1, sizeof(chunk), f)) > 0)
		if (buf_append(b, chunk, got) != 0) {
			fclose(f);
			return -1;
		}
	fclose(f);
	return buf_cstr(b) ? 0 : -1;
}

/* Runs a multi-statement script on m, draining every result. */
static int
run_script(MYSQL *m, const char *sql, size_t n)
{
	int st;

	if (mysql_real_query(m, sql, (unsigned long)n) != 0)
		return -1;
	do {
		MYSQL_RES *res = mysql_store_result(m);

		mysql_free_result(res);
		if (mysql_errno(m) != 0)
			return -1;
		st = mysql_next_result(m);
		if (st > 0)
			return -1;
	} while (st == 0);
	return 0;
}

static MYSQL *
connect_multi(const struct cfg *c)
{
	MYSQL *m = mysql_init(NULL);
	unsigned ct = (unsigned)c->db_connect_timeout;

	if (m == NULL)
		return NULL;
	mysql_options(m, MYSQL_OPT_CONNECT_TIMEOUT, &ct);
	mysql_options(m, MYSQL_SET_CHARSET_NAME, "utf8mb4");
	mysql_options(m, MYSQL_INIT_COMMAND, "SET time_zone = '+00:00'");
	if (mysql_real_connect(m, c->db_socket[0] ? NULL : c->db_host, c->db_user,
	    c->db_password, c->db_name, (unsigned)c->db_port,
	    c->db_socket[0] ? c->db_socket : NULL, CLIENT_MULTI_STATEMENTS) == NULL) {
		fprintf(stderr, "migrate: connect: %s\n", mysql_error(m));
		mysql_close(m);
		return NULL;
	}
	return m;
}

int
migrate_apply(const struct cfg *c, const char *dir, FILE *out)
{
	/* the journal, and the lease's one row (store/migrate_lock.h) */
	static const char bootstrap[] =
	    "CREATE TABLE IF NOT EXISTS schema_migrations ("
	    " version CHAR(3) NOT NULL PRIMARY KEY,"
	    " name VARCHAR(200) NOT NULL,"
	    " applied_at DATETIME(6) NOT NULL DEFAULT UTC_TIMESTAMP(6)"
	    ") ENGINE=InnoDB;"
	    "CREATE TABLE IF NOT EXISTS schema_migration_lock ("
	    " id TINYINT UNSIGNED NOT NULL PRIMARY KEY,"
	    " holder VARCHAR(" MIGRATE_LOCK_HOLDER_TEXT ") NOT NULL,"
	    " expires_at DATETIME(6) NOT NULL,"
	    " CONSTRAINT ck_migration_lock_one CHECK (id = 1)"
	    ") ENGINE=InnoDB";
	char *names[MIGRATE_MAX_FILES], holder[MIGRATE_LOCK_HOLDER_MAX + 1];
	char why[300];
	size_t n = 0, i;
	struct dirent *de;
	struct db *db = NULL;
	MYSQL *m = NULL;
	DIR *d = NULL;
	int applied = 0, rc = -1;
	struct db_rows rows;

	d = opendir(dir);
	if (d == NULL) {
		fprintf(stderr, "migrate: cannot open %s\n", dir);
		return -1;
	}
	while ((de = readdir(d)) != NULL && n < MIGRATE_MAX_FILES)
		if (migration_name_ok(de->d_name) &&
		    (names[n] = strdup(de->d_name)) != NULL)
			n++;
	closedir(d);
	qsort(names, n, sizeof(names[0]), name_cmp);

	m = connect_multi(c);
	db = db_open(c, 0);
	if (m == NULL || db == NULL)
		goto out;
	if (run_script(m, bootstrap, sizeof(bootstrap) - 1) != 0) {
		fprintf(stderr, "migrate: %s\n", mysql_error(m));
		goto out;
	}
	/* The lease is taken and kept on db's connection while m runs the
	 * DDL. A runner that waited for it then finds, file by file, what the
	 * one before it recorded (DB_MIGRATION_APPLIED waits for the cluster),
	 * so each migration is applied once however many runners start. */
	if (migrate_lock_holder(holder, sizeof(holder)) != 0) {
		fprintf(stderr, "migrate: cannot name this runner\n");
		goto out;
	}
	if (migrate_lock_take(db, holder, out, why, sizeof(why)) != 0) {
		fprintf(stderr, "migrate: %s\n", why);
		goto out;
	}
	for (i = 0; i < n; i++) {
		char version[4], path[1024];
		struct buf sql;

		memcpy(version, names[i], 3);
		version[3] = '\0';
		if (DB_EXEC(db, DB_MIGRATION_APPLIED, migration_version, &rows, NULL,
		    .version = version) != DB_OK) {
			fprintf(stderr, "migrate: %s\n", db_error(db));
			goto unlock;
		}
		if (rows.nrows > 0) {
			db_rows_free(&rows);
			continue;
		}
		db_rows_free(&rows);
		if (migrate_lock_renew(db, holder, why, sizeof(why)) != 0) {
			fprintf(stderr, "migrate: %s; stopping before %s\n", why, names[i]);
			goto unlock;
		}
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		buf_init(&sql, MIGRATE_MAX_BYTES);
		if (read_file(path, &sql) != 0) {
			buf_free(&sql);
			fprintf(stderr, "migrate: cannot read %s\n", path);
			goto unlock;
		}
		if (run_script(m, sql.data, sql.len) != 0) {
			fprintf(stderr, "migrate: %s: %s\n", names[i], mysql_error(m));
			buf_free(&sql);
			goto unlock;
		}
		buf_free(&sql);
		if (DB_EXEC(db, DB_MIGRATION_RECORD, migration_record, NULL, NULL,
		    .version = version, .name = names[i]) != DB_OK) {
			fprintf(stderr, "migrate: record %s: %s\n", names[i], db_error(db));
			goto unlock;
		}
		fprintf(out, "applied %s\n", names[i]);
		applied++;
	}
	rc = applied;
unlock:
	migrate_lock_release(db, holder);
out:
	for (i = 0; i < n; i++)
		free(names[i]);
	if (m != NULL)
		mysql_close(m);
	db_close(db);
	return rc;
}
