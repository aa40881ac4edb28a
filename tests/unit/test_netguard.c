/*
 * netguard: the SSRF rules for webhook URLs, by table. Only numeric
 * literals and "localhost" (from /etc/hosts) are ever resolved, and the
 * only connections made are to listeners of this test on loopback.
 */
#include "core/netguard.h"
#include "core/strict.h"

#include <CUnit/Basic.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stddef.h>
#include <string.h>
#include <sys/un.h>
#include <unistd.h>

#include <curl/curl.h>

#include "unit.h"

/* A struct curl_sockaddr with room for any address, as curl hands it over. */
union ng_csa {
	struct curl_sockaddr c;
	unsigned char room[offsetof(struct curl_sockaddr, addr) +
	    sizeof(struct sockaddr_storage)];
};

/*
 * Fills ss (and *len) with the numeric address text and port; 0, or -1
 * when text is neither IPv4 nor IPv6.
 */
static int
ng_sockaddr(const char *text, unsigned port, struct sockaddr_storage *ss,
    socklen_t *len)
{
	struct sockaddr_in *in = (struct sockaddr_in *)(void *)ss;
	struct sockaddr_in6 *in6 = (struct sockaddr_in6 *)(void *)ss;

	memset(ss, 0, sizeof(*ss));
	if (inet_pton(AF_INET, text, &in->sin_addr) == 1) {
		in->sin_family = AF_INET;
		in->sin_port = htons((unsigned short)port);
		*len = sizeof(*in);
		return 0;
	}
	if (inet_pton(AF_INET6, text, &in6->sin6_addr) == 1) {
		in6->sin6_family = AF_INET6;
		in6->sin6_port = htons((unsigned short)port);
		*len = sizeof(*in6);
		return 0;
	}
	return -1;
}

/* What curl would pass netguard_opensocket for text:port. */
static void
ng_csa_of(const char *text, unsigned port, union ng_csa *out)
{
	struct sockaddr_storage ss;
	socklen_t len = 0;

	memset(out, 0, sizeof(*out));
	if (ng_sockaddr(text, port, &ss, &len) != 0)
		return;
	out->c.family = ss.ss_family;
	out->c.socktype = SOCK_STREAM;
	out->c.protocol = IPPROTO_TCP;
	out->c.addrlen = len;
	memcpy(out->room + offsetof(struct curl_sockaddr, addr), &ss, len);
}

/*
 * A TCP listener on the loopback address text (port chosen by the
 * kernel): the socket, with *port set; -1 when none can be made.
 */
static int
ng_listener(const char *text, unsigned *port)
{
	struct sockaddr_storage ss;
	socklen_t len = 0;
	int fd;

	if (ng_sockaddr(text, 0, &ss, &len) != 0)
		return -1;
	if ((fd = socket(ss.ss_family, SOCK_STREAM, 0)) < 0)
		return -1;
	if (bind(fd, (struct sockaddr *)&ss, len) != 0 || listen(fd, 8) != 0 ||
	    getsockname(fd, (struct sockaddr *)&ss, &len) != 0) {
		close(fd);
		return -1;
	}
	*port = ss.ss_family == AF_INET ?
	    ntohs(((struct sockaddr_in *)(void *)&ss)->sin_port) :
	    ntohs(((struct sockaddr_in6 *)(void *)&ss)->sin6_port);
	return fd;
}

static int
suite_init(void)
{
	return curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK ? 0 : -1;
}

static int
suite_clean(void)
{
	curl_global_cleanup();
	return 0;
}

