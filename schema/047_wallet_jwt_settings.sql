-- The wallet API's JWT verification settings as the wallet developer set
-- them in its dashboard (issue 36; docs/console.md, "The wallet developer
-- dashboard"): the issuer and audience a token must name and the URL of
-- the wallet-login provider's JWKS. One row (id 1); a column NULL leaves
-- the config's value (jwt.issuer, jwt.audience, jwt.jwks_url) in force.
-- The web servers read it again within a few seconds (http/auth.c).
CREATE TABLE IF NOT EXISTS wallet_jwt_settings (
  id          TINYINT UNSIGNED NOT NULL PRIMARY KEY,
  issuer      VARCHAR(255) NULL,
  audience    VARCHAR(255) NULL,
  jwks_url    VARCHAR(512) NULL,
  updated_by  BIGINT UNSIGNED NULL,
  updated_at  DATETIME(6) NOT NULL DEFAULT UTC_TIMESTAMP(6),
  CONSTRAINT ck_wallet_jwt_one CHECK (id = 1)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
