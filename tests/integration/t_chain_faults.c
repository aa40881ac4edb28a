/*
 * Exactly once on a real chain, under faults (docs/decisions.md, decision 27): a
 * worker killed between its commit and its broadcast; the node stopped in
 * the middle of a broadcast and started again with its state; the same
 * signed bytes broadcast again and again; a transaction stuck under fees
 * the chain outgrew, then replaced; a reorg that takes away a block before
 * it had the confirmations; a reorg that takes away a credited deposit.
 * Each ends with one Converted event per conversion (or the deposit's
 * credit taken back), the balances moved once, and reconcile clean.
 *
 * A JSON-RPC proxy (tests/common/rpcproxy.h) between a worker and the
 * node plays the crash and the stopped node at the exact call.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/strict.h"
#include "domain/ctx.h"
#include "domain/onchain.h"
#include "children.h"
#include "itc.h"
#include "rpcproxy.h"

static int
anvil_port(void)
{
	const char *u = it_env("CHAIN_RPC_URL"), *colon = strrchr(u, ':');
	unsigned long long port;

	return colon != NULL && strict_uint(colon + 1, strlen(colon + 1), 65535, &port) == 0 ?
	    (int)port : -1;
}

/* The custody address holds plenty of USDT: the worker's first move is
 * then the withdrawal's own conversion (no sandbox top-up before it). */
static void
stock_custody(void)
{
	itc_mint("USDT", it_env("CHAIN_CUSTODY"), "1000000000");
}

/* A new partner's pending withdrawal of amount USDT; its id into id (64 bytes). */
static void
withdrawal(char *id, const char *amount, const char *ref)
{
	struct itc_partner p;
	struct it_resp r;
	char body[400], phone[20];

	itc_partner_new(&p, "verified", 0);
	itc_phone(794, phone, sizeof(phone));
	snprintf(body, sizeof(body), "{\"amount\":\"%s\",\"currency\":\"USDT\","
	    "\"recipient_phone\":\"%s\",\"mobile_network\":\"MTN\",\"reference_id\":\"%s\"}",
	    amount, phone, ref);
	CU_ASSERT_EQUAL_FATAL(itc_partner_send(&p, "POST", "/v1/withdrawals", body, &r), 201);
	snprintf(id, 64, "%s", it_str(json_object_get(r.json, "data"), "withdrawal_id"));
	it_resp_free(&r);
}

/* What a dead worker's lease would do once it passes: the row is due. */
static void
lease_passes(const char *id)
{
	it_db_exec("UPDATE withdrawals SET lease_until = NULL, next_check_at = UTC_TIMESTAMP(6) "
	    "WHERE id = ?", id, NULL);
}

/*
 * Runs the payouts worker until withdrawal id is final, with replacements
 * off (replace_after_seconds an hour): what is mined is then the very
 * transaction stored, however slow the machine (the test stacks replace
 * after 3 s, which a loaded machine can outlast). 1 when it got final.
 */
static int
until_final_same_bytes(const char *id)
{
	struct it_wait w;

	for (it_wait_start(&w, "the withdrawal to be final", 0);;) {
		if (itc_withdrawal_final(id))
			return 1;
		(void)itc_worker_run("payouts", "providers.evm.replace_after_seconds = 3600");
		if (!it_wait_next(&w))
			return itc_withdrawal_final(id);
	}
}

static long long
node_has(const char *hash)
{
	json_t *r = itc_rpc("eth_getTransactionByHash", json_pack("[s]", hash));
	long long yes = json_is_object(r);

	json_decref(r);
	return yes;
}

/* kill -9 after the commit, before the broadcast: the proxy kills the
 * worker when its eth_sendRawTransaction arrives, and never passes it on. */
