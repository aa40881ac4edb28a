/* The local HTTP receiver of receiver.h. */
#define _GNU_SOURCE /* accept4 */
#include "receiver.h"

#include <sys/socket.h>
#include <sys/time.h>
#include <netinet/in.h>
#include <arpa/inet.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "testutil.h"

/* How long one connection may take to send its whole request. */
#define RCV_READ_MS 10000
/* How long a closing connection waits for the client to close first. */
#define RCV_LINGER_MS 1000
/* How often a waiting thread looks at the stop flag. */
#define RCV_TICK_MS 100
/* How long a send may block (the answer is small: only a stuck client). */
#define RCV_SEND_S 5

struct receiver {
	int lfd;              /* the listening socket */
	int port;
	pthread_t acceptor;
	pthread_attr_t detached;
	atomic_int stopping;  /* set once by rcv_stop */
	atomic_int dead;      /* set once by RCV_DIE: no longer listening */
	pthread_mutex_t mu;
	pthread_cond_t cv;    /* a hit was recorded, or a connection ended */
	/* The rest is under mu. */
	struct rcv_hit *hits; /* owned, with their headers and bodies */
	size_t nhits;
	size_t hcap;
	int *script;          /* owned; NULL when nscript is 0 */
	size_t nscript;
	size_t scripted;      /* how many of script were used */
	int then;
	int delay_ms;
	int keep_alive;       /* serve more than one request a connection */
	size_t conns;         /* connection threads not yet finished */
	size_t accepted;      /* connections accepted since the start */
};

/* What the acceptor hands a connection thread (which frees it). */
struct rcv_conn {
	struct receiver *r;
	int fd;
};

/* One request as read off a connection, before it is recorded. */
struct rcv_req {
	char buf[RCV_HEADERS_MAX];
	size_t len;           /* bytes in buf */
	size_t lines;         /* offset of the first header line */
	size_t hend;          /* offset just past the blank line */
	char method[8];
	char path[256];
	int http11;
	int has_length;
	size_t clen;
	int expect_continue;
};

/* Milliseconds on the monotonic clock. */
static long long
rcv_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int
rcv_stopping(struct receiver *r)
{
	return atomic_load(&r->stopping) != 0;
}

/* Sleeps ms milliseconds, less when r is being stopped. */
static void
rcv_sleep_ms(struct receiver *r, int ms)
{
	long long end = rcv_now_ms() + ms, left;
	struct timespec ts;

	while (!rcv_stopping(r) && (left = end - rcv_now_ms()) > 0) {
		if (left > RCV_TICK_MS)
			left = RCV_TICK_MS;
		ts.tv_sec = 0;
		ts.tv_nsec = (long)left * 1000000;
		nanosleep(&ts, NULL);
	}
}

/*
 * Reads what fd has, up to cap bytes, waiting until the monotonic deadline
 * (ms) at most. Returns the count, 0 at end of stream, -1 on an error, at
 * the deadline or when r is being stopped.
 */
static ssize_t
rcv_read(struct receiver *r, int fd, void *buf, size_t cap,
    long long deadline)
{
	struct pollfd p;
	long long left;
	ssize_t n;
	int rc;

	for (;;) {
		if (rcv_stopping(r) || (left = deadline - rcv_now_ms()) <= 0)
			return -1;
		p.fd = fd;
		p.events = POLLIN;
		p.revents = 0;
		rc = poll(&p, 1, left > RCV_TICK_MS ? RCV_TICK_MS : (int)left);
		if (rc < 0 && errno != EINTR)
			return -1;
		if (rc <= 0)
			continue;
		n = recv(fd, buf, cap, 0);
		if (n < 0 && (errno == EINTR || errno == EAGAIN ||
		    errno == EWOULDBLOCK))
			continue;
		return n;
	}
}

/* Sends all len bytes of buf. Returns 0, or -1 when the client is gone. */
static int
rcv_send_all(int fd, const char *buf, size_t len)
{
	ssize_t n;

	while (len > 0) {
		n = send(fd, buf, len, MSG_NOSIGNAL);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		buf += n;
		len -= (size_t)n;
	}
	return 0;
}

