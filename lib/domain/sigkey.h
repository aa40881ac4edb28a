/*
 * sigkey: signed partner requests (RFC 9421; decision 63). An API key's
 * signature policy, the public keys a partner signs with (each named by
 * the keyid its signatures carry), and the signatures already accepted,
 * kept against replay. The admin tool runs the first three; the HTTP
 * layer looks keys up and records signatures.
 *
 * The admin functions fill the caller's struct outcome (initialised here)
 * and return its error: ERR_OK, ERR_VALIDATION (a malformed argument;
 * nothing written), ERR_NOT_FOUND, ERR_DUPLICATE_REFERENCE (a keyid the
 * partner has already), ERR_SERVICE_UNAVAILABLE or ERR_INTERNAL.
 */
#ifndef CEDIRAMP_SIGKEY_H
#define CEDIRAMP_SIGKEY_H

#include <stddef.h>

#include "core/cfg.h"
#include "core/httpsig.h"
#include "core/outcome.h"
#include "store/db.h"

/*
 * Sets the signing policy of partner public_id of this environment:
 * required 1, every request through every key of it, issued now or later,
 * must be signed; 0, a signature is optional (and verified whenever one is
 * sent). ERR_NOT_FOUND when there is no such partner (one already so is
 * ERR_OK, o->changed 0). Web servers see the change within
 * APIKEY_POLICY_SECONDS (domain/apikey.h).
 */
enum err sigkey_partner_signing_set(struct db *db, const struct cfg *cfg,
    const char *public_id, int required, struct outcome *o);

/* The signing policy of partner public_id of this environment into
 * *required (1 required, 0 optional); ERR_NOT_FOUND when there is none. */
enum err sigkey_partner_signing_get(struct db *db, const struct cfg *cfg,
    const char *public_id, int *required, struct outcome *o);

/*
 * A key's own setting, which can only make it stricter than its partner:
 * required 1 ("signed"), the key's requests must be signed whatever the
 * partner's policy; 0 ("unsigned"), the key follows its partner's policy.
 * ERR_NOT_FOUND when no active key of this environment has that id (a key
 * already so is ERR_OK). Web servers see the change within
 * APIKEY_POLICY_SECONDS.
 */
enum err sigkey_policy_set(struct db *db, const struct cfg *cfg, const char *key_id,
    int required, struct outcome *o);

/*
 * Registers the public key pem (n bytes, SubjectPublicKeyInfo PEM, at most
 * HTTPSIG_PEM_MAX) of algorithm alg ("ed25519" or "ecdsa-p256-sha256") as
 * keyid (httpsig_keyid_ok) of the partner public_id of this environment.
 * The key must be of that algorithm (an Ed25519 key, an EC key on P-256).
 */
enum err sigkey_add(struct db *db, const struct cfg *cfg, const char *public_id,
    const char *keyid, const char *alg, const char *pem, size_t n, struct outcome *o);

/* Removes keyid of the partner public_id: its signatures fail from then
 * on. ERR_NOT_FOUND when the partner has no such keyid. */
enum err sigkey_remove(struct db *db, const struct cfg *cfg, const char *public_id,
    const char *keyid, struct outcome *o);

/* Calls fn for each registered key of this environment (of public_id
 * only, when not NULL), by partner then keyid; the strings are borrowed
 * for the call. */
typedef void (*sigkey_list_fn)(const char *public_id, const char *keyid, const char *alg,
    const char *created_at, void *arg);
enum err sigkey_list(struct db *db, const struct cfg *cfg, const char *public_id,
    sigkey_list_fn fn, void *arg, struct outcome *o);

/*
 * The key keyid of partner partner_id (partners.id): its algorithm into
 * *alg and its PEM into pem (HTTPSIG_PEM_MAX + 1 bytes). 1 found, 0 no
 * such key, -1 the database failed.
 */
int sigkey_find(struct db *db, long long partner_id, const char *keyid,
    enum httpsig_alg *alg, char *pem);

/*
 * Records an accepted signature of partner_id: the SHA-256 of its
 * signature base (base, n bytes), kept until expires_at (Unix seconds).
 * One INSERT, atomic on every server: 0 first seen, 1 seen before (a
 * replay; nothing written), -1 the database failed.
 */
int sigkey_seen(struct db *db, long long partner_id, const void *base, size_t n,
    long long expires_at);

#endif
