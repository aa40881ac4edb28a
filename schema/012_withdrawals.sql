-- Partner withdrawals (partner spec, docs/decisions.md, decisions 9-11, 19): a
-- conversion of the partner's own coins, then a payout of the proceeds
-- through the payout engine.
--
-- The create transaction writes the row (its chain transfer hash fixed
-- here, before anything is broadcast), the hold of the source amount
-- (partner:<id>:<CUR> -> partner:<id>:<CUR>:held), the payout's row
-- (pending: its provider reference fixed here too, its draw on the
-- network's float taken), the quote's use and the withdrawal.pending event.
-- reference_id is UNIQUE per partner: the database, not a prior SELECT,
-- decides which of two racing requests made the withdrawal.
CREATE TABLE withdrawals (
  id               VARCHAR(40) NOT NULL PRIMARY KEY,        -- 'wd_...'
  partner_id       BIGINT UNSIGNED NOT NULL,
  reference_id     VARCHAR(100) NOT NULL,                   -- the partner's
  request_hash     CHAR(64) NOT NULL,                       -- SHA-256 of the request's meaning
  quote_id         VARCHAR(40) NULL,                        -- the rate lock, if one was used
  currency         VARCHAR(8) NOT NULL,                     -- USDT, USDC
  amount           DECIMAL(36,18) NOT NULL,                 -- source amount
  rate             DECIMAL(24,8) NOT NULL,
  gross_amount     DECIMAL(30,2) NOT NULL,                  -- GHS, amount x rate
  fee              DECIMAL(30,2) NOT NULL,
  ghs_amount       DECIMAL(30,2) NOT NULL,                  -- what the recipient gets
  recipient_phone  CHAR(13) NOT NULL,
  mobile_network   VARCHAR(16) NOT NULL,
  metadata         TEXT NULL,                               -- JSON object, as given
  status           ENUM('pending','processing','completed','failed') NOT NULL,
  tx_hash          CHAR(66) NOT NULL,                       -- fixed first
  submits          INT UNSIGNED NOT NULL DEFAULT 0,         -- how often it was broadcast
  payout_id        VARCHAR(40) NOT NULL,
  failure_reason   VARCHAR(200) NULL,
  created_at       DATETIME(6) NOT NULL,
  processing_at    DATETIME(6) NULL,
  completed_at     DATETIME(6) NULL,                        -- completed or failed
  next_check_at    DATETIME(6) NOT NULL,                    -- the worker's backoff
  checks           INT UNSIGNED NOT NULL DEFAULT 0,
  lease_until      DATETIME(6) NULL,
  UNIQUE KEY uq_withdrawals_reference (partner_id, reference_id),
  UNIQUE KEY uq_withdrawals_tx_hash (tx_hash),
  UNIQUE KEY uq_withdrawals_payout (payout_id),
  UNIQUE KEY uq_withdrawals_quote (quote_id),
  KEY ix_withdrawals_page (partner_id, created_at, id),
  KEY ix_withdrawals_status (partner_id, status, created_at),
  KEY ix_withdrawals_claim (status, next_check_at),
  CONSTRAINT fk_withdrawals_partner FOREIGN KEY (partner_id) REFERENCES partners (id),
  CONSTRAINT ck_withdrawals_amounts CHECK (amount > 0 AND ghs_amount > 0 AND fee >= 0
    AND gross_amount = ghs_amount + fee),
  CONSTRAINT ck_withdrawals_final CHECK ((status IN ('completed','failed')) = (completed_at IS NOT NULL)),
  CONSTRAINT ck_withdrawals_reason CHECK ((status = 'failed') = (failure_reason IS NOT NULL))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- A withdrawal's payout belongs to no wallet user and has no stored
-- beneficiary: exactly one of user_id and withdrawal_id is set.
ALTER TABLE payouts
  MODIFY user_id BIGINT UNSIGNED NULL,
  MODIFY beneficiary_id VARCHAR(40) NULL,
  MODIFY account_name VARCHAR(200) NULL,
  ADD COLUMN withdrawal_id VARCHAR(40) NULL AFTER conversion_id,
  ADD UNIQUE KEY uq_payouts_withdrawal (withdrawal_id),
  ADD CONSTRAINT ck_payouts_owner CHECK ((user_id IS NULL) <> (withdrawal_id IS NULL));
