#include "http/webhook_answer.h"

#include <stdlib.h>
#include <string.h>

#include "domain/event.h"
#include "domain/partner/webhook.h"
#include "http/app.h"
#include "http/body.h"
#include "http/page_number.h"
#include "http/view_partner.h"

#define SECRET_RULE "32 to 256 printable ASCII characters, or none to have one made"

static const char *const create_fields[] = { "url", "events", "secret", NULL };

enum err
webhook_create_answer(struct req *r, struct resp *resp)
{
	struct webhook_req in;
	struct webhook w;
	json_t *data;
	size_t len;
	enum err e;

	memset(&in, 0, sizeof(in));
	if ((e = body_only(r->body, resp, create_fields)) != ERR_OK ||
	    (e = body_text(r->body, resp, "url", 1, &in.url, &len)) != ERR_OK)
		return e;
	if (strlen(in.url) != len)
		return resp_invalid(resp, ERR_VALIDATION, "url", "no NUL bytes");
	/* no secret: the service makes one, shown in this answer only */
	if ((e = body_text(r->body, resp, "secret", 0, &in.secret, &len)) != ERR_OK)
		return e;
	if (in.secret != NULL && strlen(in.secret) != len)
		return resp_invalid(resp, ERR_VALIDATION, "secret", SECRET_RULE);
	if ((in.events = json_object_get(r->body, "events")) == NULL)
		return resp_invalid(resp, ERR_VALIDATION, "events", "required");
	if ((e = webhook_create(r->ctx, &r->caller, &in, &w, &resp->out)) != ERR_OK)
		return e;
	data = webhook_made_json(webhook_json(&w), &w);
	return data ? resp_ok(resp, 201, data) : ERR_INTERNAL;
}

static const char *const rotate_fields[] = { "secret", "expires_previous_in_seconds", NULL };

enum err
webhook_rotate_answer(struct req *r, struct resp *resp)
{
	const json_t *overlap;
	const char *secret;
	struct webhook w;
	json_t *data;
	size_t len;
	enum err e;

	if ((e = body_only(r->body, resp, rotate_fields)) != ERR_OK ||
	    (e = body_text(r->body, resp, "secret", 0, &secret, &len)) != ERR_OK)
		return e;
	if (secret != NULL && strlen(secret) != len)
		return resp_invalid(resp, ERR_VALIDATION, "secret", SECRET_RULE);
	overlap = json_object_get(r->body, "expires_previous_in_seconds");
	if (!json_is_integer(overlap))
		return resp_invalid(resp, ERR_VALIDATION, "expires_previous_in_seconds",
		    "an integer from 0 to 604800");
	if ((e = webhook_rotate_secret(r->ctx, &r->caller, req_param(r, "id"), secret,
	    (long long)json_integer_value(overlap), &w, &resp->out)) != ERR_OK)
		return e;
	data = webhook_made_json(webhook_rotation_json(&w), &w);
	return data ? resp_ok(resp, 200, data) : ERR_INTERNAL;
}

enum err
webhook_list_answer(struct req *r, struct resp *resp)
{
	struct webhook rows[WEBHOOK_MAX_PER_PARTNER];
	json_t *data = json_array();
	size_t i, n;
	enum err e;

	if (data == NULL)
		return ERR_INTERNAL;
	if ((e = webhook_list(r->ctx, &r->caller, rows, WEBHOOK_MAX_PER_PARTNER, &n,
	    &resp->out)) != ERR_OK) {
		json_decref(data);
		return e;
	}
	for (i = 0; i < n; i++)
		if (json_array_append_new(data, webhook_json(&rows[i])) != 0) {
			json_decref(data);
			return ERR_INTERNAL;
		}
	return resp_ok(resp, 200, data);
}

static const char *const update_fields[] = { "events", "enabled", NULL };

enum err
webhook_update_answer(struct req *r, struct resp *resp)
{
	const json_t *events, *enabled;
	struct webhook w;
	json_t *data;
	enum err e;

	if ((e = body_only(r->body, resp, update_fields)) != ERR_OK)
		return e;
	events = json_object_get(r->body, "events");
	enabled = json_object_get(r->body, "enabled");
	if (events == NULL && enabled == NULL)
		return resp_invalid(resp, ERR_VALIDATION, "events", "events, enabled or both");
	if (enabled != NULL && !json_is_boolean(enabled))
		return resp_invalid(resp, ERR_VALIDATION, "enabled", "true or false");
	if ((e = webhook_update(r->ctx, &r->caller, req_param(r, "id"), events,
	    enabled == NULL ? -1 : json_is_true(enabled), &w, &resp->out)) != ERR_OK)
		return e;
	data = webhook_json(&w);
	return data ? resp_ok(resp, 200, data) : ERR_INTERNAL;
}

