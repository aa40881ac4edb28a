-- Wallet payouts: verified beneficiaries, payouts with the provider
-- reference fixed before any provider call, and the outbox of events that
-- every state change writes in its own transaction (the webhooks worker
-- delivers them).

CREATE TABLE beneficiaries (
  id            VARCHAR(40) NOT NULL PRIMARY KEY,        -- 'bn_...'
  user_id       BIGINT UNSIGNED NOT NULL,
  provider      VARCHAR(16) NOT NULL,                    -- MTN, TELECEL, AIRTELTIGO
  phone         CHAR(13) NOT NULL,                       -- E.164 +233XXXXXXXXX
  account_name  VARCHAR(200) NOT NULL,                   -- as the caller sent it
  country       CHAR(2) NOT NULL,
  currency      CHAR(3) NOT NULL,
  created_at    DATETIME(6) NOT NULL,
  UNIQUE KEY uq_beneficiaries_user_phone (user_id, provider, phone),
  KEY ix_beneficiaries_user_page (user_id, created_at, id),
  CONSTRAINT fk_beneficiaries_user FOREIGN KEY (user_id) REFERENCES users (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

CREATE TABLE payouts (
  id                 VARCHAR(40) NOT NULL PRIMARY KEY,   -- 'po_...'
  user_id            BIGINT UNSIGNED NOT NULL,
  beneficiary_id     VARCHAR(40) NOT NULL,
  provider           VARCHAR(16) NOT NULL,
  phone              CHAR(13) NOT NULL,
  account_name       VARCHAR(200) NOT NULL,
  amount             DECIMAL(30,2) NOT NULL,             -- what the recipient gets
  fee                DECIMAL(30,2) NOT NULL,             -- charged on top
  currency           CHAR(3) NOT NULL,
  reference          VARCHAR(100) NULL,                  -- the client's
  provider_ref       CHAR(36) NOT NULL,                  -- X-Reference-Id, fixed first
  status             ENUM('pending','processing','completed','failed') NOT NULL,
  failure_reason     VARCHAR(200) NULL,
  sends              INT UNSIGNED NOT NULL DEFAULT 0,    -- how often the reference went out
  created_at         DATETIME(6) NOT NULL,
  processing_at      DATETIME(6) NULL,
  completed_at       DATETIME(6) NULL,                   -- completed or failed
  next_check_at      DATETIME(6) NOT NULL,               -- the worker's backoff
  checks             INT UNSIGNED NOT NULL DEFAULT 0,
  lease_until        DATETIME(6) NULL,
  UNIQUE KEY uq_payouts_provider_ref (provider_ref),
  KEY ix_payouts_user_page (user_id, created_at, id),
  KEY ix_payouts_claim (status, next_check_at),
  CONSTRAINT fk_payouts_user FOREIGN KEY (user_id) REFERENCES users (id),
  CONSTRAINT fk_payouts_beneficiary FOREIGN KEY (beneficiary_id) REFERENCES beneficiaries (id),
  CONSTRAINT ck_payouts_amounts CHECK (amount > 0 AND fee >= 0),
  CONSTRAINT ck_payouts_final CHECK ((status IN ('completed','failed')) = (completed_at IS NOT NULL)),
  CONSTRAINT ck_payouts_reason CHECK ((status = 'failed') = (failure_reason IS NOT NULL))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- Events to deliver, written with the state change they announce.
CREATE TABLE outbox_events (
  id            VARCHAR(40) NOT NULL PRIMARY KEY,        -- 'evt_...'
  type          VARCHAR(40) NOT NULL,                    -- 'payout.completed'
  subject_kind  ENUM('user','partner') NOT NULL,
  subject_id    BIGINT UNSIGNED NOT NULL,
  ref_id        VARCHAR(40) NOT NULL,                    -- 'po_...'
  payload       MEDIUMTEXT NOT NULL,                     -- the event's data, JSON
  created_at    DATETIME(6) NOT NULL,
  UNIQUE KEY uq_outbox_event (type, ref_id),             -- one event per transition
  KEY ix_outbox_created (created_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