static void
test_crash_between_commit_and_broadcast(void)
{
	struct rpcproxy *px;
	char id[64];
	char extra[200], hash[70], t0[80], t1[80], d[80];
	pid_t pid;
	int st;

	stock_custody();
	withdrawal(id, "3.25", "evm-crash");
	itc_token_balance("USDT", it_env("CHAIN_TREASURY"), t0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(px = rpx_start(anvil_port()));
	snprintf(extra, sizeof(extra), "providers.evm.rpc_url = http://127.0.0.1:%d/",
	    rpx_port(px));
	pid = itc_worker_start("payouts", extra);
	rpx_arm(px, "eth_sendRawTransaction", RPX_KILL, pid, NULL);
	st = child_wait(pid, child_default_seconds(), "the payouts worker the proxy kills");
	CU_ASSERT(st != -1 && WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL);
	CU_ASSERT_EQUAL(rpx_fired(px), 1);
	rpx_stop(px);
	/* committed, never sent: the hash is stored, the node has never seen it */
	CU_ASSERT_EQUAL_FATAL(it_db_text("SELECT tx_hash FROM withdrawals WHERE id = ?", id, NULL,
	    hash, sizeof(hash)), 0);
	CU_ASSERT_EQUAL(strlen(hash), 66);
	CU_ASSERT_EQUAL(node_has(hash), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM chain_txs WHERE ref_id = ?", id, NULL), 1);
	/* the worker again: the same bytes, mined once */
	lease_passes(id);
	CU_ASSERT(until_final_same_bytes(id));
	CU_ASSERT_EQUAL(itc_converted(id), 1);
	CU_ASSERT(itc_wait_mined(hash, 0) >= 0); /* the very transaction stored */
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM chain_txs WHERE ref_id = ?", id, NULL), 1);
	itc_token_balance("USDT", it_env("CHAIN_TREASURY"), t1);
	itc_int_sub(t1, t0, d, sizeof(d));
	CU_ASSERT_STRING_EQUAL(d, "3250000");
	CU_ASSERT_EQUAL(it_worker("reconcile"), 0);
}

/* The node stops while the broadcast is in flight (it got the request, the
 * worker never gets the answer) and starts again from its saved state. */
static void
test_node_stops_during_broadcast(void)
{
	struct rpcproxy *px;
	char id[64];
	char extra[200], stop[1200], hash[70];
	pid_t pid;

	stock_custody();
	withdrawal(id, "4.5", "evm-node-stop");
	CU_ASSERT_PTR_NOT_NULL_FATAL(px = rpx_start(anvil_port()));
	snprintf(extra, sizeof(extra), "providers.evm.rpc_url = http://127.0.0.1:%d/",
	    rpx_port(px));
	snprintf(stop, sizeof(stop), "%s chain-stop >/dev/null 2>&1", it_env("STACK_CTL"));
	it_stack_after("chain-start");
	rpx_arm(px, "eth_sendRawTransaction", RPX_STOP_NODE, 0, stop);
	pid = itc_worker_start("payouts", extra);
	(void)itc_webhooks_wait(pid);
	CU_ASSERT_EQUAL(rpx_fired(px), 1);
	rpx_stop(px);
	CU_ASSERT_EQUAL(it_db_text("SELECT tx_hash FROM withdrawals WHERE id = ?", id, NULL,
	    hash, sizeof(hash)), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT status = 'pending' FROM withdrawals WHERE id = ?",
	    id, NULL), 1);
	/* the node back with its state; the worker finishes the job, once */
	CU_ASSERT_EQUAL_FATAL(it_stack("chain-start"), 0);
	itc_mining(1);
	lease_passes(id);
	CU_ASSERT(until_final_same_bytes(id));
	CU_ASSERT_EQUAL(it_db_scalar("SELECT status = 'completed' FROM withdrawals WHERE id = ?",
	    id, NULL), 1);
	CU_ASSERT_EQUAL(itc_converted(id), 1);
	CU_ASSERT(itc_wait_mined(hash, 0) >= 0);
	CU_ASSERT_EQUAL(it_worker("reconcile"), 0);
}

/* A converted wallet's conversion, with mining held; its id into id. */
static void
held_conversion(struct itc_wallet *w, const char *amount, const char *units, char *id,
    char *hash)
{
	struct it_resp r;
	char qid[QUOTE_ID_MAX];

	itc_chain_wallet(w, "verified");
	itc_limit(w, "convert", 1000);
	itc_mint("USDT", w->id, units);
	itc_approve("USDT", w->id, units);
	CU_ASSERT_EQUAL_FATAL(itc_quote(w, "USDT", amount, qid, NULL), 0);
	itc_mining(0);
	CU_ASSERT_EQUAL_FATAL(itc_convert(w, qid, amount, "USDT", NULL, &r), 201);
	snprintf(id, 64, "%s", it_str(json_object_get(r.json, "data"), "conversionId"));
	snprintf(hash, 70, "%s", it_str(json_object_get(r.json, "data"), "txHash"));
	it_resp_free(&r);
}

/* The stored bytes broadcast again by anyone, before and after they were
 * mined, and by the service itself: one transfer. */
static void
test_same_bytes_twice(void)
{
	struct itc_wallet w;
	struct ctx ctx;
	char id[64], hash[70], raw[4096], why[200], w0[80], w1[80], d[80];
	json_t *res;

	held_conversion(&w, "2", "2000000", id, hash);
	itc_token_balance("USDT", w.id, w0);
	CU_ASSERT_EQUAL_FATAL(it_db_text("SELECT raw FROM chain_txs WHERE tx_hash = ?", hash, NULL,
	    raw, sizeof(raw)), 0);
	/* in the pool already: the node says so, and keeps one */
	res = itc_rpc("eth_sendRawTransaction", json_pack("[s]", raw));
	json_decref(res);
	CU_ASSERT_EQUAL(ctx_init(&ctx, "itest", 0), 0);
	CU_ASSERT_EQUAL(onchain_broadcast(&ctx, id, why, sizeof(why)), CHAIN_OK);
	itc_mine(2);
	/* mined: the node answers "nonce too low"; the service takes that as
	 * "look the receipt up", not as a failure */
	res = itc_rpc("eth_sendRawTransaction", json_pack("[s]", raw));
	CU_ASSERT_PTR_NULL(res);
	json_decref(res);
	CU_ASSERT_EQUAL(onchain_broadcast(&ctx, id, why, sizeof(why)), CHAIN_OK);
	CU_ASSERT_EQUAL(onchain_broadcast(&ctx, id, why, sizeof(why)), CHAIN_OK);
	ctx_free(&ctx);
	itc_mining(1);
	CU_ASSERT(itc_until(itc_conversion_final, id, 0));
	CU_ASSERT_EQUAL(it_db_scalar("SELECT status = 'completed' FROM conversions WHERE id = ?",
	    id, NULL), 1);
	CU_ASSERT_EQUAL(itc_converted(id), 1);
	itc_token_balance("USDT", w.id, w1);
	itc_int_sub(w0, w1, d, sizeof(d));
	CU_ASSERT_STRING_EQUAL(d, "2000000");
	CU_ASSERT(it_db_scalar("SELECT broadcasts FROM chain_sends WHERE ref_id = ?", id, NULL) >= 3);
	CU_ASSERT_EQUAL(it_worker("reconcile"), 0);
	itc_wallet_free(&w);
}

/* Sent under fees the chain then outgrew: after replace_after_seconds the
 * worker replaces it (same nonce, fees at least 12.5 % higher), stored
 * beside the first; only the replacement is mined. */
static void
test_stuck_then_replaced(void)
{
	struct itc_wallet w;
	char id[64], hash[70], second[70], mined[70];
	long long fee1, fee2, tip1, tip2;

	held_conversion(&w, "3", "3000000", id, hash);
	/* the next block's base fee jumps to 100 gwei: ours cannot get in */
	json_decref(itc_rpc("anvil_setNextBlockBaseFeePerGas", json_pack("[s]",
	    "0x174876e800")));
	itc_mine(1);
	CU_ASSERT(itc_wait_mined(hash, 500) < 0);
	it_pause_ms(4000, "a transaction unmined for 3 s is replaced (providers.evm.replace_after_seconds)");
	(void)it_worker("payouts");
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM chain_txs WHERE ref_id = ?", id, NULL), 2);
	CU_ASSERT_EQUAL(it_db_text("SELECT tx_hash FROM chain_txs WHERE ref_id = ? AND attempt = 2",
	    id, NULL, second, sizeof(second)), 0);
	CU_ASSERT_STRING_NOT_EQUAL(second, hash);
	fee1 = it_db_scalar("SELECT max_fee_wei FROM chain_txs WHERE ref_id = ? AND attempt = 1",
	    id, NULL);
	fee2 = it_db_scalar("SELECT max_fee_wei FROM chain_txs WHERE ref_id = ? AND attempt = 2",
	    id, NULL);
	tip1 = it_db_scalar("SELECT priority_fee_wei FROM chain_txs WHERE ref_id = ? AND "
	    "attempt = 1", id, NULL);
	tip2 = it_db_scalar("SELECT priority_fee_wei FROM chain_txs WHERE ref_id = ? AND "
	    "attempt = 2", id, NULL);
	CU_ASSERT(fee2 * 8 >= fee1 * 9 && fee2 >= 150000000000LL); /* +12.5 %, over the base */
	CU_ASSERT(tip2 * 8 >= tip1 * 9 && tip2 > tip1);
	/* the same nonce */
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(DISTINCT nonce) FROM chain_sends WHERE "
	    "ref_id = ?", id, NULL), 1);
	itc_mining(1);
	CU_ASSERT(itc_until(itc_conversion_final, id, 0));
	CU_ASSERT_EQUAL(it_db_text("SELECT tx_hash FROM conversions WHERE id = ? AND "
	    "status = 'completed'", id, NULL, mined, sizeof(mined)), 0);
	CU_ASSERT_STRING_EQUAL(mined, second);
	CU_ASSERT(itc_wait_mined(second, 0) >= 0);
	CU_ASSERT(itc_wait_mined(hash, 200) < 0); /* the first never was */
	CU_ASSERT_EQUAL(itc_converted(id), 1);
	CU_ASSERT_EQUAL(it_worker("reconcile"), 0);
	itc_wallet_free(&w);
}

