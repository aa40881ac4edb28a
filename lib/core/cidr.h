/*
 * cidr: lists of addresses and networks (IPv4 and IPv6, "10.0.0.1",
 * "10.0.0.0/8", "::1", "fd00::/8"), for the settings that trust or allow
 * a client by its address (http.trusted_proxies,
 * providers.momo.callback_allow). No I/O.
 */
#ifndef CEDIRAMP_CIDR_H
#define CEDIRAMP_CIDR_H

#include <stddef.h>

#define CIDR_MAX 16 /* networks in one list */

struct cidr {
	int family;               /* 4 or 6 */
	unsigned char addr[16];   /* network bytes, host bits cleared */
	unsigned prefix;          /* 0..32 or 0..128 */
};

struct cidr_list {
	size_t n;
	struct cidr nets[CIDR_MAX];
};

/*
 * Parses s[0..n): networks separated by commas and/or spaces (an empty
 * text is the empty list). A bare address is its /32 or /128; host bits
 * set below the prefix are refused (10.0.0.1/8 is a mistake, not 10/8).
 * Returns 0, or -1 with why (a static reason) and list untouched.
 */
int cidr_list_parse(const char *s, size_t n, struct cidr_list *list, const char **why);

/* 1 when the textual address addr (as REMOTE_ADDR carries it; an
 * IPv4-mapped IPv6 address counts as its IPv4) is in one of list's
 * networks, else 0 (also for NULL or an unparsable addr). */
int cidr_list_has(const struct cidr_list *list, const char *addr);

#endif
