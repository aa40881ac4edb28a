/*
 * cediramp-signer: the only holder of the operator's keys (issue 38;
 * docs/design.md "Custody"). It runs as its own user, reads its own config
 * ($CEDIRAMP_CONF, which no web program can write), opens its key store
 * (signer.key_store: 0400 key files of its own, or a PKCS#11 token; the
 * keys: domain/signer_keys.h), and answers typed requests on its Unix
 * socket (signer.socket) from the uids of signer.allow_uids only, checked
 * with SO_PEERCRED. One request per connection, signer.workers of them
 * side by side: each is a transaction of its own (domain/signing.h),
 * stored and journalled before its answer. Between requests it walks a
 * key rotation (domain/rotation.h) and fills nonce gaps.
 *
 * The protocol is providers/signer_client.h's. There is no request to
 * sign a raw transaction or a digest.
 */
#define _GNU_SOURCE /* struct ucred (SO_PEERCRED), accept4 */

#include <errno.h>
#include <jansson.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "core/log.h"
#include "core/strict.h"
#include "domain/ctx.h"
#include "domain/rotation.h"
#include "domain/signer_keys.h"
#include "domain/signing.h"
#include "providers/keystore.h"
#include "providers/prov_http.h"
#include "providers/signer_client.h"

#define READ_MS 5000 /* a caller's whole request, at most */
#define SWEEP_SECONDS 5 /* between two looks at the nonce gap (when idle) */
#define UIDS_MAX 16

static volatile sig_atomic_t stopping;

static void
on_stop(int sig)
{
	(void)sig;
	stopping = 1;
}

/* The socket is open to every local user (SO_PEERCRED decides who may
 * ask), so a caller that may not ask gets a journal line at most once a
 * minute; the refusals left out are counted into its next line. */
#define QUIET_SECONDS 60
#define QUIET_UIDS 32

struct quiet {
	uid_t uid;
	time_t last;
	unsigned long skipped;
};

struct uids {
	uid_t uid[UIDS_MAX];
	size_t n;
};

#define WORKERS_MAX 32

struct signer;

/* A thread serving requests, with a database connection of its own. */
struct worker {
	struct signer *s;
	struct ctx ctx;
	pthread_t thread;
	int lfd, started;
};

/*
 * The requests are served by signer.workers threads side by side (the
 * nonce's row lock orders the moves of a key); the main thread takes the
 * rotation's steps and the sweep. keys_lock: the workers read the keys
 * (one request each), the main thread changes them (a rotation) and signs
 * with them (fills, a rotation's transactions) alone.
 */
struct signer {
	struct ctx ctx; /* the main thread's */
	struct signer_keys keys;
	pthread_rwlock_t keys_lock;
	struct uids allowed; /* signer.allow_uids: who may ask */
	struct uids admins;  /* signer.admin_uids: who may ask for a rotation too */
	pthread_mutex_t quiet_lock;
	struct quiet quiet[QUIET_UIDS];
	size_t nquiet;
	struct worker workers[WORKERS_MAX];
	size_t nworkers;
};

/* 1 when uid's refusal is journalled now (*skipped: those left out since
 * its last line), 0 when it is left out (counted). Under quiet_lock. */
static int
quiet_ok_locked(struct signer *s, uid_t uid, unsigned long *skipped)
{
	time_t now = time(NULL);
	struct quiet *q = NULL;
	size_t i, oldest = 0;

	for (i = 0; i < s->nquiet && q == NULL; i++)
		if (s->quiet[i].uid == uid)
			q = &s->quiet[i];
	if (q == NULL) {
		if (s->nquiet < QUIET_UIDS) {
			q = &s->quiet[s->nquiet++];
		} else { /* the one journalled longest ago makes room */
			for (i = 1; i < QUIET_UIDS; i++)
				if (s->quiet[i].last < s->quiet[oldest].last)
					oldest = i;
			q = &s->quiet[oldest];
		}
		*q = (struct quiet){ uid, 0, 0 };
	}
	if (q->last != 0 && now - q->last < QUIET_SECONDS) {
		q->skipped++;
		return 0;
	}
	*skipped = q->skipped;
	q->last = now;
	q->skipped = 0;
	return 1;
}

