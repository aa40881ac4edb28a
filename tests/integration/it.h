/*
 * it: the integration-test harness. Talks HTTP to the real stack with
 * libcurl (127.0.0.1 only), reads the database the stack uses to check what
 * it holds, and can stop and start that database.
 *
 * Environment (set by tools/test.sh): BASE_URL, PARTNER_API_KEY,
 * JWT_HS256_SECRET, CEDIRAMP_CONF, STACK_CTL (a command prefix accepting
 * db-stop / db-start).
 */
#ifndef CEDIRAMP_IT_H
#define CEDIRAMP_IT_H

#include <stddef.h>
#include <CUnit/CUnit.h>
#include <jansson.h>

#include "testutil.h"

struct it_resp {
	long status;
	char *body;     /* NUL-terminated */
	size_t len;
	char *headers;  /* raw header block */
	json_t *json;   /* parsed body, NULL if not JSON */
};

/*
 * Sends method path (relative to BASE_URL) with headers (NULL-terminated
 * "Name: value" list, may be NULL) and body (may be NULL). Returns 0 when
 * an HTTP answer came back.
 */
/* On a cluster (CLUSTER_WEB_URLS, space-separated), this thread's requests
 * go to web server i % n directly instead of through BASE_URL (HAProxy);
 * i < 0: through BASE_URL again. A no-op on one server. */
void it_http_via(int i);
/* This thread's requests go to base ("http://127.0.0.1:PORT", borrowed:
 * another listener than the APIs', METRICS_URL's or Prometheus's; their
 * answers are not recorded for the OpenAPI check); NULL: BASE_URL again. */
void it_http_to(const char *base);
/* This thread's requests leave from the local address addr (127.0.0.2:
 * a client the test stacks trust as a proxy, http.trusted_proxies); NULL:
 * the usual 127.0.0.1. */
void it_http_from(const char *addr);
/* The base URL this thread's requests go to (it_http_via's web server on
 * a cluster, else BASE_URL): what a page there would send as its Origin. */
const char *it_base_url(void);
/* How many web servers there are to go to (1 on one server). */
unsigned it_web_servers(void);
int it_http(const char *method, const char *path, const char *const *headers,
    const char *body, size_t blen, struct it_resp *out);
void it_resp_free(struct it_resp *r);
/* Appends the answer r to method path to the response recording
 * (IT_RECORD), if there is one; it_http does so for every answer. */
void it_record(const char *method, const char *path, const struct it_resp *r);

/* The value of a response header (case-insensitive name), in buf. */
const char *it_header(const struct it_resp *r, const char *name, char *buf,
    size_t cap);

/* "Authorization: Bearer <x>" in buf. */
const char *it_bearer(const char *x, char *buf, size_t cap);

const char *it_env(const char *name); /* required; aborts the run if unset */

/* A wallet token signed with the sandbox secret (caller frees). */
char *it_wallet_token(const char *wallet, long long exp_offset);

/* The signed quote qid of scope ("w:<users.id>", "p:<partners.id>") made
 * again with the server's key, past its expiry, into out (QUOTE_ID_MAX
 * bytes): 0, or -1. */
int it_quote_expire(const char *qid, const char *scope, char *out);

/* Runs a fixed SQL statement with optional string params; returns the
 * first column of the first row as a long long (-1 on error / no row). */
long long it_db_scalar(const char *sql, const char *p1, const char *p2);
/* The first column of the first row as text into out; -1 on error / no row. */
int it_db_text(const char *sql, const char *p1, const char *p2, char *out,
    size_t cap);
/* Runs a statement with optional string params; returns affected rows or -1. */
long long it_db_exec(const char *sql, const char *p1, const char *p2);

/* Runs the stack control command with arg (db-stop, db-start). */
int it_stack(const char *arg);
/* Runs it_stack(arg) at the end of the test, however it ends: what undoes
 * a stop (db-start, chain-start, node-start N), which does nothing when
 * there is nothing to undo. arg is kept: a literal. */
void it_stack_after(const char *arg);

/* Runs the cron worker name (build/cron/NAME) once; its exit status. */
/* The config a worker runs with: CEDIRAMP_CONF, or on a cluster each node's
 * in turn (CEDIRAMP_CONFS, space-separated), so the workers run on every
 * node. */
const char *it_worker_conf(void);
/* One word of a space-separated list, and the most nodes a cluster has. */
#define IT_WORD 1024
#define IT_MAX_NODES 8
/* The words of list into out (at most max): how many. */
int it_words(const char *list, char out[][IT_WORD], int max);
/* Each node's config (CEDIRAMP_CONFS; CEDIRAMP_CONF alone on one server):
 * how many. */
int it_confs(char out[][IT_WORD], int max);
int it_worker(const char *name);
/* Runs cron worker name as it_worker does, its standard output (clipped
 * to cap - 1 bytes) into out: its exit status, or -1. */
