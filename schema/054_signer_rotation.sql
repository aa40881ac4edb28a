-- Key rotation (issue 38, item 4; docs/operations.md "Rotating the
-- operator's key"): `cediramp-admin signer rotate` asks cediramp-signer
-- for a new operator key, and the signer walks the rotation through its
-- steps, each written here before the next is taken, so that a signer
-- killed at any point carries on where it stopped:
--
--   requested  the row; the new key not made yet
--   funding    the new key made (its address here); half the old key's
--              gas sent to it
--   adding     the owner's setOperator(new, true) sent
--   draining   the new key signs every new move; the old key's sends
--              still in flight finish (replaced by the old key if stuck)
--   removing   the owner's setOperator(old, false) sent
--   sweeping   the rest of the old key's gas sent to the new key
--   done       (or failed, with the reason)
--
-- At most one rotation of a chain is open at a time (open_chain).
CREATE TABLE IF NOT EXISTS signer_rotations (
  id            BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  chain_id      BIGINT UNSIGNED NOT NULL,
  old_address   CHAR(42) NOT NULL,
  new_address   CHAR(42) NULL,
  key_name      VARCHAR(64) NOT NULL,   -- the new key's file name or token label
  step          ENUM('requested','funding','adding','draining','removing','sweeping',
                     'done','failed') NOT NULL,
  reason        VARCHAR(240) NULL,
  requested_by  INT UNSIGNED NOT NULL,  -- the uid that asked (SO_PEERCRED)
  created_at    DATETIME(6) NOT NULL,
  updated_at    DATETIME(6) NOT NULL,
  open_chain    BIGINT UNSIGNED AS (IF(step IN ('done','failed'), NULL, chain_id)) PERSISTENT,
  UNIQUE KEY ux_signer_rotations_open (open_chain)
) ENGINE=InnoDB DEFAULT CHARSET=ascii COLLATE=ascii_bin;

-- A rotation's own transactions, one per step that sends one: stored
-- (signed, with its nonce) before it is broadcast, broadcast again with
-- the same bytes until mined, as every send is.
CREATE TABLE IF NOT EXISTS signer_rotation_txs (
  rotation_id   BIGINT UNSIGNED NOT NULL,
  step          ENUM('funding','adding','removing','sweeping') NOT NULL,
  sender        CHAR(42) NOT NULL,
  nonce         BIGINT UNSIGNED NOT NULL,
  tx_hash       CHAR(66) NOT NULL,
  raw           MEDIUMTEXT NOT NULL,
  value_wei     DECIMAL(65,0) NOT NULL,  -- ether moved (funding, sweeping)
  status        ENUM('sent','confirmed','failed') NOT NULL,
  created_at    DATETIME(6) NOT NULL,
  settled_at    DATETIME(6) NULL,
  PRIMARY KEY (rotation_id, step)
) ENGINE=InnoDB DEFAULT CHARSET=ascii COLLATE=ascii_bin;
