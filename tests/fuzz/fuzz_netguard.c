/*
 * fuzz_netguard: the webhook URL checker (lib/providers/netguard.c) without a
 * network: netguard_parse_url (libcurl's URL parser, no transfer),
 * netguard_resolve and netguard_check_url on what it accepts (names are
 * resolved only when numeric: tests/fuzz/offline.c), netguard_curl_pin on
 * a handle that never performs, and netguard_addr_allowed on raw socket
 * addresses. Every verdict is checked against an independent table of
 * the refused ranges that docs/webhooks.md lists, and the port rule (443
 * and 80, any port for a loopback host under allow_loopback). Input: a flag byte (bit 0
 * allow http, bit 1 allow loopback, bit 2 address mode), then a URL as a
 * C string; or, in address mode, a family byte, a length byte, a why
 * buffer size byte, a port (2 bytes) and the address bytes.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "providers/netguard.h"
#include "core/strict.h"

#include "fuzzutil.h"
#include "offline.h"

/* 1 when the first bits of the 32-bit address a are those of net. */
static int
in4(uint32_t a, uint32_t net, unsigned bits)
{
	return bits == 0 || (a >> (32 - bits)) == (net >> (32 - bits));
}

/* 1 when IPv4 address a (host order) may be connected to. */
static int
v4_allowed(uint32_t a, int loopback)
{
	if (in4(a, 0x7f000000u, 8))
		return loopback;
	return !(in4(a, 0x00000000u, 8) || in4(a, 0x0a000000u, 8) ||
	    in4(a, 0x64400000u, 10) || in4(a, 0xa9fe0000u, 16) ||
	    in4(a, 0xac100000u, 12) || in4(a, 0xc0000000u, 24) ||
	    in4(a, 0xc0000200u, 24) || in4(a, 0xc01fc400u, 24) ||
	    in4(a, 0xc034c100u, 24) || in4(a, 0xc0586300u, 24) ||
	    in4(a, 0xc0a80000u, 16) || in4(a, 0xc0af3000u, 24) ||
	    in4(a, 0xc6120000u, 15) || in4(a, 0xc6336400u, 24) ||
	    in4(a, 0xcb007100u, 24) || in4(a, 0xe0000000u, 4) ||
	    in4(a, 0xf0000000u, 4));
}

/* 1 when the first bits of b are those of the prefix p. */
static int
in6(const unsigned char *b, const unsigned char *p, unsigned bits)
{
	unsigned i;

	for (i = 0; i + 8 <= bits; i += 8)
		if (b[i / 8] != p[i / 8])
			return 0;
	return i == bits || (b[i / 8] >> (8 - (bits - i))) ==
	    (p[i / 8] >> (8 - (bits - i)));
}

/* Big-endian 4 bytes. */
static uint32_t
be32(const unsigned char *b)
{
	return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 |
	    (uint32_t)b[2] << 8 | b[3];
}

/* 1 when IPv6 address b may be connected to. */
static int
v6_allowed(const unsigned char *b, int loopback)
{
	static const unsigned char zero[16], one[16] = { [15] = 1 },
	    mapped[16] = { [10] = 0xff, [11] = 0xff },
	    translated[16] = { [8] = 0xff, [9] = 0xff },
	    nat64[16] = { 0, 0x64, 0xff, 0x9b },
	    nat64_local[16] = { 0, 0x64, 0xff, 0x9b, 0, 1 },
	    six_to_four[16] = { 0x20, 0x02 }, ula[16] = { 0xfc },
	    link[16] = { 0xfe, 0x80 }, site[16] = { 0xfe, 0xc0 },
	    multicast[16] = { 0xff }, discard[16] = { 0x01 },
	    dummy[16] = { 0x01, 0, 0, 0, 0, 0, 0, 0x01 },
	    ietf[16] = { 0x20, 0x01 }, doc[16] = { 0x20, 0x01, 0x0d, 0xb8 },
	    as112[16] = { 0x26, 0x20, 0x00, 0x4f, 0x80 },
	    doc2[16] = { 0x3f, 0xff }, srv6[16] = { 0x5f };

	if (in6(b, zero, 128))
		return 0;
	if (in6(b, one, 128))
		return loopback;
	if (in6(b, mapped, 96) || in6(b, translated, 96) || in6(b, zero, 96) ||
	    in6(b, nat64, 96))
		return v4_allowed(be32(b + 12), loopback);
	if (in6(b, six_to_four, 16))
		return v4_allowed(be32(b + 2), loopback);
	return !(in6(b, ula, 7) || in6(b, link, 10) || in6(b, site, 10) ||
	    in6(b, multicast, 8) || in6(b, nat64_local, 48) ||
	    in6(b, discard, 64) || in6(b, dummy, 64) || in6(b, ietf, 23) ||
	    in6(b, doc, 32) || in6(b, as112, 48) || in6(b, doc2, 20) ||
	    in6(b, srv6, 16));
}

