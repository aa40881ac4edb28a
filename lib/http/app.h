/*
 * app: the one FastCGI accept loop every program uses. A program hands
 * app_main its route table; the loop parses the request, authenticates it,
 * routes it (404 / 405 with Allow in the API's own envelope), enforces the
 * body rules, calls the handler, renders the envelope and logs one line.
 */
#ifndef CEDIRAMP_APP_H
#define CEDIRAMP_APP_H

#include <stddef.h>

#include "core/buf.h"
#include "domain/ctx.h"
#include "http/route.h"

struct app {
	const char *name;
	const struct route *routes;
	size_t nroutes;
};

/* Reads up to n body bytes into p; returns bytes read (0 at end) or -1. */
typedef long (*app_read_fn)(void *io, char *p, size_t n);
/* Writes n bytes of p to the client: 0, or -1. */
typedef int (*app_write_fn)(void *io, const char *p, size_t n);

/* The request's body comes from rd(in); a streamed answer goes to
 * wr(out), or, with wr NULL (tests), into head and body as any other. */
struct app_io {
	app_read_fn rd;
	void *in;
	app_write_fn wr;
	void *out;
};

/*
 * Handles one request given its CGI environment and io, with no FastCGI
 * involved (so tests can drive it). Writes the CGI header block into head
 * and the body into body, unless the handler streamed its answer (then
 * both stay empty). Returns the HTTP status.
 */
int app_handle(const struct app *app, struct ctx *ctx, char **envp,
    const struct app_io *io, struct buf *head, struct buf *body);

/*
 * A handler's body written as it is made, never held whole (a statement):
 * io is the request. The first call sends the answer's header block (200,
 * the resp's content_type and headers so far), each call then its bytes;
 * once one was made, the handler's result is only logged. 0, or -1 when
 * the client cannot be written to.
 */
int app_stream_write(void *req, const char *p, size_t n);

/* Process entry: set-up once, then accept and handle until told to stop. */
int app_main(const struct app *app);

/*
 * A program's whole main(): `return app_run("name", routes, APP_NROUTES(routes));`
 * The table must outlive the process (a static const array).
 */
int app_run(const char *name, const struct route *routes, size_t nroutes);

/*
 * Counts one more request of r's caller against its limits, as dispatch
 * counted the request itself (a bulk request's items after the first,
 * each a request): resp's X-RateLimit-* headers then say the count after
 * it. ERR_OK; ERR_RATE_LIMITED with why (cap bytes) the 429's message
 * (the item's answer; resp is otherwise untouched); or
 * ERR_SERVICE_UNAVAILABLE when the count could not be made.
 */
enum err app_count_one_more(struct req *r, struct resp *resp, char *why, size_t cap);
#define APP_NROUTES(t) (sizeof(t) / sizeof((t)[0]))

#endif
