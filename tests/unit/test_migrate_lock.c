/* The migrations' lease (store/migrate_lock.h) without a database: what a
 * take's answer means, and the holder's text. Two runners at once, a dead
 * runner's lease and the wait are the integration suite's. */
#include "store/migrate_lock.h"

#include <CUnit/Basic.h>
#include <string.h>

#include "unit.h"

static void
test_verdicts(void)
{
	static const struct {
		enum db_rc rc;
		enum migrate_lock_verdict want;
	} rows[] = {
		{ DB_OK, MIGRATE_LOCK_TAKEN },
		{ DB_DUP, MIGRATE_LOCK_BUSY },   /* another runner's row */
		{ DB_RETRY, MIGRATE_LOCK_BUSY }, /* another node's insert won certification */
		{ DB_DOWN, MIGRATE_LOCK_ERROR },
		{ DB_FAIL, MIGRATE_LOCK_ERROR },
		{ DB_CHECK, MIGRATE_LOCK_ERROR },
	};
	size_t i;

	for (i = 0; i < NELEM(rows); i++)
		UNIT_CHECK(migrate_lock_verdict(rows[i].rc) == rows[i].want,
		    "db_rc %d: want verdict %d", (int)rows[i].rc, (int)rows[i].want);
}

static void
test_holder_text(void)
{
	char out[MIGRATE_LOCK_HOLDER_MAX + 1], host[200], small[8];

	UNIT_CHECK(migrate_lock_holder_format(out, sizeof(out), "db1", 4242, "abc") == 0,
	    "a short holder fits");
	UNIT_STR_EQ(out, "db1:4242:abc", "host:pid:random");
	memset(host, 'h', sizeof(host) - 1);
	host[sizeof(host) - 1] = '\0';
	UNIT_CHECK(migrate_lock_holder_format(out, sizeof(out), host, 2147483647L,
	    "abcdefghijkl") == 0, "a long host name is clipped, not refused");
	UNIT_CHECK(strlen(out) == 64 + 1 + 10 + 1 + 12, "64 host characters: %zu", strlen(out));
	UNIT_CHECK(migrate_lock_holder_format(small, sizeof(small), "db1", 4242, "abc") == -1,
	    "a holder that does not fit is refused");
}

static void
test_own_holder(void)
{
	char a[MIGRATE_LOCK_HOLDER_MAX + 1], b[MIGRATE_LOCK_HOLDER_MAX + 1];

	UNIT_REQUIRE(migrate_lock_holder(a, sizeof(a)) == 0 &&
	    migrate_lock_holder(b, sizeof(b)) == 0, "this process has a holder text");
	UNIT_CHECK(strchr(a, ':') != NULL && strchr(a, ':') != strrchr(a, ':'),
	    "%s: host, pid and random, colon-separated", a);
	UNIT_CHECK(strcmp(a, b) != 0, "two runners in one process still differ: %s, %s", a, b);
}

int
main(void)
{
	static const struct tu_test tests[] = {
		{ "what a take's answer means", test_verdicts },
		{ "the holder's text", test_holder_text },
		{ "this runner's holder", test_own_holder },
	};

	return tu_main("migrate_lock", NULL, NULL, tests, NELEM(tests));
}
