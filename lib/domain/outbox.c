#include "domain/outbox.h"

#include <stdlib.h>

#include "core/id.h"

const char *
outbox_subject_name(enum outbox_subject kind)
{
	return kind == OUTBOX_USER ? "user" : "partner";
}

enum db_rc
outbox_add(struct db *db, const char *type, enum outbox_subject kind,
    long long subject_id, const char *ref_id, const json_t *data)
{
	char id[ID_MAX], *text;
	struct db_arg a[6];
	enum db_rc rc;

	if (id_new(id, sizeof(id), "evt_") != 0 ||
	    (text = json_dumps(data, JSON_COMPACT | JSON_SORT_KEYS)) == NULL)
		return DB_FAIL;
	a[0] = DB_S(id);
	a[1] = DB_S(type);
	a[2] = DB_S(outbox_subject_name(kind));
	a[3] = DB_I(subject_id);
	a[4] = DB_S(ref_id);
	a[5] = DB_S(text);
	rc = db_exec(db, DB_OUTBOX_INSERT, a, 6, NULL, NULL);
	free(text);
	if (rc != DB_OK)
		return rc;
	/* one delivery per live endpoint subscribed to it, in the same
	 * transaction: an event is never without its deliveries */
	a[1] = a[2];
	a[2] = a[3];
	a[3] = DB_S(type);
	return db_exec(db, DB_WH_FANOUT, a, 4, NULL, NULL);
}
