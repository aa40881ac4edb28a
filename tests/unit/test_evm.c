/*
 * Unit tests for the EVM chain adapter: Keccak-256 (lib/core/keccak.c),
 * RLP (evm_rlp), the operator key file, addresses and signing (evm_key),
 * EIP-1559 transactions (evm_tx), the ABI helpers and exact unit
 * conversion (evm_abi), and the JSON-RPC answer readers (evm_rpc).
 *
 * Where the expected values come from (never from the code under test):
 * - Keccak digests, selectors, topics, the convert() call data, the
 *   signed transactions, their hashes and signing digests, and the
 *   addresses of the keys 1 and n - 1 were computed with ethers 6.17.0
 *   (node_modules/ethers at the repository root), by a throw-away
 *   `node` script: ethers.keccak256 / ethers.id for digests, an
 *   ethers.Interface for the call data, ethers.Transaction.from(...) signed
 *   with ethers.Wallet(KEY).signingKey.sign(tx.unsignedHash) for the raw
 *   bytes (ethers signs with RFC 6979 nonces too, so the bytes must be
 *   identical), and new ethers.Wallet(k).address for addresses. They are
 *   pasted here as constants; pattern_bytes() below is the input those
 *   digests were computed over.
 * - RLP vectors are the Ethereum RLP specification's examples (checked
 *   against ethers.encodeRlp), plus boundaries derived by hand.
 * - Unit conversions are hand-computed decimal literals.
 *
 * The third-party check runs `node tests/chain/check_tx.mjs RAW EXPECTED`
 * in the repository root: $CEDIRAMP_ROOT when set, else the working
 * directory (tools/test.sh runs the unit tests from the root). `node` is
 * looked up on PATH. A missing node, script or node_modules/ethers FAILS
 * the test (run `make deps`); it is never skipped.
 */
#include "core/buf.h"
#include "core/keccak.h"
#include "core/strict.h"
#include "providers/evm_abi.h"
#include "providers/evm_key.h"
#include "providers/evm_rlp.h"
#include "providers/evm_rpc.h"
#include "providers/evm_tx.h"

#include <CUnit/Basic.h>
#include <errno.h>
#include <gmp.h>
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "unit.h"

/* The test key, its address (ethers: new Wallet(KEY).address). */
#define KEY_HEX "4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318"
#define KEY_ADDR "2c7536e3605d9c16a7a3d7b1898e529396a65c23"
/* secp256k1's group order n, and n / 2 (the low-s bound of EIP-2) */
#define CURVE_N "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141"
#define HALF_N "7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0"

#define HEXTEXT 2200 /* room for 1024 bytes of hex in a message */

/* ---------------------------------------------------------------- helpers */

/*
 * Decodes a hex literal of the test tables (an optional 0x, then pairs of
 * digits) into out (cap bytes). Returns its length; a bad literal stops
 * the test.
 */
static size_t
lit(const char *hex, unsigned char *out, size_t cap)
{
	size_t n, i;

	if (hex[0] == '0' && hex[1] == 'x')
		hex += 2;
	n = strlen(hex);
	UNIT_REQUIRE(n % 2 == 0 && n / 2 <= cap, "test table: bad hex literal \"%.80s\"",
	    hex);
	for (i = 0; i < n / 2; i++) {
		int hi = strict_hexval(hex[2 * i]), lo = strict_hexval(hex[2 * i + 1]);

		UNIT_REQUIRE(hi >= 0 && lo >= 0, "test table: bad hex literal \"%.80s\"",
		    hex);
		out[i] = (unsigned char)(hi << 4 | lo);
	}
	return n / 2;
}

/* Lowercase hex (no 0x) of p[0..n) into out, clipped to cap; returns out. */
static const char *
tohex(const unsigned char *p, size_t n, char *out, size_t cap)
{
	static const char digits[] = "0123456789abcdef";
	size_t i, o = 0;

	for (i = 0; i < n && o + 2 < cap; i++) {
		out[o++] = digits[p[i] >> 4];
		out[o++] = digits[p[i] & 15];
	}
	out[o] = '\0';
	return out;
}

/* 1 when p[0..n) is exactly the bytes of the hex literal want. */
static int
bytes_are(const unsigned char *p, size_t n, const char *want)
{
	static unsigned char w[70000];
	size_t wn = lit(want, w, sizeof(w));

	return wn == n && (n == 0 || memcmp(p, w, n) == 0);
}

/* The buffer's bytes as unsigned. */
static const unsigned char *
bb(const struct buf *b)
{
	return (const unsigned char *)b->data;
}

/* The input the rate-boundary digests were computed over:
 * byte i = (i * 31 + 7) mod 256. */
static void
pattern_bytes(unsigned char *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		p[i] = (unsigned char)((i * 31 + 7) & 0xff);
}

/* 1 if s contains needle, ignoring ASCII case. */
static int
contains_nocase(const char *s, const char *needle)
{
	size_t i, j, n = strlen(needle);

	for (i = 0; s[i] != '\0'; i++) {
		for (j = 0; j < n && s[i + j] != '\0'; j++) {
			char a = s[i + j], b = needle[j];

			if (a >= 'A' && a <= 'Z')
				a = (char)(a - 'A' + 'a');
			if (b >= 'A' && b <= 'Z')
				b = (char)(b - 'A' + 'a');
			if (a != b)
				break;
		}
		if (j == n)
			return 1;
	}
	return 0;
}

/* ------------------------------------------------------ 1. Keccak-256 */

static const struct {
	const char *in;
	const char *digest;
} keccak_text_rows[] = {
	{ "", "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470" },
	{ "abc", "4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45" },
	{ "Transfer(address,address,uint256)",
	  "ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef" },
	{ "transfer(address,uint256)",
	  "a9059cbb2ab09eb219583f4a59a5d0623ade346d962bcd4e46b11da047c9049b" },
};

/* ethers.keccak256(pattern_bytes(n)) */
static const struct {
	size_t n;
	const char *digest;
} keccak_pattern_rows[] = {
	{ 135, "adee8145bb33dc0320ad44945eeeb391e4668f0f7c69ccbbf6550a7cba245e52" },
	{ 136, "eaccfc5aa7bf6bf1941809ef7cc9ee6a2fa306a7dd1de3f2e8504849b0a5e3c4" },
	{ 137, "ea0e0b9657469f0b4f53604f1068ab4bd4a5e7b0a458d24a78f1fe2ec7bd4db0" },
	{ 1000, "c77d9bffcae9f0984e6dff7eea63cc14cad5f367f791e27b08a1953f192f30a5" },
};

static void
test_keccak_known(void)
{
	size_t i;

	for (i = 0; i < NELEM(keccak_text_rows); i++) {
		unsigned char md[KECCAK256_LEN];
		char got[80];

		memset(md, 0x5a, sizeof(md));
		keccak256(keccak_text_rows[i].in, strlen(keccak_text_rows[i].in), md);
		UNIT_CHECK(bytes_are(md, sizeof(md), keccak_text_rows[i].digest),
		    "keccak(\"%s\"): got %s want %s", keccak_text_rows[i].in,
		    tohex(md, sizeof(md), got, sizeof(got)), keccak_text_rows[i].digest);
	}
	/* the transfer(address,uint256) selector */
	{
		unsigned char md[KECCAK256_LEN];

		keccak256("transfer(address,uint256)", 25, md);
		UNIT_CHECK(bytes_are(md, 4, "a9059cbb"), "transfer selector");
	}
}

/* One-shot and incremental (chunks of 1, 7, 135, 136, 137 bytes, with
 * empty updates in between) agree with ethers around the 136-byte rate. */
static void
test_keccak_rate_boundary(void)
{
	static const size_t chunks[] = { 1, 7, 135, 136, 137, 1000 };
	static unsigned char in[1000];
	size_t i, c;

	for (i = 0; i < NELEM(keccak_pattern_rows); i++) {
		size_t n = keccak_pattern_rows[i].n;
		unsigned char md[KECCAK256_LEN];
		char got[80];

		pattern_bytes(in, n);
		keccak256(in, n, md);
		UNIT_CHECK(bytes_are(md, sizeof(md), keccak_pattern_rows[i].digest),
		    "keccak(%zu pattern bytes) one-shot: got %s want %s", n,
		    tohex(md, sizeof(md), got, sizeof(got)), keccak_pattern_rows[i].digest);
		for (c = 0; c < NELEM(chunks); c++) {
			struct keccak256 k;
			size_t off = 0;

			keccak256_init(&k);
			while (off < n) {
				size_t take = n - off < chunks[c] ? n - off : chunks[c];

				keccak256_update(&k, in + off, take);
				keccak256_update(&k, in + off, 0);
				off += take;
			}
			memset(md, 0x5a, sizeof(md));
			keccak256_final(&k, md);
			UNIT_CHECK(bytes_are(md, sizeof(md), keccak_pattern_rows[i].digest),
			    "keccak(%zu pattern bytes) in chunks of %zu: got %s want %s", n,
			    chunks[c], tohex(md, sizeof(md), got, sizeof(got)),
			    keccak_pattern_rows[i].digest);
		}
	}
}

/* final writes the digest and wipes the state (the header's promise). */
static void
test_keccak_final_wipes(void)
{
	static const unsigned char zero[sizeof(struct keccak256)];
	struct keccak256 k;
	unsigned char md[KECCAK256_LEN];

	keccak256_init(&k);
	keccak256_update(&k, "abc", 3);
	keccak256_final(&k, md);
	UNIT_CHECK(memcmp(&k, zero, sizeof(k)) == 0, "keccak256_final left state behind");
	UNIT_CHECK(bytes_are(md, sizeof(md), keccak_text_rows[1].digest),
	    "incremental \"abc\"");
}

/* ------------------------------------------- 2. selectors and topics */

/* keccak256 of each signature, from ethers.id(signature). */
static const struct {
	const char *sig;
	const char *digest;
} sig_rows[] = {
	{ EVM_SIG_CONVERT, "1727637fedd5393a169ee60cad496dc353f893bc5344fe99c6c53001fbfefdc9" },
	{ EVM_SIG_MINT, "40c10f19c047ae7dfa66d6312b683d2ea3dfbcb4159e96b967c5f4b0a86f2842" },
	{ EVM_SIG_APPROVE, "095ea7b334ae44009aa867bfb386f5c3b4b443ac6f0ee573fa91c4608fbadfba" },
	{ EVM_SIG_BALANCE_OF, "70a08231b98ef4ca268c9cc3f6b4590e4bfec28280db06bb5d45e689f2a360be" },
	{ EVM_SIG_ALLOWANCE, "dd62ed3e90e97b3d417db9c0c7522647811bafca5afc6694f143588d255fdfb4" },
	{ EVM_SIG_TRANSFER, "a9059cbb2ab09eb219583f4a59a5d0623ade346d962bcd4e46b11da047c9049b" },
	{ EVM_SIG_DECIMALS, "313ce567add4d438edf58b94ff345d7d38c45b17dfc0f947988d7819dca364f9" },
	{ EVM_EVENT_CONVERTED, "73b090ba85eb07e631c54f6d9b919130022fa68a39b86891eff0be2b8ff21e4a" },
	{ EVM_EVENT_TRANSFER, "ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef" },
};

static void
test_selectors_topics(void)
{
	size_t i;

	/* the macros spell what the contracts declare */
	UNIT_STR_EQ(EVM_SIG_CONVERT, "convert(bytes32,address,address,uint256)", "convert");
	UNIT_STR_EQ(EVM_EVENT_CONVERTED, "Converted(bytes32,address,address,uint256)",
	    "Converted");
	for (i = 0; i < NELEM(sig_rows); i++) {
		unsigned char sel[4];
		char topic[EVM_HASH_TEXT + 8], want[EVM_HASH_TEXT], got[16];
		struct buf b;

		memset(sel, 0, sizeof(sel));
		evm_selector(sig_rows[i].sig, sel);
		UNIT_CHECK(memcmp(tohex(sel, 4, got, sizeof(got)), sig_rows[i].digest, 8) == 0, "selector %s: got %s want %.8s",
		    sig_rows[i].sig, got, sig_rows[i].digest);

		memset(topic, 'Z', sizeof(topic));
		evm_topic(sig_rows[i].sig, topic);
		snprintf(want, sizeof(want), "0x%s", sig_rows[i].digest);
		UNIT_STR_EQ(topic, want, sig_rows[i].sig);
		UNIT_CHECK(topic[EVM_HASH_TEXT] == 'Z', "topic %s wrote past 67 bytes",
		    sig_rows[i].sig);

		/* as the first 4 bytes of call data, after what is there */
		buf_init(&b, 1024);
		UNIT_REQUIRE(buf_append(&b, "\x01", 1) == 0, "buf");
		UNIT_CHECK(evm_abi_selector(&b, sig_rows[i].sig) == 0 && b.len == 5 &&
		    b.data[0] == 1 && memcmp(tohex(bb(&b) + 1, 4, got, sizeof(got)),
		    sig_rows[i].digest, 8) == 0, "evm_abi_selector %s", sig_rows[i].sig);
		buf_free(&b);
	}
}

