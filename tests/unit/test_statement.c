/*
 * Statements without a database: the movement types by ledger kind, and
 * CSV fields (RFC 4180 quoting, a partner's text kept from spreadsheets'
 * formulas). The streamed body itself: tests/unit/test_app.c; the lines
 * against the ledger: tests/integration/t_statements.c.
 */
#include "domain/statement.h"

#include <CUnit/Basic.h>
#include <string.h>

#include "unit.h"

static void
test_types(void)
{
	static const struct { const char *kind, *type; } rows[] = {
		{ "partner.deposit", "deposit" },
		{ "partner.deposit.reversed", "adjustment" },
		{ "partner.adjustment", "adjustment" },
		{ "withdrawal.hold", "withdrawal hold" },
		{ "withdrawal.converted", "withdrawal completed" },
		{ "withdrawal.refund", "refund" },
		{ "payment_intent.completed", "collection" },
		{ "conversion.completed", "conversion" },
		{ "payout.hold", "payout" },
		{ "payout.refund", "refund" },
		{ "payout.reversal", "refund" },
		{ "something.new", "adjustment" },
		{ "", "adjustment" },
		{ "withdrawal.hol", "adjustment" },
	};
	size_t i;

	for (i = 0; i < NELEM(rows); i++)
		UNIT_CHECK(strcmp(statement_type(rows[i].kind), rows[i].type) == 0,
		    "%s: %s, want %s", rows[i].kind, statement_type(rows[i].kind), rows[i].type);
}

static void
test_csv_fields(void)
{
	static const struct { const char *in; int user; const char *out; } rows[] = {
		{ "order-1", 1, "order-1" },
		{ "", 1, "" },
		{ "a,b", 1, "\"a,b\"" },
		{ "say \"hi\"", 1, "\"say \"\"hi\"\"\"" },
		{ "two\r\nlines", 1, "\"two\r\nlines\"" },
		{ "=SUM(A1)", 1, "'=SUM(A1)" },
		{ "+1", 1, "'+1" },
		{ "-1", 1, "'-1" },
		{ "@x", 1, "'@x" },
		{ "\tx", 1, "'\tx" },
		{ "=1,2", 1, "\"'=1,2\"" },
		{ "-1.50", 0, "-1.50" },      /* our own amounts stay as they are */
		{ "x=1", 1, "x=1" },
	};
	char out[64];
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		UNIT_CHECK(statement_csv_field(rows[i].in, rows[i].user, out, sizeof(out)) == 0,
		    "\"%s\" did not fit", rows[i].in);
		UNIT_CHECK(strcmp(out, rows[i].out) == 0, "\"%s\": [%s], want [%s]", rows[i].in,
		    out, rows[i].out);
	}
	/* exactly full, and one byte short */
	CU_ASSERT_EQUAL(statement_csv_field("abc", 1, out, 4), 0);
	CU_ASSERT_STRING_EQUAL(out, "abc");
	CU_ASSERT_EQUAL(statement_csv_field("abc", 1, out, 3), -1);
	CU_ASSERT_EQUAL(statement_csv_field("a,b", 1, out, 5), -1);
	CU_ASSERT_EQUAL(statement_csv_field("a,b", 1, out, 6), 0);
}

int
main(void)
{
	static const struct tu_test tests[] = {
		{ "movement types by ledger kind", test_types },
		{ "CSV fields: quoting and formulas", test_csv_fields },
	};

	return tu_main("statement", NULL, NULL, tests, NELEM(tests));
}
