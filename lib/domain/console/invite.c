#include "domain/console/invite.h"

#include <openssl/crypto.h>
#include <stdio.h>
#include <string.h>

#include "core/strict.h"
#include "domain/apikey.h"
#include "domain/console/account.h"
#include "domain/console/audit.h"
#include "domain/console/password.h"
#include "domain/console/role.h"
#include "domain/internal.h"
#include "providers/mail.h"

/* A new token into token (CONSOLE_TOKEN_CHARS + 1) and its hash: 0 or -1. */
static int
new_token(char *token, char *hash)
{
	if (id_random(token, CONSOLE_TOKEN_CHARS + 1, "", CONSOLE_TOKEN_CHARS) != 0)
		return -1;
	apikey_hash(token, strlen(token), hash);
	return 0;
}

/* The link of page ("accept", "reset", "unlock") with token into out:
 * the console's, or with ops the back office's (its /console/ops/). */
static void
link_of(const struct cfg *cfg, int ops, const char *page, const char *token, char *out,
    size_t cap)
{
	const char *base = cfg->console_base_url[0] ? cfg->console_base_url : "/console/";
	size_t n = strlen(base);

	snprintf(out, cap, "%s%s%s#/%s?token=%s", base, ops && base[n - 1] != '/' ? "/" : "",
	    ops ? "ops/" : "", page, token);
}

/* Mails to with subject and body; m->mail says how it went. */
static void
send(const struct cfg *cfg, const char *to, const char *subject, const char *body,
    struct console_mailed *m)
{
	char why[200];

	switch (mail_send(cfg, to, subject, body, why, sizeof(why))) {
	case MAIL_SENT: m->mail = "sent"; break;
	case MAIL_OFF: m->mail = "off"; break;
	default: m->mail = "failed"; break;
	}
}

/* An invitation to send: to whom, as what, from whom, for which partner
 * (0: the platform's back office). */
struct invitation {
	long long partner_id;
	const char *partner_name;
	const char *inviter;   /* an email, or NULL: an operator */
	const char *email, *role;
	long long created_by;  /* 0: an operator */
};

static enum err
invite(struct db *db, const struct cfg *cfg, const struct invitation *in,
    struct console_mailed *m, struct outcome *o)
{
	char token[CONSOLE_TOKEN_CHARS + 1], hash[APIKEY_HASH_HEX], subject[300], body[1500];
	struct db_rows rows;
	int rc;

	if ((rc = DB_EXEC(db, DB_CONSOLE_USER_BY_EMAIL, cu_by_email, &rows, NULL,
	    .email = in->email)) != DB_OK)
		return domain_db_fail(o, rc, "find the account");
	rc = (int)rows.nrows;
	db_rows_free(&rows);
	if (rc > 0)
		return outcome_fail(o, ERR_DUPLICATE_REFERENCE, "%s has a console account already",
		    in->email);
	if (new_token(token, hash) != 0)
		return outcome_fail(o, ERR_INTERNAL, "no random bytes");
	if ((rc = DB_EXEC(db, DB_CONSOLE_TOKEN_INSERT, ctok_insert, NULL, NULL, .token_hash = hash,
	    .kind = "invite", .partner_id = in->partner_id > 0 ? &in->partner_id : NULL,
	    .user_id = NULL, .email = in->email,
	    .role = in->role, .created_by = in->created_by > 0 ? &in->created_by : NULL,
	    .seconds = CONSOLE_INVITE_SECONDS)) != DB_OK) {
		OPENSSL_cleanse(token, sizeof(token));
		return domain_db_fail(o, rc, "store the invitation");
	}
	link_of(cfg, in->partner_id == 0, "accept", token, m->link, sizeof(m->link));
	OPENSSL_cleanse(token, sizeof(token));
	snprintf(subject, sizeof(subject), "You are invited to %s on cediramp", in->partner_name);
	snprintf(body, sizeof(body), "%s invited you to join %s on the cediramp console, as %s.\n\n"
	    "Accept within 72 hours (the link works once):\n%s\n\n"
	    "If you did not expect this mail, ignore it.\n",
	    in->inviter != NULL ? in->inviter : "cediramp", in->partner_name, in->role, m->link);
	send(cfg, in->email, subject, body, m);
	o->changed = 1;
	return ERR_OK;
}

/* An invitation's start: o and m cleared, email lower-cased into norm
 * (CONSOLE_EMAIL_MAX + 1 bytes). ERR_OK or ERR_VALIDATION. */
static enum err
start(const char *email, char *norm, struct console_mailed *m, struct outcome *o)
{
	outcome_init(o);
	memset(m, 0, sizeof(*m));
	if (console_email_norm(email, norm, CONSOLE_EMAIL_MAX + 1) != 0)
		return outcome_field(o, ERR_VALIDATION, "email", "an email address");
	return ERR_OK;
}