/* ------------------------------------------------------------- 3. RLP */

static const struct {
	const char *in; /* bytes as hex */
	const char *want;
} rlp_bytes_rows[] = {
	{ "", "80" },
	{ "00", "00" },
	{ "01", "01" },
	{ "0f", "0f" },
	{ "7f", "7f" },
	{ "80", "8180" },
	{ "ff", "81ff" },
	{ "0400", "820400" },
	{ "646f67", "83646f67" }, /* "dog" */
	{ "0000", "820000" },     /* a string keeps its zero bytes */
};

static const struct {
	uint64_t v;
	const char *want;
} rlp_uint_rows[] = {
	{ 0, "80" },
	{ 1, "01" },
	{ 15, "0f" },
	{ 127, "7f" },
	{ 128, "8180" },
	{ 255, "81ff" },
	{ 256, "820100" },
	{ 1024, "820400" },
	{ 31337, "827a69" },
	{ 0xffffff, "83ffffff" },
	{ 1000000000, "843b9aca00" },
	{ 0x100000000ULL, "850100000000" },
	{ UINT64_MAX, "88ffffffffffffffff" },
};

static const struct {
	const char *be;
	const char *want;
} rlp_uint_be_rows[] = {
	{ "", "80" },
	{ "00", "80" },
	{ "0000000000", "80" },
	{ "0001", "01" },
	{ "007f", "7f" },
	{ "0080", "8180" },
	{ "000400", "820400" },
	{ "00000100", "820100" },
	{ "0400", "820400" },
	/* r of a real signature (ethers, nonce 68 below): 31 bytes left */
	{ "00eb11e3ff655fbf17c5debec92e8819f2ab7a4f70c91dfa374047c398cc1373",
	  "9feb11e3ff655fbf17c5debec92e8819f2ab7a4f70c91dfa374047c398cc1373" },
	{ "633d91a613c2609adb70bb8fa4c20ad52233498324069370778b1c7b7f0c6009",
	  "a0633d91a613c2609adb70bb8fa4c20ad52233498324069370778b1c7b7f0c6009" },
};

static void
test_rlp_items(void)
{
	size_t i;
	char got[HEXTEXT];

	for (i = 0; i < NELEM(rlp_bytes_rows); i++) {
		unsigned char in[64];
		size_t n = lit(rlp_bytes_rows[i].in, in, sizeof(in));
		struct buf b;
		int rc;

		buf_init(&b, 1024);
		rc = evm_rlp_bytes(&b, in, n);
		UNIT_CHECK(rc == 0 && bytes_are(bb(&b), b.len, rlp_bytes_rows[i].want),
		    "rlp bytes \"%s\": rc %d, got %s want %s", rlp_bytes_rows[i].in, rc,
		    tohex(bb(&b), b.len, got, sizeof(got)), rlp_bytes_rows[i].want);
		buf_free(&b);
	}
	for (i = 0; i < NELEM(rlp_uint_rows); i++) {
		struct buf b;
		int rc;

		buf_init(&b, 1024);
		rc = evm_rlp_uint(&b, rlp_uint_rows[i].v);
		UNIT_CHECK(rc == 0 && bytes_are(bb(&b), b.len, rlp_uint_rows[i].want),
		    "rlp uint %llu: rc %d, got %s want %s",
		    (unsigned long long)rlp_uint_rows[i].v, rc,
		    tohex(bb(&b), b.len, got, sizeof(got)), rlp_uint_rows[i].want);
		buf_free(&b);
	}
	for (i = 0; i < NELEM(rlp_uint_be_rows); i++) {
		unsigned char in[64];
		size_t n = lit(rlp_uint_be_rows[i].be, in, sizeof(in));
		struct buf b;
		int rc;

		buf_init(&b, 1024);
		rc = evm_rlp_uint_be(&b, in, n);
		UNIT_CHECK(rc == 0 && bytes_are(bb(&b), b.len, rlp_uint_be_rows[i].want),
		    "rlp uint_be \"%s\": rc %d, got %s want %s", rlp_uint_be_rows[i].be, rc,
		    tohex(bb(&b), b.len, got, sizeof(got)), rlp_uint_be_rows[i].want);
		buf_free(&b);
	}
	/* "dog" as text, and items appended one after another */
	{
		struct buf b;

		buf_init(&b, 1024);
		UNIT_CHECK(evm_rlp_bytes(&b, (const unsigned char *)"dog", 3) == 0 &&
		    evm_rlp_uint(&b, 1024) == 0 && evm_rlp_bytes(&b, NULL, 0) == 0 &&
		    bytes_are(bb(&b), b.len, "83646f6782040080"),
		    "dog, 1024, \"\" in a row: got %s", tohex(bb(&b), b.len, got, sizeof(got)));
		buf_free(&b);
	}
}

/* Encodes the list of the encoded items in inner into out. */
static int
wrap(struct buf *out, const struct buf *inner)
{
	return evm_rlp_list(out, bb(inner), inner->len);
}

static void
test_rlp_lists(void)
{
	struct buf b, items, l1, l2, l3;
	char got[HEXTEXT];

	/* [] */
	buf_init(&b, 1024);
	UNIT_CHECK(evm_rlp_list(&b, NULL, 0) == 0 && bytes_are(bb(&b), b.len, "c0"),
	    "[]: got %s", tohex(bb(&b), b.len, got, sizeof(got)));
	buf_free(&b);

	/* ["cat", "dog"] */
	buf_init(&b, 1024);
	buf_init(&items, 1024);
	UNIT_REQUIRE(evm_rlp_bytes(&items, (const unsigned char *)"cat", 3) == 0 &&
	    evm_rlp_bytes(&items, (const unsigned char *)"dog", 3) == 0, "cat dog");
	UNIT_CHECK(wrap(&b, &items) == 0 && bytes_are(bb(&b), b.len, "c88363617483646f67"),
	    "[cat, dog]: got %s", tohex(bb(&b), b.len, got, sizeof(got)));
	buf_free(&b);
	buf_free(&items);

	/* the set-theoretic three: [ [], [[]], [ [], [[]] ] ] */
	buf_init(&b, 1024);
	buf_init(&l1, 1024); /* [[]]: the list holding the empty list */
	buf_init(&l2, 1024); /* [ [], [[]] ] */
	buf_init(&l3, 1024); /* the items of the outer list */
	buf_init(&items, 1024);
	UNIT_REQUIRE(evm_rlp_list(&items, NULL, 0) == 0 && wrap(&l1, &items) == 0, "[[]]");
	buf_reset(&items);
	UNIT_REQUIRE(evm_rlp_list(&items, NULL, 0) == 0 &&
	    buf_append(&items, l1.data, l1.len) == 0 && wrap(&l2, &items) == 0,
	    "[[], [[]]]");
	UNIT_REQUIRE(evm_rlp_list(&l3, NULL, 0) == 0 && buf_append(&l3, l1.data, l1.len) == 0 &&
	    buf_append(&l3, l2.data, l2.len) == 0, "outer items");
	UNIT_CHECK(wrap(&b, &l3) == 0 && bytes_are(bb(&b), b.len, "c7c0c1c0c3c0c1c0"),
	    "[ [], [[]], [ [], [[]] ] ]: got %s", tohex(bb(&b), b.len, got, sizeof(got)));
	buf_free(&b);
	buf_free(&l1);
	buf_free(&l2);
	buf_free(&l3);
	buf_free(&items);

	/* a list payload of 55 bytes has a one-byte prefix, 56 a long one */
	{
		static const struct {
			size_t n;
			const char *prefix;
		} rows[] = {
			{ 55, "f7" }, { 56, "f838" }, { 255, "f8ff" }, { 256, "f90100" },
			{ 1024, "f90400" },
		};
		static unsigned char payload[1024];
		size_t i, j;

		for (i = 0; i < NELEM(rows); i++) {
			unsigned char pre[8];
			size_t pn = lit(rows[i].prefix, pre, sizeof(pre));

			for (j = 0; j < rows[i].n; j++)
				payload[j] = (unsigned char)(1 + j % 0x7f); /* single-byte items */
			buf_init(&b, 4096);
			UNIT_CHECK(evm_rlp_list(&b, payload, rows[i].n) == 0 &&
			    b.len == pn + rows[i].n && memcmp(b.data, pre, pn) == 0 &&
			    memcmp(b.data + pn, payload, rows[i].n) == 0,
			    "list of %zu payload bytes: want prefix %s, got %s", rows[i].n,
			    rows[i].prefix, tohex(bb(&b), b.len < 4 ? b.len : 4, got, sizeof(got)));
			buf_free(&b);
		}
	}
}

/* Strings around the 55/56-byte threshold, and long ones. */
static void
test_rlp_long_strings(void)
{
	static const char lorem[] = "Lorem ipsum dolor sit amet, consectetur adipisicing elit";
	static const struct {
		size_t n;
		const char *prefix;
	} rows[] = {
		{ 2, "82" }, { 55, "b7" }, { 56, "b838" }, { 255, "b8ff" }, { 256, "b90100" },
		{ 1024, "b90400" }, { 65535, "b9ffff" }, { 65536, "ba010000" },
	};
	static unsigned char in[65536];
	struct buf b;
	size_t i;
	char got[HEXTEXT];

	UNIT_REQUIRE(strlen(lorem) == 56, "lorem is 56 bytes");
	buf_init(&b, 1024);
	UNIT_CHECK(evm_rlp_bytes(&b, (const unsigned char *)lorem, 56) == 0 && b.len == 58 &&
	    bytes_are(bb(&b), 2, "b838") && memcmp(b.data + 2, lorem, 56) == 0,
	    "lorem: got %s", tohex(bb(&b), b.len, got, sizeof(got)));
	buf_free(&b);

	for (i = 0; i < NELEM(rows); i++) {
		unsigned char pre[8];
		size_t pn = lit(rows[i].prefix, pre, sizeof(pre));

		pattern_bytes(in, rows[i].n);
		buf_init(&b, 1 << 20);
		UNIT_CHECK(evm_rlp_bytes(&b, in, rows[i].n) == 0 && b.len == pn + rows[i].n &&
		    memcmp(b.data, pre, pn) == 0 && memcmp(b.data + pn, in, rows[i].n) == 0,
		    "string of %zu bytes: want prefix %s, got %s", rows[i].n, rows[i].prefix,
		    tohex(bb(&b), b.len < 4 ? b.len : 4, got, sizeof(got)));
		buf_free(&b);
	}
}

/*
 * A buffer whose maximum is too small: -1; one byte more room: 0. What
 * the buffer held before the call is still there, unchanged.
 */
static void
test_rlp_buffer_full(void)
{
	static unsigned char big[1024];
	static const unsigned char catdog[] = { 0x83, 'c', 'a', 't', 0x83, 'd', 'o', 'g' };
	enum { STR, UINT, LIST };
	static const struct {
		int kind;
		const unsigned char *p;
		size_t n;
		uint64_t v;
		size_t need; /* encoded size */
	} rows[] = {
		{ STR, (const unsigned char *)"dog", 3, 0, 4 },
		{ STR, (const unsigned char *)"", 0, 0, 1 },
		{ STR, (const unsigned char *)"\x05", 1, 0, 1 },
		{ STR, big, 1024, 0, 1027 },
		{ UINT, NULL, 0, 0, 1 },
		{ UINT, NULL, 0, 1024, 3 },
		{ UINT, NULL, 0, UINT64_MAX, 9 },
		{ LIST, catdog, 8, 0, 9 },
		{ LIST, NULL, 0, 0, 1 },
		{ LIST, big, 1024, 0, 1027 },
	};
	size_t i, held;

	memset(big, 0x41, sizeof(big));
	for (i = 0; i < NELEM(rows); i++)
		for (held = 0; held <= 2; held += 2) {
			size_t room;

			for (room = rows[i].need - 1; room <= rows[i].need; room++) {
				struct buf b;
				int rc = -2, want = room == rows[i].need ? 0 : -1;

				buf_init(&b, held + room);
				if (held > 0)
					UNIT_REQUIRE(buf_append(&b, "xy", 2) == 0, "prefill");
				if (rows[i].kind == STR)
					rc = evm_rlp_bytes(&b, rows[i].p, rows[i].n);
				else if (rows[i].kind == UINT)
					rc = evm_rlp_uint(&b, rows[i].v);
				else
					rc = evm_rlp_list(&b, rows[i].p, rows[i].n);
				UNIT_CHECK(rc == want,
				    "buffer full row %zu (needs %zu, room %zu after %zu held): rc %d "
				    "want %d", i, rows[i].need, room, held, rc, want);
				UNIT_CHECK(b.len >= held && (held == 0 || memcmp(b.data, "xy", 2) == 0),
				    "buffer full row %zu: what was held is gone", i);
				if (want == 0)
					UNIT_CHECK(b.len == held + rows[i].need,
					    "buffer full row %zu: len %zu want %zu", i, b.len,
					    held + rows[i].need);
				buf_free(&b);
			}
		}
}

/* -------------------------------------------------- 4. addresses, hex */

