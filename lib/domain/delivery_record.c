#include "domain/delivery_record.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "core/log.h"
#include "core/metrics.h"
#include "core/strict.h"
#include "core/textclean.h"
#include "core/timefmt.h"
#include "domain/internal.h"
#include "store/db_sig.h"

/* The attempts of one recording transaction, and what each did. */
struct recording {
	const struct delivery_attempt *a;
	size_t n;
	const struct delivery_policy *policy;
	int *outcome;            /* 1 delivered, 2 retry, 3 failed, 0 counted only */
};

/* A delivery's row as DB_WH_LOCK_MANY gives it. */
struct locked {
	char state[16];
	unsigned long long attempts, rf, id;
};

/* Row r of DB_WH_LOCK_MANY into l; -1 for one that does not read. */
static int
locked_row(const struct db_rows *rows, size_t r, struct locked *l)
{
	const char *v[3] = { db_cell(rows, r, DB_COL(dlv_locked, attempts)),
		db_cell(rows, r, DB_COL(dlv_locked, round_failures)),
		db_cell(rows, r, DB_COL(dlv_locked, id)) };

	db_cell_copy(l->state, sizeof(l->state), rows, r, DB_COL(dlv_locked, status));
	return v[0] == NULL || strict_uint(v[0], strlen(v[0]), 1000000, &l->attempts) != 0 ||
	    v[1] == NULL || strict_uint(v[1], strlen(v[1]), 1000000, &l->rf) != 0 ||
	    v[2] == NULL || strict_uint(v[2], strlen(v[2]), ~0ULL >> 1, &l->id) != 0 ? -1 : 0;
}

/*
 * What attempt a does to its delivery l (locked): into its attempt row
 * and its delivery's change (appended to ins and upd); its outcome.
 */
static int
plan(const struct recording *k, const struct delivery_attempt *a, struct locked *l,
    json_t *ins, json_t *upd)
{
	char at[40], body[WEBHOOK_READ_MAX + 1];
	long long delay = 0;
	int outcome;
	size_t n;

	l->attempts++;
	if (a->status >= 200 && a->status <= 299)
		outcome = 1; /* delivered is the truth even if it was failed meanwhile */
	else if (strcmp(l->state, "pending") != 0)
		outcome = 0;
	else if (++l->rf > k->policy->n)
		outcome = 3;
	else
		outcome = 2, delay = k->policy->delay_us[l->rf - 1];
	timefmt_us_to_db(a->start_us, at, sizeof(at));
	n = text_clean(a->body, a->body_len, body, sizeof(body));
	if (json_array_append_new(ins, json_pack("{s:I,s:I,s:s,s:o,s:I,s:o,s:o}", "id",
	    (json_int_t)l->id, "attempt", (json_int_t)l->attempts, "at", at, "status",
	    a->status ? json_integer(a->status) : json_null(), "ms",
	    (json_int_t)((a->end_us - a->start_us) / 1000), "body",
	    a->status ? json_stringn(body, n) : json_null(), "error",
	    a->status ? json_null() : json_string(a->error))) != 0 ||
	    json_array_append_new(upd, json_pack("{s:I,s:I,s:i,s:I,s:I}", "id",
	    (json_int_t)l->id, "attempts", (json_int_t)l->attempts, "outcome", outcome,
	    "rf", (json_int_t)l->rf, "delay", (json_int_t)delay)) != 0)
		return -1;
	return outcome;
}

/* The deliveries of k's attempts, locked, into l (in k's order); DB_FAIL
 * when one is missing, or there twice. */
