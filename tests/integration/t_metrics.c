/*
 * Metrics (docs/operations.md, "Metrics"): GET /metrics on each web
 * server's metrics listener (METRICS_URL; CLUSTER_METRICS_URLS on a
 * cluster), answering only metrics.allow (127.0.0.1 in the test stacks),
 * and the stack's own Prometheus (Debian's package, PROMETHEUS_URL)
 * scraping it every 5 s: the tests ask Prometheus's HTTP API, so a real
 * Prometheus accepting the scrape is the proof of the format. The
 * workers, run as the tests' user (root) on the stack's config, count
 * into the same directory (setgid to the web group) that the scrape,
 * run as the web user, reads: their runs, the webhook deliveries by
 * outcome, reconcile's findings, and the provider calls they make.
 */
#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "it.h"
#include "itc.h"
#include "itc_console.h"
#include "receiver.h"

/* "http://127.0.0.1:PORT" of url (".../metrics") into out. */
static void
origin_of(const char *url, char *out, size_t cap)
{
	const char *p = strchr(url + strlen("http://"), '/');

	snprintf(out, cap, "%.*s", p ? (int)(p - url) : (int)strlen(url), url);
}

/* GET path at origin (it_http_to), from the address from (NULL: as usual). */
static void
get_at(const char *origin, const char *from, const char *path, struct it_resp *r)
{
	it_http_to(origin);
	it_http_from(from);
	CU_ASSERT_FATAL(it_http("GET", path, NULL, NULL, 0, r) == 0);
	it_http_from(NULL);
	it_http_to(NULL);
}

/* The sum of the values Prometheus answers query with now; -1 when it
 * does not answer, 0 when no series matches. */
static long long
prom(const char *query)
{
	char origin[128], path[1024];
	struct it_resp r;
	char *q = curl_easy_escape(NULL, query, 0);
	json_t *res, *v;
	long long sum = -1;
	size_t i;

	origin_of(it_env("PROMETHEUS_URL"), origin, sizeof(origin));
	snprintf(path, sizeof(path), "/api/v1/query?query=%s", q);
	curl_free(q);
	it_http_to(origin);
	if (it_http("GET", path, NULL, NULL, 0, &r) == 0 && r.status == 200 &&
	    (res = json_object_get(json_object_get(r.json, "data"), "result")) != NULL) {
		sum = 0;
		json_array_foreach(res, i, v)
			sum += atoll(json_string_value(json_array_get(json_object_get(v, "value"), 1)) ?
			    json_string_value(json_array_get(json_object_get(v, "value"), 1)) : "0");
	}
	it_http_to(NULL);
	it_resp_free(&r);
	return sum;
}

/* The value of the sample line "series value" in a scrape; -1 none. */
static long long
sample_of(const char *scrape, const char *series)
{
	size_t n = strlen(series);
	const char *p = scrape;

	while ((p = strstr(p, series)) != NULL) {
		if ((p == scrape || p[-1] == '\n') && p[n] == ' ')
			return atoll(p + n + 1);
		p += n;
	}
	return -1;
}

/* The web servers' metrics URLs: CLUSTER_METRICS_URLS, or METRICS_URL. */
static int
metrics_urls(char out[][IT_WORD], int max)
{
	const char *list = getenv("CLUSTER_METRICS_URLS");

	if (list != NULL && list[0] != '\0')
		return it_words(list, out, max);
	snprintf(out[0], IT_WORD, "%s", it_env("METRICS_URL"));
	return 1;
}

/* How scrape_of combines the web servers' values of a series. */
enum combine {
	SCRAPE_SUM,   /* every web server's, added (a counter) */
	SCRAPE_FIRST, /* the first one's (a gauge read from the database, the same on each) */
	SCRAPE_MAX,   /* the largest, -1 when none has it (a latest gauge) */
};

/* series in the web servers' scrapes now, combined by how (0 for a sum
 * or a first scrape without it). */
static long long
scrape_of(const char *series, enum combine how)
{
	char urls[4][IT_WORD], origin[128];
	long long got = how == SCRAPE_MAX ? -1 : 0, v;
	struct it_resp r;
	int n = metrics_urls(urls, 4), i;

	for (i = 0; i < (how == SCRAPE_FIRST ? 1 : n); i++) {
		origin_of(urls[i], origin, sizeof(origin));
		get_at(origin, NULL, "/metrics", &r);
		CU_ASSERT_EQUAL(r.status, 200);
		v = sample_of(r.body ? r.body : "", series);
		if (how == SCRAPE_MAX ? v > got : v > 0)
			got = how == SCRAPE_MAX ? v : got + v;
		it_resp_free(&r);
	}
	return got;
}