static const char *
rcv_reason(int status)
{
	static const struct {
		int status;
		const char *text;
	} t[] = {
		{ 200, "OK" }, { 201, "Created" }, { 202, "Accepted" },
		{ 204, "No Content" }, { 301, "Moved Permanently" },
		{ 302, "Found" }, { 304, "Not Modified" },
		{ 307, "Temporary Redirect" }, { 400, "Bad Request" },
		{ 401, "Unauthorized" }, { 403, "Forbidden" },
		{ 404, "Not Found" }, { 405, "Method Not Allowed" },
		{ 408, "Request Timeout" }, { 409, "Conflict" }, { 410, "Gone" },
		{ 413, "Content Too Large" }, { 422, "Unprocessable Content" },
		{ 429, "Too Many Requests" },
		{ 431, "Request Header Fields Too Large" },
		{ 500, "Internal Server Error" }, { 501, "Not Implemented" },
		{ 502, "Bad Gateway" }, { 503, "Service Unavailable" },
		{ 504, "Gateway Timeout" },
	};
	size_t i;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (t[i].status == status)
			return t[i].text;
	return "Status";
}

/*
 * Answers status with a one-line text body (none for 204 and 304, which
 * must not have one) and Connection: close, unless keep. Returns 0, or -1
 * when the client is gone.
 */
static int
rcv_respond(int fd, int status, int keep)
{
	const char *conn = keep ? "" : "Connection: close\r\n";
	char body[32], msg[256];
	int blen, mlen;

	if (status == 204 || status == 304)
		mlen = snprintf(msg, sizeof(msg), "HTTP/1.1 %d %s\r\n%s\r\n",
		    status, rcv_reason(status), conn);
	else {
		blen = snprintf(body, sizeof(body), "status %d\n", status);
		if (blen < 0 || (size_t)blen >= sizeof(body))
			return -1;
		mlen = snprintf(msg, sizeof(msg), "HTTP/1.1 %d %s\r\n"
		    "Content-Type: text/plain\r\n"
		    "Content-Length: %d\r\n"
		    "%s\r\n%s", status, rcv_reason(status), blen, conn, body);
	}
	if (mlen < 0 || (size_t)mlen >= sizeof(msg))
		return -1;
	return rcv_send_all(fd, msg, (size_t)mlen);
}

/* Whether c may be in a header name (RFC 9110 tchar). */
static int
rcv_is_tchar(unsigned char c)
{
	if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9'))
		return 1;
	return c != '\0' && strchr("!#$%&'*+-.^_`|~", c) != NULL;
}

/*
 * Parses a Content-Length value (s, len bytes, already trimmed): decimal
 * digits only, no sign, no leading zero unless it is "0". Returns 0 with
 * *out set, -1 when it is not such a number, -2 when it is above
 * RCV_BODY_MAX (checked digit by digit, so it never overflows).
 */
static int
rcv_parse_length(const char *s, size_t len, size_t *out)
{
	size_t i, v = 0;

	if (len == 0 || (len > 1 && s[0] == '0'))
		return -1;
	for (i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (size_t)(s[i] - '0');
		if (v > RCV_BODY_MAX)
			return -2;
	}
	*out = v;
	return 0;
}

/* Whether the len bytes at s equal the text t, ignoring ASCII case. */
static int
rcv_eq_ci(const char *s, size_t len, const char *t)
{
	return strlen(t) == len && strncasecmp(s, t, len) == 0;
}

/*
 * Reads one header line's parts at *p (a block of "Name: value\r\n" lines):
 * the name, and the value without surrounding spaces and tabs. Moves *p to
 * the next line. Returns 1, or 0 at the end of the block. A line without a
 * colon (not in a recorded hit) is skipped.
 */
