/*
 * bench/webhooks: how fast the real webhooks worker gets events to a
 * partner's endpoint (`make bench` runs it after its wrk runs).
 *
 *   webhooks [N [WORKER]]
 *
 * Against the stack $CEDIRAMP_CONF names (a sandbox whose config has
 * webhooks.allow_loopback = 1, as tools/stack.sh writes it): starts a local
 * receiver (tests/common/receiver.h) on 127.0.0.1 answering 200 and keeping
 * each connection for the next post (BENCH_WEBHOOK_CLOSE=1: closing it
 * after each, as before issue 25), creates a
 * new sandbox partner through the domain (partner_create, then
 * apikey_authenticate for its caller, as the HTTP layer would) and
 * registers one endpoint for withdrawal.completed pointing at the receiver,
 * writes N such events (default 10000) with outbox_add in transactions of
 * BENCH_BATCH, then runs WORKER --until-idle (default
 * $CEDIRAMP_BUILD/cron/webhooks) and times it from its start to its exit
 * on CLOCK_MONOTONIC. Prints
 *
 *   webhooks: N events delivered to a local receiver in S s = R deliveries/s (max_in_flight M, C connections)
 *
 * Exit 0 only when every one of the N events reached the receiver (counted
 * by distinct webhook-id, so a retried duplicate cannot stand in for a lost
 * one) and the worker exited 0; 1 when fewer arrived or the worker failed
 * (said on stderr: a bench that measured nothing must not pass); 2 on a
 * usage or set-up error. Nothing is sent anywhere but 127.0.0.1.
 */
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "core/id.h"
#include "core/strict.h"
#include "domain/apikey.h"
#include "domain/ctx.h"
#include "domain/outbox.h"
#include "domain/partner_account.h"
#include "domain/partner/webhook.h"
#include "store/db_sig.h"
#include "receiver.h"

extern char **environ;

#define BENCH_EVENTS_DEFAULT 10000
#define BENCH_EVENTS_MAX 1000000
#define BENCH_BATCH 500 /* events per transaction */
#define BENCH_EVENT "withdrawal.completed"
/* 20 printable characters: within WEBHOOK_SECRET_MIN..MAX */
#define BENCH_SECRET "bench-webhook-secret-0123456789abcdef" /* 32 or more: the rule */

static void
usage(void)
{
	fprintf(stderr, "usage: webhooks [N [WORKER]]  (N 1..%d, default %d; WORKER "
	    "default $CEDIRAMP_BUILD/cron/webhooks)\n", BENCH_EVENTS_MAX,
	    BENCH_EVENTS_DEFAULT);
}

/*
 * A new sandbox partner, as the caller its API key authenticates to, in
 * *who. The key itself is dropped: the bench never calls the API. 0, or -1
 * (said on stderr).
 */
static int
bench_partner(struct ctx *ctx, struct caller *who)
{
	struct partner_key key;
	struct outcome o;
	enum apikey_rc rc;

	if (partner_create(ctx->db, &ctx->cfg, "Webhook Bench", "verified", NULL,
	    &key, &o) != ERR_OK) {
		fprintf(stderr, "webhooks: cannot create the bench partner: %s\n",
		    o.message[0] ? o.message : "error");
		return -1;
	}
	rc = apikey_authenticate(ctx->db, &ctx->cfg, key.key, strlen(key.key), NULL, who);
	memset(&key, 0, sizeof(key));
	if (rc != APIKEY_OK) {
		fprintf(stderr, "webhooks: the bench partner's new key did not authenticate "
		    "(%s)\n", rc == APIKEY_DB_DOWN ? "database down" : "refused");
		return -1;
	}
	return 0;
}

/*
 * Registers who's endpoint http://127.0.0.1:port/hook for BENCH_EVENT.
 * 0, or -1 (said on stderr).
 */
static int
bench_endpoint(struct ctx *ctx, const struct caller *who, int port)
{
	struct webhook_req in;
	struct webhook w;
	struct outcome o;
	char url[64];
	json_t *events;
	enum err e;

	if ((events = json_pack("[s]", BENCH_EVENT)) == NULL) {
		fprintf(stderr, "webhooks: out of memory\n");
		return -1;
	}
	snprintf(url, sizeof(url), "http://127.0.0.1:%d/hook", port);
	in.url = url;
	in.events = events;
	in.secret = BENCH_SECRET;
	e = webhook_create(ctx, who, &in, &w, &o);
	json_decref(events);
	if (e != ERR_OK) {
		fprintf(stderr, "webhooks: cannot register %s: %s\n", url,
		    o.message[0] ? o.message : "error");
		return -1;
	}
	return 0;
}

