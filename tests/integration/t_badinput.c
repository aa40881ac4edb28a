/*
 * Bad input of every kind the hardening runs found (issue 13), sent raw to
 * every route of both APIs and the simulators, on whichever server the
 * suite runs against. Every answer must be JSON (application/json, a body
 * that parses, in the API's envelope or the neutral one), carry an
 * X-Request-Id, and not be a 5xx; no FastCGI process may die. Then: ids
 * outside the id alphabet are 404 on every route that takes one, TRACE
 * does not echo the request, and 200 slow clients do not keep /v1/health
 * from answering.
 */
#include <sys/types.h>

#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "core/strict.h"
#include "itc.h"

/* Every route (the routers' tables), an id as :id. */
static const struct route_case {
	const char *method, *path;
} routes[] = {
	{ "GET", "/api/balances" }, { "GET", "/api/beneficiaries" },
	{ "GET", "/api/convert/rate" }, { "GET", "/api/transactions" },
	{ "GET", "/api/transactions/:id" }, { "GET", "/api/users/kyc" },
	{ "POST", "/api/convert/confirm" }, { "POST", "/api/convert/usdt-to-ghs" },
	{ "POST", "/api/mobile-money/transfer" }, { "POST", "/api/mobile-money/verify" },
	{ "POST", "/api/sandbox/faucet" }, { "POST", "/api/users/kyc-upload" },
	{ "GET", "/v1/balances" }, { "GET", "/v1/health" }, { "GET", "/v1/limits" },
	{ "GET", "/v1/payment-intents" }, { "GET", "/v1/payment-intents/:id" },
	{ "GET", "/v1/rates" }, { "GET", "/v1/supported-networks" },
	{ "GET", "/v1/transactions" }, { "GET", "/v1/webhook-deliveries" },
	{ "GET", "/v1/webhook-deliveries/:id" }, { "GET", "/v1/webhooks" },
	{ "GET", "/v1/webhooks/:id/deliveries" }, { "DELETE", "/v1/webhooks/:id" },
	{ "GET", "/v1/withdrawals" }, { "GET", "/v1/withdrawals/:id" },
	{ "POST", "/v1/payment-intents" }, { "POST", "/v1/payment-intents/:id/cancel" },
	{ "POST", "/v1/sandbox/deposits" }, { "POST", "/v1/sandbox/payment-intents/:id/approve" },
	{ "POST", "/v1/sandbox/payment-intents/:id/reject" },
	{ "POST", "/v1/sandbox/wallet-tokens" },
	{ "POST", "/v1/webhook-deliveries/:id/redeliver" }, { "POST", "/v1/webhooks" },
	{ "POST", "/v1/withdrawals" },
	{ "GET", "/sim/chain/health" }, { "GET", "/sim/rates" }, { "GET", "/sim/momo/health" },
	{ "POST", "/sim/chain/faucet" }, { "POST", "/sim/chain/transactions" },
	{ "POST", "/sim/momo/MTN/disbursement/v1_0/transfer" },
};

/* How each kind of bad request is made from a route. */
enum kind {
	K_NUL,        /* %00 in the path */
	K_ESCAPE,     /* a bad % escape */
	K_BIG_HEADER, /* one header over 8,190 bytes */
	K_LONG_LINE,  /* a request line over 8,190 bytes */
	K_DUP_CL,     /* two different Content-Lengths */
	K_NEG_CL,     /* a negative Content-Length */
	K_HUGE_CL,    /* a Content-Length past 64 bits */
	K_CTL_HEADER, /* a control character in a header */
	K_HASH,       /* # in the request target */
	K_HEAD,       /* HEAD with a bad escape: headers only, still JSON-typed */
	K_HEAD_PLAIN, /* HEAD of the route itself */
	K_BAD_JSON,   /* a body that is not JSON */
	K__MAX
};

static const char *const kind_names[K__MAX] = {
	"%00 in the path", "a bad % escape", "a header over 8,190 bytes",
	"a request line over 8,190 bytes", "duplicate Content-Length",
	"negative Content-Length", "huge Content-Length", "a control character in a header",
	"# in the target", "HEAD with a bad escape", "HEAD", "a body that is not JSON",
};

/* Whether the envelope must be the API's (else the neutral one is fine
 * too: the server may not have read the request line). */
static int
line_always_read(enum kind k)
{
	return k != K_BIG_HEADER && k != K_LONG_LINE;
}

static char pad[9001];

/* The route's path with :id replaced by a well-formed unknown id. */
static void
route_path(const struct route_case *rc, char *out, size_t cap)
{
	const char *p = strstr(rc->path, ":id");

	if (p == NULL)
		snprintf(out, cap, "%s", rc->path);
	else
		snprintf(out, cap, "%.*sx_unknown%s", (int)(p - rc->path), rc->path, p + 3);
}

