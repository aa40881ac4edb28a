-- Exchange rates, quotes, and rate-limit counters.

-- One row per pair; a rate older than rates.max_age_seconds is never quoted.
CREATE TABLE fx_rates (
  pair        VARCHAR(16) NOT NULL PRIMARY KEY,   -- 'USDT/GHS'
  rate        DECIMAL(24,8) NOT NULL,
  updated_at  DATETIME(6) NOT NULL,
  source      VARCHAR(64) NOT NULL,
  CONSTRAINT ck_fx_rates_positive CHECK (rate > 0)
) ENGINE=InnoDB DEFAULT CHARSET=ascii COLLATE=ascii_bin;

-- A priced offer, redeemable once before expires_at by its owner: a wallet
-- user (api 'wallet') or a partner (api 'partner').
CREATE TABLE quotes (
  id              VARCHAR(40) NOT NULL PRIMARY KEY,
  api             ENUM('wallet','partner') NOT NULL,
  user_id         BIGINT UNSIGNED NULL,
  partner_id      BIGINT UNSIGNED NULL,
  from_currency   VARCHAR(8) NOT NULL,
  to_currency     CHAR(3) NOT NULL,
  amount          DECIMAL(36,18) NOT NULL,
  rate            DECIMAL(24,8) NOT NULL,
  fee_percent     DECIMAL(6,2) NOT NULL,
  gross_amount    DECIMAL(30,2) NOT NULL,
  fee             DECIMAL(30,2) NOT NULL,
  receive_amount  DECIMAL(30,2) NOT NULL,
  created_at      DATETIME(6) NOT NULL,
  expires_at      DATETIME(6) NOT NULL,
  used_at         DATETIME(6) NULL,
  KEY ix_quotes_expires (expires_at),
  KEY ix_quotes_user (user_id),
  KEY ix_quotes_partner (partner_id),
  CONSTRAINT fk_quotes_user FOREIGN KEY (user_id) REFERENCES users (id),
  CONSTRAINT fk_quotes_partner FOREIGN KEY (partner_id) REFERENCES partners (id),
  CONSTRAINT ck_quotes_owner CHECK ((api = 'wallet' AND user_id IS NOT NULL AND partner_id IS NULL)
                                 OR (api = 'partner' AND partner_id IS NOT NULL AND user_id IS NULL)),
  CONSTRAINT ck_quotes_amounts CHECK (amount > 0 AND receive_amount > 0 AND fee >= 0
                                      AND gross_amount = fee + receive_amount),
  CONSTRAINT ck_quotes_expiry CHECK (expires_at > created_at)
) ENGINE=InnoDB DEFAULT CHARSET=ascii COLLATE=ascii_bin;

-- Per caller and category: a window opens at the first request and lasts
-- window_seconds; hits counts requests in it. The expire worker deletes
-- rows whose window has closed.
CREATE TABLE rate_counters (
  subject         VARCHAR(40) NOT NULL,   -- 'u:<user id>' or 'p:<partner id>'
  category        VARCHAR(24) NOT NULL,
  window_start    BIGINT UNSIGNED NOT NULL,   -- Unix seconds
  window_seconds  INT UNSIGNED NOT NULL,
  hits            BIGINT UNSIGNED NOT NULL,
  PRIMARY KEY (subject, category),
  KEY ix_rate_counters_end (window_start)
) ENGINE=InnoDB DEFAULT CHARSET=ascii COLLATE=ascii_bin;
