#include "sandbox/mail_sink.h"

#include <stdlib.h>
#include <string.h>

#include "store/db_sig.h"

int
mail_sink_store(struct db *db, const char *from, const char *to, const char *subject,
    const char *body, size_t n)
{
	return DB_EXEC(db, DB_MAIL_SINK_INSERT, sink_insert, NULL, NULL, .mail_from = from,
	    .rcpt_to = to, .subject = subject, .body = (struct db_bytes){ body, n });
}

/* One row as sink_row's reader fills it. */
struct sink_row {
	long long id;
	char rcpt_to[255];
	char subject[256];
	char *body;
	char received_at[24];
};

enum err
mail_sink_list(struct db *db, long long partner_id, const char *mine, json_t **out,
    struct outcome *o)
{
	static const struct db_field fields[] = { DB_FIELDS(sink_row, struct sink_row) };
	struct sink_row m;
	struct db_rows rows;
	size_t i;
	int rc;

	outcome_init(o);
	*out = NULL;
	rc = mine != NULL ? DB_EXEC(db, DB_MAIL_SINK_MINE, sink_mine, &rows, NULL, .rcpt_to = mine,
	    .n = MAIL_SINK_LIST_MAX) : DB_EXEC(db, DB_MAIL_SINK_LIST, sink_list, &rows, NULL,
	    .partner_id = partner_id, .n = MAIL_SINK_LIST_MAX);
	if (rc != DB_OK)
		return outcome_fail(o, rc == DB_DOWN ? ERR_SERVICE_UNAVAILABLE : ERR_INTERNAL,
		    "read the mail: the database failed");
	*out = json_array();
	for (i = 0; *out != NULL && i < rows.nrows; i++) {
		memset(&m, 0, sizeof(m));
		if (db_row_read(&rows, i, fields, DB_NCOLS(sink_row), &m) == 0)
			json_array_append_new(*out, json_pack("{s:I,s:s,s:s,s:s,s:s}", "id",
			    (json_int_t)m.id, "to", m.rcpt_to, "subject", m.subject, "body",
			    m.body != NULL ? m.body : "", "received_at", m.received_at));
		free(m.body);
	}
	db_rows_free(&rows);
	return *out != NULL ? ERR_OK : outcome_fail(o, ERR_INTERNAL, "out of memory");
}
