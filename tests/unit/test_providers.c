/*
 * The provider layer without a network: path-segment escaping (a wallet id
 * is a JWT subject and may hold / ? # ..), the registry built from config
 * (per-network URLs, their defaults, unknown networks), what a failed
 * call says (loopback only: refused, or a listener that never answers),
 * and the kept connections (a local receiver, tests/common/receiver.h):
 * calls reuse one, a send on one that dies is never sent again unseen
 * nor called unsent when the server died whole after reading it, and many
 * calls at once stay within their bound and keep theirs. Every call is
 * counted in the metrics by provider, operation and outcome, in fixed
 * words only.
 */
#include "providers/prov_http.h"
#include "providers/registry.h"

#include <CUnit/Basic.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/metrics.h"

#include "receiver.h"
#include "unit.h"

static void
test_escape_table(void)
{
	static const struct { const char *in, *out; } rows[] = {
		{ "0xAbC123", "0xAbC123" },
		{ "a-b_c~d", "a-b_c~d" },
		{ "../../admin", "%2E%2E%2F%2E%2E%2Fadmin" },
		{ "..", "%2E%2E" },
		{ "w?x=1#frag", "w%3Fx%3D1%23frag" },
		{ "did:key:z6Mk", "did%3Akey%3Az6Mk" },
		{ "a b%c", "a%20b%25c" },
		{ "\xc3\xa9", "%C3%A9" },
		{ "", "" },
	};
	char out[128];
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		UNIT_CHECK(prov_http_escape(rows[i].in, out, sizeof(out)) == 0,
		    "row %zu: escaped", i);
		UNIT_STR_EQ(out, rows[i].out, rows[i].in);
	}
}

static void
test_escape_capacity(void)
{
	char out[8];

	/* "a/b" needs 5 bytes and the NUL */
	CU_ASSERT_EQUAL(prov_http_escape("a/b", out, 6), 0);
	CU_ASSERT_STRING_EQUAL(out, "a%2Fb");
	CU_ASSERT_EQUAL(prov_http_escape("a/b", out, 5), -1);
	CU_ASSERT_EQUAL(prov_http_escape("abcdefgh", out, sizeof(out)), -1);
	CU_ASSERT_EQUAL(prov_http_escape("", out, 0), -1);
}

static void
test_registry_from_config(void)
{
	struct providers p;
	const struct prov_momo *m;
	struct cfg c;

	cfg_defaults(&c);
	memcpy(c.chain_url, "http://127.0.0.1:9/sim/chain", 29);
	memcpy(c.momo_url, "http://127.0.0.1:9/sim/momo", 28);
	memcpy(c.momo_net[1].url, "https://telecel.example/momo", 29);
	c.momo_net[2].timeout_ms = 777;
	c.provider_timeout_ms = 1234;
	CU_ASSERT_EQUAL_FATAL(providers_init(&p, &c), 0);
	CU_ASSERT_STRING_EQUAL(providers_chain(&p)->ep.url, "http://127.0.0.1:9/sim/chain");
	CU_ASSERT_EQUAL(providers_chain(&p)->ep.timeout_ms, 1234);
	CU_ASSERT_PTR_EQUAL(providers_chain(&p)->ops, &chain_http);

	m = providers_momo(&p, "MTN");
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	CU_ASSERT_STRING_EQUAL(m->ep.url, "http://127.0.0.1:9/sim/momo/MTN");
	CU_ASSERT_STRING_EQUAL(m->ep.provider, "MTN");
	CU_ASSERT_PTR_EQUAL(m->ops, &momo_http);
	m = providers_momo(&p, "TELECEL");
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	CU_ASSERT_STRING_EQUAL(m->ep.url, "https://telecel.example/momo");
	m = providers_momo(&p, "AIRTELTIGO");
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	CU_ASSERT_STRING_EQUAL(m->ep.url, "http://127.0.0.1:9/sim/momo/AIRTELTIGO");
	CU_ASSERT_EQUAL(m->ep.timeout_ms, 777);
	CU_ASSERT_STRING_EQUAL(m->ep.environment, "sandbox");
	CU_ASSERT_EQUAL(providers_momo(&p, "MTN")->ep.timeout_ms, 1234);
	/* each endpoint names its adapter for the metrics */
	CU_ASSERT_STRING_EQUAL(providers_momo(&p, "MTN")->ep.kind, "momo");
	CU_ASSERT_STRING_EQUAL(providers_chain(&p)->ep.kind, "chain");

	CU_ASSERT_PTR_NULL(providers_momo(&p, "VODAFONE"));
	CU_ASSERT_PTR_NULL(providers_momo(&p, "mtn"));
	CU_ASSERT_PTR_NULL(providers_momo(&p, NULL));
}

