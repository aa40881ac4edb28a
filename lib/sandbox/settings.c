#include "sandbox/settings.h"

#include <string.h>

#include "core/strict.h"
#include "store/db_sig.h"

enum err
sandbox_setting_set(struct db *db, int sandbox, const char *name,
    const char *value, struct outcome *o)
{
	size_t i, n = name ? strlen(name) : 0;
	int rc;

	outcome_init(o);
	if (!sandbox)
		return outcome_fail(o, ERR_FORBIDDEN,
		    "simulator settings exist only in the sandbox");
	if (n == 0 || n > SANDBOX_SETTING_NAME_MAX)
		goto bad_name;
	for (i = 0; i < n; i++)
		if ((unsigned char)name[i] <= 0x20 || (unsigned char)name[i] > 0x7e)
			goto bad_name;
	if (!strict_text(value, 0, SANDBOX_SETTING_VALUE_MAX))
		return outcome_field(o, ERR_VALIDATION, "value",
		    "at most 255 printable characters");
	rc = DB_EXEC(db, DB_SIM_SETTING_SET, sim_setting, NULL, NULL, .name = name, .value = value);
	if (rc != DB_OK)
		return outcome_fail(o, rc == DB_DOWN ? ERR_SERVICE_UNAVAILABLE :
		    ERR_INTERNAL, "store the setting: the database %s",
		    rc == DB_DOWN ? "is unavailable" : "refused it");
	o->changed = 1;
	return ERR_OK;
bad_name:
	return outcome_field(o, ERR_VALIDATION, "name",
	    "1 to 64 printable characters, no spaces");
}

int
sandbox_setting_get(struct db *db, const char *name, char *out, size_t cap)
{
	struct db_rows rows;
	const char *v;
	int rc = -1;

	if (DB_EXEC(db, DB_SIM_SETTING_GET, sim_name, &rows, NULL, .name = name) != DB_OK)
		return -1;
	v = db_cell(&rows, 0, DB_COL(sim_value, value));
	if (v != NULL && strict_copy(out, cap, v) == 0)
		rc = 0;
	db_rows_free(&rows);
	return rc;
}

unsigned long long
sandbox_setting_uint(struct db *db, const char *name, unsigned long long max,
    unsigned long long dflt)
{
	char v[SANDBOX_SETTING_VALUE_MAX + 1];
	unsigned long long n;

	if (sandbox_setting_get(db, name, v, sizeof(v)) != 0 ||
	    strict_uint(v, strlen(v), max, &n) != 0)
		return dflt;
	return n;
}
