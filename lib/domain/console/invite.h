/*
 * invite: what the console sends by mail (docs/console.md, "Mail" and
 * "Team"): invitations to join a partner (72 hours), password resets and
 * unlocks (1 hour). Each carries a link with a single-use token: 43
 * base62 characters from the CSPRNG, of which only the SHA-256 is kept;
 * using one takes it (a conditional UPDATE inside the transaction that
 * does the work), so a link works once, and never past its time.
 *
 * Mail goes by providers/mail.h; a failure to send leaves the token in
 * place (the answer says the mail failed, and the sender may try again).
 */
#ifndef CEDIRAMP_CONSOLE_INVITE_H
#define CEDIRAMP_CONSOLE_INVITE_H

#include "core/cfg.h"
#include "core/outcome.h"
#include "domain/console/session.h"
#include "store/db.h"

#define CONSOLE_INVITE_SECONDS (72 * 3600)
#define CONSOLE_LINK_SECONDS 3600   /* resets and unlocks */

/* What became of a message: "sent", "failed" or "off" (no mail.smtp_url). */
struct console_mailed {
	const char *mail;
	char expires_at[24];
	char link[512];   /* the link sent (shown to an operator, never by the API) */
};

/* s's partner invites email with role: ERR_OK (m filled), ERR_VALIDATION
 * (email, role), ERR_DUPLICATE_REFERENCE (the email has an account). */
enum err console_invite(struct db *db, const struct cfg *cfg, const struct console_session *s,
    const char *email, const char *role, const struct console_client *from,
    struct console_mailed *m, struct outcome *o);

/* An operator invites the owner of partner public_id (its first): as
 * console_invite, with no one inviting. */
enum err console_invite_owner(struct db *db, const struct cfg *cfg, const char *partner,
    const char *email, struct console_mailed *m, struct outcome *o);

/* An operator invites email to the back office with role (operator,
 * compliance, finance or read-only; an operator's `operator add`): as
 * console_invite_owner, with no partner, its link opening /console/ops/.
 * ERR_VALIDATION (email, role), ERR_DUPLICATE_REFERENCE. */
enum err console_invite_operator(struct db *db, const struct cfg *cfg, const char *email,
    const char *role, struct console_mailed *m, struct outcome *o);

/* An invitation accepted with a password: the member, signed in (a new
 * session into *session). ERR_NOT_FOUND (no such live token),
 * ERR_VALIDATION (password), ERR_DUPLICATE_REFERENCE. */
enum err console_invite_accept(struct db *db, const struct cfg *cfg, const char *token,
    const char *password, const struct console_client *from, struct console_opened *session,
    struct outcome *o);

/* A reset link for email, mailed when it has an account; ERR_OK either
 * way (the answer never tells who has one). */
enum err console_reset_request(struct db *db, const struct cfg *cfg, const char *email,
    const struct console_client *from, struct outcome *o);

/* A reset link used: the new password set, the lockout lifted, every
 * session ended. ERR_NOT_FOUND, ERR_VALIDATION (password). */
enum err console_reset_complete(struct db *db, const char *token, const char *password,
    const struct console_client *from, struct outcome *o);

/* Mails user_id (of partner_id, with role, at email) the link that lifts
 * its lockout (called when a failure locks the account). */
void console_unlock_mail(struct db *db, const struct cfg *cfg, long long partner_id,
    const char *role, long long user_id, const char *email);

/* An unlock link used: ERR_OK, ERR_NOT_FOUND. */
enum err console_unlock_complete(struct db *db, const char *token,
    const struct console_client *from, struct outcome *o);

/* Gives s's partner's member public_id the role (owner, developer,
 * finance or viewer; its sessions take it at their next request): ERR_OK
 * (o->changed 0 when it had it), ERR_NOT_FOUND, ERR_VALIDATION (role),
 * ERR_INVALID_STATE (oneself). */
enum err console_member_role_set(struct db *db, const struct console_session *s,
    const char *public_id, const char *role, const struct console_client *from,
    struct outcome *o);

/* Removes s's partner's member public_id (its sessions end): ERR_OK,
 * ERR_NOT_FOUND, ERR_INVALID_STATE (oneself: a partner always keeps an
 * owner, since only an owner removes). */
enum err console_member_remove(struct db *db, const struct console_session *s,
    const char *public_id, const struct console_client *from, struct outcome *o);

#endif
