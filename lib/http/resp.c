#include "http/resp.h"

#include <stdarg.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "core/strict.h"

void
resp_init(struct resp *r)
{
	memset(r, 0, sizeof(*r));
	outcome_init(&r->out);
}

void
resp_free(struct resp *r)
{
	json_decref(r->data);
	json_decref(r->pagination);
	r->data = r->pagination = NULL;
	free(r->raw_body);
	r->raw_body = NULL;
}

void
resp_header(struct resp *r, const char *name, const char *value)
{
	struct resp_header *h;
	size_t i;

	if (!strict_printable(value, strlen(value)) || strlen(value) >= sizeof(h->value))
		return;
	/* set again: the last value stands (a bulk request counts per item) */
	for (i = 0; i < r->nheaders; i++)
		if (strict_ieq(r->headers[i].name, strlen(r->headers[i].name), name)) {
			(void)strict_copy(r->headers[i].value, sizeof(r->headers[i].value), value);
			return;
		}
	if (r->nheaders == RESP_HEADERS)
		return;
	h = &r->headers[r->nheaders];
	if (strict_copy(h->name, sizeof(h->name), name) != 0 ||
	    strict_copy(h->value, sizeof(h->value), value) != 0)
		return;
	r->nheaders++;
}

enum err
resp_raw(struct resp *r, int status, const char *text)
{
	char *copy = strdup(text);

	if (copy == NULL)
		return ERR_INTERNAL;
	free(r->raw_body);
	r->raw_body = copy;
	r->raw_status = status;
	return ERR_OK;
}

enum err
resp_raw_json(struct resp *r, int status, json_t *body)
{
	char *text = body != NULL ? json_dumps(body, JSON_COMPACT) : NULL;

	json_decref(body);
	if (text == NULL)
		return ERR_INTERNAL;
	free(r->raw_body);
	r->raw_body = text;
	r->raw_status = status;
	return ERR_OK;
}

enum err
resp_ok(struct resp *r, int status, json_t *data)
{
	json_decref(r->data);
	r->data = data;
	r->status = status;
	return ERR_OK;
}

enum err
resp_fail(struct resp *r, enum err e, const char *fmt, ...)
{
	char raw[sizeof(r->out.message)];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(raw, sizeof(raw), fmt, ap);
	va_end(ap);
	return outcome_fail(&r->out, e, "%s", raw);
}

enum err
resp_invalid(struct resp *r, enum err e, const char *field, const char *reason)
{
	return outcome_field(&r->out, e, field, reason);
}

/* The outcome's context items as a JSON object; NULL when there are none. */
static json_t *
context_json(const struct outcome *o)
{
	json_t *c;
	size_t i;

	if (o->nctx == 0 || (c = json_object()) == NULL)
		return NULL;
	for (i = 0; i < o->nctx; i++) {
		const struct outcome_item *it = &o->ctx[i];

		json_object_set_new(c, it->key, it->type == OUTCOME_STR ?
		    json_string(it->str) : it->type == OUTCOME_INT ?
		    json_integer((json_int_t)it->num) : json_boolean(it->num));
	}
	return c;
}

static const char *
status_text(int s)
{
	switch (s) {
	case 200: return "OK";
	case 201: return "Created";
	case 202: return "Accepted";
	case 204: return "No Content";
	case 207: return "Multi-Status";
	case 400: return "Bad Request";
	case 401: return "Unauthorized";
	case 403: return "Forbidden";
	case 404: return "Not Found";
	case 405: return "Method Not Allowed";
	case 408: return "Request Timeout";
	case 409: return "Conflict";
	case 411: return "Length Required";
	case 413: return "Payload Too Large";
	case 414: return "URI Too Long";
	case 415: return "Unsupported Media Type";
	case 422: return "Unprocessable Entity";
	case 417: return "Expectation Failed";
	case 429: return "Too Many Requests";
	case 431: return "Request Header Fields Too Large";
	case 500: return "Internal Server Error";
	case 501: return "Not Implemented";
	case 502: return "Bad Gateway";
	case 503: return "Service Unavailable";
	case 504: return "Gateway Timeout";
	case 505: return "HTTP Version Not Supported";
	default: return "Status";
	}
}