static void
test_registry_unconfigured(void)
{
	struct providers p;
	struct cfg c;

	/* no URLs at all: every provider is there, with no URL (probes: down) */
	cfg_defaults(&c);
	CU_ASSERT_EQUAL_FATAL(providers_init(&p, &c), 0);
	CU_ASSERT_STRING_EQUAL(providers_chain(&p)->ep.url, "");
	CU_ASSERT_STRING_EQUAL(providers_momo(&p, "MTN")->ep.url, "");
	CU_ASSERT_EQUAL(prov_http_probe("", "/health", 100), PROV_DOWN);
}

/* A listening socket on 127.0.0.1 that never accepts (the kernel still
 * completes connections); its port in *port. -1 on failure. */
static int
silent_server(unsigned short *port)
{
	struct sockaddr_in a;
	socklen_t len = sizeof(a);
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	if (fd < 0)
		return -1;
	memset(&a, 0, sizeof(a));
	a.sin_family = AF_INET;
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (bind(fd, (struct sockaddr *)&a, sizeof(a)) != 0 || listen(fd, 4) != 0 ||
	    getsockname(fd, (struct sockaddr *)&a, &len) != 0) {
		close(fd);
		return -1;
	}
	*port = ntohs(a.sin_port);
	return fd;
}

/*
 * What a failed call says about the request: refused by the host (nothing
 * listens) is never sent; a server that takes the connection and then
 * stays silent got it (sent, timed out): a send there is in doubt.
 */
static void
test_call_sent_or_not(void)
{
	struct prov_endpoint ep;
	struct prov_call call;
	unsigned short port = 0;
	json_t *body = json_pack("{s:s}", "amount", "1.00");
	int fd;

	memset(&ep, 0, sizeof(ep));
	ep.timeout_ms = 300;
	snprintf(ep.url, sizeof(ep.url), "http://127.0.0.1:1");
	CU_ASSERT_EQUAL(prov_http_call(&ep, "transfer", "POST", "/transfer", NULL, body, &call), -1);
	CU_ASSERT_EQUAL(call.sent, 0);
	CU_ASSERT_EQUAL(call.timed_out, 0);
	CU_ASSERT_PTR_NULL(call.json);
	prov_call_free(&call);

	fd = silent_server(&port);
	CU_ASSERT_FATAL(fd >= 0);
	snprintf(ep.url, sizeof(ep.url), "http://127.0.0.1:%u", (unsigned)port);
	CU_ASSERT_EQUAL(prov_http_call(&ep, "transfer", "POST", "/transfer", NULL, body, &call), -1);
	CU_ASSERT_EQUAL(call.sent, 1);
	CU_ASSERT_EQUAL(call.timed_out, 1);
	CU_ASSERT_EQUAL(call.status, 0);
	prov_call_free(&call);
	close(fd);

	/* no URL: nothing to call */
	ep.url[0] = '\0';
	CU_ASSERT_EQUAL(prov_http_call(&ep, "status", "GET", "/x", NULL, NULL, &call), -1);
	CU_ASSERT_EQUAL(call.sent, 0);
	json_decref(body);
}

/* An endpoint at receiver r, each call at most timeout_ms. */
static void
at_receiver(struct prov_endpoint *ep, struct receiver *r, long timeout_ms)
{
	memset(ep, 0, sizeof(*ep));
	ep->timeout_ms = timeout_ms;
	snprintf(ep->url, sizeof(ep->url), "http://127.0.0.1:%d", rcv_port(r));
}

/* A started receiver that keeps its connections, and ep at it; NULL when
 * it could not start. */
