/*
 * netguard: the SSRF rules for webhook URLs, by table. Only numeric
 * literals and "localhost" (from /etc/hosts) are ever resolved, and the
 * only connections made are to listeners of this test on loopback.
 */
#include "core/cfg.h"
#include "providers/jwks_http.h"
#include "providers/netguard.h"
#include "core/portlist.h"
#include "core/strict.h"

#include <CUnit/Basic.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <sys/un.h>
#include <sys/wait.h>
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

/*
 * netguard_check_url under the policy allow_http, allow_loopback, the
 * default ports (443 and 80) and no host addresses.
 */
static int
ng_check(const char *url, int allow_http, int allow_loopback,
    struct netguard_pin *pin, char *why, size_t whycap)
{
	struct netguard_policy p;

	memset(&p, 0, sizeof(p));
	p.allow_http = allow_http;
	p.allow_loopback = allow_loopback;
	return netguard_check_url(url, &p, pin, why, whycap);
}

/* netguard_resolve under allow_loopback and the default ports. */
static int
ng_resolve(const struct netguard_url *u, int allow_loopback,
    struct netguard_pin *pin, char *why, size_t whycap)
{
	struct netguard_policy p;

	memset(&p, 0, sizeof(p));
	p.allow_loopback = allow_loopback;
	return netguard_resolve(u, &p, pin, why, whycap);
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
		"http://192.0.0.1/",
		"http://192.0.2.1/",
		"http://198.18.0.1/",
		"http://198.51.100.7/",
		"http://203.0.113.9/",
		/* IPv6 ranges */
		"http://[::1]/",
		"http://[::]/",
		"http://[fc00::1]/",
		"http://[fd12:3456::1]/",
		"http://[fe80::1]/",
		"http://[fec0::1]/",
		"http://[ff02::1]/",
		"http://[2001:db8::1]/",
		"http://[2001::1]/",            /* Teredo */
		"http://[100::1]/",
		"http://[3fff::1]/",
		"http://[5f00::1]/",
		/* ports other than 443 and 80 */
		"http://93.184.216.34:8080/",
		"https://93.184.216.34:8443/",
		"http://93.184.216.34:22/",
		"https://[2606:4700::1111]:25/",
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
		UNIT_CHECK(ng_check(rows[i], 1, 0, &pin, why, sizeof(why)) == -1,
		    "\"%s\": want refused", rows[i]);
		UNIT_CHECK(why[0] != '\0', "\"%s\": want a reason", rows[i]);
		UNIT_CHECK(pin.n == 0 && pin.resolve[0] == '\0',
		    "\"%s\": want an empty pin", rows[i]);
	}
	CU_ASSERT_EQUAL(ng_check(NULL, 1, 0, &pin, why, sizeof(why)), -1);
	/* why may be NULL */
	CU_ASSERT_EQUAL(ng_check("http://10.0.0.1/", 1, 0, &pin, NULL, 0), -1);
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
		{ "HTTPS://93.184.216.34:443/a/b?c=d&e=f", 0, 0, 1, "93.184.216.34",
		  443, "93.184.216.34:443:93.184.216.34" },
		/* any port for a loopback receiver under allow_loopback */
		{ "https://[::1]:8443/", 0, 1, 1, "::1", 8443, "[::1]:8443:[::1]" },
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
		UNIT_CHECK(ng_check(rows[i].url, rows[i].allow_http,
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

	CU_ASSERT_EQUAL_FATAL(ng_check("http://127.0.0.1:9000/", 1, 1, &pin,
	    why, sizeof(why)), 0);
	CU_ASSERT_STRING_EQUAL(pin.resolve, "127.0.0.1:9000:127.0.0.1");
	CU_ASSERT_EQUAL(pin.n, 1);
	CU_ASSERT_EQUAL(pin.len[0], sizeof(struct sockaddr_in));
	in = (const struct sockaddr_in *)(const void *)&pin.addr[0];
	CU_ASSERT_EQUAL(in->sin_family, AF_INET);
	CU_ASSERT_EQUAL(ntohs(in->sin_port), 9000);
	CU_ASSERT_EQUAL(ntohl(in->sin_addr.s_addr), 0x7f000001u);

	CU_ASSERT_EQUAL_FATAL(ng_check("http://[::1]:9000/", 1, 1, &pin,
	    why, sizeof(why)), 0);
	CU_ASSERT_STRING_EQUAL(pin.resolve, "[::1]:9000:[::1]");
	CU_ASSERT_EQUAL(pin.n, 1);
	in6 = (const struct sockaddr_in6 *)(const void *)&pin.addr[0];
	CU_ASSERT_EQUAL(in6->sin6_family, AF_INET6);
	CU_ASSERT_EQUAL(ntohs(in6->sin6_port), 9000);
	CU_ASSERT(IN6_IS_ADDR_LOOPBACK(&in6->sin6_addr));

	/* The same URLs without allow_loopback: refused, and the pin empty. */
	CU_ASSERT_EQUAL(ng_check("http://127.0.0.1:9000/", 1, 0, &pin,
	    why, sizeof(why)), -1);
	CU_ASSERT_STRING_EQUAL(why, "loopback address 127.0.0.1");
	CU_ASSERT_EQUAL(pin.n, 0);
	CU_ASSERT_EQUAL(ng_check("http://[::1]:9000/", 1, 0, &pin,
	    why, sizeof(why)), -1);
	CU_ASSERT_STRING_EQUAL(why, "loopback address ::1");
}

/* allow_http=0: https only. */
static void
test_https_only(void)
{
	struct netguard_pin pin;
	char why[128];

	CU_ASSERT_EQUAL(ng_check("http://93.184.216.34/", 0, 0, &pin, why,
	    sizeof(why)), -1);
	CU_ASSERT_STRING_EQUAL(why, "must be https");
	CU_ASSERT_EQUAL(ng_check("ftp://93.184.216.34/", 0, 0, &pin, why,
	    sizeof(why)), -1);
	CU_ASSERT_STRING_EQUAL(why, "must be https");
	CU_ASSERT_EQUAL(ng_check("https://93.184.216.34/", 0, 0, &pin, why,
	    sizeof(why)), 0);
	CU_ASSERT_STRING_EQUAL(pin.resolve, "93.184.216.34:443:93.184.216.34");
	CU_ASSERT_EQUAL(ng_check("ftp://93.184.216.34/", 1, 0, &pin, why,
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
		UNIT_CHECK(ng_resolve(&u, 0, &pin, why, sizeof(why)) == -1,
		    "host \"%s\": want refused", hosts[i]);
		UNIT_CHECK(unit_starts(why, "resolves to a refused address ("),
		    "host \"%s\": why \"%s\"", hosts[i], why);
		UNIT_CHECK(!unit_contains(why, "127.0.0.1"), "host \"%s\": why \"%s\"",
		    hosts[i], why);
	}
	memset(&u, 0, sizeof(u));
	strict_copy(u.host, sizeof(u.host), "93.184.216.34");
	CU_ASSERT_EQUAL(ng_resolve(&u, 0, &pin, why, sizeof(why)), -1);
	CU_ASSERT_STRING_EQUAL(why, "bad port");
	u.port = 80;
	u.host[0] = '\0';
	CU_ASSERT_EQUAL(ng_resolve(&u, 0, &pin, why, sizeof(why)), -1);
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
		{ "2001:db8::1", 0, 0 },    /* documentation: allowed before issue 34 */
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
		    rows[i].allow_loopback, NULL, why, sizeof(why));
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
		UNIT_CHECK(netguard_addr_allowed((struct sockaddr *)&ss, len, 0, NULL,
		    why, sizeof(why)) == 0, "%s: want refused", rows[i].addr);
		UNIT_STR_EQ(why, rows[i].why, rows[i].addr);
	}

	/* Not IPv4 or IPv6, no address, or too short for its family. */
	memset(&un, 0, sizeof(un));
	un.sun_family = AF_UNIX;
	CU_ASSERT_EQUAL(netguard_addr_allowed((struct sockaddr *)(void *)&un,
	    sizeof(un), 1, NULL, why, sizeof(why)), 0);
	CU_ASSERT_STRING_EQUAL(why, "not an IPv4 or IPv6 address");
	CU_ASSERT_EQUAL(netguard_addr_allowed(NULL, 0, 1, NULL, why, sizeof(why)), 0);
	memset(&in, 0, sizeof(in));
	in.sin_family = AF_INET;
	in.sin_addr.s_addr = htonl(0x5db8d822u);
	CU_ASSERT_EQUAL(netguard_addr_allowed((struct sockaddr *)&in, sizeof(in), 0,
	    NULL, why, sizeof(why)), 1);
	CU_ASSERT_EQUAL(netguard_addr_allowed((struct sockaddr *)&in, sizeof(in) - 1,
	    0, NULL, why, sizeof(why)), 0);
	ng_sockaddr("2606:4700::1111", 443, &ss, &len);
	CU_ASSERT_EQUAL(netguard_addr_allowed((struct sockaddr *)&ss,
	    sizeof(struct sockaddr_in), 0, NULL, why, sizeof(why)), 0);
}

