#include "it.h"

#include <curl/curl.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/socket.h>
#include <mysql.h>
#include <mysqld_error.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/cfg.h"
#include "core/quote_token.h"
#include "domain/quote_redeem.h"
#include "http/jwt.h"
#include "core/buf.h"
#include "children.h"

const char *
it_env(const char *name)
{
	const char *v = getenv(name);

	if (v == NULL || *v == '\0') {
		fprintf(stderr, "integration: %s is not set (run through make test)\n", name);
		exit(2);
	}
	return v;
}

static size_t
collect(char *p, size_t size, size_t n, void *ud)
{
	return buf_append(ud, p, size * n) == 0 ? size * n : 0;
}

int
it_words(const char *list, char out[][IT_WORD], int max)
{
	int n = 0;

	for (; list != NULL && *list != '\0' && n < max; n++) {
		size_t len = strcspn(list, " ");

		snprintf(out[n], IT_WORD, "%.*s", (int)len, list);
		list += len;
		list += strspn(list, " ");
	}
	return n;
}

/* this thread's web server on a cluster (it_http_via); NULL: BASE_URL */
static _Thread_local const char *it_base;
/* this thread's source address (it_http_from); NULL: the default */
static _Thread_local const char *it_from;
/* it_http_to's: another listener than the APIs' (not recorded) */
static _Thread_local int it_elsewhere;

void
it_http_from(const char *addr)
{
	it_from = addr;
}
static char it_urls[8][IT_WORD];
static int it_nurls;
static pthread_once_t it_urls_once = PTHREAD_ONCE_INIT;

static void
it_urls_read(void)
{
	it_nurls = it_words(getenv("CLUSTER_WEB_URLS"), it_urls, 8);
}

const char *
it_base_url(void)
{
	return it_base != NULL ? it_base : it_env("BASE_URL");
}

void
it_http_via(int i)
{
	pthread_once(&it_urls_once, it_urls_read);
	it_base = i >= 0 && it_nurls > 0 ? it_urls[(unsigned)i % (unsigned)it_nurls] : NULL;
	it_elsewhere = 0;
}

void
it_http_to(const char *base)
{
	it_base = base;
	it_elsewhere = base != NULL;
}

unsigned
it_web_servers(void)
{
	pthread_once(&it_urls_once, it_urls_read);
	return it_nurls > 0 ? (unsigned)it_nurls : 1;
}

/* libcurl's sockets: close-on-exec (a child never holds a test's
 * connection open), and known to the watchdog. */
static curl_socket_t
open_socket(void *ud, curlsocktype purpose, struct curl_sockaddr *a)
{
	int fd;

	(void)ud;
	(void)purpose;
	fd = socket(a->family, a->socktype | SOCK_CLOEXEC, a->protocol);
	if (fd < 0)
		return CURL_SOCKET_BAD;
	it_sock_add(fd);
	return fd;
}

static int
close_socket(void *ud, curl_socket_t fd)
{
	(void)ud;
	it_sock_del(fd);
	return close(fd);
}

