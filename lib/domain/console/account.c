#include "domain/console/account.h"

#include <string.h>

#include "domain/console/audit.h"
#include "domain/console/invite.h"
#include "domain/console/password.h"
#include "domain/console/role.h"
#include "domain/console/twofactor.h"
#include "domain/internal.h"

/* the longest wait between two attempts at one account */
#define BACKOFF_MAX_SECONDS 900

int
console_email_norm(const char *email, char *out, size_t cap)
{
	size_t n, i, at = 0, ats = 0;

	if (email == NULL || (n = strlen(email)) < 3 || n > CONSOLE_EMAIL_MAX || n >= cap)
		return -1;
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)email[i];

		if (c <= 0x20 || c >= 0x7f || c == '<' || c == '>' || c == '"')
			return -1;
		if (c == '@') {
			ats++;
			at = i;
		}
		out[i] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
	}
	out[n] = '\0';
	return ats == 1 && at > 0 && at < n - 1 ? 0 : -1;
}

enum err
console_new_password(const char *password, char *hash, char *public_id, struct outcome *o)
{
	if (!console_password_ok(password))
		return outcome_field(o, ERR_VALIDATION, "password",
		    "12 to 128 characters, no control characters");
	if ((public_id != NULL && id_new(public_id, ID_MAX, CONSOLE_USER_PREFIX) != 0) ||
	    console_password_hash(password, hash, CONSOLE_HASH_MAX) != 0)
		return outcome_fail(o, ERR_INTERNAL, "no random bytes");
	return ERR_OK;
}

/* The new owner: its row and its first session, inside partner_create's
 * transaction (partner_create_then). */
struct owner {
	const char *public_id, *email, *hash;
	const struct console_client *from;
	struct console_opened *session;
	int dup; /* the email has an account */
};

static int
owner_tx(struct db *db, long long partner_id, void *arg)
{
	struct owner *w = arg;
	struct db_res res;
	int rc;

	rc = DB_EXEC(db, DB_CONSOLE_USER_INSERT, cu_insert, NULL, &res, .public_id = w->public_id,
	    .partner_id = &partner_id, .email = w->email, .role = "owner",
	    .password_hash = w->hash);
	if (rc == DB_DUP)
		w->dup = 1;
	if (rc != DB_OK)
		return rc;
	if ((rc = console_session_open(db, (long long)res.insert_id, w->from, w->session)) != DB_OK)
		return rc;
	return console_audit(db, partner_id, (long long)res.insert_id, "signup", w->public_id,
	    w->from);
}

enum err
console_signup(struct db *db, const struct cfg *cfg, const struct console_signup *in,
    const struct console_client *from, struct console_opened *session,
    struct partner_key *key, struct outcome *o)
{
	char email[CONSOLE_EMAIL_MAX + 1], hash[CONSOLE_HASH_MAX], public_id[ID_MAX];
	struct partner_then then;
	struct owner w;
	enum err e;

	outcome_init(o);
	memset(session, 0, sizeof(*session));
	if (console_email_norm(in->email, email, sizeof(email)) != 0)
		return outcome_field(o, ERR_VALIDATION, "email", "an email address");
	if ((e = console_new_password(in->password, hash, public_id, o)) != ERR_OK)
		return e;
	w = (struct owner){ public_id, email, hash, from, session, 0 };
	then = (struct partner_then){ owner_tx, &w };
	e = partner_create_then(db, cfg, in->company, "basic", in->start_funds, &then, key, o);
	if (e == ERR_VALIDATION && strstr(o->message, "name") == o->message) {
		outcome_init(o);
		return outcome_field(o, ERR_VALIDATION, "company", "1 to 200 printable characters");
	}
	if (e != ERR_OK) {
		memset(session, 0, sizeof(*session));
		if (w.dup) {
			outcome_init(o);
			return outcome_fail(o, ERR_DUPLICATE_REFERENCE,
			    "An account with this email exists: sign in instead");
		}
	}
	return e;
}

