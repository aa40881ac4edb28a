/*
 * The real chain (providers.chain = evm) against the sandbox's Anvil node,
 * through the whole stack: a wallet's quote -> convert -> confirm, a
 * stablecoin transfer, a partner withdrawal and a partner deposit, each a
 * real transaction the tests then read on chain themselves (token balances
 * moved by exactly the base units, one Converted event per conversion) and
 * in the ledger; then every bad input with nothing written or sent.
 * Runs only on a stack started with --chain evm (tools/test.sh's evm pass).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/buf.h"
#include "core/eip55.h"
#include "core/strict.h"
#include "providers/evm_abi.h"
#include "itc.h"
#include "receiver.h"

/* ---- helpers of this suite ---- */

static long long
count_sql(const char *sql, const char *p1)
{
	return it_db_scalar(sql, p1, NULL);
}

/* The conversion's id from an answer of convert (64 bytes). */
static void
conversion_id(const struct it_resp *r, char *id)
{
	const char *v = it_str(json_object_get(r->json, "data"), "conversionId");

	snprintf(id, 64, "%s", v ? v : "");
}

/* A 0x + 64 lowercase hex string. */
static int
is_tx_hash(const char *h)
{
	size_t i;

	if (h == NULL || strlen(h) != 66 || strncmp(h, "0x", 2) != 0)
		return 0;
	for (i = 2; i < 66; i++)
		if (!((h[i] >= '0' && h[i] <= '9') || (h[i] >= 'a' && h[i] <= 'f')))
			return 0;
	return 1;
}

/* The conversion's status (16 bytes). */
static void
conversion_status(const char *id, char *out)
{
	out[0] = '\0';
	(void)it_db_text("SELECT status FROM conversions WHERE id = ?", id, NULL, out, 16);
}

/* A wallet on chain holding units of USDT, with the gateway approved for
 * them. */
static void
funded_wallet(struct itc_wallet *w, const char *units)
{
	itc_chain_wallet(w, "verified");
	itc_limit(w, "convert", 1000);
	itc_limit(w, "payouts", 1000);
	itc_limit(w, "beneficiaries", 1000);
	itc_mint("USDT", w->id, units);
	itc_approve("USDT", w->id, units);
}

/*
 * The transaction the operator signed for conversion id, checked by a
 * third-party library: npm ethers parses the stored raw bytes, recovers the
 * signer (the operator's address, as stored) and every field must be what
 * the service meant: the gateway's convert(id, token, wallet, units).
 */
static void
ethers_accepts(const char *id, const char *wallet, const char *units)
{
	char raw[4096], hash[70], sender[48], operator[43], nonce[24], fee[24], tip[24], gas[24];
	char data[1024], expected[2600], cmd[8000];
	unsigned char w[EVM_WORD], tok[20], who[20];
	struct buf b;
	mpz_t v;

	CU_ASSERT_EQUAL_FATAL(it_db_text("SELECT raw FROM chain_txs WHERE ref_id = ? AND "
	    "attempt = 1", id, NULL, raw, sizeof(raw)), 0);
	(void)it_db_text("SELECT tx_hash FROM chain_txs WHERE ref_id = ? AND attempt = 1", id,
	    NULL, hash, sizeof(hash));
	(void)it_db_text("SELECT sender FROM chain_sends WHERE ref_id = ?", id, NULL, sender,
	    sizeof(sender));
	(void)it_db_text("SELECT nonce FROM chain_sends WHERE ref_id = ?", id, NULL, nonce,
	    sizeof(nonce));
	(void)it_db_text("SELECT max_fee_wei FROM chain_txs WHERE ref_id = ? AND attempt = 1",
	    id, NULL, fee, sizeof(fee));
	(void)it_db_text("SELECT priority_fee_wei FROM chain_txs WHERE ref_id = ? AND "
	    "attempt = 1", id, NULL, tip, sizeof(tip));
	(void)it_db_text("SELECT gas_limit FROM chain_txs WHERE ref_id = ? AND attempt = 1", id,
	    NULL, gas, sizeof(gas));
	buf_init(&b, 1024);
	mpz_init_set_str(v, units, 10);
	CU_ASSERT_FATAL(evm_id_word(id, w) == 0 && evm_addr_parse(itc_token("USDT"), tok) == 0 &&
	    evm_addr_parse(wallet, who) == 0);
	CU_ASSERT_FATAL((evm_abi_selector(&b, EVM_SIG_CONVERT) || evm_abi_bytes32(&b, w) ||
	    evm_abi_address(&b, tok) || evm_abi_address(&b, who) || evm_abi_uint(&b, v)) == 0);
	evm_hex((const unsigned char *)b.data, b.len, data);
	mpz_clear(v);
	buf_free(&b);
	snprintf(expected, sizeof(expected), "{\"from\":\"%s\",\"hash\":\"%s\",\"chainId\":"
	    "\"%s\",\"nonce\":\"%s\",\"maxPriorityFeePerGas\":\"%s\",\"maxFeePerGas\":"
	    "\"%s\",\"gasLimit\":\"%s\",\"to\":\"%s\",\"value\":\"0\",\"data\":\"%s\"}",
	    sender, hash, it_env("CHAIN_ID"), nonce, tip, fee, gas, it_env("CHAIN_GATEWAY"), data);
	itc_operator(operator);
	CU_ASSERT_STRING_EQUAL(sender, operator);
	snprintf(cmd, sizeof(cmd), "cd %s/.. && node tests/chain/check_tx.mjs '%s' '%s' 2>&1",
	    it_env("CEDIRAMP_BUILD"), raw, expected);
	CU_ASSERT_EQUAL(it_output(cmd, raw, sizeof(raw)), 0);
	CU_ASSERT_STRING_EQUAL(raw, "ok\n");
}

