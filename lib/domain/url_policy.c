#include "domain/url_policy.h"

#include <string.h>

#include "core/log.h"

int
url_policy_of(const struct cfg *cfg, struct netguard_policy *p, struct netguard_local *local)
{
	memset(p, 0, sizeof(*p));
	p->allow_http = cfg->wh_allow_http;
	p->allow_loopback = (int)cfg->wh_allow_loopback;
	p->ports = &cfg->wh_allowed_ports;
	if (netguard_local_load(local) != 0)
		return -1;
	p->local = local;
	return 0;
}

enum err
url_policy_check(const struct cfg *cfg, const char *url, const char *field,
    struct outcome *o)
{
	struct netguard_policy policy;
	struct netguard_local local;
	struct netguard_pin pin;
	char why[160];

	if (url_policy_of(cfg, &policy, &local) != 0)
		log_event("warn", "%s: cannot read this host's addresses; a URL is checked "
		    "against them when it is used only", field);
	if (netguard_check_url(url, &policy, &pin, why, sizeof(why)) != 0)
		return outcome_field(o, ERR_VALIDATION, field, why);
	return ERR_OK;
}
