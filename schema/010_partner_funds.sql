-- Partners' own stablecoins (docs/decisions.md, decision 11): every credit is a deposit
-- with a unique reference, so the same deposit cannot be credited twice;
-- its ledger posting (partner.deposit) moves it from house:deposits:<CUR>
-- to partner:<id>:<CUR>.
CREATE TABLE partner_deposits (
  id          VARCHAR(40) NOT NULL PRIMARY KEY,          -- 'dp_...'
  partner_id  BIGINT UNSIGNED NOT NULL,
  currency    VARCHAR(8) NOT NULL,
  amount      DECIMAL(36,18) NOT NULL,
  reference   VARCHAR(100) NOT NULL,
  source      ENUM('seed','sandbox','operator') NOT NULL,
  created_at  DATETIME(6) NOT NULL,
  UNIQUE KEY uq_partner_deposits_reference (reference),
  KEY ix_partner_deposits_partner (partner_id, created_at),
  CONSTRAINT fk_partner_deposits_partner FOREIGN KEY (partner_id) REFERENCES partners (id),
  CONSTRAINT ck_partner_deposits_amount CHECK (amount > 0)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
