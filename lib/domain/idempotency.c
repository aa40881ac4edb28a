#include "domain/idempotency.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <openssl/sha.h>

#include "core/id.h"
#include "core/log.h"
#include "core/strict.h"
#include "store/db_sig.h"

struct stored {
	long long id;
	char endpoint[81], hash[65], state[16], created[32];
	char point[32], recovery_id[64];
	int status;
	char *body; /* owned */
	int expired, abandoned;
};

/* Reads the key's row; 1 found, 0 none, -1 error (s->body then NULL). */
static int
load(struct db *db, long long user, const char *key, long long lease,
    struct stored *s)
{
	struct db_rows rows;
	const char *v;
	unsigned long long u;
	int rc = 0;

	memset(s, 0, sizeof(*s));
	if (DB_EXEC(db, DB_IDEM_GET, idem_get, &rows, NULL,
	    .lease = lease, .user_id = user, .key = key) != DB_OK)
		return -1;
	/* a column of the row, by its name */
#define CELL(name) db_cell(&rows, 0, DB_COL(idem_row, name))
	if (rows.nrows == 1) {
		v = CELL(id);
		s->id = v && strict_uint(v, strlen(v), ~0ULL >> 1, &u) == 0 ? (long long)u : 0;
		(void)strict_copy(s->endpoint, sizeof(s->endpoint), CELL(endpoint));
		(void)strict_copy(s->hash, sizeof(s->hash), CELL(request_hash));
		(void)strict_copy(s->state, sizeof(s->state), CELL(state));
		v = CELL(status_code);
		s->status = v && strict_uint(v, strlen(v), 599, &u) == 0 ? (int)u : 0;
		(void)strict_copy(s->created, sizeof(s->created), CELL(created_at));
		s->expired = CELL(expired) && strcmp(CELL(expired), "1") == 0;
		(void)strict_copy(s->point, sizeof(s->point), CELL(recovery_point));
		if (CELL(recovery_id) == NULL ||
		    strict_copy(s->recovery_id, sizeof(s->recovery_id), CELL(recovery_id)) != 0)
			s->recovery_id[0] = '\0';
		s->abandoned = CELL(abandoned) && strcmp(CELL(abandoned), "1") == 0;
		rc = 1;
		if (s->id <= 0) {
			rc = -1; /* a row without an id: nothing to hold on to */
		} else if ((v = CELL(response_body)) != NULL &&
		    (s->body = strdup(v)) == NULL) {
			rc = -1;
		}
	}
#undef CELL
	db_rows_free(&rows);
	return rc;
}

static enum err
conflict(struct outcome *o, const char *key, const struct stored *s, int in_progress)
{
	outcome_clear_ctx(o);
	outcome_str(o, "existingKey", key);
	outcome_str(o, "originalEndpoint", s->endpoint);
	outcome_str(o, "createdAt", s->created);
	if (in_progress) {
		outcome_bool(o, "inProgress", 1);
		return outcome_fail(o, ERR_IDEMPOTENCY_CONFLICT,
		    "A request with this key is still being processed; retry shortly");
	}
	return outcome_fail(o, ERR_IDEMPOTENCY_CONFLICT,
	    "This key was used for a different request");
}

static void
sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

/*
 * Takes over the key of a request that died. 1 when this request now holds
 * it (claim filled from s), 0 when another retry was first, -1 on error.
 */
static int
take_over(struct db *db, const struct stored *s, long long lease,
    struct idempotency_claim *claim)
{
	struct db_res res;

	if (DB_EXEC(db, DB_IDEM_TAKE_OVER, idem_take_over, NULL, &res,
	    .owner = claim->owner, .id = s->id, .lease = lease) != DB_OK)
		return -1;
	if (res.affected != 1)
		return 0;
	claim->row = s->id;
	claim->resumed = 1;
	idempotency_noted(claim, s->point, s->recovery_id);
	log_event("warn", "idempotency key %lld: taken over at %s %s", s->id,
	    s->point, s->recovery_id);
	return 1;
}

