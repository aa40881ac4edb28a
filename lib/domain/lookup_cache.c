#include "domain/lookup_cache.h"

#include <string.h>
#include <time.h>

#include "core/clock.h"
#include "core/strict.h"

struct entry {
	char network[16];
	char msisdn[20];
	char name[201];
	long long at_ms;     /* when the provider answered; 0: empty */
};

static struct entry slots[LOOKUP_CACHE_SLOTS];

static struct entry *
find(const char *network, const char *msisdn)
{
	size_t i;

	for (i = 0; i < LOOKUP_CACHE_SLOTS; i++)
		if (slots[i].at_ms != 0 && strcmp(slots[i].network, network) == 0 &&
		    strcmp(slots[i].msisdn, msisdn) == 0)
			return &slots[i];
	return NULL;
}

int
lookup_cache_get(const char *network, const char *msisdn, long long now_ms,
    long long ttl_ms, char *name, size_t cap)
{
	struct entry *e = find(network, msisdn);

	if (e == NULL || ttl_ms <= 0 || now_ms - e->at_ms >= ttl_ms || now_ms < e->at_ms)
		return 0;
	return strict_copy(name, cap, e->name) == 0;
}

void
lookup_cache_put(const char *network, const char *msisdn, const char *name, long long now_ms)
{
	struct entry *e = find(network, msisdn), *oldest = &slots[0];
	size_t i;

	if (strlen(network) >= sizeof(e->network) || strlen(msisdn) >= sizeof(e->msisdn) ||
	    strlen(name) >= sizeof(e->name))
		return;
	if (e == NULL) {
		for (i = 1; i < LOOKUP_CACHE_SLOTS && oldest->at_ms != 0; i++)
			if (slots[i].at_ms < oldest->at_ms)
				oldest = &slots[i];
		e = oldest;
	}
	(void)strict_copy(e->network, sizeof(e->network), network);
	(void)strict_copy(e->msisdn, sizeof(e->msisdn), msisdn);
	(void)strict_copy(e->name, sizeof(e->name), name);
	e->at_ms = now_ms > 0 ? now_ms : 1;
}

void
lookup_cache_clear(void)
{
	memset(slots, 0, sizeof(slots));
}

enum momo_rc
lookup_cached(struct ctx *ctx, const struct prov_momo *m, const char *network,
    const char *msisdn, char *name, size_t cap)
{
	long long ttl_ms = (long long)ctx->cfg.lookup_cache_seconds * 1000, now = clock_monotonic_ms();
	enum momo_rc rc;

	if (lookup_cache_get(network, msisdn, now, ttl_ms, name, cap))
		return MOMO_OK;
	rc = m->ops->lookup(&m->ep, msisdn, name, cap);
	if (rc == MOMO_OK && ttl_ms > 0)
		lookup_cache_put(network, msisdn, name, clock_monotonic_ms());
	return rc;
}
