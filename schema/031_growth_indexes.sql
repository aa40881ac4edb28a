-- Costs that stay flat as tables grow (issue 25, item 6; decision 70).
-- Measured with `make bench`'s growth rows (1,000,000 payouts and ledger
-- entries, 100,000 webhook deliveries): what read a caller's or the
-- ledger's whole history now reads through an index in the order it
-- answers, or only the rows it answers.
--
-- On a Galera cluster every statement here is DDL in total order (the
-- cluster waits for each ALTER) except the two UPDATEs, each one write set
-- of every row it fills: on large tables run `cediramp-admin migrate`
-- while the workers are stopped (docs/galera.md, "Migrations").

-- 1. A delivery's owner, copied from its endpoint, so that a partner's
-- delivery log is one index range in time order (it joined every delivery
-- of the partner's endpoints and sorted them). The trigger fills it on
-- every insert, so the fan-out and redelivery statements stay as they
-- were (the defaults only let an insert that names no owner reach the
-- trigger; the CHECK refuses a row the trigger did not fill). The log
-- still joins the endpoint and requires the same owner there: what a
-- partner sees never rests on the copy alone.
ALTER TABLE webhook_deliveries
  ADD COLUMN IF NOT EXISTS subject_kind ENUM('user','partner') NOT NULL DEFAULT 'partner'
    AFTER endpoint_id,
  ADD COLUMN IF NOT EXISTS subject_id BIGINT UNSIGNED NOT NULL DEFAULT 0 AFTER subject_kind;
DROP TRIGGER IF EXISTS tr_delivery_subject;
CREATE TRIGGER tr_delivery_subject BEFORE INSERT ON webhook_deliveries
  FOR EACH ROW SET NEW.subject_kind = (SELECT subject_kind FROM webhook_endpoints
      WHERE id = NEW.endpoint_id),
    NEW.subject_id = (SELECT subject_id FROM webhook_endpoints WHERE id = NEW.endpoint_id);
UPDATE webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
  SET d.subject_kind = e.subject_kind, d.subject_id = e.subject_id
  WHERE d.subject_id = 0;
-- the endpoint's own log in time order too (this index also serves the
-- endpoint's foreign key, which the one it replaces did)
ALTER TABLE webhook_deliveries
  DROP CONSTRAINT IF EXISTS ck_delivery_subject,
  ADD CONSTRAINT ck_delivery_subject CHECK (subject_id > 0),
  ADD KEY IF NOT EXISTS ix_delivery_subject_page (subject_kind, subject_id, created_at, id),
  ADD KEY IF NOT EXISTS ix_delivery_endpoint_page (endpoint_id, created_at, id),
  DROP KEY IF EXISTS ix_delivery_endpoint;

-- 2. A ledger entry's time, its transaction's, so that a statement reads
-- the period's entries of its account (it joined every entry of the
-- account to its transaction for the time), and its opening balance is
-- the cached balance less what moved since (not the sum of all history).
-- A trigger copies it on every insert (the default, as above, only lets
-- the insert reach it; the CHECK refuses an entry it did not date), and
-- another carries a transaction's new time, should it ever change, to its
-- entries. Entries stay facts: the one change they take is that time.
ALTER TABLE ledger_entries ADD COLUMN IF NOT EXISTS
  created_at DATETIME(6) NOT NULL DEFAULT '1970-01-01 00:00:00' AFTER amount;
DROP TRIGGER IF EXISTS tr_ledger_entries_time;
CREATE TRIGGER tr_ledger_entries_time BEFORE INSERT ON ledger_entries
  FOR EACH ROW SET NEW.created_at = (SELECT created_at FROM ledger_transactions
      WHERE id = NEW.tx_id);
DROP TRIGGER IF EXISTS tr_ledger_entries_no_update;
CREATE TRIGGER tr_ledger_entries_no_update BEFORE UPDATE ON ledger_entries
  FOR EACH ROW
  IF NOT (NEW.id <=> OLD.id AND NEW.tx_id <=> OLD.tx_id AND NEW.account_id <=> OLD.account_id
      AND NEW.asset <=> OLD.asset AND NEW.amount <=> OLD.amount
      AND NEW.created_at <=> (SELECT created_at FROM ledger_transactions WHERE id = NEW.tx_id)) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'ledger entries are immutable';
  END IF;
DROP TRIGGER IF EXISTS tr_ledger_transactions_time;
CREATE TRIGGER tr_ledger_transactions_time AFTER UPDATE ON ledger_transactions
  FOR EACH ROW
  IF NOT (NEW.created_at <=> OLD.created_at) THEN
    UPDATE ledger_entries SET created_at = NEW.created_at WHERE tx_id = NEW.id;
  END IF;
UPDATE ledger_entries e JOIN ledger_transactions t ON t.id = e.tx_id
  SET e.created_at = t.created_at WHERE e.created_at = '1970-01-01 00:00:00';
-- reconcile's checks read only these two indexes: a transaction's sums
-- per asset in transaction order, an account's sum (and its entries'
-- assets) in account order; the indexes they replace served the same
-- foreign keys
ALTER TABLE ledger_entries
  DROP CONSTRAINT IF EXISTS ck_ledger_entries_time,
  ADD CONSTRAINT ck_ledger_entries_time CHECK (created_at > '1970-01-01 00:00:00'),
  ADD KEY IF NOT EXISTS ix_ledger_entries_tx_sum (tx_id, asset, amount),
  ADD KEY IF NOT EXISTS ix_ledger_entries_account_time (account_id, created_at, tx_id, asset, amount),
  DROP KEY IF EXISTS ix_ledger_entries_tx,
  DROP KEY IF EXISTS ix_ledger_entries_account;

-- 3. reconcile's list of late collections (it read every payment intent).
ALTER TABLE payment_intents ADD KEY IF NOT EXISTS ix_intent_late (late, completed_at);
