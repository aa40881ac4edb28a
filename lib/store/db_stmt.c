#include "store/db_stmt.h"

#include <stdio.h>
#include <string.h>

#include "store/db_sig.h"
#include "store/stmt_internal.h"

#define DB_STMT_STRING(name, ...) #name,

static const char *const names[DB_STMT__MAX] = {
	DB_STMTS_DB(DB_STMT_STRING)
	DB_STMTS_USER(DB_STMT_STRING)
	DB_STMTS_PARTNER(DB_STMT_STRING)
	DB_STMTS_APIKEY(DB_STMT_STRING)
	DB_STMTS_SIM(DB_STMT_STRING)
	DB_STMTS_FXRATE(DB_STMT_STRING)
	DB_STMTS_QUOTE(DB_STMT_STRING)
	DB_STMTS_RATE_LIMIT(DB_STMT_STRING)
	DB_STMTS_LEDGER(DB_STMT_STRING)
	DB_STMTS_CONVERSION(DB_STMT_STRING)
	DB_STMTS_IDEMPOTENCY(DB_STMT_STRING)
	DB_STMTS_PAYOUT(DB_STMT_STRING)
	DB_STMTS_WITHDRAWAL(DB_STMT_STRING)
	DB_STMTS_OUTBOX(DB_STMT_STRING)
	DB_STMTS_FUNDS(DB_STMT_STRING)
	DB_STMTS_HISTORY(DB_STMT_STRING)
	DB_STMTS_PAYOUT_FLOAT(DB_STMT_STRING)
	DB_STMTS_BENEFICIARY(DB_STMT_STRING)
	DB_STMTS_KYC(DB_STMT_STRING)
	DB_STMTS_WEBHOOK(DB_STMT_STRING)
	DB_STMTS_DELIVERY(DB_STMT_STRING)
	DB_STMTS_INTENT(DB_STMT_STRING)
	DB_STMTS_ONCHAIN(DB_STMT_STRING)
	DB_STMTS_CHAIN_DEPOSIT(DB_STMT_STRING)
	DB_STMTS_CONSOLE(DB_STMT_STRING)
	DB_STMTS_GAUGES(DB_STMT_STRING)
	DB_STMTS_OPS_PAYOUT(DB_STMT_STRING)
	DB_STMTS_RECONCILE(DB_STMT_STRING)
	DB_STMTS_SIGNER(DB_STMT_STRING)
};

static const struct db_stmt_def *const modules[] = {
	db_stmts_db,
	db_stmts_user,
	db_stmts_partner,
	db_stmts_apikey,
	db_stmts_sim,
	db_stmts_fxrate,
	db_stmts_quote,
	db_stmts_rate_limit,
	db_stmts_ledger,
	db_stmts_conversion,
	db_stmts_idempotency,
	db_stmts_payout,
	db_stmts_withdrawal,
	db_stmts_outbox,
	db_stmts_funds,
	db_stmts_history,
	db_stmts_payout_float,
	db_stmts_beneficiary,
	db_stmts_kyc,
	db_stmts_webhook,
	db_stmts_delivery,
	db_stmts_intent,
	db_stmts_onchain,
	db_stmts_chain_deposit,
	db_stmts_console,
	db_stmts_gauges,
	db_stmts_ops_payout,
	db_stmts_reconcile,
	db_stmts_signer,
};

/* The typed statements' declarations (store/db_sig.h): each rows' shape's
 * column names, and per statement its shapes and placeholder count. */
#define ROW_NAME(x, kind, name, m) #name,
#define ROW_NAMES(row) static const char *const row##_names[] = { row##_COLS(ROW_NAME, x) NULL };
static const char *const db_none_names[] = { NULL };
DB_SIG_ROWS_SHAPES(ROW_NAMES)

