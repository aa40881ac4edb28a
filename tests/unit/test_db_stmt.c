/* The statement table: every statement once, with its SQL; the column
 * check db.c runs when it prepares one; which statements wait for the
 * Galera cluster before they read. */
#include "store/db_sig.h"

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
		{ DB_WD_GET, DB_NCOLS(withdrawal) }, { DB_WD_PAGE, DB_NCOLS(withdrawal) },
		{ DB_PI_LOCK, DB_NCOLS(intent) }, { DB_PAYOUT_GET, DB_NCOLS(payout_row) },
		{ DB_CONV_LOCK, DB_NCOLS(conversion) }, { DB_BEN_GET, DB_NCOLS(beneficiary) },
		{ DB_QUOTE_LOCK, DB_NCOLS(quote_lock) }, { DB_IDEM_GET, DB_NCOLS(idem_row) },
		{ DB_CHAIN_SEND_LOCK, DB_NCOLS(oc_send) }, { DB_CHAIN_TX_NEWEST, DB_NCOLS(oc_tx) },
		{ DB_CDEP_REPORT, DB_NCOLS(cd_report) },
		{ DB_HIST_PAGE_DESC, DB_NCOLS(hist_page) },
		{ DB_WD_INSERT, 0 }, { DB_NODE_STATE, 3 },
	};
	size_t i;

	for (i = 0; i < NELEM(rows); i++)
		UNIT_CHECK(db_stmt_ncols(rows[i].s) == rows[i].n, "%s: %u columns, want %u",
		    db_stmt_name(rows[i].s), db_stmt_ncols(rows[i].s), rows[i].n);
}

/*
 * Every statement is declared (store/db_sig.h): its SQL has as many
 * placeholders as its declaration binds, counted outside quoted text, so
 * a placeholder added to the SQL alone fails here before any server sees
 * it (the prepare check compares the server's count too).
 */
static void
test_every_statement_declared(void)
{
	size_t i;

	for (i = 0; i < DB_STMT__MAX; i++) {
		enum db_stmt s = (enum db_stmt)i;
		const char *p = db_stmt_sql(s);
		unsigned marks = 0;
		char quote = 0;

		for (; p != NULL && *p != '\0'; p++)
			if (quote != 0)
				quote = *p == quote ? 0 : quote;
			else if (*p == '\'' || *p == '"' || *p == '`')
				quote = *p;
			else
				marks += *p == '?';
		UNIT_CHECK(marks == db_stmt_nargs(s), "%s: %u placeholders in its SQL, %u declared",
		    db_stmt_name(s), marks, db_stmt_nargs(s));
	}
	UNIT_CHECK(db_stmt_nargs(DB_WD_PAGE) == 11 && db_stmt_nargs(DB_STMT__MAX) == 0,
	    "a page's filters counted twice; no statement past the table");
}

/* A typed statement (store/db_sig.h) is checked by its placeholders and
 * its columns' names, in order. */
