/*
 * lookup_cache: this process's copy of mobile money account lookups
 * (issue 25): the name a network's provider registered to an msisdn,
 * kept for providers.lookup_cache_seconds, so a transfer's preflight and a
 * repeated verification do not ask the provider again each time. Only a
 * found account is kept (a number that was missing may be opened at any
 * moment); the registered name is what is kept, never a verdict, so a
 * verification still compares the name it is given with it.
 */
#ifndef CEDIRAMP_LOOKUP_CACHE_H
#define CEDIRAMP_LOOKUP_CACHE_H

#include <stddef.h>

#include "domain/ctx.h"
#include "providers/momo.h"

#define LOOKUP_CACHE_SLOTS 256

/* The name cached for network and msisdn into name (cap bytes) when it was
 * put less than ttl_ms before now_ms: 1, else 0. */
int lookup_cache_get(const char *network, const char *msisdn, long long now_ms,
    long long ttl_ms, char *name, size_t cap);

/* Keeps name for network and msisdn, read at now_ms (the oldest entry
 * makes room). */
void lookup_cache_put(const char *network, const char *msisdn, const char *name,
    long long now_ms);

/* Forgets every entry (tests). */
void lookup_cache_clear(void);

/*
 * m's lookup of msisdn on network (momo.h's contract), answered from the
 * cache within providers.lookup_cache_seconds of the provider's last
 * MOMO_OK for it.
 */
enum momo_rc lookup_cached(struct ctx *ctx, const struct prov_momo *m, const char *network,
    const char *msisdn, char *name, size_t cap);

#endif
