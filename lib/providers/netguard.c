#include "providers/netguard.h"

#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/log.h"
#include "providers/netguard_int.h"
#include "core/strict.h"

/* libcurl 8.13.0 is the first to parse "[v6]:port:..." resolve entries. */
#define NETGUARD_CURL_V6_RESOLVE 0x080d00

/*
 * 1 when url[0..) begins with scheme (any case), "://" and a character
 * that starts a host: curl's parser also takes "http:/h" and "http:///h"
 * as host h, a spelling nobody writes on purpose.
 */
static int
netguard_has_authority(const char *url, const char *scheme)
{
	size_t n = strlen(scheme);

	if (strlen(url) < n + 4 || !strict_ieq(url, n, scheme))
		return 0;
	return url[n] == ':' && url[n + 1] == '/' && url[n + 2] == '/' &&
	    url[n + 3] != '/';
}

int
netguard_parse_url(const char *url, int allow_http, struct netguard_url *out,
    char *why, size_t whycap)
{
	CURLU *h = NULL;
	char *scheme = NULL, *host = NULL, *port = NULL, *part = NULL;
	unsigned long long portnum;
	size_t n, i;
	int rc = -1;

	memset(out, 0, sizeof(*out));
	if (url == NULL || url[0] == '\0') {
		netguard_say(why, whycap, "missing URL");
		return -1;
	}
	if ((n = strnlen(url, NETGUARD_URL_MAX + 1)) > NETGUARD_URL_MAX) {
		netguard_say(why, whycap, "URL longer than %d bytes", NETGUARD_URL_MAX);
		return -1;
	}
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)url[i];

		if (c <= 0x20 || c >= 0x7f) {
			netguard_say(why, whycap,
			    "URL has a space, a control or a non-ASCII byte");
			return -1;
		}
		if (c == '\\') {
			netguard_say(why, whycap, "URL has a backslash");
			return -1;
		}
		if (c == '#') {
			netguard_say(why, whycap, "URL must not have a fragment");
			return -1;
		}
	}
	if ((h = curl_url()) == NULL) {
		netguard_say(why, whycap, "out of memory");
		return -1;
	}
	if (curl_url_set(h, CURLUPART_URL, url, 0) != CURLUE_OK) {
		netguard_say(why, whycap, "not a valid URL");
		goto out;
	}
	if (curl_url_get(h, CURLUPART_SCHEME, &scheme, 0) != CURLUE_OK) {
		netguard_say(why, whycap, "URL has no scheme");
		goto out;
	}
	if (strcmp(scheme, "https") == 0)
		out->https = 1;
	else if (strcmp(scheme, "http") != 0 || !allow_http) {
		netguard_say(why, whycap, allow_http ? "must be http or https" :
		    "must be https");
		goto out;
	}
	if (!netguard_has_authority(url, scheme)) {
		netguard_say(why, whycap, "URL must be %s:// and a host", scheme);
		goto out;
	}
	/* Present at all (even empty, "http://@h/") is refused. */
	if (curl_url_get(h, CURLUPART_USER, &part, 0) == CURLUE_OK ||
	    curl_url_get(h, CURLUPART_PASSWORD, &part, 0) == CURLUE_OK ||
	    curl_url_get(h, CURLUPART_OPTIONS, &part, 0) == CURLUE_OK) {
		netguard_say(why, whycap, "URL must not carry credentials");
		goto out;
	}
	if (curl_url_get(h, CURLUPART_FRAGMENT, &part, 0) == CURLUE_OK) {
		netguard_say(why, whycap, "URL must not have a fragment");
		goto out;
	}
	if (curl_url_get(h, CURLUPART_ZONEID, &part, 0) == CURLUE_OK) {
		netguard_say(why, whycap, "URL must not have an IPv6 zone id");
		goto out;
	}
	if (curl_url_get(h, CURLUPART_HOST, &host, 0) != CURLUE_OK ||
	    host[0] == '\0') {
		netguard_say(why, whycap, "URL has no host");
		goto out;
	}
	n = strlen(host);
	if (host[0] == '[') {
		/* An IPv6 literal: kept without its brackets. */
		if (n < 3 || host[n - 1] != ']' || n - 2 >= sizeof(out->host)) {
			netguard_say(why, whycap, "bad IPv6 host");
			goto out;
		}
		memcpy(out->host, host + 1, n - 2);
		out->host[n - 2] = '\0';
	} else if (strict_copy(out->host, sizeof(out->host), host) != 0) {
		netguard_say(why, whycap, "host name too long");
		goto out;
	}
	if (curl_url_get(h, CURLUPART_PORT, &port, CURLU_DEFAULT_PORT) != CURLUE_OK ||
	    strict_uint(port, strlen(port), 65535, &portnum) != 0 || portnum == 0) {
		netguard_say(why, whycap, "bad port");
		goto out;
	}
	out->port = (unsigned)portnum;
	rc = 0;
