/* The delivery log and redelivery of the webhook module (domain/partner/webhook.h). */
#include "domain/partner/webhook.h"

#include <stdlib.h>
#include <string.h>

#include "core/strict.h"
#include "domain/event.h"
#include "domain/internal.h"
#include "store/db_sig.h"

int
webhook_delivery_status_valid(const char *s)
{
	return s != NULL && (strcmp(s, "pending") == 0 || strcmp(s, "delivered") == 0 ||
	    strcmp(s, "failed") == 0);
}

/* A number cell, or -1 for SQL NULL (or one no column holds). */
static long long
cell_num(const struct db_rows *r, size_t i, size_t c)
{
	const char *v = db_cell(r, i, c);
	unsigned long long u;

	if (v == NULL || strict_uint(v, strlen(v), ~0ULL >> 1, &u) != 0)
		return -1;
	return (long long)u;
}

enum err
webhook_log_list(struct ctx *ctx, const struct caller *who,
    const struct webhook_log_filter *f, unsigned long long offset, size_t limit,
    struct webhook_delivery **out, size_t *n, struct db_total *total,
    struct outcome *o)
{
	unsigned long long cap = offset + ctx->cfg.list_total_cap;
	/* one endpoint's log reads that endpoint's index, the whole log the
	 * partner's (store/stmt_webhook.c) */
	int one = f->webhook_id != NULL;
	long long sid, upto = (long long)cap + 1;
	const char *kind = webhook_subject(who, &sid);
	long long lim = (long long)(limit > WEBHOOK_PAGE_MAX ? WEBHOOK_PAGE_MAX : limit);
	const char *wid = f->webhook_id, *type = f->event_type, *status = f->status;
	struct webhook_delivery *d;
	struct db_rows rows;
	size_t i;
	int rc;

	outcome_init(o);
	*out = NULL;
	*n = 0;
	memset(total, 0, sizeof(*total));
	if (type == NULL && status == NULL)
		/* no filter: the count reads one index alone */
		rc = db_run_count_upto(ctx->db, one ?
		    DB_BIND(DB_WH_LOG_ENDPOINT_COUNT_ALL, wh_log_ep_count_all, .kind = kind,
		    .sid = sid, .webhook_id = wid, .cap = upto) :
		    DB_BIND(DB_WH_LOG_COUNT_ALL, wh_log_count_all, .kind = kind, .sid = sid,
		    .cap = upto), cap, total);
	else
		rc = db_run_count_upto(ctx->db, one ?
		    DB_BIND(DB_WH_LOG_ENDPOINT_COUNT, wh_log_ep_count, .kind = kind, .sid = sid,
		    .webhook_id = wid, .event_type = type, .status = status, .cap = upto) :
		    DB_BIND(DB_WH_LOG_COUNT, wh_log_count, .kind = kind, .sid = sid,
		    .event_type = type, .status = status, .cap = upto), cap, total);
	if (rc != DB_OK)
		return domain_db_fail(o, rc, "count the deliveries");
	if (offset >= total->count || limit == 0)
		return ERR_OK;
	if ((rc = db_run(ctx->db, one ?
	    DB_BIND(DB_WH_LOG_ENDPOINT_PAGE, wh_log_ep_page, .kind = kind, .sid = sid,
	    .webhook_id = wid, .event_type = type, .status = status, .limit = lim,
	    .offset = (long long)offset) :
	    DB_BIND(DB_WH_LOG_PAGE, wh_log_page, .kind = kind, .sid = sid, .event_type = type,
	    .status = status, .limit = lim, .offset = (long long)offset), &rows, NULL)) != DB_OK)
		return domain_db_fail(o, rc, "read the deliveries");
	if (rows.nrows > 0 && (*out = calloc(rows.nrows, sizeof(**out))) == NULL) {
		db_rows_free(&rows);
		return outcome_err(o, ERR_INTERNAL);
	}
	for (i = 0; i < rows.nrows; i++) {
		d = &(*out)[i];
		db_cell_copy(d->event_id, sizeof(d->event_id), &rows, i, DB_COL(wh_log, id));
		db_cell_copy(d->event_type, sizeof(d->event_type), &rows, i, DB_COL(wh_log, type));
		db_cell_copy(d->webhook_id, sizeof(d->webhook_id), &rows, i,
		    DB_COL(wh_log, public_id));
		db_cell_copy(d->url, sizeof(d->url), &rows, i, DB_COL(wh_log, url));
		db_cell_copy(d->status, sizeof(d->status), &rows, i, DB_COL(wh_log, status));
		d->attempts = cell_num(&rows, i, DB_COL(wh_log, attempts));
		db_cell_copy(d->next_attempt_at, sizeof(d->next_attempt_at), &rows, i,
		    DB_COL(wh_log, next_attempt_at));
		db_cell_copy(d->last_attempt_at, sizeof(d->last_attempt_at), &rows, i,
		    DB_COL(wh_log, last_attempt_at));
		d->last_response_status = cell_num(&rows, i, DB_COL(wh_log, last_status));
		db_cell_copy(d->created_at, sizeof(d->created_at), &rows, i,
		    DB_COL(wh_log, created_at));
	}
	*n = rows.nrows;
	db_rows_free(&rows);
	return ERR_OK;
}

