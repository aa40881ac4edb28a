/* The delivery log and redelivery of the webhook module (domain/webhook.h). */
#include "domain/partner/webhook.h"

#include <stdlib.h>
#include <string.h>

#include "core/strict.h"
#include "domain/event.h"
#include "domain/internal.h"

int
webhook_delivery_status_valid(const char *s)
{
	return s != NULL && (strcmp(s, "pending") == 0 || strcmp(s, "delivered") == 0 ||
	    strcmp(s, "failed") == 0);
}

/* A cell as a JSON string, or null for SQL NULL. */
static json_t *
cell_str(const struct db_rows *r, size_t i, size_t c)
{
	const char *v = db_cell(r, i, c);

	return v ? json_string(v) : json_null();
}

/* A cell as a JSON integer, or null. */
static json_t *
cell_int(const struct db_rows *r, size_t i, size_t c)
{
	const char *v = db_cell(r, i, c);
	unsigned long long u;

	if (v == NULL || strict_uint(v, strlen(v), ~0ULL >> 1, &u) != 0)
		return json_null();
	return json_integer((json_int_t)u);
}

enum err
webhook_log_list(struct ctx *ctx, const struct caller *who,
    const struct webhook_log_filter *f, unsigned long long offset, size_t limit,
    json_t **items, unsigned long long *total, struct outcome *o)
{
	struct db_arg a[9];
	struct db_rows rows;
	const char *v;
	size_t i;
	int rc;

	outcome_init(o);
	*items = NULL;
	*total = 0;
	a[0] = DB_I(who->id);
	a[1] = a[2] = f->webhook_id ? DB_S(f->webhook_id) : DB_NULL;
	a[3] = a[4] = f->event_type ? DB_S(f->event_type) : DB_NULL;
	a[5] = a[6] = f->status ? DB_S(f->status) : DB_NULL;
	if ((rc = db_exec(ctx->db, DB_WH_LOG_COUNT, a, 7, &rows, NULL)) != DB_OK)
		return domain_db_fail(o, rc, "count the deliveries");
	v = db_cell(&rows, 0, 0);
	if (v == NULL || strict_uint(v, strlen(v), ~0ULL >> 1, total) != 0) {
		db_rows_free(&rows);
		return outcome_err(o, ERR_INTERNAL);
	}
	db_rows_free(&rows);
	if ((*items = json_array()) == NULL)
		return outcome_err(o, ERR_INTERNAL);
	if (offset >= *total || limit == 0)
		return ERR_OK;
	a[7] = DB_I((long long)(limit > WEBHOOK_PAGE_MAX ? WEBHOOK_PAGE_MAX : limit));
	a[8] = DB_I((long long)offset);
	if ((rc = db_exec(ctx->db, DB_WH_LOG_PAGE, a, 9, &rows, NULL)) != DB_OK) {
		json_decref(*items);
		*items = NULL;
		return domain_db_fail(o, rc, "read the deliveries");
	}
	for (i = 0; i < rows.nrows; i++) {
		json_t *it = json_pack("{s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:o}",
		    "event_id", cell_str(&rows, i, 0), "event_type", cell_str(&rows, i, 1),
		    "webhook_id", cell_str(&rows, i, 2), "url", cell_str(&rows, i, 3),
		    "status", cell_str(&rows, i, 4), "attempts", cell_int(&rows, i, 5),
		    "next_attempt_at", cell_str(&rows, i, 6),
		    "last_attempt_at", cell_str(&rows, i, 7),
		    "last_response_status", cell_int(&rows, i, 8),
		    "created_at", cell_str(&rows, i, 9));

		if (json_array_append_new(*items, it) != 0 || it == NULL) {
			db_rows_free(&rows);
			json_decref(*items);
			*items = NULL;
			return outcome_err(o, ERR_INTERNAL);
		}
	}
	db_rows_free(&rows);
	return ERR_OK;
}

/* who's event event_id into ev, its data a copy in *data (the caller
 * frees it); ERR_NOT_FOUND when it is not who's. */
static enum err
find_event(struct db *db, const struct caller *who, const char *event_id,
    struct event *ev, char **data, struct outcome *o)
{
	struct db_arg a[3] = { DB_S(event_id), DB_S(outbox_subject_name(OUTBOX_PARTNER)),
		DB_I(who->id) };
	struct db_rows rows;
	int rc;

	*data = NULL;
	if (!id_has_shape(event_id, "evt_"))
		return outcome_err(o, ERR_NOT_FOUND);
	if ((rc = db_exec(db, DB_WH_EVENT_GET, a, 3, &rows, NULL)) != DB_OK)
		return domain_db_fail(o, rc, "read the event");
	if (rows.nrows == 0) {
		db_rows_free(&rows);
		return outcome_err(o, ERR_NOT_FOUND);
	}
	memset(ev, 0, sizeof(*ev));
	db_cell_copy(ev->id, sizeof(ev->id), &rows, 0, 0);
	db_cell_copy(ev->type, sizeof(ev->type), &rows, 0, 1);
	db_cell_copy(ev->created_at, sizeof(ev->created_at), &rows, 0, 2);
	ev->kind = OUTBOX_PARTNER;
	*data = db_cell(&rows, 0, 3) ? strdup(db_cell(&rows, 0, 3)) : NULL;
	ev->data = *data;
	db_rows_free(&rows);
	return *data ? ERR_OK : outcome_err(o, ERR_INTERNAL);
}

