-- Payment intents (issue 11; docs/decisions.md, decisions 12, 24): a partner asks a
-- payer to approve a mobile money payment (the network's request-to-pay);
-- the collected cedis, less the collection fee, credit the partner's GHS
-- balance.
--
-- The create transaction writes the row, its request-to-pay reference
-- fixed before the provider is called, and payment_intent.pending_approval.
-- Each later transition (approved, completed, rejected, cancelled, expired,
-- failed) is one UPDATE ... WHERE status = <the state it leaves>, with its
-- event and, for completed, the ledger credit, in one transaction: a
-- transition happens once, and of two racing ones exactly one wins.
CREATE TABLE payment_intents (
  id               VARCHAR(40) NOT NULL PRIMARY KEY,        -- 'pi_...'
  partner_id       BIGINT UNSIGNED NOT NULL,
  reference_id     VARCHAR(100) NOT NULL,                   -- the partner's
  request_hash     CHAR(64) NOT NULL,                       -- SHA-256 of the request's meaning
  amount           DECIMAL(30,2) NOT NULL,                  -- GHS the payer pays
  currency         CHAR(3) NOT NULL,
  fee              DECIMAL(30,2) NOT NULL,                  -- fixed at creation
  net_amount       DECIMAL(30,2) NOT NULL,                  -- amount - fee: the partner's credit
  payer_phone      CHAR(13) NOT NULL,
  mobile_network   VARCHAR(16) NOT NULL,
  description      VARCHAR(255) NULL,
  metadata         TEXT NULL,                               -- JSON object, as given
  status           ENUM('pending_approval','approved','completed','rejected',
                        'cancelled','expired','failed') NOT NULL,
  provider_ref     CHAR(36) NOT NULL,                       -- the request-to-pay's X-Reference-Id
  sends            INT UNSIGNED NOT NULL DEFAULT 0,         -- request-to-pay POSTs made
  failure_reason   VARCHAR(200) NULL,
  expires_at       DATETIME(6) NOT NULL,
  late             TINYINT(1) NOT NULL DEFAULT 0,           -- collected after expires_at
  created_at       DATETIME(6) NOT NULL,
  updated_at       DATETIME(6) NOT NULL,
  approved_at      DATETIME(6) NULL,
  completed_at     DATETIME(6) NULL,
  next_check_at    DATETIME(6) NULL,                        -- open: when the worker asks again
  lease_until      DATETIME(6) NULL,
  UNIQUE KEY uq_intent_reference (partner_id, reference_id),
  UNIQUE KEY uq_intent_provider_ref (provider_ref),
  KEY ix_intent_partner_created (partner_id, created_at),
  KEY ix_intent_due (status, next_check_at),
  KEY ix_intent_expiry (status, expires_at),
  CONSTRAINT fk_intent_partner FOREIGN KEY (partner_id) REFERENCES partners (id),
  CONSTRAINT ck_intent_amounts CHECK (amount > 0 AND fee >= 0 AND net_amount = amount - fee),
  CONSTRAINT ck_intent_currency CHECK (currency = 'GHS'),
  CONSTRAINT ck_intent_completed CHECK ((status = 'completed') = (completed_at IS NOT NULL)),
  CONSTRAINT ck_intent_approved CHECK (status NOT IN ('approved','completed','failed') OR approved_at IS NOT NULL),
  CONSTRAINT ck_intent_failed CHECK (status <> 'failed' OR failure_reason IS NOT NULL),
  CONSTRAINT ck_intent_open CHECK ((status IN ('pending_approval','approved')) = (next_check_at IS NOT NULL))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- The simulator's request-to-pay for a number ending in 302 is approved
-- (SUCCESSFUL) once, then its settlement fails: it counts the SUCCESSFUL
-- answers it gave.
ALTER TABLE sim_momo_transfers ADD COLUMN success_reads INT UNSIGNED NOT NULL DEFAULT 0;

-- The webhooks worker sends a resource's events to an endpoint in the
-- order they happened: it looks up a resource's earlier events by ref_id.
ALTER TABLE outbox_events ADD KEY IF NOT EXISTS ix_outbox_ref (ref_id);
