-- Provider callbacks are hints (decision 28), and anyone can send one
-- (issue 34, item 3): a hint makes a payout or payment intent due for a
-- status query at most once per providers.callback_min_interval_seconds.
-- hinted_at is when the last hint that did so arrived; a hint within the
-- interval changes no row (an UPDATE that matches none writes nothing).
-- hints counts the hints that did write: what a flood of callbacks cost
-- the row, cluster-wide (a node's Handler_update also counts other
-- writers, and on a cluster the writes it applies for other nodes).
ALTER TABLE payouts ADD COLUMN hinted_at DATETIME(6) NULL,
    ADD COLUMN hints INT UNSIGNED NOT NULL DEFAULT 0;
ALTER TABLE payment_intents ADD COLUMN hinted_at DATETIME(6) NULL,
    ADD COLUMN hints INT UNSIGNED NOT NULL DEFAULT 0;
