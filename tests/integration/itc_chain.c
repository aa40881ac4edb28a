/*
 * Chain helpers for the EVM suites: the tests read and drive the sandbox's
 * Anvil node themselves over JSON-RPC (libcurl, 127.0.0.1 only), so what
 * they check on chain never comes from the service's own adapter. Call
 * data is built with the service's ABI encoder (lib/providers/evm_abi.h),
 * whose selectors the unit tests pin against ethers.
 */
#include <curl/curl.h>
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <openssl/rand.h>

#include "core/buf.h"
#include "providers/evm_abi.h"
#include "providers/evm_rpc.h"
#include "itc.h"

static size_t
sink(char *p, size_t size, size_t n, void *arg)
{
	return buf_append(arg, p, size * n) == 0 ? size * n : 0;
}

json_t *
itc_rpc(const char *method, json_t *params)
{
	static long id;
	json_t *req, *ans, *res = NULL;
	struct curl_slist *h = NULL;
	struct buf body;
	char *text;
	CURL *c;

	req = json_pack("{s:s,s:I,s:s,s:o}", "jsonrpc", "2.0", "id", (json_int_t)++id,
	    "method", method, "params", params ? params : json_array());
	if (req == NULL || (text = json_dumps(req, JSON_COMPACT)) == NULL) {
		json_decref(req);
		return NULL;
	}
	json_decref(req);
	buf_init(&body, 8 * 1024 * 1024);
	c = curl_easy_init();
	h = curl_slist_append(h, "Content-Type: application/json");
	curl_easy_setopt(c, CURLOPT_URL, it_env("CHAIN_RPC_URL"));
	curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http");
	curl_easy_setopt(c, CURLOPT_HTTPHEADER, h);
	curl_easy_setopt(c, CURLOPT_POSTFIELDS, text);
	curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, 20000L);
	curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, sink);
	curl_easy_setopt(c, CURLOPT_WRITEDATA, &body);
	if (curl_easy_perform(c) == CURLE_OK && body.len > 0 &&
	    (ans = json_loadb(body.data, body.len, 0, NULL)) != NULL) {
		res = json_incref(json_object_get(ans, "result"));
		if (res == NULL)
			fprintf(stderr, "itc_rpc %s: %.300s\n", method, body.data);
		json_decref(ans);
	}
	curl_slist_free_all(h);
	curl_easy_cleanup(c);
	buf_free(&body);
	free(text);
	return res;
}

void
itc_chain_address(char out[43])
{
	unsigned char a[20];

	CU_ASSERT_FATAL(RAND_bytes(a, sizeof(a)) == 1);
	evm_addr_format(a, out);
}

void
itc_chain_key(char key[65], char addr[43])
{
	unsigned char k[32];
	char cmd[400], out[200];
	size_t i;

	CU_ASSERT_FATAL(RAND_bytes(k, sizeof(k)) == 1);
	for (i = 0; i < sizeof(k); i++)
		snprintf(key + 2 * i, 3, "%02x", k[i]);
	snprintf(cmd, sizeof(cmd), "cd %s/.. && node tests/chain/personal_sign.mjs --address %s",
	    it_env("CEDIRAMP_BUILD"), key);
	CU_ASSERT_EQUAL_FATAL(it_output(cmd, out, sizeof(out)), 0);
	CU_ASSERT_EQUAL_FATAL(strlen(out), 43); /* and its newline */
	snprintf(addr, 43, "%.42s", out);
}

int
itc_prove_wallet(const struct itc_partner *p, const char *key, const char *addr, char *msg,
    char *sig, char *err, size_t cap)
{
	char args[400], text[700], out[400], e[1024], path[300], cmd[800], *space;
	FILE *f;
	int rc;

	sig[0] = '\0';
	if (msg != NULL)
		msg[0] = '\0';
	snprintf(args, sizeof(args), "partner wallet challenge %s %s", p->pid, addr);
	if ((rc = it_admin_run(args, text, sizeof(text), e, sizeof(e))) != 0) {
		if (err != NULL)
			snprintf(err, cap, "%s", e);
		return rc;
	}
	if (msg != NULL)
		snprintf(msg, 700, "%s", text);
	/* the message as the tool printed it, signed by ethers */
	snprintf(path, sizeof(path), "%s.challenge-%d", it_env("CEDIRAMP_CONF"), (int)getpid());
	CU_ASSERT_PTR_NOT_NULL_FATAL(f = fopen(path, "we"));
	fprintf(f, "%s\n", text);
	fclose(f);
	snprintf(cmd, sizeof(cmd), "cd %s/.. && node tests/chain/personal_sign.mjs %s < %s",
	    it_env("CEDIRAMP_BUILD"), key, path);
	rc = it_output(cmd, out, sizeof(out));
	unlink(path);
	CU_ASSERT_EQUAL_FATAL(rc, 0);
	space = strchr(out, ' ');
	CU_ASSERT_PTR_NOT_NULL_FATAL(space);
	/* (the signer's address is out's first word: addr's, unless a test
	 * signs with another key on purpose) */
	snprintf(sig, 140, "%.132s", space + 1);
	snprintf(args, sizeof(args), "partner wallet add %s %s --signature %s", p->pid, addr, sig);
	rc = it_admin_run(args, out, sizeof(out), e, sizeof(e));
	if (err != NULL)
		snprintf(err, cap, "%s", e);
	return rc;
}

