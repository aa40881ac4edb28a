#include "providers/chain.h"

#include <curl/curl.h>
#include <stdlib.h>
#include <jansson.h>
#include <stdio.h>
#include <string.h>
#include <openssl/evp.h>
#include <openssl/sha.h>

#include "providers/prov_http.h"
#include "core/id.h"
#include "core/strict.h"

void
chain_tx_hash(const char *conversion_id, char out[CHAIN_HASH_LEN + 1])
{
	static const char prefix[] = "cediramp-conversion:";
	unsigned char md[SHA256_DIGEST_LENGTH];
	EVP_MD_CTX *ctx = EVP_MD_CTX_new();
	int ok;

	/*
	 * The prefix and the id are hashed as two parts, so an id of any
	 * length is hashed whole (a fixed buffer cut a long one and hashed
	 * past its end). OpenSSL failing (no memory) leaves out "": never
	 * another id's hash.
	 */
	ok = ctx != NULL && EVP_DigestInit_ex(ctx, EVP_sha256(), NULL) == 1 &&
	    EVP_DigestUpdate(ctx, prefix, sizeof(prefix) - 1) == 1 &&
	    EVP_DigestUpdate(ctx, conversion_id, strlen(conversion_id)) == 1 &&
	    EVP_DigestFinal_ex(ctx, md, NULL) == 1;
	EVP_MD_CTX_free(ctx);
	if (!ok) {
		out[0] = '\0';
		return;
	}
	out[0] = '0';
	out[1] = 'x';
	id_hex(md, sizeof(md), out + 2);
}

struct call {
	struct prov_call http;
	long status;
	json_t *data; /* the body, or its "data" member (borrowed from http) */
	const char *code; /* the body's "code", if any (borrowed) */
	int sent;     /* the request left this machine (or may have) */
};

/*
 * One HTTP call to the gateway (prov_http_call), counted as operation:
 * method path with an optional JSON body. Returns 0 when an HTTP answer came back (any
 * status), -1 otherwise; call->sent says whether the request may have
 * reached the gateway. On 0 call_free releases the answer; on -1 the call
 * holds nothing.
 */
static int
chain_call(const struct prov_endpoint *ep, const char *operation, const char *method,
    const char *path, json_t *body, struct call *call)
{
	int rc = prov_http_call(ep, operation, method, path, NULL, body, &call->http);

	call->status = call->http.status;
	call->sent = call->http.sent;
	call->data = json_object_get(call->http.json, "data");
	if (!json_is_object(call->data))
		call->data = call->http.json;
	call->code = json_string_value(json_object_get(call->http.json, "code"));
	return rc;
}

static void
call_free(struct call *call)
{
	prov_call_free(&call->http);
	call->data = NULL;
	call->code = NULL;
}

/* The string member name of the answer into out; -1 if absent or too long. */
static int
answer_string(const struct call *call, const char *name, char *out, size_t cap)
{
	const char *v = json_string_value(json_object_get(call->data, name));

	return v != NULL ? strict_copy(out, cap, v) : -1;
}

static enum chain_rc
http_balance(struct prov_chain *ch, const char *wallet, const char *asset,
    char *out, size_t cap)
{
	const struct prov_endpoint *ep = &ch->ep;
	char path[1024], w[3 * 129 + 1], a[3 * 16 + 1];
	struct call call;
	enum chain_rc rc = CHAIN_UNAVAILABLE;

	/* the wallet id is a JWT subject: it may hold / ? # or .. */
	if (prov_http_escape(wallet, w, sizeof(w)) != 0 ||
	    prov_http_escape(asset, a, sizeof(a)) != 0)
		return CHAIN_REJECTED;
	snprintf(path, sizeof(path), "/wallets/%s/%s", w, a);
	if (chain_call(ep, "balance", "GET", path, NULL, &call) != 0)
		return CHAIN_UNAVAILABLE;
	if (call.status == 200 && answer_string(&call, "balance", out, cap) == 0)
		rc = CHAIN_OK;
	call_free(&call);
	return rc;
}

static enum chain_rc
http_open(struct prov_chain *ch, char *why, size_t cap)
{
	(void)ch;
	(void)why;
	(void)cap;
	return CHAIN_OK;
}

/* The simulator keeps coins under any wallet id. */
static int
http_wallet_ok(const char *wallet)
{
	return wallet != NULL && wallet[0] != '\0';
}

/* The simulator hands out no nonces. */
static const char *
http_signer(struct prov_chain *ch)
{
	(void)ch;
	return NULL;
}

/* Nothing to check or price: the simulator refuses a transfer the wallet
 * cannot cover when it is broadcast (nothing moves then). */
static enum chain_rc
http_prepare(struct prov_chain *ch, const struct chain_move *m, struct chain_fees *fees,
    char *why, size_t cap)
{
	(void)ch;
	memset(fees, 0, sizeof(*fees));
	if (m->kind != CHAIN_CONVERT) {
		snprintf(why, cap, "the simulator mints through its faucet");
		return CHAIN_REJECTED;
	}
	return CHAIN_OK;
}

