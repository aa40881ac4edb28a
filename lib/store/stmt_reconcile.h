/*
 * stmt_reconcile: the statements of reconcile's kept runs and their
 * findings (domain/reconcile_run.c, schema 050), with the columns their
 * rows hold; the SQL is in stmt_reconcile.c.
 */
#ifndef CEDIRAMP_STMT_RECONCILE_H
#define CEDIRAMP_STMT_RECONCILE_H

/* How many runs are kept (the newest; older ones go with their findings). */
#define RECON_RUNS_KEPT 100

/* a run that ended now, after duration_ms: its exit status, its counts per
 * kind and whether findings were left out */
#define recon_run_ARGS(ARG, AGAIN) ARG(INT, duration_ms) ARG(INT, exit_status) \
	ARG(INT, late_collections) ARG(INT, reversed_payouts) ARG(INT, held) \
	ARG(INT, unmatched_deposits) ARG(INT, unreversible) ARG(INT, float_unexplained) \
	ARG(INT, ledger) ARG(INT, findings_cut) AGAIN(INT, duration_ms)
/* a run's findings: a JSON array of {kind, detail}, in the report's order */
#define recon_findings_ARGS(ARG, AGAIN) ARG(INT, run_id) ARG(TEXT, json)
/* a page of runs, newest first: before a run's id, at most limit */
#define recon_page_ARGS(ARG, AGAIN) ARG(INT, before) ARG(INT, limit)
/* the findings of the runs from id low to id high */
#define recon_range_ARGS(ARG, AGAIN) ARG(INT, low) ARG(INT, high)

/* a run as listed */
#define recon_run_COLS(C, x) C(x, RAW, id, ) C(x, RAW, started_at, ) C(x, RAW, finished_at, ) \
	C(x, RAW, duration_ms, ) C(x, RAW, exit_status, ) C(x, RAW, late_collections, ) \
	C(x, RAW, reversed_payouts, ) C(x, RAW, held, ) C(x, RAW, unmatched_deposits, ) \
	C(x, RAW, unreversible, ) C(x, RAW, float_unexplained, ) C(x, RAW, ledger, ) \
	C(x, RAW, findings_cut, )
/* one finding of a run */
#define recon_finding_COLS(C, x) C(x, RAW, run_id, ) C(x, RAW, kind, ) C(x, RAW, detail, )

/* Its statements (their SQL in stmt_reconcile.c): S(statement, its
 * arguments' shape, its rows' shape), as store/db_sig.h says. */
#define DB_STMTS_RECONCILE(S) \
	S(DB_RECON_RUN_INSERT, recon_run, db_none) \
	S(DB_RECON_FINDINGS_INSERT, recon_findings, db_none) \
	S(DB_RECON_PRUNE, no_args, db_none) \
	S(DB_RECON_PAGE, recon_page, recon_run) \
	S(DB_RECON_FINDINGS, recon_range, recon_finding)
#define DB_ARGS_RECONCILE(A) A(recon_run) A(recon_findings) A(recon_page) A(recon_range)
#define DB_ROWS_RECONCILE(R) R(recon_run) R(recon_finding)

#endif