static const struct {
	const char *s;
	int rc;
	const char *want; /* 20 bytes on 0 */
} addr_rows[] = {
	{ "0x" KEY_ADDR, 0, KEY_ADDR },
	{ "0x2C7536E3605D9C16A7A3D7B1898E529396A65C23", 0, KEY_ADDR },
	/* EIP-55 mixed case; a wrong checksum (one letter's case) is a typo,
	 * refused (issue 34) */
	{ "0x5FbDB2315678afecb367f032d93F642f64180aa3", 0,
	  "5fbdb2315678afecb367f032d93f642f64180aa3" },
	{ "0x5fbDB2315678afecb367f032d93F642f64180aa3", -1, NULL },
	{ "0x5FbDB2315678afecb367f032d93F642f64180aA3", -1, NULL },
	{ "0x0000000000000000000000000000000000000000", 0,
	  "0000000000000000000000000000000000000000" },
	/* an upper-case X is not the prefix */
	{ "0X2c7536e3605d9c16a7a3d7b1898e529396a65c23", -1, NULL },
	{ "0x2c7536e3605d9c16a7a3d7b1898e529396a65c2", -1, NULL },    /* 39 */
	{ "0x2c7536e3605d9c16a7a3d7b1898e529396a65c231", -1, NULL },  /* 41 */
	{ "0x2c7536e3605d9c16a7a3d7b1898e529396a65c2300", -1, NULL }, /* 42 */
	{ "0x2c7536e3605d9c16a7a3d7b1898e529396a65c", -1, NULL },     /* 38 */
	{ KEY_ADDR, -1, NULL },                                       /* no 0x */
	{ "00" KEY_ADDR, -1, NULL },
	{ "x0" KEY_ADDR, -1, NULL },
	{ "0x2c7536e3605d9c16a7a3d7b1898e529396a65c2g", -1, NULL },
	{ "0xg2c7536e3605d9c16a7a3d7b1898e529396a65c2", -1, NULL },
	{ "0x2c7536e3605d9c16a7a3d7b1898e529396a65c2 ", -1, NULL },
	{ " 0x2c7536e3605d9c16a7a3d7b1898e529396a65c23", -1, NULL },
	{ "0x2c7536e3605d9c16a7a3d7b1898e529396a65c23\n", -1, NULL },
	{ "0x 2c7536e3605d9c16a7a3d7b1898e529396a65c2", -1, NULL },
	{ "0x-c7536e3605d9c16a7a3d7b1898e529396a65c23", -1, NULL },
	{ "0x2c7536e3605d9c16a7a3d7b1898e529396a65c2\xc3\xa9", -1, NULL },
	{ "0x", -1, NULL },
	{ "", -1, NULL },
	{ NULL, -1, NULL },
};

static void
test_addr_parse(void)
{
	size_t i;

	for (i = 0; i < NELEM(addr_rows); i++) {
		unsigned char a[EVM_ADDR_LEN];
		char got[64], text[EVM_ADDR_TEXT + 4], want_text[EVM_ADDR_TEXT];
		int rc;

		memset(a, 0x5a, sizeof(a));
		rc = evm_addr_parse(addr_rows[i].s, a);
		UNIT_CHECK(rc == addr_rows[i].rc, "addr row %zu \"%s\": rc %d want %d", i,
		    addr_rows[i].s ? addr_rows[i].s : "(null)", rc, addr_rows[i].rc);
		UNIT_CHECK(evm_addr_ok(addr_rows[i].s) == (addr_rows[i].rc == 0),
		    "addr row %zu: evm_addr_ok disagrees", i);
		if (rc != 0 || addr_rows[i].rc != 0)
			continue;
		UNIT_CHECK(bytes_are(a, sizeof(a), addr_rows[i].want),
		    "addr row %zu: got %s want %s", i, tohex(a, sizeof(a), got, sizeof(got)),
		    addr_rows[i].want);
		memset(text, 'Z', sizeof(text));
		evm_addr_format(a, text);
		snprintf(want_text, sizeof(want_text), "0x%s", addr_rows[i].want);
		UNIT_STR_EQ(text, want_text, "evm_addr_format");
		UNIT_CHECK(text[EVM_ADDR_TEXT] == 'Z', "evm_addr_format wrote past 43 bytes");
		/* lowercasing the text gives the canonical form (bar the X) */
		{
			char low[EVM_ADDR_TEXT + 8];

			snprintf(low, sizeof(low), "%s", addr_rows[i].s);
			evm_addr_lower(low);
			UNIT_STR_EQ(low, want_text, "evm_addr_lower");
		}
	}
}

static const struct {
	const char *s;
	size_t n;
	int rc;
	const char *want;
} unhex_rows[] = {
	{ "0x", 0, 0, "" },
	{ "0x00ff", 2, 0, "00ff" },
	{ "0x00FF", 2, 0, "00ff" },
	{ "0xAbCdEf", 3, 0, "abcdef" },
	{ "0X00ff", 2, 0, "00ff" }, /* the code accepts an upper-case X */
	{ "0x00ff", 1, -1, NULL },
	{ "0x00ff", 3, -1, NULL },
	{ "0x0ff", 2, -1, NULL },
	{ "0x00f", 2, -1, NULL },
	{ "00ff", 2, -1, NULL },
	{ "0x00fg", 2, -1, NULL },
	{ "0x00ff ", 2, -1, NULL },
	{ "0x 0ff", 2, -1, NULL },
	{ "0x+0ff", 2, -1, NULL },
	{ "0x", 1, -1, NULL },
	{ "", 0, -1, NULL },
	{ "0", 0, -1, NULL },
	{ NULL, 2, -1, NULL },
};

static const struct {
	const char *s;
	size_t cap;
	int rc;
	const char *want;
} unhex_any_rows[] = {
	{ "0x", 4, 0, "" },
	{ "0x", 0, 0, "" },
	{ "0x01", 1, 0, "01" },
	{ "0xdeadbeef", 4, 0, "deadbeef" },
	{ "0xDEADbeef", 8, 0, "deadbeef" },
	{ "0X0102", 8, 0, "0102" }, /* the code accepts an upper-case X */
	{ "0xdeadbeef", 3, -1, NULL },
	{ "0x01", 0, -1, NULL },
	{ "0xabc", 4, -1, NULL },
	{ "0xa", 4, -1, NULL },
	{ "deadbeef", 4, -1, NULL },
	{ "0xzz", 4, -1, NULL },
	{ "0x0g", 4, -1, NULL },
	{ "0x 1", 4, -1, NULL },
	{ "0xdeadbee\n", 8, -1, NULL },
	{ "0xdeadbeef\n", 8, -1, NULL },
	{ "x0", 4, -1, NULL },
	{ "", 4, -1, NULL },
	{ NULL, 4, -1, NULL },
};

static void
test_unhex(void)
{
	size_t i;
	char got[64];

	for (i = 0; i < NELEM(unhex_rows); i++) {
		unsigned char out[16];
		int rc;

		memset(out, 0x5a, sizeof(out));
		rc = evm_unhex(unhex_rows[i].s, out, unhex_rows[i].n);
		UNIT_CHECK(rc == unhex_rows[i].rc, "unhex row %zu \"%s\" n %zu: rc %d want %d",
		    i, unhex_rows[i].s ? unhex_rows[i].s : "(null)", unhex_rows[i].n, rc,
		    unhex_rows[i].rc);
		if (rc == 0 && unhex_rows[i].rc == 0)
			UNIT_CHECK(bytes_are(out, unhex_rows[i].n, unhex_rows[i].want),
			    "unhex row %zu: got %s want %s", i,
			    tohex(out, unhex_rows[i].n, got, sizeof(got)), unhex_rows[i].want);
		UNIT_CHECK(out[unhex_rows[i].n] == 0x5a, "unhex row %zu wrote past n", i);
	}
	for (i = 0; i < NELEM(unhex_any_rows); i++) {
		unsigned char out[16];
		size_t n = 999;
		int rc;

		memset(out, 0x5a, sizeof(out));
		rc = evm_unhex_any(unhex_any_rows[i].s, out, unhex_any_rows[i].cap, &n);
		UNIT_CHECK(rc == unhex_any_rows[i].rc,
		    "unhex_any row %zu \"%s\" cap %zu: rc %d want %d", i,
		    unhex_any_rows[i].s ? unhex_any_rows[i].s : "(null)", unhex_any_rows[i].cap,
		    rc, unhex_any_rows[i].rc);
		if (rc == 0 && unhex_any_rows[i].rc == 0)
			UNIT_CHECK(n <= unhex_any_rows[i].cap && bytes_are(out, n, unhex_any_rows[i].want),
			    "unhex_any row %zu: n %zu, got %s want %s", i, n,
			    tohex(out, n < 16 ? n : 16, got, sizeof(got)), unhex_any_rows[i].want);
		UNIT_CHECK(out[unhex_any_rows[i].cap] == 0x5a, "unhex_any row %zu wrote past cap",
		    i);
	}
	/* evm_hex */
	{
		static const unsigned char p[] = { 0x00, 0xab, 0xff, 0x10 };
		char out[16];

		memset(out, 'Z', sizeof(out));
		evm_hex(p, sizeof(p), out);
		UNIT_STR_EQ(out, "0x00abff10", "evm_hex 4 bytes");
		UNIT_CHECK(out[11] == 'Z', "evm_hex wrote past 2n + 3");
		evm_hex(p, 0, out);
		UNIT_STR_EQ(out, "0x", "evm_hex 0 bytes");
	}
}

static void
test_id_word(void)
{
	static const struct {
		const char *id;
		int rc;
		const char *want;
	} rows[] = {
		/* ethers.encodeBytes32String("cv_0123456789abcdef") */
		{ "cv_0123456789abcdef", 0,
		  "63765f3031323334353637383961626364656600000000000000000000000000" },
		{ "", 0, "0000000000000000000000000000000000000000000000000000000000000000" },
		{ "a", 0, "6100000000000000000000000000000000000000000000000000000000000000" },
		{ "abcdefghijklmnopqrstuvwxyz012345", 0, /* 32 bytes: no padding */
		  "6162636465666768696a6b6c6d6e6f707172737475767778797a303132333435" },
		{ "abcdefghijklmnopqrstuvwxyz0123456", -1, NULL }, /* 33 */
		{ "cv_0123456789abcdef0123456789abcdef0123", -1, NULL },
	};
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		unsigned char w[EVM_WORD + 1];
		char got[80];
		int rc;

		memset(w, 0x5a, sizeof(w));
		rc = evm_id_word(rows[i].id, w);
		UNIT_CHECK(rc == rows[i].rc, "id_word \"%s\": rc %d want %d", rows[i].id, rc,
		    rows[i].rc);
		if (rc == 0 && rows[i].rc == 0)
			UNIT_CHECK(bytes_are(w, EVM_WORD, rows[i].want), "id_word \"%s\": got %s",
			    rows[i].id, tohex(w, EVM_WORD, got, sizeof(got)));
		UNIT_CHECK(w[EVM_WORD] == 0x5a, "id_word \"%s\" wrote past 32 bytes", rows[i].id);
	}
}

/* ------------------------------------------------------------ 5. units */

static void
test_units_from_text(void)
{
	static const struct {
		const char *text;
		unsigned decimals;
		int rc;
		const char *units;
	} rows[] = {
		{ "1.5", 6, 0, "1500000" },
		{ "1.5", 18, 0, "1500000000000000000" },
		{ "0", 6, 0, "0" },
		{ "0", 18, 0, "0" },
		{ "1", 0, 0, "1" },
		{ "1.000001", 6, 0, "1000001" },
		{ "0.000001", 6, 0, "1" },
		{ "0.000000000000000001", 18, 0, "1" },
		{ "12.5", 6, 0, "12500000" },
		{ "1.50", 6, 0, "1500000" },
		{ "999999999999999.999999", 6, 0, "999999999999999999999" },
		/* never truncated: a digit past `decimals` is refused, zeros too */
		{ "1.0000001", 6, -1, NULL },
		{ "1.0000000", 6, -1, NULL },
		{ "0.0000001", 6, -1, NULL },
		{ "1.5", 0, -1, NULL },
		{ "1.0000000000000000001", 18, -1, NULL },
		/* malformed */
		{ "", 6, -1, NULL },
		{ "1.", 6, -1, NULL },
		{ ".5", 6, -1, NULL },
		{ ".", 6, -1, NULL },
		{ "-1", 6, -1, NULL },
		{ "+1", 6, -1, NULL },
		{ "1e3", 6, -1, NULL },
		{ " 1", 6, -1, NULL },
		{ "1 ", 6, -1, NULL },
		{ "1,5", 6, -1, NULL },
		{ "0x10", 6, -1, NULL },
		{ "1.2.3", 6, -1, NULL },
		{ "abc", 6, -1, NULL },
	};
	size_t i;
	mpz_t u, want;

	mpz_inits(u, want, NULL);
	for (i = 0; i < NELEM(rows); i++) {
		int rc;

		mpz_set_si(u, -7);
		rc = evm_units_from_text(rows[i].text, rows[i].decimals, u);
		UNIT_CHECK(rc == rows[i].rc, "units_from_text \"%s\" at %u: rc %d want %d",
		    rows[i].text, rows[i].decimals, rc, rows[i].rc);
		if (rc == 0 && rows[i].rc == 0) {
			char got[80];

			UNIT_REQUIRE(mpz_set_str(want, rows[i].units, 10) == 0, "table literal");
			gmp_snprintf(got, sizeof(got), "%Zd", u);
			UNIT_CHECK(mpz_cmp(u, want) == 0, "units_from_text \"%s\" at %u: %s want %s",
			    rows[i].text, rows[i].decimals, got, rows[i].units);
		}
	}
	mpz_clears(u, want, NULL);
}

