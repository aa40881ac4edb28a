/*
 * public_limit: how many requests a client address may make to the public
 * routes (no key: /v1/health, the providers' callbacks), counted in this
 * process's memory: a request refused here costs no database write, so a
 * flood of forged callbacks writes nothing. Each process counts its own:
 * with P processes an address gets up to P times the limit, which is why
 * the limit (http.public_limit_per_address) is generous and a provider's
 * burst never meets it. A fixed window per address, as the database's
 * limits have; the addresses least recently seen make room for new ones.
 */
#ifndef CEDIRAMP_PUBLIC_LIMIT_H
#define CEDIRAMP_PUBLIC_LIMIT_H

#include "core/cfg.h"
#include "http/rate_limit.h"

#define PUBLIC_LIMIT_ADDRESSES 512 /* addresses a process keeps count of */

/*
 * Counts one request of address addr (REMOTE_ADDR; NULL counts as "")
 * at time now under rate and fills out as rate_limit_hit does.
 */
void public_limit_hit(const struct cfg_rate *rate, const char *addr, long long now,
    struct rate_limit_result *out);

#endif
