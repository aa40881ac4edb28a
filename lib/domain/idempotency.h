/*
 * idempotency: idempotency keys as a journal of requests. A key is scoped per
 * user, 1..128 printable characters, and lives 24 hours. The first request
 * with a key claims it (UNIQUE (user, key) decides races) and holds it
 * under a lease; as its work commits it records recovery points on the key
 * in the same transaction as the work ("conversion_created" cv_...), in the
 * manner of Stripe's idempotency design. Its answer is then stored and
 * replayed byte for byte to the same key with the same body on the same
 * endpoint; a different body or endpoint is ERR_IDEMPOTENCY_CONFLICT.
 *
 * A key can never lead to a second execution of committed work, and is
 * never stuck: when the request holding it died (no progress for longer
 * than the lease), the next retry takes the key over and resumes from the
 * recorded point; with nothing recorded it runs afresh. An answer that
 * changed nothing (a validation error) is not stored, so a corrected retry
 * can run.
 */
#ifndef CEDIRAMP_IDEMPOTENCY_H
#define CEDIRAMP_IDEMPOTENCY_H

#include <stddef.h>

#include "core/outcome.h"
#include "store/db.h"

#define IDEMPOTENCY_KEY_MAX 128
#define IDEMPOTENCY_WAIT_MS 5000
#define IDEMPOTENCY_STARTED "started" /* the recovery point of a fresh claim */

/* This request's hold on a key; row 0 means no key was sent. */
struct idempotency_claim {
	long long row;
	char owner[33];   /* random token naming this request as the holder */
	char point[32];   /* IDEMPOTENCY_STARTED or a domain's recovery point */
	char recovery_id[64]; /* what the point created (a conversion's id), or "" */
	int resumed;      /* taken over from a request that died */
};

/*
 * Claims key for user on endpoint with the body's hash. ERR_OK with
 * claim->row set: run (from claim->point when resumed). ERR_OK with
 * *replay_body set (owned by the caller, free()): a stored answer with its
 * *replay_status. Else the error in o: ERR_VALIDATION (a bad key),
 * ERR_IDEMPOTENCY_CONFLICT (another body or endpoint; or a live twin
 * still running after IDEMPOTENCY_WAIT_MS, context inProgress),
 * ERR_SERVICE_UNAVAILABLE. lease_seconds: after this long without progress
 * the holder is taken for dead.
 */
enum err idempotency_begin(struct db *db, long long user, const char *key,
    const char *endpoint, const char *body, size_t len, long long lease_seconds,
    struct idempotency_claim *claim, int *replay_status, char **replay_body,
    struct outcome *o);

/*
 * Inside the transaction that commits a step: records point and
 * recovery_id (may be NULL) on the claimed key and renews the lease. DB_OK; DB_FAIL when
 * the key is no longer this request's (it was taken over), so the caller's
 * transaction rolls back; a no-op DB_OK without a claim (c NULL or row 0).
 */
int idempotency_mark(struct db *db, const struct idempotency_claim *c, const char *point,
    const char *recovery_id);

/* After that transaction committed: the claim's in-memory point. */
void idempotency_noted(struct idempotency_claim *c, const char *point,
    const char *recovery_id);

/*
 * After the answer is rendered. changed (the domain's outcome says the
 * answer is final and state was committed): stores the answer; if storing
 * fails the key stays in progress, and after its lease the next retry
 * takes it over and resumes, never runs the work again. Not changed:
 * releases the key when nothing was committed (a corrected retry runs),
 * else hands it on (its lease ended) for the next retry to resume.
 */
void idempotency_finish(struct db *db, const struct idempotency_claim *c, int changed,
    int status, const char *body, size_t len);

#endif
