-- The console's mail (issue 36; docs/console.md, "Mail" and "Team"):
-- single-use links (invitations 72 h, password resets and unlocks 1 h),
-- members removed from a partner, and the sandbox's mail sink.
--
-- A removed member keeps its row (the audit log names it) but its email
-- is free again: the unique key is on the live email only.
ALTER TABLE console_users
  DROP INDEX uq_console_users_email,
  ADD COLUMN removed_at DATETIME(6) NULL,
  ADD COLUMN email_live VARCHAR(254) AS (IF(removed_at IS NULL, email, NULL)) PERSISTENT,
  ADD UNIQUE KEY uq_console_users_email_live (email_live);

-- A link's token: only its SHA-256 is kept, used once (used_at), before
-- expires_at. An invitation names the partner, the email and the role; a
-- reset or an unlock names the user.
CREATE TABLE console_tokens (
  id          BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  token_hash  CHAR(64) NOT NULL,
  kind        ENUM('invite','reset','unlock') NOT NULL,
  partner_id  BIGINT UNSIGNED NOT NULL,
  user_id     BIGINT UNSIGNED NULL,
  email       VARCHAR(254) NOT NULL,
  role        ENUM('owner','developer','finance','viewer') NULL,
  created_by  BIGINT UNSIGNED NULL,
  created_at  DATETIME(6) NOT NULL DEFAULT UTC_TIMESTAMP(6),
  expires_at  DATETIME(6) NOT NULL,
  used_at     DATETIME(6) NULL,
  UNIQUE KEY uq_console_tokens_hash (token_hash),
  KEY ix_console_tokens_partner (partner_id, kind),
  CONSTRAINT fk_console_tokens_partner FOREIGN KEY (partner_id) REFERENCES partners (id)
) ENGINE=InnoDB DEFAULT CHARSET=ascii COLLATE=ascii_bin;

-- What the sandbox's mail sink (cediramp-mailsink) received: the console
-- shows a partner the mail sent to its people ("Sandbox mail").
CREATE TABLE mail_sink (
  id           BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  mail_from    VARCHAR(254) NOT NULL,
  rcpt_to      VARCHAR(254) NOT NULL,
  subject      VARCHAR(255) NOT NULL,
  body         MEDIUMTEXT NOT NULL,
  received_at  DATETIME(6) NOT NULL DEFAULT UTC_TIMESTAMP(6),
  KEY ix_mail_sink_rcpt (rcpt_to, id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
