#include "providers/prov_metrics.h"

#include <stdio.h>

#include "core/metrics.h"

#define WORD_MAX 40

static const char *const outcome_name[] = { "ok", "error", "timeout", "unreachable" };

/* s when it is a word ([A-Za-z0-9_], 1 to WORD_MAX), else "other". */
static const char *
word(const char *s)
{
	size_t i;

	for (i = 0; s != NULL && s[i] != '\0'; i++)
		if (i >= WORD_MAX || !((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
		    (s[i] >= '0' && s[i] <= '9') || s[i] == '_'))
			return "other";
	return i > 0 ? s : "other";
}

enum prov_outcome
prov_http_outcome(CURLcode cc, long status)
{
	if (cc == CURLE_OPERATION_TIMEDOUT)
		return PROV_CALL_TIMEOUT;
	if (cc != CURLE_OK)
		return PROV_CALL_UNREACHABLE;
	return status >= 200 && status <= 299 ? PROV_CALL_OK : PROV_CALL_ERROR;
}

void
prov_metrics_call(const char *provider, const char *operation, enum prov_outcome o,
    CURL *c)
{
	char labels[METRICS_LABELS_MAX];
	curl_off_t us = 0;
	int n;

	if (!metrics_on() || provider == NULL || provider[0] == '\0')
		return;
	n = snprintf(labels, sizeof(labels), "provider=\"%s\",operation=\"%s\"", word(provider),
	    word(operation));
	if (n < 0 || (size_t)n >= sizeof(labels))
		return;
	if (c != NULL && curl_easy_getinfo(c, CURLINFO_TOTAL_TIME_T, &us) == CURLE_OK)
		metrics_observe_us("cediramp_provider_call_duration_seconds", labels,
		    us > 0 ? (uint64_t)us : 0);
	snprintf(labels + n, sizeof(labels) - (size_t)n, ",outcome=\"%s\"",
	    outcome_name[o <= PROV_CALL_UNREACHABLE ? o : PROV_CALL_UNREACHABLE]);
	metrics_count("cediramp_provider_calls_total", labels, 1);
}
