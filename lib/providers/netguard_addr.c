/*
 * netguard's address rules: the table of refused ranges, the judgement of
 * one address (netguard_judge, worded by netguard_addr_allowed), and this
 * host's own addresses (getifaddrs).
 */
#include "providers/netguard.h"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "providers/netguard_int.h"

void
netguard_say(char *why, size_t cap, const char *fmt, ...)
{
	va_list ap;

	if (why == NULL || cap == 0)
		return;
	va_start(ap, fmt);
	vsnprintf(why, cap, fmt, ap);
	va_end(ap);
}

/* What an address in a range of the table is. */
enum netguard_rule {
	NG_REFUSED,   /* never connected to */
	NG_LOOPBACK,  /* refused unless allow_loopback */
	NG_EMBEDS_V4, /* judged as the IPv4 address at byte v4_at, by the IPv4 rows */
};

struct netguard_range {
	int family;            /* AF_INET or AF_INET6 */
	unsigned char net[16]; /* the network, network order, host bits zero */
	unsigned bits;         /* its prefix length */
	enum netguard_rule rule;
	unsigned v4_at;        /* NG_EMBEDS_V4: where the IPv4 address starts */
	const char *kind;      /* the reason's word: "<kind> address <addr>" */
};

#define V4(bits, rule, kind, ...) { AF_INET, { __VA_ARGS__ }, bits, rule, 0, kind }
#define V6(bits, rule, at, kind, ...) { AF_INET6, { __VA_ARGS__ }, bits, rule, at, kind }

/*
 * Every range of IANA's "IPv4 Special-Purpose Address Registry" and "IPv6
 * Special-Purpose Address Registry" (RFC 6890; iana-ipv4-special-registry
 * and iana-ipv6-special-registry, their entries as published in 2025)
 * whose "Globally Reachable" is False or N/A, and the ranges noted below.
 * The first row that holds an address decides it, so a longer prefix
 * comes before a shorter one that holds it (::/128 and ::1/128 before
 * ::/96, 255.255.255.255/32 before 240/4). Each row's first and last
 * addresses, and the addresses just outside, are in
 * tests/unit/test_netguard.c ("every range at its edges").
 *
 * Refused although the registry marks them globally reachable, because no
 * webhook receiver can be there and refusing a whole block is the simpler
 * rule to get right: 192.0.0.9/32 (PCP anycast) and 192.0.0.10/32 (TURN
 * anycast) with the rest of 192.0.0.0/24; AS112 (192.31.196.0/24,
 * 192.175.48.0/24, 2620:4f:8000::/48: DNS sinks for reverse lookups of
 * private space); AMT relay anycast (192.52.193.0/24); and inside
 * 2001::/23, 2001:1::1/128, 2001:1::2/128, 2001:1::3/128 (anycast),
 * 2001:3::/32 (AMT), 2001:4:112::/48 (AS112-v6), 2001:20::/28 (ORCHIDv2)
 * and 2001:30::/28 (drone remote ID tags).
 *
 * Judged by the IPv4 address they carry rather than refused whole:
 * IPv4-mapped ::ffff:0:0/96 (False in the registry, as it never appears
 * on the wire: a dual-stack socket connects to the IPv4 address itself),
 * NAT64 64:ff9b::/96 (globally reachable: a translator reaches the IPv4
 * address) and 6to4 2002::/16 (N/A: a relay does); likewise the
 * IPv4-translated ::ffff:0:0:0/96 and IPv4-compatible ::/96 forms, which
 * are not in the registry. Not in the registries, refused too: multicast
 * (224.0.0.0/4, ff00::/8) and the deprecated site-local fec0::/10.
 */
