/*
 * MTN's callbacks are hints (domain/momo_callback.h): every send carries
 * X-Callback-Url; the simulator calls back once per final state; a
 * callback makes its payout due for a status query at once, and only the
 * status query settles: a forged "SUCCESSFUL" completes nothing, a lost
 * callback is still settled by polling, an unknown reference is 200 and
 * ignored.
 */
#include <CUnit/Basic.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "core/cfg.h"
#include "itc.h"

static const char *const json_ct[] = { "Content-Type: application/json", NULL };

static int
suite_init(void)
{
	return it_db_exec("REPLACE INTO sim_settings (name, value) VALUES "
	    "('momo.settle_seconds', '0'), ('momo.drop_callbacks', '0'), "
	    "('chain.confirm_seconds', '0')", NULL, NULL) >= 1 ? 0 : 1;
}

/* The deployment's callback token (providers.momo.callback_token). */
static const char *
token(void)
{
	static struct cfg c;
	static int loaded;
	char err[256];

	if (!loaded) {
		cfg_defaults(&c);
		if (cfg_load(it_env("CEDIRAMP_CONF"), &c, err, sizeof(err)) != 0)
			fprintf(stderr, "t_callbacks: %s\n", err);
		loaded = 1;
	}
	return c.momo_callback_token;
}

/* 1 when the simulator's row of payout pid (its provider reference) meets
 * cond, else 0. */
static long long
sim_row(const char *cond, const char *pid)
{
	char sql[512];

	snprintf(sql, sizeof(sql), "SELECT COUNT(*) FROM sim_momo_transfers WHERE reference = "
	    "(SELECT provider_ref FROM payouts WHERE id = ?) AND %s", cond);
	return it_db_scalar(sql, pid, NULL);
}

/* The payout is not due before an hour: only a callback makes it due. */
static void
not_due(const char *pid)
{
	it_db_exec("UPDATE payouts SET next_check_at = UTC_TIMESTAMP(6) + INTERVAL 1 HOUR "
	    "WHERE id = ?", pid, NULL);
}

static long long
due_now(const char *pid)
{
	return it_db_scalar("SELECT COUNT(*) FROM payouts WHERE id = ? AND "
	    "next_check_at <= UTC_TIMESTAMP(6)", pid, NULL);
}

/* method (PUT or POST) of body to network's callback route. */
static long
callback(const char *method, const char *network, const char *body, struct it_resp *r)
{
	char path[300];

	snprintf(path, sizeof(path), "/v1/providers/momo/%s/callback/%s", network, token());
	CU_ASSERT_EQUAL_FATAL(it_http(method, path, json_ct, body, strlen(body), r), 0);
	return r->status;
}

static void
expect_received(const struct it_resp *r)
{
	CU_ASSERT_EQUAL(r->status, 200);
	CU_ASSERT(json_is_true(json_object_get(json_object_get(r->json, "data"), "received")));
}

/*
 * A payout's send carries our callback URL; once the simulator's transfer
 * is final, its callback arrives and makes the payout due; the status
 * query then completes it.
 */
