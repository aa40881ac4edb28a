/*
 * Owner checks without a sentinel (issue 34, item 8): the API's loads by
 * owner take an owner of 0 (or less) as nobody's, before any statement
 * runs, never as "anyone"; reading anyone's is the workers' _ANY loads
 * alone. (test_db_stmt holds that no statement has the sentinel.)
 */
#include <string.h>

#include "domain/payout.h"
#include "domain/partner/intent.h"
#include "domain/partner/resource.h"
#include "domain/partner/withdrawal.h"
#include "unit.h"

static void
test_owner_zero_is_nobody(void)
{
	static const long long owners[] = { 0, -1, -9223372036854775807LL };
	struct payout p;
	struct withdrawal w;
	struct intent pi;
	size_t i;

	/* no database at all: the refusal comes before any statement */
	for (i = 0; i < NELEM(owners); i++) {
		UNIT_CHECK(payout_load(NULL, "po_abc", owners[i], 0, &p) == DB_DUP,
		    "payout, owner %lld", owners[i]);
		UNIT_CHECK(payout_load(NULL, "po_abc", owners[i], 1, &p) == DB_DUP,
		    "payout locked, owner %lld", owners[i]);
		UNIT_CHECK(resource_load(NULL, &withdrawal_kind, "wd_abc", owners[i], 0, &w) ==
		    DB_DUP, "withdrawal, owner %lld", owners[i]);
		UNIT_CHECK(resource_load(NULL, &intent_kind, "pi_abc", owners[i], 1, &pi) ==
		    DB_DUP, "payment intent locked, owner %lld", owners[i]);
	}
}

int
main(void)
{
	static const struct tu_test tests[] = {
		{ "an owner of 0 or less is nobody's", test_owner_zero_is_nobody },
	};

	return tu_main("owner", NULL, NULL, tests, NELEM(tests));
}