int it_worker_output(const char *name, char *out, size_t cap);
/* The stack's runtime directory (tools/stack.sh's RUN, where it stages the
 * programs: log.file's directory's parent, from CEDIRAMP_CONF) into out:
 * 0, or -1. */
int it_runtime_dir(char *out, size_t cap);
/* The same of each node (it_confs; one on one server) into out (at most
 * max): how many. */
int it_runtime_dirs(char out[][IT_WORD], int max);
/* The last line of the programs' log (each node's, on a cluster) holding
 * both a and b (b may be NULL), into out: 0, or -1 when none does. */
int it_log_find(const char *a, const char *b, char *out, size_t cap);
/* A connection to the database of config conf, its reads waiting for the
 * cluster (wsrep_sync_wait); NULL (said on stderr) when it fails. */
struct st_mysql *it_db_connect(const char *conf);
/* The same as the test stack's MariaDB root (no password, its socket): for
 * what only an administrator may read (information_schema.INNODB_TRX). */
struct st_mysql *it_db_root_connect(const char *conf);

/* A wallet id no earlier run used: prefix + time + counter. */
void it_unique(const char *prefix, char *out, size_t cap);

/* Every stored provider health probed again on its next read (what `sim
 * set *.health` does; for a change made another way: a node stopped, a
 * setting written directly). */
void it_health_stale(void);

/* 1 when network's stored health (probed by a GET /v1/health first, as a
 * stale row is) is want ("operational", "down"); else every state is made
 * stale again and 0. For IT_UNTIL after a simulator's health is set: on a
 * loaded machine or a cluster a probe may still see the old setting (one
 * that started before it, a node's HAProxy check), or time out. */
int it_network_probed(const char *network, const char *want);

/* it_network_probed(network, "operational"). */
int it_network_probed_ok(const char *network);

/* Sets a simulator setting through the admin tool (`sim set NAME VALUE`),
 * asserting it worked. */
void it_sim_set(const char *name, const char *value);

/* Runs build/tools/cediramp-admin with args; stdout (trimmed) into out. */
int it_admin(const char *args, char *out, size_t cap);

/*
 * Runs the admin tool with args (shell words): its stdout (trimmed) into
 * out, its stderr into err. Returns its exit status, or -1 when it did not
 * exit normally.
 */
int it_admin_run(const char *args, char *out, size_t ocap, char *err,
    size_t ecap);

/* it_admin_run with input (NULL: nothing, /dev/null) on the tool's
 * standard input: how a secret reaches it, never in argv. */
int it_admin_input(const char *input, const char *args, char *out, size_t ocap, char *err,
    size_t ecap);

/* Checks an error answer of the partner API: status, exact keys, code. */
void it_assert_partner_error(const struct it_resp *r, long status,
    const char *code, const char *where);
/* Checks an error answer of the wallet API: status, envelope, code. */
void it_assert_wallet_error(const struct it_resp *r, long status,
    const char *code, const char *where);

/* The string member k of object o (borrowed), or NULL. */
const char *it_str(json_t *o, const char *k);

/*
 * The string functions for what an answer may lack (a body, a member):
 * a NULL s is a string that matches nothing and has no length, never a
 * crash of the whole run (s NULL: it_strstr and it_strchr NULL, it_strlen
 * 0, it_strcmp and it_strncmp -1).
 */
const char *it_strstr(const char *s, const char *needle);
const char *it_strchr(const char *s, int c);
size_t it_strlen(const char *s);
int it_strcmp(const char *s, const char *t);
int it_strncmp(const char *s, const char *t, size_t n);

/*
 * Each suite registers its table of tests through tu_add_suite; 0, or -1
 * when CUnit refused it (the run then fails).
 */
int it_suite_reference(void);
int it_suite_auth(void);
int it_suite_signatures(void);
int it_suite_http(void);
int it_suite_db(void);
int it_suite_quotes(void);
int it_suite_ratelimit(void);
int it_suite_convert(void);
int it_suite_idem(void);
int it_suite_paging(void);
int it_suite_growth(void);
int it_suite_recovery(void);
int it_suite_admin(void);
int it_suite_payouts(void);
int it_suite_payout_stress(void);
int it_suite_cluster(void);
int it_suite_float(void);
int it_suite_kyc(void);
int it_suite_funds(void);
int it_suite_withdrawals(void);
int it_suite_withdrawal_ops(void);
int it_suite_statements(void);
int it_suite_webhooks(void);
int it_suite_intents(void);
int it_suite_momo(void);
int it_suite_callbacks(void);
int it_suite_paystack(void);
int it_suite_reversal(void);
int it_suite_review(void);
int it_suite_float_reconcile(void);
int it_suite_openapi(void);
int it_suite_faucet(void);
int it_suite_badinput(void);
int it_suite_console(void);
int it_suite_console_dev(void);
int it_suite_console_wallet(void);
int it_suite_console_ops(void);
int it_suite_console_ops_kyc(void);
int it_suite_console_ops_payouts(void);
int it_suite_console_ops_partner_money(void);
int it_suite_console_ops_rates(void);
int it_suite_console_ops_money(void);
int it_suite_console_ops_money_chain(void);
int it_suite_jwks(void);
int it_suite_console_pages(void);
int it_suite_metrics(void);
int it_suite_chain(void);
int it_suite_chain_faults(void);
int it_suite_signer(void);

