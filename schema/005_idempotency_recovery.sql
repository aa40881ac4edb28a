-- Idempotency keys record how far their request got (recovery points in
-- the manner of Stripe's idempotency design) and who holds them, so that a
-- key whose request died is taken over by the next retry and resumed from
-- its last committed point instead of staying stuck in progress.
ALTER TABLE idempotency_keys
  ADD COLUMN recovery_point VARCHAR(32) NOT NULL DEFAULT 'started' AFTER state,
  ADD COLUMN recovery_ref   VARCHAR(64) NULL AFTER recovery_point,
  ADD COLUMN owner          CHAR(32) NOT NULL DEFAULT '' AFTER recovery_ref,
  ADD COLUMN locked_at      DATETIME(6) NULL AFTER owner;

UPDATE idempotency_keys SET locked_at = created_at WHERE locked_at IS NULL;
