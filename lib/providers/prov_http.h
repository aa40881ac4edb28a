/*
 * prov_http: the HTTP client (libcurl) the provider adapters share.
 * Every call has a total timeout; nothing follows redirects.
 */
#ifndef CEDIRAMP_PROV_HTTP_H
#define CEDIRAMP_PROV_HTTP_H

#include <jansson.h>

enum prov_health { PROV_OPERATIONAL = 0, PROV_DEGRADED, PROV_DOWN };

/*
 * GETs base_url + path and classifies the answer: a 2xx within half the
 * timeout is operational, a slower 2xx degraded, anything else (no URL,
 * refused, timeout, non-2xx) down. A 2xx whose JSON body reports "status"
 * (or data.status) "degraded" or "down" is taken at its word.
 */
enum prov_health prov_http_probe(const char *base_url, const char *path,
    long timeout_ms);

/*
 * GETs url and parses a JSON body of at most 1 MiB. Returns 0 with *out
 * set (new reference) and *status the HTTP status, or -1 (no answer, or a
 * body that is not JSON) with why set.
 */
int prov_http_get_json(const char *url, long timeout_ms, long *status,
    json_t **out, const char **why);

/* "operational", "degraded" or "down". */
const char *prov_health_name(enum prov_health h);

#endif
