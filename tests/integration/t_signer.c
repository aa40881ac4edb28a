/*
 * Custody (issue 38): cediramp-signer, the only holder of the operator's
 * key, on the EVM stack. Its protocol is typed (a raw digest or
 * transaction is no request), it answers the uids it allows only, it
 * enforces its policy (a coin's per-transaction most and 24 h cap,
 * signatures a minute, fee per gas, gas) with every decision journalled,
 * a refused or absent signer leaves a conversion answered 503
 * signer_unavailable with nothing stored and a withdrawal waiting, held
 * with its reason; the keeper starts a killed signer again; and the key is
 * the signer's alone: the web user cannot open it, the web programs'
 * memory holds none of it, and a key file anyone else may read is
 * refused.
 */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <gmp.h>

#include "core/strict.h"
#include "providers/evm_abi.h"
#include "providers/signer_client.h"
#include "itc.h"
#include "itc_console.h"
#include "itc_ops.h"

/* ---- helpers of this suite ---- */

/* The signer's socket (signer.socket of the stack's config) into out. */
static void
signer_socket(char *out, size_t cap)
{
	char line[600];
	FILE *f = fopen(it_env("CEDIRAMP_CONF"), "re");

	out[0] = '\0';
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	while (fgets(line, sizeof(line), f) != NULL)
		if (strncmp(line, "signer.socket = ", 16) == 0) {
			line[strcspn(line, "\n")] = '\0';
			CU_ASSERT_EQUAL(strict_copy(out, cap, line + 16), 0);
		}
	fclose(f);
	CU_ASSERT_FATAL(out[0] != '\0');
}

/* A file of the signer's directory in the runtime directory (its config,
 * its key) into out. */
static void
signer_file(const char *name, char *out, size_t cap)
{
	char run[512];

	CU_ASSERT_EQUAL_FATAL(it_runtime_dir(run, sizeof(run)), 0);
	snprintf(out, cap, "%s/signer/%s", run, name);
}

/* line sent to the signer as it comes, its answer's line into out: 0, or
 * -1 when it could not be asked. */
static int
ask_raw(const char *line, char *out, size_t cap)
{
	struct sockaddr_un a;
	char path[200];
	ssize_t n;
	size_t got = 0;
	int fd;

	signer_socket(path, sizeof(path));
	memset(&a, 0, sizeof(a));
	a.sun_family = AF_UNIX;
	if (strlen(path) >= sizeof(a.sun_path))
		return -1;
	memcpy(a.sun_path, path, strlen(path));
	if ((fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0)) < 0)
		return -1;
	if (connect(fd, (struct sockaddr *)&a, sizeof(a)) != 0 ||
	    write(fd, line, strlen(line)) != (ssize_t)strlen(line) || write(fd, "\n", 1) != 1) {
		close(fd);
		return -1;
	}
	while (got < cap - 1 && (n = read(fd, out + got, cap - 1 - got)) > 0) {
		got += (size_t)n;
		if (memchr(out, '\n', got) != NULL)
			break;
	}
	close(fd);
	out[got] = '\0';
	return got > 0 ? 0 : -1;
}

/* The newest journal entry's id, as text (32 bytes; "0" when none). */
static void
journal_mark(char *out)
{
	snprintf(out, 32, "0");
	(void)it_db_text("SELECT COALESCE(MAX(id), 0) FROM signer_journal", NULL, NULL, out, 32);
}

/* Journal entries after mark with decision and a reason holding part. */
static long long
journalled(const char *mark, const char *decision, const char *part)
{
	char sql[300];

	snprintf(sql, sizeof(sql), "SELECT COUNT(*) FROM signer_journal WHERE id > ? AND "
	    "decision = '%s' AND reason LIKE CONCAT('%%', ?, '%%')", decision);
	return it_db_scalar(sql, mark, part);
}

static int
signer_answers(const void *arg)
{
	struct signer_answer a;
	char path[200];

	(void)arg;
	signer_socket(path, sizeof(path));
	return signer_status(path, &a) == SIGNER_OK;
}

/* The signer's config as the stack wrote it, kept to be put back. */
static char kept_conf[8192];
static size_t kept_len;

static void
policy_put_back(void *arg)
{
	char conf[600];
	FILE *f;

	(void)arg;
	if (kept_len == 0)
		return;
	signer_file("signer.conf", conf, sizeof(conf));
	if ((f = fopen(conf, "we")) != NULL) {
		fwrite(kept_conf, 1, kept_len, f);
		fclose(f);
	}
	kept_len = 0;
	(void)it_stack("signer-stop");
	(void)it_stack("signer-start");
}

/* The signer restarted with lines added to its config (put back at the
 * test's end, however it ends). */
static void
signer_policy(const char *lines)
{
	char conf[600];
	FILE *f;

	signer_file("signer.conf", conf, sizeof(conf));
	if (kept_len == 0) {
		CU_ASSERT_PTR_NOT_NULL_FATAL(f = fopen(conf, "re"));
		kept_len = fread(kept_conf, 1, sizeof(kept_conf), f);
		fclose(f);
		CU_ASSERT_FATAL(kept_len > 0 && kept_len < sizeof(kept_conf));
		CU_ASSERT_EQUAL_FATAL(tu_defer(policy_put_back, NULL), 0);
	}
	CU_ASSERT_PTR_NOT_NULL_FATAL(f = fopen(conf, "we"));
	fwrite(kept_conf, 1, kept_len, f);
	fprintf(f, "\n%s\n", lines);
	fclose(f);
	CU_ASSERT_EQUAL_FATAL(it_stack("signer-stop"), 0);
	CU_ASSERT_EQUAL_FATAL(it_stack("signer-start"), 0);
}

/* A wallet on chain holding units of USDT, the gateway approved for them. */
static void
funded_wallet(struct itc_wallet *w, const char *units)
{
	itc_chain_wallet(w, "verified");
	itc_limit(w, "convert", 1000);
	itc_mint("USDT", w->id, units);
	itc_approve("USDT", w->id, units);
}

/* A conversion of amount USDT the signer does not sign: 503
 * signer_unavailable, and nothing of it stored (the quote stays unused:
 * its id into qid, for a later try). */
static void
convert_refused(struct itc_wallet *w, const char *amount, char *qid)
{
	char receive[40];
	struct it_resp r;
	long long sends = it_db_scalar("SELECT COUNT(*) FROM chain_sends", NULL, NULL);
	long long convs = it_db_scalar("SELECT COUNT(*) FROM conversions", NULL, NULL);

	CU_ASSERT_EQUAL_FATAL(itc_quote(w, "USDT", amount, qid, receive), 0);
	CU_ASSERT_EQUAL(itc_convert(w, qid, amount, "USDT", NULL, &r), 503);
	CU_ASSERT_STRING_EQUAL(it_str(r.json, "code"), "signer_unavailable");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM chain_sends", NULL, NULL), sends);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM conversions", NULL, NULL), convs);
}

