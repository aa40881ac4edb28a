#include "domain/outbox.h"

#include <stdlib.h>

#include "core/id.h"

const char *
outbox_subject_name(enum outbox_subject kind)
{
	return kind == OUTBOX_USER ? "user" : "partner";
}

/* After DB_DUP from the insert: DB_DUP when the event of this transition
 * exists (UNIQUE (type, ref_id)); else DB_RETRY, since another writer took
 * the seq this insert read (UNIQUE (ref_id, seq)) and a new transaction
 * reads the next one. */
static enum db_rc
dup_or_retry(struct db *db, const char *type, const char *ref_id)
{
	struct db_arg a[2] = { DB_S(type), DB_S(ref_id) };
	unsigned long long n;
	enum db_rc rc;

	if ((rc = db_count(db, DB_OUTBOX_EXISTS, a, 2, &n)) != DB_OK)
		return rc;
	return n > 0 ? DB_DUP : DB_RETRY;
}

enum db_rc
outbox_add(struct db *db, const char *type, enum outbox_subject kind,
    long long subject_id, const char *ref_id, const json_t *data)
{
	char id[ID_MAX], *text;
	struct db_arg a[7];
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
	a[6] = DB_S(ref_id);
	rc = db_exec(db, DB_OUTBOX_INSERT, a, 7, NULL, NULL);
	free(text);
	if (rc == DB_DUP)
		return dup_or_retry(db, type, ref_id);
	if (rc != DB_OK)
		return rc;
	/* one delivery per live endpoint subscribed to it, in the same
	 * transaction: an event is never without its deliveries */
	a[1] = a[2];
	a[2] = a[3];
	a[3] = DB_S(type);
	return db_exec(db, DB_WH_FANOUT, a, 4, NULL, NULL);
}