/* The sum of series over every web server's scrape now (all: 1), or the
 * first one's (all: 0). */
static long long
scraped(const char *series, int all)
{
	return scrape_of(series, all ? SCRAPE_SUM : SCRAPE_FIRST);
}

/* The largest value of series over the web servers' scrapes, or -1. */
static long long
scraped_max(const char *series)
{
	return scrape_of(series, SCRAPE_MAX);
}

static void
test_scrape(void)
{
	char urls[4][IT_WORD], origin[128], ct[128];
	struct it_resp r;
	int n = metrics_urls(urls, 4), i;

	for (i = 0; i < n; i++) {
		origin_of(urls[i], origin, sizeof(origin));
		get_at(origin, NULL, "/metrics", &r);
		CU_ASSERT_EQUAL(r.status, 200);
		CU_ASSERT_EQUAL(it_strcmp(it_header(&r, "Content-Type", ct, sizeof(ct)),
		    "text/plain; version=0.0.4; charset=utf-8"), 0);
		CU_ASSERT_PTR_NOT_NULL(it_strstr(r.body,
		    "# TYPE cediramp_http_requests_total counter\n"));
		CU_ASSERT_PTR_NOT_NULL(it_strstr(r.body,
		    "# TYPE cediramp_http_request_duration_seconds histogram\n"));
		CU_ASSERT_PTR_NOT_NULL(it_strstr(r.body, "\ncediramp_payouts{state=\"in_doubt\"} "));
		CU_ASSERT_PTR_NOT_NULL(it_strstr(r.body, "\ncediramp_metrics_gauge_failures 0\n"));
		/* route templates, never a path with an id */
		CU_ASSERT_PTR_NULL(it_strstr(r.body, "route=\"/v1/withdrawals/wd_"));
		it_resp_free(&r);

		/* another address than metrics.allow's: refused */
		get_at(origin, "127.0.0.2", "/metrics", &r);
		CU_ASSERT_EQUAL(r.status, 403);
		CU_ASSERT_PTR_NULL(it_strstr(r.body, "cediramp_"));
		it_resp_free(&r);
		/* the listener serves nothing else */
		get_at(origin, NULL, "/v1/health", &r);
		CU_ASSERT(r.status == 404 || r.status == 403);
		CU_ASSERT_PTR_NULL(it_strstr(r.body, "\"status\""));
		it_resp_free(&r);
	}
	/* and the API's listener has no /metrics */
	CU_ASSERT_FATAL(it_http("GET", "/metrics", NULL, NULL, 0, &r) == 0);
	CU_ASSERT(r.status == 404 || r.status == 403);
	CU_ASSERT_PTR_NULL(it_strstr(r.body, "cediramp_http"));
	it_resp_free(&r);
}

static void
test_prometheus(void)
{
	static const char series[] = "cediramp_http_requests_total{program=\"partner-withdrawals\","
	    "route=\"/v1/withdrawals\",method=\"POST\",status_class=\"2xx\"}";
	static const char due[] = "cediramp_queue_due{queue=\"withdrawals\"}";
	static const char due_max[] = "max(cediramp_queue_due{queue=\"withdrawals\"})";
	char q[512], ref[64], body[300];
	long long before, due_before, n = 0, up = 0;
	struct con_sess s;
	struct it_resp r;
	int i;

	/* every web server scraped, and up */
	IT_UNTIL("Prometheus scrapes every web server",
	    (up = prom("sum(up{job=\"cediramp\"})")) == (long long)it_web_servers());
	CU_ASSERT_EQUAL_FATAL(up, (long long)it_web_servers());

	/* what the web servers count now; then ten withdrawals */
	con_signup("Metrics Ltd", &s);
	before = scraped(series, 1);
	due_before = scraped(due, 0);
	/* 1 USDT each: ten fit a new sandbox partner's daily limit */
	for (i = 0; i < 10; i++) {
		it_unique("mref", ref, sizeof(ref));
		snprintf(body, sizeof(body), "{\"amount\":\"1.00\",\"currency\":\"USDT\","
		    "\"recipient_phone\":\"+233241234567\",\"mobile_network\":\"MTN\","
		    "\"reference_id\":\"%s\"}", ref);
		con_partner_post(s.key, "/v1/withdrawals", body, &r);
		CU_ASSERT_EQUAL_FATAL(r.status, 201);
		it_resp_free(&r);
	}
	snprintf(q, sizeof(q), "sum(%s)", series);
	IT_UNTIL("Prometheus sees the ten withdrawals", (n = prom(q)) >= before + 10);
	CU_ASSERT_EQUAL(n, before + 10);
	/* the withdrawals' queue gauge moved with them (no worker runs here) */
	IT_UNTIL("the withdrawals' queue gauge moves", prom(due_max) >= due_before + 10);
	CU_ASSERT_EQUAL(prom(due_max), due_before + 10);
	/* latency too: the histogram's count rose as the counter did */
	snprintf(q, sizeof(q), "sum(cediramp_http_request_duration_seconds_count{program="
	    "\"partner-withdrawals\",route=\"/v1/withdrawals\",method=\"POST\"})");
	CU_ASSERT(prom(q) >= 10);
	/* the ten go their way */
	CU_ASSERT_EQUAL(it_worker("payouts"), 0);
}

