-- Webhook endpoint secrets at rest, and their rotation (issue 24; docs/webhooks.md,
-- docs/decisions.md, decision 62).
--
-- A secret is sealed by lib/domain/webhook_secret.c with AES-256-GCM under
-- webhooks.encryption_key, which never reaches the database: the bytes are
-- iv (12) || tag (16) || ciphertext, with the endpoint's public id as
-- associated data, so sealed bytes moved to another row no longer open.
-- Beside them, the id of the key that sealed them (webhooks.encryption_key_id)
-- lets a new key be brought in while the old one still opens the rows it
-- sealed.
--
-- The plaintext column stays only until `cediramp-admin migrate` has sealed
-- what this file leaves in it (it runs right after the files); no code reads
-- it otherwise, and a row holds either it or the sealed secret, never both.
--
-- POST /v1/webhooks/{id}/rotate-secret makes the current secret the previous
-- one, valid until previous_secret_expires_at: deliveries carry a signature
-- with each until then.
ALTER TABLE webhook_endpoints
  MODIFY secret VARCHAR(256) NULL,
  ADD COLUMN secret_sealed VARBINARY(300) NULL AFTER secret,
  ADD COLUMN secret_key_id SMALLINT UNSIGNED NULL AFTER secret_sealed,
  ADD COLUMN previous_secret_sealed VARBINARY(300) NULL AFTER secret_key_id,
  ADD COLUMN previous_secret_key_id SMALLINT UNSIGNED NULL AFTER previous_secret_sealed,
  ADD COLUMN previous_secret_expires_at DATETIME(6) NULL AFTER previous_secret_key_id,
  -- the plaintext or the sealed secret, never both, never neither
  ADD CONSTRAINT ck_webhook_secret_one CHECK ((secret IS NULL) <> (secret_sealed IS NULL)),
  ADD CONSTRAINT ck_webhook_secret_sealed CHECK (secret_sealed IS NULL OR
    (OCTET_LENGTH(secret_sealed) > 28 AND secret_key_id IS NOT NULL)),
  -- a previous secret comes whole: sealed bytes, key id, expiry
  ADD CONSTRAINT ck_webhook_previous CHECK (
    (previous_secret_sealed IS NULL AND previous_secret_key_id IS NULL AND
      previous_secret_expires_at IS NULL) OR
    (OCTET_LENGTH(previous_secret_sealed) > 28 AND previous_secret_key_id IS NOT NULL AND
      previous_secret_expires_at IS NOT NULL));
