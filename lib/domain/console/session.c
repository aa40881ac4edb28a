#include "domain/console/session.h"

#include <string.h>

#include "domain/apikey.h"
#include "domain/internal.h"

/* a session id's SHA-256, hex: what the table holds */
static void
sid_hash(const char *sid, char *hash)
{
	apikey_hash(sid, strlen(sid), hash);
}

static int
token_shape(const char *s)
{
	size_t i;

	if (s == NULL || strlen(s) != CONSOLE_TOKEN_CHARS)
		return 0;
	for (i = 0; i < CONSOLE_TOKEN_CHARS; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'z') ||
		    (s[i] >= 'A' && s[i] <= 'Z')))
			return 0;
	return 1;
}

int
console_session_open(struct db *db, long long user_id, const struct console_client *from,
    struct console_opened *out)
{
	char hash[APIKEY_HASH_HEX], ua[256];
	int rc;

	if (id_random(out->session_id, sizeof(out->session_id), "", CONSOLE_TOKEN_CHARS) != 0 ||
	    id_random(out->csrf_token, sizeof(out->csrf_token), "", CONSOLE_TOKEN_CHARS) != 0) {
		memset(out, 0, sizeof(*out));
		return DB_FAIL;
	}
	/* a user agent is what the browser says: kept to its column */
	snprintf(ua, sizeof(ua), "%s", from->user_agent != NULL ? from->user_agent : "");
	sid_hash(out->session_id, hash);
	rc = DB_EXEC(db, DB_CONSOLE_SESSION_INSERT, cs_insert, NULL, NULL, .session_hash = hash,
	    .user_id = user_id, .csrf_token = out->csrf_token,
	    .address = from->address != NULL ? from->address : "", .user_agent = ua);
	if (rc != DB_OK)
		memset(out, 0, sizeof(*out));
	return rc;
}

/* The live session of hash into out (role and two-factor need set),
 * read after this node caught up with the cluster when sync: 1 found, 0
 * none, or the database's error in o (-1). */
static int
session_read(struct db *db, int sync, const char *hash, struct console_session *out,
    struct outcome *o)
{
	static const struct db_field fields[] = { DB_FIELDS(cs_live, struct console_session) };
	struct db_rows rows;
	int rc;

	memset(out, 0, sizeof(*out));
	rc = sync ? DB_EXEC(db, DB_CONSOLE_SESSION_FIND_SYNC, cs_find, &rows, NULL,
	    .session_hash = hash, .absolute = CONSOLE_ABSOLUTE_SECONDS,
	    .idle = CONSOLE_IDLE_SECONDS) : DB_EXEC(db, DB_CONSOLE_SESSION_FIND, cs_find, &rows,
	    NULL, .session_hash = hash, .absolute = CONSOLE_ABSOLUTE_SECONDS,
	    .idle = CONSOLE_IDLE_SECONDS);
	if (rc != DB_OK) {
		(void)domain_db_fail(o, rc, "find the session");
		return -1;
	}
	if (rows.nrows != 1 || db_row_read(&rows, 0, fields, DB_NCOLS(cs_live), out) != 0) {
		db_rows_free(&rows);
		memset(out, 0, sizeof(*out));
		return 0;
	}
	db_rows_free(&rows);
	/* the role as the user has it: a partner's member's, or the
	 * platform's; the back office always requires two factors */
	out->role_id = console_role_in(out->role, out->partner_id == 0);
	if (console_role_is_ops(out->role_id))
		out->require_2fa = 1;
	return 1;
}

enum err
console_session_find(struct db *db, const char *sid, struct console_session *out,
    struct outcome *o)
{
	char hash[APIKEY_HASH_HEX];
	int found;

	outcome_init(o);
	memset(out, 0, sizeof(*out));
	if (!token_shape(sid))
		return outcome_fail(o, ERR_UNAUTHORIZED, "Sign in to the console");
	sid_hash(sid, hash);
	if ((found = session_read(db, 0, hash, out, o)) < 0)
		return o->err;
	/*
	 * On a Galera node, a miss may be a session another node opened a
	 * moment ago, and two-factor sign-in required but not on may be an
	 * enrolment another node finished a moment ago (the refusal would
	 * be wrong): read again once this node has caught up.
	 */
	if ((found == 0 || (out->require_2fa && !out->totp_enabled)) &&
	    (found = session_read(db, 1, hash, out, o)) < 0)
		return o->err;
	if (found == 0)
		return outcome_fail(o, ERR_UNAUTHORIZED, "Your session has ended: sign in again");
	(void)DB_EXEC(db, DB_CONSOLE_SESSION_TOUCH, cs_id, NULL, NULL, .id = out->id);
	return ERR_OK;
}

enum err
console_session_end(struct db *db, long long id, struct outcome *o)
{
	int rc;

	outcome_init(o);
	if ((rc = DB_EXEC(db, DB_CONSOLE_SESSION_REVOKE, cs_id, NULL, NULL, .id = id)) != DB_OK)
		return domain_db_fail(o, rc, "end the session");
	o->changed = 1;
	return ERR_OK;
}

enum err
console_session_end_all(struct db *db, long long user_id, struct outcome *o)
{
	int rc;

	outcome_init(o);
	if ((rc = DB_EXEC(db, DB_CONSOLE_SESSION_REVOKE_USER, cs_user, NULL, NULL,
	    .user_id = user_id)) != DB_OK)
		return domain_db_fail(o, rc, "end the sessions");
	o->changed = 1;
	return ERR_OK;
}

enum err
console_session_reauthed(struct db *db, long long id, struct outcome *o)
{
	int rc;

	outcome_init(o);
	if ((rc = DB_EXEC(db, DB_CONSOLE_SESSION_REAUTH, cs_id, NULL, NULL, .id = id)) != DB_OK)
		return domain_db_fail(o, rc, "record the password");
	o->changed = 1;
	return ERR_OK;
}