enum err
console_invite(struct db *db, const struct cfg *cfg, const struct console_session *s,
    const char *email, const char *role, const struct console_client *from,
    struct console_mailed *m, struct outcome *o)
{
	char norm[CONSOLE_EMAIL_MAX + 1];
	struct invitation in;
	enum err e;

	if (start(email, norm, m, o) != ERR_OK)
		return o->err;
	if (!console_role_of_partner(role))
		return outcome_field(o, ERR_VALIDATION, "role", "owner, developer, finance or viewer");
	in = (struct invitation){ s->partner_id, s->partner_name, s->email, norm, role, s->user_id };
	if ((e = invite(db, cfg, &in, m, o)) == ERR_OK)
		(void)console_audit(db, s->partner_id, s->user_id, "member.invite", norm, from);
	return e;
}

enum err
console_invite_owner(struct db *db, const struct cfg *cfg, const char *partner,
    const char *email, struct console_mailed *m, struct outcome *o)
{
	char norm[CONSOLE_EMAIL_MAX + 1];
	struct invitation in;
	long long partner_id;
	enum err e;

	if (start(email, norm, m, o) != ERR_OK)
		return o->err;
	if ((e = partner_row(db, cfg, partner, &partner_id, o)) != ERR_OK)
		return e;
	in = (struct invitation){ partner_id, partner, NULL, norm, "owner", 0 };
	return invite(db, cfg, &in, m, o);
}

enum err
console_invite_operator(struct db *db, const struct cfg *cfg, const char *email,
    const char *role, struct console_mailed *m, struct outcome *o)
{
	char norm[CONSOLE_EMAIL_MAX + 1];
	struct invitation in;

	if (start(email, norm, m, o) != ERR_OK)
		return o->err;
	if (!console_role_of_ops(role))
		return outcome_field(o, ERR_VALIDATION, "role",
		    "operator, compliance, finance or read-only");
	in = (struct invitation){ 0, "the cediramp back office", NULL, norm, role, 0 };
	return invite(db, cfg, &in, m, o);
}

/* A token read in its transaction. */
struct token_row {
	long long id, partner_id, user_id;
	char email[CONSOLE_EMAIL_MAX + 1];
	char role[CONSOLE_ROLE_MAX];
	char expires_at[24];
};

/* 1 found (locked, live, unused), 0 not, or -(db_rc). */
static int
find_token(struct db *db, const char *token, const char *kind, struct token_row *t)
{
	static const struct db_field fields[] = { DB_FIELDS(ctok_row, struct token_row) };
	char hash[APIKEY_HASH_HEX];
	struct db_rows rows;
	const char *uid;
	int rc, found = 0;

	memset(t, 0, sizeof(*t));
	if (token == NULL || strlen(token) != CONSOLE_TOKEN_CHARS)
		return 0;
	apikey_hash(token, strlen(token), hash);
	if ((rc = DB_EXEC(db, DB_CONSOLE_TOKEN_FIND, ctok_find, &rows, NULL, .token_hash = hash,
	    .kind = kind)) != DB_OK)
		return -rc;
	if (rows.nrows == 1 && db_row_read(&rows, 0, fields, DB_NCOLS(ctok_row), t) == 0) {
		found = 1;
		uid = db_cell(&rows, 0, DB_COL(ctok_row, user_id));
		if (uid != NULL) {
			unsigned long long v;

			if (strict_uint(uid, strlen(uid), ~0ULL >> 1, &v) == 0)
				t->user_id = (long long)v;
		}
	}
	db_rows_free(&rows);
	return found;
}

/* The acceptance's transaction. */
struct accept {
	const char *token, *hash, *public_id;
	const struct console_client *from;
	struct console_opened *session;
	int found, dup;
};

static int
accept_tx(struct db *db, void *arg)
{
	struct accept *a = arg;
	struct token_row t;
	struct db_res res;
	int rc;

	a->found = a->dup = 0;
	if ((rc = find_token(db, a->token, "invite", &t)) <= 0)
		return rc < 0 ? -rc : DB_DUP;
	a->found = 1;
	/* a partner's member, or (no partner) one of the back office */
	rc = DB_EXEC(db, DB_CONSOLE_USER_INSERT, cu_insert, NULL, &res, .public_id = a->public_id,
	    .partner_id = t.partner_id > 0 ? &t.partner_id : NULL, .email = t.email,
	    .role = t.role, .password_hash = a->hash);
	if (rc == DB_DUP)
		a->dup = 1;
	if (rc != DB_OK ||
	    (rc = DB_EXEC(db, DB_CONSOLE_TOKEN_USE, cu_id, NULL, NULL, .id = t.id)) != DB_OK ||
	    (rc = console_session_open(db, (long long)res.insert_id, a->from, a->session)) != DB_OK)
		return rc;
	return console_audit(db, t.partner_id, (long long)res.insert_id, "member.join", a->public_id,
	    a->from);
}

