/*
 * migrate_lock: the lease that lets one `cediramp-admin migrate` at a time
 * apply migrations, whether the runners share one server or run on the
 * nodes of a Galera cluster. The lease is row id 1 of schema_migration_lock,
 * an InnoDB table (migrate.c creates it beside schema_migrations): a named
 * lock (GET_LOCK) is local to one node, a row is the cluster's. Taking it
 * is an autocommit insert: a duplicate key (another runner holds it) or a
 * deadlock (on a cluster, another node's insert won certification) means
 * wait. A lease whose time passed belonged to a runner that died: it is
 * deleted and taken over. The holder renews it before each migration it
 * runs and deletes it when done.
 */
#ifndef CEDIRAMP_MIGRATE_LOCK_H
#define CEDIRAMP_MIGRATE_LOCK_H

#include <stddef.h>
#include <stdio.h>

#include "store/db.h"

/* A lease outlives any one migration we ship by far; a runner that dies
 * holds the others off this long at most. */
#define MIGRATE_LOCK_LEASE_SECONDS 600
/* how long a second runner waits for the first to finish, and how often it
 * looks */
#define MIGRATE_LOCK_WAIT_MS 60000
#define MIGRATE_LOCK_POLL_MS 250
/* the holder column's size, and as SQL text for its DDL (store/migrate.c) */
#define MIGRATE_LOCK_HOLDER_MAX 100
#define MIGRATE_LOCK_HOLDER_TEXT "100"

enum migrate_lock_verdict {
	MIGRATE_LOCK_TAKEN = 0, /* the insert went in: the lease is ours */
	MIGRATE_LOCK_BUSY,      /* another runner holds it: wait */
	MIGRATE_LOCK_ERROR      /* the database failed: give up */
};

/* What the take's insert answering rc means. Pure. */
enum migrate_lock_verdict migrate_lock_verdict(enum db_rc rc);

/* "host:pid:rnd" into out (cap bytes), the host clipped to 64 characters.
 * 0, or -1 when it does not fit. Pure. */
int migrate_lock_holder_format(char *out, size_t cap, const char *host, long pid,
    const char *rnd);

/* This process's holder text: its hostname, pid and 12 random characters
 * (two runners on one host, or a reused pid, still differ). 0 or -1. */
int migrate_lock_holder(char *out, size_t cap);

/*
 * Takes the lease for holder, waiting up to MIGRATE_LOCK_WAIT_MS while
 * another runner holds it (a line to out says whose, once). 0 when taken;
 * -1 with why (cap bytes) when the wait ran out or the database failed.
 */
int migrate_lock_take(struct db *db, const char *holder, FILE *out, char *why,
    size_t cap);

/* Extends holder's lease by MIGRATE_LOCK_LEASE_SECONDS from now. 0 while it
 * is still holder's; -1 with why (cap bytes) when it is not (it passed and
 * another runner took it) or the database failed. */
int migrate_lock_renew(struct db *db, const char *holder, char *why, size_t cap);

/* Deletes holder's lease (nothing when it is no longer holder's). */
void migrate_lock_release(struct db *db, const char *holder);

#endif
