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

/*
 * Checks url against cfg's environment: https (http too where
 * webhooks.allow_http is set), a port of webhooks.allowed_ports, and every
 * address it resolves to allowed (loopback, on any port, only where
 * webhooks.allow_loopback is set), none of this host's own. ERR_OK, or
 * ERR_VALIDATION naming field with the reason. Should this host's
 * addresses not be readable here, only a later check refuses them
 * (logged).
 */
enum err url_policy_check(const struct cfg *cfg, const char *url, const char *field,
    struct outcome *o);

#endif