int
console_login_find(struct db *db, const char *email, struct console_login *u)
{
	static const struct db_field fields[] = { DB_FIELDS(cu_signin, struct console_login) };
	struct db_rows rows;
	const char *h;
	int rc, found = 0;

	memset(u, 0, sizeof(*u));
	if ((rc = DB_EXEC(db, DB_CONSOLE_USER_BY_EMAIL, cu_by_email, &rows, NULL,
	    .email = email)) != DB_OK)
		return -rc;
	if (rows.nrows == 1 && db_row_read(&rows, 0, fields, DB_NCOLS(cu_signin), u) == 0 &&
	    (h = db_cell(&rows, 0, DB_COL(cu_signin, password_hash))) != NULL &&
	    strlen(h) < sizeof(u->hash)) {
		memcpy(u->hash, h, strlen(h) + 1);
		snprintf(u->email, sizeof(u->email), "%s", email);
		found = 1;
	}
	db_rows_free(&rows);
	return found;
}

/* The seconds an attempt must wait after failures, or 0. */
static long long
backoff(const struct cfg *cfg, unsigned failures)
{
	unsigned over;

	if (failures < cfg->console_signin_backoff_after)
		return 0;
	over = failures - (unsigned)cfg->console_signin_backoff_after;
	return over >= 10 ? BACKOFF_MAX_SECONDS : 1LL << over;
}

/* Counts and audits a failure of u: ERR_INVALID_CREDENTIALS, or the
 * database's error. */
static enum err
failed(struct db *db, const struct cfg *cfg, const struct console_login *u,
    const struct console_client *from, const char *what, struct outcome *o)
{
	int rc;

	if ((rc = DB_EXEC(db, DB_CONSOLE_USER_FAILED, cu_failed, NULL, NULL,
	    .lockout = (long long)cfg->console_signin_lockout, .id = u->id)) != DB_OK)
		return domain_db_fail(o, rc, "count the failure");
	(void)console_audit(db, u->partner_id, u->id, what, u->public_id, from);
	/* this failure locked the account: its owner gets the link that
	 * lifts the lockout */
	if (!u->locked && u->failed_signins + 1 >= cfg->console_signin_lockout)
		console_unlock_mail(db, cfg, u->partner_id, u->role, u->id, u->email);
	return outcome_fail(o, ERR_INVALID_CREDENTIALS, "The email, the password or the code is wrong");
}

/* What a check asks for. */
enum proof {
	PROOF_SIGNIN,   /* the password, and the code when two-factor is on */
	PROOF_PASSWORD, /* the password alone (reauth) */
	PROOF_CODE      /* the two-factor code alone (reauth) */
};

/* The two-factor code for u: ERR_OK, or the error to answer. */
static enum err
check_code(struct db *db, const struct cfg *cfg, const struct console_login *u, const char *code,
    const struct console_client *from, const char *what, struct outcome *o)
{
	struct outcome two;

	if (code == NULL || !u->totp_enabled)
		return failed(db, cfg, u, from, what, o);
	if (console_2fa_check(db, cfg, u->id, u->public_id, code, &two) == ERR_OK)
		return ERR_OK;
	if (two.err != ERR_INVALID_CREDENTIALS)
		return outcome_fail(o, two.err, "%s", two.message);
	return failed(db, cfg, u, from, what, o);
}

/*
 * Checks what proof asks of u, throttled: ERR_OK, or the error to answer
 * (a failure is counted and audited).
 */