void
itc_chain_wallet(struct itc_wallet *w, const char *tier)
{
	char args[300], out[200];

	memset(w, 0, sizeof(*w));
	itc_chain_address(w->id);
	w->token = it_wallet_token(w->id, 3600);
	snprintf(w->auth, sizeof(w->auth), "Authorization: Bearer %s", w->token);
	if (tier != NULL) {
		snprintf(args, sizeof(args), "user tier %s %s", w->id, tier);
		CU_ASSERT_EQUAL(it_admin(args, out, sizeof(out)), 0);
	}
}

const char *
itc_token(const char *asset)
{
	char name[40];

	snprintf(name, sizeof(name), "CHAIN_TOKEN_%s", asset);
	return it_env(name);
}

/* Appends an address word to b. */
static void
word_address(struct buf *b, const char *addr)
{
	unsigned char a[20];

	CU_ASSERT_FATAL(evm_addr_parse(addr, a) == 0);
	CU_ASSERT_FATAL(evm_abi_address(b, a) == 0);
}

static void
word_uint(struct buf *b, const char *units)
{
	mpz_t v;

	mpz_init_set_str(v, units, 10);
	CU_ASSERT_FATAL(evm_abi_uint(b, v) == 0);
	mpz_clear(v);
}

/* b as 0x hex into out. */
static void
hex_of(const struct buf *b, char *out, size_t cap)
{
	CU_ASSERT_FATAL(2 * b->len + 3 <= cap);
	evm_hex((const unsigned char *)b->data, b->len, out);
}

void
itc_token_balance(const char *asset, const char *who, char *out)
{
	char data[200];
	struct buf b;

	buf_init(&b, 1024);
	evm_abi_selector(&b, EVM_SIG_BALANCE_OF);
	word_address(&b, who);
	hex_of(&b, data, sizeof(data));
	buf_free(&b);
	itc_quantity(itc_rpc("eth_call", json_pack("[{s:s,s:s},s]", "to", itc_token(asset),
	    "data", data, "latest")), out);
}

void
itc_quantity(json_t *res, char *out)
{
	mpz_t v;

	CU_ASSERT_PTR_NOT_NULL_FATAL(res);
	mpz_init(v);
	CU_ASSERT_EQUAL(mpz_set_str(v, json_string_value(res) + 2, 16), 0);
	mpz_get_str(out, 10, v);
	mpz_clear(v);
	json_decref(res);
}

void
itc_int_sub(const char *a, const char *b, char *out, size_t cap)
{
	CU_ASSERT_EQUAL(it_db_text("SELECT CAST(CAST(? AS DECIMAL(65,0)) - "
	    "CAST(? AS DECIMAL(65,0)) AS CHAR)", a, b, out, cap), 0);
}

void
itc_operator(char out[43])
{
	out[0] = '\0';
	if (it_db_text("SELECT new_address FROM signer_rotations WHERE step IN "
	    "('draining', 'removing', 'sweeping', 'done') ORDER BY id DESC LIMIT 1", NULL, NULL,
	    out, 43) != 0 || out[0] == '\0')
		snprintf(out, 43, "%s", it_env("OPERATOR_ADDRESS"));
}

int
itc_converted(const char *id)
{
	char topic0[EVM_HASH_TEXT], word[EVM_HASH_TEXT];
	unsigned char w[EVM_WORD];
	json_t *res;
	int n;

	evm_topic(EVM_EVENT_CONVERTED, topic0);
	CU_ASSERT_FATAL(evm_id_word(id, w) == 0);
	evm_hex(w, sizeof(w), word);
	res = itc_rpc("eth_getLogs", json_pack("[{s:s,s:s,s:s,s:[s,s]}]", "fromBlock", "0x0",
	    "toBlock", "latest", "address", it_env("CHAIN_GATEWAY"), "topics", topic0, word));
	CU_ASSERT_PTR_NOT_NULL_FATAL(res);
	n = (int)json_array_size(res);
	json_decref(res);
	return n;
}

