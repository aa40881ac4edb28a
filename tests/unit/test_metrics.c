/*
 * metrics: the shared-memory counters and their exposition, with real
 * processes (fork) adding into one file, going away and being replaced.
 */
#include "core/metrics.h"

#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "unit.h"

static char dir[64];

static int
suite_init(void)
{
	snprintf(dir, sizeof(dir), "/tmp/cediramp-metrics-XXXXXX");
	return mkdtemp(dir) != NULL ? 0 : -1;
}

static int
suite_clean(void)
{
	char cmd[128];

	metrics_close();
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

/* The scrape, as a string (freed by the caller). */
static char *
scrape(void)
{
	struct buf out;
	char *s;

	buf_init(&out, 1 << 24);
	CU_ASSERT_EQUAL_FATAL(metrics_render(dir, &out), 0);
	s = strdup(buf_cstr(&out));
	buf_free(&out);
	return s;
}

/* Runs fn in a child process that then exits without closing metrics
 * (as a killed process would leave its slot). */
static void
in_child(void (*fn)(void))
{
	pid_t pid = fork();
	int st;

	CU_ASSERT_FATAL(pid >= 0);
	if (pid == 0) {
		fn();
		_exit(0);
	}
	CU_ASSERT(waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0);
}

static void
child_counts(void)
{
	if (metrics_open(dir, "partner") != 0)
		_exit(2);
	metrics_count("cediramp_http_requests_total", "program=\"partner\",status_class=\"2xx\"", 3);
	metrics_gauge_add("cediramp_http_requests_in_flight", "program=\"partner\"", 5);
	metrics_latest_set("cediramp_worker_last_run_timestamp_seconds", "worker=\"payouts\"", 111);
}

static void
child_latest(void)
{
	if (metrics_open(dir, "payouts") != 0)
		_exit(2);
	metrics_latest_set("cediramp_worker_last_run_timestamp_seconds", "worker=\"payouts\"", 222);
}

static void
test_processes(void)
{
	char *s;

	CU_ASSERT_EQUAL_FATAL(metrics_open(dir, "partner"), 0);
	CU_ASSERT(metrics_on());
	metrics_count("cediramp_http_requests_total", "program=\"partner\",status_class=\"2xx\"", 1);
	metrics_gauge_add("cediramp_http_requests_in_flight", "program=\"partner\"", 2);
	metrics_gauge_add("cediramp_http_requests_in_flight", "program=\"partner\"", -1);

	/* a process that came and went: its counts stay, its live gauge
	 * does not, and a latest value set by it stays */
	in_child(child_counts);
	s = scrape();
	CU_ASSERT(unit_contains(s, "# HELP cediramp_http_requests_total Requests answered"));
	CU_ASSERT(unit_contains(s, "# TYPE cediramp_http_requests_total counter\n"
	    "cediramp_http_requests_total{program=\"partner\",status_class=\"2xx\"} 4\n"));
	CU_ASSERT(unit_contains(s, "# TYPE cediramp_http_requests_in_flight gauge\n"
	    "cediramp_http_requests_in_flight{program=\"partner\"} 1\n"));
	CU_ASSERT(unit_contains(s,
	    "cediramp_worker_last_run_timestamp_seconds{worker=\"payouts\"} 111\n"));
	free(s);

	/* another program's process sets 222, then a later one 111 again:
	 * the newest wins; that later one takes the gone child's slot and
	 * counts on from its values */
	in_child(child_latest);
	in_child(child_counts);
	s = scrape();
	CU_ASSERT(unit_contains(s,
	    "cediramp_http_requests_total{program=\"partner\",status_class=\"2xx\"} 7\n"));
	CU_ASSERT(unit_contains(s, "cediramp_http_requests_in_flight{program=\"partner\"} 1\n"));
	CU_ASSERT(unit_contains(s,
	    "cediramp_worker_last_run_timestamp_seconds{worker=\"payouts\"} 111\n"));
	CU_ASSERT(!unit_contains(s, "} 222\n"));
	free(s);
}

static void
test_histogram(void)
{
	const char *l = "program=\"partner\",route=\"/v1/limits\",method=\"GET\"";
	char *s;

	CU_ASSERT_EQUAL_FATAL(metrics_open(dir, "histo"), 0);
	metrics_observe_us("cediramp_http_request_duration_seconds", l, 900);
	metrics_observe_us("cediramp_http_request_duration_seconds", l, 1000);
	metrics_observe_us("cediramp_http_request_duration_seconds", l, 30000);
	metrics_observe_us("cediramp_http_request_duration_seconds", l, 60000000);
	s = scrape();
	CU_ASSERT(unit_contains(s, "# TYPE cediramp_http_request_duration_seconds histogram\n"
	    "cediramp_http_request_duration_seconds_bucket{program=\"partner\","
	    "route=\"/v1/limits\",method=\"GET\",le=\"0.001\"} 2\n"));
	CU_ASSERT(unit_contains(s, "le=\"0.025\"} 2\n"));
	CU_ASSERT(unit_contains(s, "le=\"0.05\"} 3\n"));
	CU_ASSERT(unit_contains(s, "le=\"10\"} 3\n"));
	CU_ASSERT(unit_contains(s, "le=\"+Inf\"} 4\n"));
	CU_ASSERT(unit_contains(s, "cediramp_http_request_duration_seconds_sum{program=\"partner\","
	    "route=\"/v1/limits\",method=\"GET\"} 60.031900\n"));
	CU_ASSERT(unit_contains(s, "cediramp_http_request_duration_seconds_count{program=\"partner\","
	    "route=\"/v1/limits\",method=\"GET\"} 4\n"));
	/* a family this build does not declare is never shown */
	metrics_count("cediramp_no_such_thing", "", 1);
	free(s);
	s = scrape();
	CU_ASSERT(!unit_contains(s, "cediramp_no_such_thing"));
	free(s);
}

static void
test_labels(void)
{
	static const struct {
		const char *in;
		size_t cap;
		const char *want;
	} rows[] = {
		{ "/v1/withdrawals/:id", 64, "/v1/withdrawals/:id" },
		{ "a\"b\\c\nd", 64, "a\\\"b\\\\c\\nd" },
		{ "abcdef", 4, "abc" },
		{ "ab\"", 4, "ab" },
		{ "a\xc3\xa9", 3, "a" },
		{ "", 8, "" },
	};
	char out[64];
	size_t i;

	for (i = 0; i < NELEM(rows); i++)
		UNIT_STR_EQ(metrics_label_value(rows[i].in, out, rows[i].cap), rows[i].want,
		    rows[i].in);
}

static void
test_off(void)
{
	struct buf out;

	metrics_close();
	CU_ASSERT(!metrics_on());
	/* off: nothing happens, nothing fails */
	metrics_count("cediramp_http_requests_total", "program=\"x\"", 1);
	CU_ASSERT_EQUAL(metrics_open("", "partner"), 0);
	CU_ASSERT(!metrics_on());
	CU_ASSERT_EQUAL(metrics_open(dir, "../etc"), -1);
	CU_ASSERT(!metrics_on());
	buf_init(&out, 1024);
	CU_ASSERT_EQUAL(metrics_render("/nonexistent-cediramp", &out), 0);
	CU_ASSERT_EQUAL(out.len, 0);
	buf_free(&out);
}

int
main(void)
{
	static const struct tu_test tests[] = {
		{ "processes come and go", test_processes },
		{ "a histogram", test_histogram },
		{ "label values", test_labels },
		{ "metrics off", test_off },
	};

	return tu_main("metrics", suite_init, suite_clean, tests, NELEM(tests));
}
