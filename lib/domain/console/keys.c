#include "domain/console/keys.h"

#include <string.h>

#include "core/strict.h"
#include "domain/apikey.h"
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

/* 1 when key_id has a key id's shape. */
static int
key_id_ok(const char *key_id)
{
	return key_id != NULL && strlen(key_id) == APIKEY_ID_CHARS;
}

enum err
console_key_get(struct db *db, long long partner_id, const char *key_id,
    struct console_key *out, struct outcome *o)
{
	static const struct db_field fields[] = { DB_FIELDS(ck_key, struct console_key) };
	struct db_rows rows;
	int rc, found;

	outcome_init(o);
	memset(out, 0, sizeof(*out));
	if (!key_id_ok(key_id))
		return outcome_fail(o, ERR_NOT_FOUND, "No such key");
	if ((rc = DB_EXEC(db, DB_CONSOLE_KEY_GET, ck_revoke, &rows, NULL, .key_id = key_id,
	    .partner_id = partner_id)) != DB_OK)
		return domain_db_fail(o, rc, "read the key");
	found = rows.nrows == 1 && db_row_read(&rows, 0, fields, DB_NCOLS(ck_key), out) == 0;
	db_rows_free(&rows);
	return found ? ERR_OK : outcome_fail(o, ERR_NOT_FOUND, "No such key");
}

static int
name_ok(const char *name)
{
	return name == NULL || name[0] == '\0' || strict_text(name, 1, CONSOLE_KEY_NAME_MAX);
}

/* A new key named name for partner_id, inside the caller's transaction
 * when there is one: DB_OK with out filled, or the database's error. */
static int
insert_new(struct db *db, const struct cfg *cfg, long long partner_id, const char *name,
    struct partner_key *out)
{
	char hash[APIKEY_HASH_HEX];

	if (apikey_generate(cfg, out->key, out->key_id, hash) != 0)
		return DB_FAIL;
	return DB_EXEC(db, DB_CONSOLE_KEY_INSERT, ck_insert, NULL, NULL, .key_id = out->key_id,
	    .partner_id = partner_id, .key_hash = hash, .environment = cfg->environment,
	    .name = name != NULL ? name : "");
}

enum err
console_key_create(struct db *db, const struct cfg *cfg, long long partner_id,
    const char *name, struct partner_key *out, struct outcome *o)
{
	int rc;

	outcome_init(o);
	memset(out, 0, sizeof(*out));
	if (!name_ok(name))
		return outcome_field(o, ERR_VALIDATION, "name", "0 to 64 printable characters");
	if ((rc = insert_new(db, cfg, partner_id, name, out)) != DB_OK) {
		memset(out, 0, sizeof(*out));
		return domain_db_fail(o, rc, "store the key");
	}
	o->changed = 1;
	return ERR_OK;
}

enum err
console_key_rename(struct db *db, long long partner_id, const char *key_id,
    const char *name, struct outcome *o)
{
	struct console_key k;
	enum err e;
	int rc;

	if (!name_ok(name)) {
		outcome_init(o);
		return outcome_field(o, ERR_VALIDATION, "name", "0 to 64 printable characters");
	}
	if ((e = console_key_get(db, partner_id, key_id, &k, o)) != ERR_OK)
		return e;
	if ((rc = DB_EXEC(db, DB_CONSOLE_KEY_RENAME, ck_rename, NULL, NULL, .name = name,
	    .key_id = key_id, .partner_id = partner_id)) != DB_OK)
		return domain_db_fail(o, rc, "rename the key");
	o->changed = 1;
	return ERR_OK;
}

enum err
console_key_revoke(struct db *db, long long partner_id, const char *key_id,
    struct outcome *o)
{
	struct db_res res;
	int rc;

	outcome_init(o);
	if (!key_id_ok(key_id))
		return outcome_fail(o, ERR_NOT_FOUND, "No such live key");
	if ((rc = DB_EXEC(db, DB_CONSOLE_KEY_REVOKE, ck_revoke, NULL, &res, .key_id = key_id,
	    .partner_id = partner_id)) != DB_OK)
		return domain_db_fail(o, rc, "revoke the key");
	if (res.affected == 0)
		return outcome_fail(o, ERR_NOT_FOUND, "No such live key");
	o->changed = 1;
	return ERR_OK;
}

/* The roll's transaction: the old key expiring, the new one under its name. */
struct roll {
	const struct cfg *cfg;
	long long partner_id, seconds;
	const char *key_id, *name;
	struct partner_key *out;
	int rolled; /* the old key was live and never rolled */
};

static int
roll_tx(struct db *db, void *arg)
{
	struct roll *x = arg;
	struct db_res res;
	int rc;

	x->rolled = 0;
	if ((rc = DB_EXEC(db, DB_CONSOLE_KEY_EXPIRE, ck_expire, NULL, &res, .seconds = x->seconds,
	    .key_id = x->key_id, .partner_id = x->partner_id)) != DB_OK)
		return rc;
	if (res.affected != 1)
		return DB_DUP; /* nothing to roll: undone */
	x->rolled = 1;
	return insert_new(db, x->cfg, x->partner_id, x->name, x->out);
}

enum err
console_key_roll(struct db *db, const struct cfg *cfg, long long partner_id,
    const char *key_id, long long overlap_hours, struct partner_key *out, struct outcome *o)
{
	struct console_key k;
	struct roll x;
	enum err e;
	int rc;

	memset(out, 0, sizeof(*out));
	if (overlap_hours < 0 || overlap_hours > CONSOLE_ROLL_HOURS_MAX) {
		outcome_init(o);
		return outcome_field(o, ERR_VALIDATION, "overlap_hours", "an integer from 0 to 168");
	}
	if ((e = console_key_get(db, partner_id, key_id, &k, o)) != ERR_OK)
		return e;
	x = (struct roll){ cfg, partner_id, overlap_hours * 3600, key_id, k.name, out, 0 };
	rc = db_tx(db, roll_tx, &x);
	if (rc == DB_OK) {
		o->changed = 1;
		return ERR_OK;
	}
	memset(out, 0, sizeof(*out));
	if (rc == DB_DUP && !x.rolled)
		return outcome_fail(o, ERR_INVALID_STATE, "The key is %s: only an active key rolls",
		    k.state);
	return domain_db_fail(o, rc, "roll the key");
}
