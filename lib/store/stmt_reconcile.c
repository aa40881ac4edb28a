#include "store/stmt_internal.h"

/* the RECON_RUNS_KEPT-th newest run's place: LIMIT takes no expression */
#define KEPT_OFFSET "99"
_Static_assert(RECON_RUNS_KEPT == 100, "KEPT_OFFSET is RECON_RUNS_KEPT - 1");
#define ISO(c) "DATE_FORMAT(" c ", '%Y-%m-%dT%H:%i:%sZ')"

const struct db_stmt_def db_stmts_reconcile[] = {
	/* the run ended now; it started duration_ms before */
	{ DB_RECON_RUN_INSERT,
	    "INSERT INTO reconcile_runs (duration_ms, exit_status, late_collections, "
	    "reversed_payouts, held, unmatched_deposits, unreversible, float_unexplained, "
	    "ledger, findings_cut, started_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
	    "UTC_TIMESTAMP(6) - INTERVAL ? * 1000 MICROSECOND, UTC_TIMESTAMP(6))" },
	/* the findings in their order: seq is the array's */
	{ DB_RECON_FINDINGS_INSERT,
	    "INSERT INTO reconcile_findings (run_id, seq, kind, detail) "
	    "SELECT ?, j.seq, j.kind, j.detail FROM JSON_TABLE(?, '$[*]' COLUMNS ("
	    "seq FOR ORDINALITY, "
	    "kind VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin PATH '$.kind', "
	    "detail VARCHAR(1000) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin PATH '$.detail')) j" },
	/* the newest RECON_RUNS_KEPT stay (the derived table: MariaDB reads
	 * it before it deletes); findings go with their run */
	{ DB_RECON_PRUNE,
	    "DELETE FROM reconcile_runs WHERE id < (SELECT k.id FROM (SELECT id FROM "
	    "reconcile_runs ORDER BY id DESC LIMIT 1 OFFSET " KEPT_OFFSET ") k)" },
	{ DB_RECON_PAGE,
	    "SELECT id, " ISO("started_at") " AS started_at, " ISO("finished_at") " AS finished_at, "
	    "duration_ms, exit_status, late_collections, reversed_payouts, held, "
	    "unmatched_deposits, unreversible, float_unexplained, ledger, findings_cut "
	    "FROM reconcile_runs WHERE id < ? ORDER BY id DESC LIMIT ?" },
	{ DB_RECON_FINDINGS,
	    "SELECT run_id, kind, detail FROM reconcile_findings WHERE run_id BETWEEN ? AND ? "
	    "ORDER BY run_id DESC, seq" },
	{ DB_STMT__MAX, NULL }
};
