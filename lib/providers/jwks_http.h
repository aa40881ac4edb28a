/*
 * jwks_http: a JSON Web Key Set fetched from the URL a wallet-login
 * provider publishes (jwt.jwks_url, or the wallet developer's from the
 * console), by libcurl: http or https, at most JWKS_HTTP_MAX bytes,
 * within the providers' timeout, no redirect followed.
 */
#ifndef CEDIRAMP_JWKS_HTTP_H
#define CEDIRAMP_JWKS_HTTP_H

#include <stddef.h>

#include "core/buf.h"
#include "providers/netguard.h"

#define JWKS_HTTP_MAX (256 * 1024)

/*
 * GET url into out (reset first): 0 on a 200, or -1 with why (cap
 * bytes). guard NULL: the operator's own URL (the config's), fetched as
 * it is. Otherwise the URL was named through the console: it is checked
 * against guard again, against today's DNS, and the transfer is pinned
 * to the addresses checked (netguard_curl_pin), as a webhook's post is.
 */
int jwks_fetch(const char *url, const struct netguard_policy *guard, long timeout_ms,
    struct buf *out, char *why, size_t cap);

#endif