/* The open-socket callback: the pinned address opens, anything else not. */
static void
test_opensocket(void)
{
	struct netguard_pin pin, forged;
	union ng_csa csa;
	curl_socket_t s;
	char why[128];

	CU_ASSERT_EQUAL_FATAL(ng_check("http://127.0.0.1:9000/", 1, 1, &pin,
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
	CU_ASSERT_EQUAL_FATAL(ng_check("http://[::1]:9000/", 1, 1, &pin,
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
	CU_ASSERT_EQUAL(ng_check(url, 1, 1, &pin, why, sizeof(why)), 0);

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
	CU_ASSERT_EQUAL_FATAL(ng_check(url, 1, 1, &pin, why, sizeof(why)), 0);
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
		CU_ASSERT_EQUAL(ng_check(url, 1, 1, &pin, why, sizeof(why)), 0);
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

/*
 * Every range of IANA's special-purpose registries that is refused, at
 * its first and last address, and the addresses just outside it allowed
 * (where no other refused range holds them: those outside 2000::/3 and
 * the IPv4-mapped neighbours are unassigned rather than routed, and are
 * here to pin the prefix length). Production: allow_loopback off. The
 * ranges before issue 34 (0/8, 10/8, 100.64/10, 127/8, 169.254/16,
 * 172.16/12, 192.168/16, 224/4, 240/4, fc00::/7, fe80::/10, fec0::/10,
 * ff00::/8, 64:ff9b:1::/48) are in test_addr_boundaries too.
 */
static const struct ng_edge {
	const char *addr;
	int allowed;
} ng_edges[] = {
	/* 0.0.0.0/8 */
	{ "0.0.0.0", 0 }, { "0.255.255.255", 0 }, { "1.0.0.0", 1 },
	/* 10.0.0.0/8 */
	{ "9.255.255.255", 1 }, { "10.0.0.0", 0 }, { "10.255.255.255", 0 },
	{ "11.0.0.0", 1 },
	/* 100.64.0.0/10 */
	{ "100.63.255.255", 1 }, { "100.64.0.0", 0 }, { "100.127.255.255", 0 },
	{ "100.128.0.0", 1 },
	/* 127.0.0.0/8 */
	{ "126.255.255.255", 1 }, { "127.0.0.0", 0 }, { "127.255.255.255", 0 },
	{ "128.0.0.0", 1 },
	/* 169.254.0.0/16 */
	{ "169.253.255.255", 1 }, { "169.254.0.0", 0 }, { "169.254.255.255", 0 },
	{ "169.255.0.0", 1 },
	/* 172.16.0.0/12 */
	{ "172.15.255.255", 1 }, { "172.16.0.0", 0 }, { "172.31.255.255", 0 },
	{ "172.32.0.0", 1 },
	/* 192.0.0.0/24, the whole of it (192.0.0.9 and .10 are global) */
	{ "191.255.255.255", 1 }, { "192.0.0.0", 0 }, { "192.0.0.9", 0 },
	{ "192.0.0.10", 0 }, { "192.0.0.255", 0 }, { "192.0.1.0", 1 },
	/* 192.0.2.0/24 TEST-NET-1 */
	{ "192.0.1.255", 1 }, { "192.0.2.0", 0 }, { "192.0.2.255", 0 },
	{ "192.0.3.0", 1 },
	/* 192.31.196.0/24 AS112-v4 */
	{ "192.31.195.255", 1 }, { "192.31.196.0", 0 }, { "192.31.196.255", 0 },
	{ "192.31.197.0", 1 },
	/* 192.52.193.0/24 AMT */
	{ "192.52.192.255", 1 }, { "192.52.193.0", 0 }, { "192.52.193.255", 0 },
	{ "192.52.194.0", 1 },
	/* 192.88.99.0/24 6to4 relay anycast */
	{ "192.88.98.255", 1 }, { "192.88.99.0", 0 }, { "192.88.99.2", 0 },
	{ "192.88.99.255", 0 }, { "192.88.100.0", 1 },
	/* 192.168.0.0/16 */
	{ "192.167.255.255", 1 }, { "192.168.0.0", 0 }, { "192.168.255.255", 0 },
	{ "192.169.0.0", 1 },
	/* 192.175.48.0/24 AS112 direct delegation */
	{ "192.175.47.255", 1 }, { "192.175.48.0", 0 }, { "192.175.48.255", 0 },
	{ "192.175.49.0", 1 },
	/* 198.18.0.0/15 benchmarking */
	{ "198.17.255.255", 1 }, { "198.18.0.0", 0 }, { "198.19.255.255", 0 },
	{ "198.20.0.0", 1 },
	/* 198.51.100.0/24 TEST-NET-2 */
	{ "198.51.99.255", 1 }, { "198.51.100.0", 0 }, { "198.51.100.255", 0 },
	{ "198.51.101.0", 1 },
	/* 203.0.113.0/24 TEST-NET-3 */
	{ "203.0.112.255", 1 }, { "203.0.113.0", 0 }, { "203.0.113.255", 0 },
	{ "203.0.114.0", 1 },
	/* 224.0.0.0/4, 240.0.0.0/4, 255.255.255.255/32 (adjacent) */
	{ "223.255.255.255", 1 }, { "224.0.0.0", 0 }, { "239.255.255.255", 0 },
	{ "240.0.0.0", 0 }, { "255.255.255.254", 0 }, { "255.255.255.255", 0 },
	/* ::/128, ::1/128 and ::/96 (IPv4-compatible: ::0.0.0.2 is 0.0.0.2) */
	{ "::", 0 }, { "::1", 0 }, { "::2", 0 }, { "::255.255.255.255", 0 },
	{ "::1:0:0", 1 },
	/* ::ffff:0:0/96 IPv4-mapped, by the IPv4 address */
	{ "::fffe:ffff:ffff", 1 }, { "::ffff:0.0.0.0", 0 },
	{ "::ffff:255.255.255.255", 0 }, { "::1:0:0:0", 1 },
	/* ::ffff:0:0:0/96 IPv4-translated, by the IPv4 address */
	{ "::fffe:ffff:ffff:ffff", 1 }, { "::ffff:0:0.0.0.0", 0 },
	{ "::ffff:0:255.255.255.255", 0 }, { "::ffff:1:0:0", 1 },
	/* 64:ff9b::/96 NAT64, by the IPv4 address */
	{ "64:ff9a:ffff:ffff:ffff:ffff:ffff:ffff", 1 }, { "64:ff9b::", 0 },
	{ "64:ff9b::255.255.255.255", 0 }, { "64:ff9b::1:0:0", 1 },
	/* 64:ff9b:1::/48 local-use NAT64 */
	{ "64:ff9b:0:ffff:ffff:ffff:ffff:ffff", 1 }, { "64:ff9b:1::", 0 },
	{ "64:ff9b:1:ffff:ffff:ffff:ffff:ffff", 0 }, { "64:ff9b:2::", 1 },
	/* 100::/64 discard-only, 100:0:0:1::/64 dummy (adjacent) */
	{ "ff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", 1 }, { "100::", 0 },
	{ "100::ffff:ffff:ffff:ffff", 0 }, { "100:0:0:1::", 0 },
	{ "100:0:0:1:ffff:ffff:ffff:ffff", 0 }, { "100:0:0:2::", 1 },
	/* 2001::/23 IETF protocol assignments: Teredo, benchmarking, ORCHID
	 * and the globally reachable ones inside, refused as a whole */
	{ "2000:ffff:ffff:ffff:ffff:ffff:ffff:ffff", 1 }, { "2001::", 0 },
	{ "2001:0:ffff:ffff:ffff:ffff:ffff:ffff", 0 }, { "2001:1::1", 0 },
	{ "2001:2::", 0 }, { "2001:3::1", 0 }, { "2001:4:112::1", 0 },
	{ "2001:10::1", 0 }, { "2001:20::1", 0 }, { "2001:30::1", 0 },
	{ "2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff", 0 }, { "2001:200::", 1 },
	/* 2001:db8::/32 documentation */
	{ "2001:db7:ffff:ffff:ffff:ffff:ffff:ffff", 1 }, { "2001:db8::", 0 },
	{ "2001:db8:ffff:ffff:ffff:ffff:ffff:ffff", 0 }, { "2001:db9::", 1 },
	/* 2002::/16 6to4, by the IPv4 address */
	{ "2001:ffff:ffff:ffff:ffff:ffff:ffff:ffff", 1 }, { "2002::", 0 },
	{ "2002:ffff:ffff:ffff:ffff:ffff:ffff:ffff", 0 }, { "2003::", 1 },
	/* 2620:4f:8000::/48 AS112 direct delegation */
	{ "2620:4f:7fff:ffff:ffff:ffff:ffff:ffff", 1 }, { "2620:4f:8000::", 0 },
	{ "2620:4f:8000:ffff:ffff:ffff:ffff:ffff", 0 }, { "2620:4f:8001::", 1 },
	/* 3fff::/20 documentation */
	{ "3ffe:ffff:ffff:ffff:ffff:ffff:ffff:ffff", 1 }, { "3fff::", 0 },
	{ "3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff", 0 }, { "3fff:1000::", 1 },
	/* 5f00::/16 SRv6 SIDs */
	{ "5eff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", 1 }, { "5f00::", 0 },
	{ "5f00:ffff:ffff:ffff:ffff:ffff:ffff:ffff", 0 }, { "5f01::", 1 },
	/* fc00::/7, fe80::/10, fec0::/10, ff00::/8 (the last three adjacent) */
	{ "fbff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", 1 }, { "fc00::", 0 },
	{ "fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", 0 }, { "fe00::", 1 },
	{ "fe7f:ffff:ffff:ffff:ffff:ffff:ffff:ffff", 1 }, { "fe80::", 0 },
	{ "febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff", 0 }, { "fec0::", 0 },
	{ "feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", 0 }, { "ff00::", 0 },
	{ "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", 0 },
	/* public ones */
	{ "8.8.8.8", 1 }, { "93.184.216.34", 1 }, { "2606:4700::1111", 1 },
};

/* ng_edges through netguard_addr_allowed, allow_loopback off. */
static void
test_special_ranges(void)
{
	struct sockaddr_storage ss;
	socklen_t len = 0;
	char why[128];
	size_t i;

	for (i = 0; i < NELEM(ng_edges); i++) {
		int got;

		UNIT_REQUIRE(ng_sockaddr(ng_edges[i].addr, 443, &ss, &len) == 0,
		    "\"%s\" is not an address", ng_edges[i].addr);
		why[0] = '\0';
		got = netguard_addr_allowed((struct sockaddr *)&ss, len, 0, NULL, why,
		    sizeof(why));
		UNIT_CHECK(got == ng_edges[i].allowed, "%s: got %d want %d (%s)",
		    ng_edges[i].addr, got, ng_edges[i].allowed, why);
		UNIT_CHECK(got || why[0] != '\0', "%s: want a reason", ng_edges[i].addr);
	}
}

/*
 * Every IPv4 address of ng_edges in the five IPv6 forms that carry it
 * (IPv4-mapped, -translated, -compatible, NAT64 64:ff9b::/96, 6to4
 * 2002::/16) is judged as the IPv4 address is: the refused ones refused
 * (naming the IPv4 address and the IPv6 one), the others allowed.
 */
static void
test_embedded_forms(void)
{
	static const struct { unsigned char head[16]; unsigned at; const char *name; } forms[] = {
		{ { [10] = 0xff, [11] = 0xff }, 12, "mapped" },
		{ { [8] = 0xff, [9] = 0xff }, 12, "translated" },
		{ { 0 }, 12, "compatible" },
		{ { 0x00, 0x64, 0xff, 0x9b }, 12, "NAT64" },
		{ { 0x20, 0x02 }, 2, "6to4" },
	};
	size_t i, f, checked = 0;

	for (i = 0; i < NELEM(ng_edges); i++) {
		struct in_addr v4;

		if (inet_pton(AF_INET, ng_edges[i].addr, &v4) != 1)
			continue;
		for (f = 0; f < NELEM(forms); f++) {
			struct sockaddr_in6 in6;
			char why[160], text[INET6_ADDRSTRLEN];
			int got;

			/* ::0.0.0.0 and ::0.0.0.1 are :: and ::1, not IPv4-compatible */
			if (strcmp(forms[f].name, "compatible") == 0 && ntohl(v4.s_addr) <= 1)
				continue;
			memset(&in6, 0, sizeof(in6));
			in6.sin6_family = AF_INET6;
			in6.sin6_port = htons(443);
			memcpy(in6.sin6_addr.s6_addr, forms[f].head, 16);
			memcpy(in6.sin6_addr.s6_addr + forms[f].at, &v4, 4);
			inet_ntop(AF_INET6, &in6.sin6_addr, text, sizeof(text));
			why[0] = '\0';
			got = netguard_addr_allowed((struct sockaddr *)&in6, sizeof(in6), 0,
			    NULL, why, sizeof(why));
			UNIT_CHECK(got == ng_edges[i].allowed, "%s as %s %s: got %d want %d (%s)",
			    ng_edges[i].addr, forms[f].name, text, got, ng_edges[i].allowed, why);
			if (!ng_edges[i].allowed)
				UNIT_CHECK(unit_contains(why, ng_edges[i].addr) &&
				    unit_contains(why, text), "%s as %s: why \"%s\"",
				    ng_edges[i].addr, forms[f].name, why);
			checked++;
		}
	}
	CU_ASSERT(checked > 300);
}

/* The reasons of the ranges added in issue 34. */
static void
test_special_reasons(void)
{
	static const struct { const char *addr; const char *why; } rows[] = {
		{ "192.0.0.8", "IETF protocol address 192.0.0.8" },
		{ "192.0.2.1", "documentation address 192.0.2.1" },
		{ "192.31.196.1", "AS112 address 192.31.196.1" },
		{ "192.52.193.1", "AMT relay address 192.52.193.1" },
		{ "192.88.99.1", "6to4 relay address 192.88.99.1" },
		{ "192.175.48.1", "AS112 address 192.175.48.1" },
		{ "198.18.0.1", "benchmarking address 198.18.0.1" },
		{ "198.51.100.1", "documentation address 198.51.100.1" },
		{ "203.0.113.1", "documentation address 203.0.113.1" },
		{ "100::1", "discard-only address 100::1" },
		{ "100:0:0:1::1", "dummy address 100:0:0:1::1" },
		{ "2001::1", "IETF protocol address 2001::1" },
		{ "2001:db8::1", "documentation address 2001:db8::1" },
		{ "2620:4f:8000::1", "AS112 address 2620:4f:8000::1" },
		{ "3fff::1", "documentation address 3fff::1" },
		{ "5f00::1", "SRv6 SID address 5f00::1" },
		{ "::ffff:198.18.0.1", "benchmarking address 198.18.0.1 (in ::ffff:198.18.0.1)" },
		{ "64:ff9b::c000:201",
		  "documentation address 192.0.2.1 (in 64:ff9b::c000:201)" },
		{ "2002:c000:1::", "IETF protocol address 192.0.0.1 (in 2002:c000:1::)" },
	};
	struct sockaddr_storage ss;
	socklen_t len = 0;
	char why[128];
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		UNIT_REQUIRE(ng_sockaddr(rows[i].addr, 443, &ss, &len) == 0,
		    "\"%s\" is not an address", rows[i].addr);
		why[0] = '\0';
		UNIT_CHECK(netguard_addr_allowed((struct sockaddr *)&ss, len, 0, NULL,
		    why, sizeof(why)) == 0, "%s: want refused", rows[i].addr);
		UNIT_STR_EQ(why, rows[i].why, rows[i].addr);
	}
}

/*
 * Ports: 443 and 80 by default, any other refused (allow_loopback off);
 * a configured list is the only one; a loopback receiver under
 * allow_loopback on any port, but not a public host under it.
 */
static void
test_ports(void)
{
	static const struct {
		const char *url;
		const char *ports;  /* NULL: the default */
		int allow_loopback;
		const char *why;    /* NULL: allowed */
	} rows[] = {
		{ "https://93.184.216.34/", NULL, 0, NULL },
		{ "https://93.184.216.34:443/", NULL, 0, NULL },
		{ "http://93.184.216.34/", NULL, 0, NULL },
		{ "http://93.184.216.34:80/", NULL, 0, NULL },
		{ "https://93.184.216.34:80/", NULL, 0, NULL },
		{ "http://[2606:4700::1111]/", NULL, 0, NULL },
		{ "http://93.184.216.34:8080/", NULL, 0,
		  "port 8080 refused (allowed: 443, 80)" },
		{ "http://93.184.216.34:22/", NULL, 0, "port 22 refused (allowed: 443, 80)" },
		{ "https://93.184.216.34:8443/", NULL, 0,
		  "port 8443 refused (allowed: 443, 80)" },
		{ "http://93.184.216.34:81/", NULL, 0, "port 81 refused (allowed: 443, 80)" },
		{ "https://93.184.216.34:442/", NULL, 0, "port 442 refused (allowed: 443, 80)" },
		{ "https://[2606:4700::1111]:65535/", NULL, 0,
		  "port 65535 refused (allowed: 443, 80)" },
		/* a configured list, and only it */
		{ "https://93.184.216.34:8443/", "8443, 9443", 0, NULL },
		{ "https://93.184.216.34:9443/", "8443, 9443", 0, NULL },
		{ "https://93.184.216.34/", "8443, 9443", 0,
		  "port 443 refused (allowed: 8443, 9443)" },
		{ "http://93.184.216.34/", "8443 9443", 0,
		  "port 80 refused (allowed: 8443, 9443)" },
		/* allow_loopback: loopback on any port; a public host is not loopback */
		{ "http://127.0.0.1:9000/", NULL, 1, NULL },
		{ "http://[::1]:22/", NULL, 1, NULL },
		{ "http://[::ffff:127.0.0.1]:5432/", NULL, 1, NULL },
		{ "http://localhost:9000/", NULL, 1, NULL },
		{ "http://127.0.0.1:9000/", "443", 1, NULL },
		{ "http://93.184.216.34:9000/", NULL, 1, "port 9000 refused (allowed: 443, 80)" },
		/* without allow_loopback the address is refused, whatever the port */
		{ "http://127.0.0.1/", NULL, 0, "loopback address 127.0.0.1" },
		{ "http://127.0.0.1:9000/", NULL, 0, "loopback address 127.0.0.1" },
		{ "http://localhost:9000/", NULL, 0, "resolves to a refused address (loopback)" },
		{ "http://10.0.0.1:8080/", NULL, 0, "private address 10.0.0.1" },
	};
	struct netguard_policy p;
	struct netguard_pin pin;
	struct port_list ports;
	char why[128];
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		const char *reason = NULL;
		int rc;

		memset(&p, 0, sizeof(p));
		p.allow_http = 1;
		p.allow_loopback = rows[i].allow_loopback;
		if (rows[i].ports != NULL) {
			UNIT_REQUIRE(port_list_parse(rows[i].ports, strlen(rows[i].ports), &ports,
			    &reason) == 0, "row %zu: ports \"%s\": %s", i, rows[i].ports, reason);
			p.ports = &ports;
		}
		why[0] = '\0';
		rc = netguard_check_url(rows[i].url, &p, &pin, why, sizeof(why));
		if (rows[i].why == NULL) {
			UNIT_CHECK(rc == 0, "%s (ports %s, loopback %d): refused: %s", rows[i].url,
			    rows[i].ports ? rows[i].ports : "default", rows[i].allow_loopback, why);
		} else {
			UNIT_CHECK(rc == -1 && pin.n == 0, "%s (ports %s): want refused",
			    rows[i].url, rows[i].ports ? rows[i].ports : "default");
			UNIT_STR_EQ(why, rows[i].why, rows[i].url);
		}
	}
}

/* port_list_parse: what a list may be, and what is refused. */
static void
test_port_lists(void)
{
	static const struct { const char *text; size_t n; unsigned first, last; } good[] = {
		{ "443, 80", 2, 443, 80 },
		{ "443,80", 2, 443, 80 },
		{ " 443  80 ", 2, 443, 80 },
		{ "1", 1, 1, 1 },
		{ "65535", 1, 65535, 65535 },
		{ "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16", 16, 1, 16 },
	};
	static const char *const bad[] = {
		"", " , ", "0", "65536", "080", "+80", "-1", "80x", "443;80", "443.0",
		"80, 80", "4294967377", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17",
		"443,\t80",
	};
	struct port_list l;
	const char *why;
	char text[PORT_LIST_MAX * 7 + 1];
	size_t i;

	for (i = 0; i < NELEM(good); i++) {
		why = NULL;
		UNIT_CHECK(port_list_parse(good[i].text, strlen(good[i].text), &l, &why) == 0,
		    "\"%s\": %s", good[i].text, why ? why : "");
		UNIT_CHECK(l.n == good[i].n && l.port[0] == good[i].first &&
		    l.port[l.n - 1] == good[i].last, "\"%s\": %zu ports", good[i].text, l.n);
	}
	for (i = 0; i < NELEM(bad); i++) {
		memset(&l, 0x5a, sizeof(l));
		why = NULL;
		UNIT_CHECK(port_list_parse(bad[i], strlen(bad[i]), &l, &why) == -1,
		    "\"%s\": want refused", bad[i]);
		UNIT_CHECK(why != NULL && why[0] != '\0', "\"%s\": want a reason", bad[i]);
		UNIT_CHECK(l.n == 0x5a5a5a5a5a5a5a5aULL, "\"%s\": list touched", bad[i]);
	}
	CU_ASSERT_EQUAL(port_list_parse("443, 80", 5, &l, &why), 0); /* "443, " */
	CU_ASSERT_EQUAL(l.n, 1);
	CU_ASSERT(port_list_has(&l, 443) && !port_list_has(&l, 80) &&
	    !port_list_has(NULL, 443));
	port_list_parse("65535 1 80", 10, &l, &why);
	CU_ASSERT_STRING_EQUAL(port_list_text(&l, text, sizeof(text)), "65535, 1, 80");
	CU_ASSERT_STRING_EQUAL(port_list_text(&l, text, 10), "65535, 1"); /* cut whole */
}

/* Writes text to a new temporary config file and loads it over the
 * defaults into c; cfg_load's value, err as it says. */
static int
ng_load_cfg(const char *text, struct cfg *c, char *err, size_t errlen)
{
	char path[] = "/tmp/cediramp-netguard-XXXXXX";
	FILE *f;
	int fd, rc;

	cfg_defaults(c);
	if ((fd = mkstemp(path)) < 0)
		return -2;
	if ((f = fdopen(fd, "w")) == NULL) {
		close(fd);
		unlink(path);
		return -2;
	}
	fputs(text, f);
	fclose(f);
	rc = cfg_load(path, c, err, errlen);
	unlink(path);
	return rc;
}

/*
 * webhooks.allowed_ports in the config: 443 and 80 unless set, a list
 * honoured by the URL check, a bad list refused naming the key.
 */
static void
test_ports_config(void)
{
	static const char *const bad[] = {
		"webhooks.allowed_ports =\n",
		"webhooks.allowed_ports = 0\n",
		"webhooks.allowed_ports = 65536\n",
		"webhooks.allowed_ports = 443, 0443\n",
		"webhooks.allowed_ports = 443, https\n",
		"webhooks.allowed_ports = 443, 443\n",
		"webhooks.allowed_ports = 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17\n",
	};
	struct netguard_policy p;
	struct netguard_pin pin;
	struct cfg c;
	char err[512], why[128];
	size_t i;

	cfg_defaults(&c);
	CU_ASSERT_EQUAL(c.wh_allowed_ports.n, 2);
	CU_ASSERT(port_list_has(&c.wh_allowed_ports, 443) &&
	    port_list_has(&c.wh_allowed_ports, 80));

	CU_ASSERT_EQUAL_FATAL(ng_load_cfg("environment = production\n"
	    "webhooks.allowed_ports = 8443\n", &c, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(c.wh_allowed_ports.n, 1);
	memset(&p, 0, sizeof(p));
	p.allow_http = c.wh_allow_http;
	p.allow_loopback = (int)c.wh_allow_loopback;
	p.ports = &c.wh_allowed_ports;
	CU_ASSERT_EQUAL(netguard_check_url("https://93.184.216.34:8443/", &p, &pin, why,
	    sizeof(why)), 0);
	CU_ASSERT_EQUAL(netguard_check_url("https://93.184.216.34/", &p, &pin, why,
	    sizeof(why)), -1);
	CU_ASSERT_STRING_EQUAL(why, "port 443 refused (allowed: 8443)");

	for (i = 0; i < NELEM(bad); i++) {
		err[0] = '\0';
		UNIT_CHECK(ng_load_cfg(bad[i], &c, err, sizeof(err)) == -1,
		    "\"%s\": want refused", bad[i]);
		UNIT_CHECK(unit_contains(err, ":1: webhooks.allowed_ports: "),
		    "\"%s\": err \"%s\"", bad[i], err);
	}
}

/* A list of this host's addresses, as netguard_local_add keeps them. */
static void
ng_local(struct netguard_local *l, const char *const *addrs, size_t n)
{
	struct sockaddr_storage ss;
	socklen_t len = 0;
	size_t i;

	memset(l, 0, sizeof(*l));
	for (i = 0; i < n; i++)
		if (ng_sockaddr(addrs[i], 0, &ss, &len) == 0)
			UNIT_CHECK(netguard_local_add(l, (struct sockaddr *)&ss, len) == 0,
			    "%s: not added", addrs[i]);
}

/*
 * This host's own addresses are refused even when public, in their IPv6
 * forms too, at the address check, the URL check and the open-socket
 * callback; loopback under allow_loopback never is.
 */
static void
test_own_addresses(void)
{
	static const char *const own[] = {
		"93.184.216.34", "2606:4700::1111", "93.184.216.34", /* twice: kept once */
		"10.0.0.5", "127.0.0.1", "::1", "fe80::1", "169.254.1.1", /* not kept */
	};
	static const struct { const char *addr; int allow_loopback; const char *why; } rows[] = {
		{ "93.184.216.34", 0, "this host's own address 93.184.216.34" },
		{ "2606:4700::1111", 0, "this host's own address 2606:4700::1111" },
		{ "::ffff:93.184.216.34", 0,
		  "this host's own address 93.184.216.34 (in ::ffff:93.184.216.34)" },
		{ "64:ff9b::5db8:d822", 0,
		  "this host's own address 93.184.216.34 (in 64:ff9b::5db8:d822)" },
		{ "2002:5db8:d822::1", 0,
		  "this host's own address 93.184.216.34 (in 2002:5db8:d822::1)" },
		{ "93.184.216.34", 1, "this host's own address 93.184.216.34" },
		{ "93.184.216.35", 0, NULL },
		{ "2606:4700::1112", 0, NULL },
		{ "127.0.0.1", 1, NULL },
		{ "::1", 1, NULL },
		{ "127.0.0.1", 0, "loopback address 127.0.0.1" },
	};
	struct netguard_local l, got;
	struct netguard_policy p;
	struct netguard_pin pin;
	struct sockaddr_storage ss;
	union ng_csa csa;
	socklen_t len = 0;
	char why[160];
	size_t i;

	ng_local(&l, own, NELEM(own));
	CU_ASSERT_EQUAL(l.n, 2); /* the two public ones, once each */
	for (i = 0; i < NELEM(rows); i++) {
		int ok;

		UNIT_REQUIRE(ng_sockaddr(rows[i].addr, 443, &ss, &len) == 0, "%s", rows[i].addr);
		why[0] = '\0';
		ok = netguard_addr_allowed((struct sockaddr *)&ss, len, rows[i].allow_loopback,
		    &l, why, sizeof(why));
		UNIT_CHECK(ok == (rows[i].why == NULL), "%s (loopback %d): got %d (%s)",
		    rows[i].addr, rows[i].allow_loopback, ok, why);
		if (rows[i].why != NULL)
			UNIT_STR_EQ(why, rows[i].why, rows[i].addr);
		/* without the list, every public one is allowed */
		if (rows[i].why != NULL && unit_starts(rows[i].why, "this host's"))
			UNIT_CHECK(netguard_addr_allowed((struct sockaddr *)&ss, len, 0, NULL,
			    NULL, 0) == 1, "%s: refused without the list", rows[i].addr);
	}

	/* a loopback address the list holds is still allowed under allow_loopback */
	memset(&got, 0, sizeof(got));
	got.n = 1;
	got.a[0].family = AF_INET;
	got.a[0].addr[0] = 127;
	got.a[0].addr[3] = 1;
	ng_sockaddr("127.0.0.1", 80, &ss, &len);
	CU_ASSERT_EQUAL(netguard_addr_allowed((struct sockaddr *)&ss, len, 1, &got, why,
	    sizeof(why)), 1);

	/* the URL check, a literal and a name */
	memset(&p, 0, sizeof(p));
	p.allow_http = 1;
	p.local = &l;
	CU_ASSERT_EQUAL(netguard_check_url("https://93.184.216.34/", &p, &pin, why,
	    sizeof(why)), -1);
	CU_ASSERT_STRING_EQUAL(why, "this host's own address 93.184.216.34");
	CU_ASSERT_EQUAL(netguard_check_url("https://[2606:4700::1111]/", &p, &pin, why,
	    sizeof(why)), -1);
	CU_ASSERT_EQUAL(netguard_check_url("https://93.184.216.35/", &p, &pin, why,
	    sizeof(why)), 0);
	CU_ASSERT_PTR_EQUAL(pin.local, &l);

	/* the open-socket callback asks the list again */
	ng_csa_of("93.184.216.35", 443, &csa);
	{
		curl_socket_t s = netguard_opensocket(&pin, CURLSOCKTYPE_IPCXN, &csa.c);

		CU_ASSERT(s != CURL_SOCKET_BAD);
		if (s != CURL_SOCKET_BAD)
			close(s);
	}
	l.a[0].addr[3] = 35; /* 93.184.216.35 is now this host's */
	CU_ASSERT_EQUAL(netguard_opensocket(&pin, CURLSOCKTYPE_IPCXN, &csa.c),
	    CURL_SOCKET_BAD);

	/* full: -1, the list as it was */
	memset(&l, 0, sizeof(l));
	for (i = 0; i < NETGUARD_LOCAL_MAX; i++) {
		struct sockaddr_in in;

		memset(&in, 0, sizeof(in));
		in.sin_family = AF_INET;
		in.sin_addr.s_addr = htonl(0x5db8d800u + (uint32_t)i);
		CU_ASSERT_EQUAL(netguard_local_add(&l, (struct sockaddr *)&in, sizeof(in)), 0);
	}
	ng_sockaddr("8.8.8.8", 0, &ss, &len);
	CU_ASSERT_EQUAL(netguard_local_add(&l, (struct sockaddr *)&ss, len), -1);
	CU_ASSERT_EQUAL(l.n, NETGUARD_LOCAL_MAX);
	ng_sockaddr("10.0.0.1", 0, &ss, &len); /* not kept: no room needed */
	CU_ASSERT_EQUAL(netguard_local_add(&l, (struct sockaddr *)&ss, len), 0);

	/* getifaddrs: whatever this machine has, each is refused through it */
	CU_ASSERT_EQUAL_FATAL(netguard_local_load(&got), 0);
	for (i = 0; i < got.n; i++) {
		struct sockaddr_in in;
		struct sockaddr_in6 in6;

		memset(&in, 0, sizeof(in));
		memset(&in6, 0, sizeof(in6));
		if (got.a[i].family == AF_INET) {
			in.sin_family = AF_INET;
			memcpy(&in.sin_addr, got.a[i].addr, 4);
			CU_ASSERT_EQUAL(netguard_addr_allowed((struct sockaddr *)&in, sizeof(in),
			    1, &got, why, sizeof(why)), 0);
		} else {
			in6.sin6_family = AF_INET6;
			memcpy(&in6.sin6_addr, got.a[i].addr, 16);
			CU_ASSERT_EQUAL(netguard_addr_allowed((struct sockaddr *)&in6,
			    sizeof(in6), 1, &got, why, sizeof(why)), 0);
		}
		CU_ASSERT(unit_starts(why, "this host's own address "));
	}
}

/*
 * A child answering one connection on fd with a 200 and body "{}", then
 * exiting: its pid, or -1.
 */
static pid_t
ng_serve_once(int fd)
{
	static const char answer[] = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n"
	    "Connection: close\r\n\r\n{}";
	char req[2048];
	pid_t pid = fork();
	int c;

	if (pid != 0)
		return pid;
	alarm(20); /* never outlive a stuck test */
	if ((c = accept(fd, NULL, NULL)) < 0)
		_exit(1);
	(void)read(c, req, sizeof(req));
	(void)write(c, answer, sizeof(answer) - 1);
	close(c);
	_exit(0);
}

/* 1 when a connection waits on listener fd (one was made to it). */
static int
ng_pending(int fd)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };

	return poll(&p, 1, 0) == 1;
}

/*
 * jwks_fetch of a URL set through the console: held to the policy again
 * at fetch time, refused before any connection, pinned when allowed; the
 * operator's URL (no guard) is fetched as it is.
 */
static void
test_jwks_guarded(void)
{
	struct netguard_policy strict, sandbox;
	char url[128], why[160];
	unsigned port = 0;
	struct buf out;
	int fd, st;
	pid_t pid;

	memset(&strict, 0, sizeof(strict));
	strict.allow_http = 1;
	sandbox = strict;
	sandbox.allow_loopback = 1;
	buf_init(&out, JWKS_HTTP_MAX);
	fd = ng_listener("127.0.0.1", &port);
	CU_ASSERT_FATAL(fd >= 0);
	snprintf(url, sizeof(url), "http://127.0.0.1:%u/jwks.json", port);

	/* refused by the policy: no connection is made */
	CU_ASSERT_EQUAL(jwks_fetch(url, &strict, 2000, &out, why, sizeof(why)), -1);
	UNIT_STR_EQ(why, "loopback address 127.0.0.1", url);
	strict.allow_http = 0;
	CU_ASSERT_EQUAL(jwks_fetch(url, &strict, 2000, &out, why, sizeof(why)), -1);
	UNIT_STR_EQ(why, "must be https", url);
	CU_ASSERT(!ng_pending(fd));
	CU_ASSERT_EQUAL(out.len, 0);

	/* allowed (the sandbox's loopback), pinned, fetched */
	pid = ng_serve_once(fd);
	CU_ASSERT_FATAL(pid > 0);
	CU_ASSERT_EQUAL(jwks_fetch(url, &sandbox, 5000, &out, why, sizeof(why)), 0);
	CU_ASSERT(out.len == 2 && memcmp(out.data, "{}", 2) == 0);
	CU_ASSERT(waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0);

	/* the operator's own URL: no guard */
	pid = ng_serve_once(fd);
	CU_ASSERT_FATAL(pid > 0);
	CU_ASSERT_EQUAL(jwks_fetch(url, NULL, 5000, &out, why, sizeof(why)), 0);
	CU_ASSERT(out.len == 2 && memcmp(out.data, "{}", 2) == 0);
	CU_ASSERT(waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0);
	buf_free(&out);
	close(fd);
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
		{ "every special-purpose range at its edges", test_special_ranges },
		{ "IPv4 ranges in their IPv6 forms", test_embedded_forms },
		{ "the special-purpose ranges' reasons", test_special_reasons },
		{ "ports", test_ports },
		{ "port lists", test_port_lists },
		{ "webhooks.allowed_ports in the config", test_ports_config },
		{ "this host's own addresses", test_own_addresses },
		{ "a JWKS URL set in the console, fetched", test_jwks_guarded },
	};

	return tu_main("netguard", suite_init, suite_clean, tests, NELEM(tests));
}
