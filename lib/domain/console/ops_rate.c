#include "domain/console/ops_rate.h"

#include "domain/console/audit.h"
#include "domain/console/ops.h"
#include "domain/fxrate.h"

enum err
console_ops_rate_set(struct db *db, const struct console_session *s, const char *coin,
    const char *rate, const char *reason, const struct console_client *from, struct outcome *o)
{
	outcome_init(o);
	if (console_ops_reason(reason, o) != ERR_OK ||
	    fxrate_set(db, coin, rate, CONSOLE_RATE_SOURCE, o) != ERR_OK)
		return o->err;
	(void)console_audit_reason(db, 0, s->user_id, "rate.set", coin, reason, from);
	return ERR_OK;
}
