/* Unit tests for lib/domain/lookup_cache.c (account lookups kept per process). */
#include "domain/lookup_cache.h"

#include "unit.h"

#include <stdio.h>
#include <string.h>

/* Kept for the time it is given, and not a millisecond longer. */
static void
test_bound(void)
{
	char name[201];

	lookup_cache_clear();
	lookup_cache_put("MTN", "233241234567", "Ama Mensah", 1000);
	UNIT_CHECK(lookup_cache_get("MTN", "233241234567", 1000, 2000, name, sizeof(name)) == 1, "at once");
	UNIT_STR_EQ(name, "Ama Mensah", "the registered name");
	UNIT_CHECK(lookup_cache_get("MTN", "233241234567", 2999, 2000, name, sizeof(name)) == 1, "just inside");
	UNIT_CHECK(lookup_cache_get("MTN", "233241234567", 3000, 2000, name, sizeof(name)) == 0, "at the bound");
	UNIT_CHECK(lookup_cache_get("MTN", "233241234567", 1500, 0, name, sizeof(name)) == 0, "0 keeps nothing");
	/* a clock that went back is not trusted */
	UNIT_CHECK(lookup_cache_get("MTN", "233241234567", 999, 2000, name, sizeof(name)) == 0, "before it was put");
}

/* Keyed by network and number: another network's same number is not it. */
static void
test_keyed(void)
{
	char name[201];

	lookup_cache_clear();
	lookup_cache_put("MTN", "233241234567", "Ama Mensah", 1000);
	UNIT_CHECK(lookup_cache_get("TELECEL", "233241234567", 1000, 2000, name, sizeof(name)) == 0, "network");
	UNIT_CHECK(lookup_cache_get("MTN", "233241234568", 1000, 2000, name, sizeof(name)) == 0, "number");
	/* a newer answer replaces the name and the time */
	lookup_cache_put("MTN", "233241234567", "Ama K. Mensah", 2500);
	UNIT_CHECK(lookup_cache_get("MTN", "233241234567", 4000, 2000, name, sizeof(name)) == 1, "renewed");
	UNIT_STR_EQ(name, "Ama K. Mensah", "renewed name");
	/* a name that does not fit the caller's buffer is not half given */
	UNIT_CHECK(lookup_cache_get("MTN", "233241234567", 2500, 2000, name, 5) == 0, "too small");
}

/* Full: the oldest entry makes room; the others stay. */
static void
test_eviction(void)
{
	char msisdn[20], name[201];
	int i;

	lookup_cache_clear();
	for (i = 0; i < LOOKUP_CACHE_SLOTS + 1; i++) {
		snprintf(msisdn, sizeof(msisdn), "2332400%05d", i);
		lookup_cache_put("MTN", msisdn, "", 1000 + i);
	}
	UNIT_CHECK(lookup_cache_get("MTN", "233240000000", 1300, 60000, name, sizeof(name)) == 0,
	    "the oldest went");
	UNIT_CHECK(lookup_cache_get("MTN", "233240000001", 1300, 60000, name, sizeof(name)) == 1,
	    "the next stayed");
	snprintf(msisdn, sizeof(msisdn), "2332400%05d", LOOKUP_CACHE_SLOTS);
	UNIT_CHECK(lookup_cache_get("MTN", msisdn, 1300, 60000, name, sizeof(name)) == 1, "the newest");
	UNIT_STR_EQ(name, "", "a provider that discloses no name");
}

int
main(void)
{
	static const struct tu_test tests[] = {
		{ "kept for lookup_cache_seconds, not longer", test_bound },
		{ "keyed by network and number", test_keyed },
		{ "the oldest makes room", test_eviction },
	};

	return tu_main("lookup_cache", NULL, NULL, tests, NELEM(tests));
}