static void
test_units_to_text(void)
{
	static const struct {
		const char *units;
		unsigned decimals, scale;
		int rc;
		const char *text;
	} rows[] = {
		{ "1500000", 6, 6, 0, "1.500000" },
		{ "1500000000000000000", 18, 6, 0, "1.500000" },
		{ "1500000000000000001", 18, 6, -1, NULL }, /* not exact at 6 */
		{ "15", 1, 6, 0, "1.500000" },
		{ "0", 18, 6, 0, "0.000000" },
		{ "0", 6, 6, 0, "0.000000" },
		{ "1", 6, 6, 0, "0.000001" },
		{ "1000000000000", 18, 6, 0, "0.000001" },
		{ "999999999999", 18, 6, -1, NULL },
		{ "1", 18, 6, -1, NULL },
		{ "1", 0, 6, 0, "1.000000" },
		{ "1500000", 6, 2, 0, "1.50" },
		{ "1500001", 6, 2, -1, NULL },
		{ "1510000", 6, 2, 0, "1.51" },
		{ "123", 2, 2, 0, "1.23" },
		{ "123", 2, 0, -1, NULL },
		{ "100", 2, 0, 0, "1" },
		{ "-1", 6, 6, -1, NULL },
		{ "-1500000", 6, 6, -1, NULL },
	};
	size_t i;
	mpz_t u;

	mpz_init(u);
	for (i = 0; i < NELEM(rows); i++) {
		char out[80];
		int rc;

		UNIT_REQUIRE(mpz_set_str(u, rows[i].units, 10) == 0, "table literal");
		snprintf(out, sizeof(out), "untouched");
		rc = evm_units_to_text(u, rows[i].decimals, rows[i].scale, out, sizeof(out));
		UNIT_CHECK(rc == rows[i].rc, "units_to_text %s (decimals %u) at %u: rc %d want %d",
		    rows[i].units, rows[i].decimals, rows[i].scale, rc, rows[i].rc);
		if (rc == 0 && rows[i].rc == 0)
			UNIT_STR_EQ(out, rows[i].text, rows[i].units);
	}
	/* "1.500000" needs 9 bytes with its NUL */
	{
		char out[16];

		UNIT_REQUIRE(mpz_set_str(u, "1500000", 10) == 0, "literal");
		UNIT_CHECK(evm_units_to_text(u, 6, 6, out, 8) == -1, "cap 8 for 1.500000");
		UNIT_CHECK(evm_units_to_text(u, 6, 6, out, 9) == 0 && strcmp(out, "1.500000") == 0,
		    "cap 9 for 1.500000");
	}
	mpz_clear(u);
}

static void
test_abi_words(void)
{
	static const struct {
		const char *v; /* decimal, or hex with 0x */
		int rc;
		const char *word;
	} rows[] = {
		{ "0", 0, "0000000000000000000000000000000000000000000000000000000000000000" },
		{ "1", 0, "0000000000000000000000000000000000000000000000000000000000000001" },
		{ "1500000", 0, "000000000000000000000000000000000000000000000000000000000016e360" },
		{ "0x8000000000000000000000000000000000000000000000000000000000000000", 0,
		  "8000000000000000000000000000000000000000000000000000000000000000" },
		{ "0xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", 0,
		  "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff" },
		/* 2^256, 2^256 + 1, 2^300: out of range */
		{ "0x10000000000000000000000000000000000000000000000000000000000000000", -1, NULL },
		{ "0x10000000000000000000000000000000000000000000000000000000000000001", -1, NULL },
		{ "0x1000000000000000000000000000000000000000000000000000000000000000000000000000",
		  -1, NULL },
		{ "-1", -1, NULL },
		{ "-0xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", -1, NULL },
	};
	size_t i;
	mpz_t v, back;
	char got[80];

	mpz_inits(v, back, NULL);
	for (i = 0; i < NELEM(rows); i++) {
		struct buf b;
		int rc;

		if (rows[i].v[0] == '-')
			UNIT_REQUIRE(mpz_set_str(v, rows[i].v + (rows[i].v[1] == '0' ? 3 : 1),
			    rows[i].v[1] == '0' ? 16 : 10) == 0, "literal");
		else if (rows[i].v[0] == '0' && rows[i].v[1] == 'x')
			UNIT_REQUIRE(mpz_set_str(v, rows[i].v + 2, 16) == 0, "literal");
		else
			UNIT_REQUIRE(mpz_set_str(v, rows[i].v, 10) == 0, "literal");
		if (rows[i].v[0] == '-')
			mpz_neg(v, v);
		buf_init(&b, 1024);
		UNIT_REQUIRE(buf_append(&b, "\x07", 1) == 0, "buf");
		rc = evm_abi_uint(&b, v);
		UNIT_CHECK(rc == rows[i].rc, "abi_uint %s: rc %d want %d", rows[i].v, rc,
		    rows[i].rc);
		if (rc == 0 && rows[i].rc == 0) {
			UNIT_CHECK(b.len == 33 && bytes_are(bb(&b) + 1, 32, rows[i].word),
			    "abi_uint %s: got %s", rows[i].v,
			    tohex(bb(&b) + 1, b.len - 1, got, sizeof(got)));
			evm_word_to_mpz(bb(&b) + 1, back);
			UNIT_CHECK(mpz_cmp(back, v) == 0, "word_to_mpz(abi_uint(%s))", rows[i].v);
		} else {
			UNIT_CHECK(b.len == 1, "abi_uint %s refused but appended %zu bytes",
			    rows[i].v, b.len - 1);
		}
		buf_free(&b);
	}
	/* a full buffer refuses a word */
	{
		struct buf b;
		unsigned char a[EVM_ADDR_LEN];

		mpz_set_ui(v, 1);
		buf_init(&b, 31);
		UNIT_CHECK(evm_abi_uint(&b, v) == -1, "abi_uint into 31 bytes");
		lit(KEY_ADDR, a, sizeof(a));
		UNIT_CHECK(evm_abi_address(&b, a) == -1, "abi_address into 31 bytes");
		buf_free(&b);
		buf_init(&b, 64);
		UNIT_CHECK(evm_abi_address(&b, a) == 0 && bytes_are(bb(&b), b.len,
		    "000000000000000000000000" KEY_ADDR), "abi_address: got %s",
		    tohex(bb(&b), b.len, got, sizeof(got)));
		buf_free(&b);
	}
	mpz_clears(v, back, NULL);
}

/* --------------------------------------------------------- 6. key files */

/*
 * Writes len bytes of text to a new file under /tmp with mode; its path
 * into path (64 bytes). Returns 0 or -1.
 */
static int
write_key_file(const char *text, size_t len, mode_t mode, char *path)
{
	int fd;
	size_t off = 0;

	snprintf(path, 64, "/tmp/cediramp-evmkey-XXXXXX");
	fd = mkstemp(path);
	if (fd < 0)
		return -1;
	while (off < len) {
		ssize_t w = write(fd, text + off, len - off);

		if (w <= 0)
			goto fail;
		off += (size_t)w;
	}
	if (fchmod(fd, mode) != 0)
		goto fail;
	close(fd);
	return 0;
fail:
	close(fd);
	unlink(path);
	return -1;
}

/* 1 when why holds nothing of the key's hex (either case). */
static int
why_is_clean(const char *why)
{
	return !contains_nocase(why, "4c0883a6") && !contains_nocase(why, "3f362318") &&
	    !contains_nocase(why, "b5dbb620");
}

static void
test_key_load_good(void)
{
	static const char *const texts[] = {
		KEY_HEX,
		"0x" KEY_HEX,
		KEY_HEX "\n",
		"0x" KEY_HEX "\n",
		"4C0883A69102937D6231471B5DBB6204FE5129617082792AE468D01A3F362318\n",
		"0X" KEY_HEX,          /* the code accepts an upper-case X */
		"0x" KEY_HEX "\r\n",   /* and a CRLF file (its KEY_FILE_MAX counts it) */
	};
	unsigned char want[EVM_KEY_LEN];
	size_t i;

	lit(KEY_HEX, want, sizeof(want));
	for (i = 0; i < NELEM(texts); i++) {
		unsigned char key[EVM_KEY_LEN], addr[EVM_ADDR_LEN];
		char path[64], why[512] = "", got[80];
		int rc;

		UNIT_REQUIRE(write_key_file(texts[i], strlen(texts[i]), 0400, path) == 0,
		    "cannot write a temporary key file");
		memset(key, 0, sizeof(key));
		rc = evm_key_load(path, key, why, sizeof(why));
		unlink(path);
		UNIT_CHECK(rc == 0 && memcmp(key, want, sizeof(key)) == 0,
		    "key text %zu: rc %d (%s), key %s", i, rc, why,
		    rc == 0 ? "differs" : "-");
		if (rc != 0)
			continue;
		UNIT_CHECK(evm_key_address(key, addr) == 0 && bytes_are(addr, sizeof(addr), KEY_ADDR),
		    "key text %zu: address %s want %s", i, tohex(addr, sizeof(addr), got,
		    sizeof(got)), KEY_ADDR);
	}
}

/* A readable key is refused as ssh refuses one, naming the mode, never
 * the key. */
static void
test_key_load_mode(void)
{
	static const struct {
		mode_t mode;
		const char *shown;
	} rows[] = {
		{ 0644, "mode 0644" }, { 0640, "mode 0640" }, { 0600, "mode 0600" },
		{ 0700, "mode 0700" }, { 0604, "mode 0604" }, { 0660, "mode 0660" },
		{ 0666, "mode 0666" }, { 0401, "mode 0401" }, { 04400, "mode 4400" },
	};
	static const char text[] = "0x" KEY_HEX "\n";
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		unsigned char key[EVM_KEY_LEN], real[EVM_KEY_LEN];
		char path[64], why[512] = "";
		int rc;

		UNIT_REQUIRE(write_key_file(text, strlen(text), rows[i].mode, path) == 0,
		    "cannot write a temporary key file");
		memset(key, 0xaa, sizeof(key));
		rc = evm_key_load(path, key, why, sizeof(why));
		unlink(path);
		lit(KEY_HEX, real, sizeof(real));
		UNIT_CHECK(rc == -1, "mode %04o: rc %d want -1", (unsigned)rows[i].mode, rc);
		UNIT_CHECK(unit_contains(why, rows[i].shown) && unit_contains(why, path),
		    "mode %04o: why \"%s\" should name \"%s\" and the path",
		    (unsigned)rows[i].mode, why, rows[i].shown);
		UNIT_CHECK(why_is_clean(why), "mode %04o: why shows the key: \"%s\"",
		    (unsigned)rows[i].mode, why);
		UNIT_CHECK(memcmp(key, real, sizeof(key)) != 0, "mode %04o: the key came out",
		    (unsigned)rows[i].mode);
	}
}

/* A key file of another user is refused, however good its mode: as root
 * a temporary one given to nobody (65534); otherwise one of root's. */
static void
test_key_load_owner(void)
{
	static const char text[] = "0x" KEY_HEX "\n";
	unsigned char key[EVM_KEY_LEN];
	char path[64], why[512] = "";
	int rc;

	UNIT_REQUIRE(write_key_file(text, strlen(text), 0400, path) == 0,
	    "cannot write a temporary key file");
	if (geteuid() == 0)
		UNIT_REQUIRE(chown(path, 65534, 65534) == 0, "chown to nobody");
	else
		snprintf(path, sizeof(path), "/etc/hostname"); /* root's */
	rc = evm_key_load(path, key, why, sizeof(why));
	if (geteuid() == 0)
		unlink(path);
	UNIT_CHECK(rc == -1 && unit_contains(why, "owned by uid") && unit_contains(why, path),
	    "another user's key file: rc %d why \"%s\"", rc, why);
	UNIT_CHECK(why_is_clean(why), "owner: why shows the key: \"%s\"", why);
}

