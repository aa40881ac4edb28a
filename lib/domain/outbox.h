/*
 * outbox: events to deliver, each written in the transaction of the state
 * change it announces, so an event exists exactly when its change does.
 * Writing one also writes its deliveries: one per live webhook endpoint of
 * its subject subscribed to its type (domain/webhook.h); the webhooks
 * worker sends them (domain/delivery.h).
 */
#ifndef CEDIRAMP_OUTBOX_H
#define CEDIRAMP_OUTBOX_H

#include <jansson.h>

#include "store/db.h"

enum outbox_subject { OUTBOX_USER = 0, OUTBOX_PARTNER };

/* "user" or "partner", as the subject_kind columns spell it. */
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

#endif
