-- The index the webhooks worker's claim forces (DB_WH_CLAIM), for a
-- database that applied an earlier 014 without it.
ALTER TABLE outbox_events ADD KEY IF NOT EXISTS ix_outbox_ref (ref_id);