enum err
console_invite_accept(struct db *db, const struct cfg *cfg, const char *token,
    const char *password, const struct console_client *from, struct console_opened *session,
    struct outcome *o)
{
	char hash[CONSOLE_HASH_MAX], public_id[ID_MAX];
	struct accept a;
	int rc;

	enum err e;

	(void)cfg;
	outcome_init(o);
	memset(session, 0, sizeof(*session));
	if ((e = console_new_password(password, hash, public_id, o)) != ERR_OK)
		return e;
	a = (struct accept){ token, hash, public_id, from, session, 0, 0 };
	rc = db_tx(db, accept_tx, &a);
	if (rc == DB_OK) {
		o->changed = 1;
		return ERR_OK;
	}
	memset(session, 0, sizeof(*session));
	if (!a.found)
		return outcome_fail(o, ERR_NOT_FOUND, "This invitation is used, expired or unknown");
	if (a.dup)
		return outcome_fail(o, ERR_DUPLICATE_REFERENCE, "This email has a console account");
	return domain_db_fail(o, rc, "accept the invitation");
}

/* A link of kind for the user email (of partner_id, with role), mailed:
 * to the back office's pages for one of its people. */
static void
user_link(struct db *db, const struct cfg *cfg, const char *kind, long long partner_id,
    const char *role, long long user_id, const char *email, const char *subject,
    const char *intro)
{
	char token[CONSOLE_TOKEN_CHARS + 1], hash[APIKEY_HASH_HEX], body[1500];
	struct console_mailed m;

	memset(&m, 0, sizeof(m));
	if (new_token(token, hash) != 0)
		return;
	if (DB_EXEC(db, DB_CONSOLE_TOKEN_INSERT, ctok_insert, NULL, NULL, .token_hash = hash,
	    .kind = kind, .partner_id = partner_id > 0 ? &partner_id : NULL, .user_id = &user_id,
	    .email = email,
	    .role = NULL, .created_by = NULL, .seconds = CONSOLE_LINK_SECONDS) == DB_OK) {
		link_of(cfg, partner_id == 0 && console_role_of_ops(role), kind, token, m.link,
		    sizeof(m.link));
		snprintf(body, sizeof(body), "%s\n\nThe link works once, within an hour:\n%s\n\n"
		    "If you did not ask for this, you may ignore this mail; if your account was "
		    "locked and it was not you, reset your password.\n", intro, m.link);
		send(cfg, email, subject, body, &m);
	}
	OPENSSL_cleanse(token, sizeof(token));
}

enum err
console_reset_request(struct db *db, const struct cfg *cfg, const char *email,
    const struct console_client *from, struct outcome *o)
{
	struct console_login u;
	int rc;

	if ((rc = console_login_lookup(db, email, &u, o)) < 0)
		return o->err;
	if (rc) {
		user_link(db, cfg, "reset", u.partner_id, u.role, u.id, u.email,
		    "Reset your cediramp console password",
		    "Someone (we hope you) asked to reset the password of your cediramp console "
		    "account.");
		(void)console_audit(db, u.partner_id, u.id, "password.reset.request", u.public_id, from);
	}
	return ERR_OK;
}

/* The reset's (or the unlock's) transaction. */
struct use_link {
	const char *token, *kind, *hash;
	const struct console_client *from;
	int found;
};

static int
use_link_tx(struct db *db, void *arg)
{
	struct use_link *x = arg;
	struct token_row t;
	int rc;

	x->found = 0;
	if ((rc = find_token(db, x->token, x->kind, &t)) <= 0)
		return rc < 0 ? -rc : DB_DUP;
	x->found = 1;
	if (x->hash != NULL) {
		if ((rc = DB_EXEC(db, DB_CONSOLE_USER_PASSWORD, cu_password, NULL, NULL,
		    .password_hash = x->hash, .id = t.user_id)) != DB_OK ||
		    (rc = DB_EXEC(db, DB_CONSOLE_SESSION_REVOKE_USER, cs_user, NULL, NULL,
		    .user_id = t.user_id)) != DB_OK)
			return rc;
	} else if ((rc = DB_EXEC(db, DB_CONSOLE_USER_UNLOCK_ID, cu_id, NULL, NULL,
	    .id = t.user_id)) != DB_OK) {
		return rc;
	}
	if ((rc = DB_EXEC(db, DB_CONSOLE_TOKEN_USE, cu_id, NULL, NULL, .id = t.id)) != DB_OK)
		return rc;
	return console_audit(db, t.partner_id, t.user_id, x->hash != NULL ? "password.reset" :
	    "unlock", t.email, x->from);
}