static void
test_callback_sent_and_heard(void)
{
	struct itc_wallet w;
	char pid[64], url[600] = "", line[1024];

	itc_payout_wallet(&w, "cb_heard", "verified");
	itc_fund(&w, "50");
	CU_ASSERT_EQUAL_FATAL(itc_pay_to(&w, "MTN", 555, pid), 201);
	it_db_text("SELECT callback_url FROM sim_momo_transfers WHERE reference = "
	    "(SELECT provider_ref FROM payouts WHERE id = ?)", pid, NULL, url, sizeof(url));
	CU_ASSERT(strncmp(url, "http://127.0.0.1:", 17) == 0);
	{
		char want[300];

		snprintf(want, sizeof(want), "/v1/providers/momo/MTN/callback/%s", token());
		CU_ASSERT(strlen(url) > strlen(want) &&
		    strcmp(url + strlen(url) - strlen(want), want) == 0);
	}
	not_due(pid);
	CU_ASSERT_EQUAL(due_now(pid), 0);
	CU_ASSERT_EQUAL(it_worker("sandbox_providers"), 0);
	CU_ASSERT_EQUAL(sim_row("callback_at IS NOT NULL AND state = 'successful'", pid), 1);
	/* heard: due at once, still processing until the status query */
	CU_ASSERT_EQUAL(due_now(pid), 1);
	itc_expect_payout(pid, "processing");
	CU_ASSERT_EQUAL(it_log_find(pid, "is due for a status query", line, sizeof(line)), 0);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	itc_expect_payout(pid, "completed");
	/* one callback per final state: a second pass sends nothing */
	CU_ASSERT_EQUAL(it_worker("sandbox_providers"), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payouts WHERE id = ? AND "
	    "status = 'completed'", pid, NULL), 1);
	itc_wallet_free(&w);
}

/*
 * A forged "SUCCESSFUL" callback for a payout the provider failed (201):
 * 200, the payout due, nothing settled by it; the status query fails and
 * refunds it once.
 */
static void
test_forged_success(void)
{
	static const char *const methods[] = { "POST", "PUT" };
	struct itc_wallet w;
	struct it_resp r;
	char pid[64], body[512];
	size_t i;

	itc_payout_wallet(&w, "cb_forged", "verified");
	itc_fund(&w, "50");
	CU_ASSERT_EQUAL_FATAL(itc_pay_to(&w, "MTN", 201, pid), 201);
	not_due(pid);
	snprintf(body, sizeof(body), "{\"financialTransactionId\":\"1234567890\","
	    "\"externalId\":\"%s\",\"amount\":\"10.00\",\"currency\":\"GHS\","
	    "\"payee\":{\"partyIdType\":\"MSISDN\",\"partyId\":\"233240000201\"},"
	    "\"status\":\"SUCCESSFUL\"}", pid);
	for (i = 0; i < NELEM(methods); i++) {
		callback(methods[i], "MTN", body, &r);
		expect_received(&r);
		it_resp_free(&r);
		itc_expect_payout(pid, "processing");
	}
	CU_ASSERT_EQUAL(due_now(pid), 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM ledger_transactions WHERE ref_id = ? "
	    "AND kind = 'payout.completed'", pid, NULL), 0);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	itc_expect_payout(pid, "failed");
	CU_ASSERT_EQUAL(itc_refunds_of(pid), 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM ledger_transactions WHERE ref_id = ? "
	    "AND kind = 'payout.completed'", pid, NULL), 0);
	/* a late forged callback for the settled payout changes nothing */
	callback("POST", "MTN", body, &r);
	expect_received(&r);
	it_resp_free(&r);
	itc_expect_payout(pid, "failed");
	CU_ASSERT_EQUAL(itc_refunds_of(pid), 1);
	itc_wallet_free(&w);
}

/* A callback the simulator loses (momo.drop_callbacks): the payouts
 * worker's polling settles the payout all the same. */
static void
test_lost_callback(void)
{
	struct itc_wallet w;
	char pid[64], line[1024];

	it_sim_set("momo.drop_callbacks", "1");
	itc_payout_wallet(&w, "cb_lost", "verified");
	itc_fund(&w, "50");
	CU_ASSERT_EQUAL_FATAL(itc_pay_to(&w, "TELECEL", 555, pid), 201);
	CU_ASSERT_EQUAL(it_worker("sandbox_providers"), 0);
	/* taken and dropped: never sent, never heard */
	CU_ASSERT_EQUAL(sim_row("callback_at IS NOT NULL", pid), 1);
	CU_ASSERT_NOT_EQUAL(it_log_find(pid, "is due for a status query", line, sizeof(line)), 0);
	itc_expect_payout(pid, "processing");
	/* its next check comes (made due here, as time would) */
	it_db_exec("UPDATE payouts SET next_check_at = UTC_TIMESTAMP(6) WHERE id = ?", pid, NULL);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	itc_expect_payout(pid, "completed");
	it_sim_set("momo.drop_callbacks", "0");
	itc_wallet_free(&w);
}