/* ---- the flows ---- */

/*
 * quote -> convert -> confirm, one transaction on chain. With mining held,
 * the test decides when blocks come: after one block the receipt exists
 * but the conversion is not final (202 processing, nothing credited);
 * after the second (the sandbox's confirmations) it completes, once.
 */
static void
test_wallet_convert(void)
{
	struct itc_wallet w;
	struct it_resp r;
	char qid[QUOTE_ID_MAX], receive[40], id[64], hash[70], stored[70], raw[8];
	char w0[80], t0[80], w1[80], t1[80], d[80], avail[40], pend[40];
	json_t *data;

	funded_wallet(&w, "25000000"); /* 25 USDT */
	itc_token_balance("USDT", w.id, w0);
	itc_token_balance("USDT", it_env("CHAIN_TREASURY"), t0);
	CU_ASSERT_EQUAL_FATAL(itc_quote(&w, "USDT", "25", qid, receive), 0);
	itc_mining(0);
	CU_ASSERT_EQUAL(itc_convert(&w, qid, "25", "USDT", NULL, &r), 201);
	conversion_id(&r, id);
	data = json_object_get(r.json, "data");
	CU_ASSERT_STRING_EQUAL(it_str(data, "status"), "processing");
	snprintf(hash, sizeof(hash), "%s", it_str(data, "txHash") ? it_str(data, "txHash") : "");
	CU_ASSERT(is_tx_hash(hash));
	it_resp_free(&r);
	/* stored before it was sent: the signed bytes, the operator's nonce */
	CU_ASSERT_EQUAL(it_db_text("SELECT tx_hash FROM chain_sends WHERE ref_id = ? AND "
	    "purpose = 'conversion' AND nonce IS NOT NULL AND sender IS NOT NULL", id, NULL,
	    stored, sizeof(stored)), 0);
	CU_ASSERT_STRING_EQUAL(stored, hash);
	CU_ASSERT_EQUAL(it_db_text("SELECT LEFT(raw, 4) FROM chain_txs WHERE tx_hash = ?", hash,
	    NULL, raw, sizeof(raw)), 0);
	CU_ASSERT_STRING_EQUAL(raw, "0x02"); /* an EIP-1559 transaction */
	ethers_accepts(id, w.id, "25000000");
	/* one block: mined, one confirmation of two: nothing credited yet */
	itc_mine(1);
	CU_ASSERT(itc_wait_mined(hash, 0) >= 0);
	CU_ASSERT_EQUAL(itc_confirm(&w, id, NULL, &r), 202);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "status"), "processing");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(count_sql("SELECT COUNT(*) FROM ledger_transactions WHERE ref_id = ?", id), 0);
	/* the second block: final */
	itc_mine(1);
	CU_ASSERT_EQUAL(itc_confirm(&w, id, NULL, &r), 200);
	data = json_object_get(r.json, "data");
	CU_ASSERT_STRING_EQUAL(it_str(data, "status"), "completed");
	CU_ASSERT_STRING_EQUAL(it_str(data, "ghsBalance"), receive);
	it_resp_free(&r);
	itc_mining(1);
	/* on chain: exactly 25 USDT moved from the wallet to the treasury, once */
	itc_token_balance("USDT", w.id, w1);
	itc_token_balance("USDT", it_env("CHAIN_TREASURY"), t1);
	itc_int_sub(w0, w1, d, sizeof(d));
	CU_ASSERT_STRING_EQUAL(d, "25000000");
	itc_int_sub(t1, t0, d, sizeof(d));
	CU_ASSERT_STRING_EQUAL(d, "25000000");
	CU_ASSERT_EQUAL(itc_converted(id), 1);
	/* the ledger agrees: one posting, the receive amount credited */
	CU_ASSERT_EQUAL(count_sql("SELECT COUNT(*) FROM ledger_transactions WHERE ref_id = ? "
	    "AND kind = 'conversion.completed'", id), 1);
	itc_balances(&w, avail, pend);
	CU_ASSERT_STRING_EQUAL(avail, receive);
	CU_ASSERT_EQUAL(count_sql("SELECT COUNT(*) FROM chain_sends WHERE ref_id = ? AND "
	    "status = 'confirmed'", id), 1);
	/* confirming again changes nothing */
	CU_ASSERT_EQUAL(itc_confirm(&w, id, NULL, &r), 200);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(count_sql("SELECT COUNT(*) FROM ledger_transactions WHERE ref_id = ?", id), 1);
	CU_ASSERT_EQUAL(it_worker("reconcile"), 0);
	itc_wallet_free(&w);
}

/* A transfer in USDT: its conversion goes through the gateway, then the
 * payout of the proceeds. */
