/*
 * netguard: the SSRF defence of outgoing webhook deliveries. A webhook URL
 * is the one place a client names a host the service then connects to, so
 * before an endpoint is registered, and again before every delivery, the
 * URL is parsed with libcurl's own URL parser (what is checked is what curl
 * will fetch), its host is resolved, and EVERY address it resolves to must
 * be a public one: every range of IANA's IPv4 and IPv6 Special-Purpose
 * Address Registries that is not globally reachable (loopback, private,
 * CGNAT, link-local (cloud metadata), documentation, benchmarking...) and
 * a few more (multicast, site-local) are refused, as is an IPv6 address
 * that embeds such an IPv4 address, and an address of this host's own
 * interfaces; the port must be one of the allowed ones (443 and 80 unless
 * configured). The delivery is then pinned to the checked
 * addresses (CURLOPT_RESOLVE, so curl does not ask DNS again and get a
 * different answer: DNS rebinding), and a CURLOPT_OPENSOCKETFUNCTION
 * callback re-checks the very sockaddr curl is about to connect to, so a
 * redirect, a proxy or a resolve entry curl did not take cannot reach an
 * address that was not checked: anything else fails closed.
 *
 * Loopback (127/8, ::1, and their IPv6 forms) is refused too, unless
 * allow_loopback (webhooks.allow_loopback, the sandbox's only): then a
 * loopback address is allowed, on ANY port, and is never refused as
 * one of this host's own. A URL whose host has an address that is not
 * loopback is held to the allowed ports whatever allow_loopback says.
 *
 * Reasons (why) are short and safe to show the client who sent the URL;
 * nothing here logs except netguard_opensocket, which logs what it refuses.
 */
#ifndef CEDIRAMP_NETGUARD_H
#define CEDIRAMP_NETGUARD_H

#include <stddef.h>
#include <sys/socket.h>
#include <curl/curl.h>

#include "core/portlist.h"

#define NETGUARD_URL_MAX 2048
#define NETGUARD_PIN_MAX 8
#define NETGUARD_LOCAL_MAX 64

struct netguard_url {
	int https;      /* 1 https, 0 http */
	char host[256]; /* as curl's URL parser normalised it (127.1 reads
	                   127.0.0.1); IPv6 literals without brackets */
	unsigned port;  /* explicit or the scheme's default, 1..65535 */
};

/*
 * Parses url (NUL-terminated, at most NETGUARD_URL_MAX bytes) with
 * libcurl's URL API (curl_url): scheme http or https only (http only when
 * allow_http), written as "scheme://" and a host; no user or password
 * (not even an empty "@"), no fragment (not even an empty "#"), no IPv6
 * zone id, no port 0; only printable ASCII without spaces or backslashes
 * (a control byte, a space, a byte above 0x7e or '\' is refused: an
 * international host name must come as punycode). Fills out and returns
 * 0, or returns -1 with a short client-safe reason in why (e.g. "must be
 * https"); why may be NULL.
 */
int netguard_parse_url(const char *url, int allow_http, struct netguard_url *out,
    char *why, size_t whycap);

/*
 * This host's own addresses: those of its interfaces that the ranges do
 * not already refuse (its public ones), so that a delivery never reaches
 * the service itself. netguard_local_load fills it from getifaddrs.
 */
struct netguard_local {
	size_t n;
	struct netguard_local_addr {
		int family;             /* AF_INET or AF_INET6 */
		unsigned char addr[16]; /* 4 or 16 bytes, network order */
	} a[NETGUARD_LOCAL_MAX];
};

/*
 * Adds the address of sa (len bytes) to l when it is an IPv4 or IPv6
 * address the ranges allow (with allow_loopback off) and l does not hold
 * it yet; any other address needs no entry and is skipped. 0, or -1 when
 * l is full (l is left as it was).
 */
int netguard_local_add(struct netguard_local *l, const struct sockaddr *sa,
    socklen_t len);

/*
 * Fills l (zeroed first) with the addresses of this host's interfaces
 * (getifaddrs), through netguard_local_add. 0, or -1 when getifaddrs
 * fails or more than NETGUARD_LOCAL_MAX addresses would be kept: the
 * caller must then fail closed (deliver nothing).
 */
int netguard_local_load(struct netguard_local *l);

