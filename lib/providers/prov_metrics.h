/*
 * prov_metrics: what one call to a provider adds to its program's metrics
 * (core/metrics.h): cediramp_provider_calls_total{provider,operation,
 * outcome} and the call's latency in cediramp_provider_call_duration_
 * seconds{provider,operation}. Every call leaves through one of the few
 * functions here that drive libcurl (prov_http_many for the adapters'
 * calls, prov_http_get_json, prov_http_probe_many, the webhook sender,
 * jwks_fetch, mail_send), and each of them counts its calls here, once.
 *
 * provider and operation are fixed words of the code ("momo", "transfer";
 * "evm", "eth_getBalance"), never a URL, a reference, a number or an
 * amount (decision 33); a word of any other characters is counted as
 * "other", so nothing else can reach a label.
 */
#ifndef CEDIRAMP_PROV_METRICS_H
#define CEDIRAMP_PROV_METRICS_H

#include <curl/curl.h>

enum prov_outcome {
	PROV_CALL_OK = 0,      /* a 2xx answer (JSON-RPC: with a result) */
	PROV_CALL_ERROR,       /* another answer (JSON-RPC: an error) */
	PROV_CALL_TIMEOUT,     /* no whole answer within the timeout */
	PROV_CALL_UNREACHABLE, /* any other failure: refused, unresolvable, lost */
};

/* An HTTP call's outcome from libcurl's result cc and, when cc is
 * CURLE_OK, the answer's status. */
enum prov_outcome prov_http_outcome(CURLcode cc, long status);

/*
 * Counts one call of provider's operation that ended as o; its latency is
 * libcurl's total time of c (read now: call this before c is reset or
 * freed; NULL: none observed). provider NULL or "": not counted (a call
 * that is no provider's, such as the sandbox's own callbacks).
 */
void prov_metrics_call(const char *provider, const char *operation, enum prov_outcome o,
    CURL *c);

#endif