static void
test_typed_check(void)
{
	static const char *const used[] = { "used" };
	static const char *const two[] = { "used", "total" };
	static const char *const ids[] = { "id" };
	static const char *const count[] = { "total" };
	static const struct {
		enum db_stmt s;
		unsigned nparams;
		const char *const *names;
		unsigned ncols;
		const char *why; /* NULL: passes */
	} cases[] = {
		{ DB_WD_USED_SINCE, 2, used, 1, NULL },
		{ DB_WD_USED_SINCE, 3, used, 1, "DB_WD_USED_SINCE has 3 placeholders; its "
		    "declaration (store/stmt_*.h) binds 2" },
		{ DB_WD_USED_SINCE, 2, ids, 1, "DB_WD_USED_SINCE column 1 is \"id\"; its "
		    "declaration (store/stmt_*.h) says \"used\"" },
		{ DB_WD_USED_SINCE, 2, two, 2, "DB_WD_USED_SINCE column 2 is \"total\"; its "
		    "declaration (store/stmt_*.h) says none" },
		{ DB_WD_USED_SINCE, 2, used, 0, "DB_WD_USED_SINCE column 1 is none; its "
		    "declaration (store/stmt_*.h) says \"used\"" },
		/* a filter's placeholders, each twice, all counted */
		{ DB_WD_COUNT, 10, count, 1, NULL },
		{ DB_WD_SUBMITTED, 1, NULL, 0, NULL }, /* no result set */
	};
	char why[300];
	size_t i;

	for (i = 0; i < NELEM(cases); i++) {
		int rc;

		why[0] = '\0';
		rc = db_stmt_prepare_check(cases[i].s, cases[i].nparams, cases[i].names,
		    cases[i].ncols, why, sizeof(why));
		UNIT_CHECK(rc == (cases[i].why ? -1 : 0), "case %zu: %d (%s)", i, rc, why);
		if (cases[i].why != NULL)
			UNIT_STR_EQ(why, cases[i].why, "the refusal names the place and both sides");
	}
	UNIT_CHECK(db_stmt_takes(DB_WD_GET, DB_ARGS_SHAPE_res_by_owner) &&
	    !db_stmt_takes(DB_WD_GET, DB_ARGS_SHAPE_by_id), "a statement takes its shape only");
}

/* The binders put each member in its placeholder, in the declared order;
 * a member left out binds SQL NULL (TEXT) or 0 (INT). */
static void
test_binders(void)
{
	struct db_bound b = DB_BIND(DB_WD_PAGE, res_page, .partner_id = 7, .status = "failed",
	    .reference_id = "r1", .limit = 20, .offset = 40);

	UNIT_CHECK(b.stmt == DB_WD_PAGE && b.n == 11, "statement and count: %zu", b.n);
	UNIT_CHECK(b.a[0].type == DB_ARG_INT && b.a[0].i == 7, "partner first");
	UNIT_CHECK(b.a[1].type == DB_ARG_STR && b.a[2].type == DB_ARG_STR &&
	    strcmp(b.a[1].s, "failed") == 0 && strcmp(b.a[2].s, "failed") == 0,
	    "a filter twice");
	UNIT_CHECK(b.a[3].type == DB_ARG_NULL && b.a[6].type == DB_ARG_NULL,
	    "filters left out are NULL");
	UNIT_CHECK(strcmp(b.a[7].s, "r1") == 0 && strcmp(b.a[8].s, "r1") == 0, "reference");
	UNIT_CHECK(b.a[9].i == 20 && b.a[10].i == 40, "limit and offset last");
	b = DB_BIND(DB_WD_SUBMITTED, by_id, .id = "wd_1");
	UNIT_CHECK(b.n == 1 && strcmp(b.a[0].s, "wd_1") == 0, "one argument");
}

/*
 * The statements that wait for the Galera cluster before they read
 * (SET STATEMENT wsrep_sync_wait = 1 FOR ..., store/stmt_internal.h), and
 * no others: reads of what another request, maybe served by another node,
 * has just written. docs/operations.md lists the same set; a statement
 * joins both or neither. Each is a plain SELECT: never FOR UPDATE.
 */