/* A partner's pending withdrawal of amount USDT: its id into id (64). */
static void
withdrawal_made(struct itc_partner *p, const char *amount, const char *ref, char *id)
{
	char body[400], phone[20];
	struct it_resp r;

	itc_phone(801, phone, sizeof(phone));
	snprintf(body, sizeof(body), "{\"amount\":\"%s\",\"currency\":\"USDT\","
	    "\"recipient_phone\":\"%s\",\"mobile_network\":\"MTN\",\"reference_id\":\"%s\"}",
	    amount, phone, ref);
	CU_ASSERT_EQUAL_FATAL(itc_partner_send(p, "POST", "/v1/withdrawals", body, &r), 201);
	snprintf(id, 64, "%s", it_str(json_object_get(r.json, "data"), "withdrawal_id"));
	it_resp_free(&r);
}

/* Predicate for itc_until: the payouts worker run, withdrawal id held by
 * the signer (signer_hold set). */
static int
signer_held(const void *id)
{
	(void)it_worker("payouts");
	return it_db_scalar("SELECT COUNT(*) FROM withdrawals WHERE id = ? AND "
	    "signer_hold IS NOT NULL", id, NULL) == 1;
}

/* ---- the tests ---- */

/* Typed requests only: a digest, a raw transaction, a line that is no
 * JSON are each bad_request, journalled, and nothing moves. */
static void
test_typed_only(void)
{
	static const char *const lines[] = {
		"{\"op\":\"sign\",\"digest\":\"0x1c8aff950685c2ed4bc3174f3472287b56d9517b9c948127319a09a7a36deac8\"}",
		"{\"op\":\"sign_transaction\",\"raw\":\"0x02f86c\"}",
		"this is not JSON",
		"{\"op\":\"convert\",\"purpose\":\"conversion\",\"ref\":\"cv_x\",\"asset\":\"USDT\"}",
	};
	char mark[32], answer[600];
	long long nonces = it_db_scalar("SELECT COALESCE(SUM(next_nonce), 0) FROM chain_nonces",
	    NULL, NULL);
	long long sends = it_db_scalar("SELECT COUNT(*) FROM chain_sends", NULL, NULL);
	size_t i;

	journal_mark(mark);
	for (i = 0; i < NELEM(lines); i++) {
		CU_ASSERT_EQUAL_FATAL(ask_raw(lines[i], answer, sizeof(answer)), 0);
		IT_CHECK(strstr(answer, "\"ok\":false") != NULL &&
		    strstr(answer, "\"code\":\"bad_request\"") != NULL, lines[i]);
	}
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM signer_journal WHERE id > ? AND "
	    "decision = 'bad_request'", mark, NULL), (long long)NELEM(lines));
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COALESCE(SUM(next_nonce), 0) FROM chain_nonces", NULL,
	    NULL), nonces);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM chain_sends", NULL, NULL), sends);
}

/* A caller whose uid signer.allow_uids does not name (nobody, 65534) is
 * refused, and journalled with its uid (once a minute). Only root can become another
 * user: elsewhere the signer runs as the tests' own user and there is no
 * other uid to try. */
static void
test_other_uid(void)
{
	char mark[32], path[200], cmd[1200], out[1024];

	if (geteuid() != 0) {
		printf("(not root: no other uid to ask as) ");
		return;
	}
	signer_socket(path, sizeof(path));
	journal_mark(mark);
	/* a status request, as nobody, with node's own socket client */
	snprintf(cmd, sizeof(cmd), "cd / && setpriv --reuid=65534 --regid=65534 --clear-groups "
	    "node -e \"const s = require('net').connect(process.argv[1]); "
	    "s.on('connect', () => s.write('{\\\"op\\\":\\\"status\\\"}\\n')); "
	    "s.on('data', (d) => { process.stdout.write(d); s.end(); });\" '%s' 2>&1", path);
	CU_ASSERT_EQUAL(it_output(cmd, out, sizeof(out)), 0);
	IT_CHECK(strstr(out, "\"code\":\"refused\"") != NULL &&
	    strstr(out, "uid 65534 may not ask") != NULL, out);
	/* refused again at once: answered, but one journal line a minute for
	 * a uid that may not ask (anyone local can reach the socket) */
	CU_ASSERT_EQUAL(it_output(cmd, out, sizeof(out)), 0);
	IT_CHECK(strstr(out, "\"code\":\"refused\"") != NULL, out);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM signer_journal WHERE id > ? AND "
	    "caller_uid = 65534 AND decision = 'refused'", mark, NULL), 1);
	/* and the allowed still are */
	CU_ASSERT(signer_answers(NULL));
}

/* Each cap of the policy refuses a conversion with its reason in the
 * journal, nothing stored; once allowed, the same quote converts. */
static void
test_policy_caps(void)
{
	static const struct {
		const char *lines, *reason;
	} caps[] = {
		{ "signer.max_per_tx.USDT = 10", "above signer.max_per_tx.USDT (10)" },
		{ "signer.cap_24h.USDT = 1", "above signer.cap_24h.USDT (1)" },
		{ "signer.max_fee_gwei = 0.000000001", "above signer.max_fee_gwei" },
		{ "signer.max_gas = 21000", "above signer.max_gas (21000)" },
	};
	struct itc_wallet w;
	struct it_resp r;
	char mark[32], qid[QUOTE_ID_MAX], out[8192];
	size_t i;

	funded_wallet(&w, "100000000"); /* 100 USDT */
	for (i = 0; i < NELEM(caps); i++) {
		signer_policy(caps[i].lines);
		journal_mark(mark);
		convert_refused(&w, "25", qid);
		IT_CHECK(journalled(mark, "refused", caps[i].reason) == 1, caps[i].reason);
	}
	/* what the operator reads: the refusals, newest first */
	CU_ASSERT_EQUAL(it_output("$ADMIN signer journal --limit 3", out, sizeof(out)) >= 0 ?
	    0 : -1, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "\trefused\tgas limit"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "id\tat\tuid\top\tpurpose\tref"));
	/* the policy as the stack wrote it: the same quote converts */
	policy_put_back(NULL);
	CU_ASSERT_EQUAL(itc_convert(&w, qid, "25", "USDT", NULL, &r), 201);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "status"), "processing");
	it_resp_free(&r);
	itc_wallet_free(&w);
}

/* Signatures a minute: one signed just now, a cap of one refuses the
 * next. */
static void
test_policy_rate(void)
{
	struct itc_wallet w;
	struct it_resp r;
	char mark[32], qid[QUOTE_ID_MAX], receive[40];

	funded_wallet(&w, "50000000");
	CU_ASSERT_EQUAL_FATAL(itc_quote(&w, "USDT", "5", qid, receive), 0);
	CU_ASSERT_EQUAL(itc_convert(&w, qid, "5", "USDT", NULL, &r), 201);
	it_resp_free(&r);
	signer_policy("signer.max_signatures_per_minute = 1");
	journal_mark(mark);
	convert_refused(&w, "5", qid);
	CU_ASSERT_EQUAL(journalled(mark, "refused", "signer.max_signatures_per_minute is 1"), 1);
	itc_wallet_free(&w);
}

/* Asked again for a ref it signed, the signer answers the same
 * transaction (a caller that lost the answer); for another move under
 * that ref, it refuses. */
