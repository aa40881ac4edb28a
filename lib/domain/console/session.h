/*
 * session: a person signed in to the console. The id is 43 base62
 * characters (256 bits) from the CSPRNG, given to the browser once (the
 * cookie) and stored only as its SHA-256. Each request reads the session's
 * row: a session past its idle limit (CONSOLE_IDLE_SECONDS since its last
 * request) or its absolute one (CONSOLE_ABSOLUTE_SECONDS since sign-in),
 * or revoked, is gone on every process at once.
 */
#ifndef CEDIRAMP_CONSOLE_SESSION_H
#define CEDIRAMP_CONSOLE_SESSION_H

#include "core/id.h"
#include "core/outcome.h"
#include "domain/console/role.h"
#include "store/db.h"

#define CONSOLE_IDLE_SECONDS 1800
#define CONSOLE_ABSOLUTE_SECONDS 43200
/* a sensitive action needs the password again within this many seconds */
#define CONSOLE_REAUTH_SECONDS 300
#define CONSOLE_TOKEN_CHARS 43   /* a session id, a CSRF token */
#define CONSOLE_EMAIL_MAX 254

/* A live session as a request sees it. */
struct console_session {
	long long id;
	char csrf_token[CONSOLE_TOKEN_CHARS + 1];
	char created_at[24];
	long long since_reauth;          /* seconds since the password was given again */
	long long user_id;
	char user_public_id[ID_MAX];
	char email[CONSOLE_EMAIL_MAX + 1];
	char role[CONSOLE_ROLE_MAX];
	int role_id;                     /* role resolved (enum console_role; -1: none) */
	long long partner_id;
	char partner_public_id[ID_MAX];
	char partner_name[201];
	char tier[16];
	char environment[16];
	int totp_enabled;                /* the user signs in with two factors */
	int require_2fa;                 /* the partner requires it of everyone, or
	                                  * the role does (the back office's) */
};

/* Where a request came from, for the session row and the audit log. */
struct console_client {
	const char *address;
	const char *user_agent;
};

/* A session just opened: its id (the cookie's value; shown once) and
 * its CSRF token. */
struct console_opened {
	char session_id[CONSOLE_TOKEN_CHARS + 1];
	char csrf_token[CONSOLE_TOKEN_CHARS + 1];
};

/* Opens a session for user_id (inside the caller's transaction when db
 * is in one): DB_OK, or the database's error; out is wiped on an error. */
int console_session_open(struct db *db, long long user_id, const struct console_client *from,
    struct console_opened *out);

/*
 * The live session whose id is sid into out, its last request moved to
 * now, its role resolved (role_id: the user's role with its partner, or
 * the platform's without one; a back-office role requires two-factor
 * sign-in, require_2fa): ERR_OK; ERR_UNAUTHORIZED when there is none (malformed, unknown,
 * expired or revoked: the same answer); or the database's error.
 */
enum err console_session_find(struct db *db, const char *sid, struct console_session *out,
    struct outcome *o);

/* Ends session id (sign out). ERR_OK or the database's error. */
enum err console_session_end(struct db *db, long long id, struct outcome *o);

/* Ends every session of user_id (sign out everywhere). */
enum err console_session_end_all(struct db *db, long long user_id, struct outcome *o);

/* Records that session id gave its password again now. */
enum err console_session_reauthed(struct db *db, long long id, struct outcome *o);

#endif