static struct receiver *
kept_receiver(struct prov_endpoint *ep)
{
	struct receiver *r = rcv_start();

	if (r != NULL) {
		rcv_keep_alive(r, 1);
		at_receiver(ep, r, 2000);
	}
	return r;
}

/* One call; its HTTP status, or -1 when no answer came (*sent then says
 * whether it may have gone out). */
static long
call_status(const struct prov_endpoint *ep, const char *method, const json_t *body,
    int *sent)
{
	struct prov_call call;
	long status;

	status = prov_http_call(ep, "x", method, "/x", NULL, body, &call) == 0 ? call.status : -1;
	*sent = call.sent;
	prov_call_free(&call);
	return status;
}

/*
 * A second call to the same provider goes over the first one's connection,
 * a read as a send. When a kept connection dies under a request (the
 * receiver reads it and closes: RCV_DROP), libcurl sends a read again on a
 * new connection, but never a send: the send is in doubt (sent, no
 * answer), and the receiver saw it exactly once.
 */
static void
test_call_reuses_connection(void)
{
	static const int drop[] = { RCV_DROP };
	struct prov_endpoint ep;
	struct receiver *r = kept_receiver(&ep);
	json_t *body = json_pack("{s:s}", "amount", "1.00");
	int sent;

	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_EQUAL(call_status(&ep, "GET", NULL, &sent), 200);
	CU_ASSERT_EQUAL(call_status(&ep, "GET", NULL, &sent), 200);
	CU_ASSERT_EQUAL(call_status(&ep, "POST", body, &sent), 200);
	CU_ASSERT_EQUAL(rcv_count(r), 3);
	CU_ASSERT_EQUAL(rcv_connections(r), 1);

	/* a send on the kept connection, which dies: in doubt, sent once */
	rcv_script(r, drop, 1, 200);
	CU_ASSERT_EQUAL(call_status(&ep, "POST", body, &sent), -1);
	CU_ASSERT_EQUAL(sent, 1);
	CU_ASSERT_EQUAL(rcv_wait(r, 5, 300), 4);

	/* a read on a kept connection that dies: asked again, answered */
	CU_ASSERT_EQUAL(call_status(&ep, "GET", NULL, &sent), 200);
	rcv_script(r, drop, 1, 200);
	CU_ASSERT_EQUAL(call_status(&ep, "GET", NULL, &sent), 200);
	CU_ASSERT_EQUAL(rcv_count(r), 7);
	/* the dead send's new connection carried nothing (libcurl connects,
	 * then cannot rewind the body), then one for the first read and one
	 * for its retry */
	UNIT_CHECK(rcv_connections(r) == 4, "%zu connections", rcv_connections(r));
	json_decref(body);
	rcv_stop(r);
}

/*
 * A send on a kept connection to a server that dies whole after reading
 * it (ci22's cluster pass: a node's web server killed under a payout):
 * libcurl tries a new connection, is refused, and says "could not
 * connect"; the send is still in doubt (sent), never "not reached".
 */
static void
test_send_to_server_that_died(void)
{
	static const int die[] = { RCV_DIE };
	struct prov_endpoint ep;
	struct receiver *r = kept_receiver(&ep);
	json_t *body = json_pack("{s:s}", "amount", "1.00");
	int sent;

	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_EQUAL(call_status(&ep, "GET", NULL, &sent), 200);
	rcv_script(r, die, 1, 200);
	CU_ASSERT_EQUAL(call_status(&ep, "POST", body, &sent), -1);
	CU_ASSERT_EQUAL(sent, 1);
	CU_ASSERT_EQUAL(rcv_count(r), 2);
	/* the server is gone: a new send is refused, and certainly not sent */
	CU_ASSERT_EQUAL(call_status(&ep, "POST", body, &sent), -1);
	CU_ASSERT_EQUAL(sent, 0);
	CU_ASSERT_EQUAL(rcv_count(r), 2);
	json_decref(body);
	rcv_stop(r);
}

/*
 * prov_http_many: 12 reads with at most 4 in flight are all answered
 * (each takes 50 ms at the receiver), over at most 4 connections; the
 * next 12 open none.
 */