static int
quiet_ok(struct signer *s, uid_t uid, unsigned long *skipped)
{
	int ok;

	(void)pthread_mutex_lock(&s->quiet_lock);
	ok = quiet_ok_locked(s, uid, skipped);
	(void)pthread_mutex_unlock(&s->quiet_lock);
	return ok;
}

/* A list of uids ("33, 0"; empty: this process's own uid only) of the
 * config key name. */
static int
uids_parse(struct uids *u, const char *name, const char *list, char *why, size_t cap)
{
	const char *p = list;

	u->n = 0;
	while (*p != '\0') {
		unsigned long long v;
		size_t n;

		p += strspn(p, " ,");
		n = strcspn(p, " ,");
		if (n == 0)
			break;
		if (u->n == UIDS_MAX || strict_uint(p, n, 0xfffffffeULL, &v) != 0) {
			snprintf(why, cap, "%s: at most %d uids, comma-separated", name, UIDS_MAX);
			return -1;
		}
		u->uid[u->n++] = (uid_t)v;
		p += n;
	}
	if (u->n == 0)
		u->uid[u->n++] = geteuid();
	return 0;
}

static int
uids_have(const struct uids *u, uid_t uid)
{
	size_t i;

	for (i = 0; i < u->n; i++)
		if (u->uid[i] == uid)
			return 1;
	return 0;
}

/* The listening socket at path: 0666, since SO_PEERCRED decides who
 * may ask; a stale socket of an earlier run is replaced. */