/* The simulator's "signature" is the hash of the move's id. */
static enum chain_rc
http_sign(struct prov_chain *ch, const struct chain_move *m, unsigned long long nonce,
    const struct chain_fees *fees, struct chain_signed *out)
{
	(void)ch;
	(void)nonce;
	out->fees = *fees;
	buf_reset(&out->raw);
	chain_tx_hash(m->ref, out->hash);
	return out->hash[0] != '\0' ? CHAIN_OK : CHAIN_UNAVAILABLE;
}

static enum chain_rc
http_submit(struct prov_chain *ch, const struct chain_move *m, const struct chain_signed *s,
    char *why, size_t cap)
{
	json_t *body = json_pack("{s:s,s:s,s:s,s:s}", "tx_hash", s->hash,
	    "wallet", m->wallet, "asset", m->asset, "amount", m->amount);
	struct call call;
	enum chain_rc rc;

	snprintf(why, cap, "the chain gateway refused the transfer");
	if (body == NULL)
		return CHAIN_UNAVAILABLE;
	if (chain_call(&ch->ep, "submit", "POST", "/transactions", body, &call) != 0) {
		json_decref(body);
		return call.sent ? CHAIN_IN_DOUBT : CHAIN_UNAVAILABLE;
	}
	json_decref(body);
	if (call.status >= 200 && call.status < 300)
		rc = CHAIN_OK;
	else if (call.status == 400 && call.code != NULL &&
	    strcmp(call.code, "insufficient_balance") == 0) {
		rc = CHAIN_INSUFFICIENT;
		snprintf(why, cap, "the wallet no longer holds the amount");
	} else if (call.status >= 400 && call.status < 500)
		rc = CHAIN_REJECTED;
	else
		rc = CHAIN_IN_DOUBT; /* a 5xx says nothing about what happened */
	call_free(&call);
	return rc;
}

static enum chain_rc
http_receipt(struct prov_chain *ch, const char *tx_hash, struct chain_receipt *out)
{
	const struct prov_endpoint *ep = &ch->ep;
	char path[300], h[3 * (CHAIN_HASH_LEN + 1) + 1], st[16];
	struct call call;
	enum chain_rc rc = CHAIN_IN_DOUBT;

	memset(out, 0, sizeof(*out));
	if (prov_http_escape(tx_hash, h, sizeof(h)) != 0)
		return CHAIN_IN_DOUBT;
	snprintf(path, sizeof(path), "/transactions/%s", h);
	if (chain_call(ep, "receipt", "GET", path, NULL, &call) != 0)
		return CHAIN_UNAVAILABLE;
	if (call.status == 404) {
		out->state = CHAIN_UNKNOWN;
		rc = CHAIN_OK;
	} else if (call.status == 200 && answer_string(&call, "status", st, sizeof(st)) == 0) {
		rc = CHAIN_OK;
		if (strcmp(st, "confirmed") == 0) {
			out->state = CHAIN_CONFIRMED;
			out->block_number = (long long)json_integer_value(
			    json_object_get(call.data, "block_number"));
			out->confirmations = 1; /* the simulator's word is final */
		} else if (strcmp(st, "failed") == 0) {
			out->state = CHAIN_FAILED;
			if (answer_string(&call, "failure_reason", out->reason,
			    sizeof(out->reason)) != 0)
				(void)strict_copy(out->reason, sizeof(out->reason),
				    "the transfer failed on chain");
		} else if (strcmp(st, "pending") == 0) {
			out->state = CHAIN_PENDING;
		} else {
			rc = CHAIN_IN_DOUBT;
		}
	}
	call_free(&call);
	return rc;
}

static enum chain_rc
http_faucet(struct prov_chain *ch, const char *wallet, const char *asset,
    const char *amount, char *out, size_t cap)
{
	const struct prov_endpoint *ep = &ch->ep;
	json_t *body = json_pack("{s:s,s:s,s:s}", "wallet", wallet, "asset", asset,
	    "amount", amount);
	struct call call;
	enum chain_rc rc = CHAIN_UNAVAILABLE;

	if (body == NULL)
		return CHAIN_UNAVAILABLE;
	if (chain_call(ep, "faucet", "POST", "/faucet", body, &call) != 0) {
		json_decref(body);
		return call.http.timed_out ? CHAIN_TIMEOUT : CHAIN_UNAVAILABLE;
	}
	json_decref(body);
	/* only a 4xx is the gateway saying no; a 5xx is it failing */
	if (call.status == 200 && answer_string(&call, "balance", out, cap) == 0)
		rc = CHAIN_OK;
	else if (call.status == 504)
		rc = CHAIN_TIMEOUT;
	else if (call.status >= 400 && call.status < 500)
		rc = CHAIN_REJECTED;
	call_free(&call);
	return rc;
}

const struct chain_adapter chain_http = {
	.name = "sim",
	.open = http_open,
	.wallet_ok = http_wallet_ok,
	.signer = http_signer,
	.nonces = 0,
	.prepare = http_prepare,
	.reprice = NULL,
	.sign = http_sign,
	.broadcast = http_submit,
	.receipt = http_receipt,
	.next_nonce = NULL,
	.nonce_used = NULL,
	.balance = http_balance,
	.faucet = http_faucet,
	.gas_balance = NULL,
	.health = NULL,
	.head = NULL,
	.block_hash = NULL,
	.transfers_in = NULL,
	.head_time = NULL,
};