long long
itc_wait_mined(const char *hash, int timeout_ms)
{
	struct it_wait w;
	long long n = -1;

	for (it_wait_start(&w, "a transaction to be mined", timeout_ms / 1000.0);;) {
		json_t *r = itc_rpc("eth_getTransactionReceipt", json_pack("[s]", hash));
		uint64_t b;

		if (evm_qty_u64(json_object_get(r, "blockNumber"), &b) == 0)
			n = (long long)b;
		json_decref(r);
		if (n >= 0)
			return n;
		if (!it_wait_next(&w))
			return -1;
	}
}

int
itc_send_as(const char *from, const char *to, const char *data, char *hash)
{
	json_t *res;
	char h[EVM_HASH_TEXT];
	int ok;

	json_decref(itc_rpc("anvil_setBalance", json_pack("[s,s]", from, "0xde0b6b3a7640000")));
	json_decref(itc_rpc("anvil_impersonateAccount", json_pack("[s]", from)));
	res = itc_rpc("eth_sendTransaction", json_pack("[{s:s,s:s,s:s}]", "from", from,
	    "to", to, "data", data));
	json_decref(itc_rpc("anvil_stopImpersonatingAccount", json_pack("[s]", from)));
	if (!json_is_string(res)) {
		json_decref(res);
		return -1;
	}
	snprintf(h, sizeof(h), "%s", json_string_value(res));
	json_decref(res);
	if (hash != NULL)
		snprintf(hash, EVM_HASH_TEXT, "%s", h);
	ok = itc_wait_mined(h, 0) >= 0;
	return ok ? 0 : -1;
}

/* selector(signature) to, units: call data into out. */
static void
call_to_units(const char *signature, const char *to, const char *units, char *out,
    size_t cap)
{
	struct buf b;

	buf_init(&b, 1024);
	evm_abi_selector(&b, signature);
	word_address(&b, to);
	word_uint(&b, units);
	hex_of(&b, out, cap);
	buf_free(&b);
}

void
itc_transfer_data(const char *to, const char *units, char *out, size_t cap)
{
	call_to_units(EVM_SIG_TRANSFER, to, units, out, cap);
}

void
itc_mint(const char *asset, const char *who, const char *units)
{
	char data[300];

	call_to_units(EVM_SIG_MINT, who, units, data, sizeof(data));
	CU_ASSERT_EQUAL_FATAL(itc_send_as(who, itc_token(asset), data, NULL), 0);
}

void
itc_approve(const char *asset, const char *who, const char *units)
{
	char data[300];

	call_to_units(EVM_SIG_APPROVE, it_env("CHAIN_GATEWAY"), units, data, sizeof(data));
	CU_ASSERT_EQUAL_FATAL(itc_send_as(who, itc_token(asset), data, NULL), 0);
}

long long
itc_head(void)
{
	json_t *r = itc_rpc("eth_blockNumber", NULL);
	uint64_t n;
	int ok = evm_qty_u64(r, &n) == 0;

	json_decref(r);
	return ok ? (long long)n : -1;
}

void
itc_mining(int on)
{
	json_decref(itc_rpc("evm_setAutomine", json_pack("[b]", 0)));
	json_decref(itc_rpc("evm_setIntervalMining", json_pack("[i]", on ? 1 : 0)));
}

void
itc_mine(int n)
{
	int i;

	for (i = 0; i < n; i++)
		json_decref(itc_rpc("evm_mine", NULL));
}

pid_t
itc_worker_start(const char *name, const char *extra)
{
	return itc_worker_spawn(name, NULL, extra);
}

int
itc_worker_run(const char *name, const char *extra)
{
	return itc_webhooks_wait(itc_worker_start(name, extra));
}

int
itc_until(int (*pred)(const void *arg), const void *arg, int timeout_ms)
{
	struct it_wait w;

	for (it_wait_start(&w, "the payouts worker to settle it", timeout_ms / 1000.0);;) {
		if (pred(arg))
			return 1;
		(void)it_worker("payouts");
		if (!it_wait_next(&w))
			return pred(arg);
	}
}

/* 1 when the row id of table (its status column) is completed or failed. */
static int
final_in(const char *sql, const void *id)
{
	char st[16] = "";

	(void)it_db_text(sql, id, NULL, st, sizeof(st));
	return strcmp(st, "completed") == 0 || strcmp(st, "failed") == 0;
}

int
itc_withdrawal_final(const void *id)
{
	return final_in("SELECT status FROM withdrawals WHERE id = ?", id);
}

int
itc_conversion_final(const void *id)
{
	return final_in("SELECT status FROM conversions WHERE id = ?", id);
}

int
itc_payout_final(const void *id)
{
	return final_in("SELECT status FROM payouts WHERE id = ?", id);
}