int
it_http(const char *method, const char *path, const char *const *headers,
    const char *body, size_t blen, struct it_resp *out)
{
	char url[2048];
	struct curl_slist *hl = NULL;
	struct buf b, h;
	CURL *c;
	CURLcode cc;

	memset(out, 0, sizeof(*out));
	snprintf(url, sizeof(url), "%s%s", it_base ? it_base : it_env("BASE_URL"), path);
	if (strncmp(url, "http://127.0.0.1:", 17) != 0)
		return -1; /* tests never leave this machine */
	buf_init(&b, 64 * 1024 * 1024);
	buf_init(&h, 1024 * 1024);
	it_doing("HTTP %s %.200s", method, path);
	c = curl_easy_init();
	curl_easy_setopt(c, CURLOPT_OPENSOCKETFUNCTION, open_socket);
	curl_easy_setopt(c, CURLOPT_CLOSESOCKETFUNCTION, close_socket);
	curl_easy_setopt(c, CURLOPT_URL, url);
	if (it_from != NULL) {
		char iface[64];

		snprintf(iface, sizeof(iface), "host!%s", it_from);
		curl_easy_setopt(c, CURLOPT_INTERFACE, iface);
	}
	curl_easy_setopt(c, CURLOPT_CUSTOMREQUEST, method);
	curl_easy_setopt(c, CURLOPT_TIMEOUT, 30L);
	curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, collect);
	curl_easy_setopt(c, CURLOPT_WRITEDATA, &b);
	curl_easy_setopt(c, CURLOPT_HEADERFUNCTION, collect);
	curl_easy_setopt(c, CURLOPT_HEADERDATA, &h);
	hl = curl_slist_append(hl, "Expect:");
	for (; headers != NULL && *headers != NULL; headers++)
		hl = curl_slist_append(hl, *headers);
	curl_easy_setopt(c, CURLOPT_HTTPHEADER, hl);
	if (body != NULL) {
		curl_easy_setopt(c, CURLOPT_POSTFIELDS, body);
		curl_easy_setopt(c, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)blen);
	}
	if (strcmp(method, "HEAD") == 0)
		curl_easy_setopt(c, CURLOPT_NOBODY, 1L);
	cc = curl_easy_perform(c);
	if (cc == CURLE_OK)
		curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &out->status);
	curl_slist_free_all(hl);
	curl_easy_cleanup(c);
	if (cc != CURLE_OK) {
		buf_free(&b);
		buf_free(&h);
		fprintf(stderr, "it_http %s %s: %s\n", method, path, curl_easy_strerror(cc));
		return -1;
	}
	buf_cstr(&b);
	buf_cstr(&h);
	out->body = b.data;
	out->len = b.len;
	out->headers = h.data;
	if (out->len > 0)
		out->json = json_loadb(out->body, out->len, JSON_REJECT_DUPLICATES, NULL);
	if (!it_elsewhere)
		it_record(method, path, out);
	return 0;
}

void
it_resp_free(struct it_resp *r)
{
	free(r->body);
	free(r->headers);
	json_decref(r->json);
	memset(r, 0, sizeof(*r));
}

const char *
it_header(const struct it_resp *r, const char *name, char *buf, size_t cap)
{
	const char *p = r->headers;
	size_t n = strlen(name);

	/* the last header block wins (after a 100 Continue) */
	const char *found = NULL;
	while (p != NULL && *p != '\0') {
		const char *eol = strstr(p, "\r\n");
		size_t len = eol ? (size_t)(eol - p) : strlen(p);

		if (len > n && strncasecmp(p, name, n) == 0 && p[n] == ':')
			found = p;
		p = eol ? eol + 2 : NULL;
	}
	if (found == NULL)
		return NULL;
	found += n + 1;
	while (*found == ' ')
		found++;
	snprintf(buf, cap, "%.*s", (int)strcspn(found, "\r\n"), found);
	return buf;
}

const char *
it_str(json_t *o, const char *k)
{
	return json_string_value(json_object_get(o, k));
}

const char *
it_strstr(const char *s, const char *needle)
{
	return s != NULL ? strstr(s, needle) : NULL;
}

const char *
it_strchr(const char *s, int c)
{
	return s != NULL ? strchr(s, c) : NULL;
}

size_t
it_strlen(const char *s)
{
	return s != NULL ? strlen(s) : 0;
}

int
it_strcmp(const char *s, const char *t)
{
	return s != NULL && t != NULL ? strcmp(s, t) : -1;
}

int
it_strncmp(const char *s, const char *t, size_t n)
{
	return s != NULL && t != NULL ? strncmp(s, t, n) : -1;
}

const char *
it_bearer(const char *x, char *buf, size_t cap)
{
	snprintf(buf, cap, "Authorization: Bearer %s", x);
	return buf;
}

char *
it_wallet_token(const char *wallet, long long exp_offset)
{
	const char *s = it_env("JWT_HS256_SECRET");
	long long now = (long long)time(NULL);

	return jwt_sign_hs256((const unsigned char *)s, strlen(s), wallet,
	    now - 10, now + exp_offset, NULL, NULL);
}