/* URLs refused with allow_http=1 and allow_loopback=0, each with a reason. */
static void
test_refused_table(void)
{
	static const char *const rows[] = {
		/* loopback, every spelling */
		"http://127.0.0.1/",
		"http://localhost:8080/",
		"http://127.1/",
		"http://2130706433/",
		"http://0x7f000001/",
		"http://0177.0.0.1/",
		"http://%31%32%37.0.0.1/",
		"http://127.255.255.254:8443/x",
		/* IPv4 ranges */
		"http://0.0.0.0/",
		"http://0/",
		"http://10.0.0.5/",
		"http://172.16.3.4/",
		"http://172.31.255.255/",
		"http://192.168.1.1/",
		"http://100.64.0.1/",
		"http://169.254.169.254/latest/meta-data/",
		"http://224.0.0.1/",
		"http://240.0.0.1/",
		"http://255.255.255.255/",
		/* IPv6 ranges */
		"http://[::1]/",
		"http://[::]/",
		"http://[fc00::1]/",
		"http://[fd12:3456::1]/",
		"http://[fe80::1]/",
		"http://[fec0::1]/",
		"http://[ff02::1]/",
		/* IPv6 addresses that embed a refused IPv4 address */
		"http://[::ffff:127.0.0.1]/",
		"http://[::FFFF:7F00:1]/",
		"http://[::ffff:10.0.0.1]/",
		"http://[::ffff:169.254.169.254]/",
		"http://[::ffff:0:a00:1]/",     /* IPv4-translated */
		"http://[::127.0.0.1]/",        /* IPv4-compatible */
		"http://[64:ff9b::a00:1]/",     /* NAT64 of 10.0.0.1 */
		"http://[64:ff9b:1::1]/",       /* local-use NAT64 */
		"http://[2002:a00:1::]/",       /* 6to4 of 10.0.0.1 */
		"http://[2002:7f00:1::]/",      /* 6to4 of 127.0.0.1 */
		/* malformed or not allowed in form */
		"ftp://example.com/",
		"file:///etc/passwd",
		"gopher://93.184.216.34/",
		"http://user:pw@1.2.3.4/",
		"http://@93.184.216.34/",
		"http://:@93.184.216.34/",
		"http://93.184.216.34\\@example.com/",
		"http:///nohost",
		"http:/93.184.216.34/",
		"http:93.184.216.34",
		"93.184.216.34",
		"//93.184.216.34/",
		"",
		"http://93.184.216.34/a b",
		" http://93.184.216.34/",
		"http://93.184.216.34/\t",
		"http://93.184.216.34/\xc3\xa9",
		"http://93.184.216.34/#",
		"http://93.184.216.34/#frag",
		"http://93.184.216.34:0/",
		"http://93.184.216.34:65536/",
		"http://[fe80::1%25eth0]/",
		"http://[2606:4700::1111%25eth0]/",
		"http://[v1.x]/",
	};
	struct netguard_pin pin;
	char why[128];
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		memset(why, 0, sizeof(why));
		UNIT_CHECK(netguard_check_url(rows[i], 1, 0, &pin, why, sizeof(why)) == -1,
		    "\"%s\": want refused", rows[i]);
		UNIT_CHECK(why[0] != '\0', "\"%s\": want a reason", rows[i]);
		UNIT_CHECK(pin.n == 0 && pin.resolve[0] == '\0',
		    "\"%s\": want an empty pin", rows[i]);
	}
	CU_ASSERT_EQUAL(netguard_check_url(NULL, 1, 0, &pin, why, sizeof(why)), -1);
	/* why may be NULL */
	CU_ASSERT_EQUAL(netguard_check_url("http://10.0.0.1/", 1, 0, &pin, NULL, 0), -1);
}

