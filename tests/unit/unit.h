/*
 * unit: small helpers shared by the CUnit unit tests. Table-driven tests
 * use UNIT_CHECK / UNIT_STR_EQ so a failure names the table row (the
 * message is formatted printf-style and recorded as the assertion text).
 * The Makefile does not list this header as a prerequisite of the tests:
 * after editing it, remove build/tests/unit/test_* so they are rebuilt.
 */
#ifndef CEDIRAMP_TESTS_UNIT_H
#define CEDIRAMP_TESTS_UNIT_H

#include <CUnit/Basic.h>
#include <stdio.h>
#include <string.h>

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* A clipped assertion message is fine: silence -Wformat-truncation there. */
#if defined(__GNUC__) && !defined(__clang__)
#define UNIT_NO_TRUNC_WARN_BEGIN                                           \
	_Pragma("GCC diagnostic push")                                     \
	_Pragma("GCC diagnostic ignored \"-Wformat-truncation\"")
#define UNIT_NO_TRUNC_WARN_END _Pragma("GCC diagnostic pop")
#else
#define UNIT_NO_TRUNC_WARN_BEGIN
#define UNIT_NO_TRUNC_WARN_END
#endif

/* Records one assertion: passes when cond holds; the message names why. */
#define UNIT_CHECK(cond, ...)                                              \
	do {                                                               \
		char unit_msg_[600];                                       \
		UNIT_NO_TRUNC_WARN_BEGIN                                   \
		snprintf(unit_msg_, sizeof(unit_msg_), __VA_ARGS__);       \
		UNIT_NO_TRUNC_WARN_END                                     \
		CU_assertImplementation((cond) ? CU_TRUE : CU_FALSE,       \
		    __LINE__, unit_msg_, __FILE__, "", CU_FALSE);          \
	} while (0)

/* As UNIT_CHECK, but stops the current test on failure. */
#define UNIT_REQUIRE(cond, ...)                                            \
	do {                                                               \
		char unit_msg_[600];                                       \
		UNIT_NO_TRUNC_WARN_BEGIN                                   \
		snprintf(unit_msg_, sizeof(unit_msg_), __VA_ARGS__);       \
		UNIT_NO_TRUNC_WARN_END                                     \
		CU_assertImplementation((cond) ? CU_TRUE : CU_FALSE,       \
		    __LINE__, unit_msg_, __FILE__, "", CU_TRUE);           \
	} while (0)

/* 1 when both are NULL or both hold the same text. */
static inline int
unit_str_same(const char *a, const char *b)
{
	if (a == NULL || b == NULL)
		return a == b;
	return strcmp(a, b) == 0;
}

/* String equality (NULL-safe) with the row label and both values shown. */
#define UNIT_STR_EQ(actual, expected, label)                               \
	do {                                                               \
		const char *unit_a_ = (actual), *unit_e_ = (expected);     \
		UNIT_CHECK(unit_str_same(unit_a_, unit_e_),                \
		    "%s: got \"%.200s\" want \"%.200s\"", (label),         \
		    unit_a_ ? unit_a_ : "(null)",                          \
		    unit_e_ ? unit_e_ : "(null)");                         \
	} while (0)

/* 1 if s starts with prefix. */
static inline int
unit_starts(const char *s, const char *prefix)
{
	return s != NULL && strncmp(s, prefix, strlen(prefix)) == 0;
}

/* 1 if s contains needle. */
static inline int
unit_contains(const char *s, const char *needle)
{
	return s != NULL && strstr(s, needle) != NULL;
}

struct unit_test {
	const char *name;
	CU_TestFunc fn;
};

/* Registers a suite and its tests; 0 or -1. */
static inline int
unit_add_suite(const char *name, CU_InitializeFunc init,
    CU_CleanupFunc clean, const struct unit_test *t, size_t n)
{
	CU_pSuite s = CU_add_suite(name, init, clean);
	size_t i;

	if (s == NULL)
		return -1;
	for (i = 0; i < n; i++)
		if (CU_add_test(s, t[i].name, t[i].fn) == NULL)
			return -1;
	return 0;
}

/*
 * Runs the registered tests verbosely and cleans up. Returns 0 only when
 * no assertion failed and no suite set-up or clean-up failed
 * (CU_basic_run_tests itself reports success even with failures).
 */
static inline int
unit_run(void)
{
	unsigned failures, records;

	CU_basic_set_mode(CU_BRM_VERBOSE);
	CU_basic_run_tests();
	failures = CU_get_number_of_failures();
	records = CU_get_number_of_failure_records();
	CU_cleanup_registry();
	return failures != 0 || records != 0;
}

#endif
