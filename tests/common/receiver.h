/*
 * receiver: a local HTTP endpoint that webhook integration tests point the
 * sender at. It listens on 127.0.0.1 on a port the kernel picks and serves
 * from a background thread, one detached thread per connection, so a sender
 * with many connections in flight (libcurl multi, ~50 at once) is answered
 * concurrently. Each connection carries one HTTP/1.1 request (headers up to
 * 16 KiB, a body by Content-Length up to 1 MiB; chunked bodies are refused
 * with 400): the receiver records it, optionally waits, answers with the
 * scripted status and `Connection: close`, and closes; or, with
 * rcv_keep_alive, keeps the connection for the client's next request, as
 * most real receivers do. A test then reads the recorded hits back, or
 * saves them for tests/webhooks/verify.mjs, which checks their signatures
 * with the reference libraries.
 *
 * Refused requests (malformed, too large, chunked, cut short) are answered
 * with 400, 413 or 431 when possible, said on stderr, and not recorded.
 */
#ifndef CEDIRAMP_RECEIVER_H
#define CEDIRAMP_RECEIVER_H

#include <stddef.h>

/* The most header bytes (request line and header lines) one request may have. */
#define RCV_HEADERS_MAX (16 * 1024)
/* The largest body one request may have. */
#define RCV_BODY_MAX (1024 * 1024)

/* One recorded request. */
struct rcv_hit {
	char method[8];
	char path[256];
	char *headers; /* raw header lines, "Name: value\r\n" each, NUL-terminated */
	char *body;    /* NUL-terminated copy of the body (may hold NULs: see blen) */
	size_t blen;   /* the body's length in bytes */
	double at;     /* CLOCK_REALTIME seconds when the request was fully read */
	int status;    /* the status it was answered with */
};

struct receiver;

/*
 * Starts a receiver on 127.0.0.1 and an ephemeral port, answering every
 * request with 200 and no delay. Returns it (the caller owns it: end it with
 * rcv_stop), or NULL when a socket, a lock or the thread could not be had
 * (said on stderr).
 */
struct receiver *rcv_start(void);

/* The TCP port r listens on. */
int rcv_port(const struct receiver *r);

/* A scripted "status" that answers nothing: the request is read and
 * recorded, then the connection is closed (a server that died after
 * reading it). */
#define RCV_DROP 1
/* A scripted "status" for a server that died whole after reading the
 * request: it is recorded, the receiver stops listening (a new connection
 * is refused from then on), then the connection is closed unanswered. */
#define RCV_DIE 2

/*
 * Answers the next n requests with statuses[0..n-1] in order, then every
 * later one with then (the default script is: always 200). statuses is
 * copied. A status outside 200..599 (but RCV_DROP, RCV_DIE) is answered as 500
 * (said on stderr); when the copy cannot be allocated the previous script
 * stays (said on stderr).
 */
void rcv_script(struct receiver *r, const int *statuses, size_t n, int then);

/*
 * Makes r sleep ms milliseconds (0 or less: none) between reading a request
 * and answering it, to keep requests in flight. rcv_stop cuts a sleep short.
 */
void rcv_set_delay_ms(struct receiver *r, int ms);

/*
 * With on, answers without `Connection: close` and serves the client's
 * next request on the same connection (an HTTP/1.1 one, until the client
 * closes or is idle for 10 s); off (the default), one request a
 * connection. rcv_reset turns it off.
 */
void rcv_keep_alive(struct receiver *r, int on);

/* How many connections r has accepted since it started. */
size_t rcv_connections(struct receiver *r);

/* How many requests r has recorded. */
size_t rcv_count(struct receiver *r);

/*
 * A deep copy of hit i (in arrival order) into out, which the caller frees
 * with rcv_hit_free. Returns 0, or -1 (out zeroed) when i is out of range or
 * memory runs out.
 */
int rcv_get(struct receiver *r, size_t i, struct rcv_hit *out);

/* Frees what rcv_get copied into h (h itself is the caller's); NULL is fine. */
void rcv_hit_free(struct rcv_hit *h);

/*
 * The value of the first header of h named name (case-insensitive), without
 * leading and trailing spaces and tabs, copied into buf (cap bytes,
 * NUL-terminated). Returns buf, or NULL when there is no such header or its
 * value does not fit.
 */
const char *rcv_header(const struct rcv_hit *h, const char *name, char *buf,
    size_t cap);

/*
 * Waits until r has recorded at least n requests or timeout_ms milliseconds
 * have passed (times tu_slow(): longer in a sanitizer build). Returns the
 * count then (compare it with n).
 */
size_t rcv_wait(struct receiver *r, size_t n, int timeout_ms);

/*
 * Forgets every recorded request and resets the script to always-200, the
 * delay to 0 and keep-alive to off. A request already being read when this runs is recorded after.
 */
void rcv_reset(struct receiver *r);

/*
 * Writes each hit i to dir/hit-<i>.json (dir must exist) as
 * {"headers": {lower-case name: value, ...}, "body": "<raw body>",
 * "secret": secret, "kind": kind}; a header sent more than once has its
 * values joined with ", ". kind is "partner" or "wallet", for the verifier.
 * Returns the number written, or -1 when a hit could not be turned into JSON
 * (a body or header that is not UTF-8) or a file could not be written (said
 * on stderr; files written before stay).
 */
int rcv_save(struct receiver *r, const char *dir, const char *secret,
    const char *kind);

/*
 * Stops accepting, cuts delays short, waits until every connection thread
 * has finished, closes the socket and frees r. NULL is fine.
 */
void rcv_stop(struct receiver *r);

#endif
