/*
 * Unit tests for lib/domain/console/role.c: the roles' table is the one
 * docs/console.md shows (cell by cell), names parse both ways, and the
 * console's error table is complete.
 */
#include "domain/console/role.h"

#include <CUnit/Basic.h>
#include <stdio.h>
#include <string.h>

#include "http/errtab.h"
#include "unit.h"

/* docs/console.md's row of action (its "yes"/"no" cells in role order)
 * into cells: 0, or -1 when the row is not there. */
static int
doc_row(const char *action, int cells[CONSOLE_ROLES])
{
	FILE *f = fopen("docs/console.md", "r");
	char line[1024], want[64];
	int rc = -1;

	if (f == NULL)
		return -1;
	snprintf(want, sizeof(want), "| %s | ", action);
	while (fgets(line, sizeof(line), f) != NULL) {
		char *p = line;
		int col = 0, n = 0;

		if (strncmp(line, want, strlen(want)) != 0)
			continue;
		/* | action | what | owner | developer | finance | viewer |
		 * wallet-developer | operator | compliance | platform finance |
		 * read-only | */
		while ((p = strchr(p, '|')) != NULL && n < CONSOLE_ROLES) {
			p++;
			if (col++ < 2)
				continue;
			p += strspn(p, " ");
			cells[n++] = strncmp(p, "yes", 3) == 0 ? 1 : strncmp(p, "no", 2) == 0 ? 0 : -1;
		}
		rc = n == CONSOLE_ROLES ? 0 : -1;
		break;
	}
	fclose(f);
	return rc;
}

static void
test_table_matches_docs(void)
{
	int a, role, cells[CONSOLE_ROLES];

	for (a = 0; a < CONSOLE_ACTIONS; a++) {
		UNIT_REQUIRE(doc_row(console_action_name(a), cells) == 0,
		    "docs/console.md has no row for %s", console_action_name(a));
		for (role = 0; role < CONSOLE_ROLES; role++)
			UNIT_CHECK(cells[role] == console_may(role, a),
			    "%s may %s: docs say %d, the code %d", console_role_name(role),
			    console_action_name(a), cells[role], console_may(role, a));
	}
}

/* A partner member's role: owner to viewer. */
static int
of_partner(int r)
{
	return r == CONSOLE_OWNER || r == CONSOLE_DEVELOPER || r == CONSOLE_FINANCE ||
	    r == CONSOLE_VIEWER;
}