/* URLs allowed, with what they parse and pin to. */
static void
test_allowed_table(void)
{
	static const struct {
		const char *url;
		int allow_http, allow_loopback;
		int https;
		const char *host;
		unsigned port;
		const char *resolve;
	} rows[] = {
		{ "http://93.184.216.34/hook", 1, 0, 0, "93.184.216.34", 80,
		  "93.184.216.34:80:93.184.216.34" },
		{ "https://[2606:4700::1111]/x", 0, 0, 1, "2606:4700::1111", 443,
		  "[2606:4700::1111]:443:[2606:4700::1111]" },
		{ "http://127.0.0.1:9000/", 1, 1, 0, "127.0.0.1", 9000,
		  "127.0.0.1:9000:127.0.0.1" },
		/* curl documents IPv6 in [brackets], the host part too (8.13.0) */
		{ "http://[::1]:9000/", 1, 1, 0, "::1", 9000,
		  "[::1]:9000:[::1]" },
		{ "http://127.1:9000/", 1, 1, 0, "127.0.0.1", 9000,
		  "127.0.0.1:9000:127.0.0.1" },
		/* /etc/hosts may add ::1, in either order */
		{ "http://localhost:9000/", 1, 1, 0, "localhost", 9000,
		  "localhost:9000:*" },
		{ "HTTPS://93.184.216.34:8443/a/b?c=d&e=f", 0, 0, 1, "93.184.216.34",
		  8443, "93.184.216.34:8443:93.184.216.34" },
		{ "http://[::ffff:93.184.216.34]/", 1, 0, 0, "::ffff:93.184.216.34",
		  80, "[::ffff:93.184.216.34]:80:[::ffff:93.184.216.34]" },
		{ "http://[64:ff9b::5db8:d822]/", 1, 0, 0, "64:ff9b::5db8:d822",
		  80, "[64:ff9b::5db8:d822]:80:[64:ff9b::5db8:d822]" },
		{ "http://[2002:5db8:d822::1]/", 1, 0, 0, "2002:5db8:d822::1", 80,
		  "[2002:5db8:d822::1]:80:[2002:5db8:d822::1]" },
		{ "http://[::ffff:127.0.0.1]:9000/", 1, 1, 0, "::ffff:127.0.0.1",
		  9000, "[::ffff:127.0.0.1]:9000:[::ffff:127.0.0.1]" },
	};
	struct netguard_pin pin;
	struct netguard_url u;
	char why[128];
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		why[0] = '\0';
		UNIT_CHECK(netguard_parse_url(rows[i].url, rows[i].allow_http, &u, why,
		    sizeof(why)) == 0, "\"%s\": parse refused: %s", rows[i].url, why);
		UNIT_STR_EQ(u.host, rows[i].host, rows[i].url);
		UNIT_CHECK(u.https == rows[i].https && u.port == rows[i].port,
		    "\"%s\": https %d port %u", rows[i].url, u.https, u.port);
		why[0] = '\0';
		UNIT_CHECK(netguard_check_url(rows[i].url, rows[i].allow_http,
		    rows[i].allow_loopback, &pin, why, sizeof(why)) == 0,
		    "\"%s\": refused: %s", rows[i].url, why);
		UNIT_CHECK(unit_msg_matches(pin.resolve, rows[i].resolve),
		    "\"%s\": resolve \"%s\" want \"%s\"", rows[i].url, pin.resolve,
		    rows[i].resolve);
		UNIT_CHECK(pin.n >= 1 && pin.allow_loopback == rows[i].allow_loopback,
		    "\"%s\": %zu pinned", rows[i].url, pin.n);
	}
}

/* The two pin strings the delivery code relies on, exactly. */
static void
test_pin_resolve_text(void)
{
	struct netguard_pin pin;
	const struct sockaddr_in *in;
	const struct sockaddr_in6 *in6;
	char why[128];

	CU_ASSERT_EQUAL_FATAL(netguard_check_url("http://127.0.0.1:9000/", 1, 1, &pin,
	    why, sizeof(why)), 0);
	CU_ASSERT_STRING_EQUAL(pin.resolve, "127.0.0.1:9000:127.0.0.1");
	CU_ASSERT_EQUAL(pin.n, 1);
	CU_ASSERT_EQUAL(pin.len[0], sizeof(struct sockaddr_in));
	in = (const struct sockaddr_in *)(const void *)&pin.addr[0];
	CU_ASSERT_EQUAL(in->sin_family, AF_INET);
	CU_ASSERT_EQUAL(ntohs(in->sin_port), 9000);
	CU_ASSERT_EQUAL(ntohl(in->sin_addr.s_addr), 0x7f000001u);

	CU_ASSERT_EQUAL_FATAL(netguard_check_url("http://[::1]:9000/", 1, 1, &pin,
	    why, sizeof(why)), 0);
	CU_ASSERT_STRING_EQUAL(pin.resolve, "[::1]:9000:[::1]");
	CU_ASSERT_EQUAL(pin.n, 1);
	in6 = (const struct sockaddr_in6 *)(const void *)&pin.addr[0];
	CU_ASSERT_EQUAL(in6->sin6_family, AF_INET6);
	CU_ASSERT_EQUAL(ntohs(in6->sin6_port), 9000);
	CU_ASSERT(IN6_IS_ADDR_LOOPBACK(&in6->sin6_addr));

	/* The same URLs without allow_loopback: refused, and the pin empty. */
	CU_ASSERT_EQUAL(netguard_check_url("http://127.0.0.1:9000/", 1, 0, &pin,
	    why, sizeof(why)), -1);
	CU_ASSERT_STRING_EQUAL(why, "loopback address 127.0.0.1");
	CU_ASSERT_EQUAL(pin.n, 0);
	CU_ASSERT_EQUAL(netguard_check_url("http://[::1]:9000/", 1, 0, &pin,
	    why, sizeof(why)), -1);
	CU_ASSERT_STRING_EQUAL(why, "loopback address ::1");
}

