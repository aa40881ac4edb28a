#include "providers/prov_http.h"

#include <stdio.h>
#include <string.h>

static size_t
collect(char *p, size_t size, size_t n, void *ud)
{
	return buf_append(ud, p, size * n) == 0 ? size * n : 0;
}

CURL *
prov_http_handle(const char *url, long timeout_ms, struct buf *sink)
{
	CURL *c = curl_easy_init();

	if (c == NULL)
		return NULL;
	curl_easy_setopt(c, CURLOPT_URL, url);
	curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, timeout_ms);
	curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, timeout_ms);
	curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
	curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, collect);
	curl_easy_setopt(c, CURLOPT_WRITEDATA, sink);
	return c;
}

/* The status a health body reports ("status", or data.status), or NULL. */
static const char *
reported_status(json_t *doc)
{
	json_t *s = json_object_get(doc, "status");

	if (!json_is_string(s))
		s = json_object_get(json_object_get(doc, "data"), "status");
	return json_is_string(s) ? json_string_value(s) : NULL;
}

enum prov_health
prov_http_probe(const char *base_url, const char *path, long timeout_ms)
{
	char url[1024];
	long code = 0;
	curl_off_t us = 0;
	enum prov_health h = PROV_DOWN;
	struct buf body;
	json_t *doc;
	const char *st;
	CURL *c;

	if (base_url == NULL || *base_url == '\0')
		return PROV_DOWN;
	if ((size_t)snprintf(url, sizeof(url), "%s%s", base_url, path) >= sizeof(url))
		return PROV_DOWN;
	buf_init(&body, 64 * 1024);
	c = prov_http_handle(url, timeout_ms, &body);
	if (c == NULL)
		return PROV_DOWN;
	if (curl_easy_perform(c) == CURLE_OK &&
	    curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &code) == CURLE_OK &&
	    code >= 200 && code < 300) {
		curl_easy_getinfo(c, CURLINFO_TOTAL_TIME_T, &us);
		h = us > (curl_off_t)timeout_ms * 500 ? PROV_DEGRADED : PROV_OPERATIONAL;
		/* a provider may also say so itself */
		doc = json_loadb(body.data ? body.data : "", body.len, 0, NULL);
		st = reported_status(doc);
		if (st != NULL && strcmp(st, "degraded") == 0 && h == PROV_OPERATIONAL)
			h = PROV_DEGRADED;
		else if (st != NULL && strcmp(st, "down") == 0)
			h = PROV_DOWN;
		json_decref(doc);
	}
	curl_easy_cleanup(c);
	buf_free(&body);
	return h;
}

int
prov_http_get_json(const char *url, long timeout_ms, long *status,
    json_t **out, const char **why)
{
	struct buf body;
	CURL *c;
	CURLcode cc;
	int rc = -1;

	*out = NULL;
	*status = 0;
	buf_init(&body, 1024 * 1024);
	c = prov_http_handle(url, timeout_ms, &body);
	if (c == NULL) {
		*why = "curl init failed";
		return -1;
	}
	cc = curl_easy_perform(c);
	if (cc != CURLE_OK) {
		*why = curl_easy_strerror(cc);
		goto out;
	}
	curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, status);
	*out = json_loadb(body.data ? body.data : "", body.len,
	    JSON_REJECT_DUPLICATES, NULL);
	if (*out == NULL) {
		*why = "the body is not JSON";
		goto out;
	}
	rc = 0;
out:
	curl_easy_cleanup(c);
	buf_free(&body);
	return rc;
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
