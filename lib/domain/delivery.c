#include "domain/delivery.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <openssl/crypto.h>

#include "core/log.h"
#include "core/strict.h"
#include "core/timefmt.h"
#include "domain/event.h"
#include "domain/outbox.h"
#include "domain/webhook_secret.h"

#define CLAIM_POLL_US 200000     /* how often to look for new work when idle */

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

/* One attempt in flight: what its result is recorded against. */
struct job {
	char did[24];                  /* webhook_deliveries.id */
	long long start_us;
};

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

/*
 * The secrets of the delivery row of DB_WH_LOAD in rows, opened with keys:
 * the current one into plain[0] and, when the row has one still in its
 * overlap, the previous one into plain[1]; views of them into secrets.
 * The number of secrets (1 or 2), or 0 when one does not open (logged).
 * The caller wipes plain.
 */
static size_t
open_secrets(const struct whsec_keys *keys, const struct db_rows *rows, const char *did,
    char plain[WHSEC_SIGN_MAX][WHSEC_PLAIN_MAX + 1], struct whsec_plain *secrets)
{
	char public_id[ID_MAX];
	const unsigned char *key;
	const char *prev = db_cell(rows, 0, 11);
	size_t ns = 0;

	db_cell_copy(public_id, sizeof(public_id), rows, 0, 10);
	key = whsec_key_by_id(keys, db_cell(rows, 0, 9));
	if (key == NULL || whsec_open_hex(key, public_id, db_cell(rows, 0, 2), plain[0],
	    WHSEC_PLAIN_MAX + 1, &secrets[0].n) != 0)
		goto bad;
	secrets[ns++].s = plain[0];
	if (prev != NULL) {
		key = whsec_key_by_id(keys, db_cell(rows, 0, 12));
		if (key == NULL || whsec_open_hex(key, public_id, prev, plain[1],
		    WHSEC_PLAIN_MAX + 1, &secrets[1].n) != 0)
			goto bad;
		secrets[ns++].s = plain[1];
	}
	return ns;
bad:
	log_event("error", "webhook delivery %s: the secret of %s does not open with the "
	    "configured keys (webhooks.encryption_key, webhooks.previous_encryption_key)",
	    did, public_id);
	return 0;
}

/*
 * Loads delivery did and starts its attempt through sender, signed with
 * the endpoint's secrets (keys open them). 1 when it is in flight; 0 when
 * there is nothing to send: the delivery is no longer pending, or the
 * attempt already failed (its endpoint was deleted, its address is
 * refused) and was recorded, or its secret does not open (an error: the
 * delivery stays pending, to be claimed again when its lease ends).
 */
