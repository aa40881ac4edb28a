-- The request an event was raised in (issue 37, logs): its X-Request-Id,
-- as every log line of that request carries it, so the delivery log can
-- lead to those lines. NULL for an event a worker raised.
ALTER TABLE outbox_events ADD COLUMN IF NOT EXISTS request_id VARCHAR(64) NULL AFTER payload;