/* Unknown references are 200, ignored and logged; bad requests are refused
 * with the partner API's errors; nothing changes in the database. */
static void
test_unknown_and_bad(void)
{
	static const struct { const char *body, *code; } bad[] = {
		{ "not json", "VALIDATION_ERROR" },
		{ "[]", "VALIDATION_ERROR" },
		{ "{}", "VALIDATION_ERROR" },
		{ "{\"status\":\"SUCCESSFUL\"}", "VALIDATION_ERROR" },
		{ "{\"externalId\":42}", "VALIDATION_ERROR" },
		{ "{\"externalId\":\"\"}", "VALIDATION_ERROR" },
		{ "{\"externalId\":\"has\\nnewline\"}", "VALIDATION_ERROR" },
		{ "{\"externalId\":\"01234567890123456789012345678901234567890123456789012345678901234\"}",
		  "VALIDATION_ERROR" },
	};
	struct it_resp r;
	char line[1024], unknown[64], rid[80], want[128];
	long long due0;
	size_t i;

	due0 = it_db_scalar("SELECT COUNT(*) FROM payouts WHERE status = 'processing' AND "
	    "next_check_at <= UTC_TIMESTAMP(6)", NULL, NULL);
	it_unique("po_unknown", unknown, sizeof(unknown));
	{
		char body[256];

		snprintf(body, sizeof(body), "{\"externalId\":\"%s\",\"status\":\"SUCCESSFUL\"}",
		    unknown);
		callback("PUT", "AIRTELTIGO", body, &r);
		expect_received(&r);
		CU_ASSERT_PTR_NOT_NULL_FATAL(it_header(&r, "X-Request-Id", rid, sizeof(rid)));
		it_resp_free(&r);
		CU_ASSERT_EQUAL(it_log_find(unknown, "ignored", line, sizeof(line)), 0);
		/* a line the request logged carries its id, the one it answered */
		snprintf(want, sizeof(want), "\"request_id\":\"%s\"", rid);
		CU_ASSERT_PTR_NOT_NULL(strstr(line, want));
	}
	for (i = 0; i < NELEM(bad); i++) {
		callback("POST", "MTN", bad[i].body, &r);
		it_assert_partner_error(&r, 400, bad[i].code, bad[i].body);
		it_resp_free(&r);
	}
	callback("POST", "VODAFONE", "{\"externalId\":\"po_x\"}", &r);
	it_assert_partner_error(&r, 404, "NOT_FOUND", "unknown network");
	it_resp_free(&r);
	{
		char path[300];

		snprintf(path, sizeof(path), "/v1/providers/momo/MTN/callback/%s", token());
		CU_ASSERT_EQUAL_FATAL(it_http("GET", path, NULL, NULL, 0, &r), 0);
		CU_ASSERT_EQUAL(r.status, 405);
		it_resp_free(&r);
	}
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payouts WHERE status = 'processing' "
	    "AND next_check_at <= UTC_TIMESTAMP(6)", NULL, NULL), due0);
}

/*
 * The callback path's token and the allowed addresses: a callback with
 * another token, or from an address outside providers.momo.callback_allow
 * (the test stacks allow 127.0.0.1 only) is 404, without a token (the old
 * path) 401 as any path but the public ones; none makes anything due.
 */