static void
test_same_ref(void)
{
	struct itc_wallet w;
	struct it_resp r;
	char qid[QUOTE_ID_MAX], receive[40], id[64], hash[70], line[600], answer[600], want[120];
	char mark[32];

	funded_wallet(&w, "30000000");
	CU_ASSERT_EQUAL_FATAL(itc_quote(&w, "USDT", "3", qid, receive), 0);
	CU_ASSERT_EQUAL_FATAL(itc_convert(&w, qid, "3", "USDT", NULL, &r), 201);
	snprintf(id, sizeof(id), "%s", it_str(json_object_get(r.json, "data"), "conversionId"));
	snprintf(hash, sizeof(hash), "%s", it_str(json_object_get(r.json, "data"), "txHash"));
	it_resp_free(&r);
	journal_mark(mark);
	snprintf(line, sizeof(line), "{\"op\":\"convert\",\"purpose\":\"conversion\",\"ref\":\"%s\","
	    "\"asset\":\"USDT\",\"wallet\":\"%s\",\"amount\":\"3\",\"gas_limit\":200000,"
	    "\"max_fee\":2000000000,\"priority_fee\":1000000000}", id, w.id);
	CU_ASSERT_EQUAL_FATAL(ask_raw(line, answer, sizeof(answer)), 0);
	snprintf(want, sizeof(want), "\"hash\":\"%s\"", hash);
	CU_ASSERT_PTR_NOT_NULL(strstr(answer, want));
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM signer_journal WHERE id > ? AND "
	    "decision = 'repeated' AND ref_id = ?", mark, id), 1);
	snprintf(line, sizeof(line), "{\"op\":\"convert\",\"purpose\":\"conversion\",\"ref\":\"%s\","
	    "\"asset\":\"USDT\",\"wallet\":\"%s\",\"amount\":\"4\",\"gas_limit\":200000,"
	    "\"max_fee\":2000000000,\"priority_fee\":1000000000}", id, w.id);
	CU_ASSERT_EQUAL_FATAL(ask_raw(line, answer, sizeof(answer)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(answer, "was signed for another move"));
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM chain_txs WHERE ref_id = ?", id, NULL), 1);
	itc_wallet_free(&w);
}

/* kill -9 of the signer between storing a conversion's transaction and
 * answering (signer.test_kill_after_store, the sandbox's): the caller asks
 * again under the same ref while the keeper starts the signer, and gets
 * the same transaction: the conversion answers 201 with it, one send, one
 * nonce used. */
static void
test_killed_after_store(void)
{
	struct itc_wallet w;
	struct it_resp r;
	char mark[32], qid[QUOTE_ID_MAX], receive[40], id[64], hash[70], stored[70];
	long long n0;

	funded_wallet(&w, "5000000");
	signer_policy("signer.test_kill_after_store = 1");
	journal_mark(mark);
	n0 = it_db_scalar("SELECT COALESCE(SUM(next_nonce), 0) FROM chain_nonces", NULL, NULL);
	CU_ASSERT_EQUAL_FATAL(itc_quote(&w, "USDT", "1", qid, receive), 0);
	CU_ASSERT_EQUAL_FATAL(itc_convert(&w, qid, "1", "USDT", NULL, &r), 201);
	snprintf(id, sizeof(id), "%s", it_str(json_object_get(r.json, "data"), "conversionId"));
	snprintf(hash, sizeof(hash), "%s", it_str(json_object_get(r.json, "data"), "txHash") ?
	    it_str(json_object_get(r.json, "data"), "txHash") : "");
	it_resp_free(&r);
	/* it died once, stored; it answered again, the same */
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM signer_journal WHERE id > ? AND "
	    "ref_id = ? AND decision = 'signed'", mark, id), 1);
	CU_ASSERT(it_db_scalar("SELECT COUNT(*) FROM signer_journal WHERE id > ? AND "
	    "ref_id = ? AND decision = 'repeated'", mark, id) >= 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM chain_txs WHERE ref_id = ?", id, NULL), 1);
	CU_ASSERT_EQUAL(it_db_text("SELECT tx_hash FROM chain_sends WHERE ref_id = ?", id, NULL,
	    stored, sizeof(stored)), 0);
	CU_ASSERT_STRING_EQUAL(stored, hash);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COALESCE(SUM(next_nonce), 0) FROM chain_nonces", NULL,
	    NULL), n0 + 1);
	itc_wallet_free(&w);
}

/*
 * How often withdrawal id is among the held ones the back office reads
 * (GET /console/api/ops/signer, as a read-only member): its partner p's
 * public id, 2.000000 USDT, a time; its reason into reason.
 */