/*
 * 1 when a connection to sa (len bytes) may be made, 0 when refused (why
 * names the range and the address, e.g. "private address 10.0.0.1";
 * why may be NULL). The one function that decides an address (the port
 * is netguard_resolve's): refused are the ranges of the table in
 * netguard_addr.c (docs/webhooks.md lists them): every range of IANA's
 * IPv4 and IPv6 Special-Purpose Address Registries that is not globally
 * reachable, a few globally reachable ones no receiver can be in, and
 * multicast, 240/4 and fec0::/10; loopback (127/8, ::1) only when not
 * allow_loopback. For IPv4-mapped ::ffff:0:0/96, IPv4-translated
 * ::ffff:0:0:0/96, IPv4-compatible ::/96, NAT64 64:ff9b::/96 and 6to4
 * 2002::/16 the embedded IPv4 address is judged by the IPv4 rules. Then,
 * when local is not NULL, an address in it (or an IPv6 address whose
 * embedded IPv4 address is in it) is refused as "this host's own"; a
 * loopback address allowed by allow_loopback never is. Any other
 * family, a NULL sa or a len too short for its family is refused.
 */
int netguard_addr_allowed(const struct sockaddr *sa, socklen_t len,
    int allow_loopback, const struct netguard_local *local, char *why,
    size_t whycap);

/* What a URL and its addresses are held to (all borrowed). */
struct netguard_policy {
	int allow_http;     /* http:// as well as https:// */
	int allow_loopback; /* loopback addresses, on any port (sandbox) */
	const struct port_list *ports;      /* the ports a URL may name; NULL:
	                                       443 and 80 */
	const struct netguard_local *local; /* refused; NULL: none checked */
};

/* The addresses a URL was checked against, for pinning. */
struct netguard_pin {
	char resolve[600]; /* "host:port:addr1,addr2" for CURLOPT_RESOLVE;
	                      IPv6 addresses in [brackets], and an IPv6
	                      literal host too: "[::1]:9000:[::1]" */
	struct sockaddr_storage addr[NETGUARD_PIN_MAX]; /* port set */
	socklen_t len[NETGUARD_PIN_MAX];
	size_t n;
	int allow_loopback;
	const struct netguard_local *local; /* borrowed from the policy */
};

/*
 * Resolves u->host with getaddrinfo (AF_UNSPEC, SOCK_STREAM; numeric
 * literals included: getaddrinfo also reads forms like 127.1 or
 * 2130706433, so every spelling ends up judged), checks every address
 * with netguard_addr_allowed under policy p, then the port: it must be
 * in p->ports, unless p->allow_loopback and every address is a loopback
 * one. Returns 0 with pin filled (at most NETGUARD_PIN_MAX addresses
 * kept, in getaddrinfo's order, duplicates removed; pin->local is
 * p->local) when there is at least one address and all are allowed; -1
 * with why otherwise: "does not resolve", or for a literal host the
 * refused address's reason, or for a name "resolves to a refused address
 * (private)" (the range only: the address a name resolves to is not
 * echoed, so the check cannot be used to read the service's internal
 * DNS), or "port 8080 refused (allowed: 443, 80)". pin is zeroed first;
 * why may be NULL.
 */
int netguard_resolve(const struct netguard_url *u, const struct netguard_policy *p,
    struct netguard_pin *pin, char *why, size_t whycap);

/* netguard_parse_url (http when p->allow_http) then netguard_resolve
 * (registration uses it). */
int netguard_check_url(const char *url, const struct netguard_policy *p,
    struct netguard_pin *pin, char *why, size_t whycap);

/*
 * A CURLOPT_OPENSOCKETFUNCTION callback; clientp is a struct netguard_pin
 * (borrowed, alive for the whole transfer). It opens the socket
 * (close-on-exec) only when purpose is CURLSOCKTYPE_IPCXN, the address
 * curl chose is one of pin's (same family, address bytes and port) AND
 * netguard_addr_allowed (pin's allow_loopback and local) still says yes;
 * else it logs a warning and returns CURL_SOCKET_BAD (curl then fails the
 * connect).
 */
curl_socket_t netguard_opensocket(void *clientp, curlsocktype purpose,
    struct curl_sockaddr *address);

/*
 * Pins handle h to pin: CURLOPT_OPENSOCKETFUNCTION netguard_opensocket
 * with pin as its data, no proxy (CURLOPT_PROXY "": a proxy from the
 * environment would be refused by the callback anyway), and
 * CURLOPT_RESOLVE with pin->resolve in a new list stored in *list, which
 * the caller frees with curl_slist_free_all after the transfer. libcurl
 * before 8.13.0 cannot parse an IPv6 literal as the host of a resolve
 * entry (the whole transfer would fail), and curl never asks DNS for a
 * literal, so for an IPv6 literal host on such a libcurl no resolve entry
 * is set (*list stays NULL) and the callback alone guards. pin is
 * borrowed and must outlive the transfer. 0, or -1 (on low memory or a
 * refused option; whatever *list holds must still be freed).
 */
int netguard_curl_pin(CURL *h, struct netguard_pin *pin, struct curl_slist **list);

#endif