static void
test_stablecoin_transfer(void)
{
	struct itc_wallet w;
	struct it_resp r;
	char bid[40], body[256], cid[64], pid[64], w0[80], w1[80], d[80], st[16];

	funded_wallet(&w, "6000000");
	itc_beneficiary(&w, "MTN", 791, bid);
	itc_token_balance("USDT", w.id, w0);
	snprintf(body, sizeof(body), "{\"beneficiaryId\":\"%s\",\"amount\":\"6\","
	    "\"currency\":\"USDT\"}", bid);
	CU_ASSERT_EQUAL_FATAL(itc_post(&w, "/api/mobile-money/transfer", NULL, body, &r), 201);
	snprintf(pid, sizeof(pid), "%s", it_str(json_object_get(r.json, "data"), "transactionId"));
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_db_text("SELECT conversion_id FROM payouts WHERE id = ?", pid, NULL,
	    cid, sizeof(cid)), 0);
	CU_ASSERT(itc_until(itc_payout_final, pid, 0));
	CU_ASSERT_EQUAL(it_db_text("SELECT status FROM payouts WHERE id = ?", pid, NULL, st,
	    sizeof(st)), 0);
	CU_ASSERT_STRING_EQUAL(st, "completed");
	conversion_status(cid, st);
	CU_ASSERT_STRING_EQUAL(st, "completed");
	itc_token_balance("USDT", w.id, w1);
	itc_int_sub(w0, w1, d, sizeof(d));
	CU_ASSERT_STRING_EQUAL(d, "6000000");
	CU_ASSERT_EQUAL(itc_converted(cid), 1);
	CU_ASSERT_EQUAL(it_worker("reconcile"), 0);
	itc_wallet_free(&w);
}

/* A partner's withdrawal: the worker converts it from the custody address
 * through the gateway, then pays it out. */
static void
test_withdrawal(void)
{
	struct itc_partner p;
	struct it_resp r;
	char id[64], body[400], phone[20], t0[80], t1[80], d[80], st[16], hash[70], onchain[70];
	json_t *data;

	itc_partner_new(&p, "verified", 0);
	itc_phone(792, phone, sizeof(phone));
	itc_token_balance("USDT", it_env("CHAIN_TREASURY"), t0);
	snprintf(body, sizeof(body), "{\"amount\":\"12.5\",\"currency\":\"USDT\","
	    "\"recipient_phone\":\"%s\",\"mobile_network\":\"MTN\",\"reference_id\":\"evm-wd-1\"}",
	    phone);
	CU_ASSERT_EQUAL_FATAL(itc_partner_send(&p, "POST", "/v1/withdrawals", body, &r), 201);
	snprintf(id, sizeof(id), "%s", it_str(json_object_get(r.json, "data"), "withdrawal_id"));
	it_resp_free(&r);
	CU_ASSERT(itc_until(itc_withdrawal_final, id, 0));
	CU_ASSERT_EQUAL(it_db_text("SELECT status FROM withdrawals WHERE id = ?", id, NULL,
	    st, sizeof(st)), 0);
	CU_ASSERT_STRING_EQUAL(st, "completed");
	itc_token_balance("USDT", it_env("CHAIN_TREASURY"), t1);
	itc_int_sub(t1, t0, d, sizeof(d));
	CU_ASSERT_STRING_EQUAL(d, "12500000");
	CU_ASSERT_EQUAL(itc_converted(id), 1);
	/* its on_chain_tx_hash is the transaction the chain has */
	snprintf(body, sizeof(body), "/v1/withdrawals/%s", id);
	CU_ASSERT_EQUAL(itc_partner_get(&p, body, &r), 200);
	data = json_object_get(r.json, "data");
	snprintf(onchain, sizeof(onchain), "%s", it_str(data, "on_chain_tx_hash") ?
	    it_str(data, "on_chain_tx_hash") : "");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_db_text("SELECT mined_hash FROM chain_sends WHERE ref_id = ?", id,
	    NULL, hash, sizeof(hash)), 0);
	CU_ASSERT_STRING_EQUAL(onchain, hash);
	CU_ASSERT(itc_wait_mined(onchain, 0) >= 0);
	CU_ASSERT_EQUAL(it_worker("reconcile"), 0);
}

/* ---- deposits ---- */

struct dep_ref {
	const char *partner_row;
	const char *want;  /* partner_deposits rows from the chain wanted */
};

static int
deposits_seen(const void *arg)
{
	const struct dep_ref *k = arg;
	char n[16];

	(void)it_worker("deposits");
	snprintf(n, sizeof(n), "%lld", it_db_scalar("SELECT COUNT(*) FROM partner_deposits "
	    "WHERE partner_id = ? AND source = 'chain'", k->partner_row, NULL));
	return strcmp(n, k->want) == 0;
}

/* A transfer of units USDT from sender to the custody address; its hash. */
static void
deposit(const char *sender, const char *units, char *hash)
{
	char data[300];

	itc_mint("USDT", sender, units);
	itc_transfer_data(it_env("CHAIN_CUSTODY"), units, data, sizeof(data));
	CU_ASSERT_EQUAL_FATAL(itc_send_as(sender, itc_token("USDT"), data, hash), 0);
}

/* A registered address's deposit is credited once, however often its log
 * is read; an unregistered one is left for an operator. */