static int
console_held(const char *id, const struct itc_partner *p, char *reason, size_t cap)
{
	struct con_sess s;
	struct it_resp r;
	char uri[1100];
	json_t *h;
	size_t i;
	int n = 0;

	reason[0] = '\0';
	itc_ops_member("read-only", &s, uri, sizeof(uri));
	con_call("GET", "/console/api/ops/signer", NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	json_array_foreach(json_object_get(json_object_get(r.json, "data"), "held"), i, h) {
		if (it_str(h, "withdrawal_id") == NULL || strcmp(it_str(h, "withdrawal_id"), id) != 0)
			continue;
		n++;
		IT_CHECK(it_str(h, "partner_id") != NULL && strcmp(it_str(h, "partner_id"),
		    p->pid) == 0, "the held withdrawal's partner");
		CU_ASSERT_STRING_EQUAL(it_str(h, "currency"), "USDT");
		CU_ASSERT_STRING_EQUAL(it_str(h, "amount") ? it_str(h, "amount") : "", "2.000000");
		CU_ASSERT_PTR_NOT_NULL(it_str(h, "held_since"));
		snprintf(reason, cap, "%s", it_str(h, "reason") ? it_str(h, "reason") : "");
	}
	it_resp_free(&r);
	return n;
}

/* A withdrawal the policy refuses waits, pending and held with the
 * reason; allowed again, it completes, converted once. */
static void
test_withdrawal_held(void)
{
	struct itc_partner p;
	char mark[32], id[64], hold[300], ref[64], out[8192], line[80];

	itc_partner_new(&p, "verified", 0);
	/* the custody holds the coins (else the sandbox's top-up, a mint the
	 * policy refuses too, would come first) */
	itc_mint("USDT", it_env("CHAIN_CUSTODY"), "2000000");
	signer_policy("signer.max_per_tx.USDT = 1");
	journal_mark(mark);
	it_unique("signer-held-", ref, sizeof(ref));
	withdrawal_made(&p, "2", ref, id);
	CU_ASSERT(itc_until(signer_held, id, 0));
	CU_ASSERT_EQUAL(it_db_text("SELECT CONCAT(status, ' ', COALESCE(tx_hash, '-'), ' ', "
	    "COALESCE(signer_hold, '-')) FROM withdrawals WHERE id = ?", id, NULL, hold,
	    sizeof(hold)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(hold, "pending - refused by the signer's policy: 2.000000 USDT is "
	    "above signer.max_per_tx.USDT (1)"));
	CU_ASSERT_EQUAL(journalled(mark, "refused", "signer.max_per_tx.USDT"), 1);
	/* what the operator reads */
	CU_ASSERT_EQUAL(it_output("$ADMIN signer held", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "withdrawal\tpartner\tcurrency"));
	snprintf(line, sizeof(line), "%s\t", id);
	IT_CHECK(strstr(out, line) != NULL && strstr(out, "\trefused by the signer's policy: "
	    "2.000000 USDT") != NULL, out);
	/* and what the back office's Chain page shows */
	CU_ASSERT_EQUAL(console_held(id, &p, hold, sizeof(hold)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(hold, "refused by the signer's policy: 2.000000 USDT is above "
	    "signer.max_per_tx.USDT (1)"));
	policy_put_back(NULL);
	it_db_exec("UPDATE withdrawals SET next_check_at = UTC_TIMESTAMP(6), lease_until = NULL "
	    "WHERE id = ?", id, NULL);
	CU_ASSERT(itc_until(itc_withdrawal_final, id, 0));
	CU_ASSERT_EQUAL(it_db_text("SELECT CONCAT(status, ' ', COALESCE(signer_hold, '-')) FROM "
	    "withdrawals WHERE id = ?", id, NULL, hold, sizeof(hold)), 0);
	CU_ASSERT_STRING_EQUAL(hold, "completed -");
	CU_ASSERT_EQUAL(itc_converted(id), 1);
	CU_ASSERT_EQUAL(console_held(id, &p, hold, sizeof(hold)), 0);
}

struct conv {
	struct itc_wallet *w;
	const char *id;
};

/* Predicate for itc_until: the wallet's conversion confirmed (200, completed). */
static int
conversion_completed(const void *arg)
{
	const struct conv *c = arg;
	struct it_resp r;
	long st = itc_confirm(c->w, c->id, NULL, &r);
	int done = st == 200 && it_str(json_object_get(r.json, "data"), "status") != NULL &&
	    strcmp(it_str(json_object_get(r.json, "data"), "status"), "completed") == 0;

	it_resp_free(&r);
	return done;
}

static int
orphan_voided(const void *ref)
{
	return it_db_scalar("SELECT COUNT(*) FROM chain_sends WHERE ref_id = ? AND "
	    "status = 'failed' AND failure_reason LIKE 'void:%'", ref, NULL) == 1;
}

/* A send the signer stored whose conversion never committed (asked
 * directly here, as a caller that died right after the answer leaves it)
 * holds its nonce unbroadcast: the conversions after it wait, until the
 * signer voids it and fills the nonce (journalled); then they confirm,
 * and the orphan's coins never move. */
static void
test_orphan_filled(void)
{
	struct itc_wallet w;
	struct it_resp r;
	char ref[64], line[700], answer[600], mark[32], qid[QUOTE_ID_MAX], receive[40], id[64];
	char b0[80], b1[80], d[80];
	struct conv conv;

	signer_policy("signer.void_after_seconds = 2");
	funded_wallet(&w, "10000000");
	itc_token_balance("USDT", w.id, b0);
	journal_mark(mark);
	it_unique("cv_orphan", ref, sizeof(ref));
	snprintf(line, sizeof(line), "{\"op\":\"convert\",\"purpose\":\"conversion\","
	    "\"ref\":\"%s\",\"asset\":\"USDT\",\"wallet\":\"%s\",\"amount\":\"1\","
	    "\"gas_limit\":200000,\"max_fee\":20000000000,\"priority_fee\":1000000000}", ref, w.id);
	CU_ASSERT_EQUAL_FATAL(ask_raw(line, answer, sizeof(answer)), 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(strstr(answer, "\"ok\":true"));
	/* a conversion after it: signed at the next nonce, broadcast, waiting */
	CU_ASSERT_EQUAL_FATAL(itc_quote(&w, "USDT", "2", qid, receive), 0);
	CU_ASSERT_EQUAL_FATAL(itc_convert(&w, qid, "2", "USDT", NULL, &r), 201);
	snprintf(id, sizeof(id), "%s", it_str(json_object_get(r.json, "data"), "conversionId"));
	it_resp_free(&r);
	/* voided and filled by the signer */
	CU_ASSERT(itc_until(orphan_voided, ref, 0));
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM signer_journal WHERE id > ? AND "
	    "op = 'fill' AND decision = 'signed' AND ref_id = ?", mark, ref), 1);
	/* then the conversion goes through (confirming it sends its stored
	 * bytes again, as the payouts worker would); the orphan's never does */
	conv.w = &w;
	conv.id = id;
	CU_ASSERT(itc_until(conversion_completed, &conv, 0));
	CU_ASSERT_EQUAL(itc_converted(id), 1);
	CU_ASSERT_EQUAL(itc_converted(ref), 0);
	itc_token_balance("USDT", w.id, b1);
	itc_int_sub(b0, b1, d, sizeof(d));
	CU_ASSERT_STRING_EQUAL(d, "2000000");
	itc_wallet_free(&w);
}

/* A JSON-RPC quantity of who (eth_getTransactionCount, eth_getBalance) at
 * the head, as decimal text (80 bytes). */
static void
node_quantity(const char *method, const char *who, char *out)
{
	itc_quantity(itc_rpc(method, json_pack("[s,s]", who, "latest")), out);
}

/* Puts the operator's gas back however the test ends. */
static char drained_gas[80], drained_key[43];

static void
gas_put_back(void *arg)
{
	char hex[90];
	mpz_t v;

	(void)arg;
	mpz_init_set_str(v, drained_gas, 10);
	snprintf(hex, sizeof(hex), "0x");
	mpz_get_str(hex + 2, 16, v);
	mpz_clear(v);
	json_decref(itc_rpc("anvil_setBalance", json_pack("[s,s]", drained_key, hex)));
}

/*
 * The operator out of gas: the node refuses each broadcast ("insufficient
 * funds"), so the nonces the signer gave out are not taken. The
 * conversions wait (202, processing), their stored transactions sent again
 * with the same bytes; once the gas is back they fill their nonces, each
 * confirms once, and a conversion after them goes through: nothing waits
 * behind a gap, and every nonce the database gave out is one the node
 * took.
 */
static void
test_gas_drained(void)
{
	struct itc_wallet w;
	struct it_resp r;
	char qid[QUOTE_ID_MAX], receive[40], id[3][64], n_node[80], n_db[80];
	struct conv conv;
	int i;

	funded_wallet(&w, "9000000");
	itc_operator(drained_key);
	node_quantity("eth_getBalance", drained_key, drained_gas);
	CU_ASSERT_EQUAL_FATAL(tu_defer(gas_put_back, NULL), 0);
	json_decref(itc_rpc("anvil_setBalance", json_pack("[s,s]", drained_key, "0x0")));
	for (i = 0; i < 2; i++) {
		CU_ASSERT_EQUAL_FATAL(itc_quote(&w, "USDT", "1", qid, receive), 0);
		CU_ASSERT_EQUAL_FATAL(itc_convert(&w, qid, "1", "USDT", NULL, &r), 201);
		snprintf(id[i], sizeof(id[i]), "%s",
		    it_str(json_object_get(r.json, "data"), "conversionId"));
		it_resp_free(&r);
		/* signed and stored; the node refused it: waiting, not failed */
		CU_ASSERT_EQUAL(itc_confirm(&w, id[i], NULL, &r), 202);
		CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "status"),
		    "processing");
		it_resp_free(&r);
	}
	(void)it_worker("payouts"); /* sent again: refused again */
	CU_ASSERT_EQUAL(itc_converted(id[0]) + itc_converted(id[1]), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM chain_sends WHERE ref_id IN (?, ?) AND "
	    "status = 'sent'", id[0], id[1]), 2);
	gas_put_back(NULL);
	conv.w = &w;
	for (i = 0; i < 2; i++) {
		conv.id = id[i];
		CU_ASSERT(itc_until(conversion_completed, &conv, 0));
		CU_ASSERT_EQUAL(itc_converted(id[i]), 1);
	}
	/* and a later one goes through */
	CU_ASSERT_EQUAL_FATAL(itc_quote(&w, "USDT", "1", qid, receive), 0);
	CU_ASSERT_EQUAL_FATAL(itc_convert(&w, qid, "1", "USDT", NULL, &r), 201);
	snprintf(id[2], sizeof(id[2]), "%s", it_str(json_object_get(r.json, "data"),
	    "conversionId"));
	it_resp_free(&r);
	conv.id = id[2];
	CU_ASSERT(itc_until(conversion_completed, &conv, 0));
	CU_ASSERT_EQUAL(itc_converted(id[2]), 1);
	node_quantity("eth_getTransactionCount", drained_key, n_node);
	CU_ASSERT_EQUAL(it_db_text("SELECT next_nonce FROM chain_nonces WHERE address = ?",
	    drained_key, NULL, n_db, sizeof(n_db)), 0);
	CU_ASSERT_STRING_EQUAL(n_node, n_db);
	itc_wallet_free(&w);
}