static const struct netguard_range netguard_ranges[] = {
	/* IPv4 */
	V4(8, NG_REFUSED, "this-network", 0),                 /* 0.0.0.0/8 RFC 791 */
	V4(8, NG_REFUSED, "private", 10),                     /* 10.0.0.0/8 RFC 1918 */
	V4(10, NG_REFUSED, "shared (CGNAT)", 100, 64),        /* 100.64.0.0/10 RFC 6598 */
	V4(8, NG_LOOPBACK, "loopback", 127),                  /* 127.0.0.0/8 RFC 1122 */
	V4(16, NG_REFUSED, "link-local", 169, 254),           /* 169.254.0.0/16 RFC 3927 */
	V4(12, NG_REFUSED, "private", 172, 16),               /* 172.16.0.0/12 RFC 1918 */
	V4(24, NG_REFUSED, "IETF protocol", 192, 0, 0),       /* 192.0.0.0/24 RFC 6890 */
	V4(24, NG_REFUSED, "documentation", 192, 0, 2),       /* 192.0.2.0/24 RFC 5737 */
	V4(24, NG_REFUSED, "AS112", 192, 31, 196),            /* 192.31.196.0/24 RFC 7535 */
	V4(24, NG_REFUSED, "AMT relay", 192, 52, 193),        /* 192.52.193.0/24 RFC 7450 */
	V4(24, NG_REFUSED, "6to4 relay", 192, 88, 99),        /* 192.88.99.0/24 RFC 7526 */
	V4(16, NG_REFUSED, "private", 192, 168),              /* 192.168.0.0/16 RFC 1918 */
	V4(24, NG_REFUSED, "AS112", 192, 175, 48),            /* 192.175.48.0/24 RFC 7534 */
	V4(15, NG_REFUSED, "benchmarking", 198, 18),          /* 198.18.0.0/15 RFC 2544 */
	V4(24, NG_REFUSED, "documentation", 198, 51, 100),    /* 198.51.100.0/24 RFC 5737 */
	V4(24, NG_REFUSED, "documentation", 203, 0, 113),     /* 203.0.113.0/24 RFC 5737 */
	V4(4, NG_REFUSED, "multicast", 224),                  /* 224.0.0.0/4 RFC 5771 */
	V4(32, NG_REFUSED, "broadcast", 255, 255, 255, 255),  /* 255.255.255.255/32 RFC 919 */
	V4(4, NG_REFUSED, "reserved", 240),                   /* 240.0.0.0/4 RFC 1112 */
	/* IPv6 */
	V6(128, NG_REFUSED, 0, "unspecified", 0),             /* ::/128 RFC 4291 */
	V6(128, NG_LOOPBACK, 0, "loopback",                   /* ::1/128 RFC 4291 */
	    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1),
	V6(96, NG_EMBEDS_V4, 12, "IPv4-mapped",               /* ::ffff:0:0/96 RFC 4291 */
	    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff),
	V6(96, NG_EMBEDS_V4, 12, "IPv4-translated",           /* ::ffff:0:0:0/96 RFC 2765 */
	    0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0),
	V6(96, NG_EMBEDS_V4, 12, "IPv4-compatible", 0),       /* ::/96 RFC 4291 */
	V6(96, NG_EMBEDS_V4, 12, "NAT64",                     /* 64:ff9b::/96 RFC 6052 */
	    0x00, 0x64, 0xff, 0x9b),
	V6(48, NG_REFUSED, 0, "local-use NAT64",              /* 64:ff9b:1::/48 RFC 8215 */
	    0x00, 0x64, 0xff, 0x9b, 0x00, 0x01),
	V6(64, NG_REFUSED, 0, "discard-only", 0x01, 0x00),    /* 100::/64 RFC 6666 */
	V6(64, NG_REFUSED, 0, "dummy",                        /* 100:0:0:1::/64 (2025) */
	    0x01, 0x00, 0, 0, 0, 0, 0x00, 0x01),
	V6(23, NG_REFUSED, 0, "IETF protocol",                /* 2001::/23 RFC 2928 */
	    0x20, 0x01, 0x00),
	V6(32, NG_REFUSED, 0, "documentation",                /* 2001:db8::/32 RFC 3849 */
	    0x20, 0x01, 0x0d, 0xb8),
	V6(16, NG_EMBEDS_V4, 2, "6to4", 0x20, 0x02),          /* 2002::/16 RFC 3056 */
	V6(48, NG_REFUSED, 0, "AS112",                        /* 2620:4f:8000::/48 RFC 7534 */
	    0x26, 0x20, 0x00, 0x4f, 0x80, 0x00),
	V6(20, NG_REFUSED, 0, "documentation",                /* 3fff::/20 RFC 9637 */
	    0x3f, 0xff, 0x00),
	V6(16, NG_REFUSED, 0, "SRv6 SID", 0x5f, 0x00),        /* 5f00::/16 RFC 9602 */
	V6(7, NG_REFUSED, 0, "unique local", 0xfc),           /* fc00::/7 RFC 4193 */
	V6(10, NG_REFUSED, 0, "link-local", 0xfe, 0x80),      /* fe80::/10 RFC 4291 */
	V6(10, NG_REFUSED, 0, "site-local", 0xfe, 0xc0),      /* fec0::/10 RFC 3879 */
	V6(8, NG_REFUSED, 0, "multicast", 0xff),              /* ff00::/8 RFC 4291 */
};

#undef V4
#undef V6

/* 1 when the first bits bits of a and net agree. */
static int
netguard_prefix_match(const unsigned char *a, const unsigned char *net,
    unsigned bits)
{
	unsigned whole = bits / 8, rest = bits % 8;

	if (memcmp(a, net, whole) != 0)
		return 0;
	if (rest == 0)
		return 1;
	return ((a[whole] ^ net[whole]) & (unsigned char)(0xff << (8 - rest))) == 0;
}

/* The first row of the table for family that holds address b, or NULL. */
static const struct netguard_range *
netguard_range_of(int family, const unsigned char *b)
{
	size_t i;

	for (i = 0; i < sizeof(netguard_ranges) / sizeof(netguard_ranges[0]); i++)
		if (netguard_ranges[i].family == family &&
		    netguard_prefix_match(b, netguard_ranges[i].net, netguard_ranges[i].bits))
			return &netguard_ranges[i];
	return NULL;
}