static void
test_many_bounded_and_kept(void)
{
	struct receiver *r = rcv_start();
	struct prov_endpoint ep;
	struct prov_req reqs[12];
	struct prov_call calls[12];
	int rcs[12];
	size_t i, round, before;

	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	rcv_keep_alive(r, 1);
	rcv_set_delay_ms(r, 50);
	at_receiver(&ep, r, 2000);
	for (i = 0; i < NELEM(reqs); i++)
		reqs[i] = (struct prov_req){ &ep, "status", "GET", "/status", NULL, NULL };
	for (round = 0; round < 2; round++) {
		before = rcv_connections(r);
		prov_http_many(reqs, NELEM(reqs), 4, calls, rcs);
		for (i = 0; i < NELEM(reqs); i++) {
			UNIT_CHECK(rcs[i] == 0 && calls[i].status == 200,
			    "round %zu, call %zu: %d, HTTP %ld", round, i, rcs[i],
			    calls[i].status);
			prov_call_free(&calls[i]);
		}
		UNIT_CHECK(rcv_connections(r) - before <= (round == 0 ? 4 : 0),
		    "round %zu: %zu new connections", round, rcv_connections(r) - before);
	}
	CU_ASSERT_EQUAL(rcv_count(r), 24);
	rcv_stop(r);
}

/* 1 when the scrape of dir holds line (a whole sample line). */
static int
scraped_line(const char *dir, const char *line)
{
	struct buf out;
	int found;

	buf_init(&out, 1 << 24);
	found = metrics_render(dir, &out) == 0 && unit_contains(buf_cstr(&out), line);
	buf_free(&out);
	return found;
}

/* A child that answers one connection on listening fd with answer (a
 * whole HTTP response), then exits; its pid. */
static pid_t
answer_once(int fd, const char *answer)
{
	char req[4096];
	pid_t pid = fork();
	int c;

	if (pid != 0)
		return pid;
	if ((c = accept(fd, NULL, NULL)) >= 0) {
		/* one read takes a small request whole */
		if (read(c, req, sizeof(req)) > 0 &&
		    write(c, answer, strlen(answer)) == (ssize_t)strlen(answer))
			shutdown(c, SHUT_WR);
		close(c);
	}
	_exit(0);
}

/*
 * Every call is counted (core/metrics.h, in a directory of its own) by
 * its endpoint's kind, its operation and its outcome (a 2xx ok, another
 * status error, refused unreachable, silence timeout), with its latency;
 * an operation that is not a word counts as "other" (nothing from a
 * request reaches a label), and an endpoint without a kind not at all.
 */