static void
test_deposits(void)
{
	struct itc_partner p;
	struct dep_ref k;
	char from[43], stranger[43], args[400], out[4096], err[1024], hash[70], hash2[70];
	char before[40], after[40], ref[120], block[24], key[65], sig[140];

	itc_partner_new(&p, "verified", 0);
	itc_chain_key(key, from);
	CU_ASSERT_EQUAL(itc_prove_wallet(&p, key, from, NULL, sig, err, sizeof(err)), 0);
	itc_partner_available(&p, "USDT", before);
	deposit(from, "40000000", hash);
	k = (struct dep_ref){ p.row, "1" };
	CU_ASSERT(itc_until(deposits_seen, &k, 0));
	itc_partner_available(&p, "USDT", after);
	itc_ghs_sub(after, before, out, sizeof(out)); /* 2-place DECIMAL subtraction */
	CU_ASSERT_STRING_EQUAL(out, "40.00");
	CU_ASSERT_EQUAL(count_sql("SELECT COUNT(*) FROM chain_deposits WHERE tx_hash = ? AND "
	    "status = 'credited' AND credits = 1", hash), 1);
	/* the same log read again (the scan moved back over its block): once */
	CU_ASSERT_EQUAL(it_db_text("SELECT block_number FROM chain_deposits WHERE tx_hash = ?",
	    hash, NULL, block, sizeof(block)), 0);
	CU_ASSERT(it_db_exec("DELETE FROM chain_blocks WHERE number >= ?", block, NULL) > 0);
	CU_ASSERT_EQUAL(it_worker("deposits"), 0);
	CU_ASSERT_EQUAL(count_sql("SELECT COUNT(*) FROM chain_blocks WHERE number = ?", block), 1);
	itc_partner_available(&p, "USDT", out);
	CU_ASSERT_STRING_EQUAL(out, after);
	CU_ASSERT_EQUAL(count_sql("SELECT COUNT(*) FROM partner_deposits WHERE deposit_reference LIKE "
	    "CONCAT('chain:%', ?, '%')", hash), 1);

	/* from an address no partner registered: recorded, not credited */
	itc_chain_address(stranger);
	deposit(stranger, "7000000", hash2);
	CU_ASSERT(itc_until(deposits_seen, &k, 0)); /* still one credit */
	{
		struct it_wait w;

		for (it_wait_start(&w, "the deposit to be seen", 0); count_sql("SELECT COUNT(*) "
		    "FROM chain_deposits WHERE tx_hash = ?", hash2) == 0 && it_wait_next(&w);)
			(void)it_worker("deposits");
	}
	CU_ASSERT_EQUAL(count_sql("SELECT COUNT(*) FROM chain_deposits WHERE tx_hash = ? AND "
	    "status = 'unmatched' AND partner_id IS NULL AND credits = 0", hash2), 1);
	itc_partner_available(&p, "USDT", out);
	CU_ASSERT_STRING_EQUAL(out, after);
	/* reconcile lists it, with the command that assigns it */
	CU_ASSERT_EQUAL(it_db_text("SELECT deposit_reference FROM chain_deposits WHERE tx_hash = ?", hash2,
	    NULL, ref, sizeof(ref)), 0);
	CU_ASSERT_EQUAL(it_worker_output("reconcile", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "unmatched"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, stranger));
	snprintf(args, sizeof(args), "partner credit PARTNER_ID USDT 7.000000 --reference %s", ref);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, args));
	/* an operator assigns it: wrong amount refused, then once, never twice */
	snprintf(args, sizeof(args), "partner credit %s USDT 7.5 --reference %s", p.pid, ref);
	CU_ASSERT_EQUAL(it_admin_run(args, out, sizeof(out), err, sizeof(err)), 2);
	snprintf(args, sizeof(args), "partner credit %s USDT 7 --reference %s", p.pid, ref);
	CU_ASSERT_EQUAL(it_admin_run(args, out, sizeof(out), err, sizeof(err)), 0);
	CU_ASSERT_NOT_EQUAL(it_admin_run(args, out, sizeof(out), err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(count_sql("SELECT COUNT(*) FROM chain_deposits WHERE tx_hash = ? AND "
	    "status = 'assigned' AND credits = 1", hash2), 1);
	itc_partner_available(&p, "USDT", out);
	itc_ghs_sub(out, before, err, sizeof(err));
	CU_ASSERT_STRING_EQUAL(err, "47.00");
	CU_ASSERT_EQUAL(it_worker("reconcile"), 0);
}

/* ---- deposit addresses are proven (issue 34, item 5) ---- */

/* Partner p's registered addresses (lowercase addr's rows). */
static long long
registered(const struct itc_partner *p, const char *addr)
{
	return it_db_scalar("SELECT COUNT(*) FROM partner_wallets WHERE partner_id = ? AND "
	    "address = LOWER(?)", p->row, addr);
}

/*
 * An address is registered only with its key's personal_sign (made by npm
 * ethers) of a live challenge of this partner: no signature, another
 * key's, another partner's challenge, a used or expired one, a checksum
 * typo: refused, nothing stored.
 */
static void
test_wallet_proof(void)
{
	struct itc_partner p, q;
	char key[65], addr[43], other_key[65], other[43], msg[700], sig[140], sig2[140],
	    err[1024], out[1024], args[600], want[200], typo[43];
	size_t i;

	itc_partner_new(&p, "verified", 0);
	itc_partner_new(&q, "verified", 0);
	itc_chain_key(key, addr);
	itc_chain_key(other_key, other);

	/* no signature: refused, saying how */
	snprintf(args, sizeof(args), "partner wallet add %s %s", p.pid, addr);
	CU_ASSERT_EQUAL(it_admin_run(args, out, sizeof(out), err, sizeof(err)), 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "--signature is required"));
	CU_ASSERT_EQUAL(registered(&p, addr), 0);

	/* the challenge names the partner, the address, the chain, a nonce */
	CU_ASSERT_EQUAL(itc_prove_wallet(&p, key, addr, msg, sig, err, sizeof(err)), 0);
	snprintf(want, sizeof(want), "\nPartner: %s\nAddress: %s\nChain ID: %s\nNonce: ", p.pid,
	    addr, it_env("CHAIN_ID"));
	CU_ASSERT_PTR_NOT_NULL(strstr(msg, want));
	CU_ASSERT_PTR_NOT_NULL(strstr(msg, "\nExpires: "));
	CU_ASSERT_EQUAL(registered(&p, addr), 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM partner_wallet_challenges c JOIN "
	    "partners p ON p.id = c.partner_id WHERE p.public_id = ? AND c.used_at IS NOT NULL",
	    p.pid, NULL), 1);
	/* again, for the same partner: nothing to prove, nothing changes */
	snprintf(args, sizeof(args), "partner wallet add %s %s --signature %s", p.pid, addr, sig);
	CU_ASSERT_EQUAL(it_admin_run(args, out, sizeof(out), err, sizeof(err)), 0);

	/* the signature is used up: removed, then added with it again, refused */
	snprintf(args, sizeof(args), "partner wallet remove %s %s", p.pid, addr);
	CU_ASSERT_EQUAL(it_admin_run(args, out, sizeof(out), err, sizeof(err)), 0);
	snprintf(args, sizeof(args), "partner wallet add %s %s --signature %s", p.pid, addr, sig);
	CU_ASSERT_EQUAL(it_admin_run(args, out, sizeof(out), err, sizeof(err)), 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "signature: not made by"));
	CU_ASSERT_EQUAL(registered(&p, addr), 0);
	/* p's signature for q (q holds no challenge it matches) */
	snprintf(args, sizeof(args), "partner wallet challenge %s %s", q.pid, addr);
	CU_ASSERT_EQUAL(it_admin_run(args, out, sizeof(out), err, sizeof(err)), 0);
	snprintf(args, sizeof(args), "partner wallet add %s %s --signature %s", q.pid, addr, sig);
	CU_ASSERT_EQUAL(it_admin_run(args, out, sizeof(out), err, sizeof(err)), 2);
	CU_ASSERT_EQUAL(registered(&q, addr), 0);
	/* another key signs a challenge for addr: refused */
	CU_ASSERT_EQUAL(itc_prove_wallet(&p, other_key, addr, NULL, sig2, err, sizeof(err)), 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "signature: not made by"));
	CU_ASSERT_EQUAL(registered(&p, addr), 0);
	/* an expired challenge: its signature no longer registers (here: one
	 * that worked, removed, its challenge made unused again but expired) */
	CU_ASSERT_EQUAL(itc_prove_wallet(&p, other_key, other, NULL, sig2, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(it_db_exec("UPDATE partner_wallet_challenges c JOIN partners p ON p.id = "
	    "c.partner_id SET c.expires_at = UTC_TIMESTAMP() - INTERVAL 1 SECOND, c.created_at = "
	    "UTC_TIMESTAMP() - INTERVAL 3601 SECOND WHERE p.public_id = ?", p.pid, NULL) > 0, 1);
	snprintf(args, sizeof(args), "partner wallet remove %s %s", p.pid, other);
	CU_ASSERT_EQUAL(it_admin_run(args, out, sizeof(out), err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(it_db_exec("UPDATE partner_wallet_challenges c JOIN partners p ON p.id = "
	    "c.partner_id SET c.used_at = NULL WHERE p.public_id = ? AND c.address = LOWER(?)",
	    p.pid, other), 1);
	snprintf(args, sizeof(args), "partner wallet add %s %s --signature %s", p.pid, other, sig2);
	CU_ASSERT_EQUAL(it_admin_run(args, out, sizeof(out), err, sizeof(err)), 2);
	CU_ASSERT_EQUAL(registered(&p, other), 0);

	/* malformed signatures and addresses */
	{
		static const char *const bad_sigs[] = { "0x", "0x00", "nothex",
			"0x1111111111111111111111111111111111111111111111111111111111111111"
			"1111111111111111111111111111111111111111111111111111111111111111zz" };

		for (i = 0; i < NELEM(bad_sigs); i++) {
			snprintf(args, sizeof(args), "partner wallet add %s %s --signature '%s'", p.pid,
			    addr, bad_sigs[i]);
			CU_ASSERT_EQUAL(it_admin_run(args, out, sizeof(out), err, sizeof(err)), 2);
		}
	}
	/* a checksum typo: one letter's case flipped */
	snprintf(typo, sizeof(typo), "%s", addr);
	for (i = 2; i < 42; i++)
		if ((typo[i] >= 'a' && typo[i] <= 'f') || (typo[i] >= 'A' && typo[i] <= 'F')) {
			typo[i] = (char)(typo[i] ^ 0x20);
			break;
		}
	snprintf(args, sizeof(args), "partner wallet challenge %s %s", p.pid, typo);
	CU_ASSERT_EQUAL(it_admin_run(args, out, sizeof(out), err, sizeof(err)), 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "EIP-55"));
	CU_ASSERT_EQUAL(registered(&p, addr), 0);
	/* the same address in lower case is still the same address */
	for (i = 2; i < 42; i++)
		if (typo[i] >= 'A' && typo[i] <= 'F')
			typo[i] = (char)(typo[i] - 'A' + 'a');
	CU_ASSERT_EQUAL(itc_prove_wallet(&p, key, typo, NULL, sig, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(registered(&p, addr), 1);
}

/* ---- bad input: each refused with its error, nothing written or sent ---- */

static long long
sends(void)
{
	return it_db_scalar("SELECT COUNT(*) FROM chain_sends", NULL, NULL);
}

static void
test_refusals(void)
{
	struct itc_wallet w, plain;
	struct it_resp r;
	char qid[QUOTE_ID_MAX];
	long long s0, c0;
	json_t *data;

	/* a token whose subject is not an address cannot convert on chain */
	itc_wallet(&plain, "not-an-address", NULL);
	CU_ASSERT_EQUAL_FATAL(itc_quote(&plain, "USDT", "5", qid, NULL), 0);
	s0 = sends();
	c0 = itc_count("conversions");
	CU_ASSERT_EQUAL(itc_convert(&plain, qid, "5", "USDT", NULL, &r), 400);
	it_assert_wallet_error(&r, 400, "validation_error", "sub is not an address");
	CU_ASSERT_PTR_NOT_NULL(it_strstr(it_str(r.json, "message"), "address"));
	it_resp_free(&r);
	itc_post(&plain, "/api/sandbox/faucet", NULL, "{\"asset\":\"USDT\",\"amount\":\"5\"}", &r);
	it_assert_wallet_error(&r, 400, "validation_error", "faucet for a non-address");
	it_resp_free(&r);
	itc_post(&plain, "/api/sandbox/approve", NULL, "{\"asset\":\"USDT\",\"amount\":\"5\"}", &r);
	it_assert_wallet_error(&r, 400, "validation_error", "approve for a non-address");
	it_resp_free(&r);
	/* the quote is still unused: a signed quote has no row until redeemed */
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM quotes WHERE id = ?", qid, NULL), 0);

	/* coins but no approval: insufficient_balance, data.reason allowance */
	itc_chain_wallet(&w, NULL);
	itc_mint("USDT", w.id, "5000000");
	CU_ASSERT_EQUAL_FATAL(itc_quote(&w, "USDT", "5", qid, NULL), 0);
	CU_ASSERT_EQUAL(itc_convert(&w, qid, "5", "USDT", NULL, &r), 400);
	it_assert_wallet_error(&r, 400, "insufficient_balance", "no allowance");
	data = json_object_get(r.json, "data");
	CU_ASSERT_STRING_EQUAL(it_str(data, "reason") ? it_str(data, "reason") : "", "allowance");
	it_resp_free(&r);
	/* approved, but fewer coins than the quote: insufficient_balance */
	itc_approve("USDT", w.id, "9000000");
	CU_ASSERT_EQUAL_FATAL(itc_quote(&w, "USDT", "9", qid, NULL), 0);
	CU_ASSERT_EQUAL(itc_convert(&w, qid, "9", "USDT", NULL, &r), 400);
	it_assert_wallet_error(&r, 400, "insufficient_balance", "too few coins");
	CU_ASSERT_PTR_NULL(json_object_get(json_object_get(r.json, "data"), "reason"));
	it_resp_free(&r);
	/* the sandbox magic .666: the gateway call would revert, so nothing is sent */
	itc_mint("USDT", w.id, "2000000");
	itc_approve("USDT", w.id, "9000000");
	CU_ASSERT_EQUAL_FATAL(itc_quote(&w, "USDT", "1.666", qid, NULL), 0);
	CU_ASSERT_EQUAL(itc_convert(&w, qid, "1.666", "USDT", NULL, &r), 500);
	it_assert_wallet_error(&r, 500, "conversion_failed", "a call that reverts");
	CU_ASSERT_PTR_NOT_NULL(it_strstr(it_str(r.json, "message"), "666"));
	it_resp_free(&r);
	CU_ASSERT_EQUAL(sends(), s0);
	CU_ASSERT_EQUAL(itc_count("conversions"), c0);

	/* the node down: provider_unavailable, nothing written; health says so */
	CU_ASSERT_EQUAL_FATAL(itc_quote(&w, "USDT", "1", qid, NULL), 0);
	it_stack_after("chain-start");
	CU_ASSERT_EQUAL(it_stack("chain-stop"), 0);
	CU_ASSERT_EQUAL(itc_convert(&w, qid, "1", "USDT", NULL, &r), 503);
	it_assert_wallet_error(&r, 503, "provider_unavailable", "node down");
	it_resp_free(&r);
	it_health_stale(); /* else the state stored before the stop, for up to 5 s */
	CU_ASSERT_EQUAL(it_http("GET", "/v1/health", NULL, NULL, 0, &r), 0);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(json_object_get(r.json, "data"),
	    "services"), "blockchain"), "down");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_stack("chain-start"), 0);
	it_health_stale();
	CU_ASSERT_EQUAL(it_http("GET", "/v1/health", NULL, NULL, 0, &r), 0);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(json_object_get(r.json, "data"),
	    "services"), "blockchain"), "operational");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(sends(), s0);
	CU_ASSERT_EQUAL(itc_count("conversions"), c0);
	itc_wallet_free(&w);
	itc_wallet_free(&plain);
}