/* 1 when local holds the address b (4 or 16 bytes by family). */
static int
netguard_local_has(const struct netguard_local *local, int family,
    const unsigned char *b)
{
	size_t i, n = family == AF_INET ? 4 : 16;

	for (i = 0; local != NULL && i < local->n && i < NETGUARD_LOCAL_MAX; i++)
		if (local->a[i].family == family && memcmp(local->a[i].addr, b, n) == 0)
			return 1;
	return 0;
}

int
netguard_judge(const struct sockaddr *sa, socklen_t len, int allow_loopback,
    const struct netguard_local *local, struct netguard_verdict *v)
{
	const struct netguard_range *r;
	unsigned char b[16];
	int family, own;

	memset(v, 0, sizeof(*v));
	/* shorter than either family's address: not even sa_family is read */
	if (sa == NULL || len < (socklen_t)sizeof(struct sockaddr_in))
		return -1;
	if (sa->sa_family == AF_INET) {
		struct sockaddr_in in;

		memcpy(&in, sa, sizeof(in));
		memcpy(b, &in.sin_addr, 4);
		family = AF_INET;
	} else if (sa->sa_family == AF_INET6 &&
	    len >= (socklen_t)sizeof(struct sockaddr_in6)) {
		struct sockaddr_in6 in6;

		memcpy(&in6, sa, sizeof(in6));
		memcpy(b, &in6.sin6_addr, 16);
		family = AF_INET6;
	} else
		return -1;
	if (inet_ntop(family, b, v->addr, sizeof(v->addr)) == NULL)
		v->addr[0] = '\0';
	/* the address itself, before an IPv4 address it carries replaces it */
	own = netguard_local_has(local, family, b);
	r = netguard_range_of(family, b);
	if (r != NULL && r->rule == NG_EMBEDS_V4) {
		/* Judged as the IPv4 address, and worded so. */
		memcpy(v->outer, v->addr, sizeof(v->outer));
		memmove(b, b + r->v4_at, 4);
		family = AF_INET;
		if (inet_ntop(AF_INET, b, v->addr, sizeof(v->addr)) == NULL)
			v->addr[0] = '\0';
		own = own || netguard_local_has(local, AF_INET, b);
		r = netguard_range_of(AF_INET, b);
	}
	if (r != NULL && r->rule == NG_LOOPBACK) {
		/* never "this host's own": the sandbox's receivers are */
		v->loopback = 1;
		v->kind = allow_loopback ? NULL : r->kind;
	} else if (r != NULL)
		v->kind = r->kind;
	else if (own)
		v->kind = "this host's own";
	return 0;
}

int
netguard_addr_allowed(const struct sockaddr *sa, socklen_t len,
    int allow_loopback, const struct netguard_local *local, char *why,
    size_t whycap)
{
	struct netguard_verdict v;

	if (netguard_judge(sa, len, allow_loopback, local, &v) != 0) {
		netguard_say(why, whycap, "not an IPv4 or IPv6 address");
		return 0;
	}
	if (v.kind == NULL)
		return 1;
	if (v.outer[0] != '\0')
		netguard_say(why, whycap, "%s address %s (in %s)", v.kind, v.addr,
		    v.outer);
	else
		netguard_say(why, whycap, "%s address %s", v.kind, v.addr);
	return 0;
}

int
netguard_local_add(struct netguard_local *l, const struct sockaddr *sa,
    socklen_t len)
{
	struct netguard_verdict v;
	struct netguard_local_addr a;

	/* only what the ranges allow needs an entry: they refuse the rest */
	if (netguard_judge(sa, len, 0, NULL, &v) != 0 || v.kind != NULL)
		return 0;
	memset(&a, 0, sizeof(a));
	a.family = sa->sa_family;
	if (a.family == AF_INET)
		memcpy(a.addr, &((const struct sockaddr_in *)(const void *)sa)->sin_addr, 4);
	else
		memcpy(a.addr, &((const struct sockaddr_in6 *)(const void *)sa)->sin6_addr, 16);
	if (netguard_local_has(l, a.family, a.addr))
		return 0;
	if (l->n >= NETGUARD_LOCAL_MAX)
		return -1;
	l->a[l->n++] = a;
	return 0;
}

int
netguard_local_load(struct netguard_local *l)
{
	struct ifaddrs *all = NULL, *i;
	int rc = 0;

	memset(l, 0, sizeof(*l));
	if (getifaddrs(&all) != 0)
		return -1;
	for (i = all; i != NULL && rc == 0; i = i->ifa_next) {
		if (i->ifa_addr == NULL)
			continue;
		if (i->ifa_addr->sa_family == AF_INET)
			rc = netguard_local_add(l, i->ifa_addr, sizeof(struct sockaddr_in));
		else if (i->ifa_addr->sa_family == AF_INET6)
			rc = netguard_local_add(l, i->ifa_addr, sizeof(struct sockaddr_in6));
	}
	freeifaddrs(all);
	return rc;
}
