-- Payouts needing a person (issue 37; docs/console.md, "Back office"):
-- what the back office shows of a payout besides its own row.
--
-- payout_calls: each call the service made to a provider about a payout
-- (its transfer, each status read), when it started, how long it took,
-- and how the adapter read the answer: the payout's page shows them
-- beside its timeline. A row is written after the call returns, outside
-- the payout's transactions; a row that cannot be written is logged and
-- the payout goes on (the call is in the log and the metrics as well).
-- Nothing secret is kept: the operation, the adapter's result word, the
-- state it read and the provider's reason, clipped.
CREATE TABLE IF NOT EXISTS payout_calls (
  id          BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  payout_id   VARCHAR(40) NOT NULL,
  operation   VARCHAR(24) NOT NULL,          -- transfer, transfer_status
  started_at  DATETIME(6) NOT NULL,
  latency_ms  INT UNSIGNED NOT NULL,
  result      VARCHAR(16) NOT NULL,          -- ok, not_found, refused, duplicate,
                                             -- unavailable, timeout, in_doubt
  state       VARCHAR(16) NULL,              -- a status read: pending, successful, failed
  detail      VARCHAR(200) NULL,             -- the provider's reason, as read
  request_id  VARCHAR(64) NULL,              -- the API request that made it (X-Request-Id)
  KEY ix_payout_calls_payout (payout_id, id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- payout_float_refusals: each payout a float could not cover. A request
-- refused 409 INSUFFICIENT_LIQUIDITY left no payout behind (its
-- transaction rolled back), so the refusal is written here after it,
-- naming who asked; a wallet payout started later from its conversion
-- fails instead, and its payout is named.
CREATE TABLE IF NOT EXISTS payout_float_refusals (
  id          BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  network     VARCHAR(16) NOT NULL,
  amount      DECIMAL(30,2) NOT NULL,        -- GHS the payout needed
  owner_kind  VARCHAR(16) NOT NULL,          -- partner (a withdrawal), user (a wallet payout)
  owner_id    VARCHAR(140) NOT NULL,         -- the partner's or the wallet's public id
                                             -- (a failed payout's: its user's row id; the
                                             -- list shows its wallet)
  payout_id   VARCHAR(40) NULL,              -- the failed payout, when one was made
  refused_at  DATETIME(6) NOT NULL,
  request_id  VARCHAR(64) NULL,
  KEY ix_payout_float_refusals_at (refused_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