static void
test_sync_reads(void)
{
	static const enum db_stmt want[] = {
		DB_MIGRATION_APPLIED, /* a runner that waited for the lease */
		DB_IDEM_GET,          /* the idempotency key's row */
		DB_CONV_GET,          /* GET /api/transactions/{id}, a conversion */
		DB_PAYOUT_GET,        /* ... and a payout */
		DB_BEN_GET,           /* a transfer's beneficiary */
		DB_APIKEY_LOOKUP_SYNC, /* a partner key the plain read missed: just issued? */
		DB_CONSOLE_SESSION_FIND_SYNC, /* a console session missed, or its two-factor stale */
		DB_CONSOLE_TOTP_GET, /* a two-factor code's step, taken on another node? */
		DB_WD_GET,            /* GET /v1/withdrawals/{id} */
		DB_WD_BY_REFERENCE,   /* POST /v1/withdrawals again under its reference_id */
		DB_PI_GET,            /* GET /v1/payment-intents/{id} */
		DB_PI_BY_REFERENCE,   /* POST /v1/payment-intents again */
		DB_WH_GET,            /* a partner's webhook endpoint */
		DB_KYC_LATEST,        /* GET /api/users/kyc: tier and latest decision */
		DB_KYC_DETAIL,        /* the back office's submission: a decision made elsewhere */
		DB_OPS_PAYOUT_GET,    /* the back office's payout: settled or retried elsewhere */
		DB_OPS_PAYOUTS_DOUBT, DB_OPS_PAYOUTS_REVERSED, DB_OPS_FLOAT_REFUSALS, /* its lists */
		DB_SIM_SETTING_GET,   /* sandbox: a simulator setting just set */
		DB_PROBE_READ,        /* provider health, stale-marked on another node */
		DB_PFLOAT_VIEW,       /* the floats, a sync made on another node */
		DB_CDEP_UNMATCHED,    /* the unmatched deposits, one assigned on another node */
		/* the workers' and the admin tool's reads of anyone's (issue 34) */
		DB_PAYOUT_GET_ANY, DB_WD_GET_ANY, DB_PI_GET_ANY,
	};
	size_t i, j, n = 0;

	for (i = 0; i < DB_STMT__MAX; i++) {
		enum db_stmt s = (enum db_stmt)i;
		const char *sql = db_stmt_sql(s);
		int listed = 0;

		for (j = 0; j < NELEM(want); j++)
			listed |= want[j] == s;
		UNIT_CHECK(db_stmt_sync_read(s) == listed, "%s %s wait for the cluster",
		    db_stmt_name(s), listed ? "must" : "must not");
		if (!db_stmt_sync_read(s))
			continue;
		n++;
		UNIT_CHECK(strstr(sql, " FOR SELECT ") != NULL, "%s: the wait is in front of "
		    "a SELECT", db_stmt_name(s));
		UNIT_CHECK(strstr(sql, "FOR UPDATE") == NULL && strstr(sql, "LOCK IN SHARE") == NULL,
		    "%s: a plain read, no lock", db_stmt_name(s));
		UNIT_CHECK(db_stmt_ncols(s) > 0, "%s returns rows", db_stmt_name(s));
	}
	UNIT_CHECK(n == NELEM(want), "%zu statements wait, %zu listed", n, NELEM(want));
	UNIT_CHECK(db_stmt_sync_read(DB_STMT__MAX) == 0, "no statement past the table");
}

/*
 * No statement takes an owner of 0 for "anyone" (issue 34, item 8): an
 * owner check is "= ?", and what reads anyone's is a statement of its own
 * (the workers' _ANY ones), so no value an API path passes reaches
 * another owner's row.
 */
static void
test_no_owner_sentinel(void)
{
	static const char *const sentinels[] = { "IN (0,", "IN (0 ,", "= 0 OR", "? = 0", NULL };
	size_t i, j;

	for (i = 0; i < DB_STMT__MAX; i++) {
		const char *sql = db_stmt_sql((enum db_stmt)i);

		for (j = 0; sentinels[j] != NULL; j++)
			UNIT_CHECK(strstr(sql, sentinels[j]) == NULL, "%s has \"%s\"",
			    db_stmt_name((enum db_stmt)i), sentinels[j]);
	}
}

int
main(void)
{
	static const struct tu_test tests[] = {
		{ "every statement once, with SQL", test_every_statement_once },
		{ "column counts are the readers' enums", test_counts_are_the_readers },
		{ "every statement declared: its placeholders", test_every_statement_declared },
		{ "a typed statement: placeholders and column names", test_typed_check },
		{ "the binders fill the placeholders in order", test_binders },
		{ "the reads that wait for the cluster", test_sync_reads },
		{ "no owner sentinel (0 for anyone) in any statement", test_no_owner_sentinel },
	};

	return tu_main("db_stmt", NULL, NULL, tests, NELEM(tests));
}
