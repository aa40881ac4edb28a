/* The statement table: every statement once, with its SQL; the column
 * check db.c runs when it prepares one. */
#include "store/db_stmt.h"

#include <CUnit/Basic.h>
#include <string.h>

#include "unit.h"

static void
test_every_statement_once(void)
{
	char why[200] = "";
	size_t i;

	UNIT_CHECK(db_stmt_table_check(why, sizeof(why)) == 0, "table: %s", why);
	for (i = 0; i < DB_STMT__MAX; i++) {
		const char *sql = db_stmt_sql((enum db_stmt)i);

		UNIT_CHECK(sql != NULL && sql[0] != '\0', "%s has SQL",
		    db_stmt_name((enum db_stmt)i));
		UNIT_CHECK(strncmp(db_stmt_name((enum db_stmt)i), "DB_", 3) == 0,
		    "statement %zu is named", i);
	}
	UNIT_CHECK(db_stmt_sql(DB_STMT__MAX) == NULL, "no statement past the table");
}

/* A statement's column count is its reader's: the enum that names the
 * columns ends with the count the table holds. */
static void
test_counts_are_the_readers(void)
{
	static const struct {
		enum db_stmt s;
		unsigned n;
	} rows[] = {
		{ DB_WD_GET, WITHDRAWAL_NCOLS }, { DB_WD_PAGE, WITHDRAWAL_NCOLS },
		{ DB_PI_LOCK, INTENT_NCOLS }, { DB_PAYOUT_GET, PAYOUT_NCOLS },
		{ DB_CONV_LOCK, CONVERSION_NCOLS }, { DB_BEN_GET, BENEFICIARY_NCOLS },
		{ DB_QUOTE_LOCK, QUOTE_LOCK_NCOLS }, { DB_IDEM_GET, IDEMPOTENCY_NCOLS },
		{ DB_CHAIN_SEND_LOCK, SEND_NCOLS }, { DB_CHAIN_TX_NEWEST, SEND_TX_NCOLS },
		{ DB_CDEP_REPORT, DEPOSIT_REPORT_NCOLS },
		{ DB_HIST_PAGE_DESC, 1 + CONVERSION_NCOLS + PAYOUT_NCOLS },
		{ DB_WD_INSERT, 0 }, { DB_PING, 1 },
	};
	size_t i;

	for (i = 0; i < NELEM(rows); i++)
		UNIT_CHECK(db_stmt_ncols(rows[i].s) == rows[i].n, "%s: %u columns, want %u",
		    db_stmt_name(rows[i].s), db_stmt_ncols(rows[i].s), rows[i].n);
}

static void
test_column_check(void)
{
	char why[200] = "";

	UNIT_CHECK(db_stmt_columns_check(DB_WD_GET, WITHDRAWAL_NCOLS, why, sizeof(why)) == 0,
	    "the right count passes");
	UNIT_CHECK(db_stmt_columns_check(DB_WD_GET, WITHDRAWAL_NCOLS - 1, why,
	    sizeof(why)) == -1, "one column short is refused");
	UNIT_STR_EQ(why, "DB_WD_GET returns 23 columns; its table (store/stmt_*.c) says 24",
	    "the refusal names the statement and both counts");
	UNIT_CHECK(db_stmt_columns_check(DB_WD_INSERT, 1, why, sizeof(why)) == -1,
	    "a row where none is expected is refused");
}

int
main(void)
{
	static const struct tu_test tests[] = {
		{ "every statement once, with SQL", test_every_statement_once },
		{ "column counts are the readers' enums", test_counts_are_the_readers },
		{ "the column check", test_column_check },
	};

	return tu_main("db_stmt", NULL, NULL, tests, NELEM(tests));
}