/* The connection's socket: close-on-exec, known to the watchdog. */
static void
db_socket_own(MYSQL *m)
{
	int fd = mysql_get_socket(m);

	if (fd < 0)
		return;
	(void)fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC);
	it_sock_add(fd);
}

/* A connection to the database of config conf (as root, the test
 * stack's own administrator, when root); NULL (said) when none. */
static MYSQL *
db_connect(const char *conf, int root)
{
	struct cfg c;
	char err[256];
	MYSQL *m;

	cfg_defaults(&c);
	if (cfg_load(conf, &c, err, sizeof(err)) != 0) {
		fprintf(stderr, "integration: %s\n", err);
		return NULL;
	}
	m = mysql_init(NULL);
	/* on a cluster, the suite's statements see every node's commits (the
	 * request that wrote may have been served by another node): its
	 * reads, and its updates and deletes too (7: reads, UPDATE and
	 * DELETE, INSERT and REPLACE). With reads alone (1), ci35's "a
	 * session past 12 h" aged every session of a user but the one just
	 * signed in on another node, not yet applied on the test's */
	mysql_options(m, MYSQL_INIT_COMMAND, "SET SESSION wsrep_sync_wait = 7");
	if (mysql_real_connect(m, NULL, root ? "root" : c.db_user, root ? NULL : c.db_password,
	    c.db_name, 0, c.db_socket, 0) == NULL) {
		fprintf(stderr, "integration: db: %s\n", mysql_error(m));
		mysql_close(m);
		return NULL;
	}
	db_socket_own(m);
	return m;
}

MYSQL *
it_db_connect(const char *conf)
{
	MYSQL *m = db_connect(conf, 0);

	if (m != NULL)
		it_conn_add(m);
	return m;
}

MYSQL *
it_db_root_connect(const char *conf)
{
	MYSQL *m = db_connect(conf, 1);

	if (m != NULL)
		it_conn_add(m);
	return m;
}

static MYSQL *
it_db(void)
{
	static MYSQL *m;

	if (m != NULL && mysql_ping(m) == 0)
		return m;
	if (m != NULL) {
		it_sock_del(mysql_get_socket(m));
		mysql_close(m);
	}
	m = db_connect(it_env("CEDIRAMP_CONF"), 0);
	return m;
}

MYSQL *
it_db_handle(void)
{
	return it_db();
}

/* Prepares and runs sql with up to two string params; the statement is returned executed. */
static MYSQL_STMT *
it_run(const char *sql, const char *p1, const char *p2)
{
	MYSQL *m = it_db();
	MYSQL_STMT *st;
	MYSQL_BIND b[2];
	unsigned long l[2];
	const char *p[2] = { p1, p2 };
	int i, n = 0;

	if (m == NULL || (st = mysql_stmt_init(m)) == NULL)
		return NULL;
	it_doing("SQL %.200s", sql);
	if (mysql_stmt_prepare(st, sql, strlen(sql)) != 0)
		goto fail;
	memset(b, 0, sizeof(b));
	for (i = 0; i < 2; i++)
		if (p[i] != NULL) {
			l[i] = strlen(p[i]);
			b[i].buffer_type = MYSQL_TYPE_STRING;
			b[i].buffer = (void *)p[i];
			b[i].buffer_length = l[i];
			b[i].length = &l[i];
			n++;
		}
	if (n > 0 && mysql_stmt_bind_param(st, b) != 0)
		goto fail;
	/* on a cluster a write that meets another node's write to the same
	 * row fails certification as a deadlock: run it again, as db_exec
	 * does (a probe stores the provider_health row a test stale-marks) */
	for (i = 0; mysql_stmt_execute(st) != 0; i++)
		if (mysql_stmt_errno(st) != ER_LOCK_DEADLOCK || i == 5)
			goto fail;
	return st;
fail:
	fprintf(stderr, "integration: %s: %s\n", sql, mysql_stmt_error(st));
	mysql_stmt_close(st);
	return NULL;
}

