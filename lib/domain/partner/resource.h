/*
 * resource: what every partner resource made by a create request shares
 * (withdrawals, payment intents; bulk and cancel later). Each kind names
 * its statements, statuses and row reader once in a struct resource_kind;
 * this module then loads one by id or by reference_id, tells the same
 * request again from a different one under a reference (the request hash,
 * ERR_DUPLICATE_REFERENCE), commits a create under the partner's lock,
 * writes the event of each transition, lists with the filters and pages,
 * and claims due ones for a worker with a lease.
 *
 * A kind's struct is opaque here: the kind gives its size, the offsets of
 * the four members this module reads (offsetof), and its functions.
 */
#ifndef CEDIRAMP_RESOURCE_H
#define CEDIRAMP_RESOURCE_H

#include <stddef.h>
#include <jansson.h>

#include "core/id.h"
#include "core/outcome.h"
#include "domain/caller.h"
#include "domain/ctx.h"
#include "store/db.h"

struct resource_kind {
	const char *noun;             /* "withdrawal", "payment intent": messages */
	const char *id_prefix;        /* "wd_" */
	const char *event_prefix;     /* events "<event_prefix>.<status>" */
	const char *const *statuses;  /* every status, nstatuses of them */
	size_t nstatuses;
	size_t size;                  /* sizeof one resource */
	size_t page_max;              /* the longest list page */
	/* where the members this module reads sit in the kind's struct */
	size_t id_at, partner_at, hash_at, status_at; /* char[], long long, char[65], char[] */
	/* statements: by id and owner (0: anyone's), the same FOR UPDATE,
	 * by (partner, reference_id), the filter's count, the count without
	 * a filter, the filter's page, and the worker's claim and lease
	 * (db_claim) */
	enum db_stmt get, lock, get_any, lock_any, by_reference, count, count_all, page, claim,
	    lease;
	/* Reads row of rows (the statements' columns) into out, which it
	 * zeroes first: 0, or -1 (out freed) for a row that makes no sense. */
	int (*from_row)(const struct db_rows *rows, size_t row, void *out);
	/* Frees what out owns (it stays a valid, empty resource). */
	void (*free)(void *out);
	/* The data of the event for out's status (new reference, or NULL). */
	json_t *(*payload)(const void *out);
};

/*
 * Defines const struct resource_kind name for type (a struct with members
 * id, partner_id, request_hash and status), whose statements are named
 * stmt##_GET, _LOCK, _BY_REFERENCE, _COUNT, _COUNT_ALL, _PAGE, _CLAIM and _LEASE
 * (DB_WD: DB_WD_GET ...), whose statuses is an array, and whose
 * functions are rd (from_row), fr (free) and pl (payload).
 */
