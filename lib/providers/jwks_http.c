#include "providers/jwks_http.h"

#include <curl/curl.h>
#include <stdio.h>

static size_t
take(char *p, size_t size, size_t n, void *arg)
{
	return buf_append(arg, p, size * n) == 0 ? size * n : 0;
}

int
jwks_fetch(const char *url, long timeout_ms, struct buf *out, char *why, size_t cap)
{
	CURL *c = curl_easy_init();
	long status = 0;
	CURLcode cc;

	buf_reset(out);
	if (c == NULL) {
		snprintf(why, cap, "out of memory");
		return -1;
	}
	curl_easy_setopt(c, CURLOPT_URL, url);
	curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
	curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, take);
	curl_easy_setopt(c, CURLOPT_WRITEDATA, out);
	curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, timeout_ms);
	curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(c, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)JWKS_HTTP_MAX);
	cc = curl_easy_perform(c);
	curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
	curl_easy_cleanup(c);
	if (cc != CURLE_OK) {
		snprintf(why, cap, "%s", curl_easy_strerror(cc));
		return -1;
	}
	if (status != 200) {
		snprintf(why, cap, "answered %ld", status);
		return -1;
	}
	return 0;
}
