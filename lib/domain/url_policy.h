/*
 * url_policy: the URLs others name for this service to reach (a
 * partner's or the wallet developer's webhook endpoint, the wallet
 * developer's JWKS URL), checked against the webhooks' rules
 * (providers/netguard.h) when they are set.
 */
#ifndef CEDIRAMP_URL_POLICY_H
#define CEDIRAMP_URL_POLICY_H

#include "core/cfg.h"
#include "core/outcome.h"
#include "providers/netguard.h"

/*
 * Checks url against cfg's environment: https (http too where
 * webhooks.allow_http is set), a port of webhooks.allowed_ports, and every
 * address it resolves to allowed (loopback, on any port, only where
 * webhooks.allow_loopback is set), none of this host's own. ERR_OK, or
 * ERR_VALIDATION naming field with the reason. Should this host's
 * addresses not be readable here, only a later check refuses them
 * (logged).
 */
/*
 * Fills p with cfg's rules for such URLs (webhooks.allow_http,
 * webhooks.allow_loopback, webhooks.allowed_ports, borrowed from cfg)
 * and this host's addresses, read into local. 0, or -1 when those cannot
 * be read (p->local is then NULL: a caller about to connect fails
 * closed).
 */
int url_policy_of(const struct cfg *cfg, struct netguard_policy *p,
    struct netguard_local *local);

enum err url_policy_check(const struct cfg *cfg, const char *url, const char *field,
    struct outcome *o);

#endif
