-- Webhooks (issue 10; docs/decisions.md, decisions 1-4, 25): where events go, and
-- every try at getting them there.
--
-- An event (outbox_events) is written in the transaction of the change it
-- announces; the same statement fans it out into one delivery per active
-- endpoint of its subject subscribed to its type. The webhooks worker
-- claims due deliveries (SKIP LOCKED plus a lease), sends them, and records
-- each attempt; a delivery is pending until a 2xx answer (delivered) or
-- until the retry policy's last attempt fails (failed).

-- A partner's endpoints (POST /v1/webhooks, at most 10 active), and a
-- wallet user's one endpoint (cediramp-admin user webhook). Deleting one
-- keeps its row (its delivery log stays readable) with active = 0.
CREATE TABLE webhook_endpoints (
  id            BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  public_id     VARCHAR(40) NOT NULL,                    -- 'wh_...'
  subject_kind  ENUM('user','partner') NOT NULL,
  subject_id    BIGINT UNSIGNED NOT NULL,                -- users.id or partners.id
  url           VARCHAR(2048) NOT NULL,
  events        VARCHAR(1000) NOT NULL,                  -- 'a,b,c': FIND_IN_SET
  -- the HMAC key of its signatures: needed as written to sign, so it
  -- cannot be stored hashed (never returned by any API)
  secret        VARCHAR(256) NOT NULL,
  active        TINYINT(1) NOT NULL DEFAULT 1,
  created_at    DATETIME(6) NOT NULL,
  deleted_at    DATETIME(6) NULL,
  -- 1 for a user's live endpoint, NULL otherwise: one live one per user
  user_live     TINYINT AS (IF(subject_kind = 'user' AND active = 1, 1, NULL)) PERSISTENT,
  UNIQUE KEY uq_webhook_public (public_id),
  UNIQUE KEY uq_webhook_user_live (subject_id, user_live),
  KEY ix_webhook_subject (subject_kind, subject_id, active),
  CONSTRAINT ck_webhook_active CHECK ((active = 1) = (deleted_at IS NULL))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- One event to one endpoint. attempts numbers the log; round_failures
-- counts the failures since it was written or redelivered and picks the
-- next delay from the policy.
CREATE TABLE webhook_deliveries (
  id               BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  event_id         VARCHAR(40) NOT NULL,
  endpoint_id      BIGINT UNSIGNED NOT NULL,
  status           ENUM('pending','delivered','failed') NOT NULL DEFAULT 'pending',
  attempts         INT UNSIGNED NOT NULL DEFAULT 0,
  round_failures   INT UNSIGNED NOT NULL DEFAULT 0,
  next_attempt_at  DATETIME(6) NULL,                     -- pending: when it is due
  lease_until      DATETIME(6) NULL,                     -- a worker holds it until then
  created_at       DATETIME(6) NOT NULL,
  finished_at      DATETIME(6) NULL,                     -- delivered or failed
  UNIQUE KEY uq_delivery (event_id, endpoint_id),
  KEY ix_delivery_due (status, next_attempt_at),
  KEY ix_delivery_endpoint (endpoint_id, id),
  CONSTRAINT fk_delivery_event FOREIGN KEY (event_id) REFERENCES outbox_events (id),
  CONSTRAINT fk_delivery_endpoint FOREIGN KEY (endpoint_id) REFERENCES webhook_endpoints (id),
  CONSTRAINT ck_delivery_due CHECK ((status = 'pending') = (next_attempt_at IS NOT NULL)),
  CONSTRAINT ck_delivery_final CHECK ((status = 'pending') = (finished_at IS NULL))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- Every try: the answer's status (NULL when none came) or the error.
CREATE TABLE webhook_attempts (
  delivery_id      BIGINT UNSIGNED NOT NULL,
  attempt          INT UNSIGNED NOT NULL,
  at               DATETIME(6) NOT NULL,                 -- when it was sent
  response_status  SMALLINT UNSIGNED NULL,
  duration_ms      INT UNSIGNED NOT NULL,
  error            VARCHAR(200) NULL,
  PRIMARY KEY (delivery_id, attempt),
  CONSTRAINT fk_attempt_delivery FOREIGN KEY (delivery_id) REFERENCES webhook_deliveries (id),
  CONSTRAINT ck_attempt_outcome CHECK (response_status IS NOT NULL OR error IS NOT NULL)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- The delivery log lists a partner's events newest first.
ALTER TABLE outbox_events ADD KEY ix_outbox_subject (subject_kind, subject_id, created_at);
