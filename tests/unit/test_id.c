/* Ids: random ones have their shape; the shape check by table. */
#include "core/id.h"

#include <CUnit/Basic.h>
#include <string.h>

#include "unit.h"

static void
test_shape_table(void)
{
	static const struct { const char *s, *prefix; int ok; } rows[] = {
		{ "po_abcXYZ019", "po_", 1 },
		{ "po_a", "po_", 1 },
		{ "po_", "po_", 0 },
		{ "cv_abc", "po_", 0 },
		{ "po_ab-c", "po_", 0 },
		{ "po_ab c", "po_", 0 },
		{ "po_\xc3\xa9", "po_", 0 },
		{ "po_abc/../x", "po_", 0 },
		{ "po_0123456789012345678901234567890123456", "po_", 0 }, /* 40 chars */
		{ "po_012345678901234567890123456789012345", "po_", 1 },  /* 39 chars */
		{ "Ab12", "", 1 },
		{ "", "", 0 },
	};
	size_t i;

	for (i = 0; i < NELEM(rows); i++)
		UNIT_CHECK(id_has_shape(rows[i].s, rows[i].prefix) == rows[i].ok,
		    "\"%s\" with prefix \"%s\": want %d", rows[i].s, rows[i].prefix, rows[i].ok);
	CU_ASSERT_EQUAL(id_has_shape(NULL, "po_"), 0);
}

static void
test_new_ids_have_the_shape(void)
{
	char id[ID_MAX];
	int i;

	for (i = 0; i < 100; i++) {
		CU_ASSERT_EQUAL_FATAL(id_new(id, sizeof(id), "bn_"), 0);
		CU_ASSERT(id_has_shape(id, "bn_"));
		CU_ASSERT_EQUAL(strlen(id), 3 + ID_RANDOM_CHARS);
	}
}

int
main(void)
{
	static const struct tu_test tests[] = {
		{ "the id shape by table", test_shape_table },
		{ "new ids have the shape", test_new_ids_have_the_shape },
	};

	return tu_main("id", NULL, NULL, tests, NELEM(tests));
}
