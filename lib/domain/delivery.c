#include "domain/delivery.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <openssl/crypto.h>

#include "core/log.h"
#include "core/strict.h"
#include "core/timefmt.h"
#include "domain/delivery_record.h"
#include "domain/internal.h"
#include "domain/event.h"
#include "domain/outbox.h"
#include "domain/webhook_secret.h"
#include "store/db_sig.h"

#define CLAIM_POLL_US 200000     /* how often to look for new work when idle */
#define RECORD_WAIT_US 20000     /* an ended attempt waits this long at most
                                    for others to be recorded with */

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

/* A drain's state: the attempts that ended, not yet recorded. */
struct drainer {
	struct ctx *ctx;
	const struct delivery_policy *policy;
	struct delivery_stats *st;
	struct delivery_attempt *ended;
	size_t nended, cap;
	long long first_us;            /* when the oldest of them ended */
	int n;                         /* ended during the last poll */
};

/* Records what ended, in one go (delivery_record.h). */
static void
flush(struct drainer *d)
{
	delivery_record_many(d->ctx, d->policy, d->ended, d->nended, d->st);
	d->nended = 0;
}

/* Keeps an attempt at delivery did, begun at start_us, to be recorded:
 * status 0 with error when no answer came; the answer's first bytes
 * (body, n of them) otherwise. */
static void
note(struct drainer *d, const char *did, long long start_us, long status, const char *error,
    const char *body, size_t n)
{
	struct delivery_attempt *a;

	if (d->nended == d->cap)
		flush(d);
	a = &d->ended[d->nended];
	memset(a, 0, sizeof(*a));
	(void)strict_copy(a->did, sizeof(a->did), did);
	a->start_us = start_us;
	a->end_us = now_us();
	a->status = status;
	if (status == 0)
		strict_clip(a->error, sizeof(a->error), error, strlen(error));
	else if (n > 0 && n <= sizeof(a->body)) {
		memcpy(a->body, body, n);
		a->body_len = n;
	}
	if (d->nended++ == 0)
		d->first_us = a->end_us;
}

/* ---- sending ---- */

/*
 * The secrets of delivery row r of DB_WH_LOAD_MANY in rows, opened with keys:
 * the current one into plain[0] and, when the row has one still in its
 * overlap, the previous one into plain[1]; views of them into secrets.
 * The number of secrets (1 or 2), or 0 when one does not open (logged).
 * The caller wipes plain.
 */
static size_t
open_secrets(const struct whsec_keys *keys, const struct db_rows *rows, size_t r,
    const char *did, char plain[WHSEC_SIGN_MAX][WHSEC_PLAIN_MAX + 1],
    struct whsec_plain *secrets)
{
	char public_id[ID_MAX];
	const char *prev = db_cell(rows, r, DB_COL(dlv_load, previous_secret_sealed));
	size_t ns = 0;

	db_cell_copy(public_id, sizeof(public_id), rows, r, DB_COL(dlv_load, public_id));
	if (whsec_open_stored(keys, public_id, WHSEC_CURRENT,
	    db_cell(rows, r, DB_COL(dlv_load, secret_key_id)),
	    db_cell(rows, r, DB_COL(dlv_load, secret_sealed)), plain[0], WHSEC_PLAIN_MAX + 1,
	    &secrets[0].n) != 0)
		goto bad;
	secrets[ns++].s = plain[0];
	if (prev != NULL) {
		if (whsec_open_stored(keys, public_id, WHSEC_PREVIOUS,
		    db_cell(rows, r, DB_COL(dlv_load, previous_secret_key_id)), prev, plain[1],
		    WHSEC_PLAIN_MAX + 1, &secrets[1].n) != 0)
			goto bad;
		secrets[ns++].s = plain[1];
	}
	return ns;
bad:
	log_event("error", "webhook delivery %s: the secret of %s does not open with the "
	    "configured keys (webhooks.encryption_key_file, "
	    "webhooks.previous_encryption_key_file; an earlier version's row: run "
	    "cediramp-admin migrate)", did, public_id);
	return 0;
}

