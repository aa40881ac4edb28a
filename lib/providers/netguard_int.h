/*
 * netguard's internals shared by netguard.c (URLs, resolving, pinning)
 * and netguard_addr.c (the address rules). Not for other modules.
 */
#ifndef CEDIRAMP_NETGUARD_INT_H
#define CEDIRAMP_NETGUARD_INT_H

#include <netinet/in.h>
#include <stddef.h>
#include <sys/socket.h>

#include "providers/netguard.h"

/* The judgement of one address, before it is worded. */
struct netguard_verdict {
	const char *kind;             /* NULL: allowed; else the range's name */
	int loopback;                 /* the address (or the IPv4 address it
	                                 embeds) is a loopback one */
	char addr[INET6_ADDRSTRLEN];  /* the address judged, as text */
	char outer[INET6_ADDRSTRLEN]; /* "" or the IPv6 address embedding it */
};

/*
 * Judges sa (len bytes) into v under allow_loopback and local (NULL:
 * none), as netguard_addr_allowed says. Returns 0 for an IPv4 or IPv6
 * address (v->kind says whether it is refused), -1 for anything else.
 */
int netguard_judge(const struct sockaddr *sa, socklen_t len, int allow_loopback,
    const struct netguard_local *local, struct netguard_verdict *v);

/* Writes a formatted reason into why (cap bytes) when there is room. */
void netguard_say(char *why, size_t cap, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