/* allow_http=0: https only. */
static void
test_https_only(void)
{
	struct netguard_pin pin;
	char why[128];

	CU_ASSERT_EQUAL(netguard_check_url("http://93.184.216.34/", 0, 0, &pin, why,
	    sizeof(why)), -1);
	CU_ASSERT_STRING_EQUAL(why, "must be https");
	CU_ASSERT_EQUAL(netguard_check_url("ftp://93.184.216.34/", 0, 0, &pin, why,
	    sizeof(why)), -1);
	CU_ASSERT_STRING_EQUAL(why, "must be https");
	CU_ASSERT_EQUAL(netguard_check_url("https://93.184.216.34/", 0, 0, &pin, why,
	    sizeof(why)), 0);
	CU_ASSERT_STRING_EQUAL(pin.resolve, "93.184.216.34:443:93.184.216.34");
	CU_ASSERT_EQUAL(netguard_check_url("ftp://93.184.216.34/", 1, 0, &pin, why,
	    sizeof(why)), -1);
	CU_ASSERT_STRING_EQUAL(why, "must be http or https");
}

/* Parse details: lengths, reasons, and what a bad parse leaves. */
static void
test_parse_details(void)
{
	static const struct { const char *url; const char *why; } rows[] = {
		{ "", "missing URL" },
		{ "http://user:pw@1.2.3.4/", "URL must not carry credentials" },
		{ "http://@1.2.3.4/", "URL must not carry credentials" },
		{ "http://1.2.3.4/#", "URL must not have a fragment" },
		{ "http:///nohost", "URL must be http:// and a host" },
		{ "http://1.2.3.4/a b", "URL has a space, a control or a non-ASCII byte" },
		{ "http://1.2.3.4:0/", "bad port" },
		{ "http://[fe80::1%25eth0]/", "URL must not have an IPv6 zone id" },
		{ "file:///etc/passwd", "must be http or https" },
	};
	struct netguard_url u;
	char url[NETGUARD_URL_MAX + 2], why[128];
	size_t i, head;

	for (i = 0; i < NELEM(rows); i++) {
		why[0] = '\0';
		UNIT_CHECK(netguard_parse_url(rows[i].url, 1, &u, why, sizeof(why)) == -1,
		    "\"%s\": want refused", rows[i].url);
		UNIT_STR_EQ(why, rows[i].why, rows[i].url);
		UNIT_CHECK(u.host[0] == '\0' && u.port == 0, "\"%s\": out cleared",
		    rows[i].url);
	}

	/* NETGUARD_URL_MAX bytes parse; one more does not. */
	head = strlen("http://93.184.216.34/");
	memcpy(url, "http://93.184.216.34/", head);
	memset(url + head, 'a', NETGUARD_URL_MAX - head);
	url[NETGUARD_URL_MAX] = '\0';
	CU_ASSERT_EQUAL(netguard_parse_url(url, 1, &u, why, sizeof(why)), 0);
	url[NETGUARD_URL_MAX] = 'a';
	url[NETGUARD_URL_MAX + 1] = '\0';
	CU_ASSERT_EQUAL(netguard_parse_url(url, 1, &u, why, sizeof(why)), -1);
	CU_ASSERT(unit_starts(why, "URL longer than"));

	/* A short why buffer is cut, not overrun. */
	CU_ASSERT_EQUAL(netguard_parse_url("http://93.184.216.34/", 0, &u, why, 5), -1);
	CU_ASSERT_STRING_EQUAL(why, "must");
}

/*
 * netguard_resolve on hosts the URL parser would have normalised: the
 * getaddrinfo spellings are judged too, and a name's address is not
 * echoed.
 */
static void
test_resolve_spellings(void)
{
	static const char *const hosts[] = {
		"127.1", "2130706433", "0x7f000001", "0177.0.0.1", "017700000001",
		"localhost", "10.1", "0",
	};
	struct netguard_url u;
	struct netguard_pin pin;
	char why[128];
	size_t i;

	for (i = 0; i < NELEM(hosts); i++) {
		memset(&u, 0, sizeof(u));
		strict_copy(u.host, sizeof(u.host), hosts[i]);
		u.port = 80;
		why[0] = '\0';
		UNIT_CHECK(netguard_resolve(&u, 0, &pin, why, sizeof(why)) == -1,
		    "host \"%s\": want refused", hosts[i]);
		UNIT_CHECK(unit_starts(why, "resolves to a refused address ("),
		    "host \"%s\": why \"%s\"", hosts[i], why);
		UNIT_CHECK(!unit_contains(why, "127.0.0.1"), "host \"%s\": why \"%s\"",
		    hosts[i], why);
	}
	memset(&u, 0, sizeof(u));
	strict_copy(u.host, sizeof(u.host), "93.184.216.34");
	CU_ASSERT_EQUAL(netguard_resolve(&u, 0, &pin, why, sizeof(why)), -1);
	CU_ASSERT_STRING_EQUAL(why, "bad port");
	u.port = 80;
	u.host[0] = '\0';
	CU_ASSERT_EQUAL(netguard_resolve(&u, 0, &pin, why, sizeof(why)), -1);
	CU_ASSERT_STRING_EQUAL(why, "no host");
}