static void
test_calls_counted(void)
{
	static const int script[] = { 200, 503 };
	static const char base[] = "cediramp_provider_calls_total{provider=\"momo\",";
	static const char rpc_error[] = "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32000,"
	    "\"message\":\"nonce too low\"}}";
	struct receiver *r = rcv_start();
	struct prov_endpoint ep;
	struct prov_call call;
	unsigned short port = 0;
	char dir[64], cmd[128], line[256], answer[512];
	struct buf out;
	pid_t pid;
	int fd;

	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	snprintf(dir, sizeof(dir), "/tmp/cediramp-provcalls-XXXXXX");
	CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
	CU_ASSERT_EQUAL_FATAL(metrics_open(dir, "unit"), 0);
	at_receiver(&ep, r, 2000);
	ep.kind = "momo";
	rcv_script(r, script, NELEM(script), 200);
	CU_ASSERT_EQUAL(prov_http_call(&ep, "transfer_status", "GET", "/x", NULL, NULL, &call), 0);
	prov_call_free(&call);
	CU_ASSERT_EQUAL(prov_http_call(&ep, "transfer_status", "GET", "/x", NULL, NULL, &call), 0);
	prov_call_free(&call);
	CU_ASSERT_EQUAL(prov_http_call(&ep, "transfer/po_123?msisdn=233241234567", "GET", "/x",
	    NULL, NULL, &call), 0);
	prov_call_free(&call);
	ep.kind = NULL;
	CU_ASSERT_EQUAL(prov_http_call(&ep, "uncounted", "GET", "/x", NULL, NULL, &call), 0);
	prov_call_free(&call);
	rcv_stop(r);

	ep.kind = "momo";
	ep.timeout_ms = 300;
	snprintf(ep.url, sizeof(ep.url), "http://127.0.0.1:1");
	CU_ASSERT_EQUAL(prov_http_call(&ep, "transfer_status", "GET", "/x", NULL, NULL, &call), -1);
	prov_call_free(&call);
	fd = silent_server(&port);
	CU_ASSERT_FATAL(fd >= 0);
	snprintf(ep.url, sizeof(ep.url), "http://127.0.0.1:%u", (unsigned)port);
	CU_ASSERT_EQUAL(prov_http_call(&ep, "transfer_status", "GET", "/x", NULL, NULL, &call), -1);
	prov_call_free(&call);
	close(fd);

	/* a JSON-RPC error is an error, whatever its HTTP status */
	fd = silent_server(&port);
	CU_ASSERT_FATAL(fd >= 0);
	snprintf(ep.url, sizeof(ep.url), "http://127.0.0.1:%u", (unsigned)port);
	ep.kind = "evm";
	ep.timeout_ms = 2000;
	snprintf(answer, sizeof(answer), "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
	    "Content-Length: %zu\r\nConnection: close\r\n\r\n%s", strlen(rpc_error), rpc_error);
	pid = answer_once(fd, answer);
	CU_ASSERT_FATAL(pid > 0);
	CU_ASSERT_EQUAL(prov_http_call(&ep, "eth_sendRawTransaction", "POST", "", NULL, NULL,
	    &call), 0);
	CU_ASSERT_EQUAL(call.status, 200);
	prov_call_free(&call);
	CU_ASSERT(waitpid(pid, NULL, 0) == pid);
	close(fd);

	snprintf(line, sizeof(line), "\n%soperation=\"transfer_status\",outcome=\"ok\"} 1\n", base);
	CU_ASSERT(scraped_line(dir, line));
	snprintf(line, sizeof(line), "\n%soperation=\"transfer_status\",outcome=\"error\"} 1\n",
	    base);
	CU_ASSERT(scraped_line(dir, line));
	snprintf(line, sizeof(line), "\n%soperation=\"transfer_status\",outcome=\"unreachable\"} "
	    "1\n", base);
	CU_ASSERT(scraped_line(dir, line));
	snprintf(line, sizeof(line), "\n%soperation=\"transfer_status\",outcome=\"timeout\"} 1\n",
	    base);
	CU_ASSERT(scraped_line(dir, line));
	snprintf(line, sizeof(line), "\n%soperation=\"other\",outcome=\"ok\"} 1\n", base);
	CU_ASSERT(scraped_line(dir, line));
	CU_ASSERT(scraped_line(dir, "\ncediramp_provider_call_duration_seconds_count{provider="
	    "\"momo\",operation=\"transfer_status\"} 4\n"));
	CU_ASSERT(scraped_line(dir, "\ncediramp_provider_calls_total{provider=\"evm\",operation="
	    "\"eth_sendRawTransaction\",outcome=\"error\"} 1\n"));
	buf_init(&out, 1 << 24);
	CU_ASSERT_EQUAL(metrics_render(dir, &out), 0);
	CU_ASSERT(!unit_contains(buf_cstr(&out), "po_123"));
	CU_ASSERT(!unit_contains(buf_cstr(&out), "233241234567"));
	CU_ASSERT(!unit_contains(buf_cstr(&out), "uncounted"));
	buf_free(&out);
	metrics_close();
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	CU_ASSERT_EQUAL(system(cmd), 0);
}

int
main(void)
{
	static const struct tu_test tests[] = {
		{ "path segments are escaped", test_escape_table },
		{ "escaping respects the buffer", test_escape_capacity },
		{ "the registry from config", test_registry_from_config },
		{ "an unconfigured registry", test_registry_unconfigured },
		{ "a failed call: sent or not", test_call_sent_or_not },
		{ "calls keep their connection; a send is never resent", test_call_reuses_connection },
		{ "a send to a server that died after reading it: in doubt",
		    test_send_to_server_that_died },
		{ "many calls at once: bounded, connections kept", test_many_bounded_and_kept },
		{ "every call counted: provider, operation, outcome", test_calls_counted },
	};

	return tu_main("providers", NULL, NULL, tests, NELEM(tests));
}