/* One transaction's events: numbers first .. first + n - 1. */
struct batch_tx {
	long long partner_id;
	size_t first, n;
};

/*
 * db_tx body: writes the batch's events with outbox_add, each about a new
 * withdrawal id (so a re-run after a rollback starts clean). DB_OK, or the
 * first failure (DB_FAIL for a CSPRNG or memory failure).
 */
static int
write_batch(struct db *db, void *arg)
{
	const struct batch_tx *b = arg;
	char wd[ID_MAX], ref[40];
	json_t *data;
	size_t i;
	enum db_rc rc;

	for (i = 0; i < b->n; i++) {
		if (id_new(wd, sizeof(wd), "wd_") != 0)
			return DB_FAIL;
		snprintf(ref, sizeof(ref), "bench-%zu", b->first + i);
		data = json_pack("{s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s}", "withdrawal_id", wd,
		    "status", "completed", "amount", "100.00", "currency", "USDT",
		    "ghs_amount", "1520.00", "recipient_phone", "+233241234567",
		    "mobile_network", "MTN", "reference_id", ref);
		if (data == NULL)
			return DB_FAIL;
		rc = outbox_add(db, BENCH_EVENT, OUTBOX_PARTNER, b->partner_id, wd, data);
		json_decref(data);
		if (rc != DB_OK)
			return rc;
	}
	return DB_OK;
}

/* Writes n events for partner_id, BENCH_BATCH per transaction. 0, or -1
 * (said on stderr; earlier batches stay). */
static int
write_events(struct ctx *ctx, long long partner_id, size_t n)
{
	struct batch_tx b;
	size_t done;
	int rc;

	for (done = 0; done < n; done += b.n) {
		b.partner_id = partner_id;
		b.first = done;
		b.n = n - done < BENCH_BATCH ? n - done : BENCH_BATCH;
		if ((rc = db_tx(ctx->db, write_batch, &b)) != DB_OK) {
			fprintf(stderr, "webhooks: writing events %zu..%zu failed (db rc %d): %s\n",
			    b.first, b.first + b.n - 1, rc, db_error(ctx->db));
			return -1;
		}
	}
	return 0;
}

/*
 * Whether some delivery is already pending (DB_WH_NEXT_DUE, the worker's
 * own look): the timed run drains those too, and one to an endpoint that
 * is gone waits out its retries. 1, 0, or -1 when the database said no.
 */
static int
deliveries_pending(struct ctx *ctx)
{
	struct db_rows rows;
	int pending;

	if (DB_EXEC(ctx->db, DB_WH_NEXT_DUE, no_args, &rows, NULL) != DB_OK)
		return -1;
	pending = db_cell(&rows, 0, DB_COL(dlv_next_due, due_us)) != NULL;
	db_rows_free(&rows);
	return pending;
}

static double
mono_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/*
 * Runs worker --until-idle with this process's environment (so the same
 * $CEDIRAMP_CONF) and waits for it. *secs: from just before it was started
 * to its exit. Returns its wait status, or -1 when it could not be started
 * or waited for (said on stderr).
 */
static int
run_worker(const char *worker, double *secs)
{
	char *argv[3];
	double t0;
	pid_t pid;
	int err, status;

	argv[0] = (char *)worker;
	argv[1] = (char *)"--until-idle";
	argv[2] = NULL;
	t0 = mono_seconds();
	if ((err = posix_spawn(&pid, worker, NULL, NULL, argv, environ)) != 0) {
		fprintf(stderr, "webhooks: cannot start %s: %s\n", worker, strerror(err));
		return -1;
	}
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			fprintf(stderr, "webhooks: waitpid: %s\n", strerror(errno));
			return -1;
		}
	}
	*secs = mono_seconds() - t0;
	return status;
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * How many distinct webhook-id headers r's hits carry, in *distinct (a
 * retried delivery arrives again under the same id). 0, or -1 on low
 * memory (said on stderr).
 */