static void
test_token_and_allow(void)
{
	struct itc_wallet w;
	struct it_resp r;
	char pid[64], body[200], path[400], wrong[200], line[4096];
	const char *h[] = { "Content-Type: application/json", NULL };

	itc_payout_wallet(&w, "cb_token", "verified");
	itc_fund(&w, "50");
	CU_ASSERT_EQUAL_FATAL(itc_pay_to(&w, "MTN", 204, pid), 201);
	not_due(pid);
	snprintf(body, sizeof(body), "{\"externalId\":\"%s\",\"status\":\"SUCCESSFUL\"}", pid);
	/* the path of old, without a token: no public route, so an API key is
	 * asked for first, as on every other path */
	CU_ASSERT_EQUAL_FATAL(it_http("POST", "/v1/providers/momo/MTN/callback", h, body,
	    strlen(body), &r), 0);
	it_assert_partner_error(&r, 401, "UNAUTHORIZED", "no token");
	it_resp_free(&r);
	/* another token of the same shape, and the right one cut short */
	snprintf(wrong, sizeof(wrong), "%s", token());
	wrong[0] = wrong[0] == 'a' ? 'b' : 'a';
	snprintf(path, sizeof(path), "/v1/providers/momo/MTN/callback/%s", wrong);
	CU_ASSERT_EQUAL_FATAL(it_http("POST", path, h, body, strlen(body), &r), 0);
	it_assert_partner_error(&r, 404, "NOT_FOUND", "wrong token");
	it_resp_free(&r);
	snprintf(path, sizeof(path), "/v1/providers/momo/MTN/callback/%.47s", token());
	CU_ASSERT_EQUAL_FATAL(it_http("PUT", path, h, body, strlen(body), &r), 0);
	it_assert_partner_error(&r, 404, "NOT_FOUND", "short token");
	it_resp_free(&r);
	/* the right token from an address not allowed (straight to a web
	 * server: HAProxy would be the peer on a cluster) */
	snprintf(path, sizeof(path), "/v1/providers/momo/MTN/callback/%s", token());
	it_http_via(0);
	it_http_from("127.0.0.2");
	CU_ASSERT_EQUAL_FATAL(it_http("POST", path, h, body, strlen(body), &r), 0);
	it_http_from(NULL);
	it_http_via(-1);
	it_assert_partner_error(&r, 404, "NOT_FOUND", "an address not allowed");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(due_now(pid), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT hinted_at IS NULL FROM payouts WHERE id = ?", pid,
	    NULL), 1);
	/* and the right one from the right address is heard */
	callback("POST", "MTN", body, &r);
	expect_received(&r);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(due_now(pid), 1);
	/* the request log names the route, never the token (right, wrong
	 * or cut short: whoever reads the log learns nothing to forge with) */
	CU_ASSERT_EQUAL(it_log_find("\"path\":\"/v1/providers/momo/MTN/callback/[token]\"",
	    "\"status\":200", line, sizeof(line)), 0);
	CU_ASSERT_NOT_EQUAL(it_log_find(token() + 1, NULL, line, sizeof(line)), 0);
	snprintf(wrong, sizeof(wrong), "%.40s", token());
	CU_ASSERT_NOT_EQUAL(it_log_find(wrong, NULL, line, sizeof(line)), 0);
	itc_wallet_free(&w);
}

/* The hints that wrote the payout's row (payouts.hints) */
static long long
hints(const char *pid)
{
	return it_db_scalar("SELECT hints FROM payouts WHERE id = ?", pid, NULL);
}

/*
 * A hint makes a payout due once per providers.callback_min_interval_seconds
 * (10): a second one within it is 200 and changes nothing; past it, a hint
 * is heard again.
 */
