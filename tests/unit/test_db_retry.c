/* The backoff between tries after DB_RETRY (store/db_retry.h): full
 * jitter, from 0 up to a cap that doubles per attempt, and bounded. */
#include "store/db_retry.h"

#include <CUnit/Basic.h>

#include "unit.h"

static void
test_caps(void)
{
	static const struct {
		int attempt;
		unsigned cap;
	} rows[] = {
		{ 1, 10 }, { 2, 20 }, { 3, 40 }, { 4, 80 },
		{ 0, 10 }, { -3, 10 }, /* before the first retry: the first's */
		{ DB_RETRY_MAX_ATTEMPT, DB_RETRY_BASE_MS << DB_RETRY_MAX_ATTEMPT },
		{ 99, DB_RETRY_BASE_MS << DB_RETRY_MAX_ATTEMPT }, /* no shift past it */
	};
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		unsigned cap = rows[i].cap;

		UNIT_CHECK(db_retry_delay_ms(rows[i].attempt, 0) == 0,
		    "attempt %d: a draw of 0 waits 0", rows[i].attempt);
		UNIT_CHECK(db_retry_delay_ms(rows[i].attempt, cap) == cap,
		    "attempt %d: the cap %u is reached", rows[i].attempt, cap);
		UNIT_CHECK(db_retry_delay_ms(rows[i].attempt, cap + 1) == 0,
		    "attempt %d: past the cap wraps to 0", rows[i].attempt);
		UNIT_CHECK(db_retry_delay_ms(rows[i].attempt, ~0ULL) <= cap,
		    "attempt %d: the largest draw stays under %u", rows[i].attempt, cap);
	}
}

/* Every value from 0 to the cap is possible: the jitter is the whole range,
 * not a few milliseconds on top of a fixed wait. */
static void
test_whole_range(void)
{
	unsigned char seen[41];
	unsigned long long r;
	size_t i, n = 0;

	for (i = 0; i < sizeof(seen); i++)
		seen[i] = 0;
	for (r = 0; r < 1000; r++) {
		unsigned ms = db_retry_delay_ms(3, r * 7919);

		UNIT_REQUIRE(ms <= 40, "draw %llu: %u ms", r, ms);
		seen[ms] = 1;
	}
	for (i = 0; i < sizeof(seen); i++)
		n += seen[i];
	UNIT_CHECK(n == sizeof(seen), "%zu of 41 delays drawn", n);
}

int
main(void)
{
	static const struct tu_test tests[] = {
		{ "each attempt's cap", test_caps },
		{ "the whole range is drawn", test_whole_range },
	};

	return tu_main("db_retry", NULL, NULL, tests, NELEM(tests));
}
