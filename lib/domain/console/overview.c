#include "domain/console/overview.h"

#include <string.h>

#include "domain/internal.h"

enum err
console_overview(struct db *db, long long partner_id, struct console_day *days,
    size_t *n, struct console_attention *attention, struct outcome *o)
{
	static const struct db_field day_fields[] = { DB_FIELDS(co_day, struct console_day) };
	static const struct db_field att_fields[] = {
		DB_FIELDS(co_attention, struct console_attention) };
	struct db_rows rows;
	size_t i;
	int rc;

	outcome_init(o);
	*n = 0;
	memset(attention, 0, sizeof(*attention));
	if ((rc = DB_EXEC(db, DB_CONSOLE_DAYS, co_partner, &rows, NULL,
	    .partner_id = partner_id)) != DB_OK)
		return domain_db_fail(o, rc, "read the last days");
	for (i = 0; i < rows.nrows && *n <= CONSOLE_DAYS; i++) {
		struct console_day *d = &days[*n];

		memset(d, 0, sizeof(*d));
		if (db_row_read(&rows, i, day_fields, DB_NCOLS(co_day), d) != 0)
			continue;
		db_cell_copy(d->withdrawn_ghs, sizeof(d->withdrawn_ghs), &rows, i,
		    DB_COL(co_day, withdrawn_ghs));
		db_cell_copy(d->collected_ghs, sizeof(d->collected_ghs), &rows, i,
		    DB_COL(co_day, collected_ghs));
		(*n)++;
	}
	db_rows_free(&rows);
	if ((rc = DB_EXEC(db, DB_CONSOLE_ATTENTION, co_watch, &rows, NULL,
	    .partner_id = partner_id)) != DB_OK)
		return domain_db_fail(o, rc, "read what needs attention");
	if (rows.nrows == 1)
		(void)db_row_read(&rows, 0, att_fields, DB_NCOLS(co_attention), attention);
	db_rows_free(&rows);
	return ERR_OK;
}

enum err
console_timeline(struct db *db, long long partner_id, const char *ref_id,
    struct console_event *ev, size_t *n, struct outcome *o)
{
	static const struct db_field fields[] = { DB_FIELDS(co_event, struct console_event) };
	struct db_rows rows;
	size_t i;
	int rc;

	outcome_init(o);
	*n = 0;
	if (ref_id == NULL || strlen(ref_id) >= ID_MAX)
		return outcome_err(o, ERR_NOT_FOUND);
	if ((rc = DB_EXEC(db, DB_CONSOLE_EVENTS, co_events, &rows, NULL, .ref_id = ref_id,
	    .partner_id = partner_id)) != DB_OK)
		return domain_db_fail(o, rc, "read the timeline");
	for (i = 0; i < rows.nrows && *n < CONSOLE_EVENTS_MAX; i++) {
		memset(&ev[*n], 0, sizeof(ev[*n]));
		if (db_row_read(&rows, i, fields, DB_NCOLS(co_event), &ev[*n]) == 0)
			(*n)++;
	}
	db_rows_free(&rows);
	return *n > 0 ? ERR_OK : outcome_err(o, ERR_NOT_FOUND);
}