/* How kind k is written: after the path, among the headers, as the body;
 * "@" stands for 9,000 bytes of padding. */
static const struct shape {
	const char *suffix, *headers, *body;
} shapes[K__MAX] = {
	[K_NUL] = { "%00", "", "" },
	[K_ESCAPE] = { "%zz", "", "" },
	[K_BIG_HEADER] = { "", "X-Big: @\r\n", "" },
	[K_LONG_LINE] = { "/@", "", "" },
	[K_DUP_CL] = { "", "Content-Type: application/json\r\nContent-Length: 2\r\n"
	    "Content-Length: 3\r\n", "{}" },
	[K_NEG_CL] = { "", "Content-Type: application/json\r\nContent-Length: -1\r\n", "{}" },
	[K_HUGE_CL] = { "", "Content-Type: application/json\r\n"
	    "Content-Length: 99999999999999999999999\r\n", "{}" },
	[K_CTL_HEADER] = { "", "X-A: a\001b\r\n", "" },
	[K_HASH] = { "#frag", "", "" },
	[K_HEAD] = { "%zz", "", "" },
	[K_HEAD_PLAIN] = { "", "", "" },
	[K_BAD_JSON] = { "", "Content-Type: application/json\r\nContent-Length: 5\r\n", "{bad:" },
};

/* s with "@" replaced by the padding. */
static const char *
padded(const char *s, char *out, size_t cap)
{
	const char *at = strchr(s, '@');

	if (at == NULL)
		return s;
	snprintf(out, cap, "%.*s%s%s", (int)(at - s), s, pad, at + 1);
	return out;
}

/* The raw bytes of kind k against route rc into buf; their length. */
static size_t
make_request(enum kind k, const struct route_case *rc, char *buf, size_t cap)
{
	static char suffix[9100], headers[9100];
	char path[256];
	int n;

	route_path(rc, path, sizeof(path));
	n = snprintf(buf, cap, "%s %s%s HTTP/1.1\r\nHost: 127.0.0.1\r\n%sConnection: "
	    "close\r\n\r\n%s", k == K_HEAD || k == K_HEAD_PLAIN ? "HEAD" : rc->method, path,
	    padded(shapes[k].suffix, suffix, sizeof(suffix)),
	    padded(shapes[k].headers, headers, sizeof(headers)), shapes[k].body);
	return n > 0 && (size_t)n < cap ? (size_t)n : 0;
}

/* check_answer's flags */
#define NEUTRAL_OK 1 /* the neutral body is fine too */
#define BODY_500 2   /* a 500 is what Apache + mod_fcgid answers (decision 26) */

static void
check_answer(const struct itc_raw *r, const char *method, const char *path,
    int flags, const char *where)
{
	int neutral_ok = flags & NEUTRAL_OK;
	char v[256], w[512];
	json_t *j = NULL, *st;
	int partner = strncmp(path, "/v1", 3) == 0;

	snprintf(w, sizeof(w), "%s (%s %s): status %d", where, method, path, r->status);
	IT_CHECK(r->status >= 200 && (r->status < 500 || (r->status == 500 && (flags & BODY_500))), w);
	IT_CHECK(itc_raw_header(r, "X-Request-Id", v, sizeof(v)) != NULL && v[0] != '\0', w);
	IT_CHECK(itc_raw_header(r, "Content-Type", v, sizeof(v)) != NULL &&
	    strncmp(v, "application/json", 16) == 0, w);
	if (strcmp(method, "HEAD") == 0) {
		IT_CHECK(r->body_len == 0, w);
		return;
	}
	if (r->body != NULL)
		j = json_loadb(r->body, r->body_len, 0, NULL);
	IT_CHECK(json_is_object(j), w);
	if (!json_is_object(j))
		return;
	st = json_object_get(j, "status");
	if (neutral_ok && json_is_object(json_object_get(j, "error")))
		IT_CHECK(json_object_size(j) == 1, w);
	else if (partner)
		IT_CHECK(json_is_string(st) && json_string_value(st)[0] != '\0', w);
	else
		IT_CHECK(json_is_integer(st) && json_object_get(j, "code") != NULL, w);
	json_decref(j);
}

/* ---- FastCGI processes: none may die ---- */

#define MAX_PIDS 512

/* The stack's FastCGI processes: those running a program staged under the
 * runtime directory (the directory of the log file, one up). */