static int
rcv_next_header(const char **p, const char **name, size_t *nlen,
    const char **val, size_t *vlen)
{
	const char *s, *eol, *colon, *v, *e;

	while (**p != '\0') {
		s = *p;
		if ((eol = strstr(s, "\r\n")) == NULL)
			eol = s + strlen(s);
		*p = *eol == '\0' ? eol : eol + 2;
		if ((colon = memchr(s, ':', (size_t)(eol - s))) == NULL)
			continue;
		for (v = colon + 1; v < eol && (*v == ' ' || *v == '\t'); v++)
			continue;
		for (e = eol; e > v && (e[-1] == ' ' || e[-1] == '\t'); e--)
			continue;
		*name = s;
		*nlen = (size_t)(colon - s);
		*val = v;
		*vlen = (size_t)(e - v);
		return 1;
	}
	return 0;
}

/*
 * Parses the request line and header lines of q (its buffer holds them up
 * to q->hend). Returns 0, or the status to refuse the request with.
 */
static int
rcv_parse_head(struct rcv_req *q)
{
	const char *b = q->buf, *eol, *sp, *s, *colon, *v, *e;
	size_t i, n;
	int rc;

	/* request line: METHOD SP target SP HTTP/1.x */
	for (eol = b; eol[0] != '\r' || eol[1] != '\n'; eol++)
		continue;
	for (sp = b; sp < eol && *sp != ' '; sp++)
		if (*sp < 'A' || *sp > 'Z')
			return 400;
	n = (size_t)(sp - b);
	if (n == 0 || n >= sizeof(q->method) || sp == eol)
		return 400;
	memcpy(q->method, b, n);
	q->method[n] = '\0';
	s = sp + 1;
	for (sp = s; sp < eol && *sp != ' '; sp++)
		if (*sp < 0x21 || *sp > 0x7e)
			return 400;
	n = (size_t)(sp - s);
	if (n == 0 || n >= sizeof(q->path) || sp == eol)
		return 400;
	memcpy(q->path, s, n);
	q->path[n] = '\0';
	s = sp + 1;
	/* the version is case-sensitive */
	if (eol - s != 8 || memcmp(s, "HTTP/1.", 7) != 0 ||
	    (s[7] != '0' && s[7] != '1'))
		return 400;
	q->http11 = s[7] == '1';
	q->lines = (size_t)(eol + 2 - b);

	/* header lines, up to the blank line */
	for (s = eol + 2; s < b + q->hend - 2; s = eol + 2) {
		for (eol = s; eol[0] != '\r' || eol[1] != '\n'; eol++)
			continue;
		/* no obsolete line folding, no space before the colon */
		for (colon = s; colon < eol && rcv_is_tchar((unsigned char)*colon);
		    colon++)
			continue;
		if (colon == s || colon == eol || *colon != ':')
			return 400;
		for (i = (size_t)(colon + 1 - b); i < (size_t)(eol - b); i++)
			if (((unsigned char)b[i] < 0x20 && b[i] != '\t') ||
			    b[i] == 0x7f)
				return 400;
		for (v = colon + 1; v < eol && (*v == ' ' || *v == '\t'); v++)
			continue;
		for (e = eol; e > v && (e[-1] == ' ' || e[-1] == '\t'); e--)
			continue;
		n = (size_t)(colon - s);
		if (rcv_eq_ci(s, n, "Content-Length")) {
			if (q->has_length)
				return 400;
			q->has_length = 1;
			if ((rc = rcv_parse_length(v, (size_t)(e - v), &q->clen)) != 0)
				return rc == -2 ? 413 : 400;
		} else if (rcv_eq_ci(s, n, "Transfer-Encoding"))
			return 400; /* chunked bodies are not needed */
		else if (rcv_eq_ci(s, n, "Expect"))
			q->expect_continue = rcv_eq_ci(v, (size_t)(e - v),
			    "100-continue");
	}
	return 0;
}

/*
 * Reads the head of a request into q until the blank line. Returns 0, the
 * status to refuse it with (431 when the head is too long), or -1 when the
 * client went away or took too long (nothing to answer).
 */
