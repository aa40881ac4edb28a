/*
 * Owner checks without a sentinel (issue 34, item 8): the API's loads by
 * owner take an owner of 0 (or less) as nobody's, before any statement
 * runs, never as "anyone"; reading anyone's is the workers' _ANY loads
 * alone. (test_db_stmt holds that no statement has the sentinel.)
 */
#include <stdio.h>
#include <string.h>

#include "domain/payout.h"
#include "domain/partner/intent.h"
#include "domain/partner/resource.h"
#include "domain/partner/withdrawal.h"
#include "domain/wallet/transfer.h"
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

/* A payout's owner is found by its kind among the program's owners, and
 * only when its ops give a whole pair the engine can call. */
static void
test_payout_owner_found_by_kind(void)
{
	static const struct payout_owner_ops half = { .kind = "half", .final = NULL,
		.account = NULL };
	static const struct payout_owner_ops *const owners[] = {
		&transfer_payout_owner, &withdrawal_payout_owner, &half, NULL };
	struct payout p;

	memset(&p, 0, sizeof(p));
	snprintf(p.id, sizeof(p.id), "po_test"); /* the id logged */
	snprintf(p.owner.kind, sizeof(p.owner.kind), "user");
	UNIT_CHECK(payout_owner_of(owners, &p) == &transfer_payout_owner, "a user's payout");
	UNIT_CHECK(payout_owner_of(transfer_owners, &p) == &transfer_payout_owner,
	    "the transfer program's list");
	snprintf(p.owner.kind, sizeof(p.owner.kind), "withdrawal");
	UNIT_CHECK(payout_owner_of(owners, &p) == &withdrawal_payout_owner, "a withdrawal's");
	UNIT_CHECK(payout_owner_of(transfer_owners, &p) == NULL,
	    "not one the transfer program settles for");
	snprintf(p.owner.kind, sizeof(p.owner.kind), "half");
	UNIT_CHECK(payout_owner_of(owners, &p) == NULL, "ops without a whole pair");
	snprintf(p.owner.kind, sizeof(p.owner.kind), "nobody");
	UNIT_CHECK(payout_owner_of(owners, &p) == NULL, "an unknown kind");
	UNIT_CHECK(payout_owner_of(NULL, &p) == NULL, "no owners at all");
	UNIT_CHECK(transfer_payout_owner.account != NULL && transfer_payout_owner.subject != NULL &&
	    transfer_payout_owner.final == NULL, "a transfer's side is the engine's");
	UNIT_CHECK(withdrawal_payout_owner.final != NULL &&
	    withdrawal_payout_owner.reversed != NULL && withdrawal_payout_owner.pending == NULL,
	    "a withdrawal settles its own side, and starts its own payouts");
}

int
main(void)
{
	static const struct tu_test tests[] = {
		{ "an owner of 0 or less is nobody's", test_owner_zero_is_nobody },
		{ "a payout's owner found by its kind", test_payout_owner_found_by_kind },
	};

	return tu_main("owner", NULL, NULL, tests, NELEM(tests));
}