enum err
webhook_delete_answer(struct req *r, struct resp *resp)
{
	enum err e;

	if ((e = webhook_delete(r->ctx, &r->caller, req_param(r, "id"), &resp->out)) != ERR_OK)
		return e;
	resp->no_body = 1;
	return resp_ok(resp, 204, NULL);
}

const char *const webhook_log_params[] = { "webhook_id", "event_type", "status", "page",
	"per_page", NULL };
const char *const webhook_endpoint_log_params[] = { "event_type", "status", "page",
	"per_page", NULL };

/* A page of the log, filtered by f plus the query's event_type and status. */
static enum err
log_page(struct req *r, struct resp *resp, struct webhook_log_filter *f)
{
	struct webhook_delivery *rows;
	struct db_total total;
	struct page_number p;
	json_t *items;
	size_t i, n;
	enum err e;

	if ((e = page_number_read(r, resp, &p)) != ERR_OK)
		return e;
	f->event_type = req_query(r, "event_type");
	if (f->event_type != NULL && !event_partner_type_known(f->event_type))
		return resp_invalid(resp, ERR_VALIDATION, "event_type",
		    "an event type (see the Events section)");
	f->status = req_query(r, "status");
	if (f->status != NULL && !webhook_delivery_status_valid(f->status))
		return resp_invalid(resp, ERR_VALIDATION, "status",
		    "pending, delivered or failed");
	if ((e = webhook_log_list(r->ctx, &r->caller, f, p.offset, (size_t)p.per_page,
	    &rows, &n, &total, &resp->out)) != ERR_OK)
		return e;
	items = json_array();
	for (i = 0; i < n && items != NULL; i++)
		if (json_array_append_new(items, webhook_delivery_json(&rows[i])) != 0) {
			json_decref(items);
			items = NULL;
		}
	free(rows);
	return page_number_ok(resp, &p, &total, items);
}

enum err
webhook_log_answer(struct req *r, struct resp *resp)
{
	struct webhook_log_filter f;

	memset(&f, 0, sizeof(f));
	f.webhook_id = req_query(r, "webhook_id");
	if (f.webhook_id != NULL && (f.webhook_id[0] == '\0' || strlen(f.webhook_id) >= ID_MAX))
		return resp_invalid(resp, ERR_VALIDATION, "webhook_id", "a webhook id");
	return log_page(r, resp, &f);
}

enum err
webhook_endpoint_log_answer(struct req *r, struct resp *resp)
{
	struct webhook_log_filter f;
	struct webhook w;
	enum err e;

	if ((e = webhook_get(r->ctx, &r->caller, req_param(r, "id"), &w, &resp->out)) != ERR_OK)
		return e;
	memset(&f, 0, sizeof(f));
	f.webhook_id = w.id;
	return log_page(r, resp, &f);
}

enum err
webhook_delivery_answer(struct req *r, struct resp *resp)
{
	struct webhook_event_log log;
	json_t *data;
	enum err e;

	e = webhook_log_event(r->ctx, &r->caller, req_param(r, "id"), &log, &resp->out);
	data = e == ERR_OK ? webhook_event_log_json(&log) : NULL;
	webhook_event_log_free(&log);
	if (e != ERR_OK)
		return e;
	return data ? resp_ok(resp, 200, data) : ERR_INTERNAL;
}

enum err
webhook_redeliver_answer(struct req *r, struct resp *resp)
{
	const char *id = req_param(r, "id");
	long long queued;
	json_t *data;
	enum err e;

	if ((e = webhook_redeliver(r->ctx, &r->caller, id, &queued, &resp->out)) != ERR_OK)
		return e;
	data = json_pack("{s:s,s:I}", "event_id", id, "queued", (json_int_t)queued);
	return data ? resp_ok(resp, 202, data) : ERR_INTERNAL;
}

enum err
webhook_test_answer(struct req *r, struct resp *resp)
{
	char event_id[ID_MAX];
	enum err e;

	if ((e = webhook_send_test(r->ctx, &r->caller, req_param(r, "id"), event_id,
	    &resp->out)) != ERR_OK)
		return e;
	return resp_ok(resp, 202, json_pack("{s:s,s:s}", "event_id", event_id, "event_type",
	    "webhook.test"));
}