static const struct sig {
	int args;                 /* enum db_args_shape */
	unsigned nargs;
	const char *const *names; /* NULL-terminated */
} sigs[DB_STMT__MAX] = {
#define SIG(id, args, row) [id] = { DB_ARGS_SHAPE_##args, \
	0 args##_ARGS(DB_SIG_ONE, DB_SIG_ONE), row##_names },
	DB_SIG_STMTS(SIG)
#undef SIG
};

/* The statements by id, from the module tables (built on first use: every
 * program is one thread). */
static const struct db_stmt_def *byid[DB_STMT__MAX];
static int twice = -1; /* a statement two tables define: -1 none yet */

static void
build(void)
{
	static int built;
	const struct db_stmt_def *d;
	size_t i;

	if (built)
		return;
	for (i = 0; i < sizeof(modules) / sizeof(modules[0]); i++)
		for (d = modules[i]; d->sql != NULL; d++) {
			if ((unsigned)d->id >= DB_STMT__MAX)
				continue;
			if (byid[d->id] != NULL && twice < 0)
				twice = (int)d->id;
			byid[d->id] = d;
		}
	built = 1;
}

const char *
db_stmt_sql(enum db_stmt s)
{
	build();
	return (unsigned)s < DB_STMT__MAX && byid[s] != NULL ? byid[s]->sql : NULL;
}

unsigned
db_stmt_ncols(enum db_stmt s)
{
	unsigned n = 0;

	if ((unsigned)s >= DB_STMT__MAX)
		return 0;
	while (sigs[s].names[n] != NULL)
		n++;
	return n;
}

unsigned
db_stmt_nargs(enum db_stmt s)
{
	return (unsigned)s < DB_STMT__MAX ? sigs[s].nargs : 0;
}

int
db_stmt_takes(enum db_stmt s, int args_shape)
{
	return (unsigned)s < DB_STMT__MAX && sigs[s].args == args_shape;
}

const char *
db_stmt_name(enum db_stmt s)
{
	return (unsigned)s < DB_STMT__MAX ? names[s] : "(no statement)";
}

int
db_stmt_sync_read(enum db_stmt s)
{
	const char *sql = db_stmt_sql(s);

	return sql != NULL && strncmp(sql, SYNC_READ, sizeof(SYNC_READ) - 1) == 0;
}

int
db_stmt_prepare_check(enum db_stmt s, unsigned nparams, const char *const *names,
    unsigned ncols, char *why, size_t cap)
{
	const struct sig *g;
	unsigned i;

	if ((unsigned)s >= DB_STMT__MAX) {
		snprintf(why, cap, "%d is no statement", (int)s);
		return -1;
	}
	g = &sigs[s];
	if (nparams != g->nargs) {
		snprintf(why, cap, "%s has %u placeholders; its declaration (store/stmt_*.h) binds %u",
		    db_stmt_name(s), nparams, g->nargs);
		return -1;
	}
	for (i = 0; i < ncols || g->names[i] != NULL; i++) {
		const char *got = i < ncols ? names[i] : NULL;

		if (got == NULL || g->names[i] == NULL || strcmp(got, g->names[i]) != 0) {
			snprintf(why, cap, "%s column %u is %s%s%s; its declaration (store/stmt_*.h) "
			    "says %s%s%s", db_stmt_name(s), i + 1, got ? "\"" : "", got ? got : "none",
			    got ? "\"" : "", g->names[i] ? "\"" : "",
			    g->names[i] ? g->names[i] : "none", g->names[i] ? "\"" : "");
			return -1;
		}
	}
	return 0;
}

int
db_stmt_table_check(char *why, size_t cap)
{
	size_t i;

	build();
	if (twice >= 0) {
		snprintf(why, cap, "%s is in two statement tables", names[twice]);
		return -1;
	}
	for (i = 0; i < DB_STMT__MAX; i++)
		if (byid[i] == NULL || byid[i]->sql == NULL) {
			snprintf(why, cap, "%s has no SQL", names[i]);
			return -1;
		}
	return 0;
}
