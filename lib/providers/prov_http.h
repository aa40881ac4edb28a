/*
 * prov_http: the HTTP client (libcurl) the provider adapters share.
 * Every call has a total timeout; nothing follows redirects.
 */
#ifndef CEDIRAMP_PROV_HTTP_H
#define CEDIRAMP_PROV_HTTP_H

#include <curl/curl.h>
#include <jansson.h>

#include "core/buf.h"

/*
 * A libcurl handle for url with the adapters' common settings: total and
 * connect timeout of timeout_ms, no signals, http(s) only, no redirects,
 * the response body appended to sink (bounded by its maximum). The caller
 * owns the handle (curl_easy_cleanup); NULL on failure.
 */
CURL *prov_http_handle(const char *url, long timeout_ms, struct buf *sink);

enum prov_health { PROV_OPERATIONAL = 0, PROV_DEGRADED, PROV_DOWN };

/*
 * GETs base_url + path and classifies the answer: a 2xx within half the
 * timeout is operational, a slower 2xx degraded, anything else (no URL,
 * refused, timeout, non-2xx) down. A 2xx whose JSON body reports "status"
 * (or data.status) "degraded" or "down" is taken at its word.
 */
enum prov_health prov_http_probe(const char *base_url, const char *path,
    long timeout_ms);

#define PROV_PROBE_MAX 8

struct prov_probe {
	const char *base_url; /* "" or NULL: down without a call */
	const char *path;
	long timeout_ms;
};

/* prov_http_probe for n (at most PROV_PROBE_MAX) providers at once; out[i]
 * is p[i]'s health. */
void prov_http_probe_many(const struct prov_probe *p, size_t n,
    enum prov_health *out);

/*
 * GETs url and parses a JSON body of at most 1 MiB. Returns 0 with *out
 * set (new reference) and *status the HTTP status, or -1 (no answer, or a
 * body that is not JSON) with why set.
 */
int prov_http_get_json(const char *url, long timeout_ms, long *status,
    json_t **out, const char **why);

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