#define RESOURCE_KIND(name, type, noun_, prefix, event, statuses_, max, stmt, rd, fr, pl) \
	const struct resource_kind name = { .noun = (noun_), .id_prefix = (prefix), \
		.event_prefix = (event), .statuses = (statuses_), \
		.nstatuses = sizeof(statuses_) / sizeof((statuses_)[0]), \
		.size = sizeof(type), .page_max = (max), \
		.id_at = offsetof(type, id), .partner_at = offsetof(type, partner_id), \
		.hash_at = offsetof(type, request_hash), .status_at = offsetof(type, status), \
		.get = stmt##_GET, .lock = stmt##_LOCK, .get_any = stmt##_GET_ANY, \
		.lock_any = stmt##_LOCK_ANY, .by_reference = stmt##_BY_REFERENCE, \
		.count = stmt##_COUNT, .count_all = stmt##_COUNT_ALL, .page = stmt##_PAGE, \
		.claim = stmt##_CLAIM, \
		.lease = stmt##_LEASE, .from_row = (rd), .free = (fr), .payload = (pl) }

/* The list filters; NULL members do not filter. from and to are DATETIME
 * text, inclusive bounds on created_at. */
struct resource_filter {
	const char *status, *from, *to, *reference_id;
};

/* 1 when s is one of k's statuses. */
int resource_status_valid(const struct resource_kind *k, const char *s);

/* Resource id of partner_id (an API caller's, > 0) into out, locked FOR
 * UPDATE when lock: DB_OK, DB_DUP when there is none of that partner (a
 * partner_id of 0 or less is nobody's: DB_DUP), or the database's error. */
enum db_rc resource_load(struct db *db, const struct resource_kind *k, const char *id,
    long long partner_id, int lock, void *out);
/* Resource id of any partner (the workers'): as resource_load. */
enum db_rc resource_load_any(struct db *db, const struct resource_kind *k, const char *id,
    int lock, void *out);

/*
 * Who's resource id for GET: ERR_OK with out filled, ERR_NOT_FOUND (no such
 * id, a malformed one, or another partner's: never someone else's data),
 * or the database's failure; out is empty on an error.
 */
enum err resource_get(struct ctx *ctx, const struct resource_kind *k,
    const struct caller *who, const char *id, void *out, struct outcome *o);

/*
 * Reads resource id again into out as it now stands (inside the
 * transaction that changed it; out freed first) and writes its event
 * "<event_prefix>.<status>" for its partner. DB_OK or the database's error.
 */
enum db_rc resource_event(struct db *db, const struct resource_kind *k, const char *id,
    void *out);

/*
 * Up to limit (at most k->page_max) of who's resources matching f, newest
 * first, after offset, into out (an array of limit resources of k->size
 * bytes, each freed by the caller with k->free); *total counts the
 * matches up to offset + api.list_total_cap (struct db_total: the count
 * reads no further).
 */
enum err resource_list(struct ctx *ctx, const struct resource_kind *k,
    const struct caller *who, const struct resource_filter *f,
    unsigned long long offset, size_t limit, void *out, size_t *n,
    struct db_total *total, struct outcome *o);

/* Claims up to n due resources of k for lease_seconds; their ids into out.
 * How many, or -1. */
int resource_claim(struct ctx *ctx, const struct resource_kind *k, int n,
    int lease_seconds, char (*out)[ID_MAX]);

/*
 * A create request: the caller checks it, fills hash (partner_request_hash
 * of what the request means) and insert, then calls resource_existing and
 * resource_commit.
 */
struct resource_create {
	const struct resource_kind *kind;
	const struct caller *who;
	const char *reference_id;
	char hash[65];
	/* Inside the create's transaction, under the partner's lock, once no
	 * resource holds the reference: writes the kind's rows and its new id
	 * into id. DB_OK; DB_FAIL with the refusal in o; or the database's
	 * error. It may run again (a retried transaction): it starts clean. */
	int (*insert)(struct db *db, struct resource_create *c, char id[ID_MAX]);
	void *arg;                    /* the kind's own state, for insert */
	void *out;                    /* the resource made, or the one found */
	int existing;                 /* 1: the reference made it already */
	struct outcome *o;
};

/*
 * Before anything is priced or checked against the world: the resource
 * c->reference_id already made for who. ERR_OK with c->existing 1 and
 * c->out filled when it was the same request (the same answer again,
 * whatever changed since); ERR_OK with c->existing 0 when the reference
 * is free; ERR_DUPLICATE_REFERENCE when it made a different one; or
 * ERR_SERVICE_UNAVAILABLE / ERR_INTERNAL.
 */
enum err resource_existing(struct ctx *ctx, struct resource_create *c);

/*
 * Writes the resource: in one transaction under the partner row's lock
 * (which orders requests racing for a reference; the UNIQUE key backs
 * it), the reference checked again, c->insert, then its first event; out
 * is then the resource as stored. ERR_OK (c->existing says whether a
 * racing request made it first) or the error, with nothing written.
 */
enum err resource_commit(struct ctx *ctx, struct resource_create *c);

#endif
