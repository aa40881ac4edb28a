/*
 * payout_retry: "retry now" of a payout needing a person (docs/console.md,
 * "Back office"; `cediramp-admin payout retry`): its next check is made
 * due at once, so the payouts worker's next run asks the provider about
 * it (a processing payout: its status, under its own reference, and sends
 * that same reference only when the provider never saw it) or starts it
 * (a pending one, once its funding is there). It never sends anything
 * itself and never a new reference: a retry cannot pay twice.
 */
#ifndef CEDIRAMP_PAYOUT_RETRY_H
#define CEDIRAMP_PAYOUT_RETRY_H

#include "core/outcome.h"
#include "store/db.h"

/* Payout id due now. ERR_NOT_FOUND (no such payout); ERR_INVALID_STATE
 * (settled, or held for review: resolve it instead). Fills o
 * (initialised here; changed 1 on success). */
enum err payout_retry_now(struct db *db, const char *id, struct outcome *o);

#endif
