-- Signed partner requests (issue 24, item 5; decision 63): an API key may
-- require HTTP Message Signatures (RFC 9421) on every request it makes
-- (`cediramp-admin partner key-policy KEY_ID signed|unsigned`); a partner
-- registers the public keys it signs with (`partner sigkey add`), each
-- named by the keyid its signatures carry; and every accepted signature's
-- hash is kept until its window has passed, so a replay is refused by the
-- primary key on every web server and Galera node alike.
ALTER TABLE api_keys
  ADD COLUMN signature_required TINYINT(1) NOT NULL DEFAULT 0,
  ADD CONSTRAINT ck_api_keys_signature_required CHECK (signature_required IN (0, 1));

CREATE TABLE partner_signing_keys (
  id             BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  partner_id     BIGINT UNSIGNED NOT NULL,
  keyid          VARCHAR(64) NOT NULL,
  alg            ENUM('ed25519','ecdsa-p256-sha256') NOT NULL,
  public_key_pem VARCHAR(1024) NOT NULL,
  created_at     DATETIME(6) NOT NULL DEFAULT UTC_TIMESTAMP(6),
  UNIQUE KEY uq_partner_signing_keys (partner_id, keyid),
  CONSTRAINT ck_partner_signing_keys_keyid CHECK (keyid REGEXP '^[A-Za-z0-9._:-]{1,64}$'),
  CONSTRAINT fk_partner_signing_keys_partner FOREIGN KEY (partner_id) REFERENCES partners (id)
) ENGINE=InnoDB DEFAULT CHARSET=ascii COLLATE=ascii_bin;

-- One row per accepted signature: the SHA-256 of its signature base (which
-- holds the signature parameters, so created, keyid and any nonce) under
-- the partner; expires_at (Unix seconds) is created plus the window, after
-- which the expire worker deletes it (the signature is refused as expired
-- by then anyway).
CREATE TABLE request_signatures (
  partner_id  BIGINT UNSIGNED NOT NULL,
  base_sha256 CHAR(64) NOT NULL,
  expires_at  BIGINT NOT NULL,
  PRIMARY KEY (partner_id, base_sha256),
  KEY ix_request_signatures_expires (expires_at)
) ENGINE=InnoDB DEFAULT CHARSET=ascii COLLATE=ascii_bin;