/* A worker with the stack's config plus extra: its exit status, its
 * standard error (the log: log.file emptied) in err. */
static int
worker_said(const char *name, const char *extra, char *err, size_t cap)
{
	char conf[512], cmd[2048];
	FILE *f;
	int st;

	snprintf(conf, sizeof(conf), "%s.refuse", it_env("CEDIRAMP_CONF"));
	snprintf(cmd, sizeof(cmd), "umask 077 && cat %s > %s", it_env("CEDIRAMP_CONF"), conf);
	CU_ASSERT_EQUAL_FATAL(it_system(cmd), 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(f = fopen(conf, "ae"));
	fprintf(f, "\nlog.file =\n%s\n", extra);
	fclose(f);
	snprintf(cmd, sizeof(cmd), "CEDIRAMP_CONF=%s %s/cron/%s 2>&1 >/dev/null", conf,
	    it_env("CEDIRAMP_BUILD"), name);
	st = it_output(cmd, err, cap);
	return st != -1 && WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* A worker configured with a key (only cediramp-signer holds one), a wrong
 * chain id: the service refuses to run; a node answering garbage: nothing
 * is signed. (The signer's own refusals: t_signer.c.) */
static void
test_refuses_to_run(void)
{
	struct itc_partner p;
	struct it_resp r;
	struct receiver *rcv;
	char extra[600], err[4096], body[400], phone[20], id[64], hash[8];
	long long s0, n0;

	s0 = sends();
	n0 = it_db_scalar("SELECT COALESCE(SUM(next_nonce), 0) FROM chain_nonces", NULL, NULL);
	snprintf(extra, sizeof(extra), "providers.evm.key_file = %s.key", it_env("CEDIRAMP_CONF"));
	CU_ASSERT_EQUAL(worker_said("payouts", extra, err, sizeof(err)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "cediramp-signer holds the operator's key"));
	/* a node on another chain than the config says */
	CU_ASSERT_EQUAL(worker_said("payouts", "providers.evm.chain_id = 1", err, sizeof(err)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "not providers.evm.chain_id 1"));
	CU_ASSERT_EQUAL(worker_said("deposits", "providers.evm.chain_id = 1", err, sizeof(err)), 1);
	/* a token whose decimals() are not the places configured (issue 34) */
	CU_ASSERT_EQUAL(worker_said("payouts", "providers.evm.decimals.USDT = 8", err,
	    sizeof(err)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "has 6 decimals, not providers.evm.decimals.USDT 8"));
	CU_ASSERT_EQUAL(worker_said("deposits", "providers.evm.decimals.DAI = 6", err,
	    sizeof(err)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "has 18 decimals, not providers.evm.decimals.DAI 6"));
	/* a checksum typo in a configured address: one letter's case flipped */
	{
		unsigned char a[20];
		char typo[EIP55_TEXT], line[100];
		size_t i;

		size_t upper = 0, lower = 0;
		int flip_upper;

		CU_ASSERT_FATAL(evm_addr_parse(itc_token("USDT"), a) == 0);
		eip55_format(a, typo);
		for (i = 2; i < 42; i++) {
			upper += typo[i] >= 'A' && typo[i] <= 'F';
			lower += typo[i] >= 'a' && typo[i] <= 'f';
		}
		/* a letter of the more common case: the typo stays mixed-case
		 * (an address all of one case carries no checksum and is taken
		 * as it is: flipping the one upper-case letter of an address
		 * would make no typo at all) */
		flip_upper = upper >= lower;
		for (i = 2; i < 42 && !(flip_upper ? (typo[i] >= 'A' && typo[i] <= 'F') :
		    (typo[i] >= 'a' && typo[i] <= 'f')); i++)
			;
		CU_ASSERT_FATAL(i < 42 && upper + lower >= 3);
		typo[i] = (char)(typo[i] ^ 0x20);
		snprintf(line, sizeof(line), "providers.evm.token.USDT = %s", typo);
		CU_ASSERT_NOT_EQUAL(worker_said("payouts", line, err, sizeof(err)), 0);
		CU_ASSERT_PTR_NOT_NULL(strstr(err, "EIP-55"));
	}

	/* a node answering garbage: a pending withdrawal stays unsigned */
	itc_partner_new(&p, "verified", 0);
	itc_phone(793, phone, sizeof(phone));
	snprintf(body, sizeof(body), "{\"amount\":\"2\",\"currency\":\"USDT\","
	    "\"recipient_phone\":\"%s\",\"mobile_network\":\"MTN\",\"reference_id\":\"evm-garbage\"}",
	    phone);
	CU_ASSERT_EQUAL_FATAL(itc_partner_send(&p, "POST", "/v1/withdrawals", body, &r), 201);
	snprintf(id, sizeof(id), "%s", it_str(json_object_get(r.json, "data"), "withdrawal_id"));
	it_resp_free(&r);
	CU_ASSERT_PTR_NOT_NULL_FATAL(rcv = rcv_start());
	snprintf(extra, sizeof(extra), "providers.evm.rpc_url = http://127.0.0.1:%d/",
	    rcv_port(rcv));
	(void)worker_said("payouts", extra, err, sizeof(err));
	CU_ASSERT(rcv_count(rcv) > 0); /* it was asked, and answered nonsense */
	rcv_stop(rcv);
	CU_ASSERT_EQUAL(it_db_text("SELECT COALESCE(tx_hash, 'none') FROM withdrawals WHERE id = ?",
	    id, NULL, hash, sizeof(hash)), 0);
	CU_ASSERT_STRING_EQUAL(hash, "none");
	CU_ASSERT_EQUAL(sends(), s0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COALESCE(SUM(next_nonce), 0) FROM chain_nonces", NULL,
	    NULL), n0);
	/* the real node then takes it through (no harm was done) */
	it_db_exec("UPDATE withdrawals SET next_check_at = UTC_TIMESTAMP(6), "
	    "lease_until = NULL WHERE id = ?", id, NULL);
	CU_ASSERT(itc_until(itc_withdrawal_final, id, 0));
	CU_ASSERT_EQUAL(itc_converted(id), 1);
	CU_ASSERT_EQUAL(it_worker("reconcile"), 0);
}

/*
 * providers.evm.gas_limit_cap: an estimate above it is never signed; one
 * below it signs with the estimate and its margin, cut to the cap.
 */
static void
test_gas_limit_cap(void)
{
	struct itc_partner p;
	struct it_resp r;
	char body[400], phone[20], id[64], hash[8], err[4096], line[100], gas[24];
	const char *at;
	unsigned long long estimate = 0;
	long long s0;

	itc_partner_new(&p, "verified", 0);
	itc_phone(794, phone, sizeof(phone));
	snprintf(body, sizeof(body), "{\"amount\":\"2\",\"currency\":\"USDT\","
	    "\"recipient_phone\":\"%s\",\"mobile_network\":\"MTN\",\"reference_id\":\"evm-gas-cap\"}",
	    phone);
	CU_ASSERT_EQUAL_FATAL(itc_partner_send(&p, "POST", "/v1/withdrawals", body, &r), 201);
	snprintf(id, sizeof(id), "%s", it_str(json_object_get(r.json, "data"), "withdrawal_id"));
	it_resp_free(&r);
	s0 = sends();
	/* a cap below what the call needs: nothing signed, the estimate said */
	(void)worker_said("payouts", "providers.evm.gas_limit_cap = 21000", err, sizeof(err));
	at = strstr(err, "the node's gas estimate ");
	CU_ASSERT_PTR_NOT_NULL_FATAL(at);
	at += strlen("the node's gas estimate ");
	CU_ASSERT_EQUAL(strict_uint(at, strspn(at, "0123456789"), 1000000, &estimate), 0);
	CU_ASSERT(estimate > 21000 && estimate < 1000000);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "exceeds providers.evm.gas_limit_cap 21000"));
	CU_ASSERT_EQUAL(it_db_text("SELECT COALESCE(tx_hash, 'none') FROM withdrawals WHERE id = ?",
	    id, NULL, hash, sizeof(hash)), 0);
	CU_ASSERT_STRING_EQUAL(hash, "none");
	CU_ASSERT_EQUAL(sends(), s0);
	/* a cap just above the estimate: the limit is the cap, not estimate + 20 % */
	it_db_exec("UPDATE withdrawals SET next_check_at = UTC_TIMESTAMP(6), lease_until = NULL "
	    "WHERE id = ?", id, NULL);
	snprintf(line, sizeof(line), "providers.evm.gas_limit_cap = %llu", estimate + 1);
	CU_ASSERT_EQUAL(worker_said("payouts", line, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(it_db_text("SELECT gas_limit FROM chain_txs WHERE ref_id = ? AND "
	    "attempt = 1", id, NULL, gas, sizeof(gas)), 0);
	snprintf(line, sizeof(line), "%llu", estimate + 1);
	CU_ASSERT_STRING_EQUAL(gas, line);
	CU_ASSERT(itc_until(itc_withdrawal_final, id, 0));
	CU_ASSERT_EQUAL(itc_converted(id), 1);
}

static int
chain_setup(void)
{
	/* blocks every second, whatever a test before left */
	itc_mining(1);
	return itc_head() >= 0 ? 0 : -1;
}

/* The scrape's value of series (a whole sample name with its labels) as
 * text into out: 0, or -1 when it has none. */
static int
metric_text(const char *scrape, const char *series, char *out, size_t cap)
{
	const char *p = scrape;
	size_t n = strlen(series);

	while (p != NULL && (p = strstr(p, series)) != NULL) {
		if ((p == scrape || p[-1] == '\n') && p[n] == ' ') {
			snprintf(out, cap, "%.*s", (int)strcspn(p + n + 1, "\n"), p + n + 1);
			return 0;
		}
		p += n;
	}
	return -1;
}

/* The metrics of a real chain (docs/operations.md, "Metrics"), from the
 * node itself: its head's age (Anvil mines a block a second) and the
 * operator's gas, which the deployer funded. */
static void
test_chain_metrics(void)
{
	const char *url = it_env("METRICS_URL");
	char origin[128], series[128], v[64];
	struct it_resp r;

	snprintf(origin, sizeof(origin), "%.*s", (int)(strstr(url + 7, "/") - url), url);
	it_http_to(origin);
	CU_ASSERT_FATAL(it_http("GET", "/metrics", NULL, NULL, 0, &r) == 0);
	it_http_to(NULL);
	CU_ASSERT_EQUAL(r.status, 200);
	snprintf(series, sizeof(series), "cediramp_chain_head_age_seconds{chain=\"%s\"}",
	    it_env("CHAIN_ID"));
	CU_ASSERT_EQUAL(metric_text(r.body ? r.body : "", series, v, sizeof(v)), 0);
	CU_ASSERT(atoll(v) >= 0 && atoll(v) <= 30);
	snprintf(series, sizeof(series), "cediramp_chain_operator_gas{chain=\"%s\"}",
	    it_env("CHAIN_ID"));
	CU_ASSERT_EQUAL(metric_text(r.body ? r.body : "", series, v, sizeof(v)), 0);
	/* a decimal, not zero */
	CU_ASSERT(v[0] != '\0' && strspn(v, "0123456789.") == strlen(v) &&
	    strpbrk(v, "123456789") != NULL);
	CU_ASSERT_PTR_NOT_NULL(it_strstr(r.body, "\ncediramp_metrics_gauge_failures 0\n"));
	it_resp_free(&r);
}

static const struct tu_test tests[] = {
	{ "metrics: the chain's head and the operator's gas, from the node", test_chain_metrics },
	{ "wallet: quote, convert, confirm on chain", test_wallet_convert },
	{ "wallet: a transfer in USDT", test_stablecoin_transfer },
	{ "partner: a withdrawal through the gateway", test_withdrawal },
	{ "partner: deposits credited once, unmatched left to an operator", test_deposits },
	{ "deposit addresses: proven by the key's personal_sign (ethers) of a live challenge", test_wallet_proof },
	{ "bad input: refused, nothing written or sent", test_refusals },
	{ "refusing to run: a key outside the signer, chain id, token decimals, address checksums; "
	    "a node answering garbage", test_refuses_to_run },
	{ "providers.evm.gas_limit_cap: above it nothing is signed; below it the limit is cut to it", test_gas_limit_cap },
};

int
it_suite_chain(void)
{
	return tu_add_suite("chain (EVM)", chain_setup, NULL, tests, NELEM(tests));
}
