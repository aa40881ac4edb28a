#include "domain/delivery.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <curl/curl.h>

#include "core/log.h"
#include "core/netguard.h"
#include "core/strict.h"
#include "core/timefmt.h"
#include "domain/event.h"
#include "domain/outbox.h"

#define CLAIM_POLL_US 200000     /* how often to look for new work when idle */
#define BODY_READ_MAX 1024       /* bytes of an answer read */

static const long long policy1[] = { 60, 300, 1800, 7200, 86400 };
static const long long policy2[] = { 1, 4, 16 };

void
delivery_policy(const struct cfg *cfg, struct delivery_policy *p)
{
	const long long *d = cfg->wh_policy == 1 ? policy1 : policy2;
	unsigned i, n = cfg->wh_policy == 1 ? 5 : 3;
	long long div = cfg->wh_clock_divisor ? (long long)cfg->wh_clock_divisor : 1;

	memset(p, 0, sizeof(*p));
	for (i = 0; i < n; i++)
		p->delay_us[i] = d[i] * 1000000LL / div;
	p->n = n;
	/* a cfg that never went through cfg_load has no timeout decided yet:
	 * the policy's, never none (libcurl's 0) */
	p->timeout_ms = (long long)(cfg->wh_timeout_seconds ? cfg->wh_timeout_seconds :
	    cfg->wh_policy == 1 ? 30 : 10) * 1000;
}

static long long
now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (long long)ts.tv_sec * 1000000LL + ts.tv_nsec / 1000;
}

/* One attempt in flight. */
struct job {
	CURL *h;
	char did[24];                  /* webhook_deliveries.id */
	char event_id[ID_MAX];
	char *body;
	struct curl_slist *headers, *resolve;
	struct netguard_pin pin;
	long long start_us;
	size_t got;                    /* answer bytes read */
	int capped;                    /* stopped reading at BODY_READ_MAX */
	char errbuf[CURL_ERROR_SIZE];
};

static void
job_free(struct job *j)
{
	if (j == NULL)
		return;
	if (j->h != NULL)
		curl_easy_cleanup(j->h);
	curl_slist_free_all(j->headers);
	curl_slist_free_all(j->resolve);
	free(j->body);
	free(j);
}

/* Reads at most BODY_READ_MAX bytes of the answer; past that the transfer
 * stops (the status line is already in). */
static size_t
sink(char *p, size_t size, size_t n, void *arg)
{
	struct job *j = arg;

	(void)p;
	if (j->got + size * n > BODY_READ_MAX) {
		j->capped = 1;
		return 0;
	}
	j->got += size * n;
	return size * n;
}

/* ---- recording ---- */

struct record_tx {
	const char *did;
	char at[40];
	long status;             /* the answer's, or 0 for none */
	long long duration_ms;
	const char *error;       /* NULL when an answer came */
	const struct delivery_policy *policy;
	int outcome;             /* 1 delivered, 2 retry, 3 failed, 0 counted only */
};

static int
record_tx(struct db *db, void *arg)
{
	struct record_tx *k = arg;
	struct db_arg a[6];
	struct db_rows rows;
	unsigned long long attempts = 0, rf = 0;
	char state[16];
	const char *v;
	int rc;

	k->outcome = 0;
	a[0] = DB_S(k->did);
	if ((rc = db_exec(db, DB_WH_LOCK_DELIVERY, a, 1, &rows, NULL)) != DB_OK)
		return rc;
	if (rows.nrows == 0) {
		db_rows_free(&rows);
		return DB_FAIL;
	}
	db_cell_copy(state, sizeof(state), &rows, 0, 0);
	v = db_cell(&rows, 0, 1);
	rc = v == NULL || strict_uint(v, strlen(v), 1000000, &attempts) != 0;
	v = db_cell(&rows, 0, 2);
	rc = rc || v == NULL || strict_uint(v, strlen(v), 1000000, &rf) != 0;
	db_rows_free(&rows);
	if (rc)
		return DB_FAIL;
	attempts++;
	a[1] = DB_I((long long)attempts);
	a[2] = DB_S(k->at);
	a[3] = k->status ? DB_I(k->status) : DB_NULL;
	a[4] = DB_I(k->duration_ms);
	a[5] = k->error ? DB_S(k->error) : DB_NULL;
	if ((rc = db_exec(db, DB_WH_ATTEMPT_INSERT, a, 6, NULL, NULL)) != DB_OK)
		return rc;
	if (k->status >= 200 && k->status <= 299) {
		/* delivered is the truth even if the delivery was failed meanwhile */
		k->outcome = 1;
		a[0] = DB_I((long long)attempts);
		a[1] = DB_S(k->did);
		return db_exec(db, DB_WH_DELIVERED, a, 2, NULL, NULL);
	}
	if (strcmp(state, "pending") != 0) {
		a[0] = DB_I((long long)attempts);
		a[1] = DB_S(k->did);
		return db_exec(db, DB_WH_COUNTED, a, 2, NULL, NULL);
	}
	rf++;
	a[0] = DB_I((long long)attempts);
	a[1] = DB_I((long long)rf);
	if (rf > k->policy->n) {
		k->outcome = 3;
		a[2] = DB_S(k->did);
		return db_exec(db, DB_WH_FAILED, a, 3, NULL, NULL);
	}
	k->outcome = 2;
	a[2] = DB_I(k->policy->delay_us[rf - 1]);
	a[3] = DB_S(k->did);
	return db_exec(db, DB_WH_RETRY, a, 4, NULL, NULL);
}

