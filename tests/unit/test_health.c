/* /v1/health's database state from what its node answers, and the
 * service's status from its parts (domain/health.h): no database here. */
#include "domain/health.h"

#include <CUnit/Basic.h>

#include "unit.h"

static const char *
name(enum prov_health h)
{
	return h == PROV_OPERATIONAL ? "operational" : h == PROV_DEGRADED ? "degraded" : "down";
}

static void
test_database(void)
{
	static const struct {
		int reachable;
		const char *on, *ready, *status;
		enum prov_health want;
	} rows[] = {
		/* unreachable: down, whatever else */
		{ 0, NULL, NULL, NULL, PROV_DOWN },
		{ 0, "1", "ON", "Primary", PROV_DOWN },
		/* one plain server: wsrep off, its status says nothing */
		{ 1, "0", "OFF", "Disconnected", PROV_OPERATIONAL },
		{ 1, "0", NULL, NULL, PROV_OPERATIONAL },
		{ 1, "OFF", "OFF", "non-Primary", PROV_OPERATIONAL },
		{ 1, NULL, NULL, NULL, PROV_OPERATIONAL },
		/* a Galera node */
		{ 1, "1", "ON", "Primary", PROV_OPERATIONAL },
		{ 1, "ON", "ON", "Primary", PROV_OPERATIONAL },
		{ 1, "on", "on", "Primary", PROV_OPERATIONAL },
		{ 1, "1", "OFF", "non-Primary", PROV_DEGRADED }, /* lost quorum */
		{ 1, "1", "OFF", "Primary", PROV_DEGRADED },     /* joining, not synced */
		{ 1, "1", "ON", "non-Primary", PROV_DEGRADED },
		{ 1, "1", "ON", "Disconnected", PROV_DEGRADED },
		{ 1, "1", "ON", "primary", PROV_DEGRADED },      /* Galera's spelling only */
		{ 1, "1", NULL, NULL, PROV_DEGRADED },           /* no wsrep status at all */
		{ 1, "1", "ON", NULL, PROV_DEGRADED },
	};
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		enum prov_health got = health_database(rows[i].reachable, rows[i].on,
		    rows[i].ready, rows[i].status);

		UNIT_CHECK(got == rows[i].want, "row %zu (reachable %d, wsrep_on %s, ready %s, "
		    "status %s): %s, want %s", i, rows[i].reachable,
		    rows[i].on ? rows[i].on : "NULL", rows[i].ready ? rows[i].ready : "NULL",
		    rows[i].status ? rows[i].status : "NULL", name(got), name(rows[i].want));
	}
}

static void
test_status(void)
{
	static const struct {
		enum prov_health db, chain, momo;
		const char *want;
	} rows[] = {
		{ PROV_OPERATIONAL, PROV_OPERATIONAL, PROV_OPERATIONAL, "operational" },
		{ PROV_DOWN, PROV_OPERATIONAL, PROV_OPERATIONAL, "down" },
		{ PROV_DOWN, PROV_DOWN, PROV_DOWN, "down" },
		{ PROV_DEGRADED, PROV_OPERATIONAL, PROV_OPERATIONAL, "degraded" },
		{ PROV_OPERATIONAL, PROV_DOWN, PROV_OPERATIONAL, "degraded" },
		{ PROV_OPERATIONAL, PROV_OPERATIONAL, PROV_DEGRADED, "degraded" },
		{ PROV_DEGRADED, PROV_DOWN, PROV_DOWN, "degraded" },
	};
	size_t i;

	for (i = 0; i < NELEM(rows); i++)
		UNIT_STR_EQ(health_status(rows[i].db, rows[i].chain, rows[i].momo), rows[i].want,
		    name(rows[i].db));
}

int
main(void)
{
	static const struct tu_test tests[] = {
		{ "the database's state", test_database },
		{ "the service's status", test_status },
	};

	return tu_main("health", NULL, NULL, tests, NELEM(tests));
}