static int
rcv_read_head(struct receiver *r, int fd, struct rcv_req *q,
    long long deadline)
{
	size_t from, i;
	ssize_t n;

	for (;;) {
		if (q->len == sizeof(q->buf))
			return 431;
		if ((n = rcv_read(r, fd, q->buf + q->len, sizeof(q->buf) - q->len,
		    deadline)) <= 0)
			return -1;
		from = q->len >= 3 ? q->len - 3 : 0;
		q->len += (size_t)n;
		for (i = from; i + 4 <= q->len; i++)
			if (memcmp(q->buf + i, "\r\n\r\n", 4) == 0) {
				q->hend = i + 4;
				/* a head with a NUL in it is not HTTP */
				if (memchr(q->buf, '\0', q->hend) != NULL)
					return 400;
				return 0;
			}
	}
}

/*
 * Records the request of q with its body (ownership of body passes to r,
 * even on failure) and picks its status from the script. Returns the
 * status with *delay_ms set and *keep (whether the connection serves
 * another request), or -1 when memory ran out.
 */
static int
rcv_record(struct receiver *r, const struct rcv_req *q, char *body,
    int *delay_ms, int *keep)
{
	struct rcv_hit h, *grown;
	struct timespec ts;
	size_t hlen, ncap;

	memset(&h, 0, sizeof(h));
	clock_gettime(CLOCK_REALTIME, &ts);
	h.at = (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
	memcpy(h.method, q->method, sizeof(h.method));
	memcpy(h.path, q->path, sizeof(h.path));
	/* the header lines: after the request line, before the blank line */
	hlen = q->hend - 2 - q->lines;
	if ((h.headers = malloc(hlen + 1)) == NULL) {
		free(body);
		return -1;
	}
	memcpy(h.headers, q->buf + q->lines, hlen);
	h.headers[hlen] = '\0';
	h.body = body;
	h.blen = q->clen;

	pthread_mutex_lock(&r->mu);
	if (r->nhits == r->hcap) {
		ncap = r->hcap == 0 ? 64 : r->hcap * 2;
		if ((grown = realloc(r->hits, ncap * sizeof(*grown))) == NULL) {
			pthread_mutex_unlock(&r->mu);
			free(h.headers);
			free(body);
			return -1;
		}
		r->hits = grown;
		r->hcap = ncap;
	}
	if (r->scripted < r->nscript)
		h.status = r->script[r->scripted++];
	else
		h.status = r->then;
	r->hits[r->nhits++] = h;
	*delay_ms = r->delay_ms;
	*keep = r->keep_alive && q->http11;
	pthread_cond_broadcast(&r->cv);
	pthread_mutex_unlock(&r->mu);
	return h.status;
}

/*
 * Serves one request of connection fd: reads it, records it, waits the
 * delay and answers. Refused requests are answered when possible and said
 * on stderr. fd stays open (the caller closes it). Returns 1 when the
 * connection is to serve another request (keep-alive), else 0.
 */
static int
rcv_serve(struct receiver *r, int fd)
{
	static const char cont[] = "HTTP/1.1 100 Continue\r\n\r\n";
	long long deadline = rcv_now_ms() + RCV_READ_MS;
	struct rcv_req *q;
	char *body = NULL;
	size_t have;
	ssize_t n;
	int status, delay_ms = 0, keep = 0;

	if ((q = calloc(1, sizeof(*q))) == NULL) {
		fprintf(stderr, "receiver: out of memory\n");
		rcv_respond(fd, 500, 0);
		return 0;
	}
	if ((status = rcv_read_head(r, fd, q, deadline)) != 0 ||
	    (status = rcv_parse_head(q)) != 0)
		goto refuse;
	if ((body = malloc(q->clen + 1)) == NULL) {
		fprintf(stderr, "receiver: out of memory\n");
		status = 500;
		goto refuse;
	}
	/* what came with the head; anything past the body is ignored */
	have = q->len - q->hend;
	if (have > q->clen)
		have = q->clen;
	memcpy(body, q->buf + q->hend, have);
	/* libcurl waits up to a second for this before a body above 1 KiB */
	if (have < q->clen && q->expect_continue && q->http11 &&
	    rcv_send_all(fd, cont, sizeof(cont) - 1) != 0) {
		status = -1;
		goto refuse;
	}
	while (have < q->clen) {
		if ((n = rcv_read(r, fd, body + have, q->clen - have,
		    deadline)) <= 0) {
			status = -1;
			goto refuse;
		}
		have += (size_t)n;
	}
	body[q->clen] = '\0';
	status = rcv_record(r, q, body, &delay_ms, &keep);
	body = NULL; /* r owns it now */
	if (status < 0) {
		fprintf(stderr, "receiver: out of memory\n");
		status = 500;
		goto refuse;
	}
	free(q);
	if (status == RCV_DIE && !atomic_exchange(&r->dead, 1))
		shutdown(r->lfd, SHUT_RDWR); /* Linux: a connect is refused now */
	if (status == RCV_DROP || status == RCV_DIE)
		return 0; /* read, and no answer: the caller closes */
	if (delay_ms > 0)
		rcv_sleep_ms(r, delay_ms);
	if (rcv_stopping(r) || rcv_respond(fd, status, keep) != 0)
		return 0;
	return keep;

refuse:
	if (status == -1) {
		/* a client that connects and sends nothing is not worth a line */
		if (q->len > 0 && !rcv_stopping(r))
			fprintf(stderr, "receiver: a request was cut short or "
			    "timed out\n");
	} else {
		if (status != 500)
			fprintf(stderr, "receiver: refused a request with %d\n",
			    status);
		rcv_respond(fd, status, 0);
	}
	free(body);
	free(q);
	return 0;
}

/*
 * Closes fd after the client has read the answer: half-closes, then reads
 * until the client closes (or RCV_LINGER_MS), so that unread request bytes
 * do not make the kernel reset the connection over the answer.
 */
static void
rcv_close(struct receiver *r, int fd)
{
	long long deadline = rcv_now_ms() + RCV_LINGER_MS;
	char sink[4096];

	shutdown(fd, SHUT_WR);
	while (rcv_read(r, fd, sink, sizeof(sink), deadline) > 0)
		continue;
	close(fd);
}

/* A connection thread: serves one connection, then says it has ended. */
static void *
rcv_conn_main(void *arg)
{
	struct rcv_conn *c = arg;
	struct receiver *r = c->r;

	while (rcv_serve(r, c->fd) == 1)
		continue;
	rcv_close(r, c->fd);
	free(c);
	pthread_mutex_lock(&r->mu);
	r->conns--;
	pthread_cond_broadcast(&r->cv);
	/* r may be freed once this unlocks: nothing after touches it */
	pthread_mutex_unlock(&r->mu);
	return NULL;
}

/* Hands connection fd to a new detached thread, or closes it. */
static void
rcv_spawn(struct receiver *r, int fd)
{
	struct timeval tv = { RCV_SEND_S, 0 };
	struct rcv_conn *c;
	pthread_t t;

	(void)fcntl(fd, F_SETFD, FD_CLOEXEC);
	(void)setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
	if ((c = malloc(sizeof(*c))) == NULL) {
		fprintf(stderr, "receiver: out of memory\n");
		close(fd);
		return;
	}
	c->r = r;
	c->fd = fd;
	pthread_mutex_lock(&r->mu);
	r->conns++;
	r->accepted++;
	pthread_mutex_unlock(&r->mu);
	if (pthread_create(&t, &r->detached, rcv_conn_main, c) != 0) {
		fprintf(stderr, "receiver: no thread for a connection\n");
		close(fd);
		free(c);
		pthread_mutex_lock(&r->mu);
		r->conns--;
		pthread_cond_broadcast(&r->cv);
		pthread_mutex_unlock(&r->mu);
	}
}

/*
 * The accept loop: waits for connections RCV_TICK_MS at a time so that it
 * sees rcv_stop's flag, and hands each to rcv_spawn.
 */
static void *
rcv_accept_main(void *arg)
{
	struct receiver *r = arg;
	struct timespec nap = { 0, RCV_TICK_MS * 1000000L };
	struct pollfd p;
	int fd, rc;

	while (!rcv_stopping(r)) {
		if (atomic_load(&r->dead)) { /* RCV_DIE: wait for rcv_stop */
			nanosleep(&nap, NULL);
			continue;
		}
		p.fd = r->lfd;
		p.events = POLLIN;
		p.revents = 0;
		if ((rc = poll(&p, 1, RCV_TICK_MS)) < 0 && errno != EINTR) {
			fprintf(stderr, "receiver: poll: %s\n", strerror(errno));
			break;
		}
		if (rc <= 0)
			continue;
		if ((fd = accept4(r->lfd, NULL, NULL, SOCK_CLOEXEC)) >= 0) {
			rcv_spawn(r, fd);
			continue;
		}
		if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ||
		    errno == ECONNABORTED || atomic_load(&r->dead))
			continue;
		/* out of descriptors or memory: let connections end first */
		fprintf(stderr, "receiver: accept: %s\n", strerror(errno));
		nanosleep(&nap, NULL);
	}
	return NULL;
}