static void
test_key_load_bad(void)
{
	static const char k63[] = "4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f36231";
	static const struct {
		const char *text;
		const char *why; /* a part of the reason */
	} rows[] = {
		{ "", "not 64 hex digits" },
		{ "\n", "not 64 hex digits" },
		{ "0x", "not 64 hex digits" },
		{ k63, "not 64 hex digits" },
		{ "0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f36231\n",
		  "not 64 hex digits" },
		{ KEY_HEX "0", "not 64 hex digits" },
		{ KEY_HEX "00", "not 64 hex digits" },
		{ "0x" KEY_HEX "00\n", "not 64 hex digits" },
		{ "4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f36231g",
		  "not 64 hex digits" },
		{ "4c0883a69102937d6231471b5dbb6204fe512961 082792ae468d01a3f362318",
		  "not 64 hex digits" },
		{ KEY_HEX " ", "not 64 hex digits" },
		{ " " KEY_HEX, "not 64 hex digits" },
		{ KEY_HEX "\n\n", "not 64 hex digits" },
		{ "\n" KEY_HEX, "not 64 hex digits" },
		{ "00" KEY_HEX, "not 64 hex digits" },
		{ "0x0x" KEY_HEX, "not 64 hex digits" },
		{ KEY_HEX "\n" KEY_HEX "\n", "not 64 hex digits" },
	};
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		unsigned char key[EVM_KEY_LEN];
		char path[64], why[512] = "";
		int rc;

		UNIT_REQUIRE(write_key_file(rows[i].text, strlen(rows[i].text), 0400, path) == 0,
		    "cannot write a temporary key file");
		rc = evm_key_load(path, key, why, sizeof(why));
		unlink(path);
		UNIT_CHECK(rc == -1 && unit_contains(why, rows[i].why) && unit_contains(why, path),
		    "bad key row %zu: rc %d why \"%s\" want -1 with \"%s\"", i, rc, why,
		    rows[i].why);
		UNIT_CHECK(why_is_clean(why), "bad key row %zu: why shows the key: \"%s\"", i, why);
	}
	/* a missing file, a directory, a symlink to a good 0400 file */
	{
		unsigned char key[EVM_KEY_LEN];
		char dir[64], path[64], link[128], why[512] = "";
		static const char text[] = KEY_HEX "\n";
		int rc;

		rc = evm_key_load("/nonexistent/cediramp/key", key, why, sizeof(why));
		UNIT_CHECK(rc == -1 && unit_contains(why, "/nonexistent/cediramp/key"),
		    "missing key file: rc %d why \"%s\"", rc, why);

		snprintf(dir, sizeof(dir), "/tmp/cediramp-evmdir-XXXXXX");
		UNIT_REQUIRE(mkdtemp(dir) != NULL, "mkdtemp");
		UNIT_REQUIRE(chmod(dir, 0600) == 0, "chmod dir");
		why[0] = '\0';
		rc = evm_key_load(dir, key, why, sizeof(why));
		UNIT_CHECK(rc == -1 && unit_contains(why, "not a regular file"),
		    "a directory of mode 0600: rc %d why \"%s\"", rc, why);
		UNIT_REQUIRE(chmod(dir, 0700) == 0, "chmod dir");

		UNIT_REQUIRE(write_key_file(text, strlen(text), 0400, path) == 0, "key file");
		snprintf(link, sizeof(link), "%s/link", dir);
		UNIT_REQUIRE(symlink(path, link) == 0, "symlink");
		/* the target itself loads */
		why[0] = '\0';
		UNIT_CHECK(evm_key_load(path, key, why, sizeof(why)) == 0,
		    "symlink target: %s", why);
		why[0] = '\0';
		rc = evm_key_load(link, key, why, sizeof(why));
		UNIT_CHECK(rc == -1 && unit_contains(why, link),
		    "symlink to a 0400 key: rc %d why \"%s\" want -1", rc, why);
		UNIT_CHECK(why_is_clean(why), "symlink: why shows the key: \"%s\"", why);
		unlink(link);
		unlink(path);
		rmdir(dir);
	}
}

/* The address of keys at the edges of secp256k1's range. */
static void
test_key_address(void)
{
	static const struct {
		const char *key;
		int rc;
		const char *addr; /* ethers: new Wallet(key).address */
	} rows[] = {
		{ KEY_HEX, 0, KEY_ADDR },
		{ "0000000000000000000000000000000000000000000000000000000000000001", 0,
		  "7e5f4552091a69125d5dfcb7b8c2659029395bdf" },
		{ "0000000000000000000000000000000000000000000000000000000000000002", 0,
		  "2b5ad5c4795c026514f8317c7a215e218dccd6cf" },
		{ "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140", 0,
		  "80c0dbf239224071c59dd8970ab9d542e3414ab2" }, /* n - 1 */
		{ "0000000000000000000000000000000000000000000000000000000000000000", -1, NULL },
		{ CURVE_N, -1, NULL },
		{ "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364142", -1, NULL },
		{ "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", -1, NULL },
	};
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		unsigned char key[EVM_KEY_LEN], addr[EVM_ADDR_LEN];
		char got[64];
		int rc;

		lit(rows[i].key, key, sizeof(key));
		memset(addr, 0, sizeof(addr));
		rc = evm_key_address(key, addr);
		UNIT_CHECK(rc == rows[i].rc, "address of key %.8s..: rc %d want %d", rows[i].key,
		    rc, rows[i].rc);
		if (rc == 0 && rows[i].rc == 0)
			UNIT_CHECK(bytes_are(addr, sizeof(addr), rows[i].addr),
			    "address of key %.8s..: %s want %s", rows[i].key,
			    tohex(addr, sizeof(addr), got, sizeof(got)), rows[i].addr);
	}
}

/* ---------------------------------------------------------- 7. signing */

/* convert(id, token, from, 1500000): its parts, and ethers'
 * Interface.encodeFunctionData of it. */
#define CONVERT_ID "cv_0123456789abcdef"
#define CONVERT_TOKEN "0x5FbDB2315678afecb367f032d93F642f64180aa3"
#define CONVERT_FROM "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
#define CONVERT_AMOUNT "1.5"
#define CONVERT_DATA                                                              \
	"0x1727637f63765f30313233343536373839616263646566000000000000000000000000" \
	"000000000000000000000000005fbdb2315678afecb367f032d93f642f64180aa30000000" \
	"0000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c80000000000000000" \
	"00000000000000000000000000000000000000000016e360"

/*
 * The transaction of the brief at three nonces: 7, 62 (ethers' s has a
 * leading zero byte) and 68 (r has one). raw, hash and the signing digest
 * (tx.unsignedHash) from ethers.
 */
static const struct {
	uint64_t nonce;
	const char *digest;
	const char *raw;
	const char *hash;
} tx_rows[] = {
	{ 7, "5a08ceb1b519fc0833f72a72b0af0e55affb9968f09d69ca4ee19bd92c4684b6",
	  "02f8f2827a6907843b9aca0084b2d05e00830186a0942c7536e3605d9c16a7a3d7b1898e52"
	  "9396a65c2380b8841727637f63765f3031323334353637383961626364656600000000000000"
	  "0000000000000000000000000000000000005fbdb2315678afecb367f032d93f642f64180aa3"
	  "00000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c8000000000000"
	  "000000000000000000000000000000000000000000000016e360c001a08d149aa1d685338756"
	  "ecbbf55e0c80a35a0d684532a077a0f05c3eed3722e580a05283672cfc90f2fb0f8aa2a2bc2a"
	  "1a0d75d9d91731c9cf69a517a8437a768564",
	  "fcd69d407575fc2e1d590a7317f4806e8c25e06957e3fcfe673f2e84c7bffb83" },
	{ 62, "7cf36694cbd86bac3482ccdb23c11b3cb476777d5c392b5a0b303003c1049aeb",
	  "02f8f1827a693e843b9aca0084b2d05e00830186a0942c7536e3605d9c16a7a3d7b1898e52"
	  "9396a65c2380b8841727637f63765f3031323334353637383961626364656600000000000000"
	  "0000000000000000000000000000000000005fbdb2315678afecb367f032d93f642f64180aa3"
	  "00000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c8000000000000"
	  "000000000000000000000000000000000000000000000016e360c080a0521e05ad2fd45ae467"
	  "a3aeb6f3a4d4bf86fd8dfb3dbdacfaa26ec1dec437c7519f69a4b239e42dd025c210b608b8a3"
	  "865b771cfa1203943401d0eb4cb08dc523",
	  "a8001e2cc79d0314caa4a2ee708744888d2d963f59b065a9fb5051f75764acc6" },
	{ 68, "6d5406689cb756af3fc5721c1466a6605de1f9e4c69aaf1bb7f974a91ab7d606",
	  "02f8f1827a6944843b9aca0084b2d05e00830186a0942c7536e3605d9c16a7a3d7b1898e52"
	  "9396a65c2380b8841727637f63765f3031323334353637383961626364656600000000000000"
	  "0000000000000000000000000000000000005fbdb2315678afecb367f032d93f642f64180aa3"
	  "00000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c8000000000000"
	  "000000000000000000000000000000000000000000000016e360c0809feb11e3ff655fbf17c5"
	  "debec92e8819f2ab7a4f70c91dfa374047c398cc1373a0633d91a613c2609adb70bb8fa4c20a"
	  "d52233498324069370778b1c7b7f0c6009",
	  "681f1918a407f102170ef923a3d43978c6697867a66c5d3198adceb55849b2dd" },
};

/* The convert() call data built with the evm_abi functions into b. */
static int
build_convert(struct buf *b)
{
	unsigned char id[EVM_WORD], token[EVM_ADDR_LEN], from[EVM_ADDR_LEN];
	mpz_t amount;
	int rc = -1;

	mpz_init(amount);
	if (evm_id_word(CONVERT_ID, id) == 0 && evm_addr_parse(CONVERT_TOKEN, token) == 0 &&
	    evm_addr_parse(CONVERT_FROM, from) == 0 &&
	    evm_units_from_text(CONVERT_AMOUNT, 6, amount) == 0 &&
	    evm_abi_selector(b, EVM_SIG_CONVERT) == 0 && evm_abi_bytes32(b, id) == 0 &&
	    evm_abi_address(b, token) == 0 && evm_abi_address(b, from) == 0 &&
	    evm_abi_uint(b, amount) == 0)
		rc = 0;
	mpz_clear(amount);
	return rc;
}

/* The brief's transaction at nonce, its data borrowed from data. */
static void
brief_tx(struct evm_tx *tx, uint64_t nonce, const struct buf *data)
{
	memset(tx, 0, sizeof(*tx));
	tx->chain_id = 31337;
	tx->nonce = nonce;
	tx->max_priority_fee = 1000000000ULL; /* 1 gwei */
	tx->max_fee = 3000000000ULL;          /* 3 gwei */
	tx->gas_limit = 100000;
	lit(KEY_ADDR, tx->to, sizeof(tx->to));
	tx->data = bb(data);
	tx->data_len = data->len;
}

/*
 * A minimal RLP reader (independent of evm_rlp): the item at p[*off..n),
 * its payload and whether it is a list; *off moves past it. 0 or -1.
 */
static int
rlp_item(const unsigned char *p, size_t n, size_t *off, const unsigned char **pl,
    size_t *plen, int *list)
{
	size_t o = *off, len, ll, i;
	unsigned char c;

	if (o >= n)
		return -1;
	c = p[o];
	if (c < 0x80) {
		*pl = p + o;
		*plen = 1;
		*list = 0;
		*off = o + 1;
		return 0;
	}
	*list = c >= 0xc0;
	c = (unsigned char)(c - (*list ? 0xc0 : 0x80));
	if (c < 56) {
		len = c;
		o += 1;
	} else {
		ll = (size_t)c - 55;
		if (ll > 4 || o + 1 + ll > n)
			return -1;
		for (len = 0, i = 0; i < ll; i++)
			len = len << 8 | p[o + 1 + i];
		o += 1 + ll;
	}
	if (len > n - o)
		return -1;
	*pl = p + o;
	*plen = len;
	*off = o + len;
	return 0;
}

/* Reads yParity, r and s (left-padded into rs) from a signed type-2 raw
 * transaction. 0 or -1. */
static int
raw_signature(const unsigned char *raw, size_t n, unsigned char rs[64], int *recid)
{
	const unsigned char *pl, *items;
	size_t off = 1, plen, ilen, k;
	int list;

	if (n < 1 || raw[0] != 0x02 || rlp_item(raw, n, &off, &items, &ilen, &list) != 0 ||
	    !list || off != n)
		return -1;
	off = 0;
	memset(rs, 0, 64);
	for (k = 0; k < 12; k++) {
		if (rlp_item(items, ilen, &off, &pl, &plen, &list) != 0)
			return -1;
		if (k == 9) {
			if (list || plen > 1)
				return -1;
			*recid = plen == 0 ? 0 : pl[0];
		} else if (k >= 10) {
			if (list || plen > 32)
				return -1;
			memcpy(rs + (k - 10) * 32 + 32 - plen, pl, plen);
		}
	}
	return off == ilen ? 0 : -1;
}

