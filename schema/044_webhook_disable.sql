-- An endpoint disabled by its owner (the console's Webhooks page; issue
-- 36): live still (listed, its log readable, enabled again at will), but
-- no event fans out to it and a redelivery skips it; disabling fails its
-- pending deliveries, as a delete does. NULL: enabled.
ALTER TABLE webhook_endpoints
  ADD COLUMN IF NOT EXISTS disabled_at DATETIME(6) NULL AFTER deleted_at;
