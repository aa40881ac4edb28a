-- Reconcile's runs kept (issue 37, item 5; docs/console.md, "Back
-- office"): until now a run's findings were its printed report, its exit
-- status and the metrics of the last whole run. Each run that read
-- everything is now kept with its counts per kind and its findings, the
-- report's lines of each kind, for the back office's Reconcile page.
--
-- Bounded: reconcile keeps the newest 100 runs (deleting older ones, their
-- findings with them, at the end of each run) and at most 500 findings a
-- run of at most 1000 characters each (findings_cut 1: some were left
-- out; the printed report has them all). A run on each of several hosts
-- is kept as its own run.
CREATE TABLE IF NOT EXISTS reconcile_runs (
  id                  BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  started_at          DATETIME(6) NOT NULL,
  finished_at         DATETIME(6) NOT NULL,
  duration_ms         BIGINT UNSIGNED NOT NULL,
  exit_status         TINYINT UNSIGNED NOT NULL,   -- reconcile's: 0 nothing needs an operator, 1 something does
  late_collections    INT UNSIGNED NOT NULL,
  reversed_payouts    INT UNSIGNED NOT NULL,
  held                INT UNSIGNED NOT NULL,       -- payouts and payment intents held for review
  unmatched_deposits  INT UNSIGNED NOT NULL,
  unreversible        INT UNSIGNED NOT NULL,       -- chain deposits whose reversal needs an operator
  float_unexplained   INT UNSIGNED NOT NULL,       -- floats that differ from their provider, unexplained
  ledger              INT UNSIGNED NOT NULL,       -- rows that break a ledger invariant
  findings_cut        TINYINT(1) NOT NULL DEFAULT 0,
  KEY ix_reconcile_runs_finished (finished_at),
  CONSTRAINT ck_reconcile_runs_exit CHECK (exit_status IN (0, 1)),
  CONSTRAINT ck_reconcile_runs_cut CHECK (findings_cut IN (0, 1)),
  CONSTRAINT ck_reconcile_runs_times CHECK (finished_at >= started_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- A run's findings in the report's order (seq from 1): each a line of the
-- report with the lines indented under it ("  payout po_... in flight").
-- The float kind holds every limited float's comparison (those that
-- match too): its count is the unexplained ones.
CREATE TABLE IF NOT EXISTS reconcile_findings (
  run_id  BIGINT UNSIGNED NOT NULL,
  seq     INT UNSIGNED NOT NULL,
  kind    ENUM('late_collections','reversed_payouts','held','unmatched_deposits',
            'unreversible','float','ledger') NOT NULL,
  detail  VARCHAR(1000) NOT NULL,
  PRIMARY KEY (run_id, seq),
  CONSTRAINT fk_reconcile_findings_run FOREIGN KEY (run_id) REFERENCES reconcile_runs (id)
    ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- The provider's balance a `float sync` read (the float became it less
-- what payouts in flight drew): the back office's Float page shows it
-- beside the float. NULL for the syncs made before this column, and for
-- every other move.
ALTER TABLE payout_float_moves
  ADD COLUMN IF NOT EXISTS provider_balance DECIMAL(30,2) NULL;
