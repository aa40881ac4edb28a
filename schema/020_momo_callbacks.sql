-- MTN's callbacks (issue 22). The simulator keeps the X-Callback-Url each
-- accepted send carried and sends one callback per final state, with no
-- retry, as MTN does (lib/sandbox/sim_momo_callbacks.c): callback_at is
-- when it was sent (or dropped, sandbox setting momo.drop_callbacks), set
-- before the send, so a crash loses a callback rather than sending two.
ALTER TABLE sim_momo_transfers
  ADD COLUMN IF NOT EXISTS callback_url VARCHAR(512) NULL,
  ADD COLUMN IF NOT EXISTS callback_at DATETIME(6) NULL,
  ADD KEY IF NOT EXISTS ix_sim_momo_transfers_due (state, settle_at);
