#include "domain/idem.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <openssl/sha.h>

#include "domain/ctx.h"
#include "core/id.h"
#include "core/log.h"
#include "core/strict.h"

struct stored {
	long long id;
	char endpoint[81], hash[65], state[16], created[32];
	int status;
	char *body; /* owned */
	int expired;
};

/* Reads the key's row; 1 found, 0 none, -1 error. */
static int
load(struct db *db, long long user, const char *key, struct stored *s)
{
	struct db_arg a[2] = { DB_I(user), DB_S(key) };
	struct db_rows rows;
	const char *v;
	unsigned long long u;
	int rc = 0;

	memset(s, 0, sizeof(*s));
	if (db_exec(db, DB_IDEM_GET, a, 2, &rows, NULL) != DB_OK)
		return -1;
	if (rows.nrows == 1) {
		v = db_cell(&rows, 0, 0);
		s->id = v && strict_uint(v, strlen(v), ~0ULL >> 1, &u) == 0 ? (long long)u : 0;
		(void)strict_copy(s->endpoint, sizeof(s->endpoint), db_cell(&rows, 0, 1));
		(void)strict_copy(s->hash, sizeof(s->hash), db_cell(&rows, 0, 2));
		(void)strict_copy(s->state, sizeof(s->state), db_cell(&rows, 0, 3));
		v = db_cell(&rows, 0, 4);
		s->status = v && strict_uint(v, strlen(v), 599, &u) == 0 ? (int)u : 0;
		v = db_cell(&rows, 0, 5);
		s->body = v ? strdup(v) : NULL;
		(void)strict_copy(s->created, sizeof(s->created), db_cell(&rows, 0, 6));
		s->expired = strcmp(db_cell(&rows, 0, 7), "1") == 0;
		rc = s->id > 0 ? 1 : -1;
	}
	db_rows_free(&rows);
	return rc;
}

static enum err
conflict(struct resp *resp, const char *key, const struct stored *s, int in_progress)
{
	json_decref(resp->err_ctx);
	resp->err_ctx = json_pack("{s:s,s:s,s:s}", "existingKey", key,
	    "originalEndpoint", s->endpoint, "createdAt", s->created);
	if (in_progress) {
		json_object_set_new(resp->err_ctx, "inProgress", json_true());
		return resp_fail(resp, ERR_IDEMPOTENCY_CONFLICT,
		    "A request with this key is still being processed; retry shortly");
	}
	return resp_fail(resp, ERR_IDEMPOTENCY_CONFLICT,
	    "This key was used for a different request");
}

static void
sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

enum err
idem_begin(struct req *r, struct resp *resp, const char *endpoint,
    const char *body, size_t len)
{
	struct db *db = r->ctx->db;
	const char *key = r->idempotency_key;
	unsigned char md[SHA256_DIGEST_LENGTH];
	char hash[65];
	struct db_res res;
	struct stored s;
	long waited = 0;
	int tries;

	r->idem_row = 0;
	if (key == NULL)
		return ERR_OK; /* recommended, not required */
	if (key[0] == '\0' || strlen(key) > IDEM_KEY_MAX || !strict_printable(key, strlen(key)))
		return resp_invalid(resp, ERR_VALIDATION, "X-Idempotency-Key",
		    "1 to 128 printable characters");
	SHA256((const unsigned char *)body, len, md);
	id_hex(md, sizeof(md), hash);
	for (tries = 0; tries < 3; tries++) {
		struct db_arg a[4] = { DB_I(r->caller.id), DB_S(key), DB_S(endpoint), DB_S(hash) };
		int found;

		switch (db_exec(db, DB_IDEM_INSERT, a, 4, NULL, &res)) {
		case DB_OK:
			r->idem_row = (long long)res.insert_id;
			return ERR_OK;
		case DB_DUP:
			break;
		default:
			return ERR_SERVICE_UNAVAILABLE;
		}
		for (;;) {
			found = load(db, r->caller.id, key, &s);
			if (found < 0)
				return ERR_SERVICE_UNAVAILABLE;
			if (found == 0)
				break; /* released meanwhile: claim it */
			if (s.expired) {
				/* past 24 h the key is free again, swept or not */
				struct db_arg d[1] = { DB_I(s.id) };

				free(s.body);
				if (db_exec(db, DB_IDEM_DELETE_EXPIRED, d, 1, NULL, NULL) != DB_OK)
					return ERR_SERVICE_UNAVAILABLE;
				break;
			}
			if (strcmp(s.endpoint, endpoint) != 0 || strcmp(s.hash, hash) != 0) {
				enum err e = conflict(resp, key, &s, 0);

				free(s.body);
				return e;
			}
			if (strcmp(s.state, "done") == 0 && s.body != NULL) {
				resp->raw_body = s.body;
				resp->raw_status = s.status;
				return ERR_OK;
			}
			free(s.body);
			if (waited >= IDEM_WAIT_MS)
				return conflict(resp, key, &s, 1);
			sleep_ms(100);
			waited += 100;
		}
	}
	return ERR_SERVICE_UNAVAILABLE;
}

void
idem_finish(struct req *r, int store, int status, const char *body, size_t len)
{
	struct db *db = r->ctx->db;
	struct db_arg a[3];

	if (r->idem_row == 0)
		return;
	if (store) {
		a[0] = DB_I(status);
		a[1] = DB_SN(body, len);
		a[2] = DB_I(r->idem_row);
		if (db_exec(db, DB_IDEM_DONE, a, 3, NULL, NULL) == DB_OK)
			return;
		log_event("error", "idempotency: storing the answer failed: %s", db_error(db));
	}
	a[0] = DB_I(r->idem_row);
	if (db_exec(db, DB_IDEM_RELEASE, a, 1, NULL, NULL) != DB_OK)
		log_event("error", "idempotency: releasing a key failed: %s", db_error(db));
}
