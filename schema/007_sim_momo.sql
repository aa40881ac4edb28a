-- The sandbox's mobile money simulator (lib/sandbox/sim_momo.c), which
-- serves the MTN MoMo Open API under /sim/momo/<NETWORK>: the access
-- tokens it issued, and every transfer and request to pay sent to it.

-- An issued token is valid for its network and product until expires_at.
-- Rows also count issues (tests check the adapter caches its token).
CREATE TABLE sim_momo_tokens (
  token       CHAR(48) NOT NULL PRIMARY KEY,
  network     VARCHAR(16) NOT NULL,
  product     ENUM('disbursement','collection') NOT NULL,
  issued_at   DATETIME(6) NOT NULL,
  expires_at  DATETIME(6) NOT NULL,
  KEY ix_sim_momo_tokens_issued (network, product, issued_at),
  KEY ix_sim_momo_tokens_expires (expires_at)
) ENGINE=InnoDB DEFAULT CHARSET=ascii COLLATE=ascii_bin;

-- One row per reference (X-Reference-Id) ever sent, accepted or not.
-- state: 'unaccepted' while no send of it was accepted (refused, lost
-- before recording, or the provider unreachable: a status query answers
-- 404), then 'pending' until settle_at, then final_state. A reference is
-- one transfer: body_hash (SHA-256 of the body as sent) tells a repeat
-- from another body under a reused reference. sends counts every POST
-- under the reference, refused and duplicate ones included.
CREATE TABLE sim_momo_transfers (
  reference     CHAR(36) NOT NULL PRIMARY KEY,
  network       VARCHAR(16) NOT NULL,
  kind          ENUM('transfer','rtp') NOT NULL,
  msisdn        CHAR(12) NOT NULL,
  amount        DECIMAL(20,2) NOT NULL,
  currency      CHAR(3) NOT NULL,
  external_id   VARCHAR(64) NOT NULL,
  body_hash     CHAR(64) NOT NULL,
  state         ENUM('unaccepted','pending','successful','failed') NOT NULL,
  final_state   ENUM('pending','successful','failed') NOT NULL,
  reason        VARCHAR(64) NULL,               -- the failure's code
  financial_id  CHAR(10) NOT NULL,              -- financialTransactionId
  sends         INT UNSIGNED NOT NULL DEFAULT 1,
  created_at    DATETIME(6) NOT NULL,
  accepted_at   DATETIME(6) NULL,
  settle_at     DATETIME(6) NULL,
  CONSTRAINT ck_sim_momo_transfers_sends CHECK (sends >= 1),
  CONSTRAINT ck_sim_momo_transfers_amount CHECK (amount > 0),
  CONSTRAINT ck_sim_momo_transfers_accepted CHECK
    (state = 'unaccepted' OR (accepted_at IS NOT NULL AND settle_at IS NOT NULL))
) ENGINE=InnoDB DEFAULT CHARSET=ascii COLLATE=ascii_bin;