struct receiver *
rcv_start(void)
{
	struct receiver *r;
	struct sockaddr_in a;
	socklen_t alen = sizeof(a);
	pthread_condattr_t ca;
	int fl;

	if ((r = calloc(1, sizeof(*r))) == NULL) {
		fprintf(stderr, "receiver: out of memory\n");
		return NULL;
	}
	r->then = 200;
	atomic_init(&r->stopping, 0);
	atomic_init(&r->dead, 0);
	if ((r->lfd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0)) < 0) {
		fprintf(stderr, "receiver: socket: %s\n", strerror(errno));
		goto err_r;
	}
	memset(&a, 0, sizeof(a));
	a.sin_family = AF_INET;
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	a.sin_port = 0;
	if (fcntl(r->lfd, F_SETFD, FD_CLOEXEC) < 0 ||
	    (fl = fcntl(r->lfd, F_GETFL)) < 0 ||
	    fcntl(r->lfd, F_SETFL, fl | O_NONBLOCK) < 0 ||
	    bind(r->lfd, (struct sockaddr *)&a, sizeof(a)) < 0 ||
	    listen(r->lfd, SOMAXCONN) < 0 ||
	    getsockname(r->lfd, (struct sockaddr *)&a, &alen) < 0) {
		fprintf(stderr, "receiver: listen on 127.0.0.1: %s\n",
		    strerror(errno));
		goto err_sock;
	}
	r->port = ntohs(a.sin_port);
	if (pthread_condattr_init(&ca) != 0)
		goto err_sock;
	if (pthread_condattr_setclock(&ca, CLOCK_MONOTONIC) != 0 ||
	    pthread_cond_init(&r->cv, &ca) != 0) {
		pthread_condattr_destroy(&ca);
		goto err_sock;
	}
	pthread_condattr_destroy(&ca);
	if (pthread_mutex_init(&r->mu, NULL) != 0)
		goto err_cv;
	if (pthread_attr_init(&r->detached) != 0)
		goto err_mu;
	if (pthread_attr_setdetachstate(&r->detached,
	    PTHREAD_CREATE_DETACHED) != 0 ||
	    pthread_create(&r->acceptor, NULL, rcv_accept_main, r) != 0)
		goto err_attr;
	return r;