static void
test_hint_interval(void)
{
	struct itc_wallet w;
	struct it_resp r;
	char pid[64], body[200], at[40], at2[40];

	itc_payout_wallet(&w, "cb_interval", "verified");
	itc_fund(&w, "50");
	CU_ASSERT_EQUAL_FATAL(itc_pay_to(&w, "MTN", 204, pid), 201);
	not_due(pid);
	snprintf(body, sizeof(body), "{\"externalId\":\"%s\",\"status\":\"PENDING\"}", pid);
	callback("PUT", "MTN", body, &r);
	expect_received(&r);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(due_now(pid), 1);
	CU_ASSERT_EQUAL(hints(pid), 1);
	CU_ASSERT_EQUAL(it_db_text("SELECT hinted_at FROM payouts WHERE id = ?", pid, NULL, at,
	    sizeof(at)), 0);
	/* as the worker would after its query: due later */
	not_due(pid);
	callback("POST", "MTN", body, &r);
	expect_received(&r);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(due_now(pid), 0);
	CU_ASSERT_EQUAL(it_db_text("SELECT hinted_at FROM payouts WHERE id = ?", pid, NULL, at2,
	    sizeof(at2)), 0);
	CU_ASSERT_STRING_EQUAL(at2, at);
	CU_ASSERT_EQUAL(hints(pid), 1);
	/* the interval past (moved back here, as time would) */
	it_db_exec("UPDATE payouts SET hinted_at = hinted_at - INTERVAL 11 SECOND WHERE id = ?",
	    pid, NULL);
	callback("POST", "MTN", body, &r);
	expect_received(&r);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(due_now(pid), 1);
	CU_ASSERT_EQUAL(hints(pid), 2);
	itc_wallet_free(&w);
}

/* ---- 10,000 forged callbacks at once ---- */

#define BURST 10000
#define BURST_SENDERS 16

struct burst {
	const char *path, *body;
	int n, via; /* via: the web server (it_http_via) */
	long ok, limited, other;
};

static void *
burst_send(void *arg)
{
	struct burst *b = arg;
	const char *h[] = { "Content-Type: application/json", NULL };
	struct it_resp r;
	int i;

	/* from an address of its own (allowed by the stack's callback_allow),
	 * straight to a web server: the per-address limit it uses up is not
	 * the one the tests after it are counted under */
	it_http_from("127.0.0.3");
	it_http_via(b->via);
	for (i = 0; i < b->n; i++) {
		if (it_http("POST", b->path, h, b->body, strlen(b->body), &r) != 0)
			b->other++;
		else if (r.status == 200)
			b->ok++;
		else if (r.status == 429)
			b->limited++;
		else
			b->other++;
		it_resp_free(&r);
	}
	return NULL;
}

/* A server-wide count of rows written (SHOW GLOBAL STATUS: Handler_update,
 * Handler_write, Handler_delete; reading them writes nothing). */
static long long
innodb_count(const char *name)
{
	char q[120], out[40];

	snprintf(q, sizeof(q), "SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS "
	    "WHERE VARIABLE_NAME = '%s'", name);
	if (it_db_text(q, NULL, NULL, out, sizeof(out)) != 0)
		return -1;
	return it_db_scalar("SELECT CAST(? AS UNSIGNED)", out, NULL);
}

/* the stack's providers.callback_min_interval_seconds (the default) */
#define HINT_INTERVAL 10

/*
 * 10,000 forged SUCCESSFUL callbacks for one real reference, 16 at a time:
 * every one answered (200, or 429 past the per-address limit), no 5xx; at
 * most one write of the payout's row per HINT_INTERVAL the burst lasted
 * (one, when it is quick; a loaded machine stretches it), and on one
 * server nothing else written in the whole database; and one
 * status query of the payout after them, not thousands.
 */