/* Records an attempt at delivery did that began at start_us; status 0 and
 * error set when no answer came. Counts into st. */
static void
record(struct ctx *ctx, const struct delivery_policy *policy, const char *did,
    long long start_us, long status, const char *error, struct delivery_stats *st)
{
	struct record_tx k;

	memset(&k, 0, sizeof(k));
	k.did = did;
	timefmt_us_to_db(start_us, k.at, sizeof(k.at));
	k.status = status;
	k.duration_ms = (now_us() - start_us) / 1000;
	k.error = error;
	k.policy = policy;
	st->attempts++;
	if (db_tx(ctx->db, record_tx, &k) != DB_OK) {
		/* the lease runs out and the delivery is tried again: at least once */
		st->errors++;
		log_event("error", "webhook delivery %s: attempt not recorded: %s", did,
		    db_error(ctx->db));
		return;
	}
	if (k.outcome == 1)
		st->delivered++;
	else if (k.outcome == 2)
		st->retried++;
	else if (k.outcome == 3)
		st->failed++;
}

/* ---- sending ---- */

/* Adds "name: value" to *list; -1 on low memory. */
static int
add_header(struct curl_slist **list, const char *name, const char *value)
{
	char line[160];
	struct curl_slist *n;

	snprintf(line, sizeof(line), "%s: %s", name, value);
	if ((n = curl_slist_append(*list, line)) == NULL)
		return -1;
	*list = n;
	return 0;
}

/*
 * Loads delivery did and starts its attempt in multi. Returns the job (in
 * flight), or NULL when there is nothing to send: the delivery is no
 * longer pending, or the attempt already failed (its endpoint was deleted,
 * its address is refused) and was recorded.
 */
