-- Each resource's events numbered in the order they happened
-- (docs/decisions.md, decision 29). The webhooks worker keeps one
-- resource's events in order per endpoint; it compared the deliveries'
-- AUTO_INCREMENT ids, but on a Galera cluster those interleave between
-- nodes (auto_increment_increment = the node count, offset = the node), so
-- a later event written on one node can have the smaller id. seq is 1 +
-- the highest seq of the event's ref_id, read by the insert itself
-- (DB_OUTBOX_INSERT); two writers racing for one resource collide on the
-- UNIQUE key (one server) or at certification (two nodes), and the losing
-- transaction runs again.
ALTER TABLE outbox_events ADD COLUMN seq BIGINT UNSIGNED NOT NULL DEFAULT 0 AFTER ref_id;

-- The events written so far, per resource by time (the event id breaks a
-- tie). On a cluster this is one write set of every event row: run it
-- while the workers are stopped if the table is large.
UPDATE outbox_events o
  JOIN (SELECT id, ROW_NUMBER() OVER (PARTITION BY ref_id ORDER BY created_at, id) AS n
        FROM outbox_events) r ON r.id = o.id
  SET o.seq = r.n;

-- No default from now on: every insert says where its event stands. The
-- UNIQUE key is also the index the claim forces (DB_WH_CLAIM), so the
-- ref_id index it starts with goes.
ALTER TABLE outbox_events
  ALTER COLUMN seq DROP DEFAULT,
  ADD UNIQUE KEY uq_outbox_ref_seq (ref_id, seq),
  DROP KEY IF EXISTS ix_outbox_ref;