/* Mined, one block short of the confirmations, then a reorg takes that
 * block away: nothing was credited; the same bytes go out again; once final
 * it is credited once. */
static void
test_reorg_before_confirmations(void)
{
	struct itc_wallet w;
	struct it_resp r;
	char id[64], hash[70], w0[80], w1[80], d[80];
	long long b1;

	held_conversion(&w, "4", "4000000", id, hash);
	itc_token_balance("USDT", w.id, w0);
	itc_mine(1);
	CU_ASSERT_FATAL((b1 = itc_wait_mined(hash, 0)) >= 0);
	CU_ASSERT_EQUAL(itc_confirm(&w, id, NULL, &r), 202);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT mined_block FROM chain_sends WHERE ref_id = ?", id,
	    NULL), b1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM ledger_transactions WHERE ref_id = ?",
	    id, NULL), 0);
	/* the block goes; the transaction is nowhere */
	json_decref(itc_rpc("anvil_reorg", json_pack("[i,[]]", 1)));
	CU_ASSERT(itc_wait_mined(hash, 200) < 0);
	CU_ASSERT_EQUAL(itc_confirm(&w, id, NULL, &r), 202); /* sees it gone, sends again */
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT mined_block IS NULL FROM chain_sends WHERE ref_id = ?",
	    id, NULL), 1);
	CU_ASSERT(it_db_scalar("SELECT broadcasts FROM chain_sends WHERE ref_id = ?", id, NULL) >= 2);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM ledger_transactions WHERE ref_id = ?",
	    id, NULL), 0);
	itc_mine(2);
	CU_ASSERT_EQUAL(itc_confirm(&w, id, NULL, &r), 200);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "status"), "completed");
	it_resp_free(&r);
	itc_mining(1);
	/* mined again (the same bytes, or a replacement once they were old) */
	CU_ASSERT_EQUAL(it_db_text("SELECT tx_hash FROM conversions WHERE id = ?", id, NULL,
	    hash, sizeof(hash)), 0);
	CU_ASSERT(itc_wait_mined(hash, 0) >= b1);
	CU_ASSERT_EQUAL(itc_converted(id), 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM ledger_transactions WHERE ref_id = ?",
	    id, NULL), 1);
	itc_token_balance("USDT", w.id, w1);
	itc_int_sub(w0, w1, d, sizeof(d));
	CU_ASSERT_STRING_EQUAL(d, "4000000");
	(void)it_worker("payouts"); /* nothing more happens */
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM ledger_transactions WHERE ref_id = ?",
	    id, NULL), 1);
	CU_ASSERT_EQUAL(it_worker("reconcile"), 0);
	itc_wallet_free(&w);
}

