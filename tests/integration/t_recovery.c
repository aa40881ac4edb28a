/*
 * Idempotency keys that cannot lose a committed answer and are never stuck
 * (docs/decisions.md, decision 22): storing the answer fails after the commit; the
 * database stops while a conversion's broadcast is in flight; the program
 * holding a key is killed mid-request; a key abandoned before anything
 * committed; replays counted in the general rate-limit category only.
 */
#include <dirent.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/strict.h"
#include "itc.h"

/* Keys whose answer this trigger refuses to store (fault injection). */
#define FAIL_STORE_TRIGGER \
	"CREATE TRIGGER t_fail_idem_store BEFORE UPDATE ON idempotency_keys " \
	"FOR EACH ROW BEGIN IF NEW.state = 'done' AND NEW.idem_key LIKE 'failstore-%' " \
	"THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'injected: store fails'; " \
	"END IF; END"

/* Moves key's lease into the past: its holder now counts as dead. */
static void
expire_lease(const char *key)
{
	CU_ASSERT_EQUAL(it_db_exec("UPDATE idempotency_keys SET locked_at = "
	    "locked_at - INTERVAL 1 HOUR WHERE idem_key = ?", key, NULL), 1);
}

static long long
conversions_of(const struct itc_wallet *w)
{
	return it_db_scalar("SELECT COUNT(*) FROM conversions c JOIN users u ON "
	    "u.id = c.user_id WHERE u.wallet_id = ?", w->id, NULL);
}

/* The simulator's count of submissions recorded for conversion id. */
static long long
chain_txs_of(const char *conversion_id)
{
	return it_db_scalar("SELECT COUNT(*) FROM sim_chain_txs s JOIN conversions c "
	    "ON c.tx_hash = s.tx_hash WHERE c.id = ?", conversion_id, NULL);
}

/* The answer's conversionId, "" when it has none. */
static const char *
conversion_id_of(const struct it_resp *r)
{
	const char *v = it_str(json_object_get(r->json, "data"), "conversionId");

	return v ? v : "";
}

/* Past key's lease, a retry resumes: 201 with conversion id again. */
static void
expect_resumed(const struct itc_wallet *w, const char *qid, const char *key,
    const char *id)
{
	struct it_resp r;

	expire_lease(key);
	CU_ASSERT_EQUAL(itc_convert(w, qid, "1", "USDT", key, &r), 201);
	CU_ASSERT_STRING_EQUAL(conversion_id_of(&r), id);
	it_resp_free(&r);
}

/* A funded wallet and a fresh quote of 1 USDT. */
/* The trigger that makes storing an answer fail, gone (tu_defer). */
static void
drop_fail_trigger(void *arg)
{
	(void)arg;
	it_db_exec("DROP TRIGGER IF EXISTS t_fail_idem_store", NULL, NULL);
}

/*
 * 10 USDT into w. Right after a database restart a loaded machine may
 * answer the faucet 503 or 504 (its programs reconnect and prepare every
 * statement, and the chain's answer is late): the wallet's funding is not
 * what these tests check, so it is asked again, within a bounded wait. A
 * late answer may have minted too; a wallet with 20 converts 1 the same.
 */
static void
fund(const struct itc_wallet *w)
{
	const char *body = "{\"asset\":\"USDT\",\"amount\":\"10\"}";
	struct it_wait wait;
	struct it_resp r;
	long st;

	for (it_wait_start(&wait, "the faucet after a restart", 0);;) {
		st = itc_post(w, "/api/sandbox/faucet", NULL, body, &r);
		it_resp_free(&r);
		if ((st != 503 && st != 504) || !it_wait_next(&wait))
			break;
	}
	CU_ASSERT_EQUAL_FATAL(st, 200);
}

/* A wallet with coins and a quote; the chain confirms at once (the
 * fixture puts the setting back). */
static void
ready(struct itc_wallet *w, const char *prefix, char *qid)
{
	it_sim_set("chain.confirm_seconds", "0");
	itc_wallet(w, prefix, NULL);
	itc_limit(w, "convert", 1000);
	fund(w);
	CU_ASSERT_EQUAL_FATAL(itc_quote(w, "USDT", "1", qid, NULL), 0);
}

/*
 * The work commits but its answer cannot be stored: the client still gets
 * its 201; a retry never converts again, even with the key past its lease
 * (it resumes and answers with the same conversion); once storing works
 * the answer is stored and replayed byte for byte.
 */