static int
count_distinct(struct receiver *r, size_t *distinct)
{
	struct rcv_hit h;
	char id[ID_MAX + 8];
	char **ids = NULL;
	size_t i, n = rcv_count(r), got = 0;
	int rc = -1;

	*distinct = 0;
	if (n == 0)
		return 0;
	if ((ids = calloc(n, sizeof(*ids))) == NULL)
		goto oom;
	for (i = 0; i < n; i++) {
		if (rcv_get(r, i, &h) != 0)
			goto oom;
		if (rcv_header(&h, "webhook-id", id, sizeof(id)) != NULL &&
		    (ids[got] = strdup(id)) == NULL) {
			rcv_hit_free(&h);
			goto oom;
		}
		if (ids[got] != NULL)
			got++;
		rcv_hit_free(&h);
	}
	qsort(ids, got, sizeof(*ids), cmp_str);
	for (i = 0; i < got; i++)
		if (i == 0 || strcmp(ids[i], ids[i - 1]) != 0)
			(*distinct)++;
	rc = 0;
	goto out;
oom:
	fprintf(stderr, "webhooks: out of memory reading the receiver's hits\n");
out:
	if (ids != NULL)
		for (i = 0; i < got; i++)
			free(ids[i]);
	free(ids);
	return rc;
}

int
main(int argc, char **argv)
{
	struct ctx ctx;
	struct caller who;
	struct receiver *r = NULL;
	unsigned long long n = BENCH_EVENTS_DEFAULT;
	char wbuf[1024];
	const char *worker, *build;
	size_t hits, distinct;
	double secs = 0;
	int status, rc = 2;

	if (argc > 3 || (argc >= 2 && strict_uint(argv[1], strlen(argv[1]),
	    BENCH_EVENTS_MAX, &n) != 0) || n == 0) {
		usage();
		return 2;
	}
	if (argc == 3) {
		worker = argv[2];
	} else if ((build = getenv("CEDIRAMP_BUILD")) != NULL && build[0] != '\0' &&
	    (size_t)snprintf(wbuf, sizeof(wbuf), "%s/cron/webhooks", build) < sizeof(wbuf)) {
		worker = wbuf;
	} else {
		fprintf(stderr, "webhooks: name the worker program, or set CEDIRAMP_BUILD\n");
		usage();
		return 2;
	}
	if (ctx_init(&ctx, "bench-webhooks", 0) != 0) {
		fprintf(stderr, "webhooks: %s\n", ctx.init_error);
		goto free_ctx;
	}
	/* fake events for a fake partner: never in production (and only the
	 * sandbox lets an endpoint be on 127.0.0.1) */
	if (!ctx.cfg.sandbox || !ctx.cfg.wh_allow_loopback) {
		fprintf(stderr, "webhooks: needs a sandbox config with "
		    "webhooks.allow_loopback = 1\n");
		goto free_ctx;
	}
	if ((r = rcv_start()) == NULL)
		goto free_ctx;
	/* as most receivers do, it keeps a connection for the next post
	 * (BENCH_WEBHOOK_CLOSE=1: one post a connection) */
	rcv_keep_alive(r, getenv("BENCH_WEBHOOK_CLOSE") == NULL ||
	    strcmp(getenv("BENCH_WEBHOOK_CLOSE"), "1") != 0);
	if (deliveries_pending(&ctx) != 0)
		fprintf(stderr, "webhooks: warning: deliveries were pending before the "
		    "bench's own (or the database could not say); the time includes "
		    "them: use a fresh stack\n");
	if (bench_partner(&ctx, &who) != 0 || bench_endpoint(&ctx, &who, rcv_port(r)) != 0 ||
	    write_events(&ctx, who.id, (size_t)n) != 0)
		goto stop_receiver;

	rc = 1;
	if ((status = run_worker(worker, &secs)) < 0)
		goto stop_receiver;
	hits = rcv_count(r);
	if (count_distinct(r, &distinct) != 0)
		goto stop_receiver;
	if (hits < n || distinct < n) {
		fprintf(stderr, "webhooks: only %zu of %llu events reached the receiver "
		    "(%zu requests) in %.2f s; see the worker's log (log.file)\n",
		    distinct, n, hits, secs);
		goto worker_status;
	}
	printf("webhooks: %llu events delivered to a local receiver in %.2f s = %.0f "
	    "deliveries/s (max_in_flight %llu, %zu connections)\n", n, secs,
	    (double)n / secs, ctx.cfg.wh_max_in_flight, rcv_connections(r));
	fflush(stdout);
	if (hits > distinct)
		fprintf(stderr, "webhooks: %zu requests for %zu events (redeliveries)\n",
		    hits, distinct);
	rc = 0;
worker_status:
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		if (WIFEXITED(status))
			fprintf(stderr, "webhooks: %s exited with status %d\n", worker,
			    WEXITSTATUS(status));
		else
			fprintf(stderr, "webhooks: %s ended by signal %d\n", worker,
			    WIFSIGNALED(status) ? WTERMSIG(status) : 0);
		rc = 1;
	}
stop_receiver:
	rcv_stop(r);
free_ctx:
	ctx_free(&ctx);
	return rc;
}
