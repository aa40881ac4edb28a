/*
 * fake_http: answers the provider adapters' HTTP calls from a fuzz input.
 * Every target is linked with -Wl,--wrap=prov_http_call (Makefile), so
 * momo_http and chain_http call __wrap_prov_http_call instead of libcurl
 * and parse a body the target made up, exactly as they parse a real one.
 * evm_rpc (chain_evm) posts JSON-RPC to the endpoint's URL itself (path
 * ""); its request ids come from a process-wide counter, so an answer
 * marked rpc_id names "our id" as 1 (see below) and stays reproducible.
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
	/*
	 * 1: a JSON-RPC answer. When the request carries an integer "id"
	 * and the answer is an object whose "id" is an integer k >= 1, k
	 * becomes the request's id + k - 1: 1 is the request's own id,
	 * anything else never is. Other ids (null, 0, negative, a string)
	 * are left as they are. 0 (as fake_http_answer leaves it): the body
	 * is passed unchanged.
	 */
	int rpc_id;
};

/*
 * The answers to the next n calls, in order (borrowed until the next
 * fake_http_set). A call beyond them is unanswered and certainly not sent
 * (as a refused connection).
 */
void fake_http_set(const struct fake_answer *a, size_t n);

/* The number of calls made since the last fake_http_set. */
size_t fake_http_calls(void);

/* The calls kept for a target to check (the first FAKE_HTTP_KEEP). */
#define FAKE_HTTP_KEEP 32

/* A copy of call i's request body (NULL: none, or not kept), until the
 * next fake_http_set or fake_http_clear. */
const json_t *fake_http_request(size_t i);

/* Call i's answer body exactly as the adapter got it (after any rpc_id
 * rewrite; NULL: no answer, or not JSON), until the same. */
const json_t *fake_http_answered(size_t i);

/* Drops what fake_http_request and fake_http_answered keep (and the
 * answers). */
void fake_http_clear(void);

/* Reads a status and a transport outcome from 2 bytes of fuzz input:
 * one of the statuses adapters tell apart, or any 100..599. */
struct fake_answer fake_http_answer(unsigned char how, unsigned char status);

int __wrap_prov_http_call(const struct prov_endpoint *ep, const char *operation,
    const char *method, const char *path, const char *const *headers, const json_t *body,
    struct prov_call *call);

#endif