long long
it_db_scalar(const char *sql, const char *p1, const char *p2)
{
	MYSQL_STMT *st = it_run(sql, p1, p2);
	MYSQL_BIND r;
	long long v = -1;
	my_bool isnull = 0;

	if (st == NULL)
		return -1;
	memset(&r, 0, sizeof(r));
	r.buffer_type = MYSQL_TYPE_LONGLONG;
	r.buffer = &v;
	r.is_null = &isnull;
	if (mysql_stmt_bind_result(st, &r) != 0 || mysql_stmt_fetch(st) != 0 || isnull)
		v = -1;
	mysql_stmt_close(st);
	return v;
}

int
it_db_text(const char *sql, const char *p1, const char *p2, char *out, size_t cap)
{
	MYSQL_STMT *st = it_run(sql, p1, p2);
	MYSQL_BIND r;
	unsigned long len = 0;
	my_bool isnull = 0;
	int rc = -1;

	if (st == NULL)
		return -1;
	memset(&r, 0, sizeof(r));
	r.buffer_type = MYSQL_TYPE_STRING;
	r.buffer = out;
	r.buffer_length = cap - 1;
	r.length = &len;
	r.is_null = &isnull;
	if (mysql_stmt_bind_result(st, &r) == 0 && mysql_stmt_fetch(st) == 0 &&
	    !isnull && len < cap) {
		out[len] = '\0';
		rc = 0;
	}
	mysql_stmt_close(st);
	return rc;
}

long long
it_db_exec(const char *sql, const char *p1, const char *p2)
{
	MYSQL_STMT *st = it_run(sql, p1, p2);
	long long n;

	if (st == NULL)
		return -1;
	n = (long long)mysql_stmt_affected_rows(st);
	mysql_stmt_close(st);
	return n;
}

int
it_stack(const char *arg)
{
	char cmd[2048];

	const char *log = getenv("STACK_LOG"); /* where its words go (test.sh) */

	snprintf(cmd, sizeof(cmd), "%s %s >>%s 2>&1", it_env("STACK_CTL"), arg,
	    log && *log ? log : "/dev/null");
	/* a cluster node that joins may copy the whole database: minutes */
	it_doing("stack %s", arg);
	return child_sh(cmd, NULL, 0, 2 * child_default_seconds());
}

static void
stack_again(void *arg)
{
	if (it_stack(arg) != 0)
		fprintf(stderr, "integration: stack %s at the test's end failed\n", (const char *)arg);
}

void
it_stack_after(const char *arg)
{
	tu_defer(stack_again, (void *)arg);
}

int
it_confs(char out[][IT_WORD], int max)
{
	const char *all = getenv("CEDIRAMP_CONFS");

	if (all == NULL || *all == '\0')
		all = it_env("CEDIRAMP_CONF");
	return it_words(all, out, max);
}

const char *
it_worker_conf(void)
{
	static char conf[IT_MAX_NODES][IT_WORD];
	static unsigned next;
	int n = it_confs(conf, IT_MAX_NODES);

	return conf[n > 0 ? next++ % (unsigned)n : 0];
}

/* log.file of the config at path, into out; -1 when it names none */
static int
it_log_path(const char *conf, char *out, size_t cap)
{
	char line[1200];
	FILE *f = fopen(conf, "re");
	int rc = -1;

	if (f == NULL)
		return -1;
	while (fgets(line, sizeof(line), f) != NULL)
		if (strncmp(line, "log.file = ", 11) == 0) {
			line[strcspn(line, "\n")] = '\0';
			snprintf(out, cap, "%s", line + 11);
			rc = 0;
		}
	fclose(f);
	return rc;
}

/* The runtime directory of the stack whose config is conf into out. */
static int
runtime_dir_of(const char *conf, char *out, size_t cap)
{
	char path[1200];
	char *slash;
	int i;

	if (it_log_path(conf, path, sizeof(path)) != 0)
		return -1;
	for (i = 0; i < 2; i++) { /* .../log/cediramp.log -> ... */
		if ((slash = strrchr(path, '/')) == NULL)
			return -1;
		*slash = '\0';
	}
	return snprintf(out, cap, "%s", path) < (int)cap ? 0 : -1;
}

int
it_runtime_dir(char *out, size_t cap)
{
	return runtime_dir_of(it_env("CEDIRAMP_CONF"), out, cap);
}

