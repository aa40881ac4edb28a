/*
 * jwks_http: a JSON Web Key Set fetched from the URL a wallet-login
 * provider publishes (jwt.jwks_url), by libcurl: http or https, at most
 * JWKS_HTTP_MAX bytes, within the providers' timeout.
 */
#ifndef CEDIRAMP_JWKS_HTTP_H
#define CEDIRAMP_JWKS_HTTP_H

#include <stddef.h>

#include "core/buf.h"

#define JWKS_HTTP_MAX (256 * 1024)

/* GET url into out (reset first): 0 on a 200, or -1 with why (cap bytes). */
int jwks_fetch(const char *url, long timeout_ms, struct buf *out, char *why, size_t cap);

#endif
