#include "domain/outbox.h"

#include <stdlib.h>
#include <string.h>

#include "core/id.h"
#include "core/log.h"
#include "store/db_sig.h"

const char *
outbox_subject_name(enum outbox_subject kind)
{
	return kind == OUTBOX_USER ? "user" : kind == OUTBOX_PLATFORM ? "platform" : "partner";
}

/* After DB_DUP from the insert: DB_DUP when the event of this transition
 * exists (UNIQUE (type, ref_id)); else DB_RETRY, since another writer took
 * the seq this insert read (UNIQUE (ref_id, seq)) and a new transaction
 * reads the next one. */
static enum db_rc
dup_or_retry(struct db *db, const char *type, const char *ref_id)
{
	unsigned long long n;
	enum db_rc rc;

	rc = db_run_count(db, DB_BIND(DB_OUTBOX_EXISTS, outbox_exists, .type = type,
	    .ref_id = ref_id), &n);
	if (rc != DB_OK)
		return rc;
	return n > 0 ? DB_DUP : DB_RETRY;
}

enum db_rc
outbox_add(struct db *db, const char *type, enum outbox_subject kind,
    long long subject_id, const char *ref_id, const json_t *data)
{
	const char *subject = outbox_subject_name(kind);
	char id[ID_MAX], *text;
	enum db_rc rc;

	if (id_new(id, sizeof(id), "evt_") != 0 ||
	    (text = json_dumps(data, JSON_COMPACT | JSON_SORT_KEYS)) == NULL)
		return DB_FAIL;
	rc = DB_EXEC(db, DB_OUTBOX_INSERT, outbox_insert, NULL, NULL, .id = id, .type = type,
	    .kind = subject, .subject_id = subject_id, .ref_id = ref_id, .payload = text,
	    .request_id = log_request_current());
	free(text);
	if (rc == DB_DUP)
		return dup_or_retry(db, type, ref_id);
	if (rc != DB_OK)
		return rc;
	/* one delivery per live endpoint subscribed to it, in the same
	 * transaction: an event is never without its deliveries */
	if ((rc = DB_EXEC(db, DB_WH_FANOUT, outbox_fanout, NULL, NULL, .event_id = id,
	    .kind = subject, .subject_id = subject_id, .type = type)) != DB_OK ||
	    kind != OUTBOX_USER)
		return rc;
	return DB_EXEC(db, DB_WH_FANOUT_PLATFORM, outbox_fanout_platform, NULL, NULL,
	    .event_id = id, .type = type, .subject_id = subject_id);
}

enum db_rc
outbox_add_to(struct db *db, const char *type, enum outbox_subject kind,
    long long subject_id, const char *ref_id, const json_t *data, const char *endpoint,
    char *event_id)
{
	const char *subject = outbox_subject_name(kind);
	char *id = event_id, *text;
	struct db_res res;
	enum db_rc rc;

	if (id_new(id, ID_MAX, "evt_") != 0 ||
	    (text = json_dumps(data, JSON_COMPACT | JSON_SORT_KEYS)) == NULL)
		return DB_FAIL;
	rc = DB_EXEC(db, DB_OUTBOX_INSERT, outbox_insert, NULL, NULL, .id = id, .type = type,
	    .kind = subject, .subject_id = subject_id, .ref_id = ref_id, .payload = text,
	    .request_id = log_request_current());
	free(text);
	if (rc != DB_OK)
		return rc;
	if ((rc = DB_EXEC(db, DB_WH_FANOUT_ONE, outbox_fanout_one, NULL, &res, .event_id = id,
	    .kind = subject, .subject_id = subject_id, .endpoint = endpoint)) != DB_OK)
		return rc;
	return res.affected == 1 ? DB_OK : DB_DUP;
}

/* The rows of DB_OUTBOX_INSERT_MANY for ev[0..n) (new reference), or NULL
 * (low memory, a resource twice). */
static json_t *
event_rows(const struct outbox_event *ev, size_t n)
{
	json_t *rows = json_array(), *row;
	char id[ID_MAX], *text;
	size_t i, k;

	for (i = 0; i < n && rows != NULL; i++) {
		for (k = 0; k < i; k++)
			if (strcmp(ev[k].ref_id, ev[i].ref_id) == 0)
				goto fail;
		if (id_new(id, sizeof(id), "evt_") != 0 ||
		    (text = json_dumps(ev[i].data, JSON_COMPACT | JSON_SORT_KEYS)) == NULL)
			goto fail;
		row = json_pack("{s:s,s:s,s:s,s:I,s:s,s:s}", "id", id, "type", ev[i].type,
		    "kind", outbox_subject_name(ev[i].kind), "subject",
		    (json_int_t)ev[i].subject_id, "ref", ev[i].ref_id, "payload", text);
		free(text);
		if (json_array_append_new(rows, row) != 0)
			goto fail;
	}
	return rows;
fail:
	json_decref(rows);
	return NULL;
}

enum db_rc
outbox_add_many(struct db *db, const struct outbox_event *ev, size_t n)
{
	json_t *rows;
	struct db_res res;
	enum db_rc rc;
	char *text;

	if (n == 0)
		return DB_OK;
	if (n == 1) /* alone: outbox_add says DB_RETRY from DB_DUP */
		return outbox_add(db, ev->type, ev->kind, ev->subject_id, ev->ref_id, ev->data);
	rows = event_rows(ev, n);
	text = rows != NULL ? json_dumps(rows, JSON_COMPACT) : NULL;
	json_decref(rows);
	if (text == NULL)
		return DB_FAIL;
	rc = DB_EXEC(db, DB_OUTBOX_INSERT_MANY, outbox_many, NULL, &res, .events = text);
	if (rc == DB_OK && res.affected != n)
		rc = DB_FAIL;
	/* one delivery per live endpoint subscribed to each, in the same
	 * transaction: an event is never without its deliveries */
	if (rc == DB_OK)
		rc = DB_EXEC(db, DB_WH_FANOUT_MANY, outbox_many, NULL, NULL, .events = text);
	if (rc == DB_OK)
		rc = DB_EXEC(db, DB_WH_FANOUT_PLATFORM_MANY, outbox_many, NULL, NULL, .events = text);
	free(text);
	return rc;
}