static size_t
fcgi_pids(pid_t *out, size_t cap)
{
	char run[1024] = "", prefix[1040], path[64], cmd[1024], line[1024];
	FILE *f = fopen(it_env("CEDIRAMP_CONF"), "re");
	struct dirent *d;
	size_t n = 0;
	DIR *proc;

	if (f != NULL) {
		while (fgets(line, sizeof(line), f) != NULL)
			if (strncmp(line, "log.file = ", 11) == 0) {
				char *slash;

				line[strcspn(line, "\n")] = '\0';
				(void)strict_copy(run, sizeof(run), line + 11);
				/* RUN/log/cediramp.log -> RUN/ */
				if ((slash = strrchr(run, '/')) != NULL)
					*slash = '\0';
				if ((slash = strrchr(run, '/')) != NULL)
					slash[1] = '\0';
			}
		fclose(f);
	}
	if (run[0] == '\0' || (proc = opendir("/proc")) == NULL)
		return 0;
	snprintf(prefix, sizeof(prefix), "%sfcgi/", run);
	while ((d = readdir(proc)) != NULL && n < cap) {
		unsigned long long pid;
		size_t len;

		if (strict_uint(d->d_name, strlen(d->d_name), 4194304, &pid) != 0)
			continue;
		snprintf(path, sizeof(path), "/proc/%llu/cmdline", pid);
		if ((f = fopen(path, "re")) == NULL)
			continue;
		len = fread(cmd, 1, sizeof(cmd) - 1, f);
		fclose(f);
		cmd[len] = '\0';
		if (strncmp(cmd, prefix, strlen(prefix)) == 0)
			out[n++] = (pid_t)pid;
	}
	closedir(proc);
	return n;
}

static pid_t before[MAX_PIDS];
static size_t nbefore;

static int
suite_init(void)
{
	memset(pad, 'a', sizeof(pad) - 1);
	pad[sizeof(pad) - 1] = '\0';
	return 0;
}

static void
test_every_kind_on_every_route(void)
{
	static char req[20000];
	size_t i, k, n;

	nbefore = fcgi_pids(before, MAX_PIDS);
	CU_ASSERT(nbefore > 0);
	for (i = 0; i < NELEM(routes); i++)
		for (k = 0; k < K__MAX; k++) {
			struct itc_raw r;
			char path[256], where[160];

			if (k == K_BAD_JSON && strcmp(routes[i].method, "POST") != 0)
				continue;
			n = make_request((enum kind)k, &routes[i], req, sizeof(req));
			CU_ASSERT_FATAL(n > 0);
			route_path(&routes[i], path, sizeof(path));
			snprintf(where, sizeof(where), "%s", kind_names[k]);
			IT_CHECK(itc_raw(req, n, 15000, &r) == 0, where);
			check_answer(&r, k == K_HEAD || k == K_HEAD_PLAIN ? "HEAD" : routes[i].method, path,
			    line_always_read((enum kind)k) ? 0 : NEUTRAL_OK, where);
			itc_raw_free(&r);
		}
}

/* Ids outside the id alphabet: 404 with credentials, on every id route. */
static void
test_foreign_ids_are_not_found(void)
{
	static const char *const ids[] = { "cv_%C3%A9", "x%ff%fe", "po_%E2%80%AE",
		"wd_%C3%A9t%C3%A9", "pi_%F0%9F%92%B8" };
	const char *key = it_env("PARTNER_API_KEY"), *jwt = it_env("WALLET_JWT");
	char req[2048];
	size_t i, j;

	for (i = 0; i < NELEM(routes); i++) {
		const char *p = strstr(routes[i].path, ":id");
		int wallet = strncmp(routes[i].path, "/api/", 5) == 0;

		if (p == NULL)
			continue;
		for (j = 0; j < NELEM(ids); j++) {
			struct itc_raw r;
			char where[256];
			int n;

			int post = strcmp(routes[i].method, "POST") == 0;

			n = snprintf(req, sizeof(req), "%s %.*s%s%s HTTP/1.1\r\nHost: 127.0.0.1\r\n"
			    "Authorization: Bearer %s\r\n%sConnection: close\r\n\r\n%s",
			    routes[i].method, (int)(p - routes[i].path), routes[i].path, ids[j],
			    p + 3, wallet ? jwt : key, post ? "Content-Type: application/json\r\n"
			    "Content-Length: 2\r\n" : "", post ? "{}" : "");
			CU_ASSERT_FATAL(n > 0 && (size_t)n < sizeof(req));
			snprintf(where, sizeof(where), "%s %s with id %s", routes[i].method,
			    routes[i].path, ids[j]);
			IT_CHECK(itc_raw(req, (size_t)n, 15000, &r) == 0, where);
			/* bytes that are not UTF-8 (%ff) lighttpd itself refuses
			 * with a JSON 400 before any program runs */
			IT_CHECK(r.status == 404 || (r.status == 400 && strncmp(ids[j], "x%ff", 4) == 0),
			    where);
			check_answer(&r, routes[i].method, routes[i].path, 0, where);
			itc_raw_free(&r);
		}
	}
}

