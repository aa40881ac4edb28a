/*
 * Unit tests for lib/core/totp.c: RFC 6238's SHA-1 test vectors (their
 * last 6 digits), RFC 4648's base32 vectors, the window and malformed
 * codes.
 */
#include "core/totp.h"

#include <CUnit/Basic.h>
#include <stdio.h>
#include <string.h>

#include "unit.h"

static const unsigned char rfc_secret[] = "12345678901234567890";

static void
test_rfc6238_vectors(void)
{
	static const struct {
		long long t;
		const char *code; /* the RFC's 8 digits' last 6 */
	} v[] = {
		{ 59, "287082" }, { 1111111109, "081804" }, { 1111111111, "050471" },
		{ 1234567890, "005924" }, { 2000000000, "279037" }, { 20000000000LL, "353130" },
	};
	size_t i;
	char got[8];

	for (i = 0; i < NELEM(v); i++) {
		snprintf(got, sizeof(got), "%06u", totp_code(rfc_secret, 20, v[i].t / 30));
		UNIT_STR_EQ(got, v[i].code, "RFC 6238 vector");
		CU_ASSERT_EQUAL(totp_match(rfc_secret, 20, v[i].code, v[i].t, 0), v[i].t / 30);
	}
}

static void
test_window_and_shapes(void)
{
	long long t = 1111111109;

	/* the code of the step before and after is in a window of 1 */
	CU_ASSERT_EQUAL(totp_match(rfc_secret, 20, "081804", t + 30, 1), t / 30);
	CU_ASSERT_EQUAL(totp_match(rfc_secret, 20, "081804", t - 30, 1), t / 30);
	CU_ASSERT_EQUAL(totp_match(rfc_secret, 20, "081804", t + 60, 1), -1);
	CU_ASSERT_EQUAL(totp_match(rfc_secret, 20, "81804", t, 1), -1);
	CU_ASSERT_EQUAL(totp_match(rfc_secret, 20, "0818045", t, 1), -1);
	CU_ASSERT_EQUAL(totp_match(rfc_secret, 20, "08180a", t, 1), -1);
	CU_ASSERT_EQUAL(totp_match(rfc_secret, 20, NULL, t, 1), -1);
}

static void
test_base32(void)
{
	char out[64];
	unsigned char back[64];
	long n;

	CU_ASSERT_EQUAL(totp_base32((const unsigned char *)"foobar", 6, out, sizeof(out)), 0);
	UNIT_STR_EQ(out, "MZXW6YTBOI", "RFC 4648 foobar");
	CU_ASSERT_EQUAL(totp_base32((const unsigned char *)"f", 1, out, sizeof(out)), 0);
	UNIT_STR_EQ(out, "MY", "RFC 4648 f");
	n = totp_base32_decode("mzxw6ytboi", back, sizeof(back));
	CU_ASSERT_EQUAL(n, 6);
	CU_ASSERT(n == 6 && memcmp(back, "foobar", 6) == 0);
	CU_ASSERT_EQUAL(totp_base32_decode("MZ1W", back, sizeof(back)), -1);
	CU_ASSERT_EQUAL(totp_base32((const unsigned char *)"foobar", 6, out, 5), -1);
}

static const struct tu_test tests[] = {
	{ "RFC 6238 vectors", test_rfc6238_vectors },
	{ "the window and malformed codes", test_window_and_shapes },
	{ "base32", test_base32 },
};

int
main(void)
{
	return tu_main("totp", NULL, NULL, tests, NELEM(tests));
}
