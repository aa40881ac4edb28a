/*
 * Internals shared by several domain modules; nothing outside lib/domain
 * includes this header.
 */
#ifndef CEDIRAMP_DOMAIN_INTERNAL_H
#define CEDIRAMP_DOMAIN_INTERNAL_H

#include <jansson.h>
#include <stdlib.h>

#include "core/outcome.h"
#include "store/db.h"
#include "store/db_sig.h"

/*
 * The error of a database failure: DB_DOWN, and DB_RETRY (still in
 * conflict after db.c's tries, or a Galera node that could not catch up
 * with the cluster in time), is ERR_SERVICE_UNAVAILABLE: the same request
 * may succeed shortly; anything else ERR_INTERNAL.
 */
static inline enum err
domain_db_err(int rc)
{
	return rc == DB_DOWN || rc == DB_RETRY ? ERR_SERVICE_UNAVAILABLE : ERR_INTERNAL;
}

/*
 * Fills o for a database failure while trying to do what ("store the
 * partner"), with domain_db_err's error. The message never carries the
 * server's own text, since an HTTP caller may show it; a caller that may
 * print it (the admin tool) reads db_error(). Returns the error.
 */
static inline enum err
domain_db_fail(struct outcome *o, int rc, const char *what)
{
	if (domain_db_err(rc) == ERR_SERVICE_UNAVAILABLE)
		return outcome_fail(o, ERR_SERVICE_UNAVAILABLE,
		    "%s: the database is unavailable", what);
	return outcome_fail(o, ERR_INTERNAL, "%s: the database refused it", what);
}

/*
 * The JSON array of the n strings s as compact text, the argument of a
 * statement of a whole batch (store/stmt_internal.h, J_ROWS). The caller
 * frees it; NULL on low memory or a string that is not UTF-8.
 */
static inline char *
domain_json_strings(const char *const *s, size_t n)
{
	json_t *a = json_array();
	char *text;
	size_t i;

	for (i = 0; i < n && a != NULL; i++)
		if (json_array_append_new(a, json_string(s[i])) != 0) {
			json_decref(a);
			a = NULL;
		}
	text = a != NULL ? json_dumps(a, JSON_COMPACT) : NULL;
	json_decref(a);
	return text;
}

/*
 * Runs s, a statement of a whole batch (store/stmt_shapes.h, json_batch),
 * with j (borrowed; NULL is DB_FAIL) as JSON text; rows and res as
 * db_run's.
 */
static inline enum db_rc
domain_exec_json(struct db *db, enum db_stmt s, const json_t *j, struct db_rows *rows,
    struct db_res *res)
{
	char *text = j != NULL ? json_dumps(j, JSON_COMPACT) : NULL;
	enum db_rc rc;

	if (text == NULL)
		return DB_FAIL;
	rc = db_run(db, DB_BIND_ANY(s, json_batch, .json = text), rows, res);
	free(text);
	return rc;
}

/* domain_exec_json of a statement that writes: DB_FAIL unless it changed
 * want rows (want 0: nothing to change, nothing run). */
static inline enum db_rc
domain_exec_changes(struct db *db, enum db_stmt s, const json_t *j, unsigned long long want)
{
	struct db_res res;
	enum db_rc rc;

	if (want == 0)
		return DB_OK;
	rc = domain_exec_json(db, s, j, NULL, &res);
	return rc == DB_OK && res.affected != want ? DB_FAIL : rc;
}

/* Both refuse to compile for a statement of another shape. */
#define domain_exec_json(db, s, j, rows, res) \
	domain_exec_json((db), (s) + DB_SIG_TAKES(s, json_batch), (j), (rows), (res))
#define domain_exec_changes(db, s, j, want) \
	domain_exec_changes((db), (s) + DB_SIG_TAKES(s, json_batch), (j), (want))

#endif
