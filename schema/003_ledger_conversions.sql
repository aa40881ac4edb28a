-- Double-entry ledger, wallet conversions, idempotency keys, per-caller
-- rate-limit overrides, and the sandbox chain simulator's state.

CREATE TABLE ledger_accounts (
  id          BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  code        VARCHAR(80) NOT NULL,           -- 'user:42:GHS', 'house:fees:GHS'
  asset       VARCHAR(8) NOT NULL,
  kind        ENUM('user','partner','house') NOT NULL,
  balance     DECIMAL(40,18) NOT NULL DEFAULT 0, -- cache of SUM(entries)
  created_at  DATETIME(6) NOT NULL DEFAULT UTC_TIMESTAMP(6),
  UNIQUE KEY uq_ledger_accounts_code (code),
  CONSTRAINT ck_ledger_accounts_nonnegative CHECK (kind = 'house' OR balance >= 0)
) ENGINE=InnoDB DEFAULT CHARSET=ascii COLLATE=ascii_bin;

-- One row per business event; UNIQUE (kind, ref_id) means an event can
-- post once, whatever retries or races happen above.
CREATE TABLE ledger_transactions (
  id          BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  kind        VARCHAR(40) NOT NULL,           -- 'conversion.completed'
  ref_id      VARCHAR(40) NOT NULL,           -- 'cv_...'
  created_at  DATETIME(6) NOT NULL DEFAULT UTC_TIMESTAMP(6),
  UNIQUE KEY uq_ledger_transactions_event (kind, ref_id)
) ENGINE=InnoDB DEFAULT CHARSET=ascii COLLATE=ascii_bin;

CREATE TABLE ledger_entries (
  id          BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  tx_id       BIGINT UNSIGNED NOT NULL,
  account_id  BIGINT UNSIGNED NOT NULL,
  asset       VARCHAR(8) NOT NULL,
  amount      DECIMAL(40,18) NOT NULL,        -- + credit, - debit
  KEY ix_ledger_entries_account (account_id),
  KEY ix_ledger_entries_tx (tx_id),
  CONSTRAINT fk_ledger_entries_tx FOREIGN KEY (tx_id) REFERENCES ledger_transactions (id),
  CONSTRAINT fk_ledger_entries_account FOREIGN KEY (account_id) REFERENCES ledger_accounts (id),
  CONSTRAINT ck_ledger_entries_nonzero CHECK (amount <> 0)
) ENGINE=InnoDB DEFAULT CHARSET=ascii COLLATE=ascii_bin;

-- Entries are facts: never changed, never removed.
CREATE TRIGGER tr_ledger_entries_no_update BEFORE UPDATE ON ledger_entries
  FOR EACH ROW SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'ledger entries are immutable';
CREATE TRIGGER tr_ledger_entries_no_delete BEFORE DELETE ON ledger_entries
  FOR EACH ROW SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'ledger entries are immutable';

CREATE TABLE conversions (
  id              VARCHAR(40) NOT NULL PRIMARY KEY,   -- 'cv_...'
  user_id         BIGINT UNSIGNED NOT NULL,
  quote_id        VARCHAR(40) NOT NULL,
  wallet_id       VARCHAR(128) NOT NULL,
  from_currency   VARCHAR(8) NOT NULL,
  to_currency     CHAR(3) NOT NULL,
  amount          DECIMAL(36,18) NOT NULL,
  rate            DECIMAL(24,8) NOT NULL,
  fee_percent     DECIMAL(6,2) NOT NULL,
  gross_amount    DECIMAL(30,2) NOT NULL,
  fee             DECIMAL(30,2) NOT NULL,
  receive_amount  DECIMAL(30,2) NOT NULL,
  status          ENUM('pending','processing','completed','failed') NOT NULL,
  tx_hash         CHAR(66) NOT NULL,                 -- fixed before broadcast
  block_number    BIGINT UNSIGNED NULL,
  failure_reason  VARCHAR(200) NULL,
  ghs_balance_after DECIMAL(40,18) NULL,             -- the confirm answer, replayed
  created_at      DATETIME(6) NOT NULL,
  completed_at    DATETIME(6) NULL,
  UNIQUE KEY uq_conversions_quote (quote_id),        -- a quote converts once
  UNIQUE KEY uq_conversions_tx_hash (tx_hash),
  KEY ix_conversions_user_page (user_id, created_at, id),
  KEY ix_conversions_status (status, created_at),
  CONSTRAINT fk_conversions_user FOREIGN KEY (user_id) REFERENCES users (id),
  CONSTRAINT fk_conversions_quote FOREIGN KEY (quote_id) REFERENCES quotes (id),
  CONSTRAINT ck_conversions_amounts CHECK (amount > 0 AND gross_amount = fee + receive_amount),
  CONSTRAINT ck_conversions_done CHECK ((status = 'completed') = (completed_at IS NOT NULL AND ghs_balance_after IS NOT NULL))
) ENGINE=InnoDB DEFAULT CHARSET=ascii COLLATE=ascii_bin;

-- Stored answers of idempotent POSTs, per user and key, for 24 hours.
CREATE TABLE idempotency_keys (
  id             BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  user_id        BIGINT UNSIGNED NOT NULL,
  idem_key       VARCHAR(128) NOT NULL,
  endpoint       VARCHAR(80) NOT NULL,          -- 'POST /api/convert/usdt-to-ghs'
  request_hash   CHAR(64) NOT NULL,             -- SHA-256 of the body as sent
  state          ENUM('in_progress','done') NOT NULL,
  status_code    SMALLINT UNSIGNED NULL,
  response_body  MEDIUMBLOB NULL,
  created_at     DATETIME(6) NOT NULL,
  UNIQUE KEY uq_idempotency_user_key (user_id, idem_key),
  KEY ix_idempotency_created (created_at),
  CONSTRAINT ck_idempotency_done CHECK ((state = 'done') = (status_code IS NOT NULL))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- An operator's per-caller limit, replacing the configured one.
CREATE TABLE rate_limit_overrides (
  subject      VARCHAR(40) NOT NULL,
  category     VARCHAR(24) NOT NULL,
  limit_count  BIGINT UNSIGNED NOT NULL,
  PRIMARY KEY (subject, category)
) ENGINE=InnoDB DEFAULT CHARSET=ascii COLLATE=ascii_bin;

-- Sandbox chain simulator: wallet balances and submitted transfers.
CREATE TABLE sim_chain_balances (
  wallet   VARCHAR(128) NOT NULL,
  asset    VARCHAR(8) NOT NULL,
  balance  DECIMAL(40,18) NOT NULL,
  PRIMARY KEY (wallet, asset),
  CONSTRAINT ck_sim_chain_balances CHECK (balance >= 0)
) ENGINE=InnoDB DEFAULT CHARSET=ascii COLLATE=ascii_bin;

CREATE TABLE sim_chain_txs (
  tx_hash         CHAR(66) NOT NULL PRIMARY KEY,
  wallet          VARCHAR(128) NOT NULL,
  asset           VARCHAR(8) NOT NULL,
  amount          DECIMAL(40,18) NOT NULL,
  outcome         ENUM('confirm','fail','hang') NOT NULL,
  block_number    BIGINT UNSIGNED NOT NULL,
  submitted_at    DATETIME(6) NOT NULL,
  confirm_at      DATETIME(6) NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=ascii COLLATE=ascii_bin;