int
it_runtime_dirs(char out[][IT_WORD], int max)
{
	char conf[IT_MAX_NODES][IT_WORD];
	int n = it_confs(conf, IT_MAX_NODES), i, got = 0;

	for (i = 0; i < n && got < max; i++)
		if (runtime_dir_of(conf[i], out[got], IT_WORD) == 0)
			got++;
	return got;
}

int
it_log_find(const char *a, const char *b, char *out, size_t cap)
{
	char conf[IT_MAX_NODES][IT_WORD], path[1200], line[8192];
	int n = it_confs(conf, IT_MAX_NODES), i, found = -1;

	for (i = 0; i < n; i++) {
		FILE *f;

		if (it_log_path(conf[i], path, sizeof(path)) != 0 || (f = fopen(path, "re")) == NULL)
			continue;
		while (fgets(line, sizeof(line), f) != NULL)
			if (strstr(line, a) != NULL && (b == NULL || strstr(line, b) != NULL)) {
				snprintf(out, cap, "%s", line);
				found = 0;
			}
		fclose(f);
	}
	return found;
}

int
it_worker(const char *name)
{
	char cmd[2048];

	snprintf(cmd, sizeof(cmd), "CEDIRAMP_CONF=%s %s/cron/%s >/dev/null 2>&1",
	    it_worker_conf(), it_env("CEDIRAMP_BUILD"), name);
	return it_system(cmd);
}

