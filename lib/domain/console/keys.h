/*
 * keys: a partner's API keys as the console manages them: the list (with
 * each key's name, state, last use and the address it came from), a new
 * named key, a rename, a revocation, and a roll: a new key under the same
 * name while the old one keeps working for an overlap of 0 to 168 hours
 * (expires_at), then stops. Another partner's key is not found, never
 * touched.
 */
#ifndef CEDIRAMP_CONSOLE_KEYS_H
#define CEDIRAMP_CONSOLE_KEYS_H

#include "core/cfg.h"
#include "core/outcome.h"
#include "domain/partner_account.h"
#include "store/db.h"

#define CONSOLE_KEY_NAME_MAX 64
#define CONSOLE_ROLL_HOURS_MAX 168

struct console_key {
	char key_id[17];
	char name[CONSOLE_KEY_NAME_MAX + 1];
	char state[12];            /* active, expiring, expired, revoked */
	char created_at[24];
	char last_used_at[24];     /* "" never */
	char last_used_address[65];
	char expires_at[24];       /* "" not rolled */
	char revoked_at[24];       /* "" not revoked */
};

/* Called once per key of the partner, newest first; non-zero stops. */
typedef int (*console_key_fn)(const struct console_key *k, void *arg);

enum err console_keys_list(struct db *db, long long partner_id, console_key_fn fn, void *arg,
    struct outcome *o);

/* partner_id's key key_id into out: ERR_OK, ERR_NOT_FOUND. */
enum err console_key_get(struct db *db, long long partner_id, const char *key_id,
    struct console_key *out, struct outcome *o);

/* A new key of partner_id named name (0 to 64 printable characters;
 * NULL: ""): the whole key in out (shown once). */
enum err console_key_create(struct db *db, const struct cfg *cfg, long long partner_id,
    const char *name, struct partner_key *out, struct outcome *o);

/* Renames partner_id's key key_id: ERR_OK, ERR_VALIDATION, ERR_NOT_FOUND. */
enum err console_key_rename(struct db *db, long long partner_id, const char *key_id,
    const char *name, struct outcome *o);

/* Revokes partner_id's live key key_id: ERR_OK, ERR_NOT_FOUND (no such
 * live key of this partner). */
enum err console_key_revoke(struct db *db, long long partner_id, const char *key_id,
    struct outcome *o);

/*
 * Rolls partner_id's key key_id (active, never rolled): a new key under its
 * name in out, and the old one expiring overlap_hours (0 to 168) from now,
 * in one transaction. ERR_VALIDATION (overlap_hours), ERR_NOT_FOUND (no
 * such key of this partner), ERR_INVALID_STATE (revoked, or rolled already).
 */
enum err console_key_roll(struct db *db, const struct cfg *cfg, long long partner_id,
    const char *key_id, long long overlap_hours, struct partner_key *out, struct outcome *o);

#endif