static void
test_tx_sign(void)
{
	unsigned char key[EVM_KEY_LEN];
	struct buf data;
	size_t i;
	char got[HEXTEXT];

	lit(KEY_HEX, key, sizeof(key));
	buf_init(&data, 4096);
	UNIT_REQUIRE(build_convert(&data) == 0, "building convert() call data");
	UNIT_CHECK(bytes_are(bb(&data), data.len, CONVERT_DATA),
	    "convert() call data: got %s want %s", tohex(bb(&data), data.len, got, sizeof(got)),
	    CONVERT_DATA);

	for (i = 0; i < NELEM(tx_rows); i++) {
		struct evm_tx tx;
		struct buf raw, again;
		unsigned char hash[32], hash2[32], md[32], rs[64], addr[EVM_ADDR_LEN];
		int rc, recid = -1;

		brief_tx(&tx, tx_rows[i].nonce, &data);
		buf_init(&raw, EVM_TX_MAX);
		buf_init(&again, EVM_TX_MAX);
		rc = evm_tx_sign(&tx, key, &raw, hash);
		UNIT_CHECK(rc == 0, "evm_tx_sign nonce %llu: rc %d",
		    (unsigned long long)tx.nonce, rc);
		if (rc != 0)
			goto next;
		UNIT_CHECK(bytes_are(bb(&raw), raw.len, tx_rows[i].raw),
		    "nonce %llu: raw differs from ethers'\n got %s\nwant %s",
		    (unsigned long long)tx.nonce, tohex(bb(&raw), raw.len, got, sizeof(got)),
		    tx_rows[i].raw);
		UNIT_CHECK(bytes_are(hash, 32, tx_rows[i].hash), "nonce %llu: hash %s want %s",
		    (unsigned long long)tx.nonce, tohex(hash, 32, got, sizeof(got)),
		    tx_rows[i].hash);
		keccak256(raw.data, raw.len, md);
		UNIT_CHECK(memcmp(md, hash, 32) == 0, "nonce %llu: hash is not keccak(raw)",
		    (unsigned long long)tx.nonce);

		/* RFC 6979: the same transaction signs to the same bytes */
		UNIT_CHECK(evm_tx_sign(&tx, key, &again, hash2) == 0 && again.len == raw.len &&
		    memcmp(again.data, raw.data, raw.len) == 0 && memcmp(hash, hash2, 32) == 0,
		    "nonce %llu: signing twice gave different bytes",
		    (unsigned long long)tx.nonce);

		/* the signature in the raw bytes recovers the signer */
		UNIT_CHECK(raw_signature(bb(&raw), raw.len, rs, &recid) == 0 &&
		    (recid == 0 || recid == 1), "nonce %llu: raw is not a signed type-2 list",
		    (unsigned long long)tx.nonce);
		if (tx_rows[i].digest != NULL && recid >= 0) {
			lit(tx_rows[i].digest, md, sizeof(md));
			memset(addr, 0, sizeof(addr));
			rc = evm_key_recover(md, rs, recid, addr);
			UNIT_CHECK(rc == 0 && bytes_are(addr, sizeof(addr), KEY_ADDR),
			    "nonce %llu: recovered %s want %s", (unsigned long long)tx.nonce,
			    tohex(addr, sizeof(addr), got, sizeof(got)), KEY_ADDR);
			/* the other parity, or another digest, is someone else */
			rc = evm_key_recover(md, rs, 1 - recid, addr);
			UNIT_CHECK(rc != 0 || !bytes_are(addr, sizeof(addr), KEY_ADDR),
			    "nonce %llu: the wrong y-parity recovered the signer",
			    (unsigned long long)tx.nonce);
			md[31] ^= 1;
			rc = evm_key_recover(md, rs, recid, addr);
			UNIT_CHECK(rc != 0 || !bytes_are(addr, sizeof(addr), KEY_ADDR),
			    "nonce %llu: another digest recovered the signer",
			    (unsigned long long)tx.nonce);
		}
next:
		buf_free(&raw);
		buf_free(&again);
	}
	buf_free(&data);
}

/* evm_key_sign on its own: deterministic, low-s, recoverable; bad keys
 * and a bad recovery id refused. */
static void
test_key_sign(void)
{
	unsigned char key[EVM_KEY_LEN], md[32], rs[64], rs2[64], half[32], addr[EVM_ADDR_LEN];
	int recid = -1, recid2 = -2, rc;
	struct evm_tx tx;
	struct buf raw, data;
	unsigned char hash[32];

	lit(KEY_HEX, key, sizeof(key));
	lit(tx_rows[0].digest, md, sizeof(md));
	lit(HALF_N, half, sizeof(half));
	UNIT_REQUIRE(evm_key_sign(key, md, rs, &recid) == 0, "evm_key_sign");
	UNIT_CHECK(evm_key_sign(key, md, rs2, &recid2) == 0 && memcmp(rs, rs2, 64) == 0 &&
	    recid == recid2, "evm_key_sign is not deterministic");
	/* ethers' r, s and y-parity for the same digest (RFC 6979 both) */
	UNIT_CHECK(bytes_are(rs, 64, "8d149aa1d685338756ecbbf55e0c80a35a0d684532a077a0f05c3eed"
	    "3722e5805283672cfc90f2fb0f8aa2a2bc2a1a0d75d9d91731c9cf69a517a8437a768564") &&
	    recid == 1, "evm_key_sign differs from ethers");
	UNIT_CHECK(memcmp(rs + 32, half, 32) <= 0, "s above n/2 (EIP-2)");
	UNIT_CHECK(evm_key_recover(md, rs, recid, addr) == 0 &&
	    bytes_are(addr, sizeof(addr), KEY_ADDR), "recover own signature");
	UNIT_CHECK(evm_key_recover(md, rs, 4, addr) == -1, "recid 4 refused");
	UNIT_CHECK(evm_key_recover(md, rs, -1, addr) == -1, "recid -1 refused");
	memset(rs2, 0, sizeof(rs2));
	UNIT_CHECK(evm_key_recover(md, rs2, 0, addr) == -1, "r = s = 0 refused");

	memset(key, 0, sizeof(key));
	UNIT_CHECK(evm_key_sign(key, md, rs, &recid) == -1, "zero key signs");
	lit(CURVE_N, key, sizeof(key));
	UNIT_CHECK(evm_key_sign(key, md, rs, &recid) == -1, "key n signs");

	/* a transaction with a bad key: -1 and raw emptied */
	buf_init(&data, 64);
	buf_init(&raw, EVM_TX_MAX);
	brief_tx(&tx, 7, &data);
	UNIT_REQUIRE(buf_append(&raw, "junk", 4) == 0, "prefill");
	rc = evm_tx_sign(&tx, key, &raw, hash);
	UNIT_CHECK(rc == -1 && raw.len == 0, "evm_tx_sign with key n: rc %d len %zu", rc,
	    raw.len);
	buf_free(&raw);
	buf_free(&data);
}

/* The repository root: $CEDIRAMP_ROOT, else the working directory. */
static const char *
repo_root(void)
{
	const char *r = getenv("CEDIRAMP_ROOT");

	return r != NULL && r[0] != '\0' ? r : ".";
}

/*
 * Runs `node tests/chain/check_tx.mjs raw exp` in root, its output (stdout
 * and stderr, clipped) into out. Returns its exit status, or -1 when it
 * could not be run to an exit (fork failed, killed by a signal).
 */