/* who's event event_id into ev, its data a copy in *data (the caller
 * frees it); ERR_NOT_FOUND when it is not who's. */
static enum err
find_event(struct db *db, const struct caller *who, const char *event_id,
    struct event *ev, char **data, struct outcome *o)
{
	struct db_rows rows;
	const char *payload, *kind;
	long long sid;
	int rc;

	*data = NULL;
	if (!id_has_shape(event_id, "evt_"))
		return outcome_err(o, ERR_NOT_FOUND);
	/* a partner's own events; the platform's: the wallet users' events
	 * that went to its endpoints, and its test events */
	kind = webhook_subject(who, &sid);
	if ((rc = DB_EXEC(db, who->kind == CALLER_PLATFORM ? DB_WH_EVENT_GET_DELIVERED :
	    DB_WH_EVENT_GET, wh_owned, &rows, NULL, .id = event_id, .kind = kind,
	    .sid = sid)) != DB_OK)
		return domain_db_fail(o, rc, "read the event");
	if (rows.nrows == 0) {
		db_rows_free(&rows);
		return outcome_err(o, ERR_NOT_FOUND);
	}
	memset(ev, 0, sizeof(*ev));
	db_cell_copy(ev->id, sizeof(ev->id), &rows, 0, DB_COL(wh_event, id));
	db_cell_copy(ev->type, sizeof(ev->type), &rows, 0, DB_COL(wh_event, type));
	db_cell_copy(ev->created_at, sizeof(ev->created_at), &rows, 0,
	    DB_COL(wh_event, created_at));
	db_cell_copy(ev->request_id, sizeof(ev->request_id), &rows, 0,
	    DB_COL(wh_event, request_id));
	ev->kind = who->kind == CALLER_PLATFORM ? OUTBOX_USER : OUTBOX_PARTNER;
	payload = db_cell(&rows, 0, DB_COL(wh_event, payload));
	*data = payload ? strdup(payload) : NULL;
	ev->data = *data;
	db_rows_free(&rows);
	return *data ? ERR_OK : outcome_err(o, ERR_INTERNAL);
}

/* The attempts of delivery did into d: 0, or -1 (the database, memory). */
static int
read_attempts(struct db *db, const char *did, struct webhook_event_delivery *d)
{
	struct db_rows rows;
	size_t i;

	if (DB_EXEC(db, DB_WH_ATTEMPTS, by_id, &rows, NULL, .id = did) != DB_OK)
		return -1;
	if (rows.nrows > 0 && (d->attempts = calloc(rows.nrows, sizeof(*d->attempts))) == NULL) {
		db_rows_free(&rows);
		return -1;
	}
	for (i = 0; i < rows.nrows; i++) {
		struct webhook_attempt *t = &d->attempts[i];
		const char *body;

		t->attempt = cell_num(&rows, i, DB_COL(wh_attempt, attempt));
		db_cell_copy(t->at, sizeof(t->at), &rows, i, DB_COL(wh_attempt, at));
		t->response_status = cell_num(&rows, i, DB_COL(wh_attempt, response_status));
		t->duration_ms = cell_num(&rows, i, DB_COL(wh_attempt, duration_ms));
		/* kept as stored: text (core/textclean.h), newlines and UTF-8 too */
		body = db_cell(&rows, i, DB_COL(wh_attempt, response_body));
		if (body == NULL || strict_copy(t->response_body, sizeof(t->response_body), body) != 0)
			t->response_body[0] = '\0';
		db_cell_copy(t->error, sizeof(t->error), &rows, i, DB_COL(wh_attempt, error));
	}
	d->nattempts = rows.nrows;
	db_rows_free(&rows);
	return 0;
}

