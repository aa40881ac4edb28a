-- The signer's policy reads, before each signature (domain/signing.c):
-- the signatures of the last minute (signer.max_signatures_per_minute)
-- and a coin's moves of the last day (signer.cap_24h.<ASSET>). Both grow
-- with the traffic they bound, so each is answered from an index alone,
-- never from the rows (make bench's signer rows: with the rows read, the
-- thousandth signature of a minute cost several times the first).
ALTER TABLE signer_journal ADD INDEX IF NOT EXISTS ix_signer_journal_decision_at (decision, at);
ALTER TABLE chain_sends ADD INDEX IF NOT EXISTS ix_chain_sends_asset_day (asset, created_at, purpose, amount);
ALTER TABLE chain_sends DROP INDEX IF EXISTS ix_chain_sends_asset_created;
