/*
 * netguard: the SSRF defence of outgoing webhook deliveries. A webhook URL
 * is the one place a client names a host the service then connects to, so
 * before an endpoint is registered, and again before every delivery, the
 * URL is parsed with libcurl's own URL parser (what is checked is what curl
 * will fetch), its host is resolved, and EVERY address it resolves to must
 * be a public one: loopback, private, CGNAT, link-local (cloud metadata),
 * multicast and reserved ranges are refused, as is an IPv6 address that
 * embeds such an IPv4 address. The delivery is then pinned to the checked
 * addresses (CURLOPT_RESOLVE, so curl does not ask DNS again and get a
 * different answer: DNS rebinding), and a CURLOPT_OPENSOCKETFUNCTION
 * callback re-checks the very sockaddr curl is about to connect to, so a
 * redirect, a proxy or a resolve entry curl did not take cannot reach an
 * address that was not checked: anything else fails closed.
 *
 * Reasons (why) are short and safe to show the client who sent the URL;
 * nothing here logs except netguard_opensocket, which logs what it refuses.
 */
#ifndef CEDIRAMP_NETGUARD_H
#define CEDIRAMP_NETGUARD_H

#include <stddef.h>
#include <sys/socket.h>
#include <curl/curl.h>

#define NETGUARD_URL_MAX 2048
#define NETGUARD_PIN_MAX 8

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
 * 1 when a connection to sa (len bytes) may be made, 0 when refused (why
 * names the range and the address, e.g. "private address 10.0.0.1";
 * why may be NULL). Refused:
 * IPv4 0.0.0.0/8, 10/8, 100.64/10 (CGNAT), 127/8 (loopback: allowed only
 * when allow_loopback), 169.254/16, 172.16/12, 192.168/16, 224/4
 * multicast, 240/4 reserved including 255.255.255.255 broadcast.
 * IPv6 :: (unspecified), ::1 (loopback: allowed only when allow_loopback),
 * fc00::/7, fe80::/10, fec0::/10, ff00::/8 and the local-use NAT64 prefix
 * 64:ff9b:1::/48; for IPv4-mapped ::ffff:a.b.c.d, IPv4-translated
 * ::ffff:0:a.b.c.d, IPv4-compatible ::a.b.c.d, NAT64 64:ff9b::/96 and 6to4
 * 2002::/16 the embedded IPv4 address is judged by the IPv4 rules. Any
 * other family, a NULL sa or a len too short for its family is refused.
 */
int netguard_addr_allowed(const struct sockaddr *sa, socklen_t len,
    int allow_loopback, char *why, size_t whycap);

/* The addresses a URL was checked against, for pinning. */
struct netguard_pin {
	char resolve[600]; /* "host:port:addr1,addr2" for CURLOPT_RESOLVE;
	                      IPv6 addresses in [brackets], and an IPv6
	                      literal host too: "[::1]:9000:[::1]" */
	struct sockaddr_storage addr[NETGUARD_PIN_MAX]; /* port set */
	socklen_t len[NETGUARD_PIN_MAX];
	size_t n;
	int allow_loopback;
};

/*
 * Resolves u->host with getaddrinfo (AF_UNSPEC, SOCK_STREAM; numeric
 * literals included: getaddrinfo also reads forms like 127.1 or
 * 2130706433, so every spelling ends up judged) and checks every address.
 * Returns 0 with pin filled (at most NETGUARD_PIN_MAX addresses kept, in
 * getaddrinfo's order, duplicates removed) when there is at least one
 * address and all are allowed; -1 with why otherwise: "does not resolve",
 * or for a literal host the refused address's reason, or for a name
 * "resolves to a private address" (the range only: the address a name
 * resolves to is not echoed, so the check cannot be used to read the
 * service's internal DNS). pin is zeroed first; why may be NULL.
 */
int netguard_resolve(const struct netguard_url *u, int allow_loopback,
    struct netguard_pin *pin, char *why, size_t whycap);

/* netguard_parse_url then netguard_resolve (registration uses it). */
int netguard_check_url(const char *url, int allow_http, int allow_loopback,
    struct netguard_pin *pin, char *why, size_t whycap);

/*
 * A CURLOPT_OPENSOCKETFUNCTION callback; clientp is a struct netguard_pin
 * (borrowed, alive for the whole transfer). It opens the socket
 * (close-on-exec) only when purpose is CURLSOCKTYPE_IPCXN, the address
 * curl chose is one of pin's (same family, address bytes and port) AND
 * netguard_addr_allowed still says yes; else it logs a warning and
 * returns CURL_SOCKET_BAD (curl then fails the connect).
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
