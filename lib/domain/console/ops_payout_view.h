/*
 * ops_payout_view: the back office's payouts needing a person, as its API
 * answers them (docs/console.md, "Back office"): the lists (in doubt past
 * console.ops_doubt_seconds, reversed, refused for float; held ones are
 * payout_review's) and one payout's page: the payout, its timeline, its
 * provider calls, its events, and what the service will do next.
 */
#ifndef CEDIRAMP_CONSOLE_OPS_PAYOUT_VIEW_H
#define CEDIRAMP_CONSOLE_OPS_PAYOUT_VIEW_H

#include <jansson.h>

#include "core/cfg.h"
#include "core/outcome.h"
#include "store/db.h"

/* The most rows a list holds (the newest or oldest first, as each says). */
#define OPS_PAYOUT_LIST_MAX 200

enum ops_payout_list {
	OPS_PAYOUTS_IN_DOUBT,          /* the oldest first */
	OPS_PAYOUTS_REVERSED,          /* the newest first */
	OPS_PAYOUTS_REFUSED_FOR_FLOAT, /* the newest first */
};

/* The list into *out (a new array). ERR_SERVICE_UNAVAILABLE or
 * ERR_INTERNAL in o (initialised here). */
enum err console_ops_payouts_list(struct db *db, const struct cfg *cfg,
    enum ops_payout_list which, json_t **out, struct outcome *o);

/* Payout id's page into *out (a new object: payout, next, timeline,
 * calls, events). ERR_NOT_FOUND, ERR_SERVICE_UNAVAILABLE, ERR_INTERNAL
 * in o (initialised here). */
enum err console_ops_payout_page(struct db *db, const char *id, json_t **out,
    struct outcome *o);

#endif
