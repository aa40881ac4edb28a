/* The helpers of testutil.h. */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/Basic.h>

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

int
tu_add_suite(const char *name, CU_InitializeFunc init, CU_CleanupFunc clean,
    const struct tu_test *t, size_t n)
{
	const char *only = getenv("TU_ONLY");
	CU_pSuite s;
	size_t i;

	if (only != NULL && only[0] != '\0' && !wanted(name, only))
		return 0; /* a developer's run of some suites: the others are left out */
	if ((s = CU_add_suite(name, init, clean)) == NULL) {
		fprintf(stderr, "suite \"%s\" not registered: %s\n", name,
		    CU_get_error_msg());
		return -1;
	}
	for (i = 0; i < n; i++)
		if (CU_add_test(s, t[i].name, t[i].fn) == NULL) {
			fprintf(stderr, "suite \"%s\": test \"%s\" not registered: %s\n",
			    name, t[i].name, CU_get_error_msg());
			return -1;
		}
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