static enum db_rc
lock_deliveries(struct db *db, const struct recording *k, struct locked *l)
{
	json_t *ids = json_array();
	unsigned long long id;
	struct db_rows rows;
	struct locked one;
	size_t i, r, found = 0;
	enum db_rc rc = DB_FAIL;
	int bad = ids == NULL;

	for (i = 0; i < k->n && !bad; i++) {
		l[i].id = 0;
		bad = strict_uint(k->a[i].did, strlen(k->a[i].did), ~0ULL >> 1, &id) != 0 ||
		    json_array_append_new(ids, json_integer((json_int_t)id)) != 0;
	}
	if (!bad)
		rc = domain_exec_json(db, DB_WH_LOCK_MANY, ids, &rows, NULL);
	json_decref(ids);
	if (rc != DB_OK)
		return rc;
	for (r = 0; r < rows.nrows && rc == DB_OK; r++) {
		if (locked_row(&rows, r, &one) != 0)
			rc = DB_FAIL;
		for (i = 0; i < k->n && rc == DB_OK; i++)
			if (l[i].id == 0 && strict_uint(k->a[i].did, strlen(k->a[i].did),
			    ~0ULL >> 1, &id) == 0 && id == one.id) {
				l[i] = one;
				found++;
				break; /* a delivery twice: the second stays unfound */
			}
	}
	db_rows_free(&rows);
	return rc == DB_OK && found != k->n ? DB_FAIL : rc;
}

/* One transaction of k's attempts: their deliveries locked, their rows
 * written, their deliveries moved; three statements however many. */
static int
record_tx(struct db *db, void *arg)
{
	struct recording *k = arg;
	json_t *ins = json_array(), *upd = json_array();
	struct locked *l = calloc(k->n, sizeof(*l));
	enum db_rc rc = DB_FAIL;
	size_t i;

	if (ins == NULL || upd == NULL || l == NULL ||
	    (rc = lock_deliveries(db, k, l)) != DB_OK)
		goto out;
	for (i = 0; i < k->n; i++)
		if ((k->outcome[i] = plan(k, &k->a[i], &l[i], ins, upd)) < 0) {
			rc = DB_FAIL;
			goto out;
		}
	if ((rc = domain_exec_changes(db, DB_WH_ATTEMPT_INSERT_MANY, ins, k->n)) == DB_OK)
		rc = domain_exec_changes(db, DB_WH_RECORD_MANY, upd, k->n);
out:
	json_decref(ins);
	json_decref(upd);
	free(l);
	return rc;
}

/*
 * Counts a recorded attempt in cediramp_webhook_deliveries_total by what
 * it did: delivered, retry (another attempt is due), failed (none will
 * follow: the policy has no delay left, or the delivery was no longer
 * pending, failed or delivered meanwhile, and the attempt did not deliver
 * it). Counted once committed, so a transaction run again counts once.
 */
static void
count_outcome(int outcome)
{
	metrics_count("cediramp_webhook_deliveries_total",
	    outcome == 1 ? "outcome=\"delivered\"" :
	    outcome == 2 ? "outcome=\"retry\"" : "outcome=\"failed\"", 1);
}

/* Records a[0..n) in one transaction; DB_OK (counted into st) or its error. */
static int
record(struct ctx *ctx, const struct delivery_policy *policy,
    const struct delivery_attempt *a, size_t n, struct delivery_stats *st)
{
	struct recording k = { a, n, policy, calloc(n, sizeof(int)) };
	size_t i;
	int rc;

	if (k.outcome == NULL)
		return DB_FAIL;
	if ((rc = db_tx(ctx->db, record_tx, &k)) == DB_OK)
		for (i = 0; i < n; i++) {
			st->attempts++;
			st->delivered += k.outcome[i] == 1;
			st->retried += k.outcome[i] == 2;
			st->failed += k.outcome[i] == 3;
			count_outcome(k.outcome[i]);
		}
	free(k.outcome);
	return rc;
}

void
delivery_record_many(struct ctx *ctx, const struct delivery_policy *policy,
    const struct delivery_attempt *a, size_t n, struct delivery_stats *st)
{
	size_t i;

	if (n == 0 || (n > 1 && record(ctx, policy, a, n, st) == DB_OK))
		return;
	for (i = 0; i < n; i++)
		if (record(ctx, policy, &a[i], 1, st) != DB_OK) {
			/* the lease runs out and the delivery is tried again: at
			 * least once */
			st->attempts++;
			st->errors++;
			log_event("error", "webhook delivery %s: attempt not recorded: %s",
			    a[i].did, db_error(ctx->db));
		}
}