/* The attempts of delivery did as a JSON array (new reference) or NULL. */
static json_t *
attempts_json(struct db *db, const char *did)
{
	struct db_arg a[1] = { DB_S(did) };
	struct db_rows rows;
	json_t *arr;
	size_t i;

	if (db_exec(db, DB_WH_ATTEMPTS, a, 1, &rows, NULL) != DB_OK)
		return NULL;
	arr = json_array();
	for (i = 0; arr != NULL && i < rows.nrows; i++)
		if (json_array_append_new(arr, json_pack("{s:o,s:o,s:o,s:o,s:o}",
		    "attempt", cell_int(&rows, i, 0), "at", cell_str(&rows, i, 1),
		    "response_status", cell_int(&rows, i, 2),
		    "duration_ms", cell_int(&rows, i, 3), "error", cell_str(&rows, i, 4))) != 0) {
			json_decref(arr);
			arr = NULL;
		}
	db_rows_free(&rows);
	return arr;
}

enum err
webhook_log_event(struct ctx *ctx, const struct caller *who,
    const char *event_id, json_t **out, struct outcome *o)
{
	struct event ev;
	struct db_arg a[1];
	struct db_rows rows;
	json_t *payload, *list;
	char *data;
	size_t i;
	enum err e;
	int rc;

	outcome_init(o);
	*out = NULL;
	if ((e = find_event(ctx->db, who, event_id, &ev, &data, o)) != ERR_OK)
		return e;
	payload = event_envelope(&ev);
	free(data);
	a[0] = DB_S(ev.id);
	if (payload == NULL || (rc = db_exec(ctx->db, DB_WH_EVENT_DELIVERIES, a, 1, &rows,
	    NULL)) != DB_OK) {
		json_decref(payload);
		return payload ? domain_db_fail(o, rc, "read the deliveries") :
		    outcome_err(o, ERR_INTERNAL);
	}
	list = json_array();
	for (i = 0; list != NULL && i < rows.nrows; i++) {
		json_t *attempts = attempts_json(ctx->db, db_cell(&rows, i, 0));

		if (attempts == NULL || json_array_append_new(list,
		    json_pack("{s:o,s:o,s:o,s:o,s:o}", "webhook_id", cell_str(&rows, i, 1),
		    "url", cell_str(&rows, i, 2), "status", cell_str(&rows, i, 3),
		    "next_attempt_at", cell_str(&rows, i, 4), "attempts", attempts)) != 0) {
			json_decref(list);
			list = NULL;
		}
	}
	db_rows_free(&rows);
	if (list == NULL) {
		json_decref(payload);
		return outcome_err(o, ERR_INTERNAL);
	}
	*out = json_pack("{s:s,s:s,s:s,s:o,s:o}", "event_id", ev.id, "event_type", ev.type,
	    "created_at", ev.created_at, "payload", payload, "deliveries", list);
	return *out ? ERR_OK : outcome_err(o, ERR_INTERNAL);
}

enum err
webhook_redeliver(struct ctx *ctx, const struct caller *who,
    const char *event_id, long long *queued, struct outcome *o)
{
	struct event ev;
	struct db_arg a[4];
	unsigned long long n;
	struct db_rows rows;
	const char *v;
	char *data;
	enum err e;
	int rc;

	outcome_init(o);
	*queued = 0;
	if ((e = find_event(ctx->db, who, event_id, &ev, &data, o)) != ERR_OK)
		return e;
	free(data);
	a[0] = DB_S(ev.id);
	a[1] = DB_S(outbox_subject_name(OUTBOX_PARTNER));
	a[2] = DB_I(who->id);
	a[3] = DB_S(ev.type);
	if ((rc = db_exec(ctx->db, DB_WH_REDELIVER, a, 4, NULL, NULL)) != DB_OK ||
	    (rc = db_exec(ctx->db, DB_WH_COUNT_SUBSCRIBED, &a[1], 3, &rows, NULL)) != DB_OK)
		return domain_db_fail(o, rc, "queue the redelivery");
	/* (the statement's affected count mixes new and updated rows: the
	 * endpoints it reached are counted instead) */
	v = db_cell(&rows, 0, 0);
	if (v == NULL || strict_uint(v, strlen(v), ~0ULL >> 1, &n) != 0)
		n = 0;
	*queued = (long long)n;
	db_rows_free(&rows);
	o->changed = 1;
	return ERR_OK;
}
