/*
 * prov_http: the HTTP client (libcurl) the provider adapters share.
 * Every call has a total timeout; nothing follows redirects. Calls
 * (prov_http_call, prov_http_many: prov_http_many.c) go through one
 * libcurl multi handle per thread, kept for the thread's life, so a
 * provider's keep-alive connections serve the calls that follow.
 */
#ifndef CEDIRAMP_PROV_HTTP_H
#define CEDIRAMP_PROV_HTTP_H

#include <curl/curl.h>
#include <jansson.h>

#include "core/buf.h"
#include "providers/endpoint.h"

/*
 * A libcurl handle for url with the adapters' common settings: total and
 * connect timeout of timeout_ms, no signals, http(s) only, no redirects,
 * the response body appended to sink (bounded by its maximum). The caller
 * owns the handle (curl_easy_cleanup); NULL on failure.
 */
CURL *prov_http_handle(const char *url, long timeout_ms, struct buf *sink);

/* Those settings on handle c (a new or a reset one). */
void prov_http_setup(CURL *c, const char *url, long timeout_ms, struct buf *sink);

enum prov_health { PROV_OPERATIONAL = 0, PROV_DEGRADED, PROV_DOWN };

/*
 * GETs base_url + path and classifies the answer: a 2xx within half the
 * timeout is operational, a slower 2xx degraded, anything else (no URL,
 * refused, timeout, non-2xx) down. A 2xx whose JSON body reports "status"
 * (or data.status) "degraded" or "down" is taken at its word. Not counted
 * in the metrics (prov_http_probe_many counts a probe that names its
 * provider, as operation "health").
 */
enum prov_health prov_http_probe(const char *base_url, const char *path,
    long timeout_ms);

#define PROV_PROBE_MAX 8

struct prov_probe {
	const char *provider; /* its metrics word (endpoint.h's kind); NULL:
	                         not counted */
	const char *base_url; /* "" or NULL: down without a call */
	const char *path;
	long timeout_ms;
};

/* prov_http_probe for n (at most PROV_PROBE_MAX) providers at once; out[i]
 * is p[i]'s health. */
void prov_http_probe_many(const struct prov_probe *p, size_t n,
    enum prov_health *out);

/*
 * GETs url and parses a JSON body of at most 1 MiB, the call counted as
 * provider's operation (fixed words: prov_metrics.h). Returns 0 with *out
 * set (new reference) and *status the HTTP status, or -1 (no answer, or a
 * body that is not JSON) with why set.
 */
int prov_http_get_json(const char *provider, const char *operation, const char *url,
    long timeout_ms, long *status, json_t **out, const char **why);

/* One finished (or failed) provider call. */
struct prov_call {
	long status;   /* the HTTP status; 0 when no answer came back */
	json_t *json;  /* the body as JSON (new reference), NULL when empty,
	                  not JSON, or no answer */
	int sent;      /* the request may have reached the provider: 0 only
	                  when it certainly did not (refused, unresolvable,
	                  no connection within the timeout) */
	int timed_out; /* no (whole) answer within the timeout */
};

/*
 * One HTTP call: method ep->url + path with the extra request headers
 * (NULL-terminated "Name: value" list, may be NULL) and an optional JSON
 * body (borrowed; sent with Content-Type: application/json), counted in
 * the metrics as ep->kind's operation (a fixed word naming the call:
 * "transfer", "balance", a JSON-RPC method; prov_metrics.h). A POST
 * without a body sends an empty one (Content-Length: 0). The answer's
 * body, at most 1 MiB, is parsed with duplicate keys rejected. Returns 0
 * when an HTTP answer came back (any status), -1 otherwise (call says
 * whether the request was sent and whether it timed out; it holds no
 * JSON then). The caller frees call with prov_call_free.
 */
int prov_http_call(const struct prov_endpoint *ep, const char *operation,
    const char *method, const char *path, const char *const *headers, const json_t *body,
    struct prov_call *call);

/* One call of prov_http_many: prov_http_call's arguments, borrowed
 * until prov_http_many returns. */
struct prov_req {
	const struct prov_endpoint *ep;
	const char *operation;
	const char *method;
	const char *path;
	const char *const *headers;
	const json_t *body;
};

/*
 * Makes the n calls reqs describes at once, at most max_in_flight (0 is
 * 1) in flight at a time, each with its endpoint's timeout from when it
 * starts: calls[i] and rcs[i] are what prov_http_call would have given
 * for reqs[i] (rcs[i] 0 when an answer came). The caller frees each call.
 */
void prov_http_many(const struct prov_req *reqs, size_t n, unsigned max_in_flight,
    struct prov_call *calls, int *rcs);

/* Closes the thread's kept connections and frees its handles (at exit). */
void prov_http_forget(void);

/* Releases what call holds; safe on a zeroed or freed call. */
void prov_call_free(struct prov_call *call);

/*
 * Percent-encodes s for one URL path segment: everything but A-Z a-z 0-9
 * - _ ~ is %XX (dots too, so "." and ".." stay plain names that no client
 * library resolves as dot segments), so an id cannot add segments, a query
 * or a fragment. 0, or -1 when out (cap bytes) is too small.
 */
int prov_http_escape(const char *s, char *out, size_t cap);

/* "operational", "degraded" or "down". */
const char *prov_health_name(enum prov_health h);

#endif
