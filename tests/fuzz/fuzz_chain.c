/*
 * fuzz_chain: the simulator's chain adapter (providers/chain.h,
 * chain_http) reading a made-up answer (tests/fuzz/fake_http.c stands in
 * for libcurl): balances, broadcasts, receipts and faucet answers, bare or
 * in a {"data": ...} envelope, against what chain.h documents. Input: op
 * (1 byte: balance, broadcast, receipt, faucet), the answer (2 bytes), a
 * buffer size (1 byte), then the answer body, NUL, and the wallet (or
 * transfer hash) asked about; the wallet text is also the move's id.
 * (fuzz_evm reads the EVM adapter.)
 */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>
#include <openssl/sha.h>

#include "providers/chain.h"

#include "fake_http.h"
#include "fuzzutil.h"

/* The body's member name, looked up as the adapter does: inside "data"
 * when that is an object, else at the top. */
static json_t *
member(const json_t *body, const char *name)
{
	json_t *data = json_object_get(body, "data");

	return json_object_get(json_is_object(data) ? data : body, name);
}

/* An answered balance (or faucet) call: OK with the text when there is a
 * "balance" string that fits cap bytes. */
static void
check_balance(enum chain_rc rc, enum chain_rc otherwise,
    const struct fake_answer *a, const json_t *body, const char *out, size_t cap)
{
	const char *want = json_string_value(member(body, "balance"));

	if (a->status == 200 && want != NULL && strlen(want) < cap) {
		FZ_CHECK(rc == CHAIN_OK && strcmp(out, want) == 0);
	} else {
		FZ_CHECK(rc == otherwise);
	}
}

/* An answered faucet call that is not a balance: a 4xx is the gateway's
 * refusal, a 504 a timeout, anything else unavailable. */
static enum chain_rc
faucet_otherwise(const struct fake_answer *a)
{
	if (a->status == 504)
		return CHAIN_TIMEOUT;
	return a->status >= 400 && a->status < 500 ? CHAIN_REJECTED :
	    CHAIN_UNAVAILABLE;
}

/* An answered broadcast. */
static void
check_broadcast(enum chain_rc rc, const struct fake_answer *a, const json_t *body)
{
	const char *code = json_string_value(json_object_get(body, "code"));

	if (a->status >= 200 && a->status < 300)
		FZ_CHECK(rc == CHAIN_OK);
	else if (a->status == 400 && code != NULL &&
	    strcmp(code, "insufficient_balance") == 0)
		FZ_CHECK(rc == CHAIN_INSUFFICIENT);
	else if (a->status >= 400 && a->status < 500)
		FZ_CHECK(rc == CHAIN_REJECTED);
	else
		FZ_CHECK(rc == CHAIN_IN_DOUBT);
}

/* An answered receipt call. */
static void
check_receipt(enum chain_rc rc, const struct fake_answer *a, const json_t *body,
    const struct chain_receipt *r)
{
	const char *st = json_string_value(member(body, "status"));
	const char *why = json_string_value(member(body, "failure_reason"));

	FZ_CHECK(memchr(r->reason, '\0', sizeof(r->reason)) != NULL);
	/* the simulator has no blocks of its own to name */
	FZ_CHECK(r->block_hash[0] == '\0');
	if (a->status == 404) {
		FZ_CHECK(rc == CHAIN_OK && r->state == CHAIN_UNKNOWN);
	} else if (a->status == 200 && st != NULL && strcmp(st, "confirmed") == 0) {
		FZ_CHECK(rc == CHAIN_OK && r->state == CHAIN_CONFIRMED);
		FZ_CHECK(r->block_number ==
		    json_integer_value(member(body, "block_number")));
		/* the simulator's word is final: one confirmation */
		FZ_CHECK(r->confirmations == 1);
	} else if (a->status == 200 && st != NULL && strcmp(st, "failed") == 0) {
		FZ_CHECK(rc == CHAIN_OK && r->state == CHAIN_FAILED);
		/* the gateway's reason when it fits, else a reason of ours */
		if (why != NULL && strlen(why) < sizeof(r->reason))
			FZ_CHECK(strcmp(r->reason, why) == 0);
		else
			FZ_CHECK(r->reason[0] != '\0');
	} else if (a->status == 200 && st != NULL && strcmp(st, "pending") == 0) {
		FZ_CHECK(rc == CHAIN_OK && r->state == CHAIN_PENDING);
	} else {
		FZ_CHECK(rc == CHAIN_IN_DOUBT);
	}
}

