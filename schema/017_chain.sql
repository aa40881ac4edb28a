-- The real chain (docs/decisions.md, decision 27): the service's own transactions,
-- stored before they are broadcast, the operator's nonces, and partners'
-- deposits read from the chain.

-- The next nonce of each signing address, per chain. The transaction that
-- stores a signed move takes its nonce here under the row's lock, so two
-- processes on two hosts never sign one nonce for two different moves.
CREATE TABLE chain_nonces (
  chain_id    BIGINT UNSIGNED NOT NULL,
  address     CHAR(42) NOT NULL,                   -- lowercase 0x...
  next_nonce  BIGINT UNSIGNED NOT NULL,
  PRIMARY KEY (chain_id, address)
) ENGINE=InnoDB DEFAULT CHARSET=ascii COLLATE=ascii_bin;

-- One move on chain: a conversion's or a withdrawal's gateway call, or a
-- sandbox mint. Written in the same transaction as what it moves for,
-- before it is broadcast; broadcast again (the same bytes) until it is
-- mined; replaced (same nonce, higher fees) when stuck; final once its
-- receipt has the confirmations.
CREATE TABLE chain_sends (
  ref_id            VARCHAR(40) NOT NULL PRIMARY KEY,  -- 'cv_', 'wd_', 'mn_'
  purpose           ENUM('conversion','withdrawal','mint') NOT NULL,
  chain_id          BIGINT UNSIGNED NOT NULL,          -- 0: the simulator
  sender            CHAR(42) NULL,                     -- NULL: no nonces (simulator)
  nonce             BIGINT UNSIGNED NULL,
  wallet            VARCHAR(128) NOT NULL,             -- whose coins (mint: who gets them)
  asset             VARCHAR(8) NOT NULL,
  amount            DECIMAL(36,18) NOT NULL,
  tx_hash           CHAR(66) NOT NULL,                 -- the newest signed attempt
  attempts          INT UNSIGNED NOT NULL DEFAULT 1,
  broadcasts        INT UNSIGNED NOT NULL DEFAULT 0,
  status            ENUM('sent','confirmed','failed') NOT NULL DEFAULT 'sent',
  mined_hash        CHAR(66) NULL,                     -- the attempt last seen mined
  mined_block       BIGINT UNSIGNED NULL,
  mined_block_hash  CHAR(66) NULL,
  failure_reason    VARCHAR(200) NULL,
  signed_at         DATETIME(6) NOT NULL,              -- of the newest attempt
  next_check_at     DATETIME(6) NOT NULL,
  lease_until       DATETIME(6) NULL,
  created_at        DATETIME(6) NOT NULL,
  settled_at        DATETIME(6) NULL,
  UNIQUE KEY uq_chain_sends_nonce (chain_id, sender, nonce),
  UNIQUE KEY uq_chain_sends_tx_hash (tx_hash),
  KEY ix_chain_sends_claim (status, purpose, next_check_at),
  CONSTRAINT ck_chain_sends_nonce CHECK ((sender IS NULL) = (nonce IS NULL)),
  CONSTRAINT ck_chain_sends_final CHECK ((status = 'sent') = (settled_at IS NULL)),
  CONSTRAINT ck_chain_sends_failed CHECK ((status = 'failed') = (failure_reason IS NOT NULL))
) ENGINE=InnoDB DEFAULT CHARSET=ascii COLLATE=ascii_bin;

