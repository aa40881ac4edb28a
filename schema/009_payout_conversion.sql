-- A transfer in a stablecoin converts it and pays out the proceeds: its
-- payout waits ('pending', nothing held) for its own conversion, recorded
-- as its own transaction, and is held and sent once that completes.
ALTER TABLE payouts
  ADD COLUMN conversion_id   VARCHAR(40) NULL AFTER reference,
  ADD COLUMN source_currency VARCHAR(8) NULL AFTER conversion_id,
  ADD COLUMN source_amount   DECIMAL(36,18) NULL AFTER source_currency,
  ADD UNIQUE KEY uq_payouts_conversion (conversion_id);