static int node3_down;

/* Node 3 up again, however the test ended. */
static void
node3_back(void *unused)
{
	(void)unused;
	if (node3_down && it_stack("node-start 3") != 0)
		fprintf(stderr, "metrics: node 3 not started again at the test's end\n");
	node3_down = 0;
}

/*
 * On a cluster the web servers' nodes show its size and readiness, and
 * Prometheus sees the size fall when a node (3, the one without a web
 * server) is killed and rise when it is back. On one plain server there
 * is no cluster: no Galera gauge at all (an alert on them would lie).
 */
static void
test_galera(void)
{
	static const char size[] = "max(cediramp_galera_cluster_size)";
	char urls[4][IT_WORD];
	int n = metrics_urls(urls, 4);

	if (getenv("CLUSTER_METRICS_URLS") == NULL) {
		CU_ASSERT_EQUAL(scraped("cediramp_galera_cluster_size", 1), 0);
		CU_ASSERT_EQUAL(prom("count(cediramp_galera_ready)"), 0);
		return;
	}
	IT_UNTIL("Prometheus sees the three nodes", prom(size) == 3);
	CU_ASSERT_EQUAL_FATAL(prom(size), 3);
	/* every web server's scrape in (one may have come first) */
	IT_UNTIL("both web servers' nodes ready", prom("sum(cediramp_galera_ready)") == n);
	CU_ASSERT_EQUAL(prom("sum(cediramp_galera_ready)"), n);
	node3_down = 1;
	tu_defer(node3_back, NULL);
	CU_ASSERT_EQUAL_FATAL(it_stack("node-kill 3"), 0);
	IT_UNTIL("Prometheus sees two nodes", prom(size) == 2);
	CU_ASSERT_EQUAL(prom(size), 2);
	/* the two left still serve, once each web server's next scrape has
	 * come after the membership change (one can see two nodes while the
	 * other's last scrape caught its node re-forming the component: ci23) */
	IT_UNTIL("the two left ready", prom("sum(cediramp_galera_ready)") == n);
	CU_ASSERT_EQUAL(prom("sum(cediramp_galera_ready)"), n);
	CU_ASSERT_EQUAL(it_stack("node-start 3"), 0);
	node3_down = 0;
	IT_UNTIL("Prometheus sees the three nodes again", prom(size) == 3);
	CU_ASSERT_EQUAL(prom(size), 3);
}

/* ---- the workers ---- */

/*
 * Runs cron worker name once on CEDIRAMP_CONF (on a cluster node 1's,
 * whose web server the first metrics URL scrapes: it_worker takes each
 * node in turn, and a node without a web server has no scrape of its
 * workers' files). Its exit status, or -1.
 */
