#include "domain/payout_retry.h"

#include <string.h>

#include "store/db_sig.h"

enum err
payout_retry_now(struct db *db, const char *id, struct outcome *o)
{
	struct db_rows rows;
	struct db_res res;
	const char *status, *held;
	enum err e;

	outcome_init(o);
	if (DB_EXEC(db, DB_OPS_PAYOUT_RETRY, by_id, NULL, &res, .id = id) != DB_OK)
		return outcome_err(o, ERR_SERVICE_UNAVAILABLE);
	if (res.affected == 1) {
		o->changed = 1;
		return ERR_OK;
	}
	/* why not: none, settled or held */
	if (DB_EXEC(db, DB_OPS_PAYOUT_GET, by_id, &rows, NULL, .id = id) != DB_OK)
		return outcome_err(o, ERR_SERVICE_UNAVAILABLE);
	if (rows.nrows == 0) {
		db_rows_free(&rows);
		return outcome_fail(o, ERR_NOT_FOUND, "No such payout");
	}
	status = db_cell(&rows, 0, DB_COL(ops_payout, status));
	held = db_cell(&rows, 0, DB_COL(ops_payout, held_at));
	e = outcome_fail(o, ERR_INVALID_STATE, held != NULL ? "The payout is held for review: "
	    "resolve it (complete or fail) instead" : "The payout is %s: there is nothing to "
	    "retry", status != NULL ? status : "settled");
	db_rows_free(&rows);
	return e;
}