/* chain_tx_hash(id) is "0x" and the hex SHA-256 of the prefix and the
 * whole id, however long. */
static void
check_tx_hash(const char *id, const char *hash)
{
	static const char prefix[] = "cediramp-conversion:", hex[] = "0123456789abcdef";
	size_t n = strlen(id), p = sizeof(prefix) - 1;
	unsigned char *pre = malloc(p + n + 1), md[SHA256_DIGEST_LENGTH];

	FZ_CHECK(pre != NULL);
	memcpy(pre, prefix, p);
	memcpy(pre + p, id, n);
	FZ_CHECK(SHA256(pre, p + n, md) != NULL);
	FZ_CHECK(strlen(hash) == CHAIN_HASH_LEN && hash[0] == '0' && hash[1] == 'x');
	for (size_t i = 0; i < sizeof(md); i++)
		FZ_CHECK(hash[2 + 2 * i] == hex[md[i] >> 4] &&
		    hash[3 + 2 * i] == hex[md[i] & 15]);
	free(pre);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fz_in in = { data, size };
	unsigned op = fz_byte(&in) % 4;
	uint8_t how = fz_byte(&in), status = fz_byte(&in);
	size_t cap = fz_byte(&in) % 100 + 1, blen;
	char *text = fz_cut(&in, '\0', &blen), *who = fz_cut(&in, '\0', NULL);
	const char *wallet = who[0] != '\0' ? who : "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
	char *out = malloc(cap), why[200];
	struct fake_answer a = fake_http_answer(how, status);
	json_t *body = json_loadb(text, blen, JSON_REJECT_DUPLICATES, NULL);
	struct chain_move m = { CHAIN_CONVERT, wallet, wallet, "USDT", "12.500000" };
	struct chain_signed s;
	struct prov_chain ch;
	struct chain_receipt r;
	enum chain_rc rc;

	FZ_CHECK(out != NULL);
	a.body = text;
	a.len = blen;
	memset(&ch, 0, sizeof(ch));
	ch.ops = &chain_http;
	memcpy(ch.ep.url, "http://127.0.0.1:9", 19);
	ch.ep.timeout_ms = 1000;
	memset(&s, 0, sizeof(s));
	buf_init(&s.raw, CHAIN_RAW_TEXT_MAX); /* the simulator signs nothing */
	chain_tx_hash(m.ref, s.hash);
	check_tx_hash(m.ref, s.hash);
	fake_http_set(&a, 1);
	switch (op) {
	case 0:
		rc = ch.ops->balance(&ch, wallet, "USDT", out, cap);
		if (fake_http_calls() == 0)
			FZ_CHECK(rc == CHAIN_REJECTED); /* a wallet no path holds */
		else if (!a.answered)
			FZ_CHECK(rc == CHAIN_UNAVAILABLE);
		else
			check_balance(rc, CHAIN_UNAVAILABLE, &a, body, out, cap);
		break;
	case 1:
		rc = ch.ops->broadcast(&ch, &m, &s, why, sizeof(why));
		FZ_CHECK(memchr(why, '\0', sizeof(why)) != NULL);
		if (fake_http_calls() == 0)
			FZ_CHECK(rc == CHAIN_UNAVAILABLE); /* no body: not UTF-8 */
		else if (!a.answered)
			FZ_CHECK(rc == (a.sent ? CHAIN_IN_DOUBT : CHAIN_UNAVAILABLE));
		else
			check_broadcast(rc, &a, body);
		break;
	case 2:
		/* the wallet text as the hash: an id from anywhere */
		rc = ch.ops->receipt(&ch, who[0] != '\0' ? who : s.hash, &r);
		if (fake_http_calls() == 0)
			FZ_CHECK(rc == CHAIN_IN_DOUBT);
		else if (!a.answered)
			FZ_CHECK(rc == CHAIN_UNAVAILABLE);
		else
			check_receipt(rc, &a, body, &r);
		break;
	default:
		rc = ch.ops->faucet(&ch, wallet, "USDT", "100", out, cap);
		if (fake_http_calls() == 0)
			FZ_CHECK(rc == CHAIN_UNAVAILABLE);
		else if (!a.answered)
			FZ_CHECK(rc == (a.timed_out ? CHAIN_TIMEOUT : CHAIN_UNAVAILABLE));
		else
			check_balance(rc, faucet_otherwise(&a), &a, body, out, cap);
		break;
	}
	fake_http_clear();
	buf_free(&s.raw);
	json_decref(body);
	free(out);
	free(text);
	free(who);
	return 0;
}