static void
test_store_fails_after_commit(void)
{
	struct itc_wallet w;
	struct it_resp r;
	char qid[QUOTE_ID_MAX], key[80], id[64], first[2048];

	ready(&w, "0xrec-store", qid);
	it_db_exec("DROP TRIGGER IF EXISTS t_fail_idem_store", NULL, NULL);
	tu_defer(drop_fail_trigger, NULL); /* whichever way the test ends */
	CU_ASSERT_EQUAL_FATAL(it_db_exec(FAIL_STORE_TRIGGER, NULL, NULL), 0);
	it_unique("failstore-", key, sizeof(key));

	CU_ASSERT_EQUAL(itc_convert(&w, qid, "1", "USDT", key, &r), 201);
	snprintf(id, sizeof(id), "%s", conversion_id_of(&r));
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM idempotency_keys WHERE "
	    "idem_key = ? AND state = 'in_progress' AND recovery_point = "
	    "'conversion_created' AND recovery_id = ?", key, id), 1);

	/* the holder answered and left: its lease still runs, so a twin waits */
	CU_ASSERT_EQUAL(itc_convert(&w, qid, "1", "USDT", key, &r), 409);
	it_assert_wallet_error(&r, 409, "idempotency_conflict", "lease still held");
	CU_ASSERT(json_is_true(json_object_get(json_object_get(r.json, "data"), "inProgress")));
	it_resp_free(&r);

	/* past the lease: resumed, twice (storing still fails), never re-run */
	expect_resumed(&w, qid, key, id);
	expect_resumed(&w, qid, key, id);
	CU_ASSERT_EQUAL(conversions_of(&w), 1);
	CU_ASSERT_EQUAL(chain_txs_of(id), 1);

	/* storing works again: the next resume stores, later ones replay */
	CU_ASSERT_EQUAL(it_db_exec("DROP TRIGGER t_fail_idem_store", NULL, NULL), 0);
	expire_lease(key);
	CU_ASSERT_EQUAL(itc_convert(&w, qid, "1", "USDT", key, &r), 201);
	snprintf(first, sizeof(first), "%s", r.body ? r.body : "");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(itc_convert(&w, qid, "1", "USDT", key, &r), 201);
	CU_ASSERT_STRING_EQUAL(r.body ? r.body : "", first);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM idempotency_keys WHERE "
	    "idem_key = ? AND state = 'done'", key, NULL), 1);
	CU_ASSERT_EQUAL(conversions_of(&w), 1);
	CU_ASSERT_EQUAL(chain_txs_of(id), 1);
	itc_wallet_free(&w);
}

struct inflight {
	const struct itc_wallet *w;
	const char *qid, *key;
	long status;
};

static void *
convert_in_background(void *arg)
{
	struct inflight *f = arg;
	struct it_resp r;

	f->status = itc_convert(f->w, f->qid, "1", "USDT", f->key, &r);
	it_resp_free(&r);
	return NULL;
}

/* Waits (IT_WAIT_SECONDS) for key's row to reach point; 0 when it did. */
static int
await_point(const char *key, const char *point)
{
	struct it_wait w;

	for (it_wait_start(&w, "an idempotency key's recovery point", 0);;) {
		if (it_db_scalar("SELECT COUNT(*) FROM idempotency_keys WHERE idem_key = ? "
		    "AND recovery_point = ?", key, point) == 1)
			return 0;
		if (!it_wait_next(&w))
			return -1;
	}
}

/*
 * Starts a conversion under key in a thread, with the gateway answering
 * 3 s late, and returns once its row committed (the key at
 * conversion_created), the conversion's id in id: the request is then
 * inside its broadcast.
 */
static void
start_slow_convert(struct inflight *f, pthread_t *t, const struct itc_wallet *w,
    const char *qid, const char *key, char *id, size_t idcap)
{
	it_sim_set("chain.answer_delay_ms", "3000");
	*f = (struct inflight){ w, qid, key, 0 };
	CU_ASSERT_EQUAL_FATAL(pthread_create(t, NULL, convert_in_background, f), 0);
	CU_ASSERT_EQUAL(await_point(key, "conversion_created"), 0);
	CU_ASSERT_EQUAL(it_db_text("SELECT recovery_id FROM idempotency_keys WHERE "
	    "idem_key = ?", key, NULL, id, idcap), 0);
}

