-- The payout float reconciled against the provider (issue 22). The float
-- is what our books say a network's payout account holds once what is in
-- flight settles; reconcile compares it with the provider's own balance
-- (domain/float_reconcile.h). Two new moves of a limited float:
--   collection  a payment intent completed on a network whose payouts
--               and collections share one balance (Paystack): the payer's
--               amount came into the account. payout_id holds the
--               intent's id (one per intent, as one draw per payout).
--   sync        `cediramp-admin float sync NETWORK --reason TEXT`: the
--               float set from the provider's balance; amount is the
--               signed change (zero allowed: a check on record), reason
--               the operator's.
ALTER TABLE payout_float_moves
  MODIFY kind ENUM('topup','draw','restore','collection','sync') NOT NULL,
  ADD COLUMN IF NOT EXISTS reason VARCHAR(200) NULL;
ALTER TABLE payout_float_moves DROP CONSTRAINT IF EXISTS ck_payout_float_moves_amount;
ALTER TABLE payout_float_moves ADD CONSTRAINT ck_payout_float_moves_amount
  CHECK (amount > 0 OR kind = 'sync');
ALTER TABLE payout_float_moves DROP CONSTRAINT IF EXISTS ck_payout_float_moves_refs;
ALTER TABLE payout_float_moves ADD CONSTRAINT ck_payout_float_moves_refs CHECK (
  (kind = 'topup') = (reference IS NOT NULL) AND
  (kind IN ('draw', 'restore', 'collection')) = (payout_id IS NOT NULL) AND
  (kind = 'sync') = (reason IS NOT NULL));