static int
listen_at(const char *path, char *why, size_t cap)
{
	struct sockaddr_un a;
	struct stat st;
	int fd;

	memset(&a, 0, sizeof(a));
	a.sun_family = AF_UNIX;
	if (path[0] == '\0' || strlen(path) >= sizeof(a.sun_path)) {
		snprintf(why, cap, "signer.socket must be a path of at most %zu bytes",
		    sizeof(a.sun_path) - 1);
		return -1;
	}
	memcpy(a.sun_path, path, strlen(path));
	if (lstat(path, &st) == 0 && S_ISSOCK(st.st_mode)) {
		/* another signer that answers there keeps it: never two */
		if ((fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0)) >= 0 &&
		    connect(fd, (struct sockaddr *)&a, sizeof(a)) == 0) {
			close(fd);
			snprintf(why, cap, "signer.socket %s: another signer answers there", path);
			return -1;
		}
		if (fd >= 0)
			close(fd);
		(void)unlink(path);
	}
	if ((fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0)) < 0 ||
	    bind(fd, (struct sockaddr *)&a, sizeof(a)) != 0 || chmod(path, 0666) != 0 ||
	    listen(fd, 64) != 0) {
		snprintf(why, cap, "signer.socket %s: %s", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	return fd;
}

static void
reply(int fd, json_t *answer)
{
	char *text = answer != NULL ? json_dumps(answer, JSON_COMPACT) : NULL;

	if (text != NULL) {
		(void)!send(fd, text, strlen(text), MSG_NOSIGNAL);
		(void)!send(fd, "\n", 1, MSG_NOSIGNAL);
	}
	free(text);
	json_decref(answer);
}

static json_t *
no(const char *code, const char *reason)
{
	return json_pack("{s:b,s:s,s:s}", "ok", 0, "code", code, "reason", reason);
}

static const char *
text_of(json_t *req, const char *name)
{
	return json_string_value(json_object_get(req, name));
}

/* A non-negative integer member, or -1 when it is not one. */
static int
uint_of(json_t *req, const char *name, unsigned long long *out)
{
	json_t *v = json_object_get(req, name);

	if (!json_is_integer(v) || json_integer_value(v) < 0)
		return -1;
	*out = (unsigned long long)json_integer_value(v);
	return 0;
}

/* The request's members into r: 0, or -1 (a malformed request). */
static int
request_of(json_t *req, uid_t uid, struct signing_request *r)
{
	memset(r, 0, sizeof(*r));
	r->uid = uid;
	r->op = text_of(req, "op");
	r->purpose = text_of(req, "purpose");
	r->ref = text_of(req, "ref");
	r->asset = text_of(req, "asset");
	r->wallet = text_of(req, "wallet");
	r->amount = text_of(req, "amount");
	if (r->op == NULL)
		return -1;
	if (strcmp(r->op, "status") == 0 || strcmp(r->op, "rotate") == 0)
		return 0;
	if (strcmp(r->op, "replace") == 0 && uint_of(req, "attempt", &r->attempt) != 0)
		return -1;
	return uint_of(req, "gas_limit", &r->fees.gas_limit) != 0 ||
	    uint_of(req, "max_fee", &r->fees.max_fee) != 0 ||
	    uint_of(req, "priority_fee", &r->fees.priority_fee) != 0 ? -1 : 0;
}

static json_t *
answer_of(const struct signing_answer *a)
{
	if (a->code != NULL)
		return no(a->code, a->reason);
	return json_pack("{s:b,s:s,s:I,s:s}", "ok", 1, "hash", a->hash, "nonce",
	    (json_int_t)a->nonce, "address", a->signer);
}

/* rotate: a key rotation (rotation.h), for the uids of signer.admin_uids
 * only; answered at once, walked between requests. */
static void
rotate(struct signer *s, struct ctx *ctx, int fd, const struct signing_request *r)
{
	struct rotation_answer a;
	char why[160];

	if (!uids_have(&s->admins, r->uid)) {
		snprintf(why, sizeof(why), "uid %u may not ask for a rotation (signer.admin_uids)",
		    (unsigned)r->uid);
		signing_journal_refusal(ctx, r, "refused", why);
		reply(fd, no("refused", why));
		return;
	}
	rotation_request(ctx, &s->keys, r->uid, &a);
	if (a.code != NULL)
		reply(fd, no(a.code, a.reason));
	else
		reply(fd, json_pack("{s:b,s:I,s:s,s:s}", "ok", 1, "rotation", (json_int_t)a.id,
		    "step", a.step, "address", a.old_address));
}

/* A request allowed and well formed, decided and answered on fd, alone
 * with the keys as they are (keys_lock, read: a rotation's step waits). */
static void
decide(struct signer *s, struct ctx *ctx, int fd, const struct signing_request *r)
{
	struct signing_answer a;

	(void)pthread_rwlock_rdlock(&s->keys_lock);
	/* the key that signs now (a rotation may have changed it) */
	(void)signer_keys_use(providers_chain(&ctx->prov), s->keys.active);
	if (strcmp(r->op, "status") == 0) {
		reply(fd, json_pack("{s:b,s:s,s:s}", "ok", 1, "address",
		    keystore_address(s->keys.active), "store", keystore_kind(s->keys.active)));
	} else if (strcmp(r->op, "rotate") == 0) {
		rotate(s, ctx, fd, r);
	} else if (strcmp(r->op, "convert") == 0 || strcmp(r->op, "mint") == 0) {
		signing_move(ctx, r, &a);
		if (a.stored && ctx->cfg.signer_test_kill_after_store)
			raise(SIGKILL); /* stored, not answered: the caller must ask again */
		reply(fd, answer_of(&a));
	} else if (strcmp(r->op, "replace") == 0) {
		signing_replace(ctx, &s->keys, r, &a);
		reply(fd, answer_of(&a));
	} else {
		signing_journal_refusal(ctx, r, "bad_request", "no such request");
		reply(fd, no("bad_request", "no such request: status, convert, mint, replace, "
		    "rotate"));
	}
	(void)pthread_rwlock_unlock(&s->keys_lock);
}

/* One request on fd, by a worker: read (no lock held while a caller
 * takes its time), checked, decided. */
static void
serve(struct signer *s, struct ctx *ctx, int fd)
{
	static const struct signing_request unknown = { 0, "unknown", NULL, NULL, NULL, NULL,
		NULL, 0, { 0, 0, 0 } };
	char line[SIGNER_LINE_MAX + 2], why[160];
	unsigned long skipped;
	struct signing_request r;
	struct ucred cred;
	socklen_t len = sizeof(cred);
	json_t *req = NULL;
	int parsed;

	if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0)
		return;
	parsed = signer_read_line(fd, line, sizeof(line), READ_MS) == 0 &&
	    (req = json_loads(line, JSON_REJECT_DUPLICATES, NULL)) != NULL &&
	    json_is_object(req) && request_of(req, cred.uid, &r) == 0;
	if (!parsed) {
		r = unknown;
		r.uid = cred.uid;
	}
	if (!uids_have(&s->allowed, cred.uid)) {
		snprintf(why, sizeof(why), "uid %u may not ask (signer.allow_uids)",
		    (unsigned)cred.uid);
		if (quiet_ok(s, cred.uid, &skipped)) {
			if (skipped > 0)
				snprintf(why + strlen(why), sizeof(why) - strlen(why),
				    "; %lu more refused since the last line", skipped);
			signing_journal_refusal(ctx, &r, "refused", why);
			log_event("warn", "signer: %s", why);
		}
		reply(fd, no("refused", why));
		goto out;
	}
	if (!parsed) {
		signing_journal_refusal(ctx, &r, "bad_request", "not a request");
		reply(fd, no("bad_request", "not a request: one JSON object on one line"));
		goto out;
	}
	decide(s, ctx, fd, &r);
out:
	json_decref(req);
}

