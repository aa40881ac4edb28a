-- Deposit addresses are proven, not merely claimed (issue 34, item 5;
-- docs/security.md, "Deposit addresses are proven").
--
-- `cediramp-admin partner wallet challenge PARTNER_ID 0xADDR` stores a
-- nonce here and prints an EIP-191 message naming the partner, the
-- address, the chain id, the nonce and the expiry (an hour on). `partner
-- wallet add ... --signature 0x...` registers the address only when the
-- signature over one live challenge recovers to it, and uses that
-- challenge up in the same transaction.
CREATE TABLE partner_wallet_challenges (
  nonce       CHAR(32) NOT NULL PRIMARY KEY,       -- 16 random bytes, hex
  partner_id  BIGINT UNSIGNED NOT NULL,
  address     CHAR(42) NOT NULL,                   -- lowercase 0x...
  chain_id    BIGINT UNSIGNED NOT NULL,
  created_at  DATETIME NOT NULL,
  expires_at  DATETIME NOT NULL,                   -- whole seconds: the message shows them
  used_at     DATETIME(6) NULL,
  KEY ix_wallet_challenges_live (partner_id, address, chain_id, expires_at),
  CONSTRAINT fk_wallet_challenges_partner FOREIGN KEY (partner_id) REFERENCES partners (id),
  CONSTRAINT ck_wallet_challenges_expiry CHECK (expires_at > created_at)
) ENGINE=InnoDB DEFAULT CHARSET=ascii COLLATE=ascii_bin;
