/*
 * account: the console's people. Each has an email (kept lower-case), an
 * Argon2id password hash, one partner and one role (domain/console/role.h).
 *
 * Sign-in is throttled per account: from cfg console.signin_backoff_after
 * failures on, an attempt sooner than 2^(failures - that) seconds (at most
 * 15 minutes) after the last failure is refused unread (ERR_RATE_LIMITED,
 * "retry_after" in o's context); at console.signin_lockout failures the
 * account is locked (ERR_ACCOUNT_LOCKED) until the link mailed to it then
 * (domain/console/invite.h) or `cediramp-admin console user unlock`. A
 * success clears the count. (The per-address count is the
 * HTTP layer's: a rate limit.)
 *
 * Every function fills o (initialised here) and returns its error.
 */
#ifndef CEDIRAMP_CONSOLE_ACCOUNT_H
#define CEDIRAMP_CONSOLE_ACCOUNT_H

#include "core/cfg.h"
#include "core/outcome.h"
#include "domain/console/password.h"
#include "domain/console/role.h"
#include "domain/console/session.h"
#include "domain/partner_account.h"
#include "store/db.h"

/* A self-serve sign-up: a new partner (named company) with its owner. */
struct console_signup {
	const char *email, *password, *company;
	const char *start_funds; /* the coins a new partner starts with, or NULL */
};

/*
 * Creates the partner (as partner_create: tier basic, its first key in
 * *key, its starting coins), its owner and the owner's first session, in
 * one transaction. ERR_VALIDATION naming the field (email, password,
 * company), ERR_DUPLICATE_REFERENCE when the email has an account, or the
 * database's error; nothing is written on an error.
 */
enum err console_signup(struct db *db, const struct cfg *cfg, const struct console_signup *in,
    const struct console_client *from, struct console_opened *session,
    struct partner_key *key, struct outcome *o);

/*
 * Signs email in with password and, for a user with two-factor on, code
 * (a TOTP code or a recovery code; NULL: none given): a new session into
 * *session. Errors: ERR_INVALID_CREDENTIALS (no such account, a wrong
 * password, a wrong code: the same answer, and each counts as a failure),
 * ERR_TWO_FACTOR_REQUIRED (the password was right and a code is needed:
 * no failure counted), ERR_RATE_LIMITED (backoff), ERR_ACCOUNT_LOCKED,
 * the database's.
 */
enum err console_signin(struct db *db, const struct cfg *cfg, const char *email,
    const char *password, const char *code, const struct console_client *from,
    struct console_opened *session, struct outcome *o);

/* The session's user proves it again (a sensitive action follows) with
 * its password, or with a two-factor code when it has two-factor on
 * (exactly one of the two is given): checked and throttled as a sign-in,
 * then recorded. */
enum err console_reauth(struct db *db, const struct cfg *cfg, const struct console_session *s,
    const char *password, const char *code, const struct console_client *from,
    struct outcome *o);

/*
 * Adds a person to partner public_id (of cfg's environment) with role and
 * password (an operator's `console user add`), or with partner NULL one of
 * the platform's (role wallet-developer, operator, compliance, finance or
 * read-only): its "cu_..." id into public_id (ID_MAX bytes). ERR_VALIDATION naming the field,
 * ERR_NOT_FOUND (no such partner), ERR_DUPLICATE_REFERENCE (the email has
 * an account), or the database's error.
 */
enum err console_user_add(struct db *db, const struct cfg *cfg, const char *partner,
    const char *email, const char *role, const char *password, char *public_id,
    struct outcome *o);

/* One member of a partner. */
struct console_member {
	char public_id[ID_MAX];
	char email[CONSOLE_EMAIL_MAX + 1];
	char role[CONSOLE_ROLE_MAX];
	char created_at[24];
	int locked;
};

/* Called once per member of partner_id, oldest first; non-zero stops. */
typedef int (*console_member_fn)(const struct console_member *m, void *arg);

enum err console_members(struct db *db, long long partner_id, console_member_fn fn, void *arg,
    struct outcome *o);

/* Lifts email's lockout and clears its failures: ERR_OK, ERR_NOT_FOUND. */
enum err console_user_unlock(struct db *db, const char *email, struct outcome *o);

/* A user as sign-in reads it, by its (lower-cased) email. */
struct console_login {
	long long id;
	char public_id[ID_MAX];
	long long partner_id;
	char role[CONSOLE_ROLE_MAX];
	unsigned failed_signins;
	long long since_failure;     /* seconds since the last failure */
	int locked;
	int totp_enabled;
	char hash[CONSOLE_HASH_MAX];  /* the password's */
	char email[CONSOLE_EMAIL_MAX + 1];
};

/* The live user of email (lower case) into u: 1, 0 (none), or -(db_rc). */
int console_login_find(struct db *db, const char *email, struct console_login *u);

/* The same for an email as given (any case), o initialised: 1 found, 0
 * none, or -1 with o's error (ERR_VALIDATION naming "email", or the
 * database's). */
int console_login_lookup(struct db *db, const char *email, struct console_login *u,
    struct outcome *o);

/* A console user's public id: "cu_" and base62. */
#define CONSOLE_USER_PREFIX "cu_"

/*
 * A new password checked (console_password_ok: ERR_VALIDATION naming
 * "password") and hashed into hash (CONSOLE_HASH_MAX bytes), and, when
 * public_id is not NULL, a new user's "cu_..." id into it (ID_MAX bytes).
 * ERR_OK, or ERR_INTERNAL (no random bytes); o filled on an error.
 */
enum err console_new_password(const char *password, char *hash, char *public_id,
    struct outcome *o);

/* email lower-cased into out (cap bytes) when it has an email's shape
 * (3 to 254 printable ASCII characters, no space, one '@' with text on
 * both sides): 0, else -1. */
int console_email_norm(const char *email, char *out, size_t cap);

#endif
