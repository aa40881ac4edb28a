-- The payout float (docs/decisions.md, decision 20): the GHS each network's
-- disbursement account holds at the provider. Payouts draw it down (the
-- amount the recipient gets) in the transaction that holds the payout; a
-- refused or failed payout restores it in the transaction of its refund;
-- operators top it up under a unique reference (cediramp-admin float add).
--
-- A network without a row has its environment's default: 0 and limited in
-- production (nothing is paid until an operator tops it up), unlimited in
-- the sandbox (until `sim set momo.<NET>.float AMOUNT`). The float is not
-- in the ledger: it is the provider's money on our account there, not a
-- balance we owe anyone, and the ledger's house accounts may go negative
-- while a float must not (the CHECK below).

CREATE TABLE payout_floats (
  network     VARCHAR(16) NOT NULL PRIMARY KEY,           -- MTN, TELECEL, AIRTELTIGO
  balance     DECIMAL(30,2) NOT NULL DEFAULT 0,
  unlimited   TINYINT(1) NOT NULL DEFAULT 0,              -- 1: never short (sandbox)
  updated_at  DATETIME(6) NOT NULL,
  CONSTRAINT ck_payout_floats_balance CHECK (balance >= 0),
  CONSTRAINT ck_payout_floats_unlimited CHECK (unlimited IN (0, 1)),
  CONSTRAINT ck_payout_floats_network CHECK (network IN ('MTN', 'TELECEL', 'AIRTELTIGO'))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- Every change of a limited float: top-ups (unique reference), draws and
-- restores (one of each per payout: a payout restores only what it drew,
-- and only once).
CREATE TABLE payout_float_moves (
  id          BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  network     VARCHAR(16) NOT NULL,
  kind        ENUM('topup', 'draw', 'restore') NOT NULL,
  amount      DECIMAL(30,2) NOT NULL,
  payout_id   VARCHAR(40) NULL,                           -- draw, restore
  reference   VARCHAR(100) NULL,                          -- topup: the operator's
  created_at  DATETIME(6) NOT NULL,
  UNIQUE KEY uq_payout_float_moves_payout (payout_id, kind),
  UNIQUE KEY uq_payout_float_moves_reference (reference),
  KEY ix_payout_float_moves_network (network, created_at),
  CONSTRAINT ck_payout_float_moves_amount CHECK (amount > 0),
  CONSTRAINT ck_payout_float_moves_refs CHECK (
    (kind = 'topup') = (reference IS NOT NULL) AND
    (kind IN ('draw', 'restore')) = (payout_id IS NOT NULL))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