static enum err
check_proof(struct db *db, const struct cfg *cfg, const struct console_login *u, enum proof proof,
    const char *password, const char *code, const struct console_client *from,
    const char *what, struct outcome *o)
{
	long long wait = backoff(cfg, u->failed_signins);

	if (u->locked)
		return outcome_fail(o, ERR_ACCOUNT_LOCKED,
		    "This account is locked after too many failed sign-ins; "
		    "an operator can unlock it");
	if (wait > u->since_failure) {
		outcome_int(o, "retry_after", wait - u->since_failure);
		return outcome_fail(o, ERR_RATE_LIMITED,
		    "Too many failed sign-ins: try again in %lld s", wait - u->since_failure);
	}
	if (proof == PROOF_CODE)
		return check_code(db, cfg, u, code, from, what, o);
	if (password == NULL || !console_password_verify(u->hash, password))
		return failed(db, cfg, u, from, what, o);
	if (proof == PROOF_PASSWORD || !u->totp_enabled)
		return ERR_OK;
	if (code == NULL) /* the password was right: now the code (no failure) */
		return outcome_fail(o, ERR_TWO_FACTOR_REQUIRED,
		    "Give the code of your authenticator app (or a recovery code)");
	return check_code(db, cfg, u, code, from, what, o);
}

enum err
console_signin(struct db *db, const struct cfg *cfg, const char *email,
    const char *password, const char *code, const struct console_client *from,
    struct console_opened *session, struct outcome *o)
{
	char norm[CONSOLE_EMAIL_MAX + 1];
	struct console_login u;
	enum err e;
	int rc;

	outcome_init(o);
	memset(session, 0, sizeof(*session));
	if (console_email_norm(email, norm, sizeof(norm)) != 0 ||
	    (rc = console_login_find(db, norm, &u)) == 0) {
		console_password_burn(password);
		return outcome_fail(o, ERR_INVALID_CREDENTIALS, "The email or the password is wrong");
	}
	if (rc < 0)
		return domain_db_fail(o, -rc, "find the account");
	if ((e = check_proof(db, cfg, &u, PROOF_SIGNIN, password, code, from, "signin.failed",
	    o)) != ERR_OK)
		return e;
	(void)DB_EXEC(db, DB_CONSOLE_USER_SUCCEEDED, cu_id, NULL, NULL, .id = u.id);
	if ((rc = console_session_open(db, u.id, from, session)) != DB_OK)
		return domain_db_fail(o, rc, "open the session");
	(void)console_audit(db, u.partner_id, u.id, "signin", u.public_id, from);
	o->changed = 1;
	return ERR_OK;
}

enum err
console_reauth(struct db *db, const struct cfg *cfg, const struct console_session *s,
    const char *password, const char *code, const struct console_client *from,
    struct outcome *o)
{
	struct console_login u;
	enum err e;
	int rc;

	outcome_init(o);
	if ((rc = console_login_find(db, s->email, &u)) < 0)
		return domain_db_fail(o, -rc, "find the account");
	if (rc == 0 || u.id != s->user_id)
		return outcome_fail(o, ERR_UNAUTHORIZED, "Your session has ended: sign in again");
	/* the password alone (this session passed two-factor at sign-in), or
	 * the code alone */
	if ((e = check_proof(db, cfg, &u, password != NULL ? PROOF_PASSWORD : PROOF_CODE, password,
	    code, from, "reauth.failed", o)) != ERR_OK)
		return e;
	(void)DB_EXEC(db, DB_CONSOLE_USER_SUCCEEDED, cu_id, NULL, NULL, .id = u.id);
	if ((e = console_session_reauthed(db, s->id, o)) != ERR_OK)
		return e;
	(void)console_audit(db, s->partner_id, s->user_id, "reauth", s->user_public_id, from);
	return ERR_OK;
}

enum err
console_user_add(struct db *db, const struct cfg *cfg, const char *partner,
    const char *email, const char *role, const char *password, char *public_id,
    struct outcome *o)
{
	char norm[CONSOLE_EMAIL_MAX + 1], hash[CONSOLE_HASH_MAX];
	long long partner_id = 0;
	enum err e;
	int rc, platform;