enum err
idempotency_begin(struct db *db, long long user, const char *key, const char *endpoint,
    const char *body, size_t len, long long lease, struct idempotency_claim *claim,
    int *replay_status, char **replay_body, struct outcome *o)
{
	unsigned char md[SHA256_DIGEST_LENGTH];
	char hash[65];
	struct db_res res;
	struct stored s;
	long waited = 0;
	int tries, got;

	memset(claim, 0, sizeof(*claim));
	*replay_body = NULL;
	if (key == NULL)
		return ERR_OK; /* recommended, not required */
	if (key[0] == '\0' || strlen(key) > IDEMPOTENCY_KEY_MAX || !strict_printable(key, strlen(key)))
		return outcome_field(o, ERR_VALIDATION, "X-Idempotency-Key",
		    "1 to 128 printable characters");
	if (id_random(claim->owner, sizeof(claim->owner), "", 32) != 0)
		return ERR_SERVICE_UNAVAILABLE;
	SHA256((const unsigned char *)body, len, md);
	id_hex(md, sizeof(md), hash);
	for (tries = 0; tries < 3; tries++) {
		switch (DB_EXEC(db, DB_IDEM_INSERT, idem_insert, NULL, &res, .user_id = user,
		    .key = key, .endpoint = endpoint, .hash = hash, .owner = claim->owner)) {
		case DB_OK:
			claim->row = (long long)res.insert_id;
			idempotency_noted(claim, IDEMPOTENCY_STARTED, NULL);
			return ERR_OK;
		case DB_DUP:
			break;
		default:
			return ERR_SERVICE_UNAVAILABLE;
		}
		for (;;) {
			got = load(db, user, key, lease, &s);
			if (got < 0)
				return ERR_SERVICE_UNAVAILABLE;
			if (got == 0)
				break; /* released meanwhile: claim it */
			if (s.expired) {
				/* past 24 h the key is free again, swept or not */
				free(s.body);
				if (DB_EXEC(db, DB_IDEM_DELETE_EXPIRED, idem_id, NULL, NULL,
				    .id = s.id) != DB_OK)
					return ERR_SERVICE_UNAVAILABLE;
				break;
			}
			if (strcmp(s.endpoint, endpoint) != 0 || strcmp(s.hash, hash) != 0) {
				free(s.body);
				return conflict(o, key, &s, 0);
			}
			if (strcmp(s.state, "done") == 0 && s.body != NULL) {
				*replay_body = s.body;
				*replay_status = s.status;
				return ERR_OK;
			}
			free(s.body);
			if (s.abandoned) {
				got = take_over(db, &s, lease, claim);
				if (got < 0)
					return ERR_SERVICE_UNAVAILABLE;
				if (got == 1)
					return ERR_OK;
				continue; /* another retry took it: wait for that one */
			}
			if (waited >= IDEMPOTENCY_WAIT_MS)
				return conflict(o, key, &s, 1);
			sleep_ms(100);
			waited += 100;
		}
	}
	return ERR_SERVICE_UNAVAILABLE;
}

int
idempotency_mark(struct db *db, const struct idempotency_claim *c, const char *point,
    const char *recovery_id)
{
	struct db_res res;
	enum db_rc rc;

	if (c == NULL || c->row == 0)
		return DB_OK;
	if ((rc = DB_EXEC(db, DB_IDEM_MARK, idem_mark, NULL, &res, .point = point,
	    .recovery_id = recovery_id, .id = c->row, .owner = c->owner)) != DB_OK)
		return rc;
	if (res.affected != 1) {
		log_event("warn", "idempotency key %lld: taken over; rolling back", c->row);
		return DB_FAIL;
	}
	return DB_OK;
}

void
idempotency_noted(struct idempotency_claim *c, const char *point,
    const char *recovery_id)
{
	if (c == NULL || c->row == 0)
		return;
	(void)strict_copy(c->point, sizeof(c->point), point);
	if (recovery_id == NULL ||
	    strict_copy(c->recovery_id, sizeof(c->recovery_id), recovery_id) != 0)
		c->recovery_id[0] = '\0';
}

void
idempotency_finish(struct db *db, const struct idempotency_claim *c, int changed, int status,
    const char *body, size_t len)
{
	enum db_stmt st;

	if (c == NULL || c->row == 0)
		return;
	if (changed) {
		if (DB_EXEC(db, DB_IDEM_DONE, idem_done, NULL, NULL, .status = status,
		    .body = (struct db_bytes){ body, len }, .id = c->row,
		    .owner = c->owner) != DB_OK)
			log_event("error", "idempotency key %lld: storing the answer failed "
			    "(left for a retry to resume at %s): %s", c->row, c->point,
			    db_error(db));
		return;
	}
	/*
	 * Not a final answer. With nothing committed the key is released, so
	 * a retry runs afresh; past a recovery point it is handed on at once
	 * (its lease ended) for the next retry to resume from that point.
	 */
	st = strcmp(c->point, IDEMPOTENCY_STARTED) == 0 ? DB_IDEM_RELEASE : DB_IDEM_HAND_ON;
	if (db_run(db, DB_BIND_ANY(st, idem_owned, .id = c->row, .owner = c->owner),
	    NULL, NULL) != DB_OK)
		log_event("error", "idempotency key %lld: %s failed (free again after "
		    "its lease): %s", c->row, st == DB_IDEM_RELEASE ? "release" : "hand-on",
		    db_error(db));
}
