#include "providers/evm_rpc.h"

#include <stdio.h>
#include <string.h>

#include "core/strict.h"
#include "providers/evm_abi.h"
#include "providers/prov_http.h"

/* Request ids: any value works (answers are matched per call); a counter
 * makes a mixed-up answer visible. */
static long long next_id = 1;

static void
error_set(struct evm_rpc_error *err, long long code, const char *msg)
{
	err->code = code;
	strict_clip(err->message, sizeof(err->message), msg, strlen(msg));
}

/* 1 when s[0..n) holds word (lowercase ASCII) in any case. */
static int
contains_ci(const char *s, size_t n, const char *word)
{
	size_t w = strlen(word), i, j;

	for (i = 0; i + w <= n; i++) {
		for (j = 0; j < w; j++) {
			char c = s[i + j];

			if ((c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c) != word[j])
				break;
		}
		if (j == w)
			return 1;
	}
	return 0;
}

enum evm_rpc_rc
evm_rpc_answer(long status, const json_t *body, long long id, json_t **result,
    struct evm_rpc_error *err)
{
	const json_t *r, *e, *version, *jid, *code, *msg, *data;
	char text[sizeof(err->message)];

	*result = NULL;
	memset(err, 0, sizeof(*err));
	err->http_status = status;
	e = json_object_get(body, "error");
	if (status < 200 || status > 299) {
		/* a rate limit, an overloaded node, a proxy's page: the node
		 * failed (its words kept when it gave some), whatever it says */
		if (json_is_object(e) && json_is_string(json_object_get(e, "message")))
			error_set(err, 0, json_string_value(json_object_get(e, "message")));
		return EVM_RPC_DOWN;
	}
	if (!json_is_object(body))
		return EVM_RPC_GARBAGE;
	version = json_object_get(body, "jsonrpc");
	jid = json_object_get(body, "id");
	r = json_object_get(body, "result");
	if (!json_is_string(version) || strcmp(json_string_value(version), "2.0") != 0)
		return EVM_RPC_GARBAGE;
	if ((r == NULL) == (e == NULL))
		return EVM_RPC_GARBAGE; /* exactly one of the two */
	if (e != NULL) {
		/* an error may carry a null id (the node could not read ours) */
		if (!json_is_null(jid) && !(json_is_integer(jid) && json_integer_value(jid) == id))
			return EVM_RPC_GARBAGE;
		code = json_object_get(e, "code");
		msg = json_object_get(e, "message");
		if (!json_is_object(e) || !json_is_integer(code) || !json_is_string(msg))
			return EVM_RPC_GARBAGE;
		data = json_object_get(e, "data");
		/* revert reasons arrive in message or as a string in data */
		if (json_is_string(data) && json_string_length(data) < 120)
			snprintf(text, sizeof(text), "%.70s: %s", json_string_value(msg),
			    json_string_value(data));
		else
			snprintf(text, sizeof(text), "%s", json_string_value(msg));
		error_set(err, (long long)json_integer_value(code), text);
		err->reverted = err->code == 3 || contains_ci(json_string_value(msg),
		    json_string_length(msg), "revert");
		return EVM_RPC_ERROR;
	}
	if (!json_is_integer(jid) || json_integer_value(jid) != id)
		return EVM_RPC_GARBAGE;
	*result = json_incref((json_t *)r);
	return EVM_RPC_OK;
}

enum evm_rpc_rc
evm_rpc_call(const struct prov_endpoint *ep, const char *method, json_t *params,
    json_t **result, struct evm_rpc_error *err)
{
	long long id = next_id++;
	struct prov_call call;
	enum evm_rpc_rc rc;
	json_t *req;

	*result = NULL;
	memset(err, 0, sizeof(*err));
	if (params == NULL)
		params = json_array();
	req = json_pack("{s:s,s:I,s:s,s:o}", "jsonrpc", "2.0", "id", (json_int_t)id,
	    "method", method, "params", params);
	if (req == NULL) {
		error_set(err, 0, "out of memory");
		return EVM_RPC_DOWN;
	}
	/* the method is a fixed word of the code: it names the call */
	if (prov_http_call(ep, method, "POST", "", NULL, req, &call) != 0) {
		json_decref(req);
		err->sent = call.sent;
		err->timed_out = call.timed_out;
		error_set(err, 0, call.timed_out ? "no answer in time" : "the node could not be reached");
		return EVM_RPC_DOWN;
	}
	json_decref(req);
	rc = evm_rpc_answer(call.status, call.json, id, result, err);
	if (rc == EVM_RPC_DOWN || rc == EVM_RPC_GARBAGE) {
		char status[200];

		err->sent = 1;
		snprintf(status, sizeof(status), "HTTP %ld: %.150s", call.status, err->message);
		error_set(err, 0, rc == EVM_RPC_GARBAGE ? "the node's answer is not JSON-RPC" :
		    status);
	}
	prov_call_free(&call);
	return rc;
}

/* The hex digits of a quantity: "0x" then 1..max digits, no leading zero
 * unless the value is 0. NULL when v is not one. */
static const char *
qty_digits(const json_t *v, size_t max)
{
	const char *s = json_string_value(v);
	size_t n, i;

	if (s == NULL || s[0] != '0' || s[1] != 'x')
		return NULL;
	s += 2;
	n = strlen(s);
	if (n == 0 || n > max || (n > 1 && s[0] == '0'))
		return NULL;
	for (i = 0; i < n; i++)
		if (strict_hexval(s[i]) < 0)
			return NULL;
	return s;
}

int
evm_qty_u64(const json_t *v, uint64_t *out)
{
	const char *s = qty_digits(v, 16);
	uint64_t x = 0;

	if (s == NULL)
		return -1;
	for (; *s != '\0'; s++)
		x = x << 4 | (uint64_t)strict_hexval(*s);
	*out = x;
	return 0;
}

int
evm_qty_mpz(const json_t *v, mpz_t out)
{
	const char *s = qty_digits(v, 64);

	return s != NULL && mpz_set_str(out, s, 16) == 0 ? 0 : -1;
}

int
evm_hash_copy(const json_t *v, char out[67])
{
	unsigned char b[32];

	if (evm_data_exact(v, b, sizeof(b)) != 0)
		return -1;
	evm_hex(b, sizeof(b), out);
	return 0;
}

int
evm_data_exact(const json_t *v, unsigned char *out, size_t n)
{
	return evm_unhex(json_string_value(v), out, n);
}

json_t *
evm_qty_json(uint64_t v)
{
	char s[24];

	snprintf(s, sizeof(s), "0x%llx", (unsigned long long)v);
	return json_string(s);
}

int
evm_rpc_known(const struct evm_rpc_error *err)
{
	/* geth, erigon, nethermind, besu, reth and anvil word these differently */
	static const char *const known[] = { "already known", "known transaction",
		"alreadyknown", "already imported", "nonce too low", "noncetoolow",
		"nonce has already been used", "already exists", NULL };
	size_t i;

	for (i = 0; known[i] != NULL; i++)
		if (contains_ci(err->message, strlen(err->message), known[i]))
			return 1;
	return 0;
}
