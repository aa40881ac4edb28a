/*
 * req: one HTTP request as the handlers see it, built from the FastCGI
 * environment. Parsing has limits first: path and query length, number of
 * query parameters, body size, JSON depth.
 */
#ifndef CEDIRAMP_REQ_H
#define CEDIRAMP_REQ_H

#include <stddef.h>
#include <jansson.h>

#include "http/errtab.h"
#include "domain/caller.h"
#include "domain/console/session.h"
#include "domain/idempotency.h"

#define REQ_PATH_MAX 512
#define REQ_QUERY_MAX 4096   /* raw query string bytes */
#define REQ_QUERY_ITEMS 32
#define REQ_PARAM_MAX 4      /* path parameters */
#define REQ_VALUE_MAX 1024   /* decoded query value or path parameter */
#define REQ_JSON_DEPTH 16
#define REQ_ID_MAX 64

struct ctx;

struct req_kv {
	const char *key;
	const char *val;
};

struct req {
	enum api api;
	char method[16];
	char path[REQ_PATH_MAX];  /* raw path of REQUEST_URI, no query */
	const char *content_type; /* NULL when absent */
	const char *authorization;
	const char *idempotency_key;
	const char *query_string; /* raw; parsed by req_parse_query */
	char **envp;              /* the CGI environment (borrowed): req_header */
	unsigned long long content_length;
	char request_id[REQ_ID_MAX];
	const char *route; /* the matched route's pattern (metrics); NULL: none */

	struct req_kv query[REQ_QUERY_ITEMS];
	size_t nquery;
	struct req_kv params[REQ_PARAM_MAX]; /* from the route pattern */
	size_t nparams;
	json_t *body; /* the JSON object of a ROUTE_BODY route; owned */
	/* its bytes as they came (a signature covers them), valid while the
	 * route's handler runs; NULL otherwise */
	const char *raw_body;
	size_t raw_len;

	struct caller caller;
	struct console_session console; /* the console's session (auth_console) */
	int signature_required; /* the partner's key must sign (auth_partner) */
	struct ctx *ctx; /* the process context; borrowed */
	struct app_stream *stream; /* where a streamed body goes (http/app.h) */
	struct idempotency_claim idempotency; /* the claimed idempotency key; row 0 if none */

	char *storage;   /* decoded strings live here; owned */
	size_t storage_len, storage_cap;
};

/*
 * Fills r from a FastCGI/CGI environment (NULL-terminated KEY=VALUE
 * strings, borrowed: r points into it). The query string is kept raw: the
 * loop parses it after authentication and routing. Returns ERR_OK, or
 * ERR_VALIDATION / ERR_NOT_FOUND with msg set for a request that cannot be
 * parsed (a bad Content-Length, a path too long).
 */
enum err req_from_env(struct req *r, char **envp, char *msg, size_t msglen);

/* The first value of the environment variable name, or NULL. */
const char *req_env(char **envp, const char *name);

/*
 * Parses a raw query string into r->query, percent-decoding keys and values
 * ('+' is a space). Repeated keys, bad escapes, NUL or control bytes, and
 * more than REQ_QUERY_ITEMS items are errors (ERR_VALIDATION, msg set).
 */
enum err req_parse_query(struct req *r, const char *qs, char *msg,
    size_t msglen);

/*
 * Checks every query key against allowed (NULL-terminated, may be NULL for
 * none). Returns ERR_OK or ERR_VALIDATION naming the first unknown key.
 */
enum err req_check_query(const struct req *r, const char *const *allowed,
    char *msg, size_t msglen);

/*
 * The value of request header name ("X-Reference-Id" is the CGI
 * environment's HTTP_X_REFERENCE_ID), or NULL when absent or when name is
 * longer than 63 characters.
 */
const char *req_header(const struct req *r, const char *name);

/* The decoded value of query parameter / path parameter name, or NULL. */
const char *req_query(const struct req *r, const char *name);
const char *req_param(const struct req *r, const char *name);

/*
 * 1 if the Content-Type is application/json (any case; parameters such as
 * charset=utf-8 allowed), else 0.
 */
int req_is_json_type(const char *content_type);

/*
 * Parses a JSON request body of len bytes into r->body. The body must be a
 * single object with no duplicate keys and at most REQ_JSON_DEPTH levels.
 * Returns ERR_OK or ERR_VALIDATION with msg set.
 */
enum err req_parse_body(struct req *r, const char *body, size_t len,
    char *msg, size_t msglen);

/*
 * Copies n bytes of s into the request's storage, NUL-terminated. The
 * result lives until req_free. NULL on OOM.
 */
const char *req_store(struct req *r, const char *s, size_t n);

void req_free(struct req *r); /* releases what the request owns */

#endif