-- Every signed attempt of a move: the first, then each replacement. Only
-- one of them can ever be mined (they share the nonce), and the gateway
-- refuses a second conversion with the same id.
CREATE TABLE chain_txs (
  tx_hash           CHAR(66) NOT NULL PRIMARY KEY,
  ref_id            VARCHAR(40) NOT NULL,
  attempt           INT UNSIGNED NOT NULL,             -- 1, 2, ...
  raw               MEDIUMTEXT NOT NULL,               -- 0x + signed bytes ('' for the simulator)
  gas_limit         BIGINT UNSIGNED NOT NULL,
  max_fee_wei       BIGINT UNSIGNED NOT NULL,
  priority_fee_wei  BIGINT UNSIGNED NOT NULL,
  created_at        DATETIME(6) NOT NULL,
  UNIQUE KEY uq_chain_txs_attempt (ref_id, attempt),
  CONSTRAINT fk_chain_txs_send FOREIGN KEY (ref_id) REFERENCES chain_sends (ref_id)
    ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=ascii COLLATE=ascii_bin;

-- A withdrawal's transaction is signed by the worker that first sends it:
-- its hash is unknown until then.
ALTER TABLE withdrawals MODIFY tx_hash CHAR(66) NULL;

-- The addresses a partner sends deposits from. An address belongs to one
-- partner (the same on every EVM chain).
CREATE TABLE partner_wallets (
  address     CHAR(42) NOT NULL PRIMARY KEY,           -- lowercase 0x...
  partner_id  BIGINT UNSIGNED NOT NULL,
  created_at  DATETIME(6) NOT NULL,
  KEY ix_partner_wallets_partner (partner_id),
  CONSTRAINT fk_partner_wallets_partner FOREIGN KEY (partner_id) REFERENCES partners (id)
) ENGINE=InnoDB DEFAULT CHARSET=ascii COLLATE=ascii_bin;

-- Every block the deposits worker finished, with its hash: a block whose
-- hash changed is a reorg, and the scan goes back to where they agree.
CREATE TABLE chain_blocks (
  chain_id     BIGINT UNSIGNED NOT NULL,
  number       BIGINT UNSIGNED NOT NULL,
  hash         CHAR(66) NOT NULL,
  finished_at  DATETIME(6) NOT NULL,
  PRIMARY KEY (chain_id, number)
) ENGINE=InnoDB DEFAULT CHARSET=ascii COLLATE=ascii_bin;

-- Transfers of a configured token to the custody address. UNIQUE (chain,
-- transaction, log): one log is credited once, however often it is seen.
-- credited: to partner_id (its partner_deposits row under reference);
-- unmatched: from an address no partner registered (or an asset partners
-- do not hold, or an amount finer than the asset's places): an operator
-- assigns it with `cediramp-admin partner credit ... --reference REF`;
-- assigned: that done; reversed: a reorg removed its block after it was
-- credited, and the credit was taken back (a re-mined log is credited
-- again: credits counts how often); unreversible: the reversal could not
-- be taken from the partner's balance (an operator's case).
CREATE TABLE chain_deposits (
  id            VARCHAR(40) NOT NULL PRIMARY KEY,      -- 'cd_...'
  chain_id      BIGINT UNSIGNED NOT NULL,
  tx_hash       CHAR(66) NOT NULL,
  log_index     BIGINT UNSIGNED NOT NULL,
  block_number  BIGINT UNSIGNED NOT NULL,
  block_hash    CHAR(66) NOT NULL,
  token         CHAR(42) NOT NULL,
  asset         VARCHAR(8) NOT NULL,
  sender        CHAR(42) NOT NULL,
  units         VARCHAR(80) NOT NULL,                  -- base units, as sent
  amount        DECIMAL(36,18) NULL,                   -- NULL: not exact at the asset's places
  status        ENUM('credited','unmatched','assigned','reversed','unreversible') NOT NULL,
  partner_id    BIGINT UNSIGNED NULL,
  reference     VARCHAR(100) NOT NULL,                 -- the partner_deposits reference it credits under
  credits       INT UNSIGNED NOT NULL DEFAULT 0,
  note          VARCHAR(200) NULL,
  created_at    DATETIME(6) NOT NULL,
  updated_at    DATETIME(6) NOT NULL,
  UNIQUE KEY uq_chain_deposits_log (chain_id, tx_hash, log_index),
  UNIQUE KEY uq_chain_deposits_reference (reference),
  KEY ix_chain_deposits_block (chain_id, block_number),
  KEY ix_chain_deposits_status (status, created_at)
) ENGINE=InnoDB DEFAULT CHARSET=ascii COLLATE=ascii_bin;

ALTER TABLE partner_deposits
  MODIFY source ENUM('seed','sandbox','operator','chain') NOT NULL;
