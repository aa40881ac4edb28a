-- Payment intents paid after they expired (issue 22): the expire worker
-- keeps asking the provider about an expired intent for
-- payment_intents.late_check_seconds (24 h by default) after its
-- expires_at, at next_check_at; a late SUCCESSFUL approves it, and it is
-- completed and credited as any other, marked late. So an expired intent
-- may hold a next check while it is watched.
ALTER TABLE payment_intents DROP CONSTRAINT IF EXISTS ck_intent_open;
ALTER TABLE payment_intents ADD CONSTRAINT ck_intent_open CHECK
  (IF(status IN ('pending_approval', 'approved'), next_check_at IS NOT NULL,
      status = 'expired' OR next_check_at IS NULL));