static struct job *
start(struct ctx *ctx, CURLM *multi, const struct delivery_policy *policy,
    const char *did, struct delivery_stats *st)
{
	struct db_arg a[1] = { DB_S(did) };
	struct db_rows rows;
	struct netguard_url u;
	struct event ev;
	struct job *j = NULL;
	char why[200], url[2100], secret[300], sig[EVENT_SIG_HEX_LEN + 1];
	char std[EVENT_SIG_STD_MAX], ts[24];
	const char *active;
	size_t blen = 0;
	long long t0 = now_us();
	int ok;

	if (db_exec(ctx->db, DB_WH_LOAD, a, 1, &rows, NULL) != DB_OK) {
		st->errors++;
		return NULL;
	}
	if (rows.nrows == 0 || strcmp(db_cell(&rows, 0, 0), "pending") != 0) {
		db_rows_free(&rows);
		return NULL;
	}
	if ((j = calloc(1, sizeof(*j))) == NULL) {
		db_rows_free(&rows);
		st->errors++;
		return NULL;
	}
	(void)strict_copy(j->did, sizeof(j->did), did);
	db_cell_copy(url, sizeof(url), &rows, 0, 1);
	db_cell_copy(secret, sizeof(secret), &rows, 0, 2);
	active = db_cell(&rows, 0, 3);
	memset(&ev, 0, sizeof(ev));
	db_cell_copy(ev.id, sizeof(ev.id), &rows, 0, 4);
	db_cell_copy(ev.type, sizeof(ev.type), &rows, 0, 5);
	ev.kind = strcmp(db_cell(&rows, 0, 6), "user") == 0 ? OUTBOX_USER : OUTBOX_PARTNER;
	db_cell_copy(ev.created_at, sizeof(ev.created_at), &rows, 0, 7);
	ev.data = db_cell(&rows, 0, 8);
	(void)strict_copy(j->event_id, sizeof(j->event_id), ev.id);
	j->body = event_body(&ev, secret, strlen(secret), &blen);
	ok = active != NULL && strcmp(active, "1") == 0;
	db_rows_free(&rows);
	if (!ok) {
		record(ctx, policy, did, t0, 0, "the endpoint was deleted", st);
		goto none;
	}
	if (j->body == NULL) {
		st->errors++;
		goto none;
	}
	/* the checks of registration, again, against today's DNS */
	if (netguard_parse_url(url, ctx->cfg.sandbox, &u, why, sizeof(why)) != 0 ||
	    netguard_resolve(&u, ctx->cfg.sandbox && ctx->cfg.wh_allow_loopback, &j->pin,
	    why, sizeof(why)) != 0) {
		record(ctx, policy, did, t0, 0, why, st);
		goto none;
	}
	snprintf(ts, sizeof(ts), "%lld", (long long)(t0 / 1000000));
	if (event_sig_hex(secret, strlen(secret), j->body, blen, sig, sizeof(sig)) != 0 ||
	    event_sig_std(secret, strlen(secret), ev.id, t0 / 1000000, j->body, blen, std,
	    sizeof(std)) != 0 ||
	    add_header(&j->headers, "Content-Type", "application/json") != 0 ||
	    add_header(&j->headers, "Expect", "") != 0 ||
	    add_header(&j->headers, "X-Cediramp-Event", ev.type) != 0 ||
	    add_header(&j->headers, "X-Cediramp-Signature", sig) != 0 ||
	    add_header(&j->headers, "webhook-id", ev.id) != 0 ||
	    add_header(&j->headers, "webhook-timestamp", ts) != 0 ||
	    add_header(&j->headers, "webhook-signature", std) != 0 ||
	    (j->h = curl_easy_init()) == NULL ||
	    netguard_curl_pin(j->h, &j->pin, &j->resolve) != 0) {
		st->errors++;
		goto none;
	}
	curl_easy_setopt(j->h, CURLOPT_URL, url);
	curl_easy_setopt(j->h, CURLOPT_PROTOCOLS_STR, "http,https");
	curl_easy_setopt(j->h, CURLOPT_FOLLOWLOCATION, 0L);
	curl_easy_setopt(j->h, CURLOPT_POSTFIELDS, j->body);
	curl_easy_setopt(j->h, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)blen);
	curl_easy_setopt(j->h, CURLOPT_HTTPHEADER, j->headers);
	curl_easy_setopt(j->h, CURLOPT_USERAGENT, "cediramp-webhooks/" CEDIRAMP_VERSION);
	curl_easy_setopt(j->h, CURLOPT_TIMEOUT_MS, (long)policy->timeout_ms);
	curl_easy_setopt(j->h, CURLOPT_WRITEFUNCTION, sink);
	curl_easy_setopt(j->h, CURLOPT_WRITEDATA, j);
	curl_easy_setopt(j->h, CURLOPT_ERRORBUFFER, j->errbuf);
	curl_easy_setopt(j->h, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(j->h, CURLOPT_PRIVATE, j);
	j->start_us = t0;
	if (curl_multi_add_handle(multi, j->h) != CURLM_OK) {
		st->errors++;
		goto none;
	}
	return j;
none:
	job_free(j);
	return NULL;
}

/* Records a finished transfer of job j (result rc) and frees it. */
static void
finish(struct ctx *ctx, CURLM *multi, const struct delivery_policy *policy,
    struct job *j, CURLcode rc, struct delivery_stats *st)
{
	long status = 0;
	char why[CURL_ERROR_SIZE + 40];

