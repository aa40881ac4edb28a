-- The console (issue 36; docs/console.md): the people who sign in for a
-- partner, their sessions, and the audit log of what they did.
--
-- A console user is a person with an email (kept lower-case) and an
-- Argon2id password hash, belonging to one partner with one role. Failed
-- sign-ins count on the row: past console.signin_backoff_after of them
-- each attempt waits longer, and at console.signin_lockout the account is
-- locked (locked_at) until an operator unlocks it.
CREATE TABLE console_users (
  id              BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  public_id       VARCHAR(40) NOT NULL,
  partner_id      BIGINT UNSIGNED NOT NULL,
  email           VARCHAR(254) NOT NULL,
  role            ENUM('owner','developer','finance','viewer') NOT NULL,
  password_hash   VARCHAR(255) NOT NULL,
  failed_signins  INT UNSIGNED NOT NULL DEFAULT 0,
  last_failure_at DATETIME(6) NULL,
  locked_at       DATETIME(6) NULL,
  created_at      DATETIME(6) NOT NULL DEFAULT UTC_TIMESTAMP(6),
  UNIQUE KEY uq_console_users_public (public_id),
  UNIQUE KEY uq_console_users_email (email),
  KEY ix_console_users_partner (partner_id),
  CONSTRAINT ck_console_users_email CHECK (email = LOWER(email) AND email LIKE '%_@_%'),
  CONSTRAINT fk_console_users_partner FOREIGN KEY (partner_id) REFERENCES partners (id)
) ENGINE=InnoDB DEFAULT CHARSET=ascii COLLATE=ascii_bin;

-- A session: only the SHA-256 of its 256-bit id is stored. csrf_token is
-- given to the page that holds the session (it proves a call came from
-- that page, not from another site riding the cookie). Idle and absolute
-- limits are checked on every request against last_seen_at and created_at;
-- revoked_at ends it at once on every process (nothing caches a session).
CREATE TABLE console_sessions (
  id            BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  session_hash  CHAR(64) NOT NULL,
  user_id       BIGINT UNSIGNED NOT NULL,
  csrf_token    CHAR(43) NOT NULL,
  address       VARCHAR(64) NOT NULL,
  user_agent    VARCHAR(255) NOT NULL,
  created_at    DATETIME(6) NOT NULL DEFAULT UTC_TIMESTAMP(6),
  last_seen_at  DATETIME(6) NOT NULL DEFAULT UTC_TIMESTAMP(6),
  reauth_at     DATETIME(6) NULL,
  revoked_at    DATETIME(6) NULL,
  UNIQUE KEY uq_console_sessions_hash (session_hash),
  KEY ix_console_sessions_user (user_id, revoked_at),
  CONSTRAINT fk_console_sessions_user FOREIGN KEY (user_id) REFERENCES console_users (id)
) ENGINE=InnoDB DEFAULT CHARSET=ascii COLLATE=ascii_bin;

-- The audit log: append-only (the code has no UPDATE or DELETE of it).
-- Who (user_id; NULL for an attempt that named no known user), for which
-- partner, what (action), on which object, from where, when.
CREATE TABLE console_audit (
  id          BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  partner_id  BIGINT UNSIGNED NULL,
  user_id     BIGINT UNSIGNED NULL,
  action      VARCHAR(64) NOT NULL,
  object      VARCHAR(128) NOT NULL DEFAULT '',
  address     VARCHAR(64) NOT NULL,
  user_agent  VARCHAR(255) NOT NULL,
  created_at  DATETIME(6) NOT NULL DEFAULT UTC_TIMESTAMP(6),
  KEY ix_console_audit_partner (partner_id, id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