/*
 * The database stops while a conversion's broadcast is in flight: the
 * request cannot store its answer or release its key. After the restart a
 * retry within the lease is told the key is in progress; past the lease it
 * resumes (the same transfer hash again, answered without a second
 * transfer) and answers with the same conversion.
 */
static void
test_database_dies_mid_request(void)
{
	struct itc_wallet w;
	struct it_resp r;
	struct inflight f;
	pthread_t t;
	char qid[QUOTE_ID_MAX], key[80], id[64] = "";
	int tries;

	it_stack_after("db-start");
	for (tries = 1;; tries++) {
		ready(&w, "0xrec-db", qid);
		it_unique("dbdies-", key, sizeof(key));
		start_slow_convert(&f, &t, &w, qid, key, id, sizeof(id));
		CU_ASSERT_EQUAL(it_stack("db-stop"), 0);
		pthread_join(t, NULL);
		CU_ASSERT_EQUAL(it_stack("db-start"), 0);
		it_sim_set("chain.answer_delay_ms", "0");
		/* a loaded machine (a cluster's three nodes) may take longer to
		 * stop than the gateway's 3 s: the request then stored its
		 * answer first, and this test had nothing to see; again */
		if (tries == 3 || it_db_scalar("SELECT COUNT(*) FROM idempotency_keys WHERE "
		    "idem_key = ? AND state = 'done'", key, NULL) == 0)
			break;
		itc_wallet_free(&w);
	}
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM idempotency_keys WHERE "
	    "idem_key = ? AND state = 'in_progress'", key, NULL), 1);
	/* a cluster's restart may outlast the lease on a loaded machine:
	 * counted from now, as if the request had died just now */
	CU_ASSERT_EQUAL(it_db_exec("UPDATE idempotency_keys SET locked_at = UTC_TIMESTAMP(6) "
	    "WHERE idem_key = ?", key, NULL), 1);
	CU_ASSERT_EQUAL(itc_convert(&w, qid, "1", "USDT", key, &r), 409);
	it_assert_wallet_error(&r, 409, "idempotency_conflict", "within the lease");
	it_resp_free(&r);
	expect_resumed(&w, qid, key, id);
	CU_ASSERT_EQUAL(conversions_of(&w), 1);
	CU_ASSERT_EQUAL(chain_txs_of(id), 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM idempotency_keys WHERE "
	    "idem_key = ? AND state = 'done'", key, NULL), 1);
	itc_wallet_free(&w);
}

/*
 * kill -9 of every convert program of this stack, every node's on a
 * cluster (the request may be on any): the processes whose executable is a
 * node's staged wallet-convert.fcgi (it_runtime_dirs), found in /proc at
 * once (the stack's own `pids` took seconds on a loaded machine, and the
 * request it must catch in flight lasts three); how many.
 */
static int
kill_convert_programs(void)
{
	char run[IT_MAX_NODES][IT_WORD], want[IT_MAX_NODES][IT_WORD + 40], link[64], exe[1200];
	int nrun = it_runtime_dirs(run, IT_MAX_NODES), killed = 0, i;
	unsigned long long pid;
	struct dirent *e;
	ssize_t n;
	DIR *d;

	if (nrun == 0 || (d = opendir("/proc")) == NULL)
		return 0;
	for (i = 0; i < nrun; i++)
		snprintf(want[i], sizeof(want[i]), "%.1000s/fcgi/wallet-convert.fcgi", run[i]);
	while ((e = readdir(d)) != NULL) {
		if (strict_uint(e->d_name, strlen(e->d_name), 4194304, &pid) != 0)
			continue;
		snprintf(link, sizeof(link), "/proc/%llu/exe", pid);
		if ((n = readlink(link, exe, sizeof(exe) - 1)) <= 0)
			continue;
		exe[n] = '\0';
		/* (" (deleted)" follows when the stack staged it again) */
		for (i = 0; i < nrun; i++)
			if (strncmp(exe, want[i], strlen(want[i])) == 0 &&
			    kill((pid_t)pid, SIGKILL) == 0) {
				killed++;
				break;
			}
	}
	closedir(d);
	return killed;
}

/*
 * The program holding a key is killed (kill -9) while its conversion's
 * broadcast is in flight. The next retry past the lease resumes that
 * conversion and answers 201 with it; nothing is converted twice.
 */
