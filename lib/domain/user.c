#include "domain/user.h"

#include <string.h>

#include "core/strict.h"

/* 1 and caller filled when rows holds the user; 0 when empty. */
static int
fill_caller(const struct db_rows *rows, const char *wallet_id,
    struct caller *caller)
{
	const char *id = db_cell(rows, 0, 0), *tier = db_cell(rows, 0, 1);
	unsigned long long v;

	if (rows->nrows != 1 || id == NULL || tier == NULL ||
	    strict_uint(id, strlen(id), ~0ULL >> 1, &v) != 0)
		return 0;
	caller->kind = CALLER_USER;
	caller->id = (long long)v;
	(void)strict_copy(caller->ref, sizeof(caller->ref), wallet_id);
	(void)strict_copy(caller->tier, sizeof(caller->tier), tier);
	return 1;
}

enum db_rc
user_resolve(struct db *db, const char *wallet_id, int sandbox,
    struct caller *caller)
{
	struct db_arg a[2];
	struct db_rows rows;
	enum db_rc rc;
	int tries;

	/*
	 * The common case is one SELECT. A first sighting inserts; ON
	 * DUPLICATE KEY lets two concurrent first requests both succeed, and
	 * the UNIQUE key on wallet_id keeps one row.
	 */
	for (tries = 0; tries < 2; tries++) {
		a[0] = DB_S(wallet_id);
		rc = db_exec(db, DB_USER_BY_WALLET, a, 1, &rows, NULL);
		if (rc != DB_OK)
			return rc;
		if (fill_caller(&rows, wallet_id, caller)) {
			db_rows_free(&rows);
			return DB_OK;
		}
		db_rows_free(&rows);
		a[1] = DB_S(sandbox ? "basic" : "none");
		rc = db_exec(db, DB_USER_INSERT, a, 2, NULL, NULL);
		if (rc != DB_OK)
			return rc;
	}
	return DB_FAIL;
}