/* netguard_addr_allowed at the edges of every range. */
static void
test_addr_boundaries(void)
{
	static const struct {
		const char *addr;
		int allow_loopback;
		int allowed;
	} rows[] = {
		{ "0.0.0.0", 0, 0 },
		{ "0.255.255.255", 0, 0 },
		{ "1.0.0.0", 0, 1 },
		{ "9.255.255.255", 0, 1 },
		{ "10.0.0.0", 0, 0 },
		{ "10.255.255.255", 0, 0 },
		{ "11.0.0.0", 0, 1 },
		{ "100.63.255.255", 0, 1 },
		{ "100.64.0.0", 0, 0 },
		{ "100.127.255.255", 0, 0 },
		{ "100.128.0.0", 0, 1 },
		{ "126.255.255.255", 0, 1 },
		{ "127.0.0.0", 0, 0 },
		{ "127.0.0.1", 0, 0 },
		{ "127.0.0.1", 1, 1 },
		{ "127.255.255.255", 1, 1 },
		{ "10.0.0.1", 1, 0 },
		{ "128.0.0.0", 0, 1 },
		{ "169.253.255.255", 0, 1 },
		{ "169.254.0.0", 0, 0 },
		{ "169.254.255.255", 0, 0 },
		{ "169.255.0.0", 0, 1 },
		{ "172.15.255.255", 0, 1 },
		{ "172.16.0.0", 0, 0 },
		{ "172.31.255.255", 0, 0 },
		{ "172.32.0.0", 0, 1 },
		{ "192.167.255.255", 0, 1 },
		{ "192.168.0.0", 0, 0 },
		{ "192.168.255.255", 0, 0 },
		{ "192.169.0.0", 0, 1 },
		{ "223.255.255.255", 0, 1 },
		{ "224.0.0.0", 0, 0 },
		{ "239.255.255.255", 0, 0 },
		{ "240.0.0.0", 0, 0 },
		{ "255.255.255.254", 0, 0 },
		{ "255.255.255.255", 0, 0 },
		{ "255.255.255.255", 1, 0 },
		{ "93.184.216.34", 0, 1 },
		{ "::", 0, 0 },
		{ "::", 1, 0 },
		{ "::1", 0, 0 },
		{ "::1", 1, 1 },
		{ "::2", 0, 0 },            /* IPv4-compatible 0.0.0.2 */
		{ "::808:808", 0, 1 },      /* IPv4-compatible 8.8.8.8 */
		{ "::ffff:8.8.8.8", 0, 1 },
		{ "::ffff:127.0.0.1", 0, 0 },
		{ "::ffff:127.0.0.1", 1, 1 },
		{ "::ffff:172.16.0.0", 0, 0 },
		{ "::ffff:172.32.0.0", 0, 1 },
		{ "::ffff:0:10.0.0.1", 0, 0 },
		{ "64:ff9b::8.8.8.8", 0, 1 },
		{ "64:ff9b::10.0.0.1", 0, 0 },
		{ "64:ff9b::100.64.0.0", 0, 0 },
		{ "64:ff9b:1::8.8.8.8", 0, 0 },
		{ "2002:808:808::", 0, 1 },
		{ "2002:c0a8:101::1", 0, 0 },
		{ "2002:a9fe:a9fe::", 0, 0 },
		{ "2001:db8::1", 0, 1 },
		{ "2606:4700::1111", 0, 1 },
		{ "fbff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", 0, 1 },
		{ "fbff::", 0, 1 },
		{ "fc00::", 0, 0 },
		{ "fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", 0, 0 },
		{ "fe00::", 0, 1 },
		{ "fe7f::", 0, 1 },
		{ "fe7f:ffff:ffff:ffff:ffff:ffff:ffff:ffff", 0, 1 },
		{ "fe80::", 0, 0 },
		{ "febf::", 0, 0 },
		{ "febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff", 0, 0 },
		{ "fec0::", 0, 0 },
		{ "feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", 0, 0 },
		{ "ff00::", 0, 0 },
		{ "ff02::1", 1, 0 },
	};
	struct sockaddr_storage ss;
	socklen_t len = 0;
	char why[128];
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		int got;

		UNIT_REQUIRE(ng_sockaddr(rows[i].addr, 443, &ss, &len) == 0,
		    "row %zu: \"%s\" is not an address", i, rows[i].addr);
		why[0] = '\0';
		got = netguard_addr_allowed((struct sockaddr *)&ss, len,
		    rows[i].allow_loopback, why, sizeof(why));
		UNIT_CHECK(got == rows[i].allowed, "%s (loopback %d): got %d want %d (%s)",
		    rows[i].addr, rows[i].allow_loopback, got, rows[i].allowed, why);
		if (!rows[i].allowed)
			UNIT_CHECK(why[0] != '\0', "%s: want a reason", rows[i].addr);
	}
}

