-- Quotes without a durable write (issue 25, decision 66): a quote id is a
-- signed token carrying its price (lib/core/quote_token.h), up to 62
-- characters; quoting writes nothing, and its row appears, used, in the
-- transaction that redeems it. The ids grow from 40 to 64 characters
-- (the partner API's bound for a quote_id); stored quotes keep theirs.
-- A column a foreign key joins cannot change under it: the key is
-- dropped, both sides widened, the key made again (each step safe to run
-- twice, should a run stop half way).
ALTER TABLE conversions DROP FOREIGN KEY IF EXISTS fk_conversions_quote;
ALTER TABLE quotes MODIFY id VARCHAR(64) NOT NULL;
ALTER TABLE conversions MODIFY quote_id VARCHAR(64) NOT NULL;
ALTER TABLE conversions ADD CONSTRAINT fk_conversions_quote FOREIGN KEY IF NOT EXISTS (quote_id)
  REFERENCES quotes (id);
ALTER TABLE withdrawals MODIFY quote_id VARCHAR(64) NULL;
