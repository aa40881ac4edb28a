/*
 * apikey: partner API keys. A key is "sk_test_" or "sk_live_", a 16
 * character key id (stored, indexed, not secret) and 40 secret characters.
 * Only SHA-256 of the whole key is stored; lookup is by key id and the hash
 * is compared in constant time.
 */
#ifndef CEDIRAMP_APIKEY_H
#define CEDIRAMP_APIKEY_H

#include <stddef.h>

#include "core/cfg.h"
#include "domain/caller.h"
#include "store/db.h"

#define APIKEY_ID_CHARS 16
#define APIKEY_SECRET_CHARS 40
#define APIKEY_MAX 80
#define APIKEY_HASH_HEX 65

/*
 * The environment's keys start with cfg->apikey_prefix ("sk_test_" in the
 * sandbox, "sk_live_" in production) and are stored with
 * cfg->environment; a key of another environment never authenticates.
 *
 * Makes a new key for the environment: key (APIKEY_MAX bytes) gets the
 * whole key to show once; key_id the lookup id; hash the hex SHA-256.
 * Returns 0 or -1 (CSPRNG failure).
 */
int apikey_generate(const struct cfg *cfg, char *key, char *key_id, char *hash);

/*
 * A key pair's public half (decision in docs/console.md): "pk_test_" or
 * "pk_live_" and the key's 16-character key id, into out (cap bytes):
 * it names the key, safe to show, log and quote to support, and never
 * authenticates (the partner API answers it 401 with a message saying so).
 */
void apikey_public(const struct cfg *cfg, const char *key_id, char *out, size_t cap);

/* Hex SHA-256 of s[0..n) into hash (APIKEY_HASH_HEX bytes). */
void apikey_hash(const char *s, size_t n, char *hash);

/*
 * Splits a presented key: checks its prefix belongs to this environment
 * and its shape, and copies its key id out. 0 or -1.
 */
int apikey_parse(const struct cfg *cfg, const char *key, size_t n, char *key_id);

/* APIKEY_SUSPENDED: the key is good, its partner suspended by an operator
 * (partners.suspended_at): refused until reactivated. */
enum apikey_rc { APIKEY_OK = 0, APIKEY_BAD, APIKEY_DB_DOWN, APIKEY_SUSPENDED };

/*
 * Authenticates a presented key (n bytes). On APIKEY_OK fills caller.
 * A wrong-environment, malformed, unknown or revoked key is APIKEY_BAD.
 */
/* How old a cached key's signing policy may be, in seconds. */
#define APIKEY_POLICY_SECONDS 1

/*
 * apikey_authenticate through a per-process cache of keys that
 * authenticated in the last ttl seconds (0: no cache): a hit costs no
 * database round trip but once a second, for the signing policy. The
 * cache holds the key's SHA-256 and compares it in constant time; a
 * revoked key or a changed tier takes effect within ttl seconds in every
 * process (auth.key_cache_seconds), a changed signing policy, a
 * suspension or a reactivation (and a revocation with them) within
 * APIKEY_POLICY_SECONDS. *signature_required
 * gets 1 when the key's requests must be signed (its partner's policy,
 * `partner signing PARTNER_ID required`, or the key's own, `partner
 * key-policy KEY_ID signed`), else 0.
 */
enum apikey_rc apikey_authenticate_cached(struct db *db, const struct cfg *cfg, unsigned ttl,
    const char *key, size_t n, const char *address, struct caller *caller,
    int *signature_required);

/* address: the client's, recorded as the key's last use (at most once a
 * minute); NULL records none (the admin tool's check). A key past its
 * roll's overlap (expires_at) is APIKEY_BAD, as a revoked one; a key of a
 * suspended partner APIKEY_SUSPENDED (caller filled, no use recorded). */
enum apikey_rc apikey_authenticate(struct db *db, const struct cfg *cfg,
    const char *key, size_t n, const char *address, struct caller *caller);

#endif