static enum err
use_link(struct db *db, struct use_link *x, struct outcome *o)
{
	int rc = db_tx(db, use_link_tx, x);

	if (rc == DB_OK) {
		o->changed = 1;
		return ERR_OK;
	}
	if (!x->found)
		return outcome_fail(o, ERR_NOT_FOUND, "This link is used, expired or unknown");
	return domain_db_fail(o, rc, "use the link");
}

enum err
console_reset_complete(struct db *db, const char *token, const char *password,
    const struct console_client *from, struct outcome *o)
{
	char hash[CONSOLE_HASH_MAX];
	struct use_link x;
	enum err e;

	outcome_init(o);
	if ((e = console_new_password(password, hash, NULL, o)) != ERR_OK)
		return e;
	x = (struct use_link){ token, "reset", hash, from, 0 };
	return use_link(db, &x, o);
}

void
console_unlock_mail(struct db *db, const struct cfg *cfg, long long partner_id,
    const char *role, long long user_id, const char *email)
{
	user_link(db, cfg, "unlock", partner_id, role, user_id, email,
	    "Your cediramp console account is locked",
	    "Your cediramp console account was locked after too many failed sign-ins. "
	    "Follow this link to unlock it.");
}

enum err
console_unlock_complete(struct db *db, const char *token, const struct console_client *from,
    struct outcome *o)
{
	struct use_link x = { token, "unlock", NULL, from, 0 };

	outcome_init(o);
	return use_link(db, &x, o);
}

/* A member as removal reads it. */
struct brief {
	long long id;
	char role[CONSOLE_ROLE_MAX];
};

/* s's partner's member public_id into *b: ERR_OK, ERR_NOT_FOUND (in o). */
static enum err
member_find(struct db *db, const struct console_session *s, const char *public_id,
    struct brief *b, struct outcome *o)
{
	static const struct db_field fields[] = { DB_FIELDS(cu_brief, struct brief) };
	struct db_rows rows;
	int rc, found;

	outcome_init(o);
	memset(b, 0, sizeof(*b));
	if (public_id == NULL || !id_has_shape(public_id, CONSOLE_USER_PREFIX))
		return outcome_err(o, ERR_NOT_FOUND);
	if ((rc = DB_EXEC(db, DB_CONSOLE_USER_BY_PUBLIC, cu_public, &rows, NULL,
	    .public_id = public_id, .partner_id = s->partner_id)) != DB_OK)
		return domain_db_fail(o, rc, "find the member");
	found = rows.nrows == 1 && db_row_read(&rows, 0, fields, DB_NCOLS(cu_brief), b) == 0;
	db_rows_free(&rows);
	return found ? ERR_OK : outcome_err(o, ERR_NOT_FOUND);
}

enum err
console_member_role_set(struct db *db, const struct console_session *s,
    const char *public_id, const char *role, const struct console_client *from,
    struct outcome *o)
{
	struct brief b;
	int rc;

	if (member_find(db, s, public_id, &b, o) != ERR_OK)
		return o->err;
	if (!console_role_of_partner(role))
		return outcome_field(o, ERR_VALIDATION, "role", "owner, developer, finance or viewer");
	/* only an owner changes roles (the team action), never its own: a
	 * partner always keeps an owner */
	if (b.id == s->user_id)
		return outcome_fail(o, ERR_INVALID_STATE, "You cannot change your own role");
	if (strcmp(b.role, role) == 0)
		return ERR_OK;
	if ((rc = DB_EXEC(db, DB_CONSOLE_USER_ROLE, cu_role, NULL, NULL, .role = role,
	    .id = b.id, .partner_id = s->partner_id)) != DB_OK)
		return domain_db_fail(o, rc, "change the member's role");
	(void)console_audit(db, s->partner_id, s->user_id, "member.role", public_id, from);
	o->changed = 1;
	return ERR_OK;
}

enum err
console_member_remove(struct db *db, const struct console_session *s,
    const char *public_id, const struct console_client *from, struct outcome *o)
{
	struct brief b;
	int rc;

	if (member_find(db, s, public_id, &b, o) != ERR_OK)
		return o->err;
	/* only an owner removes (the team action), never itself: a partner
	 * always keeps an owner */
	if (b.id == s->user_id)
		return outcome_fail(o, ERR_INVALID_STATE, "You cannot remove yourself");
	if ((rc = DB_EXEC(db, DB_CONSOLE_USER_REMOVE, cu_remove, NULL, NULL, .id = b.id,
	    .partner_id = s->partner_id)) != DB_OK ||
	    (rc = DB_EXEC(db, DB_CONSOLE_SESSION_REVOKE_USER, cs_user, NULL, NULL,
	    .user_id = b.id)) != DB_OK)
		return domain_db_fail(o, rc, "remove the member");
	(void)console_audit(db, s->partner_id, s->user_id, "member.remove", public_id, from);
	o->changed = 1;
	return ERR_OK;
}
