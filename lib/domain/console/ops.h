/*
 * ops: the back office's actions on partners (docs/console.md, "Back
 * office"), as a session of one of its roles takes them: each is the
 * admin tool's own domain call (partner_create and console_invite_owner,
 * partner_suspend, partner_reactivate, partner_set_tier), its reason
 * checked first and
 * kept in the audit log with it (console_audit_reason; the partner's own
 * log does not show them: partner_id NULL, the object the partner's id).
 *
 * Every function fills o (initialised here) and returns its error; an
 * error means nothing was written.
 */
#ifndef CEDIRAMP_CONSOLE_OPS_H
#define CEDIRAMP_CONSOLE_OPS_H

#include "core/cfg.h"
#include "core/outcome.h"
#include "domain/console/invite.h"
#include "domain/console/session.h"
#include "domain/partner_account.h"
#include "store/db.h"

/* The reason of a back-office action (console_reason_ok): ERR_OK, or
 * ERR_VALIDATION naming "reason" in o (not initialised here). */
enum err console_ops_reason(const char *reason, struct outcome *o);

/* A new partner as the back office makes it. */
struct console_ops_partner {
	const char *name;
	const char *tier;         /* NULL: basic */
	const char *owner_email;  /* its owner, invited */
	const char *reason;       /* the operator's */
	const char *start_funds;  /* its starting coins (partner_create), or NULL */
};

/*
 * s creates partner in (in cfg's environment, with in->start_funds as
 * partner_create takes them) and invites its owner: the new
 * partner and its first key into *key (its secret shown once, as `partner
 * create` prints it), the invitation's mail into *m. ERR_VALIDATION
 * naming reason, owner_email, name or tier; ERR_DUPLICATE_REFERENCE (the
 * owner's email has a console account). Checked before anything is
 * written.
 */
enum err console_ops_partner_create(struct db *db, const struct cfg *cfg,
    const struct console_session *s, const struct console_ops_partner *in,
    const struct console_client *from, struct partner_key *key, struct console_mailed *m,
    struct outcome *o);

/* s suspends partner public_id (partner_suspend) with reason, audited
 * ("partner.suspend"). ERR_VALIDATION (reason), ERR_NOT_FOUND,
 * ERR_INVALID_STATE. */
enum err console_ops_partner_suspend(struct db *db, const struct cfg *cfg,
    const struct console_session *s, const char *public_id, const char *reason,
    const struct console_client *from, struct outcome *o);

/* s reactivates partner public_id (partner_reactivate) with reason,
 * audited ("partner.reactivate"). Errors as console_ops_partner_suspend. */
enum err console_ops_partner_reactivate(struct db *db, const struct cfg *cfg,
    const struct console_session *s, const char *public_id, const char *reason,
    const struct console_client *from, struct outcome *o);

/* s sets partner public_id's tier (partner_set_tier, `partner tier`'s
 * call) with reason, audited ("partner.tier"). ERR_VALIDATION (reason,
 * tier), ERR_NOT_FOUND, ERR_INVALID_STATE (that tier already). */
enum err console_ops_partner_tier(struct db *db, const struct cfg *cfg,
    const struct console_session *s, const char *public_id, const char *tier,
    const char *reason, const struct console_client *from, struct outcome *o);

#endif
