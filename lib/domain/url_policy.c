#include "domain/url_policy.h"

#include <string.h>

#include "core/log.h"
#include "providers/netguard.h"

enum err
url_policy_check(const struct cfg *cfg, const char *url, const char *field,
    struct outcome *o)
{
	struct netguard_policy policy;
	struct netguard_local local;
	struct netguard_pin pin;
	char why[160];

	memset(&policy, 0, sizeof(policy));
	policy.allow_http = cfg->wh_allow_http;
	policy.allow_loopback = (int)cfg->wh_allow_loopback;
	policy.ports = &cfg->wh_allowed_ports;
	if (netguard_local_load(&local) == 0)
		policy.local = &local;
	else
		log_event("warn", "%s: cannot read this host's addresses; a URL is checked "
		    "against them when it is used only", field);
	if (netguard_check_url(url, &policy, &pin, why, sizeof(why)) != 0)
		return outcome_field(o, ERR_VALIDATION, field, why);
	return ERR_OK;
}