/* TRACE must not answer with the request (and its Authorization header). */
static void
test_trace_does_not_echo(void)
{
	static const char *const paths[] = { "/api/transactions", "/v1/limits", "/" };
	size_t i;

	for (i = 0; i < NELEM(paths); i++) {
		char req[512];
		struct itc_raw r;
		int n = snprintf(req, sizeof(req), "TRACE %s HTTP/1.1\r\nHost: 127.0.0.1\r\n"
		    "Authorization: Bearer sk_test_traceSecretValue\r\nConnection: close\r\n\r\n",
		    paths[i]);

		IT_CHECK(itc_raw(req, (size_t)n, 15000, &r) == 0, paths[i]);
		IT_CHECK(r.status >= 400, paths[i]);
		IT_CHECK(r.raw != NULL && strstr(r.raw, "traceSecretValue") == NULL, paths[i]);
		IT_CHECK(r.raw != NULL && strstr(r.raw, "message/http") == NULL, paths[i]);
		itc_raw_free(&r);
	}
}

#define SLOW 200

/*
 * 200 clients declare a 129-byte body and send 29 bytes: /v1/health still
 * answers while they hang, and each is answered with JSON once the server
 * gives up on its body.
 */
static void
test_slow_clients_do_not_block(void)
{
	static const char head[] = "POST /v1/withdrawals HTTP/1.1\r\nHost: 127.0.0.1\r\n"
	    "Content-Type: application/json\r\nContent-Length: 129\r\n\r\n"
	    "{\"amount\":\"1\",\"currency\":\"U";
	int fds[SLOW], opened = 0, answered = 0, i;
	struct it_resp h;

	for (i = 0; i < SLOW; i++) {
		fds[i] = itc_raw_connect(40000);
		if (fds[i] >= 0 && itc_raw_send_all(fds[i], head, sizeof(head) - 1) == 0)
			opened++;
	}
	CU_ASSERT_EQUAL(opened, SLOW);
	/* the service answers beside them */
	CU_ASSERT_EQUAL(it_http("GET", "/v1/health", NULL, NULL, 0, &h), 0);
	CU_ASSERT_EQUAL(h.status, 200);
	it_resp_free(&h);
	for (i = 0; i < SLOW; i++) {
		struct itc_raw r;

		if (fds[i] < 0)
			continue;
		itc_raw_read(fds[i], &r);
		close(fds[i]);
		if (r.status > 0) {
			answered++;
			/* Apache: mod_fcgid reports the body it could not read as
			 * a 500 (decision 26, docs/decisions.md); lighttpd 408 */
			IT_CHECK(r.status == 408 || r.status == 500, "slow client's answer");
			check_answer(&r, "POST", "/v1/withdrawals", BODY_500, "slow client");
		}
		itc_raw_free(&r);
	}
	/* lighttpd may close an idle client without an answer; behind a
	 * cluster's HAProxy half the clients reach each web server */
	if (it_web_servers() > 1) {
		CU_ASSERT(answered == 0 || answered == SLOW ||
		    (answered >= SLOW / 2 - 5 && answered <= SLOW / 2 + 5));
	} else {
		CU_ASSERT(answered == 0 || answered == SLOW);
	}
}

/* Last: every FastCGI process seen before the bad input is still alive. */
static void
test_no_fastcgi_process_died(void)
{
	size_t i, dead = 0;

	CU_ASSERT(nbefore > 0);
	for (i = 0; i < nbefore; i++)
		if (kill(before[i], 0) != 0)
			dead++;
	CU_ASSERT_EQUAL(dead, 0);
}

int
it_suite_badinput(void)
{
	static const struct tu_test tests[] = {
		{ "bad input: every kind on every route is JSON, never 5xx",
		    test_every_kind_on_every_route },
		{ "bad input: foreign ids are 404 on every id route", test_foreign_ids_are_not_found },
		{ "bad input: TRACE does not echo the request", test_trace_does_not_echo },
		{ "bad input: 200 slow clients do not stop /v1/health", test_slow_clients_do_not_block },
		{ "bad input: no FastCGI process died", test_no_fastcgi_process_died },
	};

	return tu_add_suite("bad input", suite_init, NULL, tests, NELEM(tests));
}
