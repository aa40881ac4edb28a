/*
 * prov_http_many: the provider calls of prov_http.h (prov_http_call, and
 * many at once with prov_http_many), through one libcurl multi handle per
 * thread that lives as long as the thread (the programs and workers have
 * one): its easy handles are reset and used again, and its connection
 * cache keeps each provider's keep-alive connections (and TLS sessions)
 * from one call to the next, and from one request of a FastCGI program to
 * the next.
 *
 * A kept connection changes one thing libcurl does on its own: a request
 * written on a reused connection that the server closed without a byte of
 * answer is sent again on a new connection. For a request with a body (a
 * send) that second copy must never go out unseen: the body is read
 * through a callback that cannot rewind, so libcurl gives up instead
 * (CURLE_SEND_FAIL_REWIND), and the caller's status read settles it. A
 * request without a body (a read, a token) may be sent again: it moves
 * nothing.
 *
 * So libcurl's own result does not say whether a send left: when the
 * server died whole after reading it, the new connection is refused and
 * libcurl reports CURLE_COULDNT_CONNECT (libcurl 7.88) for a request the
 * server has. A body libcurl has read from us is therefore always "sent"
 * (in doubt), whatever libcurl says after it.
 */
#include "providers/prov_http.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "providers/prov_metrics.h"

#define POOL_IDLE_MAX 64     /* easy handles kept for the next calls */
#define POOL_CONNS_MAX 64    /* connections the multi handle keeps open */
#define ANSWER_MAX (1024 * 1024)

/* The thread's multi handle and its idle easy handles. */
static _Thread_local struct pool {
	CURLM *multi;
	CURL *idle[POOL_IDLE_MAX];
	size_t nidle;
} pool;

/* A request body, handed to libcurl once and never rewound. */
struct upload {
	const char *p;
	size_t left;
	int handed;   /* libcurl has read some of it: it may have left */
};

/* One call in flight. */
struct xfer {
	CURL *h;
	char url[1024];
	struct buf out;
	char *text;              /* the body as JSON text */
	struct upload up;
	struct curl_slist *hl;
	int added;               /* in the multi handle */
};

static size_t
give(char *dst, size_t size, size_t n, void *ud)
{
	struct upload *u = ud;
	size_t k = size * n < u->left ? size * n : u->left;

	memcpy(dst, u->p, k);
	u->p += k;
	u->left -= k;
	if (k > 0)
		u->handed = 1;
	return k;
}

/* The thread's multi handle, made on first use; NULL when out of memory. */
static CURLM *
pool_multi(void)
{
	if (pool.multi == NULL && (pool.multi = curl_multi_init()) != NULL)
		curl_multi_setopt(pool.multi, CURLMOPT_MAXCONNECTS, (long)POOL_CONNS_MAX);
	return pool.multi;
}

/* An easy handle with no options set: an idle one, or a new one. */
static CURL *
pool_take(void)
{
	return pool.nidle > 0 ? pool.idle[--pool.nidle] : curl_easy_init();
}

/* Gives h back, its options cleared (so it points at nothing freed). */
static void
pool_put(CURL *h)
{
	if (h == NULL)
		return;
	curl_easy_reset(h);
	if (pool.nidle < POOL_IDLE_MAX)
		pool.idle[pool.nidle++] = h;
	else
		curl_easy_cleanup(h);
}

void
prov_http_forget(void)
{
	while (pool.nidle > 0)
		curl_easy_cleanup(pool.idle[--pool.nidle]);
	if (pool.multi != NULL)
		curl_multi_cleanup(pool.multi);
	pool.multi = NULL;
}

/* 1 when a failed transfer certainly never left this machine. */
static int
never_sent(CURL *c, CURLcode cc)
{
	curl_off_t connect_us = -1;
	long request_bytes = -1;

	if (cc == CURLE_COULDNT_CONNECT || cc == CURLE_COULDNT_RESOLVE_HOST ||
	    cc == CURLE_COULDNT_RESOLVE_PROXY || cc == CURLE_UNSUPPORTED_PROTOCOL ||
	    cc == CURLE_URL_MALFORMAT)
		return 1;
	/* timed out before any connection was made and any byte written */
	return cc == CURLE_OPERATION_TIMEDOUT &&
	    curl_easy_getinfo(c, CURLINFO_CONNECT_TIME_T, &connect_us) == CURLE_OK &&
	    curl_easy_getinfo(c, CURLINFO_REQUEST_SIZE, &request_bytes) == CURLE_OK &&
	    connect_us == 0 && request_bytes == 0;
}

/* Frees what x holds (its handle back to the pool). */
static void
xfer_end(struct xfer *x)
{
	if (x->added)
		curl_multi_remove_handle(pool.multi, x->h);
	x->added = 0;
	pool_put(x->h);
	x->h = NULL;
	free(x->text);
	x->text = NULL;
	curl_slist_free_all(x->hl);
	x->hl = NULL;
	buf_free(&x->out);
}

/* Adds line to x's header list; -1 on low memory. */
static int
add_header(struct xfer *x, const char *line)
{
	struct curl_slist *more = curl_slist_append(x->hl, line);

	if (more == NULL)
		return -1;
	x->hl = more;
	return 0;
}

/* Sets x up for r on a pooled handle. 0, or -1 (no URL, too long, low
 * memory): then nothing is sent. */
