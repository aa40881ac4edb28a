-- When a send of a payout's reference last ended in doubt (a timeout, a
-- 5xx: the provider may have it or not). A provider that says it never
-- saw the reference moments later may not have recorded that send yet (a
-- request still in flight past our timeout): within
-- payouts.resend_grace_seconds the payout is asked again later, and only
-- a reference still unknown after it goes out again (domain/payout.c).
-- Sending it sooner would not pay twice (the reference is the provider's
-- idempotency key), but it sends twice what is sent once.
ALTER TABLE payouts ADD COLUMN IF NOT EXISTS in_doubt_at DATETIME(6) NULL;
