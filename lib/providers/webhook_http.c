#include "providers/webhook_http.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <curl/curl.h>

#include "core/log.h"
#include "providers/netguard.h"
#include "providers/prov_metrics.h"

#define IDLE_MAX 64              /* easy handles kept for the next posts */
#define CONNS_MAX 256            /* connections kept open between posts */

struct job;

struct webhook_sender {
	CURLM *multi;                  /* its connection cache outlives each post */
	long long timeout_ms;
	struct port_list ports;        /* webhooks.allowed_ports */
	struct netguard_local local;   /* this host's addresses, read at open */
	struct netguard_policy policy; /* points at the two above */
	unsigned in_flight;
	struct job *jobs;              /* those in flight, for close */
	CURL *idle[IDLE_MAX];          /* easy handles reset for reuse */
	size_t nidle;
};

/* One post in flight. */
struct job {
	struct job *prev, *next;
	CURL *h;
	void *tag;
	char *body;
	struct curl_slist *headers, *resolve;
	struct netguard_pin pin;
	size_t got;                    /* answer bytes read, kept in head */
	int capped;                    /* stopped reading at WEBHOOK_READ_MAX */
	char head[WEBHOOK_READ_MAX];
	char errbuf[CURL_ERROR_SIZE];
};

/* Gives easy handle h back to s, reset (its options point at nothing the
 * job freed), or frees it. */
static void
handle_put(struct webhook_sender *s, CURL *h)
{
	if (h == NULL)
		return;
	curl_easy_reset(h);
	if (s->nidle < IDLE_MAX)
		s->idle[s->nidle++] = h;
	else
		curl_easy_cleanup(h);
}

static void
job_free(struct webhook_sender *s, struct job *j)
{
	if (j == NULL)
		return;
	handle_put(s, j->h);
	curl_slist_free_all(j->headers);
	curl_slist_free_all(j->resolve);
	free(j->body);
	free(j);
}

/* Keeps at most WEBHOOK_READ_MAX bytes of the answer; past that the
 * transfer stops (the status line is already in). */
static size_t
sink(char *p, size_t size, size_t n, void *arg)
{
	struct job *j = arg;
	size_t room = WEBHOOK_READ_MAX - j->got;

	if (size * n > room) {
		memcpy(j->head + j->got, p, room);
		j->got = WEBHOOK_READ_MAX;
		j->capped = 1;
		return 0;
	}
	memcpy(j->head + j->got, p, size * n);
	j->got += size * n;
	return size * n;
}

static struct webhook_sender *
sender_open(long long timeout_ms, int allow_http, int allow_loopback,
    const struct port_list *ports)
{
	struct webhook_sender *s = calloc(1, sizeof(*s));

	if (s == NULL || ports == NULL)
		goto fail;
	/*
	 * This host's own addresses, once per sender (one worker run, at most
	 * webhooks.drain_seconds): an address added to an interface later is
	 * refused from the next run on. Unknown, nothing is sent.
	 */
	if (netguard_local_load(&s->local) != 0) {
		log_event("error", "webhooks: cannot read this host's addresses "
		    "(getifaddrs failed, or more than %d public ones); nothing is sent",
		    NETGUARD_LOCAL_MAX);
		goto fail;
	}
	if ((s->multi = curl_multi_init()) == NULL)
		goto fail;
	/* keep-alive: each receiver's connections stay for the next posts
	 * (by default libcurl keeps four per handle still added) */
	curl_multi_setopt(s->multi, CURLMOPT_MAXCONNECTS, (long)CONNS_MAX);
	s->timeout_ms = timeout_ms;
	s->ports = *ports;
	s->policy.allow_http = allow_http;
	s->policy.allow_loopback = allow_loopback;
	s->policy.ports = &s->ports;
	s->policy.local = &s->local;
	return s;
fail:
	free(s);
	return NULL;
}

/* Adds line to *list; -1 on low memory. */
static int
add_header(struct curl_slist **list, const char *line)
{
	struct curl_slist *n = curl_slist_append(*list, line);

	if (n == NULL)
		return -1;
	*list = n;
	return 0;
}

