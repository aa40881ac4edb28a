#include "providers/prov_http.h"

#include <curl/curl.h>
#include <stdio.h>

static size_t
discard(char *p, size_t size, size_t n, void *ud)
{
	(void)p;
	(void)ud;
	return size * n;
}

enum prov_health
prov_http_probe(const char *base_url, const char *path, long timeout_ms)
{
	char url[1024];
	long code = 0;
	curl_off_t us = 0;
	enum prov_health h = PROV_DOWN;
	CURL *c;

	if (base_url == NULL || *base_url == '\0')
		return PROV_DOWN;
	if ((size_t)snprintf(url, sizeof(url), "%s%s", base_url, path) >= sizeof(url))
		return PROV_DOWN;
	c = curl_easy_init();
	if (c == NULL)
		return PROV_DOWN;
	curl_easy_setopt(c, CURLOPT_URL, url);
	curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, timeout_ms);
	curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, timeout_ms);
	curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
	curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, discard);
	if (curl_easy_perform(c) == CURLE_OK &&
	    curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &code) == CURLE_OK &&
	    code >= 200 && code < 300) {
		curl_easy_getinfo(c, CURLINFO_TOTAL_TIME_T, &us);
		h = us > (curl_off_t)timeout_ms * 500 ? PROV_DEGRADED : PROV_OPERATIONAL;
	}
	curl_easy_cleanup(c);
	return h;
}

const char *
prov_health_name(enum prov_health h)
{
	switch (h) {
	case PROV_OPERATIONAL: return "operational";
	case PROV_DEGRADED: return "degraded";
	default: return "down";
	}
}
