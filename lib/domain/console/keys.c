#include "domain/console/keys.h"

#include <string.h>

#include "domain/internal.h"

enum err
console_keys_list(struct db *db, long long partner_id, console_key_fn fn, void *arg,
    struct outcome *o)
{
	static const struct db_field fields[] = { DB_FIELDS(ck_key, struct console_key) };
	struct console_key k;
	struct db_rows rows;
	size_t i;
	int rc;

	outcome_init(o);
	if ((rc = DB_EXEC(db, DB_CONSOLE_KEYS, ck_list, &rows, NULL,
	    .partner_id = partner_id)) != DB_OK)
		return domain_db_fail(o, rc, "list the keys");
	for (i = 0; i < rows.nrows; i++) {
		memset(&k, 0, sizeof(k));
		if (db_row_read(&rows, i, fields, DB_NCOLS(ck_key), &k) != 0) {
			db_rows_free(&rows);
			return outcome_fail(o, ERR_INTERNAL, "a key could not be read");
		}
		if (fn(&k, arg) != 0)
			break;
	}
	db_rows_free(&rows);
	return ERR_OK;
}

enum err
console_key_revoke(struct db *db, long long partner_id, const char *key_id,
    struct outcome *o)
{
	struct db_res res;
	int rc;

	outcome_init(o);
	if (key_id == NULL || strlen(key_id) != 16)
		return outcome_fail(o, ERR_NOT_FOUND, "No such active key");
	if ((rc = DB_EXEC(db, DB_CONSOLE_KEY_REVOKE, ck_revoke, NULL, &res, .key_id = key_id,
	    .partner_id = partner_id)) != DB_OK)
		return domain_db_fail(o, rc, "revoke the key");
	if (res.affected == 0)
		return outcome_fail(o, ERR_NOT_FOUND, "No such active key");
	o->changed = 1;
	return ERR_OK;
}