static int
blockchain_degraded(const void *arg)
{
	struct it_resp r;
	int yes;

	(void)arg;
	it_health_stale();
	if (it_http("GET", "/v1/health", NULL, NULL, 0, &r) != 0)
		return 0;
	yes = it_str(json_object_get(json_object_get(r.json, "data"), "services"),
	    "blockchain") != NULL && strcmp(it_str(json_object_get(json_object_get(r.json,
	    "data"), "services"), "blockchain"), "degraded") == 0;
	it_resp_free(&r);
	return yes;
}

#define DOWN_SECONDS 30 /* the issue's: the signer away this long under load */
#define DOWN_KEPT 4       /* conversions and withdrawals followed to the end */

/*
 * The signer stopped for 30 s under load: health says the chain is
 * degraded; conversion after conversion answers 503 with nothing stored,
 * withdrawals wait, held. Started again, the conversions go through on
 * their quotes and the withdrawals complete, each once. Killed (-9), the
 * keeper starts it again.
 */
static void
test_signer_down(void)
{
	struct itc_wallet w;
	struct itc_partner p;
	struct it_resp r;
	struct timespec t0, t;
	char qid[DOWN_KEPT][QUOTE_ID_MAX], wd[DOWN_KEPT][64], hold[300], ref[64];
	char conv[DOWN_KEPT][64];
	int nq = 0, nw = 0, refused = 0, i;

	funded_wallet(&w, "90000000");
	itc_limit(&w, "quotes", 100000); /* a quote and a conversion each time round */
	itc_limit(&w, "convert", 100000);
	itc_limit(&w, "general", 100000);
	itc_partner_new(&p, "verified", 0);
	it_stack_after("signer-start");
	CU_ASSERT_EQUAL_FATAL(it_stack("signer-stop"), 0);
	CU_ASSERT(itc_until(blockchain_degraded, NULL, 0));
	/* the load, for as long as the signer is away: conversions (the last
	 * few quotes kept) and a few withdrawals, a round each block (Anvil
	 * mines one a second), as customers keep coming */
	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		long long head = itc_head();

		convert_refused(&w, "2", qid[nq % DOWN_KEPT]);
		nq++;
		refused++;
		if (nw < DOWN_KEPT) {
			it_unique("signer-down-", ref, sizeof(ref));
			withdrawal_made(&p, "2", ref, wd[nw]);
			CU_ASSERT(itc_until(signer_held, wd[nw], 0));
			nw++;
		}
		IT_UNTIL("the next block", itc_head() > head);
		clock_gettime(CLOCK_MONOTONIC, &t);
	} while (t.tv_sec - t0.tv_sec < DOWN_SECONDS);
	CU_ASSERT(refused >= DOWN_KEPT);
	for (i = 0; i < nw; i++) {
		CU_ASSERT_EQUAL(it_db_text("SELECT CONCAT(status, ' ', COALESCE(signer_hold, '-')) "
		    "FROM withdrawals WHERE id = ?", wd[i], NULL, hold, sizeof(hold)), 0);
		CU_ASSERT_PTR_NOT_NULL(strstr(hold, "pending the signer did not answer: "));
	}
	/* back: each kept quote converts once, each withdrawal completes once */
	CU_ASSERT_EQUAL(it_stack("signer-start"), 0);
	CU_ASSERT(itc_until(signer_answers, NULL, 0));
	for (i = 0; i < DOWN_KEPT && i < nq; i++) {
		CU_ASSERT_EQUAL(itc_convert(&w, qid[i], "2", "USDT", NULL, &r), 201);
		snprintf(conv[i], sizeof(conv[i]), "%s", it_str(json_object_get(r.json, "data"),
		    "conversionId") ? it_str(json_object_get(r.json, "data"), "conversionId") : "");
		it_resp_free(&r);
	}
	for (i = 0; i < nw; i++) {
		it_db_exec("UPDATE withdrawals SET next_check_at = UTC_TIMESTAMP(6), "
		    "lease_until = NULL WHERE id = ?", wd[i], NULL);
		CU_ASSERT(itc_until(itc_withdrawal_final, wd[i], 0));
		CU_ASSERT_EQUAL(itc_converted(wd[i]), 1);
		CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM withdrawals WHERE id = ? AND "
		    "status = 'completed'", wd[i], NULL), 1);
	}
	for (i = 0; i < DOWN_KEPT && i < nq; i++) {
		CU_ASSERT(itc_until(itc_conversion_final, conv[i], 0));
		CU_ASSERT_EQUAL(itc_converted(conv[i]), 1);
	}
	/* kill -9: the keeper starts it again */
	CU_ASSERT_EQUAL(it_stack("signer-kill"), 0);
	CU_ASSERT(itc_until(signer_answers, NULL, 0));
	itc_wallet_free(&w);
}

#define MAP_SCANNED_MAX (256UL << 20)

/* The hex number at *p (moved past it): 0, or -1 when there is none. */
static int
hex_number(const char **p, unsigned long *out)
{
	int d, n = 0;

	*out = 0;
	while ((d = strict_hexval(**p)) >= 0 && n < 16) {
		*out = *out << 4 | (unsigned long)d;
		(*p)++;
		n++;
	}
	return n > 0 ? 0 : -1;
}

/* The 32 bytes of the operator's key, and its hex text, in none of the
 * readable memory of process pid: 1 when none, 0 when found, -1 when the
 * memory could not be read. */
