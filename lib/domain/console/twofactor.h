/*
 * twofactor: TOTP sign-in for console users (RFC 6238: core/totp.h).
 * Enrolment makes a 20-byte secret, kept sealed (AES-256-GCM under the
 * current key of webhooks.encryption_key_file, bound to the user's id and
 * the key's id) until a first code confirms it; the confirmation turns it
 * on and gives 10 one-time recovery codes (only their SHA-256 is kept).
 * A code is accepted within one step either side of now, and only for a
 * step later than the last one accepted: the same code twice is refused.
 * An owner may require it of every member (domain/console/session.h's
 * require_2fa; the HTTP layer then lets an unenrolled member do nothing
 * but enrol and sign out).
 */
#ifndef CEDIRAMP_CONSOLE_TWOFACTOR_H
#define CEDIRAMP_CONSOLE_TWOFACTOR_H

#include "core/cfg.h"
#include "core/outcome.h"
#include "core/totp.h"
#include "domain/console/session.h"
#include "store/db.h"

#define CONSOLE_RECOVERY_CODES 10
#define CONSOLE_RECOVERY_CHARS 11   /* "xxxxx-xxxxx", base32 lower case */
#define CONSOLE_OTPAUTH_MAX 1024

/* An enrolment begun: the secret (base32, for typing into an app) and
 * its otpauth:// URI (for the QR code). */
struct console_enrolment {
	char secret[TOTP_SECRET_B32 + 1];
	char uri[CONSOLE_OTPAUTH_MAX];
};

/* Begins (or begins again) s's enrolment: ERR_OK with out filled;
 * ERR_INVALID_STATE when two-factor is already on; ERR_INTERNAL when no
 * encryption key is configured. */
enum err console_2fa_begin(struct db *db, const struct cfg *cfg, const struct console_session *s,
    struct console_enrolment *out, struct outcome *o);

/* Confirms s's enrolment with a first code and turns it on: the recovery
 * codes into codes. ERR_INVALID_CREDENTIALS for a wrong code,
 * ERR_INVALID_STATE when nothing is being enrolled or it is on already. */
enum err console_2fa_confirm(struct db *db, const struct cfg *cfg,
    const struct console_session *s, const char *code,
    char codes[CONSOLE_RECOVERY_CODES][CONSOLE_RECOVERY_CHARS + 1], struct outcome *o);

/* Turns s's two-factor off (its secret and recovery codes gone):
 * ERR_INVALID_STATE when the partner requires it. */
enum err console_2fa_disable(struct db *db, const struct console_session *s, struct outcome *o);

/*
 * Checks code (a TOTP code, or an unused recovery code) for the user
 * user_id (public id public_id), taking it: ERR_OK, or
 * ERR_INVALID_CREDENTIALS (wrong, replayed or used).
 */
enum err console_2fa_check(struct db *db, const struct cfg *cfg, long long user_id,
    const char *public_id, const char *code, struct outcome *o);

/* Sets whether partner_id requires two-factor sign-in of every member. */
enum err console_2fa_require(struct db *db, long long partner_id, int required,
    struct outcome *o);

#endif
