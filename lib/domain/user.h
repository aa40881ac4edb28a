/* user: wallet users, created on their first valid token. */
#ifndef CEDIRAMP_USER_H
#define CEDIRAMP_USER_H

#include "store/db.h"
#include "domain/caller.h"

/*
 * Finds the user for wallet_id, creating it on first sight with the
 * environment's starting tier (sandbox: basic; production: none). Fills
 * caller. Returns DB_OK, or DB_DOWN / DB_FAIL.
 */
enum db_rc user_resolve(struct db *db, const char *wallet_id, int sandbox,
    struct caller *caller);

#endif