static int
memory_clean(pid_t pid, const unsigned char key[32], const char *hex)
{
	char path[64], line[512];
	unsigned char *buf = malloc(1 << 20);
	FILE *maps;
	int mem, found = 0, read_any = 0;

	snprintf(path, sizeof(path), "/proc/%d/maps", (int)pid);
	if (buf == NULL || (maps = fopen(path, "re")) == NULL) {
		free(buf);
		return -1;
	}
	snprintf(path, sizeof(path), "/proc/%d/mem", (int)pid);
	if ((mem = open(path, O_RDONLY | O_CLOEXEC)) < 0) {
		fclose(maps);
		free(buf);
		return -1;
	}
	while (!found && fgets(line, sizeof(line), maps) != NULL) {
		unsigned long lo, hi, at;
		const char *p = line;

		/* "lo-hi perms ...", lo and hi in hex; a mapping over 256 MB is a
		 * reservation (a sanitizer's shadow or allocator space, mostly
		 * never touched), not where a program keeps what it read */
		if (hex_number(&p, &lo) != 0 || *p++ != '-' || hex_number(&p, &hi) != 0 ||
		    *p++ != ' ' || *p != 'r' || hi - lo > MAP_SCANNED_MAX)
			continue;
		for (at = lo; at < hi && !found; at += (1 << 20) - 64) {
			size_t want = hi - at < (1 << 20) ? hi - at : (1 << 20);
			ssize_t n = pread(mem, buf, want, (off_t)at);
			size_t i;

			if (n <= 0)
				break;
			read_any = 1;
			for (i = 0; i + 64 <= (size_t)n && !found; i++)
				found = memcmp(buf + i, key, 32) == 0 || memcmp(buf + i, hex, 64) == 0;
			if ((size_t)n < want)
				break;
		}
	}
	close(mem);
	fclose(maps);
	free(buf);
	return !read_any ? -1 : found ? 0 : 1;
}

/* 1 when the stack's signer keeps its key in a PKCS#11 token (SIGNER_STORE,
 * tools/test.sh: lighttpd's EVM pass), 0 for the key file. */
static int
pkcs11(void)
{
	const char *v = getenv("SIGNER_STORE");

	return v != NULL && strcmp(v, "pkcs11") == 0;
}

/* The key in a token: the signer says so, and the token's directory
 * (tools/stack.sh's SIGNER_HOME) is closed to the web user. (That the
 * token never gives the key out: tests/unit/test_keystore_p11.c.) */
static void
key_in_token(void)
{
	struct signer_answer a;
	char path[200], cmd[600], home[200], operator[43];

	signer_socket(path, sizeof(path));
	CU_ASSERT_EQUAL_FATAL(signer_status(path, &a), SIGNER_OK);
	CU_ASSERT_STRING_EQUAL(a.store, "pkcs11");
	itc_operator(operator);
	CU_ASSERT_STRING_EQUAL(a.address, operator);
	snprintf(cmd, sizeof(cmd), "printf /var/tmp/cediramp-signer-%%s \"$(printf '%%s' '%s' | "
	    "md5sum | cut -c1-12)\"", it_env("CLUSTER_VAR"));
	CU_ASSERT_EQUAL_FATAL(it_output(cmd, home, sizeof(home)), 0);
	CU_ASSERT(access(home, F_OK) == 0);
	if (geteuid() == 0) {
		snprintf(cmd, sizeof(cmd), "setpriv --reuid=www-data --regid=www-data "
		    "--clear-groups ls '%s/tokens' >/dev/null 2>&1", home);
		CU_ASSERT_NOT_EQUAL(it_system(cmd), 0);
	}
}

/* The file store: the web user cannot open the key file, and no web
 * program of the stack holds the key's bytes or its hex in its memory. */
static void
key_file_alone(void)
{
	const char *hex = it_env("EVM_OPERATOR_KEY");
	unsigned char key[32];
	char keyfile[600], cmd[4096], line[700];
	char pids[4096], *p;
	size_t n;
	struct it_resp r;
	int scanned = 0, i;

	if (strncmp(hex, "0x", 2) == 0)
		hex += 2;
	CU_ASSERT_EQUAL_FATAL(strlen(hex), 64);
	for (i = 0; i < 32; i++) {
		int hi = strict_hexval(hex[2 * i]), lo = strict_hexval(hex[2 * i + 1]);

		CU_ASSERT_FATAL(hi >= 0 && lo >= 0);
		key[i] = (unsigned char)(hi << 4 | lo);
	}
	signer_file("operator.key", keyfile, sizeof(keyfile));
	if (geteuid() == 0) {
		/* as the web server's user */
		snprintf(cmd, sizeof(cmd), "setpriv --reuid=www-data --regid=www-data "
		    "--clear-groups cat '%s' >/dev/null 2>&1", keyfile);
		CU_ASSERT_NOT_EQUAL(it_system(cmd), 0);
	}
	/* every web program the stack runs (a request first: each started) */
	CU_ASSERT_EQUAL(it_http("GET", "/v1/health", NULL, NULL, 0, &r), 0);
	it_resp_free(&r);
	snprintf(cmd, sizeof(cmd), "for p in $(%s pids); do "
	    "case \"$(readlink /proc/$p/exe)\" in *.fcgi) echo $p ;; esac; done",
	    it_env("STACK_CTL"));
	CU_ASSERT_EQUAL_FATAL(it_output(cmd, pids, sizeof(pids)), 0);
	for (p = pids; *p != '\0'; p += n + (p[n] == '\n')) {
		unsigned long long pid;
		int clean;

		n = strcspn(p, "\n");
		if (strict_uint(p, n, 1ULL << 30, &pid) != 0)
			continue;
		clean = memory_clean((pid_t)pid, key, hex);

		if (clean < 0)
			continue; /* gone meanwhile */
		scanned++;
		snprintf(line, sizeof(line), "web program %llu holds the key", pid);
		IT_CHECK(clean == 1, line);
	}
	CU_ASSERT(scanned >= 3);
}

/* The key is the signer's alone: not the web user's, in no web program's
 * memory (the file store) or in a token (pkcs11); a key file others may
 * read, or another user's, is refused, the signer then not starting. */
static void
test_key_is_the_signers(void)
{
	const char *hex = it_env("EVM_OPERATOR_KEY");
	char cmd[4096], out[4096], conf[600], tmp[600], line[700];
	FILE *f;

	if (pkcs11())
		key_in_token();
	else
		key_file_alone();
	if (strncmp(hex, "0x", 2) == 0)
		hex += 2;
	/* a copy of the key at mode 0644: the signer refuses it, and says so
	 * without the key */
	signer_file("signer.conf", conf, sizeof(conf));
	snprintf(tmp, sizeof(tmp), "%s.key-0644", it_env("CEDIRAMP_CONF"));
	CU_ASSERT_PTR_NOT_NULL_FATAL(f = fopen(tmp, "we"));
	fprintf(f, "%s\n", it_env("EVM_OPERATOR_KEY"));
	fclose(f);
	CU_ASSERT_EQUAL_FATAL(chmod(tmp, 0644), 0);
	snprintf(cmd, sizeof(cmd), "( cat '%s'; printf '\\nsigner.key_store = file\\nsigner.key_file = %s\\nsigner.socket = "
	    "%s.sock\\nlog.file =\\n' ) > '%s.conf' && CEDIRAMP_CONF='%s.conf' "
	    "'%s/tools/cediramp-signer' 2>&1", conf, tmp, tmp, tmp, tmp, it_env("CEDIRAMP_BUILD"));
	CU_ASSERT_EQUAL(it_output(cmd, out, sizeof(out)) != 0, 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "mode 0644; it must be 0400"));
	CU_ASSERT_PTR_NULL(strstr(out, hex));
	if (geteuid() == 0) {
		/* 0400, but another user's */
		CU_ASSERT_EQUAL(chmod(tmp, 0400), 0);
		CU_ASSERT_EQUAL(chown(tmp, 65534, 65534), 0);
		CU_ASSERT_EQUAL(it_output(cmd, out, sizeof(out)) != 0, 1);
		CU_ASSERT_PTR_NOT_NULL(strstr(out, "owned by uid 65534"));
	}
	unlink(tmp);
	snprintf(line, sizeof(line), "%s.conf", tmp);
	unlink(line);
}

