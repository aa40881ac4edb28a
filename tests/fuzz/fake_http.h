/*
 * fake_http: answers the provider adapters' HTTP calls from a fuzz input.
 * Every target is linked with -Wl,--wrap=prov_http_call (Makefile), so
 * momo_http and chain_http call __wrap_prov_http_call instead of libcurl
 * and parse a body the target made up, exactly as they parse a real one.
 */
#ifndef CEDIRAMP_FUZZ_FAKE_HTTP_H
#define CEDIRAMP_FUZZ_FAKE_HTTP_H

#include <stddef.h>

#include "providers/prov_http.h"

/* How one call ends. */
struct fake_answer {
	int answered;  /* 1: an HTTP answer came back (status, body) */
	int sent;      /* unanswered only: the request may have arrived */
	int timed_out; /* unanswered only */
	long status;
	const char *body; /* borrowed; len bytes, NULL or len 0: no body */
	size_t len;
};

/*
 * The answers to the next n calls, in order (borrowed until the next
 * fake_http_set). A call beyond them is unanswered and certainly not sent
 * (as a refused connection).
 */
void fake_http_set(const struct fake_answer *a, size_t n);

/* The number of calls made since the last fake_http_set. */
size_t fake_http_calls(void);

/* Reads a status and a transport outcome from 2 bytes of fuzz input:
 * one of the statuses adapters tell apart, or any 100..599. */
struct fake_answer fake_http_answer(unsigned char how, unsigned char status);

int __wrap_prov_http_call(const struct prov_endpoint *ep, const char *method,
    const char *path, const char *const *headers, const json_t *body,
    struct prov_call *call);

#endif