/* The reasons name the range and the address (the embedding one too). */
static void
test_addr_reasons(void)
{
	static const struct { const char *addr; const char *why; } rows[] = {
		{ "10.0.0.1", "private address 10.0.0.1" },
		{ "172.16.0.1", "private address 172.16.0.1" },
		{ "192.168.1.1", "private address 192.168.1.1" },
		{ "100.64.0.1", "shared (CGNAT) address 100.64.0.1" },
		{ "127.0.0.1", "loopback address 127.0.0.1" },
		{ "169.254.169.254", "link-local address 169.254.169.254" },
		{ "0.0.0.0", "this-network address 0.0.0.0" },
		{ "224.0.0.1", "multicast address 224.0.0.1" },
		{ "240.0.0.1", "reserved address 240.0.0.1" },
		{ "255.255.255.255", "broadcast address 255.255.255.255" },
		{ "::", "unspecified address ::" },
		{ "::1", "loopback address ::1" },
		{ "fd00::1", "unique local address fd00::1" },
		{ "fe80::1", "link-local address fe80::1" },
		{ "fec0::1", "site-local address fec0::1" },
		{ "ff02::1", "multicast address ff02::1" },
		{ "64:ff9b:1::1", "local-use NAT64 address 64:ff9b:1::1" },
		{ "::ffff:10.0.0.1", "private address 10.0.0.1 (in ::ffff:10.0.0.1)" },
		{ "64:ff9b::a9fe:a9fe",
		  "link-local address 169.254.169.254 (in 64:ff9b::a9fe:a9fe)" },
		{ "2002:7f00:1::", "loopback address 127.0.0.1 (in 2002:7f00:1::)" },
	};
	struct sockaddr_storage ss;
	struct sockaddr_in in;
	struct sockaddr_un un;
	socklen_t len = 0;
	char why[128];
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		UNIT_REQUIRE(ng_sockaddr(rows[i].addr, 80, &ss, &len) == 0,
		    "\"%s\" is not an address", rows[i].addr);
		why[0] = '\0';
		UNIT_CHECK(netguard_addr_allowed((struct sockaddr *)&ss, len, 0, why,
		    sizeof(why)) == 0, "%s: want refused", rows[i].addr);
		UNIT_STR_EQ(why, rows[i].why, rows[i].addr);
	}

	/* Not IPv4 or IPv6, no address, or too short for its family. */
	memset(&un, 0, sizeof(un));
	un.sun_family = AF_UNIX;
	CU_ASSERT_EQUAL(netguard_addr_allowed((struct sockaddr *)(void *)&un,
	    sizeof(un), 1, why, sizeof(why)), 0);
	CU_ASSERT_STRING_EQUAL(why, "not an IPv4 or IPv6 address");
	CU_ASSERT_EQUAL(netguard_addr_allowed(NULL, 0, 1, why, sizeof(why)), 0);
	memset(&in, 0, sizeof(in));
	in.sin_family = AF_INET;
	in.sin_addr.s_addr = htonl(0x5db8d822u);
	CU_ASSERT_EQUAL(netguard_addr_allowed((struct sockaddr *)&in, sizeof(in), 0,
	    why, sizeof(why)), 1);
	CU_ASSERT_EQUAL(netguard_addr_allowed((struct sockaddr *)&in, sizeof(in) - 1,
	    0, why, sizeof(why)), 0);
	ng_sockaddr("2606:4700::1111", 443, &ss, &len);
	CU_ASSERT_EQUAL(netguard_addr_allowed((struct sockaddr *)&ss,
	    sizeof(struct sockaddr_in), 0, why, sizeof(why)), 0);
}

