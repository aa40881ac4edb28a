/* Ghana E.164 numbers: the accepted form only, by table. */
#include "core/phone.h"

#include <CUnit/Basic.h>
#include <string.h>

#include "unit.h"

static void
test_valid_table(void)
{
	static const struct { const char *in; int ok; } rows[] = {
		{ "+233241234567", 1 },
		{ "+233501234567", 1 },
		{ "+233551234100", 1 },
		{ "+233201234567", 1 },
		{ "+233301234567", 0 }, /* fixed line range */
		{ "+233041234567", 0 },
		{ "+23324123456", 0 },   /* 8 digits */
		{ "+2332412345678", 0 }, /* 10 digits */
		{ "233241234567", 0 },   /* no + */
		{ "0241234567", 0 },     /* national form */
		{ "+234241234567", 0 },  /* Nigeria */
		{ "+233 241234567", 0 },
		{ "+233-24-123-4567", 0 },
		{ "+23324123456a", 0 },
		{ "+233241234567 ", 0 },
		{ " +233241234567", 0 },
		{ "+\xef\xbc\x92\x33\x33", 0 },
		{ "", 0 },
	};
	size_t i;

	for (i = 0; i < NELEM(rows); i++)
		UNIT_CHECK(phone_valid(rows[i].in) == rows[i].ok, "\"%s\": want %d",
		    rows[i].in, rows[i].ok);
	CU_ASSERT_EQUAL(phone_valid(NULL), 0);
}

static void
test_msisdn_and_suffix(void)
{
	char m[16];

	CU_ASSERT_EQUAL(phone_msisdn("+233241234567", m, sizeof(m)), 0);
	CU_ASSERT_STRING_EQUAL(m, "233241234567");
	CU_ASSERT_EQUAL(phone_msisdn("+233241234567", m, 12), -1);
	CU_ASSERT_EQUAL(phone_msisdn("+23324123456", m, sizeof(m)), -1);
	CU_ASSERT_EQUAL(phone_suffix("+233241234205"), 205);
	CU_ASSERT_EQUAL(phone_suffix("+233241234007"), 7);
	CU_ASSERT_EQUAL(phone_suffix("+233241234999"), 999);
	CU_ASSERT_EQUAL(phone_suffix("+2332412342"), -1);
}

int
main(void)
{
	static const struct tu_test tests[] = {
		{ "valid and invalid numbers", test_valid_table },
		{ "msisdn and the magic suffix", test_msisdn_and_suffix },
	};

	return tu_main("phone", NULL, NULL, tests, NELEM(tests));
}
