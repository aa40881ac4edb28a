/*
 * The provider layer without a network: path-segment escaping (a wallet id
 * is a JWT subject and may hold / ? # ..), the registry built from config
 * (per-network URLs, their defaults, unknown networks), and what a failed
 * call says (loopback only: refused, or a listener that never answers).
 */
#include "providers/prov_http.h"
#include "providers/registry.h"

#include <CUnit/Basic.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

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
	CU_ASSERT_EQUAL(prov_http_call(&ep, "POST", "/transfer", NULL, body, &call), -1);
	CU_ASSERT_EQUAL(call.sent, 0);
	CU_ASSERT_EQUAL(call.timed_out, 0);
	CU_ASSERT_PTR_NULL(call.json);
	prov_call_free(&call);

	fd = silent_server(&port);
	CU_ASSERT_FATAL(fd >= 0);
	snprintf(ep.url, sizeof(ep.url), "http://127.0.0.1:%u", (unsigned)port);
	CU_ASSERT_EQUAL(prov_http_call(&ep, "POST", "/transfer", NULL, body, &call), -1);
	CU_ASSERT_EQUAL(call.sent, 1);
	CU_ASSERT_EQUAL(call.timed_out, 1);
	CU_ASSERT_EQUAL(call.status, 0);
	prov_call_free(&call);
	close(fd);

	/* no URL: nothing to call */
	ep.url[0] = '\0';
	CU_ASSERT_EQUAL(prov_http_call(&ep, "GET", "/x", NULL, NULL, &call), -1);
	CU_ASSERT_EQUAL(call.sent, 0);
	json_decref(body);
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
	};

	return tu_main("providers", NULL, NULL, tests, NELEM(tests));
}