static int
worker_here(const char *name)
{
	char cmd[2048];
	int st;

	snprintf(cmd, sizeof(cmd), "CEDIRAMP_CONF=%s %s/cron/%s >/dev/null 2>&1",
	    it_env("CEDIRAMP_CONF"), it_env("CEDIRAMP_BUILD"), name);
	st = it_system(cmd);
	return st != -1 && WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* A worker's counters before a run. */
struct worker_seen {
	const char *worker;
	long long runs, errors, items;
	time_t start;
};

/* series of family (a worker_* family's tail) for worker into out. */
static const char *
worker_series(const char *family, const char *worker, char *out, size_t cap)
{
	snprintf(out, cap, "cediramp_worker_%s{worker=\"%s\"}", family, worker);
	return out;
}

static void
worker_before(const char *worker, struct worker_seen *w)
{
	char s[160];

	w->worker = worker;
	w->runs = scraped(worker_series("runs_total", worker, s, sizeof(s)), 1);
	w->errors = scraped(worker_series("errors_total", worker, s, sizeof(s)), 1);
	w->items = scraped(worker_series("items_total", worker, s, sizeof(s)), 1);
	w->start = time(NULL);
}

/* The run since w (exit status rc) counted once, as an error when rc is
 * not 0, its end within the last minute; the items it added. */
static long long
worker_after(const struct worker_seen *w, int rc)
{
	char s[160];
	long long at;

	IT_CHECK(scraped(worker_series("runs_total", w->worker, s, sizeof(s)), 1) == w->runs + 1,
	    w->worker);
	IT_CHECK(scraped(worker_series("errors_total", w->worker, s, sizeof(s)), 1) ==
	    w->errors + (rc != 0), w->worker);
	at = scraped_max(worker_series("last_run_timestamp_seconds", w->worker, s, sizeof(s)));
	IT_CHECK(at >= (long long)w->start && at <= (long long)time(NULL) &&
	    (long long)time(NULL) - at < 60, w->worker);
	return scraped(worker_series("items_total", w->worker, s, sizeof(s)), 1) - w->items;
}

/* A provider's calls of operation with outcome, summed over the programs. */
static long long
calls(const char *provider, const char *operation, const char *outcome)
{
	char s[200];

	snprintf(s, sizeof(s), "cediramp_provider_calls_total{provider=\"%s\",operation=\"%s\","
	    "outcome=\"%s\"}", provider, operation, outcome);
	return scraped(s, 1);
}

static long long
deliveries(const char *outcome)
{
	char s[120];

	snprintf(s, sizeof(s), "cediramp_webhook_deliveries_total{outcome=\"%s\"}", outcome);
	return scraped(s, 1);
}

/*
 * The rates worker: one run, the rates it set, its call of the feed (the
 * simulator's /sim/rates) and its latency, its database cost; its file
 * in the metrics directory made by root, 0640 and the web group's (the
 * directory's setgid), which the scrape (the web user) read just now.
 */
static void
test_worker_rates(void)
{
	static const char stmts[] = "cediramp_db_statements_total{program=\"rates\","
	    "route=\"worker\",method=\"none\"}";
	static const char lat[] = "cediramp_provider_call_duration_seconds_count{provider="
	    "\"rates\",operation=\"feed\"}";
	char run[IT_WORD], path[IT_WORD + 64];
	long long feed = calls("rates", "feed", "ok"), st = scraped(stmts, 1), n = scraped(lat, 1);
	struct worker_seen w;
	struct stat f, d;
	int rc;

	worker_before("rates", &w);
	rc = worker_here("rates");
	CU_ASSERT_EQUAL(rc, 0);
	/* USDT, USDC... each set */
	IT_CHECK(worker_after(&w, rc) >= 2, "rates set");
	CU_ASSERT_EQUAL(calls("rates", "feed", "ok"), feed + 1);
	CU_ASSERT_EQUAL(scraped(lat, 1), n + 1);
	CU_ASSERT(scraped(stmts, 1) > st);

	CU_ASSERT_EQUAL_FATAL(it_runtime_dir(run, sizeof(run)), 0);
	snprintf(path, sizeof(path), "%s/metrics", run);
	CU_ASSERT_EQUAL_FATAL(stat(path, &d), 0);
	CU_ASSERT_EQUAL(d.st_mode & 07777, 02770);
	snprintf(path, sizeof(path), "%s/metrics/rates.metrics", run);
	CU_ASSERT_EQUAL_FATAL(stat(path, &f), 0);
	CU_ASSERT_EQUAL(f.st_mode & 0777, 0640);
	CU_ASSERT_EQUAL(f.st_uid, getuid());
	CU_ASSERT_EQUAL(f.st_gid, d.st_gid);
}

/*
 * The webhooks worker: two endpoints of a new partner get a withdrawal's
 * event; one answers 500 then 200 (a retry, then delivered), the other
 * always 500 (under the sandbox policy 8 times faster: three retries,
 * then failed). Each attempt is counted by its outcome and as a provider
 * call (webhook post), and the run by its attempts.
 */
static void
test_worker_webhooks(void)
{
	static const int once[] = { 500 };
	struct receiver *ok = rcv_start(), *down = rcv_start();
	long long delivered = deliveries("delivered"), retry = deliveries("retry"),
	    failed = deliveries("failed"), post_ok = calls("webhook", "post", "ok"),
	    post_error = calls("webhook", "post", "error");
	char hook[64], body[400], phone[20], ref[64];
	struct itc_partner p;
	struct worker_seen w;
	struct it_resp r;
	int rc;

	CU_ASSERT_PTR_NOT_NULL_FATAL(ok);
	CU_ASSERT_PTR_NOT_NULL_FATAL(down);
	rcv_script(ok, once, NELEM(once), 200);
	rcv_script(down, NULL, 0, 500);
	itc_partner_new(&p, "verified", 0);
	itc_register_hook(&p, rcv_port(ok), "/ok", "[\"withdrawal.pending\"]",
	    "whsec-metrics-0123456789abcdef-0123456789", hook);
	itc_register_hook(&p, rcv_port(down), "/down", "[\"withdrawal.pending\"]",
	    "whsec-metrics-0123456789abcdef-0123456789", hook);
	itc_phone(778, phone, sizeof(phone));
	it_unique("metrics-wh", ref, sizeof(ref));
	snprintf(body, sizeof(body), "{\"amount\":\"10\",\"currency\":\"USDT\","
	    "\"recipient_phone\":\"%s\",\"mobile_network\":\"MTN\",\"reference_id\":\"%s\"}",
	    phone, ref);
	CU_ASSERT_EQUAL_FATAL(itc_partner_send(&p, "POST", "/v1/withdrawals", body, &r), 201);
	it_resp_free(&r);

	worker_before("webhooks", &w);
	rc = itc_webhooks_run("webhooks.retry_clock_divisor = 8\n");
	CU_ASSERT_EQUAL(rc, 0);
	CU_ASSERT_EQUAL(rcv_wait(ok, 3, 300), 2);
	CU_ASSERT_EQUAL(rcv_wait(down, 5, 300), 4);
	/* at least these six attempts (others' pending deliveries may go too) */
	IT_CHECK(worker_after(&w, rc) >= 6, "webhook attempts");
	IT_CHECK(deliveries("delivered") >= delivered + 1, "delivered");
	IT_CHECK(deliveries("retry") >= retry + 4, "retry");
	IT_CHECK(deliveries("failed") >= failed + 1, "failed");
	IT_CHECK(calls("webhook", "post", "ok") >= post_ok + 1, "webhook post ok");
	IT_CHECK(calls("webhook", "post", "error") >= post_error + 5, "webhook post error");
	rcv_stop(ok);
	rcv_stop(down);
}

/*
 * reconcile: one run; its end and every kind of finding set (0 when
 * none), none that makes it exit 1 when it exited 0.
 */
static void
test_worker_reconcile(void)
{
	static const char *const kinds[] = { "late_collections", "reversed_payouts", "held",
		"unmatched_deposits", "unreversible", "float", "ledger" };
	char s[160];
	long long at, v, blocking = 0;
	struct worker_seen w;
	size_t i;
	int rc;

	worker_before("reconcile", &w);
	rc = worker_here("reconcile");
	CU_ASSERT(rc == 0 || rc == 1);
	worker_after(&w, rc);
	at = scraped_max("cediramp_reconcile_last_run_timestamp_seconds");
	IT_CHECK(at >= (long long)w.start && at <= (long long)time(NULL), "reconcile's last run");
	for (i = 0; i < NELEM(kinds); i++) {
		snprintf(s, sizeof(s), "cediramp_reconcile_findings{kind=\"%s\"}", kinds[i]);
		v = scraped_max(s);
		IT_CHECK(v >= 0, kinds[i]);
		if (i >= 2 && i != 3)
			blocking += v; /* held, unreversible, float, ledger: exit 1 */
	}
	if (rc == 0)
		CU_ASSERT_EQUAL(blocking, 0);
}

static const struct tu_test tests[] = {
	{ "metrics: the scrape, and who may read it", test_scrape },
	{ "metrics: Prometheus scrapes the web servers", test_prometheus },
	{ "metrics: a worker's run, its provider call, its file", test_worker_rates },
	{ "metrics: webhook deliveries by outcome", test_worker_webhooks },
	{ "metrics: reconcile's last run and findings", test_worker_reconcile },
	{ "metrics: the Galera gauges", test_galera },
};

int
it_suite_metrics(void)
{
	return tu_add_suite("metrics", NULL, NULL, tests, NELEM(tests));
}