/*
 * Starts the attempt of delivery row r of DB_WH_LOAD_MANY through sender,
 * signed with the endpoint's secrets (keys open them). 1 when it is in
 * flight; 0 when there is nothing to send: the delivery is no longer
 * pending, or the attempt already failed (its endpoint was deleted, its
 * address is refused: noted for the record), or its secret does not open
 * (an error: the delivery stays pending, to be claimed again when its
 * lease ends).
 */
static int
start(struct drainer *d, struct webhook_sender *sender, const struct whsec_keys *keys,
    const struct db_rows *rows, size_t r)
{
	struct ctx *ctx = d->ctx;
	struct event ev;
	struct webhook_post post;
	struct job *j = NULL;
	char why[200], url[2100], did[24], plain[WHSEC_SIGN_MAX][WHSEC_PLAIN_MAX + 1];
	char sig[WHSEC_HEX_LIST_MAX], std[WHSEC_STD_LIST_MAX], h[5][WHSEC_HEX_LIST_MAX + 40];
	struct whsec_plain secrets[WHSEC_SIGN_MAX];
	const char *headers[6], *active, *state = db_cell(rows, r, DB_COL(dlv_load, status));
	char *body = NULL;
	size_t blen = 0, ns;
	long long t0 = now_us();
	int ok, rc = 0;

	db_cell_copy(did, sizeof(did), rows, r, DB_COL(dlv_load, delivery_id));
	if (state == NULL || strcmp(state, "pending") != 0)
		return 0;
	db_cell_copy(url, sizeof(url), rows, r, DB_COL(dlv_load, url));
	active = db_cell(rows, r, DB_COL(dlv_load, active));
	ok = active != NULL && strcmp(active, "1") == 0;
	ns = open_secrets(keys, rows, r, did, plain, secrets);
	memset(&ev, 0, sizeof(ev));
	db_cell_copy(ev.id, sizeof(ev.id), rows, r, DB_COL(dlv_load, event_id));
	db_cell_copy(ev.type, sizeof(ev.type), rows, r, DB_COL(dlv_load, type));
	/* the wallet's body (its signature inside) for a user's and the
	 * platform's events alike */
	ev.kind = strcmp(db_cell(rows, r, DB_COL(dlv_load, subject_kind)), "partner") == 0 ?
	    OUTBOX_PARTNER : OUTBOX_USER;
	db_cell_copy(ev.created_at, sizeof(ev.created_at), rows, r, DB_COL(dlv_load, created_at));
	ev.data = db_cell(rows, r, DB_COL(dlv_load, payload));
	/* a wallet body's own signature is the current secret's */
	if (ns > 0)
		body = event_body(&ev, secrets[0].s, secrets[0].n, &blen);
	if (!ok) {
		note(d, did, t0, 0, "the endpoint was deleted or disabled", NULL, 0);
		goto out;
	}
	if (ns == 0 || body == NULL || (j = calloc(1, sizeof(*j))) == NULL ||
	    whsec_sign(secrets, ns, ev.id, t0 / 1000000, body, blen, sig, sizeof(sig), std,
	    sizeof(std)) != 0) {
		d->st->errors++;
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
		note(d, did, t0, 0, why, NULL, 0);
		break;
	default:
		d->st->errors++;
		break;
	}
out:
	OPENSSL_cleanse(plain, sizeof(plain));
	free(j);
	free(body);
	return rc;
}

/*
 * Loads the n claimed deliveries of ids (one statement) and starts each
 * one's attempt (start). How many are in flight.
 */
static int
start_claimed(struct drainer *d, struct webhook_sender *sender,
    const struct whsec_keys *keys, char (*ids)[24], int n)
{
	const char **list = calloc((size_t)n, sizeof(*list));
	struct db_rows rows;
	char *text = NULL;
	int i, started = 0;

	for (i = 0; list != NULL && i < n; i++)
		list[i] = ids[i];
	if (list != NULL)
		text = domain_json_strings(list, (size_t)n);
	free(list);
	if (text == NULL) {
		d->st->errors++;
		return 0;
	}
	if (DB_EXEC(d->ctx->db, DB_WH_LOAD_MANY, json_batch, &rows, NULL, .json = text) != DB_OK) {
		d->st->errors++;
		free(text);
		return 0;
	}
	free(text);
	for (i = 0; i < (int)rows.nrows; i++)
		started += start(d, sender, keys, &rows, (size_t)i);
	db_rows_free(&rows);
	return started;
}