err_attr:
	pthread_attr_destroy(&r->detached);
err_mu:
	pthread_mutex_destroy(&r->mu);
err_cv:
	pthread_cond_destroy(&r->cv);
err_sock:
	close(r->lfd);
err_r:
	free(r);
	fprintf(stderr, "receiver: not started\n");
	return NULL;
}

int
rcv_port(const struct receiver *r)
{
	return r->port;
}

void
rcv_script(struct receiver *r, const int *statuses, size_t n, int then)
{
	int *copy = NULL;
	size_t i;

	if (n > 0 && (copy = malloc(n * sizeof(*copy))) == NULL) {
		fprintf(stderr, "receiver: out of memory: script unchanged\n");
		return;
	}
	for (i = 0; i < n; i++) {
		copy[i] = statuses[i];
		if ((copy[i] < 200 || copy[i] > 599) && copy[i] != RCV_DROP &&
		    copy[i] != RCV_DIE) {
			fprintf(stderr, "receiver: status %d answered as 500\n",
			    copy[i]);
			copy[i] = 500;
		}
	}
	if (then < 200 || then > 599) {
		fprintf(stderr, "receiver: status %d answered as 500\n", then);
		then = 500;
	}
	pthread_mutex_lock(&r->mu);
	free(r->script);
	r->script = copy;
	r->nscript = n;
	r->scripted = 0;
	r->then = then;
	pthread_mutex_unlock(&r->mu);
}

