/*
 * unit: small helpers shared by the CUnit unit tests. Table-driven tests
 * use UNIT_CHECK / UNIT_STR_EQ so a failure names the table row (the
 * message is formatted printf-style and recorded as the assertion text).
 * Registration and the run are testutil.h's (tu_main).
 */
#ifndef CEDIRAMP_TESTS_UNIT_H
#define CEDIRAMP_TESTS_UNIT_H

#include <CUnit/Basic.h>
#include <stdio.h>
#include <string.h>

#include "testutil.h"

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

/*
 * Records one assertion: passes when cond holds; the message names why.
 * fatal (CU_TRUE) stops the current test on failure.
 */
#define UNIT_ASSERT_(cond, fatal, ...)                                     \
	do {                                                               \
		char unit_msg_[600];                                       \
		UNIT_NO_TRUNC_WARN_BEGIN                                   \
		snprintf(unit_msg_, sizeof(unit_msg_), __VA_ARGS__);       \
		UNIT_NO_TRUNC_WARN_END                                     \
		CU_assertImplementation((cond) ? CU_TRUE : CU_FALSE,       \
		    __LINE__, unit_msg_, __FILE__, "", (fatal));           \
	} while (0)

/* One assertion; the test goes on after a failure. */
#define UNIT_CHECK(cond, ...) UNIT_ASSERT_(cond, CU_FALSE, __VA_ARGS__)

/* As UNIT_CHECK, but stops the current test on failure. */
#define UNIT_REQUIRE(cond, ...) UNIT_ASSERT_(cond, CU_TRUE, __VA_ARGS__)

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

/*
 * 1 if msg is want, or, when want ends in '*', starts with the rest of
 * want and goes on after it. A NULL msg matches nothing.
 */
static inline int
unit_msg_matches(const char *msg, const char *want)
{
	size_t n = strlen(want);

	if (msg == NULL)
		return 0;
	if (n > 0 && want[n - 1] == '*')
		return strncmp(msg, want, n - 1) == 0 && strlen(msg) > n - 1;
	return strcmp(msg, want) == 0;
}

/* 1 if s contains needle. */
static inline int
unit_contains(const char *s, const char *needle)
{
	return s != NULL && strstr(s, needle) != NULL;
}

#endif
