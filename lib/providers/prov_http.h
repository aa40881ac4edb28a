/*
 * prov_http: the HTTP client (libcurl) the provider adapters share.
 * Every call has a total timeout; nothing follows redirects.
 */
#ifndef CEDIRAMP_PROV_HTTP_H
#define CEDIRAMP_PROV_HTTP_H

enum prov_health { PROV_OPERATIONAL = 0, PROV_DEGRADED, PROV_DOWN };

/*
 * GETs base_url + path and classifies the answer: a 2xx within half the
 * timeout is operational, a slower 2xx degraded, anything else (no URL,
 * refused, timeout, non-2xx) down.
 */
enum prov_health prov_http_probe(const char *base_url, const char *path,
    long timeout_ms);

/* "operational", "degraded" or "down". */
const char *prov_health_name(enum prov_health h);

#endif