/*
 * Builds the envelope object: the wallet API's {status:1|0, code, message,
 * data[, pagination]}, the partner API's {status:"success", data
 * [, pagination]} / {status:"error", code, message}, or the console's
 * {data[, pagination]} / {error: {code, message}}. New reference.
 */
static json_t *
envelope(const struct resp *r, enum api api, enum err e)
{
	const struct err_def *d = err_def(api, e);
	const char *msg = r->out.message[0] ? r->out.message : d->message;
	json_t *o = json_object();

	if (o == NULL)
		return NULL;
	if (api == API_CONSOLE) {
		/* the console's: {data[, pagination]} or {error: {code, message}} */
		if (e == ERR_OK)
			json_object_set(o, "data", r->data ? r->data : json_null());
		else
			json_object_set_new(o, "error", json_pack("{s:s,s:s}", "code", d->code,
			    "message", msg));
	} else if (api == API_WALLET) {
		json_object_set_new(o, "status", json_integer(e == ERR_OK ? 1 : 0));
		json_object_set_new(o, "code", json_string(d->code));
		json_object_set_new(o, "message", json_string(msg));
		if (e == ERR_OK)
			json_object_set(o, "data", r->data ? r->data : json_null());
		else
			json_object_set_new(o, "data", r->out.nctx ? context_json(&r->out) : json_null());
	} else if (e == ERR_OK) {
		json_object_set_new(o, "status", json_string("success"));
		json_object_set(o, "data", r->data ? r->data : json_null());
	} else {
		json_object_set_new(o, "status", json_string("error"));
		json_object_set_new(o, "code", json_string(d->code));
		json_object_set_new(o, "message", json_string(msg));
	}
	if (e == ERR_OK && r->pagination != NULL)
		json_object_set(o, "pagination", r->pagination);
	return o;
}

/* The header block: Status, Content-Type (none when type is NULL),
 * Cache-Control, X-Request-Id, r's own headers. 0 or -1. */
static int
head_block(const struct resp *r, int status, const char *type, const char *request_id,
    struct buf *head)
{
	char line[400];
	size_t i;

	snprintf(line, sizeof(line), "Status: %d %s\r\n", status, status_text(status));
	if (buf_puts(head, line) != 0)
		return -1;
	if (type != NULL) {
		snprintf(line, sizeof(line), "Content-Type: %s\r\n", type);
		if (buf_puts(head, line) != 0)
			return -1;
	}
	snprintf(line, sizeof(line), "Cache-Control: no-store\r\nX-Request-Id: %s\r\n",
	    request_id);
	if (buf_puts(head, line) != 0)
		return -1;
	for (i = 0; i < r->nheaders; i++) {
		snprintf(line, sizeof(line), "%s: %s\r\n", r->headers[i].name,
		    r->headers[i].value);
		if (buf_puts(head, line) != 0)
			return -1;
	}
	return buf_puts(head, "\r\n");
}

int
resp_render(const struct resp *r, enum api api, enum err e,
    const char *request_id, struct buf *head, struct buf *body)
{
	int status = r->raw_body ? r->raw_status : e == ERR_OK ?
	    (r->status ? r->status : 200) :
	    r->error_status ? r->error_status : err_def(api, e)->http_status;
	json_t *env = NULL;
	char *text = NULL;
	int rc = -1;

	if (r->raw_body != NULL) {
		if (buf_puts(body, r->raw_body) != 0)
			goto out;
	} else if (!(e == ERR_OK && r->no_body)) {
		env = envelope(r, api, e);
		if (env == NULL)
			goto out;
		text = json_dumps(env, JSON_COMPACT);
		if (text == NULL)
			goto out;
		if (buf_puts(body, text) != 0)
			goto out;
	}
	if (head_block(r, status, r->raw_body != NULL && r->content_type != NULL ?
	    r->content_type : body->len > 0 || !(e == ERR_OK && r->no_body) ?
	    "application/json; charset=utf-8" : NULL, request_id, head) != 0)
		goto out;
	rc = status;
out:
	free(text);
	json_decref(env);
	return rc;
}

int
resp_render_head(const struct resp *r, int status, const char *request_id,
    struct buf *head)
{
	return head_block(r, status, r->content_type, request_id, head);
}