out:
	curl_free(part);
	curl_free(port);
	curl_free(host);
	curl_free(scheme);
	curl_url_cleanup(h);
	if (rc != 0)
		memset(out, 0, sizeof(*out));
	return rc;
}

/* 1 when a and b hold the same address (ports aside). */
static int
netguard_same_addr(const struct sockaddr_storage *a,
    const struct sockaddr_storage *b)
{
	if (a->ss_family != b->ss_family)
		return 0;
	if (a->ss_family == AF_INET)
		return memcmp(&((const struct sockaddr_in *)(const void *)a)->sin_addr,
		    &((const struct sockaddr_in *)(const void *)b)->sin_addr,
		    sizeof(struct in_addr)) == 0;
	if (a->ss_family == AF_INET6)
		return memcmp(&((const struct sockaddr_in6 *)(const void *)a)->sin6_addr,
		    &((const struct sockaddr_in6 *)(const void *)b)->sin6_addr,
		    sizeof(struct in6_addr)) == 0;
	return 0;
}

/* The port of an AF_INET or AF_INET6 address, host order; 0 otherwise. */
static unsigned
netguard_port_of(const struct sockaddr_storage *s)
{
	if (s->ss_family == AF_INET)
		return ntohs(((const struct sockaddr_in *)(const void *)s)->sin_port);
	if (s->ss_family == AF_INET6)
		return ntohs(((const struct sockaddr_in6 *)(const void *)s)->sin6_port);
	return 0;
}

/*
 * Appends the formatted text to buf (cap bytes) at *off; -1 (buf cut,
 * still NUL-terminated) when it does not fit.
 */