/* The gateway's owner and operators, checked by npm ethers on a gateway
 * of the test's own (tests/chain/gateway.mjs): only the owner sets an
 * operator, an added one converts beside the old one, a removed one
 * cannot. What a rotation stands on. */
static void
test_gateway_operators(void)
{
	char cmd[1024], out[2048];

	/* the contracts are compiled once, into build/ (a sanitizer's build
	 * has none of its own) */
	snprintf(cmd, sizeof(cmd), "cd %s/.. && RPC_URL='%s' node tests/chain/gateway.mjs "
	    "build/contracts 2>&1", it_env("CEDIRAMP_BUILD"), it_env("CHAIN_RPC_URL"));
	CU_ASSERT_EQUAL(it_output(cmd, out, sizeof(out)), 0);
	CU_ASSERT_STRING_EQUAL(out, "ok\n");
}

/*
 * Every transaction this pass's signer stored, checked by npm ethers
 * (tests/chain/recover_all.mjs): each attempt of each move (fills and
 * replacements too) and each rotation's own, its sender recovered from its
 * signature the key the database says signed it (on the token's pass, the
 * token's keys), its hash the stored one, its s low. Last in the suite, so
 * that it sees the whole pass's.
 */
static void
test_ethers_recovers_all(void)
{
	static const char sql[] = "SET STATEMENT group_concat_max_len = 67108864 FOR "
	    "SELECT GROUP_CONCAT(j SEPARATOR '\n') FROM ("
	    "SELECT JSON_OBJECT('raw', t.raw, 'from', s.sender, 'hash', t.tx_hash) AS j "
	    "FROM chain_txs t JOIN chain_sends s ON s.ref_id = t.ref_id WHERE t.raw <> '' "
	    "UNION ALL SELECT JSON_OBJECT('raw', r.raw, 'from', r.sender, 'hash', r.tx_hash) "
	    "FROM signer_rotation_txs r) AS every_tx";
	size_t cap = 32u << 20;
	char *all = malloc(cap), path[600], cmd[1200], out[4096], want[40];
	long long n;
	FILE *f;

	CU_ASSERT_PTR_NOT_NULL_FATAL(all);
	n = it_db_scalar("SELECT (SELECT COUNT(*) FROM chain_txs WHERE raw <> '') + "
	    "(SELECT COUNT(*) FROM signer_rotation_txs)", NULL, NULL);
	CU_ASSERT(n > 0);
	CU_ASSERT_EQUAL(it_db_text(sql, NULL, NULL, all, cap), 0);
	snprintf(path, sizeof(path), "%s.every-tx-%d.jsonl", it_env("CEDIRAMP_CONF"), (int)getpid());
	f = fopen(path, "we");
	CU_ASSERT_PTR_NOT_NULL(f);
	if (f != NULL) {
		fputs(all, f);
		fclose(f);
	}
	free(all);
	snprintf(cmd, sizeof(cmd), "cd %s/.. && node tests/chain/recover_all.mjs '%s' 2>&1",
	    it_env("CEDIRAMP_BUILD"), path);
	CU_ASSERT_EQUAL(it_output(cmd, out, sizeof(out)), 0);
	snprintf(want, sizeof(want), "ok %lld\n", n);
	IT_CHECK(strcmp(out, want) == 0, out);
	unlink(path);
}

/* ---- key rotation ---- */

/* Whether the gateway has who as an operator (isOperator, from the node). */
static int
gateway_has(const char *who)
{
	unsigned char a[20];
	char data[200];
	struct buf b;
	json_t *res;
	const char *v;
	int yes;

	buf_init(&b, 256);
	CU_ASSERT_FATAL(evm_addr_parse(who, a) == 0);
	CU_ASSERT_FATAL(evm_abi_selector(&b, "isOperator(address)") == 0 &&
	    evm_abi_address(&b, a) == 0);
	evm_hex((const unsigned char *)b.data, b.len, data);
	buf_free(&b);
	res = itc_rpc("eth_call", json_pack("[{s:s,s:s},s]", "to", it_env("CHAIN_GATEWAY"),
	    "data", data, "latest"));
	CU_ASSERT_PTR_NOT_NULL_FATAL(res);
	v = json_string_value(res);
	yes = v != NULL && strlen(v) == 66 && v[65] == '1';
	json_decref(res);
	return yes;
}

/* The back office's newest rotation (GET /console/api/ops/signer) is
 * rotation id, done, from key old to key fresh. */