/* The nonce gap of the key that signs and, during a rotation, of the
 * other one (the old key's sends must all finish). */
static void
sweep(struct signer *s)
{
	struct prov_chain *ch = providers_chain(&s->ctx.prov);
	struct keystore *was;

	signing_sweep(&s->ctx);
	if (s->keys.other != NULL) {
		was = signer_keys_use(ch, s->keys.other);
		signing_sweep(&s->ctx);
		(void)signer_keys_use(ch, was);
	}
}

/* A worker: takes the next caller off the listening socket (shared, non-
 * blocking: of the threads woken, one gets it) and serves it. */
static void *
worker_main(void *arg)
{
	struct worker *w = arg;

	while (!stopping) {
		struct pollfd p = { w->lfd, POLLIN, 0 };
		int fd;

		if (poll(&p, 1, 1000) <= 0)
			continue;
		if ((fd = accept4(w->lfd, NULL, NULL, SOCK_CLOEXEC)) < 0)
			continue;
		serve(w->s, &w->ctx, fd);
		close(fd);
	}
	prov_http_forget(); /* this thread's connections to the node */
	return NULL;
}

/* signer.workers workers on lfd, each with its database connection (made
 * here, one after another, before any thread runs). 0, or -1 with why. */
static int
workers_start(struct signer *s, int lfd, char *why, size_t cap)
{
	size_t i;

	s->nworkers = (size_t)s->ctx.cfg.signer_workers;
	for (i = 0; i < s->nworkers; i++) {
		struct worker *w = &s->workers[i];

		w->s = s;
		w->lfd = lfd;
		if (ctx_init(&w->ctx, "signer", 1) != 0) {
			snprintf(why, cap, "a worker's set-up: %s", w->ctx.init_error);
			return -1;
		}
	}
	for (i = 0; i < s->nworkers; i++) {
		if (pthread_create(&s->workers[i].thread, NULL, worker_main, &s->workers[i]) != 0) {
			snprintf(why, cap, "a worker thread could not start");
			return -1;
		}
		s->workers[i].started = 1;
	}
	return 0;
}

/* Waits for the workers (stopping is set) and frees their connections. */
static void
workers_stop(struct signer *s)
{
	size_t i;

	for (i = 0; i < s->nworkers; i++) {
		if (s->workers[i].started)
			(void)pthread_join(s->workers[i].thread, NULL);
		ctx_free(&s->workers[i].ctx);
	}
	s->nworkers = 0;
}

/* --address (--owner-address): the operator's (the gateway owner's) key's
 * address on stdout (a PKCS#11 store makes the key first when there is
 * none), for deploying a gateway; reads only the signer.* keys of the
 * config. */