/* 1 when sa (len bytes) is a loopback address, in any of its forms. */
static int
is_loopback(const struct sockaddr *sa, socklen_t len)
{
	static const unsigned char one[16] = { [15] = 1 };
	struct sockaddr_in s4;
	struct sockaddr_in6 s6;

	if (len >= (socklen_t)sizeof(s4) && sa->sa_family == AF_INET) {
		memcpy(&s4, sa, sizeof(s4));
		return in4(ntohl(s4.sin_addr.s_addr), 0x7f000000u, 8);
	}
	if (len >= (socklen_t)sizeof(s6) && sa->sa_family == AF_INET6) {
		memcpy(&s6, sa, sizeof(s6));
		/* allowed with loopback on, refused with it off: a loopback one */
		return in6(s6.sin6_addr.s6_addr, one, 128) ||
		    (v6_allowed(s6.sin6_addr.s6_addr, 1) &&
		    !v6_allowed(s6.sin6_addr.s6_addr, 0));
	}
	return 0;
}

/* The independent verdict on sa (len bytes). */
static int
oracle(const struct sockaddr *sa, socklen_t len, int loopback)
{
	struct sockaddr_in in;
	struct sockaddr_in6 in6;

	if (len >= (socklen_t)sizeof(in) && sa->sa_family == AF_INET) {
		memcpy(&in, sa, sizeof(in));
		return v4_allowed(ntohl(in.sin_addr.s_addr), loopback);
	}
	if (len >= (socklen_t)sizeof(in6) && sa->sa_family == AF_INET6) {
		memcpy(&in6, sa, sizeof(in6));
		return v6_allowed(in6.sin6_addr.s6_addr, loopback);
	}
	return 0;
}

/* netguard_addr_allowed on exactly len bytes of ss; checks the verdict. */
static void
check_addr(const struct sockaddr_storage *ss, socklen_t len, size_t whycap)
{
	unsigned char *copy = malloc(len > 0 ? len : 1);
	char *why = malloc(whycap > 0 ? whycap : 1);
	int lo, hi;

	FZ_CHECK(copy != NULL && why != NULL);
	memcpy(copy, ss, len);
	lo = netguard_addr_allowed((const struct sockaddr *)(void *)copy, len, 0,
	    NULL, why, whycap);
	/* a refusal says why, in whatever room there is */
	if (!lo && whycap > 0)
		FZ_CHECK(memchr(why, '\0', whycap) != NULL);
	hi = netguard_addr_allowed((const struct sockaddr *)(void *)copy, len, 1,
	    NULL, why, whycap);
	if (!hi && whycap > 0)
		FZ_CHECK(memchr(why, '\0', whycap) != NULL);
	FZ_CHECK(lo == oracle((const struct sockaddr *)ss, len, 0));
	FZ_CHECK(hi == oracle((const struct sockaddr *)ss, len, 1));
	FZ_CHECK(lo <= hi); /* allowing loopback only ever allows more */
	free(copy);
	free(why);
}

static void
fuzz_addr(struct fz_in *in)
{
	struct sockaddr_storage ss;
	uint8_t fam = fz_byte(in);
	socklen_t len = fz_byte(in) % (sizeof(ss) + 1);
	size_t whycap = fz_byte(in);
	uint16_t port = (uint16_t)(fz_byte(in) << 8 | fz_byte(in));

	memset(&ss, 0, sizeof(ss));
	if (fam % 3 == 0) {
		struct sockaddr_in *s4 = (struct sockaddr_in *)(void *)&ss;

		s4->sin_family = AF_INET;
		s4->sin_port = htons(port);
		for (size_t i = 0; i < 4; i++)
			((unsigned char *)&s4->sin_addr)[i] = fz_byte(in);
	} else if (fam % 3 == 1) {
		struct sockaddr_in6 *s6 = (struct sockaddr_in6 *)(void *)&ss;

		s6->sin6_family = AF_INET6;
		s6->sin6_port = htons(port);
		for (size_t i = 0; i < 16; i++)
			s6->sin6_addr.s6_addr[i] = fz_byte(in);
	} else {
		ss.ss_family = (sa_family_t)fam;
		for (size_t i = sizeof(ss.ss_family); i < sizeof(ss) && in->n; i++)
			((unsigned char *)&ss)[i] = fz_byte(in);
	}
	check_addr(&ss, len, whycap);
}

/* 1 when s starts with "http://" or "https://" (any case) and a host. */
static int
has_authority(const char *s)
{
	size_t n = strict_ieq(s, 5, "https") ? 5 : strict_ieq(s, 4, "http") ? 4 : 0;

	return n > 0 && strncmp(s + n, "://", 3) == 0 && s[n + 3] != '\0' &&
	    s[n + 3] != '/';
}

