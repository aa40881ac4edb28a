#include "providers/jwks_http.h"

#include <curl/curl.h>
#include <stdio.h>

#include "providers/prov_metrics.h"

static size_t
take(char *p, size_t size, size_t n, void *arg)
{
	return buf_append(arg, p, size * n) == 0 ? size * n : 0;
}

int
jwks_fetch(const char *url, const struct netguard_policy *guard, long timeout_ms,
    struct buf *out, char *why, size_t cap)
{
	struct curl_slist *resolve = NULL;
	struct netguard_pin pin;
	struct netguard_url u;
	long status = 0;
	CURLcode cc;
	CURL *c;

	buf_reset(out);
	if (guard != NULL && (netguard_parse_url(url, guard->allow_http, &u, why, cap) != 0 ||
	    netguard_resolve(&u, guard, &pin, why, cap) != 0))
		return -1;
	if ((c = curl_easy_init()) == NULL) {
		snprintf(why, cap, "out of memory");
		return -1;
	}
	if (guard != NULL && netguard_curl_pin(c, &pin, &resolve) != 0) {
		curl_easy_cleanup(c);
		curl_slist_free_all(resolve);
		snprintf(why, cap, "out of memory");
		return -1;
	}
	curl_easy_setopt(c, CURLOPT_URL, url);
	curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
	curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 0L);
	curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, take);
	curl_easy_setopt(c, CURLOPT_WRITEDATA, out);
	curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, timeout_ms);
	curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(c, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)JWKS_HTTP_MAX);
	cc = curl_easy_perform(c);
	curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
	prov_metrics_call("jwks", "fetch", prov_http_outcome(cc, status), c);
	curl_easy_cleanup(c);
	curl_slist_free_all(resolve);
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