static int
run_check_tx(const char *root, const char *raw, const char *exp, char *out, size_t cap)
{
	int fd[2], st = 0;
	size_t o = 0;
	ssize_t r;
	pid_t pid;
	char chunk[512];

	out[0] = '\0';
	if (pipe(fd) != 0)
		return -1;
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		close(fd[0]);
		close(fd[1]);
		return -1;
	}
	if (pid == 0) {
		char *argv[] = { "node", "tests/chain/check_tx.mjs", (char *)raw, (char *)exp,
			NULL };

		if (dup2(fd[1], 1) < 0 || dup2(fd[1], 2) < 0 || chdir(root) != 0)
			_exit(126);
		close(fd[0]);
		close(fd[1]);
		execvp("node", argv);
		_exit(127);
	}
	close(fd[1]);
	while ((r = read(fd[0], chunk, sizeof(chunk))) != 0) {
		size_t k;

		if (r < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		for (k = 0; k < (size_t)r && o + 1 < cap; k++)
			out[o++] = chunk[k];
		out[o] = '\0';
	}
	close(fd[0]);
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* The check_tx.mjs expectation of the brief's transaction, with one field
 * (name) replaced by value when name is not NULL. */
static void
expected_json(char *out, size_t cap, uint64_t nonce, const char *hash_hex,
    const char *name, const char *value)
{
	char n[24];
	const char *from = "0x" KEY_ADDR, *chain = "31337", *nonce_s = n;

	snprintf(n, sizeof(n), "%llu", (unsigned long long)nonce);
	if (name != NULL && strcmp(name, "from") == 0)
		from = value;
	if (name != NULL && strcmp(name, "chainId") == 0)
		chain = value;
	if (name != NULL && strcmp(name, "nonce") == 0)
		nonce_s = value;
	snprintf(out, cap,
	    "{\"from\":\"%s\",\"hash\":\"0x%s\",\"chainId\":\"%s\",\"nonce\":\"%s\","
	    "\"maxPriorityFeePerGas\":\"1000000000\",\"maxFeePerGas\":\"3000000000\","
	    "\"gasLimit\":\"100000\",\"to\":\"0x" KEY_ADDR "\",\"value\":\"0\","
	    "\"data\":\"" CONVERT_DATA "\"}", from, hash_hex, chain, nonce_s);
}

/* ethers (tests/chain/check_tx.mjs) reads what evm_tx_sign wrote. */
static void
test_tx_ethers(void)
{
	const char *root = repo_root();
	char path[1024], out[4096];
	unsigned char key[EVM_KEY_LEN];
	struct buf data;
	size_t i;
	int ready = 1;

	snprintf(path, sizeof(path), "%s/tests/chain/check_tx.mjs", root);
	if (access(path, R_OK) != 0) {
		UNIT_CHECK(0, "%s not found: run from the repository root or set CEDIRAMP_ROOT",
		    path);
		ready = 0;
	}
	snprintf(path, sizeof(path), "%s/node_modules/ethers/package.json", root);
	if (access(path, R_OK) != 0) {
		UNIT_CHECK(0, "%s not found: run make deps (the ethers check is required)", path);
		ready = 0;
	}
	if (!ready)
		return;

	lit(KEY_HEX, key, sizeof(key));
	buf_init(&data, 4096);
	UNIT_REQUIRE(build_convert(&data) == 0, "building convert() call data");
	for (i = 0; i < NELEM(tx_rows); i++) {
		struct evm_tx tx;
		struct buf raw;
		unsigned char hash[32];
		char raw_hex[2 * EVM_TX_MAX / 32], hash_hex[80], exp[2048];
		int rc;

		brief_tx(&tx, tx_rows[i].nonce, &data);
		buf_init(&raw, EVM_TX_MAX);
		UNIT_REQUIRE(evm_tx_sign(&tx, key, &raw, hash) == 0, "evm_tx_sign");
		UNIT_REQUIRE(2 * raw.len + 3 <= sizeof(raw_hex), "raw fits its hex buffer");
		evm_hex(bb(&raw), raw.len, raw_hex);
		tohex(hash, 32, hash_hex, sizeof(hash_hex));

		expected_json(exp, sizeof(exp), tx.nonce, hash_hex, NULL, NULL);
		rc = run_check_tx(root, raw_hex, exp, out, sizeof(out));
		UNIT_CHECK(rc == 0 && unit_starts(out, "ok"),
		    "check_tx.mjs nonce %llu: exit %d (127: no node on PATH), output:\n%.400s",
		    (unsigned long long)tx.nonce, rc, out);

		/* the check can fail: a wrong field is caught and named */
		{
			static const struct {
				const char *name, *value, *fail;
			} wrong[] = {
				{ "nonce", NULL, "FAIL nonce" },
				{ "chainId", "1", "FAIL chainId" },
				{ "from", "0x7e5f4552091a69125d5dfcb7b8c2659029395bdf", "FAIL from" },
			};
			size_t w;

			for (w = 0; w < NELEM(wrong); w++) {
				char v[24];
				const char *value = wrong[w].value;

				if (value == NULL) {
					snprintf(v, sizeof(v), "%llu",
					    (unsigned long long)tx.nonce + 1);
					value = v;
				}
				expected_json(exp, sizeof(exp), tx.nonce, hash_hex, wrong[w].name,
				    value);
				rc = run_check_tx(root, raw_hex, exp, out, sizeof(out));
				UNIT_CHECK(rc == 1 && unit_contains(out, wrong[w].fail),
				    "check_tx.mjs nonce %llu with a wrong %s (%s): exit %d want 1, "
				    "output:\n%.400s", (unsigned long long)tx.nonce, wrong[w].name,
				    value, rc, out);
			}
		}
		buf_free(&raw);
	}
	buf_free(&data);
}

/* A transfer of ether (a rotation's gas, beyond 64 bits of wei) with no
 * data, read back by ethers: value and empty data exactly. */
static void
test_tx_value_ethers(void)
{
	const char *root = repo_root();
	unsigned char key[EVM_KEY_LEN], hash[32];
	char raw_hex[1024], hash_hex[80], exp[2048], out[4096];
	struct evm_tx tx;
	struct buf raw, none;
	mpz_t wei;
	size_t n = 0, i;
	int rc;

	lit(KEY_HEX, key, sizeof(key));
	buf_init(&none, 16);
	brief_tx(&tx, 7, &none);
	tx.gas_limit = 21000;
	mpz_init_set_str(wei, "1000000000000000000001", 10); /* 1000 ether and a wei */
	mpz_export(tx.value + 32 - (mpz_sizeinbase(wei, 256)), &n, 1, 1, 1, 0, wei);
	mpz_clear(wei);
	UNIT_REQUIRE(n == 9, "1000 ether is 9 bytes of wei, got %zu", n);
	buf_init(&raw, EVM_TX_MAX);
	UNIT_REQUIRE(evm_tx_sign(&tx, key, &raw, hash) == 0, "evm_tx_sign of a value transfer");
	evm_hex(bb(&raw), raw.len, raw_hex);
	tohex(hash, 32, hash_hex, sizeof(hash_hex));
	for (i = 0; i < 2; i++) { /* the right value, then a wrong one caught */
		snprintf(exp, sizeof(exp), "{\"from\":\"0x" KEY_ADDR "\",\"hash\":\"0x%s\","
		    "\"chainId\":\"31337\",\"nonce\":\"7\",\"maxPriorityFeePerGas\":"
		    "\"1000000000\",\"maxFeePerGas\":\"3000000000\",\"gasLimit\":\"21000\","
		    "\"to\":\"0x" KEY_ADDR "\",\"value\":\"%s\",\"data\":\"0x\"}", hash_hex,
		    i == 0 ? "1000000000000000000001" : "1000000000000000000000");
		rc = run_check_tx(root, raw_hex, exp, out, sizeof(out));
		UNIT_CHECK(i == 0 ? rc == 0 && unit_starts(out, "ok") :
		    rc == 1 && unit_contains(out, "FAIL value"), "check_tx.mjs of a value "
		    "transfer (%s value): exit %d, output:\n%.400s", i == 0 ? "its" : "a wrong", rc,
		    out);
	}
	buf_free(&raw);
	buf_free(&none);
}

/* ------------------------------------------------------ 8. JSON-RPC */

static const char *
rpc_rc_name(enum evm_rpc_rc rc)
{
	switch (rc) {
	case EVM_RPC_OK:
		return "OK";
	case EVM_RPC_ERROR:
		return "ERROR";
	case EVM_RPC_DOWN:
		return "DOWN";
	case EVM_RPC_GARBAGE:
		return "GARBAGE";
	}
	return "?";
}

static char long_msg_body[1024];
static char long_msg_want[256];
static char long_msg_data_body[1024];
static char long_msg_data_want[256];
static char data120_body[1024];
static char data119_body[1024];
static char data119_want[256];

static const struct {
	long status;
	const char *body; /* JSON text, or NULL for an answer that is not JSON */
	enum evm_rpc_rc rc;
	const char *result; /* OK: the result's JSON text */
	long long code;     /* ERROR */
	const char *message;
} rpc_rows[] = {
	{ 200, "{\"jsonrpc\":\"2.0\",\"id\":5,\"result\":\"0x1a\"}", EVM_RPC_OK, "\"0x1a\"", 0,
	  NULL },
	{ 200, "{\"result\":{\"a\":[1,2]},\"id\":5,\"jsonrpc\":\"2.0\"}", EVM_RPC_OK,
	  "{\"a\": [1, 2]}", 0, NULL },
	{ 200, "{\"jsonrpc\":\"2.0\",\"id\":5,\"result\":null}", EVM_RPC_OK, "null", 0, NULL },
	{ 201, "{\"jsonrpc\":\"2.0\",\"id\":5,\"result\":false}", EVM_RPC_OK, "false", 0,
	  NULL },
	/* not our answer, or not JSON-RPC 2.0 */
	{ 200, "{\"jsonrpc\":\"2.0\",\"id\":6,\"result\":\"0x1a\"}", EVM_RPC_GARBAGE, NULL, 0,
	  NULL },
	{ 200, "{\"jsonrpc\":\"2.0\",\"id\":\"5\",\"result\":\"0x1a\"}", EVM_RPC_GARBAGE, NULL,
	  0, NULL },
	{ 200, "{\"jsonrpc\":\"2.0\",\"id\":null,\"result\":\"0x1a\"}", EVM_RPC_GARBAGE, NULL,
	  0, NULL },
	{ 200, "{\"jsonrpc\":\"2.0\",\"result\":\"0x1a\"}", EVM_RPC_GARBAGE, NULL, 0, NULL },
	{ 200, "{\"jsonrpc\":\"1.0\",\"id\":5,\"result\":\"0x1a\"}", EVM_RPC_GARBAGE, NULL, 0,
	  NULL },
	{ 200, "{\"jsonrpc\":2.0,\"id\":5,\"result\":\"0x1a\"}", EVM_RPC_GARBAGE, NULL, 0,
	  NULL },
	{ 200, "{\"id\":5,\"result\":\"0x1a\"}", EVM_RPC_GARBAGE, NULL, 0, NULL },
	{ 200, "{\"jsonrpc\":\"2.0\",\"id\":5,\"result\":\"0x1a\",\"error\":{\"code\":1,"
	  "\"message\":\"x\"}}", EVM_RPC_GARBAGE, NULL, 0, NULL },
	{ 200, "{\"jsonrpc\":\"2.0\",\"id\":5}", EVM_RPC_GARBAGE, NULL, 0, NULL },
	{ 200, "[{\"jsonrpc\":\"2.0\",\"id\":5,\"result\":\"0x1a\"}]", EVM_RPC_GARBAGE, NULL, 0,
	  NULL },
	{ 200, "\"0x1a\"", EVM_RPC_GARBAGE, NULL, 0, NULL },
	{ 200, NULL, EVM_RPC_GARBAGE, NULL, 0, NULL },
	/* error objects */
	{ 200, "{\"jsonrpc\":\"2.0\",\"id\":5,\"error\":{\"code\":-32000,"
	  "\"message\":\"nonce too low\"}}", EVM_RPC_ERROR, NULL, -32000, "nonce too low" },
	{ 200, "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,"
	  "\"message\":\"parse error\"}}", EVM_RPC_ERROR, NULL, -32700, "parse error" },
	{ 200, "{\"jsonrpc\":\"2.0\",\"id\":5,\"error\":{\"code\":-32000,"
	  "\"message\":\"bad\\u0001\\nthing\\t\\u007f\\u00e9!\"}}", EVM_RPC_ERROR, NULL,
	  -32000, "bad??thing????" "!" },
	{ 200, "{\"jsonrpc\":\"2.0\",\"id\":5,\"error\":{\"code\":3,"
	  "\"message\":\"execution reverted\",\"data\":\"0x08c379a0\"}}", EVM_RPC_ERROR, NULL,
	  3, "execution reverted: 0x08c379a0" },
	{ 200, "{\"jsonrpc\":\"2.0\",\"id\":5,\"error\":{\"code\":3,"
	  "\"message\":\"execution reverted\",\"data\":\"bad\\r\\ndata\"}}", EVM_RPC_ERROR,
	  NULL, 3, "execution reverted: bad??data" },
	{ 200, "{\"jsonrpc\":\"2.0\",\"id\":5,\"error\":{\"code\":3,"
	  "\"message\":\"execution reverted\",\"data\":{\"x\":1}}}", EVM_RPC_ERROR, NULL, 3,
	  "execution reverted" },
	{ 200, "{\"jsonrpc\":\"2.0\",\"id\":5,\"error\":{\"code\":3,"
	  "\"message\":\"execution reverted\",\"data\":7}}", EVM_RPC_ERROR, NULL, 3,
	  "execution reverted" },
	{ 200, long_msg_body, EVM_RPC_ERROR, NULL, -1, long_msg_want },
	{ 200, long_msg_data_body, EVM_RPC_ERROR, NULL, -1, long_msg_data_want },
	{ 200, data119_body, EVM_RPC_ERROR, NULL, -1, data119_want },
	{ 200, data120_body, EVM_RPC_ERROR, NULL, -1, "m" },
	/* malformed error objects, an error for another request */
	{ 200, "{\"jsonrpc\":\"2.0\",\"id\":6,\"error\":{\"code\":-32000,"
	  "\"message\":\"x\"}}", EVM_RPC_GARBAGE, NULL, 0, NULL },
	{ 200, "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32000,\"message\":\"x\"}}",
	  EVM_RPC_GARBAGE, NULL, 0, NULL },
	{ 200, "{\"jsonrpc\":\"2.0\",\"id\":5,\"error\":\"boom\"}", EVM_RPC_GARBAGE, NULL, 0,
	  NULL },
	{ 200, "{\"jsonrpc\":\"2.0\",\"id\":5,\"error\":{\"message\":\"x\"}}", EVM_RPC_GARBAGE,
	  NULL, 0, NULL },
	{ 200, "{\"jsonrpc\":\"2.0\",\"id\":5,\"error\":{\"code\":\"-32000\","
	  "\"message\":\"x\"}}", EVM_RPC_GARBAGE, NULL, 0, NULL },
	{ 200, "{\"jsonrpc\":\"2.0\",\"id\":5,\"error\":{\"code\":-32000.0,"
	  "\"message\":\"x\"}}", EVM_RPC_GARBAGE, NULL, 0, NULL },
	{ 200, "{\"jsonrpc\":\"2.0\",\"id\":5,\"error\":{\"code\":-32000}}", EVM_RPC_GARBAGE,
	  NULL, 0, NULL },
	{ 200, "{\"jsonrpc\":\"2.0\",\"id\":5,\"error\":{\"code\":-32000,\"message\":7}}",
	  EVM_RPC_GARBAGE, NULL, 0, NULL },
	/* HTTP errors */
	{ 502, NULL, EVM_RPC_DOWN, NULL, 0, NULL },
	{ 503, "{\"jsonrpc\":\"2.0\",\"id\":5,\"result\":\"0x1a\"}", EVM_RPC_DOWN, NULL, 0,
	  NULL },
	{ 500, "{\"message\":\"internal\"}", EVM_RPC_DOWN, NULL, 0, NULL },
	{ 429, NULL, EVM_RPC_DOWN, NULL, 0, NULL },
	{ 404, "\"not found\"", EVM_RPC_DOWN, NULL, 0, NULL },
	{ 0, NULL, EVM_RPC_DOWN, NULL, 0, NULL },
	{ 199, "{\"jsonrpc\":\"2.0\",\"id\":5,\"result\":\"0x1a\"}", EVM_RPC_DOWN, NULL, 0,
	  NULL },
	{ 300, "{\"jsonrpc\":\"2.0\",\"id\":5,\"result\":\"0x1a\"}", EVM_RPC_DOWN, NULL, 0,
	  NULL },
	/* an error page with an error object: the node failed (a rate limit is
	 * no verdict on the request), its words kept (fuzz_evm found the
	 * 429 read as a refusal) */
	{ 429, "{\"jsonrpc\":\"2.0\",\"id\":5,\"error\":{\"code\":-32005,"
	  "\"message\":\"rate limited\"}}", EVM_RPC_DOWN, NULL, 0, "rate limited" },
	{ 400, "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600,"
	  "\"message\":\"invalid request\"}}", EVM_RPC_DOWN, NULL, 0, "invalid request" },
};

static void
test_rpc_answer(void)
{
	size_t i;

	for (i = 0; i < NELEM(rpc_rows); i++) {
		json_t *body = NULL, *result = (json_t *)1;
		struct evm_rpc_error err;
		json_error_t jerr;
		enum evm_rpc_rc rc;

		if (rpc_rows[i].body != NULL) {
			body = json_loads(rpc_rows[i].body, JSON_REJECT_DUPLICATES | JSON_DECODE_ANY,
			    &jerr);
			UNIT_REQUIRE(body != NULL, "rpc row %zu: bad test JSON: %s", i, jerr.text);
		}
		memset(&err, 0x5a, sizeof(err));
		rc = evm_rpc_answer(rpc_rows[i].status, body, 5, &result, &err);
		UNIT_CHECK(rc == rpc_rows[i].rc, "rpc row %zu (%ld %.120s): %s want %s", i,
		    rpc_rows[i].status, rpc_rows[i].body ? rpc_rows[i].body : "(not JSON)",
		    rpc_rc_name(rc), rpc_rc_name(rpc_rows[i].rc));
		UNIT_CHECK(err.http_status == rpc_rows[i].status, "rpc row %zu: http_status %ld",
		    i, err.http_status);
		if (rc == EVM_RPC_OK && rpc_rows[i].rc == EVM_RPC_OK) {
			char *text = result ? json_dumps(result, JSON_ENCODE_ANY | JSON_COMPACT) : NULL;
			json_t *want = json_loads(rpc_rows[i].result, JSON_DECODE_ANY, NULL);

			UNIT_CHECK(result != NULL && want != NULL && json_equal(result, want),
			    "rpc row %zu: result %s want %s", i, text ? text : "(null)",
			    rpc_rows[i].result);
			free(text);
			json_decref(want);
			json_decref(result);
		} else {
			UNIT_CHECK(result == NULL, "rpc row %zu: result set on %s", i, rpc_rc_name(rc));
		}
		if (rc == EVM_RPC_ERROR && rpc_rows[i].rc == EVM_RPC_ERROR) {
			UNIT_CHECK(err.code == rpc_rows[i].code, "rpc row %zu: code %lld want %lld",
			    i, err.code, rpc_rows[i].code);
			UNIT_CHECK(memchr(err.message, '\0', sizeof(err.message)) != NULL &&
			    strcmp(err.message, rpc_rows[i].message) == 0,
			    "rpc row %zu: message \"%.200s\" want \"%s\"", i, err.message,
			    rpc_rows[i].message);
		}
		json_decref(body);
	}
}

static void
test_qty(void)
{
	static const struct {
		const char *json;
		int rc;
		uint64_t v;
	} u64_rows[] = {
		{ "\"0x0\"", 0, 0 },
		{ "\"0x1\"", 0, 1 },
		{ "\"0x1a\"", 0, 26 },
		{ "\"0x7a69\"", 0, 31337 },
		{ "\"0xAbC\"", 0, 0xabc }, /* upper-case digits: the code accepts them */
		{ "\"0x8000000000000000\"", 0, 0x8000000000000000ULL },
		{ "\"0xffffffffffffffff\"", 0, UINT64_MAX },
		{ "\"0x\"", -1, 0 },
		{ "\"0x00\"", -1, 0 },
		{ "\"0x01\"", -1, 0 },
		{ "\"0x0ffffffffffffffff\"", -1, 0 },
		{ "\"1a\"", -1, 0 },
		{ "\"0\"", -1, 0 },
		{ "\"0xg\"", -1, 0 },
		{ "\"0x1g\"", -1, 0 },
		{ "\"0X1a\"", -1, 0 },
		{ "\"0x10000000000000000\"", -1, 0 }, /* 17 digits */
		{ "\"0x1a \"", -1, 0 },
		{ "\" 0x1a\"", -1, 0 },
		{ "\"-0x1\"", -1, 0 },
		{ "\"0x-1\"", -1, 0 },
		{ "\"\"", -1, 0 },
		{ "26", -1, 0 },
		{ "0", -1, 0 },
		{ "null", -1, 0 },
		{ "true", -1, 0 },
		{ "[\"0x1\"]", -1, 0 },
	};
	static const struct {
		const char *json;
		int rc;
		const char *hex; /* the value, hex digits */
	} mpz_rows[] = {
		{ "\"0x0\"", 0, "0" },
		{ "\"0x1a\"", 0, "1a" },
		{ "\"0x10000000000000000\"", 0, "10000000000000000" },
		{ "\"0xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff\"", 0,
		  "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff" },
		{ "\"0x1000000000000000000000000000000000000000000000000000000000000000\"", 0,
		  "1000000000000000000000000000000000000000000000000000000000000000" },
		{ "\"0x10000000000000000000000000000000000000000000000000000000000000000\"", -1,
		  NULL }, /* 65 digits */
		{ "\"0x01\"", -1, NULL },
		{ "\"0x\"", -1, NULL },
		{ "\"1a\"", -1, NULL },
		{ "\"0x1 \"", -1, NULL },
		{ "\"0x 1\"", -1, NULL },
		{ "26", -1, NULL },
		{ "null", -1, NULL },
	};
	size_t i;
	mpz_t z, want;

	for (i = 0; i < NELEM(u64_rows); i++) {
		json_t *v = json_loads(u64_rows[i].json, JSON_DECODE_ANY, NULL);
		uint64_t out = 12345;
		int rc;

		UNIT_REQUIRE(v != NULL, "qty row %zu: bad test JSON", i);
		rc = evm_qty_u64(v, &out);
		UNIT_CHECK(rc == u64_rows[i].rc, "qty_u64 %s: rc %d want %d", u64_rows[i].json, rc,
		    u64_rows[i].rc);
		if (rc == 0 && u64_rows[i].rc == 0)
			UNIT_CHECK(out == u64_rows[i].v, "qty_u64 %s: %llu want %llu",
			    u64_rows[i].json, (unsigned long long)out,
			    (unsigned long long)u64_rows[i].v);
		json_decref(v);
	}
	UNIT_CHECK(evm_qty_u64(NULL, &(uint64_t){ 0 }) == -1, "qty_u64 NULL");

	mpz_inits(z, want, NULL);
	for (i = 0; i < NELEM(mpz_rows); i++) {
		json_t *v = json_loads(mpz_rows[i].json, JSON_DECODE_ANY, NULL);
		int rc;

		UNIT_REQUIRE(v != NULL, "qty_mpz row %zu: bad test JSON", i);
		mpz_set_si(z, -7);
		rc = evm_qty_mpz(v, z);
		UNIT_CHECK(rc == mpz_rows[i].rc, "qty_mpz %.80s: rc %d want %d", mpz_rows[i].json,
		    rc, mpz_rows[i].rc);
		if (rc == 0 && mpz_rows[i].rc == 0) {
			UNIT_REQUIRE(mpz_set_str(want, mpz_rows[i].hex, 16) == 0, "literal");
			UNIT_CHECK(mpz_cmp(z, want) == 0, "qty_mpz %.80s: value differs",
			    mpz_rows[i].json);
		}
		json_decref(v);
	}
	mpz_clears(z, want, NULL);

	/* evm_qty_json, read back */
	{
		static const struct {
			uint64_t v;
			const char *text;
		} rows[] = {
			{ 0, "0x0" }, { 26, "0x1a" }, { 31337, "0x7a69" },
			{ UINT64_MAX, "0xffffffffffffffff" },
		};

		for (i = 0; i < NELEM(rows); i++) {
			json_t *j = evm_qty_json(rows[i].v);
			uint64_t back = 1;

			UNIT_CHECK(json_is_string(j) && strcmp(json_string_value(j), rows[i].text) == 0 &&
			    evm_qty_u64(j, &back) == 0 && back == rows[i].v,
			    "qty_json %llu: want \"%s\"", (unsigned long long)rows[i].v, rows[i].text);
			json_decref(j);
		}
	}
}

static void
test_hash_data(void)
{
	static const char h[] =
	    "0xfcd69d407575fc2e1d590a7317f4806e8c25e06957e3fcfe673f2e84c7bffb83";
	static const struct {
		const char *json;
		int rc;
	} rows[] = {
		{ "\"0xfcd69d407575fc2e1d590a7317f4806e8c25e06957e3fcfe673f2e84c7bffb83\"", 0 },
		{ "\"0xFCD69D407575FC2E1D590A7317F4806E8C25E06957E3FCFE673F2E84C7BFFB83\"", 0 },
		{ "\"0xfcd69d407575fc2e1d590a7317f4806e8c25e06957e3fcfe673f2e84c7bffb8\"", -1 },
		{ "\"0xfcd69d407575fc2e1d590a7317f4806e8c25e06957e3fcfe673f2e84c7bffb8300\"", -1 },
		{ "\"fcd69d407575fc2e1d590a7317f4806e8c25e06957e3fcfe673f2e84c7bffb83\"", -1 },
		{ "\"0xfcd69d407575fc2e1d590a7317f4806e8c25e06957e3fcfe673f2e84c7bffbzz\"", -1 },
		{ "null", -1 },
		{ "7", -1 },
	};
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		json_t *v = json_loads(rows[i].json, JSON_DECODE_ANY, NULL);
		char out[67 + 4];
		int rc;

		UNIT_REQUIRE(v != NULL, "hash row %zu: bad test JSON", i);
		memset(out, 'Z', sizeof(out));
		rc = evm_hash_copy(v, out);
		UNIT_CHECK(rc == rows[i].rc, "hash_copy %.80s: rc %d want %d", rows[i].json, rc,
		    rows[i].rc);
		if (rc == 0 && rows[i].rc == 0)
			UNIT_STR_EQ(out, h, "hash_copy lowercases");
		json_decref(v);
	}
	/* evm_data_exact: exactly n bytes */
	{
		json_t *v = json_string("0x00ff10");
		unsigned char out[8];

		memset(out, 0x5a, sizeof(out));
		UNIT_CHECK(evm_data_exact(v, out, 3) == 0 && bytes_are(out, 3, "00ff10") &&
		    out[3] == 0x5a, "data_exact 3 bytes");
		UNIT_CHECK(evm_data_exact(v, out, 2) == -1, "data_exact wants 2, has 3");
		UNIT_CHECK(evm_data_exact(v, out, 4) == -1, "data_exact wants 4, has 3");
		json_decref(v);
		v = json_integer(3);
		UNIT_CHECK(evm_data_exact(v, out, 3) == -1, "data_exact of a number");
		json_decref(v);
	}
}