/* What netguard_resolve should say, from the numeric addresses of u. */
static int
expect_resolve(const struct netguard_url *u, int loopback)
{
	struct addrinfo hints, *res = NULL, *ai;
	char service[8];
	int ok, all_loopback = 1;

	memset(&hints, 0, sizeof(hints));
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_NUMERICSERV | AI_NUMERICHOST;
	snprintf(service, sizeof(service), "%u", u->port);
	if (__real_getaddrinfo(u->host, service, &hints, &res) != 0 || res == NULL)
		return 0;
	ok = 1;
	for (ai = res; ai != NULL; ai = ai->ai_next) {
		ok &= oracle(ai->ai_addr, ai->ai_addrlen, loopback);
		all_loopback &= is_loopback(ai->ai_addr, ai->ai_addrlen);
	}
	freeaddrinfo(res);
	/* the default ports, or any for loopback under allow_loopback */
	return ok && (u->port == 443 || u->port == 80 || (loopback && all_loopback));
}

/* What a successful netguard_resolve promises about pin. */
static void
check_pin(const struct netguard_url *u, struct netguard_pin *pin, int loopback)
{
	char head[300];
	struct curl_slist *list = NULL;
	CURL *h;

	FZ_CHECK(pin->n >= 1 && pin->n <= NETGUARD_PIN_MAX);
	for (size_t i = 0; i < pin->n; i++) {
		const struct sockaddr *sa = (const struct sockaddr *)(void *)&pin->addr[i];
		unsigned port = sa->sa_family == AF_INET ?
		    ntohs(((const struct sockaddr_in *)(const void *)sa)->sin_port) :
		    ntohs(((const struct sockaddr_in6 *)(const void *)sa)->sin6_port);

		FZ_CHECK(netguard_addr_allowed(sa, pin->len[i], loopback, NULL, NULL, 0));
		FZ_CHECK(oracle(sa, pin->len[i], loopback));
		FZ_CHECK(port == u->port);
	}
	snprintf(head, sizeof(head), strchr(u->host, ':') ? "[%s]:%u:" : "%s:%u:",
	    u->host, u->port);
	FZ_CHECK(strncmp(pin->resolve, head, strlen(head)) == 0);
	/* options only: the handle never performs */
	h = curl_easy_init();
	FZ_CHECK(h != NULL);
	FZ_CHECK(netguard_curl_pin(h, pin, &list) == 0);
	curl_slist_free_all(list);
	curl_easy_cleanup(h);
}

static void
fuzz_url(struct fz_in *in, int allow_http, int loopback)
{
	char *url = fz_cut(in, '\0', NULL), why[256];
	struct netguard_url u;
	struct netguard_pin pin, pin2;
	struct netguard_policy p;
	int rc;

	memset(&p, 0, sizeof(p));
	p.allow_http = allow_http;
	p.allow_loopback = loopback; /* ports NULL: 443 and 80 */
	why[0] = '\0';
	if (netguard_parse_url(url, allow_http, &u, why, sizeof(why)) != 0) {
		FZ_CHECK(why[0] != '\0' && strict_printable(why, strlen(why)));
		FZ_CHECK(netguard_check_url(url, &p, &pin, NULL, 0) == -1);
		free(url);
		return;
	}
	FZ_CHECK(strlen(url) <= NETGUARD_URL_MAX);
	FZ_CHECK(strict_printable(url, strlen(url)) && strchr(url, ' ') == NULL &&
	    strchr(url, '\\') == NULL && strchr(url, '#') == NULL);
	FZ_CHECK(has_authority(url));
	FZ_CHECK(u.https == 1 || (u.https == 0 && allow_http));
	FZ_CHECK(u.host[0] != '\0' && memchr(u.host, '\0', sizeof(u.host)) != NULL);
	FZ_CHECK(u.host[0] != '[' && u.host[strlen(u.host) - 1] != ']');
	FZ_CHECK(strchr(u.host, '%') == NULL || strchr(u.host, ':') == NULL);
	FZ_CHECK(u.port >= 1 && u.port <= 65535);

	rc = netguard_resolve(&u, &p, &pin, why, sizeof(why));
	FZ_CHECK((rc == 0) == expect_resolve(&u, loopback));
	if (rc == 0)
		check_pin(&u, &pin, loopback);
	else
		FZ_CHECK(why[0] != '\0' && strict_printable(why, strlen(why)));
	FZ_CHECK(netguard_check_url(url, &p, &pin2, NULL, 0) == rc);
	free(url);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fz_in in = { data, size };
	uint8_t flags = fz_byte(&in);

	if (flags & 4)
		fuzz_addr(&in);
	else
		fuzz_url(&in, flags & 1, (flags >> 1) & 1);
	return 0;
}
