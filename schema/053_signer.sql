-- Custody (issue 38; docs/design.md "Custody"): cediramp-signer, the only
-- holder of the operator's key, and what it decided.
--
-- signer_journal: every request the signer answered, signed or not, in
-- order: the request as it came (its typed fields, never a key), who
-- asked (the caller's uid, read with SO_PEERCRED), the decision and why.
-- Append-only: no statement of the service updates or deletes a row
-- (store/stmt_signer.c has only the insert and the reads);
-- `cediramp-admin signer journal` reads it.
CREATE TABLE IF NOT EXISTS signer_journal (
  id           BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  at           DATETIME(6) NOT NULL,
  caller_uid   INT UNSIGNED NOT NULL,
  op           VARCHAR(16) NOT NULL,          -- convert, mint, replace, fill, status
  purpose      VARCHAR(16) NULL,              -- conversion, withdrawal, mint
  ref_id       VARCHAR(64) NULL,
  asset        VARCHAR(8) NULL,
  amount       VARCHAR(80) NULL,
  wallet       VARCHAR(64) NULL,
  decision     VARCHAR(16) NOT NULL,          -- signed, repeated, refused, bad_request,
                                              -- unavailable
  reason       VARCHAR(240) NULL,
  signer       CHAR(42) NULL,                 -- the key that signed
  nonce        BIGINT UNSIGNED NULL,
  tx_hash      CHAR(66) NULL,
  KEY ix_signer_journal_ref (ref_id),
  KEY ix_signer_journal_at (at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- A withdrawal the signer signed nothing for stays pending, held: why
-- and since when, for the operator (cleared once it is signed).
ALTER TABLE withdrawals
  ADD COLUMN IF NOT EXISTS signer_hold VARCHAR(240) NULL,
  ADD COLUMN IF NOT EXISTS signer_held_at DATETIME(6) NULL;

-- The policy's rolling 24 h cap reads what was signed of a coin lately.
ALTER TABLE chain_sends ADD INDEX IF NOT EXISTS ix_chain_sends_asset_created (asset, created_at);