static int
xfer_setup(struct xfer *x, const struct prov_req *r)
{
	const char *const *hd;

	buf_init(&x->out, ANSWER_MAX);
	if (r->ep->url[0] == '\0' || (size_t)snprintf(x->url, sizeof(x->url), "%s%s",
	    r->ep->url, r->path) >= sizeof(x->url) || (x->h = pool_take()) == NULL)
		return -1;
	prov_http_setup(x->h, x->url, r->ep->timeout_ms, &x->out);
	curl_easy_setopt(x->h, CURLOPT_CUSTOMREQUEST, r->method);
	if (r->body != NULL) {
		if ((x->text = json_dumps(r->body, JSON_COMPACT)) == NULL ||
		    add_header(x, "Content-Type: application/json") != 0)
			return -1;
		x->up = (struct upload){ x->text, strlen(x->text), 0 };
		curl_easy_setopt(x->h, CURLOPT_POST, 1L);
		curl_easy_setopt(x->h, CURLOPT_READFUNCTION, give);
		curl_easy_setopt(x->h, CURLOPT_READDATA, &x->up);
		curl_easy_setopt(x->h, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)x->up.left);
	} else if (strcmp(r->method, "POST") == 0) {
		/* a length, so that no server asks for one (lighttpd: 411) */
		curl_easy_setopt(x->h, CURLOPT_POSTFIELDS, "");
		curl_easy_setopt(x->h, CURLOPT_POSTFIELDSIZE, 0L);
	}
	for (hd = r->headers; hd != NULL && *hd != NULL; hd++)
		if (add_header(x, *hd) != 0)
			return -1;
	if (add_header(x, "Expect:") != 0)
		return -1;
	curl_easy_setopt(x->h, CURLOPT_HTTPHEADER, x->hl);
	return 0;
}

/* 1 when body is a JSON-RPC answer that carries an error (its HTTP
 * status may well be 200). */
static int
rpc_error(const json_t *body)
{
	const json_t *e = json_object_get(body, "error");

	return json_object_get(body, "jsonrpc") != NULL && e != NULL && !json_is_null(e);
}

/* The outcome of x's transfer (cc) of r into call, counted in the
 * metrics; 0 when an answer came. */
static int
xfer_result(struct xfer *x, const struct prov_req *r, CURLcode cc, struct prov_call *call)
{
	call->sent = x->up.handed || !never_sent(x->h, cc);
	call->timed_out = cc == CURLE_OPERATION_TIMEDOUT;
	if (cc == CURLE_OK) {
		curl_easy_getinfo(x->h, CURLINFO_RESPONSE_CODE, &call->status);
		if (x->out.len > 0)
			call->json = json_loadb(x->out.data, x->out.len, JSON_REJECT_DUPLICATES,
			    NULL);
	}
	prov_metrics_call(r->ep->kind, r->operation, rpc_error(call->json) ? PROV_CALL_ERROR :
	    prov_http_outcome(cc, call->status), x->h);
	return cc == CURLE_OK ? 0 : -1;
}

void
prov_http_many(const struct prov_req *reqs, size_t n, unsigned max_in_flight,
    struct prov_call *calls, int *rcs)
{
	struct xfer *x;
	CURLM *m = pool_multi();
	CURLMsg *msg;
	size_t i, next = 0, in_flight = 0;
	int running, left;

	for (i = 0; i < n; i++) {
		memset(&calls[i], 0, sizeof(calls[i]));
		rcs[i] = -1;
	}
	if (n == 0 || m == NULL || (x = calloc(n, sizeof(*x))) == NULL)
		return;
	if (max_in_flight == 0)
		max_in_flight = 1;
	for (;;) {
		/* start calls up to the bound; one that cannot start is done */
		while (next < n && in_flight < max_in_flight) {
			i = next++;
			if (xfer_setup(&x[i], &reqs[i]) != 0) {
				xfer_end(&x[i]);
				continue;
			}
			curl_easy_setopt(x[i].h, CURLOPT_PRIVATE, (void *)&x[i]);
			if (curl_multi_add_handle(m, x[i].h) != CURLM_OK) {
				xfer_end(&x[i]);
				continue;
			}
			x[i].added = 1;
			in_flight++;
		}
		if (in_flight == 0)
			break;
		if (curl_multi_perform(m, &running) != CURLM_OK)
			break;
		while ((msg = curl_multi_info_read(m, &left)) != NULL) {
			struct xfer *d = NULL;

			if (msg->msg != CURLMSG_DONE)
				continue;
			curl_easy_getinfo(msg->easy_handle, CURLINFO_PRIVATE, (char **)&d);
			i = (size_t)(d - x);
			rcs[i] = xfer_result(d, &reqs[i], msg->data.result, &calls[i]);
			xfer_end(d);
			in_flight--;
		}
		/* libcurl shortens the wait to its next timeout */
		if (in_flight > 0 && running > 0 &&
		    curl_multi_poll(m, NULL, 0, 1000, NULL) != CURLM_OK)
			break;
	}
	/* the multi handle failed: what is still in flight gets no answer */
	for (i = 0; i < n; i++)
		if (x[i].h != NULL) {
			calls[i].sent = 1; /* it may have gone out */
			xfer_end(&x[i]);
		}
	free(x);
}

int
prov_http_call(const struct prov_endpoint *ep, const char *operation,
    const char *method, const char *path, const char *const *headers, const json_t *body,
    struct prov_call *call)
{
	struct prov_req r = { ep, operation, method, path, headers, body };
	int rc;

	prov_http_many(&r, 1, 1, call, &rc);
	return rc;
}