	outcome_init(o);
	public_id[0] = '\0';
	if (console_email_norm(email, norm, sizeof(norm)) != 0)
		return outcome_field(o, ERR_VALIDATION, "email", "an email address");
	/* a partner's member, or one of the platform's people (no partner):
	 * its wallet developer or someone of the back office; "finance" is
	 * either, as a partner is named or not */
	platform = partner == NULL && console_role_in(role, 1) >= 0;
	if (partner != NULL && !console_role_of_partner(role) && console_role_in(role, 1) >= 0)
		return outcome_field(o, ERR_VALIDATION, "partner",
		    "none: the platform's roles belong to no partner");
	if (!platform && !console_role_of_partner(role))
		return outcome_field(o, ERR_VALIDATION, "role", partner != NULL ?
		    "owner, developer, finance or viewer (with a partner)" :
		    "wallet-developer, operator, compliance, finance or read-only (without a "
		    "partner), or a partner's role with --partner");
	if ((e = console_new_password(password, hash, public_id, o)) != ERR_OK ||
	    (!platform && (e = partner_row(db, cfg, partner, &partner_id, o)) != ERR_OK)) {
		public_id[0] = '\0';
		return e;
	}
	rc = DB_EXEC(db, DB_CONSOLE_USER_INSERT, cu_insert, NULL, NULL, .public_id = public_id,
	    .partner_id = platform ? NULL : &partner_id, .email = norm, .role = role,
	    .password_hash = hash);
	if (rc == DB_DUP) {
		public_id[0] = '\0';
		return outcome_fail(o, ERR_DUPLICATE_REFERENCE, "An account with this email exists");
	}
	if (rc != DB_OK) {
		public_id[0] = '\0';
		return domain_db_fail(o, rc, "store the user");
	}
	o->changed = 1;
	return ERR_OK;
}

int
console_login_lookup(struct db *db, const char *email, struct console_login *u,
    struct outcome *o)
{
	char norm[CONSOLE_EMAIL_MAX + 1];
	int rc;

	outcome_init(o);
	memset(u, 0, sizeof(*u));
	if (console_email_norm(email, norm, sizeof(norm)) != 0) {
		(void)outcome_field(o, ERR_VALIDATION, "email", "an email address");
		return -1;
	}
	if ((rc = console_login_find(db, norm, u)) < 0) {
		(void)domain_db_fail(o, -rc, "find the account");
		return -1;
	}
	return rc;
}

enum err
console_user_unlock(struct db *db, const char *email, struct outcome *o)
{
	struct console_login u;
	int rc;

	if ((rc = console_login_lookup(db, email, &u, o)) < 0)
		return o->err;
	if (rc == 0)
		return outcome_fail(o, ERR_NOT_FOUND, "No console user %s", email);
	if ((rc = DB_EXEC(db, DB_CONSOLE_USER_UNLOCK, cu_by_email, NULL, NULL,
	    .email = u.email)) != DB_OK)
		return domain_db_fail(o, rc, "unlock the account");
	o->changed = 1;
	return ERR_OK;
}

enum err
console_members(struct db *db, long long partner_id, console_member_fn fn, void *arg,
    struct outcome *o)
{
	static const struct db_field fields[] = { DB_FIELDS(cu_member, struct console_member) };
	struct console_member m;
	struct db_rows rows;
	size_t i;
	int rc;

	outcome_init(o);
	if ((rc = DB_EXEC(db, DB_CONSOLE_MEMBERS, cu_partner, &rows, NULL,
	    .partner_id = partner_id)) != DB_OK)
		return domain_db_fail(o, rc, "list the members");
	for (i = 0; i < rows.nrows; i++) {
		memset(&m, 0, sizeof(m));
		if (db_row_read(&rows, i, fields, DB_NCOLS(cu_member), &m) != 0) {
			db_rows_free(&rows);
			return outcome_fail(o, ERR_INTERNAL, "a member could not be read");
		}
		if (fn(&m, arg) != 0)
			break;
	}
	db_rows_free(&rows);
	return ERR_OK;
}