/* ---- a test's bounds and what it holds (it_fixture.c, it_wait.c) ----
 *
 * Every test runs inside a fixture (it_fixture_install, before any suite
 * registers): its deadline is IT_TEST_SECONDS (or what it asked for with
 * it_test_seconds) times tu_slow(); past it a watchdog names what the test was
 * doing, kills its children, shuts its sockets, and the test fails. After
 * each test, however it ended, what it deferred (tu_defer) is undone, its
 * children are killed, its database connections closed and the simulator
 * settings and floats it changed put back.
 */
#define IT_TEST_SECONDS 300
/* The longest a test waits for one state (IT_UNTIL), times tu_slow(). */
#define IT_WAIT_SECONDS 60

void it_fixture_install(void);
/* The running test may take seconds (times tu_slow()) from its start,
 * not IT_TEST_SECONDS: for the few long ones (300 payouts on a cluster). */
void it_test_seconds(unsigned seconds);
/* What the test is doing now, for the watchdog's message (printf-like). */
void it_doing(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* 1 once the running test has run past its deadline: its waits and
 * pauses then end at once, so that it fails quickly. */
int it_expired(void);
/* A socket the watchdog shuts down when the test runs past its deadline. */
void it_sock_add(int fd);
void it_sock_del(int fd);
/* it_db_connect's connections are the test's: closed at its end unless
 * it_db_close closed them before. */
struct st_mysql;
void it_conn_add(struct st_mysql *m);
void it_db_close(struct st_mysql *m);
/* The suite's own connection (it_db_scalar and friends use it), or NULL. */
struct st_mysql *it_db_handle(void);

/* A wait for a state: it_wait_start, then it_wait_next between checks. */
struct it_wait {
	double end;
	double seconds;
	long ms;           /* the next pause: 10 ms, doubling to 200 */
	char what[200];
};
/* Starts a wait for what (said if it times out) of seconds (0:
 * IT_WAIT_SECONDS), times tu_slow(). */
void it_wait_start(struct it_wait *w, const char *what, double seconds);
/* Pauses before the next check: 1, or 0 when the bound has passed (said on
 * stderr with what). */
int it_wait_next(struct it_wait *w);
/* Checks cond until it holds or the bound passes; cond is checked once
 * more by whoever asserts it. */
#define IT_UNTIL(what, cond) do { \
	struct it_wait it_w_; \
	for (it_wait_start(&it_w_, (what), 0); !(cond) && it_wait_next(&it_w_);) \
		; \
} while (0)
/* Checks cond until it holds IT_STEADY_TIMES() times in a row. On a
 * cluster a state written through one node shows on the others a moment
 * later: once seen through every web server (and so every node), a check
 * that follows sees it wherever it goes. */
#define IT_STEADY_TIMES() (2 * it_web_servers() + 1)
#define IT_UNTIL_STEADY(what, cond) do { \
	struct it_wait it_w_; \
	unsigned it_n_ = 0; \
	for (it_wait_start(&it_w_, (what), 0); it_n_ < IT_STEADY_TIMES();) { \
		if (cond) \
			it_n_++; \
		else if (it_n_ = 0, !it_wait_next(&it_w_)) \
			break; \
	} \
} while (0)
/*
 * The only pause that waits for no state: time itself must pass (a time
 * to live in the stack's config running out, a stagger between racing
 * clients). why says which; never used to hope that something happened.
 */
void it_pause_ms(long ms, const char *why);
/* The times to live of the test stacks' caches (etc/ and tools/stack.sh),
 * with a margin: a key a server process checked is trusted for
 * auth.key_cache_seconds (2); a rate is read again after
 * rates.cache_seconds (1). */
#define IT_KEY_CACHE_PASS_MS 2200
#define IT_RATE_CACHE_PASS_MS 1200
/* The wallet developer's JWT settings are read again after 2 s
 * (WALLET_JWT_READ_SECONDS). */
#define IT_JWT_SETTINGS_PASS_MS 2200
/* A key's signing policy is read again after 1 s (APIKEY_POLICY_SECONDS). */
#define IT_POLICY_PASS_MS 1200

/* ---- processes (children.h), bounded ---- */
/* A shell command as system(3) would run it, with a deadline of
 * child_default_seconds(): its wait status, or -1 (timed out, killed). */
int it_system(const char *cmd);
/* A shell command's standard output (clipped to cap - 1 bytes) into out:
 * its wait status, or -1 (it_system's deadline). */
int it_output(const char *cmd, char *out, size_t cap);

#define IT_CHECK(cond, where) CU_assertImplementation(!!(cond), __LINE__, \
	(where), __FILE__, "", CU_FALSE)

#endif
