-- The console's two-factor sign-in (issue 36; docs/console.md, "Two-factor").
-- A user's TOTP secret is sealed (AES-256-GCM under the webhooks'
-- encryption key, bound to the user and the key id: totp_key_id) and kept
-- as hex; totp_enabled once a first code confirmed it; totp_last_step is
-- the time step of the last code accepted: a code is accepted once.
ALTER TABLE console_users
  ADD COLUMN totp_sealed VARCHAR(255) NULL,
  ADD COLUMN totp_key_id BIGINT UNSIGNED NULL,
  ADD COLUMN totp_enabled TINYINT(1) NOT NULL DEFAULT 0,
  ADD COLUMN totp_last_step BIGINT NOT NULL DEFAULT 0;

-- The 10 recovery codes of an enrolment, each the SHA-256 of the code,
-- used once (used_at).
CREATE TABLE console_recovery_codes (
  id         BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  user_id    BIGINT UNSIGNED NOT NULL,
  code_hash  CHAR(64) NOT NULL,
  used_at    DATETIME(6) NULL,
  UNIQUE KEY uq_console_recovery_codes (user_id, code_hash),
  CONSTRAINT fk_console_recovery_codes_user FOREIGN KEY (user_id) REFERENCES console_users (id)
) ENGINE=InnoDB DEFAULT CHARSET=ascii COLLATE=ascii_bin;

-- An owner may require two-factor sign-in of every member of the partner.
ALTER TABLE partners ADD COLUMN console_require_2fa TINYINT(1) NOT NULL DEFAULT 0;