/* A credited deposit whose block a deeper reorg removes: the credit is
 * taken back, once. */
static void
test_reorg_removes_deposit(void)
{
	struct itc_partner p;
	char from[43], key[65], sig[140], err[512], hash[70], data[300];
	char before[40], after[40];
	long long b, head;

	itc_partner_new(&p, "verified", 0);
	itc_chain_key(key, from);
	CU_ASSERT_EQUAL(itc_prove_wallet(&p, key, from, NULL, sig, err, sizeof(err)), 0);
	(void)it_worker("deposits"); /* the scan is up to date */
	CU_ASSERT_EQUAL(it_db_text("SELECT COALESCE(SUM(amount), 0) FROM partner_deposits WHERE "
	    "partner_id = ?", p.row, NULL, before, sizeof(before)), 0);
	itc_mint("USDT", from, "9000000");
	itc_transfer_data(it_env("CHAIN_CUSTODY"), "9000000", data, sizeof(data));
	CU_ASSERT_EQUAL_FATAL(itc_send_as(from, itc_token("USDT"), data, hash), 0);
	b = itc_wait_mined(hash, 0);
	{
		struct it_wait w;

		for (it_wait_start(&w, "the deposit to be credited", 0);
		    it_db_scalar("SELECT COUNT(*) FROM chain_deposits WHERE tx_hash = ? "
		    "AND status = 'credited'", hash, NULL) == 0 && it_wait_next(&w);)
			(void)it_worker("deposits");
	}
	CU_ASSERT_EQUAL_FATAL(it_db_scalar("SELECT COUNT(*) FROM chain_deposits WHERE tx_hash = ? "
	    "AND status = 'credited'", hash, NULL), 1);
	/* every block from the deposit's up goes */
	itc_mining(0);
	head = itc_head();
	json_decref(itc_rpc("anvil_reorg", json_pack("[I,[]]", (json_int_t)(head - b + 1))));
	CU_ASSERT(itc_wait_mined(hash, 200) < 0);
	itc_mine(3);
	CU_ASSERT_EQUAL(it_worker("deposits"), 0);
	itc_mining(1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM chain_deposits WHERE tx_hash = ? AND "
	    "status = 'reversed'", hash, NULL), 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM ledger_transactions t JOIN "
	    "partner_deposits d ON d.id = t.ref_id WHERE d.partner_id = ? AND "
	    "t.kind = 'partner.deposit.reversed'", p.row, NULL), 1);
	/* the partner's balance is back where it was */
	CU_ASSERT_EQUAL(it_db_text("SELECT balance FROM ledger_accounts WHERE code = "
	    "CONCAT('partner:', ?, ':USDT')", p.row, NULL, after, sizeof(after)), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT CAST(? AS DECIMAL(40,18)) = 10000", after, NULL), 1);
	CU_ASSERT_EQUAL(it_worker("deposits"), 0); /* and stays reversed */
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM ledger_transactions t JOIN "
	    "partner_deposits d ON d.id = t.ref_id WHERE d.partner_id = ? AND "
	    "t.kind = 'partner.deposit.reversed'", p.row, NULL), 1);
	CU_ASSERT_EQUAL(it_worker("reconcile"), 0);
	(void)before;
}

static int
faults_setup(void)
{
	itc_mining(1);
	return itc_head() >= 0 ? 0 : -1;
}

static int
faults_cleanup(void)
{
	itc_mining(1);
	return 0;
}

static const struct tu_test tests[] = {
	{ "kill -9 between commit and broadcast, then the worker",
	    test_crash_between_commit_and_broadcast },
	{ "the node stopped during the broadcast, restarted with its state",
	    test_node_stops_during_broadcast },
	{ "the same signed bytes broadcast again and again", test_same_bytes_twice },
	{ "stuck under too-low fees, then replaced", test_stuck_then_replaced },
	{ "a reorg before the confirmations", test_reorg_before_confirmations },
	{ "a reorg removing a credited deposit", test_reorg_removes_deposit },
};

int
it_suite_chain_faults(void)
{
	return tu_add_suite("chain (EVM) faults", faults_setup, faults_cleanup, tests,
	    NELEM(tests));
}