static void
test_rpc_known(void)
{
	static const struct {
		const char *message;
		int known;
	} rows[] = {
		{ "already known", 1 },
		{ "ALREADY KNOWN", 1 },
		{ "nonce too low", 1 },
		{ "nonce too low: next nonce 8, tx nonce 7", 1 },
		{ "AlreadyKnown", 1 },
		{ "NonceTooLow: ...", 1 },
		{ "known transaction: 0xabc", 1 },
		{ "Transaction with the same hash was already imported.", 1 },
		{ "nonce has already been used", 1 },
		{ "insufficient funds for gas * price + value", 0 },
		{ "insufficient funds", 0 },
		{ "replacement transaction underpriced", 0 },
		{ "execution reverted", 0 },
		{ "nonce too high", 0 },
		{ "", 0 },
	};
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		struct evm_rpc_error err;

		memset(&err, 0, sizeof(err));
		snprintf(err.message, sizeof(err.message), "%s", rows[i].message);
		UNIT_CHECK(evm_rpc_known(&err) == rows[i].known, "rpc_known \"%s\": want %d",
		    rows[i].message, rows[i].known);
	}
}

/* ------------------------------------------------------------ the suite */

static int
suite_init(void)
{
	char msg[400];

	/* a 300-byte message: 199 bytes are kept */
	memset(msg, 'a', 300);
	msg[300] = '\0';
	snprintf(long_msg_body, sizeof(long_msg_body),
	    "{\"jsonrpc\":\"2.0\",\"id\":5,\"error\":{\"code\":-1,\"message\":\"%s\"}}", msg);
	memset(long_msg_want, 'a', 199);
	long_msg_want[199] = '\0';
	/* with string data, the message is cut to 70 bytes */
	memset(msg, 'b', 100);
	msg[100] = '\0';
	snprintf(long_msg_data_body, sizeof(long_msg_data_body),
	    "{\"jsonrpc\":\"2.0\",\"id\":5,\"error\":{\"code\":-1,\"message\":\"%s\","
	    "\"data\":\"0x01\"}}", msg);
	memset(long_msg_data_want, 'b', 70);
	snprintf(long_msg_data_want + 70, sizeof(long_msg_data_want) - 70, ": 0x01");
	/* data below 120 bytes is appended, 120 and more is not */
	memset(msg, 'd', 120);
	msg[119] = '\0';
	snprintf(data119_body, sizeof(data119_body),
	    "{\"jsonrpc\":\"2.0\",\"id\":5,\"error\":{\"code\":-1,\"message\":\"m\","
	    "\"data\":\"%s\"}}", msg);
	snprintf(data119_want, sizeof(data119_want), "m: %.119s", msg);
	msg[119] = 'd';
	msg[120] = '\0';
	snprintf(data120_body, sizeof(data120_body),
	    "{\"jsonrpc\":\"2.0\",\"id\":5,\"error\":{\"code\":-1,\"message\":\"m\","
	    "\"data\":\"%s\"}}", msg);
	return 0;
}

int
main(void)
{
	static const struct tu_test tests[] = {
		{ "keccak256 known vectors", test_keccak_known },
		{ "keccak256 rate boundary, one-shot and in chunks", test_keccak_rate_boundary },
		{ "keccak256_final wipes the state", test_keccak_final_wipes },
		{ "selectors and topics", test_selectors_topics },
		{ "rlp items", test_rlp_items },
		{ "rlp lists", test_rlp_lists },
		{ "rlp long strings", test_rlp_long_strings },
		{ "rlp into a full buffer", test_rlp_buffer_full },
		{ "evm_addr_parse", test_addr_parse },
		{ "evm_unhex, evm_unhex_any, evm_hex", test_unhex },
		{ "evm_id_word", test_id_word },
		{ "evm_units_from_text", test_units_from_text },
		{ "evm_units_to_text", test_units_to_text },
		{ "evm_abi_uint, evm_abi_address", test_abi_words },
		{ "evm_key_load good files", test_key_load_good },
		{ "evm_key_load refuses a readable mode", test_key_load_mode },
		{ "evm_key_load refuses another user's file", test_key_load_owner },
		{ "evm_key_load bad files", test_key_load_bad },
		{ "evm_key_address", test_key_address },
		{ "evm_tx_sign against ethers' bytes", test_tx_sign },
		{ "evm_key_sign and evm_key_recover", test_key_sign },
		{ "evm_tx_sign checked by ethers (check_tx.mjs)", test_tx_ethers },
		{ "evm_tx_sign of an ether transfer checked by ethers", test_tx_value_ethers },
		{ "evm_rpc_answer", test_rpc_answer },
		{ "evm_qty_u64, evm_qty_mpz, evm_qty_json", test_qty },
		{ "evm_hash_copy, evm_data_exact", test_hash_data },
		{ "evm_rpc_known", test_rpc_known },
	};

	return tu_main("evm", suite_init, NULL, tests, NELEM(tests));
}
