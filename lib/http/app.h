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

/*
 * Handles one request given its CGI environment and a body reader, with
 * no FastCGI involved (so tests can drive it). Writes the CGI header block
 * into head and the body into body. Returns the HTTP status.
 */
int app_handle(const struct app *app, struct ctx *ctx, char **envp,
    app_read_fn rd, void *io, struct buf *head, struct buf *body);

/* Process entry: set-up once, then accept and handle until told to stop. */
int app_main(const struct app *app);

/*
 * A program's whole main(): `return app_run("name", routes, APP_NROUTES(routes));`
 * The table must outlive the process (a static const array).
 */
int app_run(const char *name, const struct route *routes, size_t nroutes);
#define APP_NROUTES(t) (sizeof(t) / sizeof((t)[0]))

#endif