	curl_easy_getinfo(j->h, CURLINFO_RESPONSE_CODE, &status);
	curl_multi_remove_handle(multi, j->h);
	if (rc == CURLE_OK || (rc == CURLE_WRITE_ERROR && j->capped && status != 0)) {
		record(ctx, policy, j->did, j->start_us, status, NULL, st);
	} else {
		if (rc == CURLE_OPERATION_TIMEDOUT)
			snprintf(why, sizeof(why), "timed out after %lld ms",
			    policy->timeout_ms);
		else if (rc == CURLE_COULDNT_CONNECT && j->errbuf[0] == '\0')
			snprintf(why, sizeof(why), "could not connect");
		else
			snprintf(why, sizeof(why), "%s",
			    j->errbuf[0] ? j->errbuf : curl_easy_strerror(rc));
		record(ctx, policy, j->did, j->start_us, 0, why, st);
	}
	job_free(j);
}

/* Microseconds until a pending delivery falls due (0: now), or -1 when
 * none is pending. */
static long long
next_due_us(struct ctx *ctx)
{
	struct db_rows rows;
	unsigned long long u;
	const char *v;
	long long us = -1;

	if (db_exec(ctx->db, DB_WH_NEXT_DUE, NULL, 0, &rows, NULL) != DB_OK)
		return 0;
	v = db_cell(&rows, 0, 0);
	/* negative: already due */
	if (v != NULL)
		us = v[0] == '-' || strict_uint(v, strlen(v), ~0ULL >> 1, &u) != 0 ? 0 :
		    (long long)u;
	db_rows_free(&rows);
	return us;
}

int
delivery_drain(struct ctx *ctx, int until_idle, struct delivery_stats *st)
{
	struct delivery_policy policy;
	long long deadline = now_us() + (long long)ctx->cfg.wh_drain_seconds * 1000000LL;
	long long next_claim = 0;
	int max = (int)ctx->cfg.wh_max_in_flight, in_flight = 0, rc = 0;
	char (*ids)[24] = NULL;
	CURLM *multi = NULL;

	memset(st, 0, sizeof(*st));
	delivery_policy(&ctx->cfg, &policy);
	if ((multi = curl_multi_init()) == NULL ||
	    (ids = calloc((size_t)max, sizeof(*ids))) == NULL) {
		rc = -1;
		goto out;
	}
	for (;;) {
		long long now = now_us();
		CURLMsg *m;
		int left, running;

		if (now < deadline && in_flight < max && now >= next_claim) {
			int want = max - in_flight, got, i;

			got = db_claim(ctx->db, DB_WH_CLAIM, DB_WH_LEASE, want,
			    (int)ctx->cfg.wh_lease_seconds, ids[0], sizeof(ids[0]));
			if (got < 0) {
				st->errors++;
				if (st->attempts == 0 && in_flight == 0) {
					rc = -1;
					goto out;
				}
			}
			for (i = 0; i < got; i++)
				if (start(ctx, multi, &policy, ids[i], st) != NULL)
					in_flight++;
			/* a full batch: more may be waiting; else look again shortly */
			next_claim = got == want ? now : now + CLAIM_POLL_US;
		}
		if (in_flight == 0) {
			long long due = next_due_us(ctx);

			if (now >= deadline)
				break;
			if (until_idle && (due < 0 || now + due >= deadline))
				break;
			/* nothing in flight: sleep until the next retry falls due,
			 * or the next look for new events, whichever is first (one
			 * due now but not claimed waits behind an earlier event of
			 * its resource, or another worker has it: the next look) */
			if (due > 0 && now + due < next_claim)
				next_claim = now + due;
			if (next_claim > now) {
				struct timespec ts = { (time_t)((next_claim - now) / 1000000),
					(long)((next_claim - now) % 1000000) * 1000 };

				nanosleep(&ts, NULL);
			}
			continue;
		}
		curl_multi_perform(multi, &running);
		while ((m = curl_multi_info_read(multi, &left)) != NULL) {
			struct job *j = NULL;

			if (m->msg != CURLMSG_DONE)
				continue;
			curl_easy_getinfo(m->easy_handle, CURLINFO_PRIVATE, (char **)&j);
			finish(ctx, multi, &policy, j, m->data.result, st);
			in_flight--;
			next_claim = now; /* the next event of its resource may go now */
		}
		if (in_flight > 0)
			curl_multi_poll(multi, NULL, 0, 50, NULL);
	}
out:
	free(ids);
	if (multi != NULL)
		curl_multi_cleanup(multi);
	return rc;
}
