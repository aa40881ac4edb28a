-- A payout reversed after it completed (issue 22). Paystack may report a
-- transfer `reversed` after `success` (the network gave the money back to
-- the disbursement account): the payout is then failed after completion,
-- refunded once (ledger event payout.reversal, and for a withdrawal its
-- withdrawal.refund), its float draw restored, and payout.failed sent.
-- reversal_check_at: when the payouts worker next verifies a completed
-- payout for a reversal (NULL: not watched). A completed payout on a
-- Paystack network is watched for payouts.reversal_watch_seconds
-- after it completed; a provider's webhook makes it due at once.
-- reversed_at: when the reversal was recorded (reconcile lists these).
ALTER TABLE payouts
  ADD COLUMN IF NOT EXISTS reversal_check_at DATETIME(6) NULL,
  ADD COLUMN IF NOT EXISTS reversed_at DATETIME(6) NULL,
  ADD KEY IF NOT EXISTS ix_payouts_reversal_check (reversal_check_at),
  ADD KEY IF NOT EXISTS ix_payouts_reversed (reversed_at);

-- The simulator's transfers may end reversed (suffix 206 on Paystack).
ALTER TABLE sim_momo_transfers
  MODIFY state ENUM('unaccepted','pending','successful','failed','reversed') NOT NULL;
