-- Collections checked against what was asked (issue 34, item 4): a
-- SUCCESSFUL request to pay whose amount, currency or payer number is not
-- the payment intent's never moves it (neither approved nor completed:
-- the partner is not credited for money someone else paid, or another
-- amount). The intent is held for review, its state as it was, never
-- claimed by the workers nor made due by a hint, until an operator
-- settles it (`cediramp-admin intent resolve`). intent_reviews is the
-- record of each hold and its one resolution, as payout_reviews is.
ALTER TABLE payment_intents ADD COLUMN held_at DATETIME(6) NULL;

CREATE TABLE intent_reviews (
  intent_id          VARCHAR(40) NOT NULL PRIMARY KEY,
  asked_amount       DECIMAL(30,2) NOT NULL,
  asked_currency     CHAR(3) NOT NULL,
  asked_party        VARCHAR(16) NOT NULL,
  answered_amount    VARCHAR(32) NOT NULL,
  answered_currency  VARCHAR(8) NOT NULL,
  answered_party     VARCHAR(24) NOT NULL,
  financial_id       VARCHAR(64) NOT NULL,
  held_at            DATETIME(6) NOT NULL,
  decision           ENUM('complete','fail') NULL,
  reason             VARCHAR(200) NULL,
  resolved_by        VARCHAR(64) NULL,
  resolved_at        DATETIME(6) NULL,
  CONSTRAINT ck_intent_reviews_resolved CHECK
    ((decision IS NULL AND reason IS NULL AND resolved_by IS NULL AND resolved_at IS NULL) OR
     (decision IS NOT NULL AND reason IS NOT NULL AND resolved_by IS NOT NULL AND
      resolved_at IS NOT NULL)),
  CONSTRAINT fk_intent_reviews_intent FOREIGN KEY (intent_id) REFERENCES payment_intents (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
