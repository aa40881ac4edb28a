/*
 * outbox: events to deliver, each written in the transaction of the state
 * change it announces, so an event exists exactly when its change does.
 * Writing one also writes its deliveries: one per live webhook endpoint of
 * its subject subscribed to its type (domain/partner/webhook.h); the webhooks
 * worker sends them (domain/delivery.h). A wallet user's event goes to the
 * platform's endpoints (the wallet developer's, set in the console) unless
 * the user has a live endpoint of its own (decision 4's, set with the admin
 * tool), which wins.
 */
#ifndef CEDIRAMP_OUTBOX_H
#define CEDIRAMP_OUTBOX_H

#include <jansson.h>

#include "store/db.h"

enum outbox_subject { OUTBOX_USER = 0, OUTBOX_PARTNER, OUTBOX_PLATFORM };

/* "user", "partner" or "platform", as the subject_kind columns spell it. */
const char *outbox_subject_name(enum outbox_subject kind);

/*
 * Adds event type ("payout.completed") about ref_id for its subject, with
 * data (borrowed) as its payload, numbered after ref_id's earlier events
 * (seq: the order its webhooks keep). DB_OK; DB_DUP when that event
 * already exists (UNIQUE (type, ref_id): one event per transition);
 * DB_RETRY when another transaction numbered an event of ref_id at the
 * same time (run the transaction again: db_tx does); the database's error
 * otherwise. Run it inside the state change's db_tx.
 */
enum db_rc outbox_add(struct db *db, const char *type, enum outbox_subject kind,
    long long subject_id, const char *ref_id, const json_t *data);

/*
 * Adds event type about ref_id for its subject as outbox_add does, but
 * delivered to one live endpoint of the subject (its public id), whatever
 * it subscribed to: a test event. DB_OK; DB_DUP when the subject has no
 * such live endpoint (nothing is kept: the caller's transaction rolls
 * back); the database's error otherwise. The event's id into event_id
 * (ID_MAX bytes).
 */
enum db_rc outbox_add_to(struct db *db, const char *type, enum outbox_subject kind,
    long long subject_id, const char *ref_id, const json_t *data, const char *endpoint,
    char *event_id);

/* One event of outbox_add_many: outbox_add's arguments (borrowed). */
struct outbox_event {
	const char *type;
	enum outbox_subject kind;
	long long subject_id;
	const char *ref_id;
	const json_t *data;
};

/*
 * Adds n events, each as outbox_add would, about n distinct resources (a
 * resource twice is DB_FAIL: each seq is read before any row goes in), in
 * two statements (the events, their deliveries). DB_OK; DB_DUP when one
 * of them exists (which one is not said: the caller may add each alone);
 * the database's error otherwise (DB_RETRY as outbox_add).
 */
enum db_rc outbox_add_many(struct db *db, const struct outbox_event *ev, size_t n);

#endif
