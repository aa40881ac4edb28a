/*
 * fuzz_evm: the EVM chain adapter (providers/chain.h, chain_evm) and its
 * JSON-RPC reader (providers/evm_rpc.h) against a made-up node: every
 * call evm_rpc_call makes is answered from the input (tests/fuzz/
 * fake_http.c stands in for libcurl, and keeps each request and answer so
 * the checks here know which answer went to which method). What each
 * reply must mean is read here from the JSON-RPC rules evm_rpc.h states,
 * not from the adapter, and what the adapter returns is held to chain.h.
 *
 * Input:
 *   op        1 byte: 0 evm_rpc_answer, 1 receipt, 2 balance, 3 prepare,
 *             4 broadcast, 5 next_nonce, 6 nonce_used, 7 head,
 *             8 block_hash, 9 transfers_in, 10 health, 11 reprice,
 *             12 gas_balance
 *   conf      1 byte: providers.evm.confirmations = 1 + conf % 20
 *   flags     1 byte: bit 0 the chain id is not checked yet (the first
 *             call is eth_chainId); bits 1-3 all set: the adapter is
 *             broken; bits 4-7 tokens NOT configured (USDT, USDC, USDC_E,
 *             DAI; USDT stays when all four are set)
 *   decimals  1 byte: below 0xc0 the usual 6, 6, 6, 18; else USDT's is
 *             byte % 37 and DAI's (byte / 2) % 37
 *   max_fee   8 bytes (wei, at most 10^15 as cfg allows: % (10^15 + 1))
 *   priority  8 bytes (wei, % (max_fee + 1))
 *             providers.evm.gas_limit_cap is drawn from the two: x =
 *             max_fee XOR priority; x even: 30000000 (the most cfg
 *             allows), odd: 21000 + (x >> 1) % (30000000 - 21000 + 1)
 *   the op's arguments (below), then the node's answers, each:
 *   how (1 byte, fake_http_answer; bit 5: leave the "id" as written),
 *   status (1 byte, fake_http_answer), body up to a NUL. An answer's
 *   integer "id" 1 is the request's own id (fake_http.h, rpc_id).
 *
 * Arguments: answer: status byte, id byte (0xff: 8 more bytes), body NUL;
 * receipt: hash NUL; balance: asset byte, cap byte, wallet NUL; prepare:
 * asset byte, kind byte (0x80 set: a mint), cap byte, amount NUL, ref
 * NUL, wallet NUL; broadcast: flags byte (bit 0 upper-case hash, bit 1 raw
 * as written), cap byte, 32 hash bytes, raw NUL; nonce_used: nonce (8);
 * block_hash: number (8); transfers_in: from (8), to (8); health: the
 * head's maximum age (8); reprice: gas, max fee, priority (8 each);
 * gas_balance: cap byte.
 * An empty text argument is a realistic default.
 *
 * FUZZ_KNOWN (environment): a comma-separated list of findings reported
 * against lib/ and not fixed yet (ids at their checks below), whose checks
 * are skipped so a long run can look past them. Unset: every check runs.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <gmp.h>
#include <jansson.h>

#include "core/currency.h"
#include "core/eip55.h"
#include "core/money.h"
#include "core/strict.h"
#include "providers/chain.h"
#include "providers/evm_abi.h"
#include "providers/evm_rpc.h"

#include "fake_http.h"
#include "fuzzutil.h"

#define ANSWERS_MAX 16
#define CHAIN_ID 31337ULL
#define MAX_FEE_CAP 1000000000000000ULL /* 10^6 gwei, cfg's limit */
#define GAS_CAP_MIN 21000ULL              /* providers.evm.gas_limit_cap's range */
#define GAS_CAP_MAX 30000000ULL

typedef unsigned __int128 u128;
typedef __int128 i128;

/* Anvil's accounts and first contracts (lowercase, as the registry keeps
 * every address). */
static const char operator_addr[] = "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266";
static const char custody_addr[] = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
static const char treasury_addr[] = "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc";
static const char gateway_addr[] = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
static const char default_wallet[] = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
static const char *const assets[CHAIN_ASSETS] = { "USDT", "USDC", "USDC_E", "DAI" };
static const char *const token_addr[CHAIN_ASSETS] = {
	"0xe7f1725e7734ce288f8367e1bb143e90bb3f0512",
	"0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0",
	"0xcf7ed3acca5a467e9e704c703e8d87f634fb0fc9",
	"0xdc64a140aa3e981100a9beca4e685f962f0cf6c9",
};

/* 1 when finding id is listed in FUZZ_KNOWN (see the top). */
static int
known(const char *id)
{
	const char *list = getenv("FUZZ_KNOWN"), *p;
	size_t n = strlen(id);

	for (p = list; p != NULL && *p != '\0'; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL)
		if (strncmp(p, id, n) == 0 && (p[n] == ',' || p[n] == '\0'))
			return 1;
	return 0;
}

/* ---- the node's words, read as JSON-RPC and the Ethereum API state
 * them (nothing of evm_rpc or evm_abi is used here) ---- */

/* A quantity: "0x" then 1..maxdigits hex digits, no leading zero unless
 * it is "0x0". Its digits, or NULL. */
static const char *
qty_text(const json_t *v, size_t maxdigits)
{
	const char *s = json_string_value(v);
	size_t n, i;

	if (s == NULL || strlen(s) != json_string_length(v) || s[0] != '0' || s[1] != 'x')
		return NULL;
	s += 2;
	n = strlen(s);
	if (n == 0 || n > maxdigits || (n > 1 && s[0] == '0'))
		return NULL;
	for (i = 0; i < n; i++)
		if (strict_hexval(s[i]) < 0)
			return NULL;
	return s;
}

static int
qty(const json_t *v, uint64_t *out)
{
	const char *s = qty_text(v, 16);
	uint64_t x = 0;

	if (s == NULL)
		return -1;
	for (; *s != '\0'; s++)
		x = x << 4 | (uint64_t)strict_hexval(*s);
	*out = x;
	return 0;
}

/* Data: "0x" (or "0X") then an even number of hex digits, at most cap
 * bytes. The byte count, or -1. */
static long
data_of(const char *s, unsigned char *out, size_t cap)
{
	size_t n, i;

	if (s == NULL || s[0] != '0' || (s[1] != 'x' && s[1] != 'X'))
		return -1;
	s += 2;
	n = strlen(s);
	if (n % 2 != 0 || n / 2 > cap)
		return -1;
	for (i = 0; i < n / 2; i++) {
		int hi = strict_hexval(s[2 * i]), lo = strict_hexval(s[2 * i + 1]);

		if (hi < 0 || lo < 0)
			return -1;
		out[i] = (unsigned char)(hi << 4 | lo);
	}
	return (long)(n / 2);
}

/* 32 bytes of data, as "0x" + 64 lowercase hex. 0 or -1. */
static int
hash_of(const json_t *v, char out[CHAIN_HASH_LEN + 1])
{
	const char *s = json_string_value(v);
	size_t i;

	if (s == NULL || strlen(s) != CHAIN_HASH_LEN || strlen(s) != json_string_length(v))
		return -1;
	if (s[0] != '0' || (s[1] != 'x' && s[1] != 'X'))
		return -1;
	out[0] = '0';
	out[1] = 'x';
	for (i = 2; i < CHAIN_HASH_LEN; i++) {
		if (strict_hexval(s[i]) < 0)
			return -1;
		out[i] = (char)(s[i] >= 'A' && s[i] <= 'F' ? s[i] - 'A' + 'a' : s[i]);
	}
	out[CHAIN_HASH_LEN] = '\0';
	return 0;
}