/* Keeps an attempt the sender ended, for the record. */
static void
ended(const struct webhook_result *r, void *arg)
{
	struct drainer *d = arg;
	struct job *j = r->tag;

	note(d, j->did, j->start_us, r->status, r->error, r->body, r->body_len);
	free(j);
	d->n++;
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

	if (DB_EXEC(ctx->db, DB_WH_NEXT_DUE, no_args, &rows, NULL) != DB_OK)
		return 0;
	v = db_cell(&rows, 0, DB_COL(dlv_next_due, due_us));
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
	struct drainer d;

	memset(st, 0, sizeof(*st));
	memset(&d, 0, sizeof(d));
	/* without the key no secret opens: nothing is sent, nothing is lost */
	if (whsec_keys_load(&ctx->cfg, &keys) != 0) {
		whsec_keys_wipe(&keys);
		log_event("error", "webhooks: webhooks.encryption_key_file is not set in the config; "
		    "no delivery is sent until it is");
		return -1;
	}
	delivery_policy(&ctx->cfg, &policy);
	d = (struct drainer){ .ctx = ctx, .policy = &policy, .st = st, .cap = 2 * (size_t)max };
	/* one sender for the whole drain: its connections to each receiver
	 * stay open from one batch to the next (webhook_http.h) */
	if ((sender = ops->open(policy.timeout_ms, ctx->cfg.wh_allow_http,
	    (int)ctx->cfg.wh_allow_loopback, &ctx->cfg.wh_allowed_ports)) == NULL ||
	    (ids = calloc((size_t)max, sizeof(*ids))) == NULL ||
	    (d.ended = calloc(d.cap, sizeof(*d.ended))) == NULL) {
		rc = -1;
		goto out;
	}
	for (;;) {
		long long now = now_us(), wait_ms = 50;

		/* what ended is recorded together (delivery_record.h): once half
		 * the window has, or the first has waited RECORD_WAIT_US, or
		 * nothing is in flight */
		if (d.nended > 0 && (in_flight == 0 || d.nended >= (size_t)(max + 1) / 2 ||
		    now - d.first_us >= RECORD_WAIT_US))
			flush(&d);
		/* a claim only when all that ended is recorded: an event waits
		 * for the earlier ones of its resource to be delivered */
		if (d.nended == 0 && now < deadline && in_flight < max && now >= next_claim) {
			int want = max - in_flight, got;

			got = db_claim_all(ctx->db, DB_WH_CLAIM, DB_WH_LEASE_MANY, want,
			    (int)ctx->cfg.wh_lease_seconds, ids[0], sizeof(ids[0]));
			if (got < 0) {
				st->errors++;
				if (st->attempts == 0 && in_flight == 0) {
					rc = -1;
					goto out;
				}
			}
			if (got > 0)
				in_flight += start_claimed(&d, sender, &keys, ids, got);
			/* a full batch: more may be waiting; else look again shortly */
			next_claim = got == want ? now : now + CLAIM_POLL_US;
		}
		if (in_flight == 0) {
			long long due;

			if (d.nended > 0)
				continue; /* refused at the start: recorded first */
			due = next_due_us(ctx);
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
		if (d.nended > 0)
			wait_ms = (d.first_us + RECORD_WAIT_US - now) / 1000 + 1;
		d.n = 0;
		in_flight = (int)ops->poll(sender, (int)(wait_ms < 50 ? wait_ms : 50), ended, &d);
		if (d.n > 0)
			next_claim = now; /* the next event of its resource may go now */
	}
out:
	if (d.ended != NULL)
		flush(&d);
	whsec_keys_wipe(&keys);
	free(d.ended);
	free(ids);
	ops->close(sender);
	return rc;
}
