-- One word per meaning (issue 35; docs/design.md, Glossary). Columns
-- renamed, their data kept (RENAME COLUMN is a metadata change: instant,
-- and on a Galera cluster replicated as any DDL, in total order):
-- - payouts.reference is the client reference (a wallet transfer's note,
--   a partner withdrawal's reference_id), never the provider's: it is
--   client_reference; the provider's stays provider_ref.
-- - idempotency_keys.recovery_ref is the id of what a recovery point
--   created (a conversion, a payout): recovery_id.
-- Deploy the code of this version with it: `migrate` runs first.
ALTER TABLE payouts RENAME COLUMN reference TO client_reference;
ALTER TABLE idempotency_keys RENAME COLUMN recovery_ref TO recovery_id;