/* The open-socket callback: the pinned address opens, anything else not. */
static void
test_opensocket(void)
{
	struct netguard_pin pin, forged;
	union ng_csa csa;
	curl_socket_t s;
	char why[128];

	CU_ASSERT_EQUAL_FATAL(netguard_check_url("http://127.0.0.1:9000/", 1, 1, &pin,
	    why, sizeof(why)), 0);

	ng_csa_of("127.0.0.1", 9000, &csa);
	s = netguard_opensocket(&pin, CURLSOCKTYPE_IPCXN, &csa.c);
	CU_ASSERT(s != CURL_SOCKET_BAD);
	if (s != CURL_SOCKET_BAD)
		close(s);

	ng_csa_of("127.0.0.2", 9000, &csa);
	CU_ASSERT_EQUAL(netguard_opensocket(&pin, CURLSOCKTYPE_IPCXN, &csa.c),
	    CURL_SOCKET_BAD);
	ng_csa_of("127.0.0.1", 9001, &csa);
	CU_ASSERT_EQUAL(netguard_opensocket(&pin, CURLSOCKTYPE_IPCXN, &csa.c),
	    CURL_SOCKET_BAD);
	ng_csa_of("::ffff:127.0.0.1", 9000, &csa);
	CU_ASSERT_EQUAL(netguard_opensocket(&pin, CURLSOCKTYPE_IPCXN, &csa.c),
	    CURL_SOCKET_BAD);
	ng_csa_of("127.0.0.1", 9000, &csa);
	CU_ASSERT_EQUAL(netguard_opensocket(&pin, CURLSOCKTYPE_ACCEPT, &csa.c),
	    CURL_SOCKET_BAD);
	CU_ASSERT_EQUAL(netguard_opensocket(NULL, CURLSOCKTYPE_IPCXN, &csa.c),
	    CURL_SOCKET_BAD);
	csa.c.addrlen = 4; /* too short for any address */
	CU_ASSERT_EQUAL(netguard_opensocket(&pin, CURLSOCKTYPE_IPCXN, &csa.c),
	    CURL_SOCKET_BAD);
	ng_csa_of("127.0.0.1", 9000, &csa);
	csa.c.family = AF_INET6; /* family and address disagree */
	CU_ASSERT_EQUAL(netguard_opensocket(&pin, CURLSOCKTYPE_IPCXN, &csa.c),
	    CURL_SOCKET_BAD);

	/* The rules are asked again: a pinned loopback without allow_loopback. */
	forged = pin;
	forged.allow_loopback = 0;
	ng_csa_of("127.0.0.1", 9000, &csa);
	CU_ASSERT_EQUAL(netguard_opensocket(&forged, CURLSOCKTYPE_IPCXN, &csa.c),
	    CURL_SOCKET_BAD);

	/* IPv6: the full-size address curl passes. */
	CU_ASSERT_EQUAL_FATAL(netguard_check_url("http://[::1]:9000/", 1, 1, &pin,
	    why, sizeof(why)), 0);
	ng_csa_of("::1", 9000, &csa);
	s = netguard_opensocket(&pin, CURLSOCKTYPE_IPCXN, &csa.c);
	CU_ASSERT(s != CURL_SOCKET_BAD);
	if (s != CURL_SOCKET_BAD)
		close(s);
	ng_csa_of("::2", 9000, &csa);
	CU_ASSERT_EQUAL(netguard_opensocket(&pin, CURLSOCKTYPE_IPCXN, &csa.c),
	    CURL_SOCKET_BAD);
	ng_csa_of("127.0.0.1", 9000, &csa);
	CU_ASSERT_EQUAL(netguard_opensocket(&pin, CURLSOCKTYPE_IPCXN, &csa.c),
	    CURL_SOCKET_BAD);
}

/*
 * Connects with CONNECT_ONLY through a handle pinned to pin (no request
 * is sent); the transfer's result.
 */
