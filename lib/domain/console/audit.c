#include "domain/console/audit.h"

#include <string.h>

#include "core/strict.h"
#include "domain/internal.h"

int
console_reason_ok(const char *reason)
{
	size_t n = reason != NULL ? strlen(reason) : 0;

	return strict_text(reason, 1, CONSOLE_REASON_MAX) && strspn(reason, " ") < n;
}

int
console_audit_reason(struct db *db, long long partner_id, long long user_id,
    const char *action, const char *object, const char *reason,
    const struct console_client *from)
{
	char ua[256];

	snprintf(ua, sizeof(ua), "%s", from->user_agent != NULL ? from->user_agent : "");
	return DB_EXEC(db, DB_CONSOLE_AUDIT_INSERT, ca_insert, NULL, NULL,
	    .partner_id = partner_id > 0 ? &partner_id : NULL,
	    .user_id = user_id > 0 ? &user_id : NULL, .action = action,
	    .object = object != NULL ? object : "",
	    .address = from->address != NULL ? from->address : "", .user_agent = ua,
	    .reason = reason);
}

int
console_audit(struct db *db, long long partner_id, long long user_id, const char *action,
    const char *object, const struct console_client *from)
{
	return console_audit_reason(db, partner_id, user_id, action, object, NULL, from);
}

enum err
console_audit_page(struct db *db, long long partner_id, long long before, size_t n,
    struct console_audit_row *out, size_t *got, struct outcome *o)
{
	static const struct db_field fields[] = { DB_FIELDS(ca_row, struct console_audit_row) };
	struct db_rows rows;
	size_t i;
	int rc;

	outcome_init(o);
	*got = 0;
	if (n < 1 || n > CONSOLE_AUDIT_PAGE_MAX)
		return outcome_field(o, ERR_VALIDATION, "limit", "1 to 100");
	/* no bound given: below any id there is */
	if ((rc = DB_EXEC(db, DB_CONSOLE_AUDIT_PAGE, ca_page, &rows, NULL, .partner_id = partner_id,
	    .before = before > 0 ? before : (long long)(~0ULL >> 1), .n = (long long)n)) != DB_OK)
		return domain_db_fail(o, rc, "read the audit log");
	for (i = 0; i < rows.nrows && i < n; i++) {
		memset(&out[i], 0, sizeof(out[i]));
		if (db_row_read(&rows, i, fields, DB_NCOLS(ca_row), &out[i]) != 0) {
			db_rows_free(&rows);
			return outcome_fail(o, ERR_INTERNAL, "an audit record could not be read");
		}
	}
	*got = i;
	db_rows_free(&rows);
	return ERR_OK;
}