static int
print_address(int owner)
{
	struct keystore *k;
	char why[512];
	struct cfg c;

	if (cfg_load_default(&c, why, sizeof(why)) != 0 ||
	    (k = owner ? signer_keys_owner(&c, why, sizeof(why)) :
	    signer_keys_named(&c, NULL, why, sizeof(why))) == NULL) {
		fprintf(stderr, "cediramp-signer: %s\n", why);
		return 1;
	}
	printf("%s\n", keystore_address(k));
	keystore_close(k);
	return 0;
}

int
main(int argc, char **argv)
{
	static struct signer s;
	pthread_rwlockattr_t rwa;
	time_t swept = 0;
	struct prov_chain *ch;
	struct sigaction sa;
	char why[512];
	int lfd, rc = 1;

	/* no core dump of the key, and no other process of this user reads
	 * this one's memory (ptrace, /proc/PID/mem) */
#ifndef __SANITIZE_ADDRESS__ /* LeakSanitizer's tracer must attach */
	(void)prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
#endif
	if (argc == 2 && (strcmp(argv[1], "--address") == 0 ||
	    strcmp(argv[1], "--owner-address") == 0))
		return print_address(strcmp(argv[1], "--owner-address") == 0);
	if (argc != 1) {
		fprintf(stderr, "usage: CEDIRAMP_CONF=signer.conf cediramp-signer "
		    "[--address | --owner-address]\n");
		return 2;
	}
	/* the main thread's turn comes however busy the workers are */
	(void)pthread_rwlockattr_init(&rwa);
	(void)pthread_rwlockattr_setkind_np(&rwa, PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP);
	(void)pthread_rwlock_init(&s.keys_lock, &rwa);
	(void)pthread_rwlockattr_destroy(&rwa);
	(void)pthread_mutex_init(&s.quiet_lock, NULL);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_stop;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	if (ctx_init(&s.ctx, "signer", 1) != 0) {
		fprintf(stderr, "cediramp-signer: %s\n", s.ctx.init_error);
		ctx_free(&s.ctx);
		return 1;
	}
	if (!providers_chain(&s.ctx.prov)->ops->nonces) {
		fprintf(stderr, "cediramp-signer: providers.chain is not evm: nothing to sign\n");
		goto out;
	}
	if (uids_parse(&s.allowed, "signer.allow_uids", s.ctx.cfg.signer_allow_uids, why,
	    sizeof(why)) != 0 || uids_parse(&s.admins, "signer.admin_uids",
	    s.ctx.cfg.signer_admin_uids, why, sizeof(why)) != 0 ||
	    signer_keys_open(&s.keys, &s.ctx, why, sizeof(why)) != 0 ||
	    (lfd = listen_at(s.ctx.cfg.signer_socket, why, sizeof(why))) < 0) {
		fprintf(stderr, "cediramp-signer: %s\n", why);
		log_event("error", "signer: %s", why);
		goto out;
	}
	ch = providers_chain(&s.ctx.prov);
	(void)signer_keys_use(ch, s.keys.active);
	log_event("info", "signer: key %s (%s store), listening at %s",
	    keystore_address(s.keys.active), keystore_kind(s.keys.active),
	    s.ctx.cfg.signer_socket);
	if (workers_start(&s, lfd, why, sizeof(why)) != 0) {
		fprintf(stderr, "cediramp-signer: %s\n", why);
		log_event("error", "signer: %s", why);
		stopping = 1;
	}
	while (!stopping) {
		/* a rotation under way, a step a second; the nonce gap every
		 * SWEEP_SECONDS: alone with the keys */
		(void)pthread_rwlock_wrlock(&s.keys_lock);
		rotation_advance(&s.ctx, &s.keys);
		if (time(NULL) - swept >= SWEEP_SECONDS) {
			sweep(&s);
			swept = time(NULL);
		}
		(void)signer_keys_use(ch, s.keys.active);
		(void)pthread_rwlock_unlock(&s.keys_lock);
		(void)poll(NULL, 0, 1000);
	}
	workers_stop(&s);
	close(lfd);
	(void)unlink(s.ctx.cfg.signer_socket);
	log_event("info", "signer: stopped");
	rc = 0;
out:
	signer_keys_close(&s.keys); /* wipes the keys */
	ctx_free(&s.ctx);
	return rc;
}