static CURLcode
ng_connect(const char *url, struct netguard_pin *pin, int *list_set)
{
	struct curl_slist *list = NULL;
	CURLcode rc = CURLE_FAILED_INIT;
	CURL *h;

	if ((h = curl_easy_init()) == NULL)
		return rc;
	if (netguard_curl_pin(h, pin, &list) == 0 &&
	    curl_easy_setopt(h, CURLOPT_URL, url) == CURLE_OK &&
	    curl_easy_setopt(h, CURLOPT_CONNECT_ONLY, 1L) == CURLE_OK &&
	    curl_easy_setopt(h, CURLOPT_CONNECTTIMEOUT_MS, 5000L) == CURLE_OK &&
	    curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L) == CURLE_OK)
		rc = curl_easy_perform(h);
	if (list_set != NULL)
		*list_set = list != NULL;
	curl_easy_cleanup(h);
	curl_slist_free_all(list);
	return rc;
}

/* End to end through libcurl, against this test's loopback listeners. */
static void
test_curl_pin(void)
{
	struct netguard_pin pin;
	char url[128], other[128], why[128];
	unsigned port = 0, port2 = 0, port6 = 0;
	int fd, fd2, fd6, list_set = 0;
	const curl_version_info_data *vi = curl_version_info(CURLVERSION_NOW);

	fd = ng_listener("127.0.0.1", &port);
	fd2 = ng_listener("127.0.0.1", &port2);
	CU_ASSERT_FATAL(fd >= 0 && fd2 >= 0);
	snprintf(url, sizeof(url), "http://127.0.0.1:%u/", port);
	snprintf(other, sizeof(other), "http://127.0.0.1:%u/", port2);
	CU_ASSERT_EQUAL(netguard_check_url(url, 1, 1, &pin, why, sizeof(why)), 0);

	/* The pinned address connects. */
	CU_ASSERT_EQUAL(ng_connect(url, &pin, &list_set), CURLE_OK);
	CU_ASSERT(list_set);
	/* Another port of the same address was not checked: refused. */
	CU_ASSERT_EQUAL(ng_connect(other, &pin, NULL), CURLE_COULDNT_CONNECT);

	/*
	 * A name: pinned to what it resolved to. Should curl be pointed
	 * elsewhere (here by a forged resolve entry, as rebinding DNS would),
	 * the callback refuses the unchecked address.
	 */
	snprintf(url, sizeof(url), "http://localhost:%u/", port);
	CU_ASSERT_EQUAL_FATAL(netguard_check_url(url, 1, 1, &pin, why, sizeof(why)), 0);
	CU_ASSERT_EQUAL(ng_connect(url, &pin, NULL), CURLE_OK);
	snprintf(pin.resolve, sizeof(pin.resolve), "localhost:%u:127.0.0.2", port);
	CU_ASSERT_EQUAL(ng_connect(url, &pin, NULL), CURLE_COULDNT_CONNECT);

	/*
	 * An IPv6 literal: its resolve entry is set only where libcurl can
	 * parse one (8.13.0 on); the callback guards either way.
	 */
	fd6 = ng_listener("::1", &port6);
	if (fd6 >= 0) {
		snprintf(url, sizeof(url), "http://[::1]:%u/", port6);
		CU_ASSERT_EQUAL(netguard_check_url(url, 1, 1, &pin, why, sizeof(why)), 0);
		CU_ASSERT_EQUAL(ng_connect(url, &pin, &list_set), CURLE_OK);
		CU_ASSERT_EQUAL(list_set, vi->version_num >= 0x080d00);
		close(fd6);
	}

	/* No pin, no handle, no list: refused. */
	memset(&pin, 0, sizeof(pin));
	CU_ASSERT_EQUAL(ng_connect(other, &pin, NULL), CURLE_FAILED_INIT);
	CU_ASSERT_EQUAL(netguard_curl_pin(NULL, &pin, NULL), -1);
	close(fd);
	close(fd2);
}

int
main(void)
{
	static const struct tu_test tests[] = {
		{ "refused URLs", test_refused_table },
		{ "allowed URLs and their pins", test_allowed_table },
		{ "the pin's resolve text", test_pin_resolve_text },
		{ "https only", test_https_only },
		{ "parse reasons and limits", test_parse_details },
		{ "getaddrinfo spellings of a host", test_resolve_spellings },
		{ "address ranges at their edges", test_addr_boundaries },
		{ "address reasons", test_addr_reasons },
		{ "the open-socket callback", test_opensocket },
		{ "a pinned libcurl handle", test_curl_pin },
	};

	return tu_main("netguard", suite_init, suite_clean, tests, NELEM(tests));
}
