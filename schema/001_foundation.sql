-- Foundation: wallet users, partners and their API keys, simulator settings.

CREATE TABLE users (
  id          BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  wallet_id   VARCHAR(128) NOT NULL,
  tier        ENUM('none','basic','verified','enterprise') NOT NULL,
  created_at  DATETIME(6) NOT NULL DEFAULT UTC_TIMESTAMP(6),
  UNIQUE KEY uq_users_wallet (wallet_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

CREATE TABLE partners (
  id          BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  public_id   VARCHAR(40) NOT NULL,
  name        VARCHAR(200) NOT NULL,
  tier        ENUM('basic','verified','enterprise') NOT NULL,
  environment ENUM('sandbox','production') NOT NULL,
  created_at  DATETIME(6) NOT NULL DEFAULT UTC_TIMESTAMP(6),
  UNIQUE KEY uq_partners_public (public_id),
  CONSTRAINT ck_partners_name CHECK (CHAR_LENGTH(name) > 0)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- Only the SHA-256 of a key is stored; key_id is the non-secret lookup part.
CREATE TABLE api_keys (
  id           BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  key_id       CHAR(16) NOT NULL,
  partner_id   BIGINT UNSIGNED NOT NULL,
  key_hash     CHAR(64) NOT NULL,
  environment  ENUM('sandbox','production') NOT NULL,
  created_at   DATETIME(6) NOT NULL DEFAULT UTC_TIMESTAMP(6),
  last_used_at DATETIME NULL,
  revoked_at   DATETIME(6) NULL,
  UNIQUE KEY uq_api_keys_key_id (key_id),
  UNIQUE KEY uq_api_keys_hash (key_hash),
  CONSTRAINT fk_api_keys_partner FOREIGN KEY (partner_id) REFERENCES partners (id)
) ENGINE=InnoDB DEFAULT CHARSET=ascii COLLATE=ascii_bin;

-- Sandbox simulator knobs (for example momo.health = down).
CREATE TABLE sim_settings (
  name   VARCHAR(64) NOT NULL PRIMARY KEY,
  value  VARCHAR(255) NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