void
webhook_event_log_free(struct webhook_event_log *l)
{
	size_t i;

	for (i = 0; l->deliveries != NULL && i < l->ndeliveries; i++)
		free(l->deliveries[i].attempts);
	free(l->deliveries);
	free(l->data);
	memset(l, 0, sizeof(*l));
}

enum err
webhook_log_event(struct ctx *ctx, const struct caller *who,
    const char *event_id, struct webhook_event_log *out, struct outcome *o)
{
	struct db_rows rows;
	size_t i;
	enum err e;
	int rc;

	outcome_init(o);
	memset(out, 0, sizeof(*out));
	if ((e = find_event(ctx->db, who, event_id, &out->ev, &out->data, o)) != ERR_OK)
		return e;
	if ((rc = DB_EXEC(ctx->db, DB_WH_EVENT_DELIVERIES, by_id, &rows, NULL,
	    .id = out->ev.id)) != DB_OK)
		return domain_db_fail(o, rc, "read the deliveries");
	if (rows.nrows > 0 &&
	    (out->deliveries = calloc(rows.nrows, sizeof(*out->deliveries))) == NULL) {
		db_rows_free(&rows);
		return outcome_err(o, ERR_INTERNAL);
	}
	out->ndeliveries = rows.nrows;
	for (i = 0; i < rows.nrows; i++) {
		struct webhook_event_delivery *d = &out->deliveries[i];

		db_cell_copy(d->webhook_id, sizeof(d->webhook_id), &rows, i,
		    DB_COL(wh_event_delivery, public_id));
		db_cell_copy(d->url, sizeof(d->url), &rows, i, DB_COL(wh_event_delivery, url));
		db_cell_copy(d->status, sizeof(d->status), &rows, i,
		    DB_COL(wh_event_delivery, status));
		db_cell_copy(d->next_attempt_at, sizeof(d->next_attempt_at), &rows, i,
		    DB_COL(wh_event_delivery, next_attempt_at));
		if (read_attempts(ctx->db, db_cell(&rows, i, DB_COL(wh_event_delivery, id)),
		    d) != 0) {
			db_rows_free(&rows);
			return outcome_err(o, ERR_INTERNAL);
		}
	}
	db_rows_free(&rows);
	return ERR_OK;
}

enum err
webhook_redeliver(struct ctx *ctx, const struct caller *who,
    const char *event_id, long long *queued, struct outcome *o)
{
	struct event ev;
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
	/* a test event goes to its one endpoint again, not to subscribers; the
	 * platform's events to the endpoints they went to (a wallet user's own
	 * endpoint, should one have been set since, stays out of it) */
	if (strcmp(ev.type, "webhook.test") == 0 || who->kind == CALLER_PLATFORM) {
		struct db_res res;

		if ((rc = DB_EXEC(ctx->db, DB_WH_REDELIVER_OWN, by_id, NULL, &res,
		    .id = ev.id)) != DB_OK)
			return domain_db_fail(o, rc, "queue the redelivery");
		*queued = (long long)res.affected;
		o->changed = 1;
		return ERR_OK;
	}
	if ((rc = DB_EXEC(ctx->db, DB_WH_REDELIVER, outbox_fanout, NULL, NULL, .event_id = ev.id,
	    .kind = outbox_subject_name(OUTBOX_PARTNER), .subject_id = who->id,
	    .type = ev.type)) != DB_OK ||
	    (rc = DB_EXEC(ctx->db, DB_WH_COUNT_SUBSCRIBED, wh_subscribed, &rows, NULL,
	    .kind = outbox_subject_name(OUTBOX_PARTNER), .sid = who->id,
	    .event_type = ev.type)) != DB_OK)
		return domain_db_fail(o, rc, "queue the redelivery");
	/* (the statement's affected count mixes new and updated rows: the
	 * endpoints it reached are counted instead) */
	v = db_cell(&rows, 0, DB_COL(count, total));
	if (v == NULL || strict_uint(v, strlen(v), ~0ULL >> 1, &n) != 0)
		n = 0;
	*queued = (long long)n;
	db_rows_free(&rows);
	o->changed = 1;
	return ERR_OK;
}
