/* The helpers of testutil.h. */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/Basic.h>

#include "core/strict.h"

/* Whether name contains one of the space-separated words of only. */
static int
wanted(const char *name, const char *only)
{
	char word[128];
	size_t n;

	for (; *only != '\0'; only += n) {
		only += strspn(only, " ");
		if ((n = strcspn(only, " ")) == 0)
			break;
		snprintf(word, sizeof(word), "%.*s", (int)n, only);
		if (strstr(name, word) != NULL)
			return 1;
	}
	return 0;
}

static CU_SetUpFunc fixture_before;
static CU_TearDownFunc fixture_after;

void
tu_set_fixture(CU_SetUpFunc before, CU_TearDownFunc after)
{
	fixture_before = before;
	fixture_after = after;
}

int
tu_add_suite(const char *name, CU_InitializeFunc init, CU_CleanupFunc clean,
    const struct tu_test *t, size_t n)
{
	const char *only = getenv("TU_ONLY"), *test_only = getenv("TU_TEST");
	CU_pSuite s;
	size_t i;

	if (only != NULL && only[0] != '\0' && !wanted(name, only))
		return 0; /* a developer's run of some suites: the others are left out */
	s = CU_add_suite_with_setup_and_teardown(name, init, clean, fixture_before,
	    fixture_after);
	if (s == NULL) {
		fprintf(stderr, "suite \"%s\" not registered: %s\n", name,
		    CU_get_error_msg());
		return -1;
	}
	for (i = 0; i < n; i++) {
		if (test_only != NULL && test_only[0] != '\0' && !wanted(t[i].name, test_only))
			continue; /* TU_TEST: some tests of the suites run */
		if (CU_add_test(s, t[i].name, t[i].fn) == NULL) {
			fprintf(stderr, "suite \"%s\": test \"%s\" not registered: %s\n",
			    name, t[i].name, CU_get_error_msg());
			return -1;
		}
	}
	return 0;
}

/* What the running test holds, undone at its tear-down (tu_defer). */
#define TU_MAX_DEFER 64
static struct {
	void (*fn)(void *);
	void *arg;
} deferred[TU_MAX_DEFER];
static size_t ndeferred;

int
tu_defer(void (*fn)(void *), void *arg)
{
	if (fixture_after == NULL)
		return 0; /* nobody would run it */
	if (ndeferred == TU_MAX_DEFER) {
		fprintf(stderr, "tu_defer: more than %d things held by one test\n", TU_MAX_DEFER);
		return -1;
	}
	deferred[ndeferred].fn = fn;
	deferred[ndeferred].arg = arg;
	ndeferred++;
	return 0;
}

void
tu_undefer(void (*fn)(void *), void *arg)
{
	size_t i;

	for (i = ndeferred; i-- > 0;)
		if (deferred[i].fn == fn && deferred[i].arg == arg) {
			memmove(&deferred[i], &deferred[i + 1],
			    (ndeferred - i - 1) * sizeof(deferred[0]));
			ndeferred--;
			return;
		}
}

void
tu_defer_run(void)
{
	while (ndeferred > 0) {
		ndeferred--;
		deferred[ndeferred].fn(deferred[ndeferred].arg);
	}
}

int
tu_str_eq(const char *a, const char *b, const char *file, int line)
{
	if (a != NULL && b != NULL && strcmp(a, b) == 0)
		return 1;
	fprintf(stderr, "%s:%d: \"%.200s\", want \"%.200s\"\n", file, line,
	    a ? a : "(null)", b ? b : "(null)");
	return 0;
}

int
tu_str_ne(const char *a, const char *b, const char *file, int line)
{
	if (a != NULL && b != NULL && strcmp(a, b) != 0)
		return 1;
	fprintf(stderr, "%s:%d: \"%.200s\", want anything else (and not null)\n", file,
	    line, a ? a : "(null)");
	return 0;
}

int
tu_run(void)
{
	unsigned failures, records, suites;

	CU_basic_set_mode(CU_BRM_VERBOSE);
	CU_basic_run_tests();
	failures = CU_get_number_of_failures();
	records = CU_get_number_of_failure_records();
	suites = CU_get_number_of_suites_failed();
	CU_cleanup_registry();
	return failures != 0 || records != 0 || suites != 0;
}

int
tu_main(const char *name, CU_InitializeFunc init, CU_CleanupFunc clean,
    const struct tu_test *t, size_t n)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 2;
	if (tu_add_suite(name, init, clean, t, n) != 0) {
		CU_cleanup_registry();
		return 2;
	}
	return tu_run();
}

unsigned
tu_slow(void)
{
	const char *v = getenv("TEST_SLOW");
	unsigned long long n;

	if (v != NULL && strict_uint(v, strlen(v), 20, &n) == 0 && n >= 1)
		return (unsigned)n;
#if defined(__SANITIZE_ADDRESS__)
	return 3;
#else
	return 1;
#endif
}

void
tu_rng_seed(struct tu_rng *r, uint64_t seed)
{
	r->state = seed != 0 ? seed : 0x9E3779B97F4A7C15ULL;
}

uint64_t
tu_rng_next(struct tu_rng *r)
{
	uint64_t x = r->state;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	r->state = x;
	return x;
}

unsigned
tu_rng_below(struct tu_rng *r, unsigned n)
{
	return (unsigned)(tu_rng_next(r) % n);
}

void
tu_rng_bytes(struct tu_rng *r, unsigned char *out, size_t n)
{
	size_t i;

	/* the high byte: xorshift's low bits are its weakest */
	for (i = 0; i < n; i++)
		out[i] = (unsigned char)(tu_rng_next(r) >> 56);
}

void
tu_rng_digits(struct tu_rng *r, char *out, size_t n, int first_nonzero)
{
	size_t i;

	for (i = 0; i < n; i++)
		out[i] = (char)('0' + tu_rng_below(r, 10));
	if (first_nonzero && n > 0)
		out[0] = (char)('1' + tu_rng_below(r, 9));
	out[n] = '\0';
}

int
tu_rng_decimal(struct tu_rng *r, size_t int_digits, size_t frac, char *out,
    size_t cap)
{
	size_t need = int_digits + (frac > 0 ? 1 + frac : 0) + 1;

	if (int_digits == 0 || need > cap)
		return -1;
	tu_rng_digits(r, out, int_digits, 1);
	if (frac > 0) {
		out[int_digits] = '.';
		tu_rng_digits(r, out + int_digits + 1, frac, 0);
	}
	return 0;
}