void
rcv_set_delay_ms(struct receiver *r, int ms)
{
	pthread_mutex_lock(&r->mu);
	r->delay_ms = ms > 0 ? ms : 0;
	pthread_mutex_unlock(&r->mu);
}

void
rcv_keep_alive(struct receiver *r, int on)
{
	pthread_mutex_lock(&r->mu);
	r->keep_alive = on != 0;
	pthread_mutex_unlock(&r->mu);
}

/* A counter of r (one of its fields), read under its lock. */
static size_t
rcv_counter(struct receiver *r, const size_t *field)
{
	size_t n;

	pthread_mutex_lock(&r->mu);
	n = *field;
	pthread_mutex_unlock(&r->mu);
	return n;
}

size_t
rcv_connections(struct receiver *r)
{
	return rcv_counter(r, &r->accepted);
}

size_t
rcv_count(struct receiver *r)
{
	return rcv_counter(r, &r->nhits);
}

int
rcv_get(struct receiver *r, size_t i, struct rcv_hit *out)
{
	const struct rcv_hit *h;

	memset(out, 0, sizeof(*out));
	pthread_mutex_lock(&r->mu);
	if (i >= r->nhits)
		goto err;
	h = &r->hits[i];
	*out = *h;
	out->headers = strdup(h->headers);
	if ((out->body = malloc(h->blen + 1)) != NULL) {
		memcpy(out->body, h->body, h->blen);
		out->body[h->blen] = '\0';
	}
	if (out->headers == NULL || out->body == NULL) {
		rcv_hit_free(out);
		goto err;
	}
	pthread_mutex_unlock(&r->mu);
	return 0;

err:
	pthread_mutex_unlock(&r->mu);
	memset(out, 0, sizeof(*out));
	return -1;
}

void
rcv_hit_free(struct rcv_hit *h)
{
	if (h == NULL)
		return;
	free(h->headers);
	free(h->body);
	h->headers = NULL;
	h->body = NULL;
	h->blen = 0;
}

const char *
rcv_header(const struct rcv_hit *h, const char *name, char *buf, size_t cap)
{
	const char *p = h->headers, *n, *v;
	size_t nlen, vlen;

	if (p == NULL)
		return NULL;
	while (rcv_next_header(&p, &n, &nlen, &v, &vlen))
		if (rcv_eq_ci(n, nlen, name)) {
			if (vlen >= cap)
				return NULL;
			memcpy(buf, v, vlen);
			buf[vlen] = '\0';
			return buf;
		}
	return NULL;
}

size_t
rcv_wait(struct receiver *r, size_t n, int timeout_ms)
{
	struct timespec end;
	size_t got;

	clock_gettime(CLOCK_MONOTONIC, &end);
	timeout_ms *= (int)tu_slow(); /* a sanitizer build is slower */
	if (timeout_ms > 0) {
		end.tv_sec += timeout_ms / 1000;
		end.tv_nsec += (long)(timeout_ms % 1000) * 1000000;
		if (end.tv_nsec >= 1000000000L) {
			end.tv_sec++;
			end.tv_nsec -= 1000000000L;
		}
	}
	pthread_mutex_lock(&r->mu);
	while (r->nhits < n)
		if (pthread_cond_timedwait(&r->cv, &r->mu, &end) == ETIMEDOUT)
			break;
	got = r->nhits;
	pthread_mutex_unlock(&r->mu);
	return got;
}

/* Frees every hit of r; the caller holds r->mu. */
static void
rcv_free_hits(struct receiver *r)
{
	size_t i;

	for (i = 0; i < r->nhits; i++)
		rcv_hit_free(&r->hits[i]);
	free(r->hits);
	r->hits = NULL;
	r->nhits = 0;
	r->hcap = 0;
}