static void
test_program_killed_mid_request(void)
{
	struct itc_wallet w;
	struct it_resp r;
	struct inflight f;
	pthread_t t;
	char qid[QUOTE_ID_MAX], key[80], id[64] = "";
	long st;

	ready(&w, "0xrec-kill", qid);
	it_unique("killed-", key, sizeof(key));
	start_slow_convert(&f, &t, &w, qid, key, id, sizeof(id));
	CU_ASSERT(kill_convert_programs() >= 1);
	pthread_join(t, NULL);
	it_sim_set("chain.answer_delay_ms", "0");
	CU_ASSERT(f.status != 201); /* the client never got its answer */

	expire_lease(key);
	/* the web server refuses (503) while it respawns the program, or
	 * answers 500 when it hands the retry to a killed program's socket
	 * ("End of script output before headers"): retry, as a client would */
	{
		struct it_wait wt;

		for (it_wait_start(&wt, "the respawned convert program to answer", 0);
		    ((st = itc_convert(&w, qid, "1", "USDT", key, &r)) == 503 || st == 500) &&
		    it_wait_next(&wt);)
			it_resp_free(&r);
	}
	CU_ASSERT_EQUAL(r.status, 201);
	CU_ASSERT_STRING_EQUAL(conversion_id_of(&r), id);
	CU_ASSERT(r.json != NULL && json_is_string(json_object_get(json_object_get(r.json,
	    "data"), "status")));
	it_resp_free(&r);
	CU_ASSERT_EQUAL(conversions_of(&w), 1);
	CU_ASSERT_EQUAL(chain_txs_of(id), 1);
	/* the conversion settles normally afterwards, credited once */
	CU_ASSERT_EQUAL(itc_confirm(&w, id, NULL, &r), 200);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM ledger_transactions WHERE "
	    "ref_id = ?", id, NULL), 1);
	itc_wallet_free(&w);
}

/*
 * A key whose request died before anything committed (its row says only
 * "started") is taken over after the lease and run afresh: one conversion.
 */
static void
test_abandoned_before_commit(void)
{
	struct itc_wallet w;
	struct it_resp r;
	char qid[QUOTE_ID_MAX], key[80], body[256], sql[512];
	long long uid;

	ready(&w, "0xrec-fresh", qid);
	uid = it_db_scalar("SELECT id FROM users WHERE wallet_id = ?", w.id, NULL);
	CU_ASSERT_FATAL(uid > 0);
	it_unique("fresh-", key, sizeof(key));
	/* the key as a dead request left it: claimed, nothing committed */
	snprintf(body, sizeof(body), "{\"quoteId\":\"%s\",\"amount\":\"1\",\"from\":\"USDT\"}", qid);
	snprintf(sql, sizeof(sql), "INSERT INTO idempotency_keys (user_id, idem_key, "
	    "endpoint, request_hash, state, owner, locked_at, created_at) VALUES (%lld, ?, "
	    "'POST /api/convert/usdt-to-ghs', SHA2(?, 256), 'in_progress', 'dead', "
	    "UTC_TIMESTAMP(6) - INTERVAL 1 HOUR, UTC_TIMESTAMP(6))", uid);
	CU_ASSERT_EQUAL(it_db_exec(sql, key, body), 1);
	CU_ASSERT_EQUAL(itc_convert(&w, qid, "1", "USDT", key, &r), 201);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(conversions_of(&w), 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM idempotency_keys WHERE "
	    "idem_key = ? AND state = 'done' AND owner <> 'dead'", key, NULL), 1);
	itc_wallet_free(&w);
}

/*
 * A replay of a stored answer counts in the general category, not the
 * endpoint's: with 2 conversions allowed, five replays of the first leave
 * room for a second, and the third new one is 429.
 */