/* 1 when s is "0x" and n lowercase hex digits. */
static int
lower_hex(const char *s, size_t n)
{
	size_t i;

	if (strlen(s) != n + 2 || s[0] != '0' || s[1] != 'x')
		return 0;
	for (i = 2; i < n + 2; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
			return 0;
	return 1;
}

/* 1 when a and b are both strings and equal (a NULL never is). */
static int
streq(const char *a, const char *b)
{
	return a != NULL && b != NULL && strcmp(a, b) == 0;
}

/* 1 when s is printable ASCII throughout. */
static int
printable(const char *s)
{
	for (; *s != '\0'; s++)
		if ((unsigned char)*s < 0x20 || (unsigned char)*s > 0x7e)
			return 0;
	return 1;
}

/* s lowercased into out (cap bytes, cut). */
static void
lower_copy(char *out, size_t cap, const char *s)
{
	size_t i;

	for (i = 0; s[i] != '\0' && i + 1 < cap; i++)
		out[i] = (char)(s[i] >= 'A' && s[i] <= 'Z' ? s[i] - 'A' + 'a' : s[i]);
	out[i] = '\0';
}

/* 1 when the lowercase of s[0..n) contains what (lowercase). */
static int
says(const char *s, size_t n, const char *what)
{
	size_t w = strlen(what), i, j;

	for (i = 0; i + w <= n; i++) {
		for (j = 0; j < w; j++) {
			char c = s[i + j];

			if ((c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c) != what[j])
				break;
		}
		if (j == w)
			return 1;
	}
	return 0;
}

/* The words any of the nodes use for "I have it, or its nonce was used". */
static int
says_known(const char *s, size_t n)
{
	static const char *const known[] = { "already known", "known transaction",
		"alreadyknown", "already imported", "nonce too low", "noncetoolow",
		"nonce has already been used", "already exists", NULL };
	size_t i;

	for (i = 0; known[i] != NULL; i++)
		if (says(s, n, known[i]))
			return 1;
	return 0;
}

/* How a JSON-RPC answer reads (evm_rpc.h): a result, an error object, a
 * non-2xx answer (down, whatever it carries: a rate limit's error object
 * is the node failing, not refusing), or garbage. */
enum reading { R_OK, R_ERROR, R_DOWN, R_GARBAGE };

static enum reading
rpc_reading(long status, const json_t *body, long long id)
{
	const json_t *e = json_object_get(body, "error"), *v, *jid;
	int has_r;

	if (status < 200 || status > 299)
		return R_DOWN;
	if (!json_is_object(body))
		return R_GARBAGE;
	v = json_object_get(body, "jsonrpc");
	if (!json_is_string(v) || json_string_length(v) != 3 ||
	    memcmp(json_string_value(v), "2.0", 3) != 0)
		return R_GARBAGE;
	has_r = json_object_get(body, "result") != NULL;
	if (has_r == (e != NULL))
		return R_GARBAGE;
	jid = json_object_get(body, "id");
	if (e != NULL) {
		if (!json_is_null(jid) && !(json_is_integer(jid) && json_integer_value(jid) == id))
			return R_GARBAGE;
		if (!json_is_object(e) || !json_is_integer(json_object_get(e, "code")) ||
		    !json_is_string(json_object_get(e, "message")))
			return R_GARBAGE;
		return R_ERROR;
	}
	return json_is_integer(jid) && json_integer_value(jid) == id ? R_OK : R_GARBAGE;
}

/* ---- one run: the adapter, its settings and the node's answers ---- */

struct run {
	struct prov_chain ch;
	struct fake_answer ans[ANSWERS_MAX];
	char *bodies[ANSWERS_MAX];
	size_t nans;
	int checked0, broken0; /* the chain id gate before the op */
};

/* What call i was and how its answer reads. */
struct seen {
	int made;
	const char *method;
	const json_t *params;
	enum reading r;
	int sent;              /* R_DOWN: the request may have arrived */
	const json_t *result;  /* R_OK */
	const char *msg;       /* R_ERROR: message (and data when a string) */
	size_t msg_len;
	long long code;        /* R_ERROR: its code */
	const char *data;
	size_t data_len;
};

static struct seen
seen(const struct run *w, size_t i)
{
	const json_t *req = fake_http_request(i), *body = fake_http_answered(i), *e;
	struct seen s;

	memset(&s, 0, sizeof(s));
	s.made = i < fake_http_calls();
	if (!s.made)
		return s;
	/* every request is a JSON-RPC 2.0 call evm_rpc numbered */
	FZ_CHECK(i < FAKE_HTTP_KEEP && json_is_object(req));
	FZ_CHECK(streq(json_string_value(json_object_get(req, "jsonrpc")), "2.0"));
	FZ_CHECK(json_is_integer(json_object_get(req, "id")));
	FZ_CHECK(json_is_string(json_object_get(req, "method")));
	FZ_CHECK(json_is_array(json_object_get(req, "params")));
	s.method = json_string_value(json_object_get(req, "method"));
	s.params = json_object_get(req, "params");
	if (i >= w->nans || !w->ans[i].answered) {
		s.r = R_DOWN;
		s.sent = i < w->nans && w->ans[i].sent;
		return s;
	}
	s.sent = 1;
	s.r = rpc_reading(w->ans[i].status, body,
	    (long long)json_integer_value(json_object_get(req, "id")));
	if (s.r == R_OK) {
		s.result = json_object_get(body, "result");
	} else if (s.r == R_ERROR) {
		e = json_object_get(body, "error");
		s.msg = json_string_value(json_object_get(e, "message"));
		s.msg_len = json_string_length(json_object_get(e, "message"));
		s.code = (long long)json_integer_value(json_object_get(e, "code"));
		if (json_is_string(json_object_get(e, "data"))) {
			s.data = json_string_value(json_object_get(e, "data"));
			s.data_len = json_string_length(json_object_get(e, "data"));
		}
	}
	return s;
}

/* An error saying the call reverts (EIP-1474's code 3, or the word in
 * its message): the only error that is a verdict on the call. */
static int
says_revert(const struct seen *s)
{
	return s->r == R_ERROR && (s->code == 3 || says(s->msg, s->msg_len, "revert"));
}

/* 1 when call i was method. */
static int
was(const struct seen *s, const char *method)
{
	return s->made && strcmp(s->method, method) == 0;
}

/* A quantity's text as a request carries it. */
static int
param_is_qty(const json_t *p, uint64_t v)
{
	char want[24];

	snprintf(want, sizeof(want), "0x%llx", (unsigned long long)v);
	return json_is_string(p) && strcmp(json_string_value(p), want) == 0;
}

static int decimals_read(const struct seen *s, const char *tok, mpz_t v);

/*
 * After the chain id, each configured token's decimals() (call 1 on), as
 * check_chain asks them: the index of the op's first own call, or -1 when
 * one stopped the op (no other call, rc not CHAIN_OK): a token that did
 * not tell is asked again later, one with other places than configured
 * breaks the adapter for good.
 */
static long
gate_decimals(struct run *w, enum chain_rc rc)
{
	struct seen s;
	long k = 1;
	size_t j;
	mpz_t v;

	mpz_init(v);
	for (j = 0; j < CHAIN_ASSETS; j++) {
		const struct chain_token *t = &w->ch.evm.tokens[j];
		int told;

		if (t->address[0] == '\0')
			continue;
		s = seen(w, (size_t)k++);
		told = decimals_read(&s, t->address, v) == 0;
		if (!told || mpz_cmp_ui(v, t->decimals) != 0) {
			FZ_CHECK(fake_http_calls() == (size_t)k && rc != CHAIN_OK);
			FZ_CHECK(!w->ch.evm.chain_checked && w->ch.evm.broken == told);
			mpz_clear(v);
			return -1;
		}
	}
	mpz_clear(v);
	FZ_CHECK(w->ch.evm.chain_checked && !w->ch.evm.broken);
	return k;
}

/*
 * The chain id gate (check_chain) that the op ran before its own calls:
 * the index of the op's first own call, or -1 when the gate stopped it
 * (no other call, and rc is not CHAIN_OK).
 */
static long
gate(struct run *w, enum chain_rc rc)
{
	struct seen s;
	uint64_t id;

	if (w->broken0) {
		/* broken for good: every call refuses, nothing is asked */
		FZ_CHECK(fake_http_calls() == 0 && rc != CHAIN_OK);
		FZ_CHECK(w->ch.evm.broken);
		return -1;
	}
	if (w->checked0) {
		FZ_CHECK(w->ch.evm.chain_checked && !w->ch.evm.broken);
		return 0;
	}
	s = seen(w, 0);
	FZ_CHECK(was(&s, "eth_chainId") && json_array_size(s.params) == 0);
	if (s.r == R_OK && qty(s.result, &id) == 0 && id == CHAIN_ID)
		return gate_decimals(w, rc);
	/* another chain, or no chain id: nothing more is asked or believed */
	FZ_CHECK(fake_http_calls() == 1 && rc != CHAIN_OK);
	if (s.r == R_OK && qty(s.result, &id) == 0)
		FZ_CHECK(w->ch.evm.broken && !w->ch.evm.chain_checked);
	else
		FZ_CHECK(!w->ch.evm.broken && !w->ch.evm.chain_checked);
	return -1;
}

/* gate() for the ops that once skipped check_chain (next_nonce,
 * nonce_used, block_hash, transfers_in, gas_balance: finding ungated,
 * fixed); kept as a name of its own for where they are checked. */
static long
gate_too(struct run *w, enum chain_rc rc)
{
	return gate(w, rc);
}

/* The configured token of asset, or NULL. */
static const struct chain_token *
token(const struct run *w, const char *asset)
{
	size_t i;

	for (i = 0; i < CHAIN_ASSETS; i++)
		if (strcmp(w->ch.evm.tokens[i].asset, asset) == 0)
			return w->ch.evm.tokens[i].address[0] != '\0' ? &w->ch.evm.tokens[i] : NULL;
	return NULL;
}

/* 1 when s is an address: "0x" and 40 hex digits, all lower case, all
 * upper case, or mixed as EIP-55's checksum says (core/eip55.c, held to
 * the EIP's own examples by tests/unit/test_eip55.c). */
static int
address_ok(const char *s)
{
	unsigned char b[20];

	return s != NULL && strlen(s) == 42 && data_of(s, b, sizeof(b)) == 20 &&
	    eip55_ok(s, 42);
}

/* The decimal text at scale places of units base units of a token with
 * decimals places (digits, then a point and exactly scale digits when
 * scale > 0): "" when that is not exact (floor: round down instead) or
 * takes cap bytes or more. */
static void
units_text(const mpz_t units, unsigned decimals, unsigned scale, int floor, char *out,
    size_t cap)
{
	mpz_t v, p, r;
	char *digits, *text;
	size_t n, width, o = 0, i;

	out[0] = '\0';
	mpz_inits(v, p, r, NULL);
	if (decimals > scale) {
		mpz_ui_pow_ui(p, 10, decimals - scale);
		mpz_tdiv_qr(v, r, units, p);
		if (mpz_sgn(r) != 0 && !floor)
			goto out;
	} else {
		mpz_ui_pow_ui(p, 10, scale - decimals);
		mpz_mul(v, units, p);
	}
	/* v counts 10^-scale: at least scale + 1 digits, zeros in front */
	digits = mpz_get_str(NULL, 10, v);
	FZ_CHECK(digits != NULL);
	n = strlen(digits);
	width = n > scale ? n : scale + 1;
	text = malloc(width + 2);
	FZ_CHECK(text != NULL);
	/* digit k of the padded number (width digits) */
	for (i = 0; i < width; i++) {
		if (scale > 0 && i == width - scale)
			text[o++] = '.';
		text[o++] = i < width - n ? '0' : digits[i - (width - n)];
	}
	text[o] = '\0';
	if (o < cap)
		memcpy(out, text, o + 1);
	free(text);
	free(digits);
out:
	mpz_clears(v, p, r, NULL);
}

/* The first 32-byte word of an eth_call result into v. 0 or -1. */
static int
first_word(const json_t *res, mpz_t v)
{
	unsigned char b[64];
	long n = data_of(json_string_value(res), b, sizeof(b));

	if (n < 32 || strlen(json_string_value(res)) != json_string_length(res))
		return -1;
	mpz_import(v, 32, 1, 1, 1, 0, b);
	return 0;
}

/* The call data of an eth_call / eth_estimateGas request (params[0]). */
static long
call_data(const json_t *params, const char *to, unsigned char *out, size_t cap)
{
	const json_t *o = json_array_get(params, 0);

	FZ_CHECK(json_is_object(o));
	FZ_CHECK(streq(json_string_value(json_object_get(o, "to")), to));
	return data_of(json_string_value(json_object_get(o, "data")), out, cap);
}

/* A word holding an address (12 zero bytes, then it). */
static void
check_word_address(const unsigned char *word, const char *address)
{
	unsigned char a[20];
	size_t i;

	FZ_CHECK(data_of(address, a, sizeof(a)) == 20);
	for (i = 0; i < 12; i++)
		FZ_CHECK(word[i] == 0);
	FZ_CHECK(memcmp(word + 12, a, 20) == 0);
}

/* token.balanceOf(owner) or token.allowance(owner, spender) as the
 * request of call s; its answer's word into v (0), or -1. */
static int
check_token_read(const struct seen *s, const char *tok, const char *owner,
    const char *spender, mpz_t v)
{
	unsigned char d[4 + 64], sel[4];
	long n;

	FZ_CHECK(was(s, "eth_call") && json_array_size(s->params) == 2);
	FZ_CHECK(streq(json_string_value(json_array_get(s->params, 1)), "latest"));
	n = call_data(s->params, tok, d, sizeof(d));
	evm_selector(spender ? EVM_SIG_ALLOWANCE : EVM_SIG_BALANCE_OF, sel);
	FZ_CHECK(n == (spender ? 4 + 64 : 4 + 32) && memcmp(d, sel, 4) == 0);
	check_word_address(d + 4, owner);
	if (spender)
		check_word_address(d + 36, spender);
	return s->r == R_OK && first_word(s->result, v) == 0 ? 0 : -1;
}

/* Call s, a token's decimals() as check_chain asks it; its answer's word
 * into v (0), or -1. */
static int
decimals_read(const struct seen *s, const char *tok, mpz_t v)
{
	unsigned char d[8], sel[4];

	FZ_CHECK(was(s, "eth_call") && json_array_size(s->params) == 2);
	FZ_CHECK(streq(json_string_value(json_array_get(s->params, 1)), "latest"));
	evm_selector(EVM_SIG_DECIMALS, sel);
	FZ_CHECK(call_data(s->params, tok, d, sizeof(d)) == 4 && memcmp(d, sel, 4) == 0);
	return s->r == R_OK && first_word(s->result, v) == 0 ? 0 : -1;
}

/* The fees to offer now as offer() documents them, from the answers of
 * calls i (eth_feeHistory) and i + 1 (eth_maxPriorityFeePerGas, when
 * asked): 0 with base and the fees, or -1 when the node did not tell. */
static int
fees_asked(const struct run *w, size_t i, uint64_t *base, struct chain_fees *f,
    size_t *next)
{
	struct seen s = seen(w, i), t;
	const json_t *bases, *reward;
	uint64_t tip = 0, cap_max = w->ch.evm.max_fee_wei, cap_tip = w->ch.evm.priority_fee_wei;
	size_t n;

	*next = i + 1;
	FZ_CHECK(was(&s, "eth_feeHistory"));
	/* the last block, its base fee and the median tip */
	FZ_CHECK(param_is_qty(json_array_get(s.params, 0), 1));
	FZ_CHECK(streq(json_string_value(json_array_get(s.params, 1)), "latest"));
	if (s.r != R_OK)
		return -1;
	bases = json_object_get(s.result, "baseFeePerGas");
	reward = json_array_get(json_object_get(s.result, "reward"), 0);
	n = json_array_size(bases);
	if (n == 0 || qty(json_array_get(bases, n - 1), base) != 0)
		return -1;
	if (reward != NULL && qty(json_array_get(reward, 0), &tip) != 0)
		return -1;
	if (reward == NULL) {
		t = seen(w, i + 1);
		FZ_CHECK(was(&t, "eth_maxPriorityFeePerGas"));
		*next = i + 2;
		if (t.r != R_OK || qty(t.result, &tip) != 0)
			tip = cap_tip; /* the node has no suggestion: the cap */
	}
	if (tip > cap_tip)
		tip = cap_tip;
	if ((u128)*base + tip > cap_max)
		return 1; /* above providers.evm.max_fee_gwei */
	f->priority_fee = tip;
	f->max_fee = (u128)2 * *base + tip <= cap_max ? 2 * *base + tip : cap_max;
	return 0;
}

/* ---- the ops ---- */

static void
op_answer(struct fz_in *in)
{
	long status = fake_http_answer(1, fz_byte(in)).status;
	uint8_t idb = fz_byte(in);
	long long id = idb == 0xff ? (long long)fz_u64(in) : idb % 4;
	size_t blen;
	char *text = fz_cut(in, '\0', &blen), h[CHAIN_HASH_LEN + 1], h2[CHAIN_HASH_LEN + 1];
	json_t *body = json_loadb(text, blen, JSON_REJECT_DUPLICATES, NULL), *res = (json_t *)1;
	struct evm_rpc_error err;
	enum evm_rpc_rc rc;
	enum reading want = rpc_reading(status, body, id);
	uint64_t u, u2;
	mpz_t m, m2;

	memset(&err, 0x5a, sizeof(err));
	rc = evm_rpc_answer(status, body, id, &res, &err);
	FZ_CHECK((int)rc == (int)want); /* R_* are in evm_rpc_rc's order */
	FZ_CHECK(memchr(err.message, '\0', sizeof(err.message)) != NULL);
	FZ_CHECK(printable(err.message));
	if (rc != EVM_RPC_OK)
		FZ_CHECK(res == NULL);
	FZ_CHECK(err.http_status == status);
	switch (rc) {
	case EVM_RPC_OK:
		FZ_CHECK(res == json_object_get(body, "result"));
		/* the result's readers agree with the Ethereum API's forms */
		FZ_CHECK((evm_qty_u64(res, &u) == 0) == (qty(res, &u2) == 0));
		if (qty(res, &u2) == 0)
			FZ_CHECK(u == u2);
		FZ_CHECK((evm_hash_copy(res, h) == 0) == (hash_of(res, h2) == 0));
		if (hash_of(res, h2) == 0)
			FZ_CHECK(strcmp(h, h2) == 0);
		mpz_inits(m, m2, NULL);
		if (evm_qty_mpz(res, m) == 0) {
			FZ_CHECK(qty_text(res, 64) != NULL);
			FZ_CHECK(mpz_set_str(m2, qty_text(res, 64), 16) == 0 && mpz_cmp(m, m2) == 0);
		} else {
			FZ_CHECK(qty_text(res, 64) == NULL);
		}
		mpz_clears(m, m2, NULL);
		json_decref(res);
		break;
	case EVM_RPC_ERROR: {
		const json_t *e = json_object_get(body, "error");
		const char *msg = json_string_value(json_object_get(e, "message"));
		size_t i, n = json_string_length(json_object_get(e, "message"));

		FZ_CHECK(err.code == (long long)json_integer_value(json_object_get(e, "code")));
		/* the message, cleaned, leads (at least its first 70 bytes) */
		for (i = 0; i < n && i < 70 && err.message[i] != '\0'; i++)
			FZ_CHECK(err.message[i] == ((unsigned char)msg[i] >= 0x20 &&
			    (unsigned char)msg[i] < 0x7f ? msg[i] : '?'));
		FZ_CHECK(i == n || i == 70 || i == sizeof(err.message) - 1);
		/* "already known" and the like are never missed in a short
		 * plain message, nor read into one that does not say it */
		if (n < 60 && printable(msg) &&
		    !json_is_string(json_object_get(e, "data")))
			FZ_CHECK(evm_rpc_known(&err) == says_known(msg, n));
		if (evm_rpc_known(&err)) {
			const char *d = json_string_value(json_object_get(e, "data"));

			FZ_CHECK(says_known(msg, n) || (d != NULL &&
			    says_known(d, json_string_length(json_object_get(e, "data")))));
		}
		break;
	}
	default:
		break;
	}
	json_decref(body);
	free(text);
}

static void
op_receipt(struct run *w, struct fz_in *in)
{
	char *h = fz_cut(in, '\0', NULL), block[CHAIN_HASH_LEN + 1], canon[CHAIN_HASH_LEN + 1];
	const char *hash = h[0] != '\0' ? h :
	    "0x88df016429689c079f3b2f6ad39fa052532c56795b733da78a91ebe6a713944b";
	struct chain_receipt r;
	struct seen s, b, k;
	uint64_t status, bn, head;
	enum chain_rc rc;
	long g;

	memset(&r, 0x5a, sizeof(r));
	rc = w->ch.ops->receipt(&w->ch, hash, &r);
	FZ_CHECK(rc == CHAIN_OK || rc == CHAIN_UNAVAILABLE);
	FZ_CHECK(memchr(r.reason, '\0', sizeof(r.reason)) != NULL);
	FZ_CHECK(memchr(r.block_hash, '\0', sizeof(r.block_hash)) != NULL);
	if ((g = gate(w, rc)) < 0)
		goto out;
	s = seen(w, (size_t)g);
	if (!s.made) {
		FZ_CHECK(rc == CHAIN_UNAVAILABLE); /* a hash json_pack refused */
		goto out;
	}
	FZ_CHECK(was(&s, "eth_getTransactionReceipt") && json_array_size(s.params) == 1 &&
	    streq(json_string_value(json_array_get(s.params, 0)), hash));
	if (s.r != R_OK) {
		FZ_CHECK(rc == CHAIN_UNAVAILABLE && fake_http_calls() == (size_t)g + 1);
		goto out;
	}
	if (json_is_null(s.result)) {
		/* no receipt: never seen, dropped, or gone with a reorg */
		FZ_CHECK(rc == CHAIN_OK && r.state == CHAIN_UNKNOWN);
		FZ_CHECK(r.block_number == 0 && r.block_hash[0] == '\0' && r.confirmations == 0);
		FZ_CHECK(fake_http_calls() == (size_t)g + 1);
		goto out;
	}
	/* a receipt is believed only of the transaction asked about and
	 * well-formed: a status, its block (finding receipt-hash) */
	{
		char asked[CHAIN_HASH_LEN + 1], got[CHAIN_HASH_LEN + 1];

		lower_copy(asked, sizeof(asked), hash);
		if (hash_of(json_object_get(s.result, "transactionHash"), got) != 0 ||
		    strcmp(got, asked) != 0) {
			FZ_CHECK(rc == CHAIN_UNAVAILABLE && fake_http_calls() == (size_t)g + 1);
			goto out;
		}
	}
	if (qty(json_object_get(s.result, "status"), &status) != 0 || status > 1 ||
	    qty(json_object_get(s.result, "blockNumber"), &bn) != 0 || bn > (1ULL << 62) ||
	    hash_of(json_object_get(s.result, "blockHash"), block) != 0) {
		FZ_CHECK(rc == CHAIN_UNAVAILABLE && fake_http_calls() == (size_t)g + 1);
		goto out;
	}
	/* then the head and the chain's block at that height */
	k = seen(w, (size_t)g + 1);
	FZ_CHECK(was(&k, "eth_blockNumber"));
	if (k.r != R_OK || qty(k.result, &head) != 0) {
		FZ_CHECK(rc == CHAIN_UNAVAILABLE && fake_http_calls() == (size_t)g + 2);
		goto out;
	}
	b = seen(w, (size_t)g + 2);
	FZ_CHECK(was(&b, "eth_getBlockByNumber") && fake_http_calls() == (size_t)g + 3);
	FZ_CHECK(param_is_qty(json_array_get(b.params, 0), bn) &&
	    json_is_false(json_array_get(b.params, 1)));
	canon[0] = '\0';
	if (b.r != R_OK ||
	    (!json_is_null(b.result) && hash_of(json_object_get(b.result, "hash"), canon) != 0)) {
		FZ_CHECK(rc == CHAIN_UNAVAILABLE);
		goto out;
	}
	FZ_CHECK(rc == CHAIN_OK);
	FZ_CHECK(r.state == CHAIN_PENDING || r.state == CHAIN_CONFIRMED ||
	    r.state == CHAIN_FAILED);
	/* the receipt of hash, not of another transaction (a mixed-up or
	 * cached answer): finding receipt-hash */
	if (r.state != CHAIN_PENDING && !known("receipt-hash")) {
		char asked[CHAIN_HASH_LEN + 1], got[CHAIN_HASH_LEN + 1];

		FZ_CHECK(hash_of(json_object_get(s.result, "transactionHash"), got) == 0);
		lower_copy(asked, sizeof(asked), hash);
		FZ_CHECK(strcmp(got, asked) == 0);
	}
	FZ_CHECK(r.block_number >= 0 && (uint64_t)r.block_number == bn);
	FZ_CHECK(strcmp(r.block_hash, block) == 0 && lower_hex(r.block_hash, 64));
	if (strcmp(canon, block) != 0) {
		/* the receipt's block is not the chain's at that height */
		FZ_CHECK(r.state == CHAIN_PENDING && r.confirmations == 0);
		goto out;
	}
	FZ_CHECK(r.confirmations == (head >= bn ? head - bn + 1 : 0));
	/* final only with the configured confirmations */
	if (r.state != CHAIN_PENDING)
		FZ_CHECK(r.confirmations >= w->ch.evm.confirmations);
	if (r.confirmations >= w->ch.evm.confirmations)
		FZ_CHECK(r.state == (status == 1 ? CHAIN_CONFIRMED : CHAIN_FAILED));
	else
		FZ_CHECK(r.state == CHAIN_PENDING);
	if (r.state == CHAIN_FAILED)
		FZ_CHECK(r.reason[0] != '\0');
out:
	free(h);
}

/* One of the four assets, or one no chain holds. */
static const char *
asset_of(uint8_t b)
{
	return b % 5 < 4 ? assets[b % 5] : "GHS";
}

static void
op_balance(struct run *w, struct fz_in *in)
{
	const char *asset = asset_of(fz_byte(in));
	size_t cap = fz_byte(in) % 100 + 1;
	char *wl = fz_cut(in, '\0', NULL), *out = malloc(cap), want[128];
	const char *wallet = wl[0] != '\0' ? wl : default_wallet;
	const struct chain_token *t = token(w, asset);
	const struct currency *cur = currency_find(asset);
	enum chain_rc rc;
	struct seen s;
	char lw[43];
	mpz_t v;
	long g;

	FZ_CHECK(out != NULL);
	memset(out, 0x5a, cap);
	rc = w->ch.ops->balance(&w->ch, wallet, asset, out, cap);
	if (t == NULL || cur == NULL || !address_ok(wallet)) {
		/* nothing to ask: an asset not here, a wallet no address */
		FZ_CHECK(rc == CHAIN_REJECTED && fake_http_calls() == 0);
		goto out;
	}
	if ((g = gate(w, rc)) < 0) {
		FZ_CHECK(rc == CHAIN_MISCONFIGURED || rc == CHAIN_UNAVAILABLE);
		goto out;
	}
	FZ_CHECK(rc == CHAIN_OK || rc == CHAIN_UNAVAILABLE);
	FZ_CHECK(fake_http_calls() == (size_t)g + 1);
	s = seen(w, (size_t)g);
	lower_copy(lw, sizeof(lw), wallet);
	mpz_init(v);
	if (check_token_read(&s, t->address, lw, NULL, v) == 0) {
		/* exact: at the asset's places, or the token's when it has more */
		units_text(v, t->decimals, t->decimals > cur->scale ? t->decimals : cur->scale,
		    0, want, sizeof(want));
		if (want[0] != '\0' && strlen(want) < cap)
			FZ_CHECK(rc == CHAIN_OK && strcmp(out, want) == 0);
		else
			FZ_CHECK(rc == CHAIN_UNAVAILABLE);
	} else {
		FZ_CHECK(rc == CHAIN_UNAVAILABLE);
	}
	mpz_clear(v);
out:
	free(wl);
	free(out);
}

static void
op_prepare(struct run *w, struct fz_in *in)
{
	const char *asset = asset_of(fz_byte(in));
	int mint = (fz_byte(in) & 0x80) != 0;
	size_t cap = fz_byte(in) % 200 + 1;
	char *am = fz_cut(in, '\0', NULL), *rf = fz_cut(in, '\0', NULL), *wl = fz_cut(in, '\0', NULL);
	char *why = malloc(cap), lw[43];
	struct chain_move m = { mint ? CHAIN_MINT : CHAIN_CONVERT,
		rf[0] != '\0' ? rf : "cv_01J9ZK4Q7W5X3M8N2P6R0T1V4Y",
		wl[0] != '\0' ? wl : default_wallet, asset, am[0] != '\0' ? am : "12.500000" };
	const struct chain_token *t = token(w, asset);
	struct chain_fees f, want;
	unsigned char d[4 + 4 * 32], sel[4], idw[32] = { 0 };
	enum chain_rc rc;
	struct seen s;
	uint64_t gas, base;
	size_t i, next;
	long g, n;
	int local_ok, fa;
	mpz_t units, have;

	FZ_CHECK(why != NULL);
	memset(why, 0x5a, cap);
	memset(&f, 0x5a, sizeof(f));
	rc = w->ch.ops->prepare(&w->ch, &m, &f, why, cap);
	/* why is the refusal's (a CHAIN_OK leaves it alone) */
	if (rc != CHAIN_OK)
		FZ_CHECK(memchr(why, '\0', cap) != NULL);
	FZ_CHECK(rc == CHAIN_OK || rc == CHAIN_INSUFFICIENT || rc == CHAIN_ALLOWANCE ||
	    rc == CHAIN_REJECTED || rc == CHAIN_UNAVAILABLE);
	if ((g = gate(w, rc)) < 0)
		goto out;
	mpz_inits(units, have, NULL);
	/* what can never go, refused before the node is asked */
	local_ok = t != NULL && money_parse(m.amount, t->decimals, units) == MONEY_OK &&
	    mpz_sgn(units) > 0 && address_ok(m.wallet) && (mint || strlen(m.ref) <= 32);
	if (!local_ok) {
		FZ_CHECK(rc == CHAIN_REJECTED && fake_http_calls() == (size_t)g);
		FZ_CHECK(why[0] != '\0' || cap == 1);
		goto done;
	}
	lower_copy(lw, sizeof(lw), m.wallet);
	i = (size_t)g;
	if (!mint) {
		/* the coins, then the approval, as the gateway would find them */
		s = seen(w, i++);
		if (check_token_read(&s, t->address, lw, NULL, have) != 0) {
			FZ_CHECK(rc == CHAIN_UNAVAILABLE && fake_http_calls() == i);
			goto done;
		}
		if (mpz_cmp(have, units) < 0) {
			FZ_CHECK(rc == CHAIN_INSUFFICIENT && fake_http_calls() == i);
			goto done;
		}
		s = seen(w, i++);
		if (check_token_read(&s, t->address, lw, w->ch.evm.gateway, have) != 0) {
			FZ_CHECK(rc == CHAIN_UNAVAILABLE && fake_http_calls() == i);
			goto done;
		}
		if (mpz_cmp(have, units) < 0) {
			FZ_CHECK(rc == CHAIN_ALLOWANCE && fake_http_calls() == i);
			goto done;
		}
	}
	FZ_CHECK(rc != CHAIN_INSUFFICIENT && rc != CHAIN_ALLOWANCE);
	/* the call itself, from the operator, exactly the move asked */
	s = seen(w, i++);
	FZ_CHECK(was(&s, "eth_estimateGas") && json_array_size(s.params) == 1);
	FZ_CHECK(streq(json_string_value(json_object_get(json_array_get(s.params, 0), "from")),
	    operator_addr));
	n = call_data(s.params, mint ? t->address : w->ch.evm.gateway, d, sizeof(d));
	evm_selector(mint ? EVM_SIG_MINT : EVM_SIG_CONVERT, sel);
	FZ_CHECK(n == (mint ? 4 + 64 : 4 + 128) && memcmp(d, sel, 4) == 0);
	{
		const unsigned char *p = d + 4;
		mpz_t got;

		if (!mint) {
			memcpy(idw, m.ref, strlen(m.ref));
			FZ_CHECK(memcmp(p, idw, 32) == 0);
			check_word_address(p + 32, t->address);
			p += 64;
		}
		check_word_address(p, lw);
		mpz_init(got);
		mpz_import(got, 32, 1, 1, 1, 0, p + 32);
		FZ_CHECK(mpz_cmp(got, units) == 0); /* never cut or rounded */
		mpz_clear(got);
	}
	if (s.r == R_ERROR && !says_revert(&s)) {
		/* an error that is not a revert (an internal error, a limit)
		 * says the node failed, not that the move would revert */
		FZ_CHECK(rc == CHAIN_UNAVAILABLE && fake_http_calls() == i);
		goto done;
	}
	if (s.r == R_ERROR) {
		/* it would revert: refused, with the node's reason */
		FZ_CHECK(rc == CHAIN_REJECTED && fake_http_calls() == i);
		if (!known("empty-why"))
			FZ_CHECK(why[0] != '\0' || cap == 1);
		goto done;
	}
	FZ_CHECK(rc != CHAIN_REJECTED);
	if (s.r != R_OK || qty(s.result, &gas) != 0 || gas == 0 || gas >= (1ULL << 40)) {
		FZ_CHECK(rc == CHAIN_UNAVAILABLE && fake_http_calls() == i);
		goto done;
	}
	if (gas > w->ch.evm.gas_limit_cap) {
		/* above providers.evm.gas_limit_cap: never signed, no fee asked */
		FZ_CHECK(rc == CHAIN_UNAVAILABLE && fake_http_calls() == i);
		goto done;
	}
	fa = fees_asked(w, i, &base, &want, &next);
	if (fa != 0) {
		FZ_CHECK(rc == CHAIN_UNAVAILABLE);
		goto done;
	}
	FZ_CHECK(fake_http_calls() == next);
	FZ_CHECK(rc == CHAIN_OK);
	/* gas with a margin; the chain's tip within the cap; room for the
	 * base fee to double, within max_fee_gwei */
	FZ_CHECK(f.gas_limit >= gas && f.gas_limit == (gas + gas * 20 / 100 <
	    w->ch.evm.gas_limit_cap ? gas + gas * 20 / 100 : w->ch.evm.gas_limit_cap));
	FZ_CHECK(f.priority_fee == want.priority_fee && f.max_fee == want.max_fee);
	FZ_CHECK(f.priority_fee <= w->ch.evm.priority_fee_wei);
	FZ_CHECK(f.max_fee <= w->ch.evm.max_fee_wei && f.priority_fee <= f.max_fee);
	FZ_CHECK((u128)base + f.priority_fee <= f.max_fee);
done:
	mpz_clears(units, have, NULL);
out:
	free(why);
	free(am);
	free(rf);
	free(wl);
}

static void
op_broadcast(struct run *w, struct fz_in *in)
{
	uint8_t flags = fz_byte(in);
	size_t cap = fz_byte(in) % 200 + 1, rlen, i;
	char *why = malloc(cap), *rw, hx[CHAIN_HASH_LEN + 1], ours[CHAIN_HASH_LEN + 1];
	struct chain_move m = { CHAIN_CONVERT, "cv_01J9ZK4Q7W5X3M8N2P6R0T1V4Y",
		default_wallet, "USDT", "12.500000" };
	struct chain_signed sg;
	unsigned char hb[32];
	enum chain_rc rc;
	struct seen s;
	long g;

	FZ_CHECK(why != NULL);
	for (i = 0; i < sizeof(hb); i++)
		hb[i] = fz_byte(in);
	rw = fz_cut(in, '\0', &rlen);
	memset(&sg, 0, sizeof(sg));
	buf_init(&sg.raw, CHAIN_RAW_TEXT_MAX);
	evm_hex(hb, sizeof(hb), sg.hash);
	if (flags & 1)
		for (i = 2; i < CHAIN_HASH_LEN; i++)
			if (sg.hash[i] >= 'a' && sg.hash[i] <= 'f')
				sg.hash[i] = (char)(sg.hash[i] - 'a' + 'A');
	if (flags & 2) {
		FZ_CHECK(buf_append(&sg.raw, rw, rlen) == 0 || rlen > CHAIN_RAW_TEXT_MAX);
	} else {
		char *hex = malloc(2 * rlen + 3);

		FZ_CHECK(hex != NULL);
		evm_hex((const unsigned char *)rw, rlen, hex);
		FZ_CHECK(buf_puts(&sg.raw, hex) == 0 || 2 * rlen + 2 > CHAIN_RAW_TEXT_MAX);
		free(hex);
	}
	memset(why, 0x5a, cap);
	rc = w->ch.ops->broadcast(&w->ch, &m, &sg, why, cap);
	/* a refusal says why (chain.h promises no more), even when the
	 * node's error message is empty: finding empty-why */
	if (rc == CHAIN_INSUFFICIENT || rc == CHAIN_REJECTED) {
		FZ_CHECK(memchr(why, '\0', cap) != NULL);
		if (!known("empty-why"))
			FZ_CHECK(why[0] != '\0' || cap == 1);
	}
	FZ_CHECK(rc == CHAIN_OK || rc == CHAIN_INSUFFICIENT || rc == CHAIN_REJECTED ||
	    rc == CHAIN_IN_DOUBT || rc == CHAIN_UNAVAILABLE);
	if ((g = gate(w, rc)) < 0) {
		FZ_CHECK(rc == CHAIN_UNAVAILABLE); /* nothing left this machine */
		goto out;
	}
	s = seen(w, (size_t)g);
	if (!s.made) {
		FZ_CHECK(rc == CHAIN_UNAVAILABLE); /* raw text json_pack refused */
		goto out;
	}
	FZ_CHECK(fake_http_calls() == (size_t)g + 1);
	/* exactly the stored bytes */
	FZ_CHECK(was(&s, "eth_sendRawTransaction") && json_array_size(s.params) == 1);
	FZ_CHECK(streq(json_string_value(json_array_get(s.params, 0)),
	    sg.raw.data != NULL ? sg.raw.data : ""));
	lower_copy(ours, sizeof(ours), sg.hash);
	switch (s.r) {
	case R_OK:
		/* taken: OK only when the node names our hash */
		if (hash_of(s.result, hx) == 0 && strcmp(hx, ours) == 0)
			FZ_CHECK(rc == CHAIN_OK || (rc == CHAIN_IN_DOUBT && (flags & 1)));
		else
			FZ_CHECK(rc == CHAIN_IN_DOUBT);
		break;
	case R_ERROR:
		FZ_CHECK(rc == CHAIN_OK || rc == CHAIN_INSUFFICIENT || rc == CHAIN_REJECTED);
		/* refused only on the node's word, not on an HTTP error (a 5xx
		 * may have passed it on): finding http-error-rejected */
		if ((rc == CHAIN_INSUFFICIENT || rc == CHAIN_REJECTED) && !known("http-error-rejected"))
			FZ_CHECK(w->ans[g].status >= 200 && w->ans[g].status <= 299);
		/* OK only for "it has it" or "its nonce was used" */
		if (rc == CHAIN_OK)
			FZ_CHECK(says_known(s.msg, s.msg_len) ||
			    (s.data != NULL && says_known(s.data, s.data_len)));
		else if (s.msg_len < 60 && printable(s.msg) && s.data == NULL)
			FZ_CHECK(!says_known(s.msg, s.msg_len));
		if (rc == CHAIN_INSUFFICIENT)
			FZ_CHECK(says(s.msg, s.msg_len, "insufficient funds") ||
			    (s.data != NULL && says(s.data, s.data_len, "insufficient funds")));
		break;
	default:
		/* no usable answer: in doubt once it may have arrived */
		FZ_CHECK(rc == (s.sent ? CHAIN_IN_DOUBT : CHAIN_UNAVAILABLE));
		break;
	}
out:
	buf_free(&sg.raw);
	free(rw);
	free(why);
}

static void
op_next_nonce(struct run *w)
{
	unsigned long long n = 0xdeadbeef;
	enum chain_rc rc = w->ch.ops->next_nonce(&w->ch, &n);
	struct seen s;
	uint64_t v;
	long g;

	FZ_CHECK(rc == CHAIN_OK || rc == CHAIN_UNAVAILABLE || rc == CHAIN_MISCONFIGURED);
	if ((g = gate_too(w, rc)) < 0)
		return;
	s = seen(w, (size_t)g);
	FZ_CHECK(fake_http_calls() == (size_t)g + 1);
	FZ_CHECK(was(&s, "eth_getTransactionCount") && json_array_size(s.params) == 2);
	FZ_CHECK(streq(json_string_value(json_array_get(s.params, 0)), operator_addr));
	FZ_CHECK(streq(json_string_value(json_array_get(s.params, 1)), "pending"));
	if (s.r == R_OK && qty(s.result, &v) == 0)
		FZ_CHECK(rc == CHAIN_OK && n == v);
	else
		FZ_CHECK(rc == CHAIN_UNAVAILABLE);
}

static void
op_nonce_used(struct run *w, struct fz_in *in)
{
	unsigned long long nonce = fz_u64(in), conf = w->ch.evm.confirmations;
	int used = 7;
	enum chain_rc rc = w->ch.ops->nonce_used(&w->ch, nonce, &used);
	struct seen s, t;
	uint64_t head, count;
	long g;

	FZ_CHECK(rc == CHAIN_OK || rc == CHAIN_UNAVAILABLE || rc == CHAIN_MISCONFIGURED);
	FZ_CHECK(used == 0 || (rc == CHAIN_OK && used == 1));
	if ((g = gate_too(w, rc)) < 0)
		return;
	s = seen(w, (size_t)g);
	FZ_CHECK(was(&s, "eth_blockNumber"));
	/* a head past 2^62 is no chain's (finding nonce-head-wrap) */
	if (s.r != R_OK || qty(s.result, &head) != 0 || head > (1ULL << 62)) {
		FZ_CHECK(rc == CHAIN_UNAVAILABLE && fake_http_calls() == (size_t)g + 1);
		return;
	}
	if ((u128)head + 1 < conf) {
		/* no block has the confirmations yet: nothing is buried */
		FZ_CHECK(rc == CHAIN_OK && used == 0 && fake_http_calls() == (size_t)g + 1);
		return;
	}
	/* the count as of the newest block with the confirmations on it (a
	 * head of 2^64 - 1 wraps head + 1 to 0: finding nonce-head-wrap) */
	if (known("nonce-head-wrap") && head == UINT64_MAX)
		return;
	FZ_CHECK(fake_http_calls() == (size_t)g + 2);
	t = seen(w, (size_t)g + 1);
	FZ_CHECK(was(&t, "eth_getTransactionCount") && json_array_size(t.params) == 2);
	FZ_CHECK(streq(json_string_value(json_array_get(t.params, 0)), operator_addr));
	FZ_CHECK(param_is_qty(json_array_get(t.params, 1), (uint64_t)((u128)head + 1 - conf)));
	if (t.r == R_OK && qty(t.result, &count) == 0)
		FZ_CHECK(rc == CHAIN_OK && used == (count > nonce));
	else
		FZ_CHECK(rc == CHAIN_UNAVAILABLE);
}

static void
op_head(struct run *w)
{
	long long n = -7;
	enum chain_rc rc = w->ch.ops->head(&w->ch, &n);
	struct seen s;
	uint64_t v;
	long g;

	FZ_CHECK(rc == CHAIN_OK || rc == CHAIN_UNAVAILABLE);
	if ((g = gate(w, rc)) < 0)
		return;
	FZ_CHECK(fake_http_calls() == (size_t)g + 1);
	s = seen(w, (size_t)g);
	FZ_CHECK(was(&s, "eth_blockNumber"));
	if (s.r == R_OK && qty(s.result, &v) == 0 && v <= (1ULL << 62))
		FZ_CHECK(rc == CHAIN_OK && (uint64_t)n == v);
	else
		FZ_CHECK(rc == CHAIN_UNAVAILABLE && n == -7);
}

static void
op_block_hash(struct run *w, struct fz_in *in)
{
	long long number = (long long)fz_u64(in);
	char out[CHAIN_HASH_LEN + 1], want[CHAIN_HASH_LEN + 1];
	enum chain_rc rc;
	struct seen s;
	long g;

	memset(out, 0x5a, sizeof(out));
	rc = w->ch.ops->block_hash(&w->ch, number, out);
	if (number < 0) {
		FZ_CHECK(rc == CHAIN_REJECTED && fake_http_calls() == 0);
		return;
	}
	FZ_CHECK(rc == CHAIN_OK || rc == CHAIN_UNAVAILABLE || rc == CHAIN_MISCONFIGURED);
	if ((g = gate_too(w, rc)) < 0)
		return;
	FZ_CHECK(memchr(out, '\0', sizeof(out)) != NULL);
	FZ_CHECK(fake_http_calls() == (size_t)g + 1);
	s = seen(w, (size_t)g);
	FZ_CHECK(was(&s, "eth_getBlockByNumber") && json_array_size(s.params) == 2);
	FZ_CHECK(param_is_qty(json_array_get(s.params, 0), (uint64_t)number) &&
	    json_is_false(json_array_get(s.params, 1)));
	if (s.r != R_OK) {
		FZ_CHECK(rc == CHAIN_UNAVAILABLE);
	} else if (json_is_null(s.result)) {
		FZ_CHECK(rc == CHAIN_OK && out[0] == '\0'); /* not there yet */
	} else if (hash_of(json_object_get(s.result, "hash"), want) == 0) {
		uint64_t got;

		/* the hash of the block asked for, not of another one:
		 * finding block-number */
		if (qty(json_object_get(s.result, "number"), &got) == 0 && got == (uint64_t)number)
			FZ_CHECK(rc == CHAIN_OK && strcmp(out, want) == 0);
		else
			FZ_CHECK(rc == CHAIN_UNAVAILABLE && out[0] == '\0');
	} else {
		FZ_CHECK(rc == CHAIN_UNAVAILABLE);
	}
}

/* One entry of transfers_in against the log the node sent. */
static void
check_transfer(const struct run *w, const struct chain_transfer_log *t, const json_t *log,
    const char *topic0, long long from, long long to)
{
	const json_t *topics = json_object_get(log, "topics");
	const struct chain_token *tok = token(w, t->asset);
	const struct currency *cur;
	unsigned char word[32], data[32];
	char addr[43], h[CHAIN_HASH_LEN + 1], want[80];
	uint64_t u;
	mpz_t v;

	/* every text ends inside its array */
	FZ_CHECK(memchr(t->asset, '\0', sizeof(t->asset)) && memchr(t->token, '\0', sizeof(t->token)) &&
	    memchr(t->sender, '\0', sizeof(t->sender)) && memchr(t->units, '\0', sizeof(t->units)) &&
	    memchr(t->amount, '\0', sizeof(t->amount)) &&
	    memchr(t->tx_hash, '\0', sizeof(t->tx_hash)) &&
	    memchr(t->block_hash, '\0', sizeof(t->block_hash)));
	/* a Transfer of a configured token, to custody, not removed */
	FZ_CHECK(tok != NULL && strcmp(t->token, tok->address) == 0);
	FZ_CHECK(lower_hex(t->token, 40) && lower_hex(t->sender, 40));
	FZ_CHECK(lower_hex(t->tx_hash, 64) && lower_hex(t->block_hash, 64));
	FZ_CHECK(!json_is_true(json_object_get(log, "removed")));
	FZ_CHECK(json_is_string(json_object_get(log, "address")));
	lower_copy(addr, sizeof(addr), json_string_value(json_object_get(log, "address")));
	FZ_CHECK(strcmp(addr, t->token) == 0);
	FZ_CHECK(json_array_size(topics) == 3);
	FZ_CHECK(streq(json_string_value(json_array_get(topics, 0)), topic0));
	FZ_CHECK(data_of(json_string_value(json_array_get(topics, 1)), word, 32) == 32);
	check_word_address(word, t->sender);
	FZ_CHECK(data_of(json_string_value(json_array_get(topics, 2)), word, 32) == 32);
	check_word_address(word, custody_addr);
	FZ_CHECK(hash_of(json_object_get(log, "transactionHash"), h) == 0 &&
	    strcmp(h, t->tx_hash) == 0);
	FZ_CHECK(hash_of(json_object_get(log, "blockHash"), h) == 0 &&
	    strcmp(h, t->block_hash) == 0);
	FZ_CHECK(qty(json_object_get(log, "blockNumber"), &u) == 0 &&
	    (uint64_t)t->block_number == u);
	FZ_CHECK(t->block_number >= from && t->block_number <= to);
	FZ_CHECK(qty(json_object_get(log, "logIndex"), &u) == 0 && t->log_index == u);
	/* the value: base units in full, and exact at the asset's scale */
	FZ_CHECK(data_of(json_string_value(json_object_get(log, "data")), data, 32) == 32);
	mpz_init(v);
	mpz_import(v, 32, 1, 1, 1, 0, data);
	FZ_CHECK(mpz_cmp_ui(v, 0) >= 0);
	{
		char *dec = mpz_get_str(NULL, 10, v);

		FZ_CHECK(strcmp(dec, t->units) == 0);
		free(dec);
	}
	cur = currency_find(t->asset);
	FZ_CHECK(cur != NULL);
	units_text(v, tok->decimals, cur->scale, 0, want, sizeof(t->amount));
	/* more than the service counts (15 digits before the point) is
	 * left "" for an operator, like an inexact one (finding amount-range) */
	if (strcspn(want, ".") > MONEY_MAX_INT_DIGITS)
		want[0] = '\0';
	FZ_CHECK(strcmp(t->amount, want) == 0);
	/* and one the service can read (money.h: at most 15 digits before
	 * the point; chain_deposits.amount is DECIMAL(36,18)), else "":
	 * finding amount-range */
	if (t->amount[0] != '\0' && !known("amount-range"))
		FZ_CHECK(money_parse(t->amount, cur->scale, v) == MONEY_OK);
	mpz_clear(v);
}

static void
op_transfers_in(struct run *w, struct fz_in *in)
{
	long long from = (long long)fz_u64(in), to = (long long)fz_u64(in);
	struct chain_transfer_log *out = (struct chain_transfer_log *)1;
	size_t n = 99, i, k;
	enum chain_rc rc = w->ch.ops->transfers_in(&w->ch, from, to, &out, &n);
	char topic0[EVM_HASH_TEXT];
	const json_t *q, *addrs, *topics;
	unsigned char word[32];
	struct seen s;
	long g;

	if (rc != CHAIN_OK)
		FZ_CHECK(out == NULL && n == 0);
	if (from < 0 || to < from) {
		FZ_CHECK(rc == CHAIN_REJECTED && fake_http_calls() == 0);
		return;
	}
	FZ_CHECK(rc == CHAIN_OK || rc == CHAIN_UNAVAILABLE || rc == CHAIN_MISCONFIGURED);
	if ((g = gate_too(w, rc)) < 0)
		return;
	FZ_CHECK(fake_http_calls() == (size_t)g + 1);
	s = seen(w, (size_t)g);
	evm_topic(EVM_EVENT_TRANSFER, topic0);
	/* the range asked, the configured tokens, Transfers to custody */
	FZ_CHECK(was(&s, "eth_getLogs") && json_array_size(s.params) == 1);
	q = json_array_get(s.params, 0);
	FZ_CHECK(param_is_qty(json_object_get(q, "fromBlock"), (uint64_t)from));
	FZ_CHECK(param_is_qty(json_object_get(q, "toBlock"), (uint64_t)to));
	addrs = json_object_get(q, "address");
	for (i = 0, k = 0; i < CHAIN_ASSETS; i++) {
		if (w->ch.evm.tokens[i].address[0] == '\0')
			continue;
		FZ_CHECK(streq(json_string_value(json_array_get(addrs, k++)),
		    w->ch.evm.tokens[i].address));
	}
	FZ_CHECK(json_array_size(addrs) == k);
	topics = json_object_get(q, "topics");
	FZ_CHECK(json_array_size(topics) == 3 &&
	    streq(json_string_value(json_array_get(topics, 0)), topic0) &&
	    json_is_null(json_array_get(topics, 1)));
	FZ_CHECK(data_of(json_string_value(json_array_get(topics, 2)), word, 32) == 32);
	check_word_address(word, custody_addr);
	if (s.r != R_OK || !json_is_array(s.result)) {
		FZ_CHECK(rc == CHAIN_UNAVAILABLE);
		return;
	}
	if (json_array_size(s.result) == 0)
		FZ_CHECK(rc == CHAIN_OK);
	if (rc != CHAIN_OK)
		return;
	FZ_CHECK(n == json_array_size(s.result) && (n == 0) == (out == NULL));
	for (i = 0; i < n; i++)
		check_transfer(w, &out[i], json_array_get(s.result, i), topic0, from, to);
	free(out);
}

static void
op_health(struct run *w, struct fz_in *in)
{
	unsigned long long max_age = fz_u64(in);
	long long before = (long long)time(NULL);
	enum prov_health h;
	struct seen s, b;
	uint64_t head, ts;
	char hash[CHAIN_HASH_LEN + 1];
	long g;

	w->ch.evm.head_max_age_seconds = max_age;
	/* a block timestamp of 2^63 or more overflows evm_health's age
	 * (signed, UBSan stops the run): finding health-timestamp */
	if (known("health-timestamp")) {
		size_t i;

		for (i = 0; i < w->nans; i++) {
			json_t *a = json_loadb(w->ans[i].body, w->ans[i].len, 0, NULL);
			int big = qty(json_object_get(json_object_get(a, "result"), "timestamp"),
			    &ts) == 0 && ts >= (1ULL << 63);

			json_decref(a);
			if (big)
				return;
		}
	}
	h = w->ch.ops->health(&w->ch);
	FZ_CHECK(h == PROV_OPERATIONAL || h == PROV_DEGRADED || h == PROV_DOWN);
	if ((g = gate(w, h == PROV_DOWN ? CHAIN_UNAVAILABLE : CHAIN_OK)) < 0)
		return;
	if (h == PROV_DOWN)
		return;
	/* up: the node follows its chain, its head is a block, and fresh */
	FZ_CHECK(fake_http_calls() == (size_t)g + 2);
	s = seen(w, (size_t)g);
	b = seen(w, (size_t)g + 1);
	FZ_CHECK(was(&s, "eth_blockNumber") && s.r == R_OK && qty(s.result, &head) == 0);
	FZ_CHECK(was(&b, "eth_getBlockByNumber") && b.r == R_OK);
	FZ_CHECK(param_is_qty(json_array_get(b.params, 0), head));
	FZ_CHECK(hash_of(json_object_get(b.result, "hash"), hash) == 0);
	FZ_CHECK(qty(json_object_get(b.result, "timestamp"), &ts) == 0);
	FZ_CHECK((i128)before - (i128)ts <= (i128)max_age);
}

/* v raised by 12.5 %, rounded up, and by at least 1 (128 bits). */
static u128
raised(unsigned long long v)
{
	u128 b = (u128)v + ((u128)v + 7) / 8;

	return b > v ? b : (u128)v + 1;
}

static void
op_reprice(struct run *w, struct fz_in *in)
{
	struct chain_fees old, f, now;
	unsigned long long cap_max = w->ch.evm.max_fee_wei;
	enum chain_rc rc;
	uint64_t base;
	size_t next;
	int fa = -1;
	long g;

	/* fees a prepare or an earlier reprice chose: within the caps */
	old.gas_limit = fz_u64(in);
	old.max_fee = fz_u64(in) % (cap_max + 1);
	old.priority_fee = fz_u64(in) % (old.max_fee + 1);
	memset(&f, 0x5a, sizeof(f));
	rc = w->ch.ops->reprice(&w->ch, &old, &f);
	FZ_CHECK(rc == CHAIN_OK || rc == CHAIN_REJECTED);
	/* a chain not known to be the configured one: nothing is repriced */
	if ((g = gate(w, rc)) < 0)
		return;
	if (fake_http_calls() > (size_t)g)
		fa = fees_asked(w, (size_t)g, &base, &now, &next);
	FZ_CHECK(rc == (raised(old.max_fee) > cap_max ? CHAIN_REJECTED : CHAIN_OK));
	if (rc != CHAIN_OK)
		return;
	FZ_CHECK(f.gas_limit == old.gas_limit);
	/* each at least 12.5 % up, within the cap, the tip under the fee */
	FZ_CHECK(f.max_fee >= raised(old.max_fee) && f.priority_fee >= raised(old.priority_fee));
	FZ_CHECK(f.max_fee <= cap_max && f.priority_fee <= f.max_fee);
	/* and at least what the chain asks now, when it says */
	if (fa == 0)
		FZ_CHECK(f.max_fee >= now.max_fee && f.priority_fee >= now.priority_fee);
}

static void
op_gas_balance(struct run *w, struct fz_in *in)
{
	size_t cap = fz_byte(in) % 100 + 1;
	char *out = malloc(cap), want[128];
	enum chain_rc rc;
	const char *digits;
	struct seen s;
	mpz_t v;
	long g;

	FZ_CHECK(out != NULL);
	memset(out, 0x5a, cap);
	rc = w->ch.ops->gas_balance(&w->ch, out, cap);
	FZ_CHECK(rc == CHAIN_OK || rc == CHAIN_UNAVAILABLE || rc == CHAIN_MISCONFIGURED);
	if ((g = gate_too(w, rc)) < 0)
		goto out;
	FZ_CHECK(fake_http_calls() == (size_t)g + 1);
	s = seen(w, (size_t)g);
	/* the signer's coins now */
	FZ_CHECK(was(&s, "eth_getBalance") && json_array_size(s.params) == 2);
	FZ_CHECK(streq(json_string_value(json_array_get(s.params, 0)), operator_addr));
	FZ_CHECK(streq(json_string_value(json_array_get(s.params, 1)), "latest"));
	mpz_init(v);
	want[0] = '\0';
	if (s.r == R_OK && (digits = qty_text(s.result, 64)) != NULL) {
		FZ_CHECK(mpz_set_str(v, digits, 16) == 0);
		units_text(v, 18, 18, 0, want, sizeof(want));
	}
	/* wei as ether with exactly 18 places, when it fits */
	if (want[0] != '\0' && strlen(want) < cap)
		FZ_CHECK(rc == CHAIN_OK && strcmp(out, want) == 0);
	else
		FZ_CHECK(rc == CHAIN_UNAVAILABLE);
	mpz_clear(v);
out:
	free(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fz_in in = { data, size }, args;
	unsigned op = fz_byte(&in) % 13, conf = fz_byte(&in) % 20 + 1;
	uint8_t flags = fz_byte(&in), dec = fz_byte(&in), gone = flags >> 4;
	struct run *w = calloc(1, sizeof(*w));
	struct chain_evm *e;
	uint64_t x;
	size_t i;

	FZ_CHECK(w != NULL);
	if (op == 0) {
		op_answer(&in);
		free(w);
		return 0;
	}
	w->ch.ops = &chain_evm;
	memcpy(w->ch.ep.provider, "chain", 6);
	memcpy(w->ch.ep.url, "http://127.0.0.1:9", 19);
	w->ch.ep.timeout_ms = 1000;
	w->ch.chain_id = CHAIN_ID;
	e = &w->ch.evm;
	e->chain_id = CHAIN_ID;
	e->confirmations = conf;
	e->replace_after_seconds = 180;
	e->head_max_age_seconds = 120;
	e->log_range = 1000;
	e->max_fee_wei = fz_u64(&in) % (MAX_FEE_CAP + 1);
	e->priority_fee_wei = fz_u64(&in) % (e->max_fee_wei + 1);
	x = e->max_fee_wei ^ e->priority_fee_wei;
	e->gas_limit_cap = x % 2 == 0 ? GAS_CAP_MAX : GAS_CAP_MIN + (x >> 1) %
	    (GAS_CAP_MAX - GAS_CAP_MIN + 1);
	memcpy(e->gateway, gateway_addr, sizeof(gateway_addr));
	memcpy(e->treasury, treasury_addr, sizeof(treasury_addr));
	memcpy(e->custody, custody_addr, sizeof(custody_addr));
	memcpy(e->operator_address, operator_addr, sizeof(operator_addr));
	memcpy(e->key_file, "/nonexistent/operator.key", 26); /* sign is not fuzzed */
	if (gone == 0xf)
		gone = 0xe; /* cfg wants one token at least */
	for (i = 0; i < CHAIN_ASSETS; i++) {
		memcpy(e->tokens[i].asset, assets[i], strlen(assets[i]) + 1);
		if (!(gone >> i & 1))
			memcpy(e->tokens[i].address, token_addr[i], 43);
		e->tokens[i].decimals = i == 3 ? 18 : 6;
	}
	if (dec >= 0xc0) {
		e->tokens[0].decimals = dec % 37;
		e->tokens[3].decimals = (dec / 2) % 37;
	}
	w->checked0 = e->chain_checked = !(flags & 1);
	w->broken0 = e->broken = (flags & 0x0e) == 0x0e;
	/* the op's arguments come first; the answers are what follows them,
	 * so read them off a copy that skips the arguments */
	args = in;
	switch (op) {
	case 1: free(fz_cut(&in, '\0', NULL)); break;
	case 2: in.p += in.n >= 2 ? 2 : in.n; in.n -= in.n >= 2 ? 2 : in.n; free(fz_cut(&in, '\0', NULL)); break;
	case 3:
		for (i = 0; i < 3; i++)
			(void)fz_byte(&in);
		for (i = 0; i < 3; i++)
			free(fz_cut(&in, '\0', NULL));
		break;
	case 4:
		for (i = 0; i < 34; i++)
			(void)fz_byte(&in);
		free(fz_cut(&in, '\0', NULL));
		break;
	case 6: case 8: case 10: (void)fz_u64(&in); break;
	case 9: (void)fz_u64(&in); (void)fz_u64(&in); break;
	case 11: (void)fz_u64(&in); (void)fz_u64(&in); (void)fz_u64(&in); break;
	case 12: (void)fz_byte(&in); break;
	default: break;
	}
	while (in.n > 0 && w->nans < ANSWERS_MAX) {
		uint8_t how = fz_byte(&in), status = fz_byte(&in);
		size_t blen;

		w->ans[w->nans] = fake_http_answer(how, status);
		w->bodies[w->nans] = fz_cut(&in, '\0', &blen);
		w->ans[w->nans].body = w->bodies[w->nans];
		w->ans[w->nans].len = blen;
		w->ans[w->nans].rpc_id = !(how & 0x20);
		w->nans++;
	}
	fake_http_set(w->ans, w->nans);
	switch (op) {
	case 1: op_receipt(w, &args); break;
	case 2: op_balance(w, &args); break;
	case 3: op_prepare(w, &args); break;
	case 4: op_broadcast(w, &args); break;
	case 5: op_next_nonce(w); break;
	case 6: op_nonce_used(w, &args); break;
	case 7: op_head(w); break;
	case 8: op_block_hash(w, &args); break;
	case 9: op_transfers_in(w, &args); break;
	case 10: op_health(w, &args); break;
	case 11: op_reprice(w, &args); break;
	default: op_gas_balance(w, &args); break;
	}
	fake_http_clear();
	for (i = 0; i < w->nans; i++)
		free(w->bodies[i]);
	free(w);
	return 0;
}