static int
netguard_append(char *buf, size_t cap, size_t *off, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static int
netguard_append(char *buf, size_t cap, size_t *off, const char *fmt, ...)
{
	va_list ap;
	int w;

	if (*off >= cap)
		return -1;
	va_start(ap, fmt);
	w = vsnprintf(buf + *off, cap - *off, fmt, ap);
	va_end(ap);
	if (w < 0 || (size_t)w >= cap - *off)
		return -1;
	*off += (size_t)w;
	return 0;
}

/* Writes pin->resolve for host and port from pin's addresses; 0 or -1. */
static int
netguard_pin_text(struct netguard_pin *pin, const char *host, unsigned port)
{
	size_t off = 0, i;
	int v6host = strchr(host, ':') != NULL;

	if (netguard_append(pin->resolve, sizeof(pin->resolve), &off, "%s%s%s:%u:",
	    v6host ? "[" : "", host, v6host ? "]" : "", port) != 0)
		return -1;
	for (i = 0; i < pin->n; i++) {
		char text[INET6_ADDRSTRLEN];
		const struct sockaddr_storage *s = &pin->addr[i];
		const void *bytes = s->ss_family == AF_INET ?
		    (const void *)&((const struct sockaddr_in *)(const void *)s)->sin_addr :
		    (const void *)&((const struct sockaddr_in6 *)(const void *)s)->sin6_addr;

		if (inet_ntop(s->ss_family, bytes, text, sizeof(text)) == NULL)
			return -1;
		if (netguard_append(pin->resolve, sizeof(pin->resolve), &off,
		    s->ss_family == AF_INET6 ? "%s[%s]" : "%s%s", i ? "," : "",
		    text) != 0)
			return -1;
	}
	return 0;
}

/* The ports a URL may name when the policy gives none: webhooks.allowed_ports' default. */
static const struct port_list netguard_default_ports = { 2, { 443, 80 } };

int
netguard_resolve(const struct netguard_url *u, const struct netguard_policy *p,
    struct netguard_pin *pin, char *why, size_t whycap)
{
	struct addrinfo hints, *res = NULL, *ai;
	unsigned char probe[sizeof(struct in6_addr)];
	const struct port_list *ports;
	char service[8];
	int literal, gai, all_loopback = 1, rc = -1;

	memset(pin, 0, sizeof(*pin));
	if (p == NULL) {
		netguard_say(why, whycap, "no policy");
		return -1;
	}
	pin->allow_loopback = p->allow_loopback;
	ports = p->ports != NULL ? p->ports : &netguard_default_ports;
	if (u == NULL || u->host[0] == '\0' ||
	    strnlen(u->host, sizeof(u->host)) == sizeof(u->host)) {
		netguard_say(why, whycap, "no host");
		return -1;
	}
	if (u->port == 0 || u->port > 65535) {
		netguard_say(why, whycap, "bad port");
		return -1;
	}
	/*
	 * The address of a literal the client wrote may be echoed; the one a
	 * name resolves to is not (that would read out internal DNS).
	 */
	literal = inet_pton(AF_INET, u->host, probe) == 1 ||
	    inet_pton(AF_INET6, u->host, probe) == 1;
	snprintf(service, sizeof(service), "%u", u->port);
	memset(&hints, 0, sizeof(hints));
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_NUMERICSERV;
	if ((gai = getaddrinfo(u->host, service, &hints, &res)) != 0 || res == NULL) {
		netguard_say(why, whycap, gai == EAI_AGAIN ?
		    "does not resolve (temporary failure)" : "does not resolve");
		goto out;
	}
	for (ai = res; ai != NULL; ai = ai->ai_next) {
		struct netguard_verdict v;
		size_t i;

		if (ai->ai_addr == NULL ||
		    netguard_judge(ai->ai_addr, ai->ai_addrlen, p->allow_loopback,
		    p->local, &v) != 0) {
			netguard_say(why, whycap, "resolves to a non-IP address");
			goto out;
		}
		if (v.kind != NULL) {
			if (literal)
				netguard_addr_allowed(ai->ai_addr, ai->ai_addrlen,
				    p->allow_loopback, p->local, why, whycap);
			else
				netguard_say(why, whycap,
				    "resolves to a refused address (%s)", v.kind);
			goto out;
		}
		all_loopback = all_loopback && v.loopback;
		if (pin->n == NETGUARD_PIN_MAX ||
		    (size_t)ai->ai_addrlen > sizeof(pin->addr[0]))
			continue; /* still judged above; just not kept */
		memcpy(&pin->addr[pin->n], ai->ai_addr, ai->ai_addrlen);
		for (i = 0; i < pin->n; i++)
			if (netguard_same_addr(&pin->addr[i], &pin->addr[pin->n]))
				break;
		if (i < pin->n) {
			memset(&pin->addr[pin->n], 0, sizeof(pin->addr[0]));
			continue;
		}
		pin->len[pin->n++] = (socklen_t)ai->ai_addrlen;
	}
	if (pin->n == 0) {
		netguard_say(why, whycap, "does not resolve");
		goto out;
	}
	/*
	 * The port, once every address is known: a loopback receiver that
	 * allow_loopback lets through may listen on any port (the sandbox's
	 * test receivers take one the kernel picks); any other host is held
	 * to the allowed ports, so a URL cannot aim a POST at a mail, SSH or
	 * database port of a public host either.
	 */
	if (!port_list_has(ports, u->port) && !(p->allow_loopback && all_loopback)) {
		char list[PORT_LIST_MAX * 7 + 1];

		netguard_say(why, whycap, "port %u refused (allowed: %s)", u->port,
		    port_list_text(ports, list, sizeof(list)));
		goto out;
	}
	if (netguard_pin_text(pin, u->host, u->port) != 0) {
		netguard_say(why, whycap, "host name too long");
		goto out;
	}
	pin->local = p->local;
	rc = 0;
out:
	if (res != NULL)
		freeaddrinfo(res);
	if (rc != 0) {
		memset(pin, 0, sizeof(*pin));
		pin->allow_loopback = p->allow_loopback;
	}
	return rc;
}

int
netguard_check_url(const char *url, const struct netguard_policy *p,
    struct netguard_pin *pin, char *why, size_t whycap)
{
	struct netguard_url u;

	if (p == NULL || netguard_parse_url(url, p->allow_http, &u, why, whycap) != 0) {
		memset(pin, 0, sizeof(*pin));
		pin->allow_loopback = p != NULL && p->allow_loopback;
		if (p == NULL)
			netguard_say(why, whycap, "no policy");
		return -1;
	}
	return netguard_resolve(&u, p, pin, why, whycap);
}

curl_socket_t
netguard_opensocket(void *clientp, curlsocktype purpose,
    struct curl_sockaddr *address)
{
	const struct netguard_pin *pin = clientp;
	struct sockaddr_storage ss;
	char why[128];
	size_t i;
	int type;

	if (pin == NULL || address == NULL || purpose != CURLSOCKTYPE_IPCXN)
		return CURL_SOCKET_BAD;
	/*
	 * curl's addr member is declared a struct sockaddr but sits in room
	 * for any address (addrlen says how much): copy it out whole.
	 */
	if (address->addrlen < sizeof(struct sockaddr_in) ||
	    address->addrlen > sizeof(ss))
		return CURL_SOCKET_BAD;
	memset(&ss, 0, sizeof(ss));
	memcpy(&ss, (const unsigned char *)address +
	    offsetof(struct curl_sockaddr, addr), address->addrlen);
	if (ss.ss_family != address->family)
		return CURL_SOCKET_BAD;
	for (i = 0; i < pin->n && i < NETGUARD_PIN_MAX; i++)
		if (netguard_same_addr(&pin->addr[i], &ss) &&
		    netguard_port_of(&pin->addr[i]) == netguard_port_of(&ss))
			break;
	if (i == pin->n || i == NETGUARD_PIN_MAX) {
		struct netguard_verdict v;

		if (netguard_judge((const struct sockaddr *)&ss, address->addrlen,
		    pin->allow_loopback, pin->local, &v) != 0)
			strict_copy(v.addr, sizeof(v.addr), "?");
		log_event("warn", "netguard: refused a connection to %s port %u: "
		    "not among the checked addresses",
		    v.outer[0] != '\0' ? v.outer : v.addr, netguard_port_of(&ss));
		return CURL_SOCKET_BAD;
	}
	if (!netguard_addr_allowed((const struct sockaddr *)&ss, address->addrlen,
	    pin->allow_loopback, pin->local, why, sizeof(why))) {
		log_event("warn", "netguard: refused a connection to a %s", why);
		return CURL_SOCKET_BAD;
	}
	type = address->socktype;
#ifdef SOCK_CLOEXEC
	type |= SOCK_CLOEXEC;
#endif
	return socket(address->family, type, address->protocol);
}

int
netguard_curl_pin(CURL *h, struct netguard_pin *pin, struct curl_slist **list)
{
	const curl_version_info_data *vi;

	if (list == NULL)
		return -1;
	*list = NULL;
	if (h == NULL || pin == NULL || pin->n == 0 || pin->resolve[0] == '\0')
		return -1;
	if (curl_easy_setopt(h, CURLOPT_OPENSOCKETFUNCTION, netguard_opensocket) !=
	    CURLE_OK ||
	    curl_easy_setopt(h, CURLOPT_OPENSOCKETDATA, pin) != CURLE_OK ||
	    curl_easy_setopt(h, CURLOPT_PROXY, "") != CURLE_OK)
		return -1;
	vi = curl_version_info(CURLVERSION_NOW);
	if (pin->resolve[0] == '[' &&
	    (vi == NULL || vi->version_num < NETGUARD_CURL_V6_RESOLVE))
		return 0; /* an IPv6 literal: curl does not resolve it anyway */
	if ((*list = curl_slist_append(NULL, pin->resolve)) == NULL)
		return -1;
	if (curl_easy_setopt(h, CURLOPT_RESOLVE, *list) != CURLE_OK)
		return -1;
	return 0;
}