static void
test_burst(void)
{
	struct itc_wallet w;
	struct burst b[BURST_SENDERS];
	pthread_t t[BURST_SENDERS];
	char pid[64], body[200], path[300];
	long long upd0, ins0, del0, checks0, hints0, most;
	long ok = 0, limited = 0, other = 0;
	struct timespec t0, t1;
	double took;
	int i;

	itc_payout_wallet(&w, "cb_burst", "verified");
	itc_fund(&w, "50");
	CU_ASSERT_EQUAL_FATAL(itc_pay_to(&w, "MTN", 204, pid), 201);
	not_due(pid);
	checks0 = it_db_scalar("SELECT checks FROM payouts WHERE id = ?", pid, NULL);
	hints0 = hints(pid);
	snprintf(body, sizeof(body), "{\"externalId\":\"%s\",\"status\":\"SUCCESSFUL\"}", pid);
	snprintf(path, sizeof(path), "/v1/providers/momo/MTN/callback/%s", token());
	upd0 = innodb_count("HANDLER_UPDATE");
	ins0 = innodb_count("HANDLER_WRITE");
	del0 = innodb_count("HANDLER_DELETE");
	CU_ASSERT_FATAL(upd0 >= 0 && ins0 >= 0 && del0 >= 0);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (i = 0; i < BURST_SENDERS; i++) {
		b[i] = (struct burst){ path, body, BURST / BURST_SENDERS, i, 0, 0, 0 };
		pthread_create(&t[i], NULL, burst_send, &b[i]);
	}
	for (i = 0; i < BURST_SENDERS; i++) {
		pthread_join(t[i], NULL);
		ok += b[i].ok, limited += b[i].limited, other += b[i].other;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	took = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	fprintf(stderr, "callbacks: %d forged in %.1f s (%ld heard, %ld over the address's "
	    "limit, %ld else); the payout's row written %lld times; the server's rows "
	    "written: %lld updated, %lld inserted, %lld deleted\n", BURST, took, ok, limited,
	    other, hints(pid) - hints0, innodb_count("HANDLER_UPDATE") - upd0,
	    innodb_count("HANDLER_WRITE") - ins0, innodb_count("HANDLER_DELETE") - del0);
	CU_ASSERT_EQUAL(ok + limited, BURST);
	CU_ASSERT_EQUAL(other, 0);
	CU_ASSERT(ok >= 1);
	/* a hint heard per interval: the payout's row, once each */
	most = 1 + (long long)(took / HINT_INTERVAL);
	CU_ASSERT(hints(pid) - hints0 >= 1);
	CU_ASSERT(hints(pid) - hints0 <= most);
	/* and nothing else: on one server, where nothing else runs. On a
	 * cluster HAProxy's health checks store provider states, and each
	 * node also counts the writes it applies for the others. */
	if (it_web_servers() == 1) {
		CU_ASSERT(innodb_count("HANDLER_UPDATE") - upd0 <= most);
		CU_ASSERT_EQUAL(innodb_count("HANDLER_WRITE") - ins0, 0);
		CU_ASSERT_EQUAL(innodb_count("HANDLER_DELETE") - del0, 0);
	}
	CU_ASSERT_EQUAL(due_now(pid), 1);
	/* one status query for them all */
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT checks FROM payouts WHERE id = ?", pid, NULL),
	    checks0 + 1);
	/* and none after it: the burst left nothing that makes it due again
	 * (its next check put where the backoff cannot reach during the run) */
	not_due(pid);
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT checks FROM payouts WHERE id = ?", pid, NULL),
	    checks0 + 1);
	itc_expect_payout(pid, "processing");
	itc_wallet_free(&w);
}

int
it_suite_callbacks(void)
{
	static const struct tu_test tests[] = {
		{ "a send carries X-Callback-Url; the callback makes it due", test_callback_sent_and_heard },
		{ "a forged SUCCESSFUL callback completes nothing", test_forged_success },
		{ "a lost callback is settled by polling", test_lost_callback },
		{ "unknown references ignored; bad callbacks refused", test_unknown_and_bad },
		{ "no token, another token, an address not allowed: 404", test_token_and_allow },
		{ "a hint makes a payout due once per interval", test_hint_interval },
		{ "10,000 forged callbacks: one write, one status query", test_burst },
	};

	return tu_add_suite("MoMo callbacks", suite_init, NULL, tests, NELEM(tests));
}
