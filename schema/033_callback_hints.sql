-- Provider callbacks are hints (decision 28), and anyone can send one
-- (issue 34, item 3): a hint makes a payout or payment intent due for a
-- status query at most once per providers.callback_min_interval_seconds.
-- hinted_at is when the last hint that did so arrived; a hint within the
-- interval changes no row (an UPDATE that matches none writes nothing).
ALTER TABLE payouts ADD COLUMN hinted_at DATETIME(6) NULL;
ALTER TABLE payment_intents ADD COLUMN hinted_at DATETIME(6) NULL;
