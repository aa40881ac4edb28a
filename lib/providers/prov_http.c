#include "providers/prov_http.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "providers/prov_metrics.h"

static size_t
collect(char *p, size_t size, size_t n, void *ud)
{
	return buf_append(ud, p, size * n) == 0 ? size * n : 0;
}

void
prov_http_setup(CURL *c, const char *url, long timeout_ms, struct buf *sink)
{
	curl_easy_setopt(c, CURLOPT_URL, url);
	curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, timeout_ms);
	curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, timeout_ms);
	curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
	curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, collect);
	curl_easy_setopt(c, CURLOPT_WRITEDATA, sink);
}

CURL *
prov_http_handle(const char *url, long timeout_ms, struct buf *sink)
{
	CURL *c = curl_easy_init();

	if (c != NULL)
		prov_http_setup(c, url, timeout_ms, sink);
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

/* The health of one finished probe: its status, time and body. */
static enum prov_health
classify(CURL *c, CURLcode cc, long timeout_ms, const struct buf *body)
{
	long code = 0;
	curl_off_t us = 0;
	enum prov_health h;
	const char *st;
	json_t *doc;

	if (cc != CURLE_OK ||
	    curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &code) != CURLE_OK ||
	    code < 200 || code >= 300)
		return PROV_DOWN;
	curl_easy_getinfo(c, CURLINFO_TOTAL_TIME_T, &us);
	h = us > (curl_off_t)timeout_ms * 500 ? PROV_DEGRADED : PROV_OPERATIONAL;
	/* a provider may also say so itself */
	doc = json_loadb(body->data ? body->data : "", body->len, 0, NULL);
	st = reported_status(doc);
	if (st != NULL && strcmp(st, "degraded") == 0 && h == PROV_OPERATIONAL)
		h = PROV_DEGRADED;
	else if (st != NULL && strcmp(st, "down") == 0)
		h = PROV_DOWN;
	json_decref(doc);
	return h;
}

void
prov_http_probe_many(const struct prov_probe *p, size_t n, enum prov_health *out)
{
	CURL *h[PROV_PROBE_MAX] = { 0 };
	struct buf body[PROV_PROBE_MAX];
	char url[1024];
	CURLM *m = NULL;
	CURLMsg *msg;
	size_t i;
	int running = 0, left;

	for (i = 0; i < n; i++)
		out[i] = PROV_DOWN;
	if (n > PROV_PROBE_MAX || (m = curl_multi_init()) == NULL)
		return;
	for (i = 0; i < n; i++) {
		buf_init(&body[i], 64 * 1024);
		if (p[i].base_url == NULL || p[i].base_url[0] == '\0' ||
		    (size_t)snprintf(url, sizeof(url), "%s%s", p[i].base_url,
		    p[i].path) >= sizeof(url))
			continue;
		h[i] = prov_http_handle(url, p[i].timeout_ms, &body[i]);
		if (h[i] != NULL) {
			curl_easy_setopt(h[i], CURLOPT_PRIVATE, (void *)&out[i]);
			curl_multi_add_handle(m, h[i]);
		}
	}
	/* every probe at once: the slowest, not the sum, bounds the wait */
	do {
		if (curl_multi_perform(m, &running) != CURLM_OK)
			break;
		if (running > 0 && curl_multi_poll(m, NULL, 0, 200, NULL) != CURLM_OK)
			break;
	} while (running > 0);
	while ((msg = curl_multi_info_read(m, &left)) != NULL) {
		if (msg->msg != CURLMSG_DONE)
			continue;
		for (i = 0; i < n; i++)
			if (h[i] == msg->easy_handle) {
				long code = 0;

				out[i] = classify(h[i], msg->data.result, p[i].timeout_ms, &body[i]);
				curl_easy_getinfo(h[i], CURLINFO_RESPONSE_CODE, &code);
				prov_metrics_call(p[i].provider, "health",
				    prov_http_outcome(msg->data.result, code), h[i]);
			}
	}
	for (i = 0; i < n; i++) {
		if (h[i] != NULL) {
			curl_multi_remove_handle(m, h[i]);
			curl_easy_cleanup(h[i]);
		}
		buf_free(&body[i]);
	}
	curl_multi_cleanup(m);
}

enum prov_health
prov_http_probe(const char *base_url, const char *path, long timeout_ms)
{
	struct prov_probe p = { NULL, base_url, path, timeout_ms };
	enum prov_health h;

	prov_http_probe_many(&p, 1, &h);
	return h;
}

int
prov_http_get_json(const char *provider, const char *operation, const char *url,
    long timeout_ms, long *status, json_t **out, const char **why)
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
	if (cc == CURLE_OK)
		curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, status);
	prov_metrics_call(provider, operation, prov_http_outcome(cc, *status), c);
	if (cc != CURLE_OK) {
		*why = curl_easy_strerror(cc);
		goto out;
	}
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

void
prov_call_free(struct prov_call *call)
{
	json_decref(call->json);
	call->json = NULL;
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

int
prov_http_escape(const char *s, char *out, size_t cap)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t o = 0;

	for (; *s != '\0'; s++) {
		unsigned char c = (unsigned char)*s;
		int plain = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
		    (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '~';

		if (o + (plain ? 1 : 3) >= cap)
			return -1;
		if (plain) {
			out[o++] = (char)c;
		} else {
			out[o++] = '%';
			out[o++] = hex[c >> 4];
			out[o++] = hex[c & 15];
		}
	}
	if (cap == 0)
		return -1;
	out[o] = '\0';
	return 0;
}
