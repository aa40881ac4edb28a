#include "store/migrate_lock.h"

#include <string.h>
#include <unistd.h>

#include "core/id.h"
#include "core/log.h"
#include "core/strict.h"
#include "store/db_retry.h"
#include "store/db_sig.h"

enum migrate_lock_verdict
migrate_lock_verdict(enum db_rc rc)
{
	switch (rc) {
	case DB_OK:
		return MIGRATE_LOCK_TAKEN;
	case DB_DUP:   /* the row is there: another runner's */
	case DB_RETRY: /* still in conflict after db_exec's tries: the same */
		return MIGRATE_LOCK_BUSY;
	default:
		return MIGRATE_LOCK_ERROR;
	}
}

int
migrate_lock_holder_format(char *out, size_t cap, const char *host, long pid,
    const char *rnd)
{
	int n = snprintf(out, cap, "%.64s:%ld:%s", host, pid, rnd);

	return n < 0 || (size_t)n >= cap ? -1 : 0;
}

int
migrate_lock_holder(char *out, size_t cap)
{
	char host[65] = "", rnd[16];

	if (gethostname(host, sizeof(host) - 1) != 0 || host[0] == '\0')
		(void)strict_copy(host, sizeof(host), "unknown-host");
	host[sizeof(host) - 1] = '\0';
	if (id_random(rnd, sizeof(rnd), "", 12) != 0)
		return -1;
	return migrate_lock_holder_format(out, cap, host, (long)getpid(), rnd);
}

/* Whose lease it is and until when, into why (cap bytes). */
static void
describe(struct db *db, char *why, size_t cap)
{
	struct db_rows rows;

	if (DB_EXEC(db, DB_MIGRATION_LOCK_HOLDER, no_args, &rows, NULL) != DB_OK) {
		snprintf(why, cap, "another runner");
		return;
	}
	if (rows.nrows == 0)
		snprintf(why, cap, "another runner (just released)");
	else
		snprintf(why, cap, "%s until %s", db_cell(&rows, 0, DB_COL(migration_holder, holder)),
		    db_cell(&rows, 0, DB_COL(migration_holder, expires_at)));
	db_rows_free(&rows);
}

int
migrate_lock_take(struct db *db, const char *holder, FILE *out, char *why, size_t cap)
{
	long long deadline = log_now_us() + MIGRATE_LOCK_WAIT_MS * 1000LL;
	char whose[200];
	struct db_res res;
	int said = 0;

	for (;;) {
		switch (migrate_lock_verdict(DB_EXEC(db, DB_MIGRATION_LOCK_TAKE, migration_take,
		    NULL, NULL, .holder = holder, .seconds = MIGRATE_LOCK_LEASE_SECONDS))) {
		case MIGRATE_LOCK_TAKEN:
			return 0;
		case MIGRATE_LOCK_ERROR:
			snprintf(why, cap, "cannot take the migration lease: %s", db_error(db));
			return -1;
		case MIGRATE_LOCK_BUSY:
			break;
		}
		/* a lease past its time: its runner died; take it over at once */
		if (DB_EXEC(db, DB_MIGRATION_LOCK_CLEAR, no_args, NULL, &res) == DB_OK &&
		    res.affected > 0)
			continue;
		if (log_now_us() >= deadline) {
			describe(db, whose, sizeof(whose));
			snprintf(why, cap, "the migration lease is held by %s; waited %d s",
			    whose, MIGRATE_LOCK_WAIT_MS / 1000);
			return -1;
		}
		if (!said) {
			describe(db, whose, sizeof(whose));
			fprintf(out, "waiting for the migration lease, held by %s\n", whose);
			fflush(out);
			said = 1;
		}
		db_retry_wait_ms(MIGRATE_LOCK_POLL_MS);
	}
}

int
migrate_lock_renew(struct db *db, const char *holder, char *why, size_t cap)
{
	struct db_res res;

	if (DB_EXEC(db, DB_MIGRATION_LOCK_RENEW, migration_renew, NULL, &res,
	    .seconds = MIGRATE_LOCK_LEASE_SECONDS, .holder = holder) != DB_OK) {
		snprintf(why, cap, "cannot renew the migration lease: %s", db_error(db));
		return -1;
	}
	/* 0 rows: the lease passed and another runner holds it now (an
	 * unchanged expires_at would count 0 too, but time has moved on) */
	if (res.affected != 1) {
		snprintf(why, cap, "the migration lease passed to another runner");
		return -1;
	}
	return 0;
}

void
migrate_lock_release(struct db *db, const char *holder)
{
	(void)DB_EXEC(db, DB_MIGRATION_LOCK_RELEASE, migration_release, NULL, NULL,
	    .holder = holder);
}
