-- A worker's short lease on a conversion it is settling: rows are claimed
-- with SELECT ... FOR UPDATE SKIP LOCKED and leased, so two hosts running
-- the payouts worker never work the same row at once.
ALTER TABLE conversions
  ADD COLUMN lease_until DATETIME(6) NULL,
  ADD KEY ix_conversions_claim (status, lease_until);