void
rcv_reset(struct receiver *r)
{
	pthread_mutex_lock(&r->mu);
	rcv_free_hits(r);
	free(r->script);
	r->script = NULL;
	r->nscript = 0;
	r->scripted = 0;
	r->then = 200;
	r->delay_ms = 0;
	r->keep_alive = 0;
	pthread_mutex_unlock(&r->mu);
}

/*
 * The header lines of h as a JSON object, names in lower case, values of
 * a repeated name joined with ", ". New reference, or NULL when a name or
 * value is not UTF-8 or memory runs out.
 */
static json_t *
rcv_headers_json(const struct rcv_hit *h)
{
	const char *p = h->headers, *n, *v, *old;
	char *name = NULL, *joined = NULL;
	json_t *o, *s;
	size_t nlen, vlen, olen, i;

	if ((o = json_object()) == NULL)
		return NULL;
	while (rcv_next_header(&p, &n, &nlen, &v, &vlen)) {
		if ((name = malloc(nlen + 1)) == NULL)
			goto err;
		for (i = 0; i < nlen; i++)
			name[i] = (n[i] >= 'A' && n[i] <= 'Z') ?
			    (char)(n[i] - 'A' + 'a') : n[i];
		name[nlen] = '\0';
		if ((s = json_object_get(o, name)) != NULL) {
			old = json_string_value(s);
			olen = json_string_length(s);
			if ((joined = malloc(olen + 2 + vlen)) == NULL)
				goto err;
			memcpy(joined, old, olen);
			memcpy(joined + olen, ", ", 2);
			memcpy(joined + olen + 2, v, vlen);
			s = json_stringn(joined, olen + 2 + vlen);
			free(joined);
			joined = NULL;
		} else
			s = json_stringn(v, vlen);
		if (s == NULL || json_object_set_new(o, name, s) != 0)
			goto err;
		free(name);
		name = NULL;
	}
	return o;

err:
	free(name);
	json_decref(o);
	return NULL;
}

int
rcv_save(struct receiver *r, const char *dir, const char *secret,
    const char *kind)
{
	struct rcv_hit h;
	json_t *hdrs = NULL, *root = NULL;
	char path[4096];
	size_t i, n = rcv_count(r);
	int len;

	if (n > INT_MAX)
		return -1;
	for (i = 0; i < n; i++) {
		if (rcv_get(r, i, &h) != 0) {
			fprintf(stderr, "receiver: hit %zu could not be read\n", i);
			return -1;
		}
		len = snprintf(path, sizeof(path), "%s/hit-%zu.json", dir, i);
		if (len < 0 || (size_t)len >= sizeof(path)) {
			fprintf(stderr, "receiver: directory name too long\n");
			goto err;
		}
		/* "O" does not steal, so hdrs is freed here on every path */
		if ((hdrs = rcv_headers_json(&h)) == NULL ||
		    (root = json_pack("{s:O, s:s%, s:s, s:s}", "headers", hdrs,
		    "body", h.body, h.blen, "secret", secret, "kind", kind)) ==
		    NULL) {
			fprintf(stderr, "receiver: hit %zu is not UTF-8 text\n", i);
			goto err;
		}
		if (json_dump_file(root, path, JSON_INDENT(2) | JSON_SORT_KEYS) !=
		    0) {
			fprintf(stderr, "receiver: %s not written\n", path);
			goto err;
		}
		json_decref(root);
		json_decref(hdrs);
		root = hdrs = NULL;
		rcv_hit_free(&h);
	}
	return (int)n;

err:
	json_decref(root);
	json_decref(hdrs);
	rcv_hit_free(&h);
	return -1;
}

void
rcv_stop(struct receiver *r)
{
	if (r == NULL)
		return;
	atomic_store(&r->stopping, 1);
	pthread_join(r->acceptor, NULL);
	pthread_mutex_lock(&r->mu);
	while (r->conns > 0)
		pthread_cond_wait(&r->cv, &r->mu);
	rcv_free_hits(r);
	free(r->script);
	pthread_mutex_unlock(&r->mu);
	close(r->lfd);
	pthread_attr_destroy(&r->detached);
	pthread_cond_destroy(&r->cv);
	pthread_mutex_destroy(&r->mu);
	free(r);
}