static void
console_rotation(const char *id, const char *old, const char *fresh)
{
	struct con_sess s;
	struct it_resp r;
	char uri[1100], got[24];
	json_t *v;

	itc_ops_member("read-only", &s, uri, sizeof(uri));
	con_call("GET", "/console/api/ops/signer", NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	v = json_array_get(json_object_get(json_object_get(r.json, "data"), "rotations"), 0);
	snprintf(got, sizeof(got), "%" JSON_INTEGER_FORMAT, json_integer_value(json_object_get(v,
	    "id")));
	CU_ASSERT_STRING_EQUAL(got, id);
	CU_ASSERT_STRING_EQUAL(it_str(v, "step") ? it_str(v, "step") : "", "done");
	CU_ASSERT(it_str(v, "old_address") != NULL && strcasecmp(it_str(v, "old_address"), old) == 0);
	CU_ASSERT(it_str(v, "new_address") != NULL && strcasecmp(it_str(v, "new_address"),
	    fresh) == 0);
	CU_ASSERT(json_is_null(json_object_get(v, "reason")));
	it_resp_free(&r);
}

static int
rotation_done(const void *id)
{
	return it_db_scalar("SELECT COUNT(*) FROM signer_rotations WHERE id = ? AND "
	    "step IN ('done', 'failed')", id, NULL) == 1;
}

/*
 * cediramp-admin signer rotate, with the signer killed (-9) after storing
 * each of the rotation's transactions (and each move): the keeper starts
 * it again and it carries on. Conversions asked for before, during and
 * after each go through once. At the end the gateway's operator is the
 * new key only, the old key's gas moved to it, every nonce each key used
 * is one the database holds (nothing signed twice or lost), and new moves
 * are the new key's.
 */
static void
test_rotation(void)
{
	struct itc_wallet w;
	struct it_resp r;
	char out[600], old[43], fresh[43], owner[43], id[24], conv[3][64], qid[QUOTE_ID_MAX];
	char receive[40], sender[48], n_node[80], n_db[80], gas[80];
	int i;

	funded_wallet(&w, "9000000");
	itc_operator(old);
	signer_policy("signer.test_kill_after_store = 1");
	for (i = 0; i < 3; i++) {
		if (i == 1) { /* asked for: answered at once, walked after */
			CU_ASSERT_EQUAL_FATAL(it_output("$ADMIN signer rotate", out, sizeof(out)), 0);
			CU_ASSERT_PTR_NOT_NULL(strstr(out, old));
			CU_ASSERT_PTR_NOT_NULL(strstr(out, ": requested"));
			CU_ASSERT_EQUAL_FATAL(it_db_text("SELECT MAX(id) FROM signer_rotations", NULL,
			    NULL, id, sizeof(id)), 0);
			/* asked again while under way: the same one */
			CU_ASSERT_EQUAL(it_output("$ADMIN signer rotate", out, sizeof(out)), 0);
			CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM signer_rotations WHERE "
			    "step NOT IN ('done', 'failed')", NULL, NULL), 1);
		}
		if (i == 2)
			CU_ASSERT_FATAL(itc_until(rotation_done, id, 0));
		CU_ASSERT_EQUAL_FATAL(itc_quote(&w, "USDT", "1", qid, receive), 0);
		CU_ASSERT_EQUAL_FATAL(itc_convert(&w, qid, "1", "USDT", NULL, &r), 201);
		snprintf(conv[i], sizeof(conv[i]), "%s",
		    it_str(json_object_get(r.json, "data"), "conversionId"));
		it_resp_free(&r);
	}
	CU_ASSERT_EQUAL(it_db_text("SELECT CONCAT(step, ' ', COALESCE(reason, '')) FROM "
	    "signer_rotations WHERE id = ?", id, NULL, out, sizeof(out)), 0);
	CU_ASSERT_STRING_EQUAL(out, "done ");
	CU_ASSERT_EQUAL(it_db_text("SELECT new_address FROM signer_rotations WHERE id = ?", id,
	    NULL, fresh, sizeof(fresh)), 0);
	CU_ASSERT_STRING_NOT_EQUAL(fresh, old);
	/* four transactions, each stored once and mined */
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM signer_rotation_txs WHERE rotation_id "
	    "= ? AND status = 'confirmed'", id, NULL), 4);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM signer_journal WHERE op = 'rotate' AND "
	    "ref_id = CONCAT('rotation-', ?) AND decision = 'signed'", id, NULL), 4);
	CU_ASSERT_EQUAL(it_db_text("SELECT sender FROM signer_rotation_txs WHERE rotation_id = ? "
	    "AND step = 'adding'", id, NULL, owner, sizeof(owner)), 0);
	/* the gateway: the new key only */
	CU_ASSERT(gateway_has(fresh));
	CU_ASSERT(!gateway_has(old));
	/* each key's nonces at the node: exactly those the database gave out */
	node_quantity("eth_getTransactionCount", old, n_node);
	CU_ASSERT_EQUAL(it_db_text("SELECT next_nonce FROM chain_nonces WHERE address = ?", old,
	    NULL, n_db, sizeof(n_db)), 0);
	CU_ASSERT_STRING_EQUAL(n_node, n_db);
	node_quantity("eth_getTransactionCount", owner, n_node);
	CU_ASSERT_EQUAL(it_db_text("SELECT next_nonce FROM chain_nonces WHERE address = ?", owner,
	    NULL, n_db, sizeof(n_db)), 0);
	CU_ASSERT_STRING_EQUAL(n_node, n_db);
	/* the gas moved: the old key keeps dust (what its last fee left), the
	 * new key has the rest (the sandbox's operator starts with 1000 ether) */
	node_quantity("eth_getBalance", old, gas);
	CU_ASSERT(strlen(gas) <= 16); /* under 0.01 ether */
	node_quantity("eth_getBalance", fresh, gas);
	CU_ASSERT(strlen(gas) >= 21); /* over 100 ether */
	/* every conversion once; the last one the new key's */
	for (i = 0; i < 3; i++) {
		CU_ASSERT(itc_until(itc_conversion_final, conv[i], 0));
		CU_ASSERT_EQUAL(itc_converted(conv[i]), 1);
		CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM conversions WHERE id = ? AND "
		    "status = 'completed'", conv[i], NULL), 1);
	}
	CU_ASSERT_EQUAL(it_db_text("SELECT sender FROM chain_sends WHERE ref_id = ?", conv[2], NULL,
	    sender, sizeof(sender)), 0);
	CU_ASSERT_STRING_EQUAL(sender, fresh);
	CU_ASSERT_EQUAL(it_db_text("SELECT sender FROM chain_sends WHERE ref_id = ?", conv[0], NULL,
	    sender, sizeof(sender)), 0);
	CU_ASSERT_STRING_EQUAL(sender, old);
	itc_operator(out);
	CU_ASSERT_STRING_EQUAL(out, fresh);
	CU_ASSERT(signer_answers(NULL));
	CU_ASSERT_EQUAL(it_output("$ADMIN signer rotations --limit 1", out, sizeof(out)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, fresh));
	console_rotation(id, old, fresh);
	itc_wallet_free(&w);
}

static const struct tu_test tests[] = {
	{ "typed requests only: a digest, a raw transaction, no JSON: bad_request, journalled",
	    test_typed_only },
	{ "a caller of another uid is refused (SO_PEERCRED) and journalled", test_other_uid },
	{ "the policy's caps: per transaction, 24 h, fee per gas, gas; refused, journalled, 503, "
	    "nothing stored; allowed, the same quote converts",
	    test_policy_caps },
	{ "the policy's signatures a minute", test_policy_rate },
	{ "the same ref asked again: the same transaction; another move under it: refused",
	    test_same_ref },
	{ "kill -9 between storing and answering: the caller's retry gets the same transaction",
	    test_killed_after_store },
	{ "a withdrawal the policy refuses waits, held with the reason; allowed, it completes once",
	    test_withdrawal_held },
	{ "a send whose conversion never committed: voided, its nonce filled (journalled); later "
	    "ones confirm, its coins never move", test_orphan_filled },
	{ "the signer down 30 s under load: health degraded, conversions 503, withdrawals wait; "
	    "back: each once; killed: the keeper restarts it",
	    test_signer_down },
	{ "the key is the signer's: not the web user's, in no web program's memory; a readable or "
	    "foreign key file refused",
	    test_key_is_the_signers },
	{ "npm ethers recovers every transaction the signer stored to the key the database names",
	    test_ethers_recovers_all },
};

static int
signer_setup(void)
{
	itc_mining(1);
	return itc_head() >= 0 ? 0 : -1;
}

/* What depends on the key store, for the token's pass (tools/test.sh runs
 * lighttpd's EVM pass on it): the signer's policy and protocol are the
 * same whatever holds the key, and run once, on the file store's pass.
 * The rotation runs here, where its new key is made in the token (the
 * file store's is test_keystore_p11.c's "a rotation's file key"). */
static const struct tu_test token_tests[] = {
	{ "the key is in the token: the signer says so, the web user cannot read the token; a "
	    "readable or foreign key file refused", test_key_is_the_signers },
	/* beside the key store's own, tests that need no second run and
	 * would lengthen the file store's pass (the longer of the two) */
	{ "the gateway: setOperator is the owner's only; an added operator converts, a removed one "
	    "cannot (ethers)", test_gateway_operators },
	{ "the operator out of gas: the node refuses, conversions wait; the gas back, each "
	    "confirms once and later ones go through", test_gas_drained },
	/* last: the stack's operator key is another one after it */
	{ "signer rotate in the token, the signer killed after each stored step: the new key "
	    "takes over, the old one's moves finish, its gas moves, nothing signed twice",
	    test_rotation },
	{ "npm ethers recovers every transaction the token signed to the key the database names",
	    test_ethers_recovers_all },
};

int
it_suite_signer(void)
{
	if (pkcs11())
		return tu_add_suite("signer (custody, PKCS#11)", signer_setup, NULL, token_tests,
		    NELEM(token_tests));
	return tu_add_suite("signer (custody)", signer_setup, NULL, tests, NELEM(tests));
}