static void
test_replay_spends_general_limit(void)
{
	struct itc_wallet w;
	struct it_resp r;
	char qid[QUOTE_ID_MAX], qid2[QUOTE_ID_MAX], qid3[QUOTE_ID_MAX], key[80], k2[80], k3[80];
	long long before;
	int i;

	ready(&w, "0xrec-rl", qid);
	itc_limit(&w, "convert", 2);
	CU_ASSERT_EQUAL_FATAL(itc_quote(&w, "USDT", "1", qid2, NULL), 0);
	CU_ASSERT_EQUAL_FATAL(itc_quote(&w, "USDT", "1", qid3, NULL), 0);
	it_unique("rl-", key, sizeof(key));
	CU_ASSERT_EQUAL(itc_convert(&w, qid, "1", "USDT", key, &r), 201);
	it_resp_free(&r);
	before = it_db_scalar("SELECT COALESCE(SUM(hits), 0) FROM rate_counters "
	    "WHERE subject = CONCAT('u:', (SELECT id FROM users WHERE wallet_id = ?)) "
	    "AND category = 'general'", w.id, NULL);
	for (i = 0; i < 5; i++) {
		CU_ASSERT_EQUAL(itc_convert(&w, qid, "1", "USDT", key, &r), 201);
		it_resp_free(&r);
	}
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COALESCE(SUM(hits), 0) FROM rate_counters "
	    "WHERE subject = CONCAT('u:', (SELECT id FROM users WHERE wallet_id = ?)) "
	    "AND category = 'general'", w.id, NULL), before + 5);
	it_unique("rl-", k2, sizeof(k2));
	CU_ASSERT_EQUAL(itc_convert(&w, qid2, "1", "USDT", k2, &r), 201);
	it_resp_free(&r);
	it_unique("rl-", k3, sizeof(k3));
	CU_ASSERT_EQUAL(itc_convert(&w, qid3, "1", "USDT", k3, &r), 429);
	it_assert_wallet_error(&r, 429, "rate_limit_exceeded", "third new conversion");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(conversions_of(&w), 2);
	itc_wallet_free(&w);
}

/*
 * A transfer whose answer cannot be stored: the payout is held and sent
 * once; retries past the lease resume it and answer with the same payout,
 * never a second one and never a second send.
 */
static void
test_transfer_store_fails(void)
{
	struct itc_wallet w;
	struct it_resp r;
	char bid[40], key[80], pid[64], again[64];

	itc_payout_wallet(&w, "0xrec-pay", NULL);
	CU_ASSERT_EQUAL(it_db_exec("REPLACE INTO sim_settings (name, value) VALUES "
	    "('chain.confirm_seconds', '0')", NULL, NULL) >= 1, 1);
	itc_fund(&w, "5");
	itc_beneficiary(&w, "MTN", 791, bid);
	it_db_exec("DROP TRIGGER IF EXISTS t_fail_idem_store", NULL, NULL);
	tu_defer(drop_fail_trigger, NULL); /* whichever way the test ends */
	CU_ASSERT_EQUAL_FATAL(it_db_exec(FAIL_STORE_TRIGGER, NULL, NULL), 0);
	it_unique("failstore-pay", key, sizeof(key));
	CU_ASSERT_EQUAL(itc_transfer(&w, bid, "10", key, &r), 201);
	snprintf(pid, sizeof(pid), "%s", it_str(json_object_get(r.json, "data"), "transactionId") ?
	    it_str(json_object_get(r.json, "data"), "transactionId") : "");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM idempotency_keys WHERE idem_key = ? "
	    "AND state = 'in_progress' AND recovery_point = 'payout_created' AND "
	    "recovery_id = ?", key, pid), 1);
	expire_lease(key);
	CU_ASSERT_EQUAL(itc_transfer(&w, bid, "10", key, &r), 201);
	snprintf(again, sizeof(again), "%s", it_str(json_object_get(r.json, "data"), "transactionId") ?
	    it_str(json_object_get(r.json, "data"), "transactionId") : "");
	it_resp_free(&r);
	CU_ASSERT_STRING_EQUAL(again, pid);
	CU_ASSERT_EQUAL(it_db_exec("DROP TRIGGER t_fail_idem_store", NULL, NULL), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payouts p JOIN users u ON u.id = "
	    "p.user_id WHERE u.wallet_id = ?", w.id, NULL), 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT m.sends FROM sim_momo_transfers m JOIN payouts p "
	    "ON p.provider_ref = m.reference WHERE p.id = ?", pid, NULL), 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM ledger_transactions WHERE ref_id = ? "
	    "AND kind = 'payout.hold'", pid, NULL), 1);
	itc_wallet_free(&w);
}

int
it_suite_recovery(void)
{
	static const struct tu_test tests[] = {
		{ "storing the answer fails after commit: never a second run", test_store_fails_after_commit },
		{ "the database stops mid-request: the key resumes", test_database_dies_mid_request },
		{ "the program is killed mid-request: the key resumes", test_program_killed_mid_request },
		{ "a key abandoned before commit runs afresh", test_abandoned_before_commit },
		{ "replays count in the general category", test_replay_spends_general_limit },
		{ "a transfer's answer not stored: resumed, paid once", test_transfer_store_fails },
	};

	return tu_add_suite("idempotency recovery", NULL, NULL, tests, NELEM(tests));
}
