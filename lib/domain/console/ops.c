#include "domain/console/ops.h"

#include <string.h>

#include "domain/console/account.h"
#include "domain/console/audit.h"
#include "domain/internal.h"

enum err
console_ops_reason(const char *reason, struct outcome *o)
{
	if (!console_reason_ok(reason))
		return outcome_field(o, ERR_VALIDATION, "reason",
		    "1 to 200 printable characters, not only spaces");
	return ERR_OK;
}

enum err
console_ops_partner_create(struct db *db, const struct cfg *cfg,
    const struct console_session *s, const struct console_ops_partner *in,
    const struct console_client *from, struct partner_key *key, struct console_mailed *m,
    struct outcome *o)
{
	char email[CONSOLE_EMAIL_MAX + 1];
	struct console_login u;
	struct outcome step;
	int rc;

	outcome_init(o);
	memset(key, 0, sizeof(*key));
	memset(m, 0, sizeof(*m));
	if (console_ops_reason(in->reason, o) != ERR_OK)
		return o->err;
	/* the owner's invitation cannot fail on its email once the partner
	 * exists: checked first (a partner without its owner is no use) */
	if (console_email_norm(in->owner_email, email, sizeof(email)) != 0)
		return outcome_field(o, ERR_VALIDATION, "owner_email", "an email address");
	if ((rc = console_login_find(db, email, &u)) < 0)
		return domain_db_fail(o, -rc, "find the account");
	if (rc > 0)
		return outcome_fail(o, ERR_DUPLICATE_REFERENCE, "%s has a console account already",
		    email);
	if (partner_create(db, cfg, in->name, in->tier, in->start_funds, key, o) != ERR_OK)
		return o->err;
	(void)console_audit_reason(db, 0, s->user_id, "partner.create", key->public_id, in->reason,
	    from);
	/* the partner stands; an invitation that fails now (the database) is
	 * sent again with `partner create`'s --owner-email or the Team page */
	if (console_invite_owner(db, cfg, key->public_id, email, m, &step) != ERR_OK) {
		m->mail = "failed";
		return ERR_OK;
	}
	(void)console_audit_reason(db, 0, s->user_id, "partner.invite_owner", key->public_id,
	    in->reason, from);
	return ERR_OK;
}

enum err
console_ops_partner_suspend(struct db *db, const struct cfg *cfg,
    const struct console_session *s, const char *public_id, const char *reason,
    const struct console_client *from, struct outcome *o)
{
	outcome_init(o);
	if (console_ops_reason(reason, o) != ERR_OK ||
	    partner_suspend(db, cfg, public_id, reason, o) != ERR_OK)
		return o->err;
	(void)console_audit_reason(db, 0, s->user_id, "partner.suspend", public_id, reason, from);
	return ERR_OK;
}

enum err
console_ops_partner_reactivate(struct db *db, const struct cfg *cfg,
    const struct console_session *s, const char *public_id, const char *reason,
    const struct console_client *from, struct outcome *o)
{
	outcome_init(o);
	if (console_ops_reason(reason, o) != ERR_OK ||
	    partner_reactivate(db, cfg, public_id, o) != ERR_OK)
		return o->err;
	(void)console_audit_reason(db, 0, s->user_id, "partner.reactivate", public_id, reason,
	    from);
	return ERR_OK;
}

enum err
console_ops_partner_tier(struct db *db, const struct cfg *cfg,
    const struct console_session *s, const char *public_id, const char *tier,
    const char *reason, const struct console_client *from, struct outcome *o)
{
	outcome_init(o);
	if (console_ops_reason(reason, o) != ERR_OK ||
	    partner_set_tier(db, cfg, public_id, tier, reason, o) != ERR_OK)
		return o->err;
	(void)console_audit_reason(db, 0, s->user_id, "partner.tier", public_id, reason, from);
	return ERR_OK;
}
