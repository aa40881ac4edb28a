/*
 * keys: a partner's API keys as the console manages them. Issuing one is
 * partner_issue_key's (domain/partner_account.h); here are the list and
 * the revocation of one key of one partner (another partner's key is not
 * found, never revoked).
 */
#ifndef CEDIRAMP_CONSOLE_KEYS_H
#define CEDIRAMP_CONSOLE_KEYS_H

#include "core/outcome.h"
#include "store/db.h"

struct console_key {
	char key_id[17];
	char created_at[24];
	char last_used_at[24]; /* "" never */
	char revoked_at[24];   /* "" active */
};

/* Called once per key of the partner, newest first; non-zero stops. */
typedef int (*console_key_fn)(const struct console_key *k, void *arg);

enum err console_keys_list(struct db *db, long long partner_id, console_key_fn fn, void *arg,
    struct outcome *o);

/* Revokes partner_id's active key key_id: ERR_OK, ERR_NOT_FOUND (no such
 * active key of this partner), or the database's error. */
enum err console_key_revoke(struct db *db, long long partner_id, const char *key_id,
    struct outcome *o);

#endif
