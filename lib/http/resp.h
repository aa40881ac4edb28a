/*
 * resp: what a handler produced, and its rendering into either API's
 * envelope. Handlers fill data (and pagination); errors carry an enum err,
 * and the outcome's message and, for the wallet API, its context items.
 */
#ifndef CEDIRAMP_RESP_H
#define CEDIRAMP_RESP_H

#include <stddef.h>
#include <jansson.h>

#include "core/buf.h"
#include "core/outcome.h"
#include "http/errtab.h"

#define RESP_HEADERS 12

struct resp_header {
	char name[48];
	char value[256];
};

struct resp {
	int status;         /* success status; 0 means 200 */
	json_t *data;       /* owned; NULL renders as null */
	json_t *pagination; /* owned; NULL: no pagination member */
	int no_body;        /* 204: nothing after the headers */

	/*
	 * How the operation ended: the error's message and context (the
	 * wallet API's `data` on errors), and whether state was committed.
	 * Domain functions fill it directly: handlers pass &resp->out.
	 */
	struct outcome out;

	struct resp_header headers[RESP_HEADERS];
	size_t nheaders;

	char *raw_body;     /* owned; a stored answer replayed byte for byte */
	int raw_status;
	int error_status;   /* an error's status when not its code's (the web
	                     * server's own, kept): 0 for the code's */
	const char *content_type; /* a streamed or raw body's (static text);
	                             NULL: JSON */
};

void resp_init(struct resp *r);
void resp_free(struct resp *r); /* releases owned JSON; keeps headers */

/* Sets a response header (a name set again gets the new value); a full
 * table or an oversize value is dropped. */
void resp_header(struct resp *r, const char *name, const char *value);

/* Answers text as the body itself, no envelope (a document served as it
 * is: the OpenAPI specs), with status: ERR_OK, or ERR_INTERNAL when the
 * copy fails. */
enum err resp_raw(struct resp *r, int status, const char *text);

/* As resp_raw, the body being body (stolen) dumped compactly: another
 * API's shape (the simulators'). NULL body (a failed json_pack) is
 * ERR_INTERNAL. */
enum err resp_raw_json(struct resp *r, int status, json_t *body);

/* Sets data (stolen reference) and status; returns ERR_OK. */
enum err resp_ok(struct resp *r, int status, json_t *data);

/*
 * Records an error's message (printf-style, clipped) and returns e, so a
 * handler can `return resp_fail(r, ERR_VALIDATION, "amount: %s", why);`.
 */
enum err resp_fail(struct resp *r, enum err e, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* As resp_fail for ERR_VALIDATION, adding {"field": field} as context. */
enum err resp_invalid(struct resp *r, enum err e, const char *field,
    const char *reason);

/*
 * The CGI header block of an answer with status whose body is streamed
 * (r->content_type) into head: Status, Content-Type, Cache-Control,
 * X-Request-Id and r's headers. 0, or -1 on OOM.
 */
int resp_render_head(const struct resp *r, int status, const char *request_id,
    struct buf *head);

/*
 * Renders the response for api: success envelope when e is ERR_OK, error
 * envelope otherwise. Writes the complete CGI header block into head and
 * the body into body. Returns the HTTP status, or -1 on OOM.
 */
int resp_render(const struct resp *r, enum api api, enum err e,
    const char *request_id, struct buf *head, struct buf *body);

#endif