static void
test_names(void)
{
	/* (name, platform) -> role: "finance" is two roles */
	static const struct {
		const char *name;
		int platform, role;
	} cases[] = {
		{ "owner", 0, CONSOLE_OWNER }, { "owner", 1, -1 },
		{ "developer", 0, CONSOLE_DEVELOPER }, { "developer", 1, -1 },
		{ "finance", 0, CONSOLE_FINANCE }, { "finance", 1, CONSOLE_PLATFORM_FINANCE },
		{ "viewer", 0, CONSOLE_VIEWER }, { "viewer", 1, -1 },
		{ "wallet-developer", 0, -1 }, { "wallet-developer", 1, CONSOLE_WALLET_DEVELOPER },
		{ "operator", 0, -1 }, { "operator", 1, CONSOLE_OPERATOR },
		{ "compliance", 0, -1 }, { "compliance", 1, CONSOLE_COMPLIANCE },
		{ "read-only", 0, -1 }, { "read-only", 1, CONSOLE_READ_ONLY },
		{ "Owner", 0, -1 }, { "Operator", 1, -1 }, { "readonly", 1, -1 }, { "", 0, -1 },
		{ "", 1, -1 }, { NULL, 0, -1 }, { NULL, 1, -1 },
	};
	size_t i;
	int r;

	for (i = 0; i < NELEM(cases); i++)
		UNIT_CHECK(console_role_in(cases[i].name, cases[i].platform) == cases[i].role,
		    "%s (platform %d): %d, want %d", cases[i].name ? cases[i].name : "NULL",
		    cases[i].platform, console_role_in(cases[i].name, cases[i].platform),
		    cases[i].role);
	for (r = 0; r < CONSOLE_ROLES; r++)
		CU_ASSERT_EQUAL(console_role_in(console_role_name(r), !of_partner(r)), r);
	CU_ASSERT_STRING_EQUAL(console_role_name(CONSOLE_ROLES), "");
	CU_ASSERT_STRING_EQUAL(console_role_name(-1), "");
	CU_ASSERT_EQUAL(console_may(-1, CONSOLE_READ), 0);
	CU_ASSERT_EQUAL(console_may(CONSOLE_OWNER, CONSOLE_ACTIONS), 0);
	/* every partner member reads, only the owner manages the team, only
	 * the wallet developer (no partner's member) the wallet's webhooks,
	 * every back-office role reads the back office and only the operator
	 * changes partners; everyone has an account of its own */
	for (r = 0; r < CONSOLE_ROLES; r++) {
		CU_ASSERT_EQUAL(console_may(r, CONSOLE_READ), of_partner(r));
		CU_ASSERT_EQUAL(console_may(r, CONSOLE_TEAM), r == CONSOLE_OWNER);
		CU_ASSERT_EQUAL(console_may(r, CONSOLE_WALLET), r == CONSOLE_WALLET_DEVELOPER);
		CU_ASSERT_EQUAL(console_may(r, CONSOLE_OPS_READ), console_role_is_ops(r));
		CU_ASSERT_EQUAL(console_may(r, CONSOLE_OPS_PARTNERS), r == CONSOLE_OPERATOR);
		CU_ASSERT_EQUAL(console_may(r, CONSOLE_ACCOUNT), 1);
		CU_ASSERT_EQUAL(console_role_is_ops(r), r >= CONSOLE_OPERATOR);
		/* no partner role may do anything of the back office */
		if (of_partner(r))
			CU_ASSERT(!console_may(r, CONSOLE_OPS_READ) && !console_may(r, CONSOLE_OPS_PARTNERS));
	}
	CU_ASSERT_EQUAL(console_role_of_partner("owner"), 1);
	CU_ASSERT_EQUAL(console_role_of_partner("finance"), 1);
	CU_ASSERT_EQUAL(console_role_of_partner("wallet-developer"), 0);
	CU_ASSERT_EQUAL(console_role_of_partner("operator"), 0);
	CU_ASSERT_EQUAL(console_role_of_partner("nobody"), 0);
	CU_ASSERT_EQUAL(console_role_of_partner(NULL), 0);
	CU_ASSERT_EQUAL(console_role_of_ops("operator"), 1);
	CU_ASSERT_EQUAL(console_role_of_ops("compliance"), 1);
	CU_ASSERT_EQUAL(console_role_of_ops("finance"), 1);
	CU_ASSERT_EQUAL(console_role_of_ops("read-only"), 1);
	CU_ASSERT_EQUAL(console_role_of_ops("wallet-developer"), 0);
	CU_ASSERT_EQUAL(console_role_of_ops("owner"), 0);
	CU_ASSERT_EQUAL(console_role_of_ops(NULL), 0);
	CU_ASSERT_EQUAL(console_role_is_ops(-1), 0);
}

/* Every error has a console row: a snake_case code and an error status. */
static void
test_console_errors(void)
{
	int e;
	const char *c;

	for (e = 1; e < ERR__MAX; e++) {
		const struct err_def *d = err_def(API_CONSOLE, (enum err)e);

		UNIT_CHECK(d->http_status >= 400 && d->http_status <= 599, "err %d: status %d", e,
		    d->http_status);
		for (c = d->code; *c != '\0'; c++)
			UNIT_CHECK(*c == '_' || (*c >= 'a' && *c <= 'z'), "err %d: code %s", e, d->code);
		if (e != ERR_INTERNAL)
			UNIT_CHECK(d != err_def(API_CONSOLE, ERR_INTERNAL),
			    "err %d falls back to the internal row", e);
	}
	CU_ASSERT_STRING_EQUAL(err_def(API_CONSOLE, ERR_CSRF)->code, "csrf_failed");
	CU_ASSERT_STRING_EQUAL(err_def(API_CONSOLE, ERR_REAUTH_REQUIRED)->code, "reauth_required");
	CU_ASSERT_EQUAL(err_def(API_CONSOLE, ERR_INVALID_CREDENTIALS)->http_status, 401);
}

static const struct tu_test tests[] = {
	{ "the roles' table is docs/console.md's", test_table_matches_docs },
	{ "role names", test_names },
	{ "the console's error table", test_console_errors },
};

int
main(void)
{
	return tu_main("console_role", NULL, NULL, tests, NELEM(tests));
}