static int
start(struct ctx *ctx, struct webhook_sender *sender, const struct delivery_policy *policy,
    const struct whsec_keys *keys, const char *did, struct delivery_stats *st)
{
	struct db_arg a[1] = { DB_S(did) };
	struct db_rows rows;
	struct event ev;
	struct webhook_post post;
	struct job *j = NULL;
	char why[200], url[2100], plain[WHSEC_SIGN_MAX][WHSEC_PLAIN_MAX + 1];
	char sig[WHSEC_HEX_LIST_MAX], std[WHSEC_STD_LIST_MAX], h[5][WHSEC_HEX_LIST_MAX + 40];
	struct whsec_plain secrets[WHSEC_SIGN_MAX];
	const char *headers[6], *active;
	char *body = NULL;
	size_t blen = 0, ns;
	long long t0 = now_us();
	int ok, rc = 0;

	if (db_exec(ctx->db, DB_WH_LOAD, a, 1, &rows, NULL) != DB_OK) {
		st->errors++;
		return 0;
	}
	if (rows.nrows == 0 || strcmp(db_cell(&rows, 0, 0), "pending") != 0) {
		db_rows_free(&rows);
		return 0;
	}
	db_cell_copy(url, sizeof(url), &rows, 0, 1);
	active = db_cell(&rows, 0, 3);
	ok = active != NULL && strcmp(active, "1") == 0;
	ns = open_secrets(keys, &rows, did, plain, secrets);
	memset(&ev, 0, sizeof(ev));
	db_cell_copy(ev.id, sizeof(ev.id), &rows, 0, 4);
	db_cell_copy(ev.type, sizeof(ev.type), &rows, 0, 5);
	ev.kind = strcmp(db_cell(&rows, 0, 6), "user") == 0 ? OUTBOX_USER : OUTBOX_PARTNER;
	db_cell_copy(ev.created_at, sizeof(ev.created_at), &rows, 0, 7);
	ev.data = db_cell(&rows, 0, 8);
	/* a wallet body's own signature is the current secret's */
	if (ns > 0)
		body = event_body(&ev, secrets[0].s, secrets[0].n, &blen);
	db_rows_free(&rows);
	if (!ok) {
		record(ctx, policy, did, t0, 0, "the endpoint was deleted", st);
		goto out;
	}
	if (ns == 0 || body == NULL || (j = calloc(1, sizeof(*j))) == NULL ||
	    whsec_sign(secrets, ns, ev.id, t0 / 1000000, body, blen, sig, sizeof(sig), std,
	    sizeof(std)) != 0) {
		st->errors++;
		goto out;
	}
	(void)strict_copy(j->did, sizeof(j->did), did);
	j->start_us = t0;
	snprintf(h[0], sizeof(h[0]), "X-Cediramp-Event: %s", ev.type);
	snprintf(h[1], sizeof(h[1]), "X-Cediramp-Signature: %s", sig);
	snprintf(h[2], sizeof(h[2]), "webhook-id: %s", ev.id);
	snprintf(h[3], sizeof(h[3]), "webhook-timestamp: %lld", t0 / 1000000);
	snprintf(h[4], sizeof(h[4]), "webhook-signature: %s", std);
	headers[0] = h[0], headers[1] = h[1], headers[2] = h[2];
	headers[3] = h[3], headers[4] = h[4], headers[5] = NULL;
	post = (struct webhook_post){ url, body, blen, headers, j };
	switch (ctx->prov.webhooks->start(sender, &post, why, sizeof(why))) {
	case 0:
		j = NULL; /* the sender's until its result comes back */
		rc = 1;
		break;
	case -1:
		record(ctx, policy, did, t0, 0, why, st);
		break;
	default:
		st->errors++;
		break;
	}
out:
	OPENSSL_cleanse(plain, sizeof(plain));
	free(j);
	free(body);
	return rc;
}

struct ended {
	struct ctx *ctx;
	const struct delivery_policy *policy;
	struct delivery_stats *st;
	int n;
};

/* Records an attempt the sender ended. */
static void
ended(const struct webhook_result *r, void *arg)
{
	struct ended *e = arg;
	struct job *j = r->tag;

	record(e->ctx, e->policy, j->did, j->start_us, r->status, r->status ? NULL : r->error,
	    e->st);
	free(j);
	e->n++;
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
	const struct webhook_sender_ops *ops = ctx->prov.webhooks;
	struct webhook_sender *sender = NULL;
	char (*ids)[24] = NULL;
	struct whsec_keys keys;
	struct ended done;

	memset(st, 0, sizeof(*st));
	/* without the key no secret opens: nothing is sent, nothing is lost */
	if (whsec_keys_load(&ctx->cfg, &keys) != 0) {
		whsec_keys_wipe(&keys);
		log_event("error", "webhooks: webhooks.encryption_key is not set in the config; "
		    "no delivery is sent until it is");
		return -1;
	}
	delivery_policy(&ctx->cfg, &policy);
	done = (struct ended){ ctx, &policy, st, 0 };
	if ((sender = ops->open(policy.timeout_ms, ctx->cfg.wh_allow_http,
	    (int)ctx->cfg.wh_allow_loopback)) == NULL ||
	    (ids = calloc((size_t)max, sizeof(*ids))) == NULL) {
		rc = -1;
		goto out;
	}
	for (;;) {
		long long now = now_us();

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
				in_flight += start(ctx, sender, &policy, &keys, ids[i], st);
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
		done.n = 0;
		in_flight = (int)ops->poll(sender, 50, ended, &done);
		if (done.n > 0)
			next_claim = now; /* the next event of its resource may go now */
	}
out:
	whsec_keys_wipe(&keys);
	free(ids);
	ops->close(sender);
	return rc;
}
