/*
 * The payout float's checks that need no database, by table: the setting
 * names it owns, and every malformed top-up or setting refused (with the
 * field named) before the database is touched (db is NULL here).
 */
#include "domain/payout_float.h"

#include <CUnit/Basic.h>
#include <string.h>

#include "unit.h"

static void
test_setting_names(void)
{
	static const struct { const char *name; int ok; } rows[] = {
		{ "momo.MTN.float", 1 },
		{ "momo.TELECEL.float", 1 },
		{ "momo.VODAFONE.float", 1 }, /* its module refuses the network */
		{ "momo..float", 0 },
		{ "momo.float", 0 },
		{ "momo.MTN.floats", 0 },
		{ "momo.MTN.health", 0 },
		{ "momo.settle_seconds", 0 },
		{ "chain.MTN.float", 0 },
		{ "", 0 },
	};
	size_t i;

	for (i = 0; i < NELEM(rows); i++)
		UNIT_CHECK(payout_float_is_setting(rows[i].name) == rows[i].ok, "\"%s\": want %d",
		    rows[i].name, rows[i].ok);
	CU_ASSERT_EQUAL(payout_float_is_setting(NULL), 0);
}

static void
test_topup_refused(void)
{
	static const struct { const char *network, *amount, *reference, *field; } rows[] = {
		{ "VODAFONE", "10", "r1", "network" },
		{ "mtn", "10", "r1", "network" },
		{ "", "10", "r1", "network" },
		{ NULL, "10", "r1", "network" },
		{ "MTN", "0", "r1", "amount" },
		{ "MTN", "0.00", "r1", "amount" },
		{ "MTN", "-5", "r1", "amount" },
		{ "MTN", "1.234", "r1", "amount" },
		{ "MTN", "1e3", "r1", "amount" },
		{ "MTN", " 10", "r1", "amount" },
		{ "MTN", "", "r1", "amount" },
		{ "MTN", NULL, "r1", "amount" },
		{ "MTN", "10", "", "reference" },
		{ "MTN", "10", NULL, "reference" },
		{ "MTN", "10", "a\tb", "reference" },
		{ "MTN", "10", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
		    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "reference" }, /* 101 */
	};
	struct outcome o;
	struct cfg c;
	size_t i;

	cfg_defaults(&c);
	for (i = 0; i < NELEM(rows); i++) {
		enum err e = payout_float_topup(NULL, &c, rows[i].network, rows[i].amount,
		    rows[i].reference, NULL, &o);

		UNIT_CHECK(e == ERR_VALIDATION && o.changed == 0 && o.nctx == 1 &&
		    strcmp(o.ctx[0].str, rows[i].field) == 0, "row %zu: want %s refused", i,
		    rows[i].field);
	}
}

static void
test_set_refused(void)
{
	static const struct { const char *name, *value; } rows[] = {
		{ "momo.VODAFONE.float", "10" },
		{ "momo.mtn.float", "10" },
		{ "momo.MTN.health", "10" },
		{ "momo.MTN.float", "-1" },
		{ "momo.MTN.float", "1.001" },
		{ "momo.MTN.float", "Unlimited" },
		{ "momo.MTN.float", "" },
		{ "momo.MTN.float", NULL },
	};
	struct outcome o;
	struct cfg c;
	size_t i;

	cfg_defaults(&c);
	for (i = 0; i < NELEM(rows); i++)
		UNIT_CHECK(payout_float_set(NULL, &c, rows[i].name, rows[i].value, NULL, &o) ==
		    ERR_VALIDATION && o.changed == 0, "%s = %s: refused", rows[i].name,
		    rows[i].value ? rows[i].value : "(null)");
}

int
main(void)
{
	static const struct tu_test tests[] = {
		{ "the float's setting names", test_setting_names },
		{ "malformed top-ups refused before the database", test_topup_refused },
		{ "malformed float settings refused before the database", test_set_refused },
	};

	return tu_main("payout_float", NULL, NULL, tests, NELEM(tests));
}
