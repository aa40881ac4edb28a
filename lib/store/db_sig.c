#include "store/db_sig.h"

#include <stdio.h>

/* DB_OK when b was bound with its statement's arguments' shape (always,
 * for DB_BIND's compile-time check; DB_BIND_ANY's is here), else DB_FAIL:
 * the members would fill the wrong placeholders. */
static enum db_rc
shape_ok(struct db *db, const struct db_bound *b)
{
	char why[160];

	if (db_stmt_takes(b->stmt, b->shape))
		return DB_OK;
	snprintf(why, sizeof(why), "%s bound with another statement's arguments",
	    db_stmt_name(b->stmt));
	db_set_error(db, "bind", why);
	return DB_FAIL;
}

enum db_rc
db_run(struct db *db, struct db_bound b, struct db_rows *rows, struct db_res *res)
{
	enum db_rc rc = shape_ok(db, &b);

	return rc != DB_OK ? rc : db_exec(db, b.stmt, b.a, b.n, rows, res);
}

enum db_rc
db_run_count(struct db *db, struct db_bound b, unsigned long long *total)
{
	enum db_rc rc = shape_ok(db, &b);

	return rc != DB_OK ? rc : db_count(db, b.stmt, b.a, b.n, total);
}

enum db_rc
db_run_count_upto(struct db *db, struct db_bound b, unsigned long long cap,
    struct db_total *out)
{
	enum db_rc rc = shape_ok(db, &b);

	return rc != DB_OK ? rc : db_count_upto(db, b.stmt, b.a, b.n, cap, out);
}

enum db_rc
db_run_each(struct db *db, struct db_bound b, db_row_fn fn, void *arg)
{
	enum db_rc rc = shape_ok(db, &b);

	return rc != DB_OK ? rc : db_each(db, b.stmt, b.a, b.n, fn, arg);
}