static int
sender_start(struct webhook_sender *s, const struct webhook_post *p, char *why, size_t cap)
{
	struct netguard_url u;
	struct job *j;
	size_t i;

	if ((j = calloc(1, sizeof(*j))) == NULL)
		return -2;
	j->tag = p->tag;
	/* the checks of registration, again, against today's DNS */
	if (netguard_parse_url(p->url, s->policy.allow_http, &u, why, cap) != 0 ||
	    netguard_resolve(&u, &s->policy, &j->pin, why, cap) != 0) {
		job_free(s, j);
		return -1;
	}
	if ((j->body = malloc(p->body_len ? p->body_len : 1)) == NULL)
		goto oom;
	memcpy(j->body, p->body, p->body_len);
	if (add_header(&j->headers, "Content-Type: application/json") != 0 ||
	    add_header(&j->headers, "Expect:") != 0)
		goto oom;
	for (i = 0; p->headers != NULL && p->headers[i] != NULL; i++)
		if (add_header(&j->headers, p->headers[i]) != 0)
			goto oom;
	/* a kept handle, reset: the pin below applies to every connection
	 * this post opens; one it reuses was opened under an earlier post's
	 * pin, to an address checked then */
	j->h = s->nidle > 0 ? s->idle[--s->nidle] : curl_easy_init();
	if (j->h == NULL || netguard_curl_pin(j->h, &j->pin, &j->resolve) != 0)
		goto oom;
	curl_easy_setopt(j->h, CURLOPT_URL, p->url);
	curl_easy_setopt(j->h, CURLOPT_PROTOCOLS_STR, "http,https");
	curl_easy_setopt(j->h, CURLOPT_FOLLOWLOCATION, 0L);
	curl_easy_setopt(j->h, CURLOPT_POSTFIELDS, j->body);
	curl_easy_setopt(j->h, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)p->body_len);
	curl_easy_setopt(j->h, CURLOPT_HTTPHEADER, j->headers);
	curl_easy_setopt(j->h, CURLOPT_USERAGENT, "cediramp-webhooks/" CEDIRAMP_VERSION);
	curl_easy_setopt(j->h, CURLOPT_TIMEOUT_MS, (long)s->timeout_ms);
	curl_easy_setopt(j->h, CURLOPT_WRITEFUNCTION, sink);
	curl_easy_setopt(j->h, CURLOPT_WRITEDATA, j);
	curl_easy_setopt(j->h, CURLOPT_ERRORBUFFER, j->errbuf);
	curl_easy_setopt(j->h, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(j->h, CURLOPT_PRIVATE, j);
	/* HTTP/2 receivers: posts share one connection rather than open more */
	curl_easy_setopt(j->h, CURLOPT_PIPEWAIT, 1L);
	if (curl_multi_add_handle(s->multi, j->h) != CURLM_OK)
		goto oom;
	if ((j->next = s->jobs) != NULL)
		j->next->prev = j;
	s->jobs = j;
	s->in_flight++;
	return 0;
oom:
	job_free(s, j);
	return -2;
}

/* Takes job j out of s (its transfer ended, or s closes) and frees it. */
static void
job_end(struct webhook_sender *s, struct job *j)
{
	if (j->prev != NULL)
		j->prev->next = j->next;
	else
		s->jobs = j->next;
	if (j->next != NULL)
		j->next->prev = j->prev;
	curl_multi_remove_handle(s->multi, j->h);
	job_free(s, j);
	s->in_flight--;
}

/* The result of job j's transfer (rc), for done. */
static void
result_of(const struct webhook_sender *s, struct job *j, CURLcode rc,
    struct webhook_result *r)
{
	memset(r, 0, sizeof(*r));
	r->tag = j->tag;
	curl_easy_getinfo(j->h, CURLINFO_RESPONSE_CODE, &r->status);
	if (rc == CURLE_OK || (rc == CURLE_WRITE_ERROR && j->capped && r->status != 0)) {
		memcpy(r->body, j->head, j->got);
		r->body_len = j->got;
		return;
	}
	r->status = 0;
	if (rc == CURLE_OPERATION_TIMEDOUT)
		snprintf(r->error, sizeof(r->error), "timed out after %lld ms", s->timeout_ms);
	else if (rc == CURLE_COULDNT_CONNECT && j->errbuf[0] == '\0')
		snprintf(r->error, sizeof(r->error), "could not connect");
	else
		snprintf(r->error, sizeof(r->error), "%s",
		    j->errbuf[0] ? j->errbuf : curl_easy_strerror(rc));
}

static unsigned
sender_poll(struct webhook_sender *s, int wait_ms, webhook_done_fn done, void *arg)
{
	struct webhook_result r;
	CURLMsg *m;
	int left, running;

	curl_multi_perform(s->multi, &running);
	while ((m = curl_multi_info_read(s->multi, &left)) != NULL) {
		struct job *j = NULL;

		if (m->msg != CURLMSG_DONE)
			continue;
		curl_easy_getinfo(m->easy_handle, CURLINFO_PRIVATE, (char **)&j);
		result_of(s, j, m->data.result, &r);
		/* an answer cut at WEBHOOK_READ_MAX is an answer */
		prov_metrics_call("webhook", "post", r.status != 0 ?
		    prov_http_outcome(CURLE_OK, r.status) : prov_http_outcome(m->data.result, 0),
		    j->h);
		job_end(s, j);
		done(&r, arg);
	}
	if (s->in_flight > 0 && wait_ms > 0)
		curl_multi_poll(s->multi, NULL, 0, wait_ms, NULL);
	return s->in_flight;
}

static void
sender_close(struct webhook_sender *s)
{
	if (s == NULL)
		return;
	while (s->jobs != NULL)
		job_end(s, s->jobs);
	while (s->nidle > 0)
		curl_easy_cleanup(s->idle[--s->nidle]);
	curl_multi_cleanup(s->multi);
	free(s);
}

const struct webhook_sender_ops webhook_http = {
	.open = sender_open,
	.start = sender_start,
	.poll = sender_poll,
	.close = sender_close,
};
