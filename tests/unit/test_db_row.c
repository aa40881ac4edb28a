/* A result row read into a struct by its table of fields. */
#include "store/db_row.h"

#include <CUnit/Basic.h>
#include <stdlib.h>
#include <string.h>

#include "unit.h"

struct thing {
	char name[6];
	long long owner;
	unsigned tries;
	int late;
	char *note;
	char skipped[4];
};

static const struct db_field fields[] = {
	DB_TEXT(struct thing, name), DB_ID(struct thing, owner), DB_COUNT(struct thing, tries),
	DB_FLAG(struct thing, late), DB_DUP(struct thing, note), DB_SKIP
};

/* One row of six cells (NULL: SQL NULL). */
static struct db_rows
row_of(char **cells)
{
	struct db_rows r = { 1, 6, cells };

	return r;
}

static void
test_reads_each_type(void)
{
	char *cells[6] = { "alice", "42", "7", "1", "a note", "x" };
	struct db_rows r = row_of(cells);
	struct thing t;

	memset(&t, 0, sizeof(t));
	UNIT_REQUIRE(db_row_read(&r, 0, fields, NELEM(fields), &t) == 0, "the row reads");
	UNIT_STR_EQ(t.name, "alice", "text");
	UNIT_CHECK(t.owner == 42, "id %lld", t.owner);
	UNIT_CHECK(t.tries == 7, "count %u", t.tries);
	UNIT_CHECK(t.late == 1, "flag %d", t.late);
	UNIT_STR_EQ(t.note, "a note", "dup");
	UNIT_CHECK(t.note != cells[4], "dup is a copy");
	UNIT_STR_EQ(t.skipped, "", "a skipped column is left to the caller");
	free(t.note);
}

static void
test_nulls_and_clipping(void)
{
	char *cells[6] = { "a longer name", "0", "1000000", NULL, NULL, NULL };
	struct db_rows r = row_of(cells);
	struct thing t;

	memset(&t, 0x55, sizeof(t));
	UNIT_REQUIRE(db_row_read(&r, 0, fields, NELEM(fields), &t) == 0, "the row reads");
	UNIT_STR_EQ(t.name, "a lon", "clipped to the member");
	UNIT_CHECK(t.owner == 0 && t.tries == 1000000, "bounds %lld %u", t.owner, t.tries);
	UNIT_CHECK(t.late == 0, "a NULL flag is 0");
	UNIT_CHECK(t.note == NULL, "a NULL dup is NULL");
	cells[0] = NULL;
	UNIT_REQUIRE(db_row_read(&r, 0, fields, NELEM(fields), &t) == 0, "the row reads");
	UNIT_STR_EQ(t.name, "", "a NULL text is empty");
}

static void
test_refuses_bad_numbers(void)
{
	static const struct {
		const char *owner, *tries;
	} bad[] = {
		{ NULL, "1" }, { "1", NULL }, { "-1", "1" }, { "01", "1" }, { " 1", "1" },
		{ "9223372036854775808", "1" }, { "1", "1000001" }, { "1", "1.0" }, { "", "1" },
	};
	size_t i;

	for (i = 0; i < NELEM(bad); i++) {
		char *cells[6] = { "n", (char *)bad[i].owner, (char *)bad[i].tries, "0", NULL, NULL };
		struct db_rows r = row_of(cells);
		struct thing t;

		memset(&t, 0, sizeof(t));
		UNIT_CHECK(db_row_read(&r, 0, fields, NELEM(fields), &t) == -1,
		    "row %zu (%s, %s) is refused", i, bad[i].owner ? bad[i].owner : "NULL",
		    bad[i].tries ? bad[i].tries : "NULL");
		free(t.note);
	}
}

static void
test_refuses_a_short_row(void)
{
	char *cells[6] = { "alice", "42", "7", "1", "n", "x" };
	struct db_rows r = { 1, 5, cells };
	struct thing t;

	memset(&t, 0, sizeof(t));
	UNIT_CHECK(db_row_read(&r, 0, fields, NELEM(fields), &t) == -1,
	    "fewer columns than fields");
	UNIT_CHECK(db_row_read(&r, 1, fields, 5, &t) == -1, "a row past the end");
}

int
main(void)
{
	static const struct tu_test tests[] = {
		{ "each field type", test_reads_each_type },
		{ "NULLs and clipping", test_nulls_and_clipping },
		{ "malformed numbers", test_refuses_bad_numbers },
		{ "a short row", test_refuses_a_short_row },
	};

	return tu_main("db_row", NULL, NULL, tests, NELEM(tests));
}