int
it_worker_output(const char *name, char *out, size_t cap)
{
	char cmd[2048];
	int st;

	snprintf(cmd, sizeof(cmd), "CEDIRAMP_CONF=%s %s/cron/%s 2>/dev/null",
	    it_worker_conf(), it_env("CEDIRAMP_BUILD"), name);
	st = it_output(cmd, out, cap);
	return st != -1 && WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

void
it_unique(const char *prefix, char *out, size_t cap)
{
	/* atomic: tests' sender threads take keys at once (two threads
	 * once drew the same idempotency key from a plain counter) */
	static atomic_uint n;

	snprintf(out, cap, "%s-%lld-%d-%u", prefix, (long long)time(NULL),
	    (int)getpid(), atomic_fetch_add(&n, 1));
}

int
it_admin(const char *args, char *out, size_t cap)
{
	char cmd[2048];
	size_t n;
	int rc;

	snprintf(cmd, sizeof(cmd), "%s %s 2>/dev/null", it_env("ADMIN"), args);
	rc = it_output(cmd, out, cap);
	n = strlen(out);
	while (n > 0 && (out[n - 1] == '\n' || out[n - 1] == ' '))
		out[--n] = '\0';
	return rc;
}

int
it_admin_input(const char *input, const char *args, char *out, size_t ocap, char *err,
    size_t ecap)
{
	char path[] = "/tmp/cediramp-it-admin-XXXXXX", in[] = "/tmp/cediramp-it-stdin-XXXXXX",
	    redirect[64] = "", cmd[4096];
	size_t n;
	FILE *e;
	int fd, st;

	out[0] = err[0] = '\0';
	if ((fd = mkstemp(path)) < 0)
		return -1;
	close(fd);
	if (input != NULL) {
		if ((fd = mkstemp(in)) < 0) {
			unlink(path);
			return -1;
		}
		n = strlen(input);
		if (write(fd, input, n) != (ssize_t)n) {
			close(fd);
			unlink(in);
			unlink(path);
			return -1;
		}
		close(fd);
		snprintf(redirect, sizeof(redirect), " <%s", in);
	}
	snprintf(cmd, sizeof(cmd), "%s %s 2>%s%s", it_env("ADMIN"), args, path,
	    input != NULL ? redirect : " </dev/null");
	st = it_output(cmd, out, ocap);
	n = strlen(out);
	while (n > 0 && (out[n - 1] == '\n' || out[n - 1] == ' '))
		out[--n] = '\0';
	if ((e = fopen(path, "re")) != NULL) {
		n = fread(err, 1, ecap - 1, e);
		err[n] = '\0';
		fclose(e);
	}
	unlink(path);
	if (input != NULL)
		unlink(in);
	return st != -1 && WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

int
it_admin_run(const char *args, char *out, size_t ocap, char *err, size_t ecap)
{
	return it_admin_input(NULL, args, out, ocap, err, ecap);
}

static void
assert_json_body(const struct it_resp *r, const char *where)
{
	char ct[128];

	IT_CHECK(r->json != NULL, where);
	IT_CHECK(r->body != NULL && r->body[0] == '{', where);
	IT_CHECK(it_header(r, "Content-Type", ct, sizeof(ct)) != NULL &&
	    strncmp(ct, "application/json", 16) == 0, where);
}

/*
 * Checks an error answer: HTTP status, a JSON body with exactly nkeys
 * members, the error code and a message. The envelope's own status member
 * is checked by the callers.
 */
static void
assert_error(const struct it_resp *r, long status, const char *code,
    size_t nkeys, const char *where)
{
	const char *got;

	if (r->status != status)
		fprintf(stderr, "%s: status %ld, want %ld; body %.200s\n", where,
		    r->status, status, r->body ? r->body : "");
	IT_CHECK(r->status == status, where);
	assert_json_body(r, where);
	if (r->json == NULL)
		return;
	IT_CHECK(json_object_size(r->json) == nkeys, where);
	got = json_string_value(json_object_get(r->json, "code"));
	if (got == NULL || strcmp(got, code) != 0)
		fprintf(stderr, "%s: code %s, want %s\n", where, got ? got : "(none)", code);
	IT_CHECK(got != NULL && strcmp(got, code) == 0, where);
	IT_CHECK(json_is_string(json_object_get(r->json, "message")), where);
}

void
it_assert_partner_error(const struct it_resp *r, long status, const char *code,
    const char *where)
{
	json_t *st = r->json ? json_object_get(r->json, "status") : NULL;

	assert_error(r, status, code, 3, where);
	IT_CHECK(json_is_string(st) && it_strcmp(json_string_value(st), "error") == 0, where);
}

void
it_assert_wallet_error(const struct it_resp *r, long status, const char *code,
    const char *where)
{
	json_t *st = r->json ? json_object_get(r->json, "status") : NULL;

	assert_error(r, status, code, 4, where);
	IT_CHECK(json_is_integer(st) && json_integer_value(st) == 0, where);
	IT_CHECK(r->json != NULL && json_object_get(r->json, "data") != NULL, where);
}

void
it_sim_set(const char *name, const char *value)
{
	char args[200], out[100];

	snprintf(args, sizeof(args), "sim set %s %s", name, value);
	CU_ASSERT_EQUAL(it_admin(args, out, sizeof(out)), 0);
}

void
it_health_stale(void)
{
	CU_ASSERT(it_db_exec("UPDATE provider_health SET checked_at = '1970-01-01 00:00:01', "
	    "probing_until = NULL", NULL, NULL) >= 0);
}

int
it_network_probed(const char *network, const char *want)
{
	char name[40], state[20];
	struct it_resp r;
	int ok;

	if (it_http("GET", "/v1/health", NULL, NULL, 0, &r) == 0)
		it_resp_free(&r);
	snprintf(name, sizeof(name), "momo:%s", network);
	ok = it_db_text("SELECT state FROM provider_health WHERE name = ?", name, NULL, state,
	    sizeof(state)) == 0 && strcmp(state, want) == 0;
	if (!ok)
		it_health_stale();
	return ok;
}

int
it_network_probed_ok(const char *network)
{
	return it_network_probed(network, "operational");
}

int
it_quote_expire(const char *qid, const char *scope, char *out)
{
	unsigned char key[32];
	struct quote_token t;
	struct cfg c;
	char err[256];
	size_t klen;

	cfg_defaults(&c);
	if (cfg_load(it_env("CEDIRAMP_CONF"), &c, err, sizeof(err)) != 0 ||
	    (klen = quote_key(&c, key)) == 0 ||
	    quote_token_decode(key, klen, scope, qid, &t) != 0)
		return -1;
	t.expires_at = (long long)time(NULL) - 1;
	return quote_token_encode(key, klen, scope, &t, out);
}
