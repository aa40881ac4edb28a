/*
 * evm_rpc: Ethereum JSON-RPC 2.0 over HTTP (prov_http_call), one call at a
 * time, and strict readers of what the node answers. Every answer is
 * checked before it is believed: "jsonrpc": "2.0", our id, exactly one of
 * result and error; quantities are "0x" + hex without leading zeros; data
 * is "0x" + an even number of hex digits of the expected length.
 */
#ifndef CEDIRAMP_EVM_RPC_H
#define CEDIRAMP_EVM_RPC_H

#include <stddef.h>
#include <stdint.h>
#include <gmp.h>
#include <jansson.h>

#include "providers/endpoint.h"

enum evm_rpc_rc {
	EVM_RPC_OK = 0,  /* *result is set */
	EVM_RPC_ERROR,   /* the node answered with an error object (err) */
	EVM_RPC_DOWN,    /* no answer (err->sent: the request may have arrived) */
	EVM_RPC_GARBAGE  /* an answer that is not a JSON-RPC 2.0 response */
};

struct evm_rpc_error {
	long long code;    /* the error object's code */
	char message[200]; /* its message (and data, when a string), cleaned */
	int sent;          /* EVM_RPC_DOWN: the request may have reached the node */
	int timed_out;
	long http_status;  /* the HTTP status of an answer, 0 without one */
	int reverted;      /* EVM_RPC_ERROR saying the call reverts: code 3
	                      (EIP-1474) or "revert" in its whole message */
};

/*
 * Calls method (a fixed word of the code, eth_...: it is the call's
 * operation in the metrics) with params (a JSON array; stolen, may be NULL
 * for []) at ep->url. On EVM_RPC_OK *result is a new reference (json null
 * for a null result). err is filled on every other outcome.
 */
enum evm_rpc_rc evm_rpc_call(const struct prov_endpoint *ep, const char *method,
    json_t *params, json_t **result, struct evm_rpc_error *err);

/*
 * Reads one HTTP answer (status, body parsed as JSON or NULL) to request
 * id as JSON-RPC: EVM_RPC_OK with *result (new reference), EVM_RPC_ERROR
 * with err, EVM_RPC_DOWN for any non-2xx answer (a proxy's 502, a rate
 * limit; an error object's message kept in err), EVM_RPC_GARBAGE otherwise.
 */
enum evm_rpc_rc evm_rpc_answer(long status, const json_t *body, long long id,
    json_t **result, struct evm_rpc_error *err);

/* A quantity ("0x0", "0x1a"; no leading zeros) that fits 64 bits. 0/-1. */
int evm_qty_u64(const json_t *v, uint64_t *out);
/* A quantity of at most 256 bits into out (initialised). 0/-1. */
int evm_qty_mpz(const json_t *v, mpz_t out);
/* 32 bytes of data ("0x" + 64 hex) as lowercase text. 0/-1. */
int evm_hash_copy(const json_t *v, char out[67]);
/* Data of exactly n bytes into out. 0/-1. */
int evm_data_exact(const json_t *v, unsigned char *out, size_t n);

/* A quantity's JSON text ("0x1a") for params (new reference). */
json_t *evm_qty_json(uint64_t v);

/* 1 when err's message says the node already has this transaction or its
 * nonce was used: look the receipt up instead of calling it a failure. */
int evm_rpc_known(const struct evm_rpc_error *err);

#endif
