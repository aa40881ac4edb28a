/*
 * testutil: what the unit tests and the integration suite share. Suites
 * register from a table of tests and run with a strict verdict; test data
 * comes from a seeded pseudo-random generator (the same cases every run);
 * base64url text for hand-made tokens and cursors.
 */
#ifndef CEDIRAMP_TESTUTIL_H
#define CEDIRAMP_TESTUTIL_H

#include <stddef.h>
#include <stdint.h>

#include <CUnit/CUnit.h>

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* The 64 characters of base64url (RFC 4648 section 5), in value order. */
#define TU_B64URL_ALPHABET \
	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

/* One row of a suite's table of tests. */
struct tu_test {
	const char *name;
	CU_TestFunc fn;
};

/*
 * The per-test set-up and tear-down every suite registered from now on
 * runs (CU_add_suite_with_setup_and_teardown: the tear-down runs after a
 * failed FATAL assertion too). The integration suite installs its
 * fixture here (it_fixture.c); the unit tests have none.
 */
void tu_set_fixture(CU_SetUpFunc before, CU_TearDownFunc after);

/*
 * Undoing what a test holds, whatever way it ends: tu_defer registers
 * fn(arg) to run at the test's tear-down (last registered first), and
 * tu_undefer removes it again when the test released the thing itself.
 * tu_defer_run runs and clears them all (the fixture calls it). Without a
 * fixture (unit tests, benchmarks) they do nothing. tu_defer returns 0, or
 * -1 when its table is full (said on stderr).
 */
int tu_defer(void (*fn)(void *), void *arg);
void tu_undefer(void (*fn)(void *), void *arg);
void tu_defer_run(void);

/*
 * String equality for the assertions below: 1 when a and b are both
 * non-NULL and equal. A NULL (a member missing from an answer that never
 * came) is a failure, never a crash; what differs is said on stderr with
 * the place.
 */
int tu_str_eq(const char *a, const char *b, const char *file, int line);
int tu_str_ne(const char *a, const char *b, const char *file, int line);

/* CUnit's string assertions call strcmp on their arguments as given: a
 * NULL crashed the whole run. These say what differs and take a NULL as a
 * failure. */
#undef CU_ASSERT_STRING_EQUAL
#undef CU_ASSERT_STRING_EQUAL_FATAL
#undef CU_ASSERT_STRING_NOT_EQUAL
#undef CU_ASSERT_STRING_NOT_EQUAL_FATAL
#define CU_ASSERT_STRING_EQUAL(actual, expected) \
	CU_assertImplementation(tu_str_eq((actual), (expected), __FILE__, __LINE__), \
	    __LINE__, ("CU_ASSERT_STRING_EQUAL(" #actual "," #expected ")"), __FILE__, "", CU_FALSE)
#define CU_ASSERT_STRING_EQUAL_FATAL(actual, expected) \
	CU_assertImplementation(tu_str_eq((actual), (expected), __FILE__, __LINE__), \
	    __LINE__, ("CU_ASSERT_STRING_EQUAL_FATAL(" #actual "," #expected ")"), __FILE__, "", CU_TRUE)
#define CU_ASSERT_STRING_NOT_EQUAL(actual, expected) \
	CU_assertImplementation(tu_str_ne((actual), (expected), __FILE__, __LINE__), \
	    __LINE__, ("CU_ASSERT_STRING_NOT_EQUAL(" #actual "," #expected ")"), __FILE__, "", CU_FALSE)
#define CU_ASSERT_STRING_NOT_EQUAL_FATAL(actual, expected) \
	CU_assertImplementation(tu_str_ne((actual), (expected), __FILE__, __LINE__), \
	    __LINE__, ("CU_ASSERT_STRING_NOT_EQUAL_FATAL(" #actual "," #expected ")"), __FILE__, "", CU_TRUE)

/*
 * Registers the suite name (init and clean may be NULL) with the n tests
 * of t, in order, in the initialised CUnit registry (unless the environment
 * has TU_ONLY set to words the name contains none of: a developer's run of
 * some suites, `TU_ONLY="quotes withdrawals"`); of its tests, only those
 * whose names contain a word of TU_TEST when it is set (`TU_TEST=mid-group`).
 * Returns 0, or -1 when
 * CUnit refuses the suite or a test (said on stderr): the caller must then
 * fail the run.
 */
int tu_add_suite(const char *name, CU_InitializeFunc init,
    CU_CleanupFunc clean, const struct tu_test *t, size_t n);

/*
 * Runs every registered test verbosely and cleans the registry up. Returns
 * 0 only when no assertion failed and no suite set-up or clean-up failed
 * (CU_basic_run_tests itself reports success even with failures), else 1.
 */
int tu_run(void);

/*
 * The whole main() of a one-suite test program: initialises the registry,
 * registers the suite as tu_add_suite does and runs it as tu_run does.
 * Returns 0, 1 when a test failed, 2 when the suite could not be set up.
 */
int tu_main(const char *name, CU_InitializeFunc init, CU_CleanupFunc clean,
    const struct tu_test *t, size_t n);

/*
 * How much slower than usual this build runs: 3 in a sanitizer build
 * (AddressSanitizer makes every process of the stack two to five times
 * slower), else 1; TEST_SLOW (a whole number, 1 to 20) in the environment
 * overrides it, for a slow or busy machine. Every bound on a wait is
 * multiplied by it.
 */
unsigned tu_slow(void);

/* A xorshift64 generator: deterministic, never for anything secret. */
struct tu_rng {
	uint64_t state;
};

/* Starts r at seed (0, which xorshift cannot leave, picks a fixed one). */
void tu_rng_seed(struct tu_rng *r, uint64_t seed);
/* The next 64 bits of r. */
uint64_t tu_rng_next(struct tu_rng *r);
/* A number in [0, n), n > 0; the modulo bias does not matter to tests. */
unsigned tu_rng_below(struct tu_rng *r, unsigned n);
/* n bytes of r into out. */
void tu_rng_bytes(struct tu_rng *r, unsigned char *out, size_t n);
/*
 * n decimal digits into out (n + 1 bytes: the text is NUL-terminated),
 * the first one 1-9 when first_nonzero.
 */
void tu_rng_digits(struct tu_rng *r, char *out, size_t n, int first_nonzero);
/*
 * A plain decimal into out (cap bytes, NUL-terminated): int_digits (>= 1)
 * digits without a leading zero, then '.' and frac digits when frac > 0.
 * Returns 0, or -1 (out untouched) when it does not fit.
 */
int tu_rng_decimal(struct tu_rng *r, size_t int_digits, size_t frac,
    char *out, size_t cap);

#endif
