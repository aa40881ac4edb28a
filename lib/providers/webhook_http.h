/*
 * webhook_http: the webhook sender, POSTs to receivers' URLs, many at once
 * (libcurl multi). The webhooks worker's queue, retry policy and records
 * are the domain's (domain/delivery.h); what goes over the network is
 * here, behind struct webhook_sender_ops, which the registry hands out:
 *
 * Each post: the URL is parsed and its host resolved again, every address
 * and the port checked (providers/netguard.h; this host's own addresses, read
 * once when the sender opens, are refused too), and any connection it
 * opens pinned to the addresses checked (CURLOPT_RESOLVE, and an
 * open-socket callback that refuses any other), so DNS rebinding cannot
 * move it; no redirect is followed, no proxy used, at most
 * WEBHOOK_READ_MAX bytes of the answer are read, and the post ends after
 * the sender's timeout. A sender keeps
 * its connections (up to 256) from one post to the next, so a receiver's
 * keep-alive connections serve the posts that follow (a reused one was
 * opened under an earlier post's pin, to an address checked then), and
 * HTTP/2 receivers get posts multiplexed on one.
 */
#ifndef CEDIRAMP_WEBHOOK_HTTP_H
#define CEDIRAMP_WEBHOOK_HTTP_H

#include <stddef.h>

#include "core/portlist.h"

#define WEBHOOK_READ_MAX 2048        /* bytes of an answer read (and kept: the log shows them) */
#define WEBHOOK_ERROR_MAX 300        /* why a post got no answer */

/* One post to send. */
struct webhook_post {
	const char *url;
	const char *body;            /* JSON; copied */
	size_t body_len;
	const char *const *headers;  /* "Name: value" lines, NULL-ended; copied */
	void *tag;                   /* the caller's: handed back with the result */
};

/* How a post ended. */
struct webhook_result {
	void *tag;
	long status;                 /* the answer's status; 0: none came */
	char error[WEBHOOK_ERROR_MAX]; /* status 0: why ("timed out after 10000 ms") */
	char body[WEBHOOK_READ_MAX]; /* the answer's first bytes (body_len of them) */
	size_t body_len;
};

typedef void (*webhook_done_fn)(const struct webhook_result *r, void *arg);

struct webhook_sender;

struct webhook_sender_ops {
	/* A sender of posts that each end after timeout_ms; allow_http lets
	 * a URL be http://, allow_loopback lets a host be a loopback address
	 * on any port (the sandbox's), ports are the ports a URL may name
	 * otherwise (copied). This host's addresses are read at open. NULL
	 * when out of memory or when they cannot be read (logged): nothing
	 * can then be sent. */
	struct webhook_sender *(*open)(long long timeout_ms, int allow_http,
	    int allow_loopback, const struct port_list *ports);

	/* Checks p's URL against today's DNS and starts the post: 0 started
	 * (its result comes through poll); -1 refused, why says why (a
	 * private address, a malformed URL), nothing sent; -2 out of memory. */
	int (*start)(struct webhook_sender *s, const struct webhook_post *p, char *why,
	    size_t cap);

	/* Moves the posts in flight on, waiting up to wait_ms for one to end;
	 * each that ended goes to done(result, arg). How many are still in
	 * flight. */
	unsigned (*poll)(struct webhook_sender *s, int wait_ms, webhook_done_fn done,
	    void *arg);

	/* Ends the posts in flight without results (their tags stay the
	 * caller's) and frees s (NULL: nothing). */
	void (*close)(struct webhook_sender *s);
};

/* The sender over HTTP(S), with libcurl. */
extern const struct webhook_sender_ops webhook_http;

#endif
