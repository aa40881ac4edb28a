#include "core/cidr.h"

#include <arpa/inet.h>
#include <string.h>

#include "core/strict.h"

/* The address text a[0..n) into out: 4 or 6, or 0 when it is neither. */
static int
addr_parse(const char *a, size_t n, unsigned char out[16])
{
	char text[INET6_ADDRSTRLEN + 1];

	if (n == 0 || n >= sizeof(text))
		return 0;
	memcpy(text, a, n);
	text[n] = '\0';
	if (inet_pton(AF_INET, text, out) == 1)
		return 4;
	if (inet_pton(AF_INET6, text, out) == 1)
		return 6;
	return 0;
}

/* Whether the first prefix bits of a and b agree. */
static int
prefix_match(const unsigned char *a, const unsigned char *b, unsigned prefix)
{
	unsigned whole = prefix / 8, rest = prefix % 8;

	if (memcmp(a, b, whole) != 0)
		return 0;
	if (rest == 0)
		return 1;
	return ((a[whole] ^ b[whole]) & (unsigned char)(0xFF << (8 - rest))) == 0;
}

/* One network, t[0..n) ("addr" or "addr/prefix"), into c: 0 or -1. */
static int
net_parse(const char *t, size_t n, struct cidr *c, const char **why)
{
	const char *slash = memchr(t, '/', n);
	size_t alen = slash ? (size_t)(slash - t) : n;
	unsigned long long p;
	unsigned max, i;

	memset(c, 0, sizeof(*c));
	if ((c->family = addr_parse(t, alen, c->addr)) == 0) {
		*why = "each entry must be an IPv4 or IPv6 address, with /PREFIX or not";
		return -1;
	}
	max = c->family == 4 ? 32 : 128;
	c->prefix = max;
	if (slash != NULL) {
		if (strict_uint(slash + 1, n - alen - 1, max, &p) != 0) {
			*why = "a prefix must be 0 to 32 (IPv4) or 0 to 128 (IPv6)";
			return -1;
		}
		c->prefix = (unsigned)p;
	}
	/* the bits below the prefix must be zero */
	for (i = 0; i < max / 8; i++) {
		unsigned bits = c->prefix > i * 8 ? c->prefix - i * 8 : 0;
		unsigned char keep = bits >= 8 ? 0xFF : (unsigned char)(0xFF << (8 - bits));

		if (bits == 0)
			keep = 0;
		if ((c->addr[i] & (unsigned char)~keep) != 0) {
			*why = "an address with bits set below its prefix (write the network)";
			return -1;
		}
	}
	return 0;
}

int
cidr_list_parse(const char *s, size_t n, struct cidr_list *list, const char **why)
{
	struct cidr_list l;
	size_t at = 0, start, len;

	memset(&l, 0, sizeof(l));
	while (strict_list_next(s, n, &at, &start, &len)) {
		if (l.n == CIDR_MAX) {
			*why = "too many networks (16 at most)";
			return -1;
		}
		if (net_parse(s + start, len, &l.nets[l.n], why) != 0)
			return -1;
		l.n++;
	}
	*list = l;
	return 0;
}

int
cidr_list_has(const struct cidr_list *list, const char *addr)
{
	static const unsigned char mapped[12] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF };
	unsigned char a[16];
	int family;
	size_t i;

	if (addr == NULL || (family = addr_parse(addr, strlen(addr), a)) == 0)
		return 0;
	if (family == 6 && memcmp(a, mapped, sizeof(mapped)) == 0) {
		memmove(a, a + 12, 4); /* ::ffff:a.b.c.d is a.b.c.d */
		family = 4;
	}
	for (i = 0; i < list->n; i++)
		if (list->nets[i].family == family &&
		    prefix_match(a, list->nets[i].addr, list->nets[i].prefix))
			return 1;
	return 0;
}
