/*
 * ops_rate: the back office's rates (docs/console.md, "Back office"), as
 * an operator sets one: fxrate_set, the call `cediramp-admin rate set`
 * makes (the same coins, the same exact decimal rules), from source
 * "console", the reason checked first and kept in the audit log
 * ("rate.set"; the object the coin, no partner).
 */
#ifndef CEDIRAMP_CONSOLE_OPS_RATE_H
#define CEDIRAMP_CONSOLE_OPS_RATE_H

#include "core/outcome.h"
#include "domain/console/session.h"
#include "store/db.h"

/* The source a rate set in the back office is stored with. */
#define CONSOLE_RATE_SOURCE "console"

/*
 * s sets coin's rate to GHS to rate (fxrate_set) with reason, audited.
 * ERR_VALIDATION naming reason, coin (not a source coin) or rate (not a
 * positive decimal of at most 6 integer digits and 8 places): nothing
 * written; the database's errors. Fills o (initialised here).
 */
enum err console_ops_rate_set(struct db *db, const struct console_session *s, const char *coin,
    const char *rate, const char *reason, const struct console_client *from, struct outcome *o);

#endif
