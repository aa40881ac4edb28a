-- Provider answers are checked against what was asked (issue 34, item 4):
-- a SUCCESSFUL status whose amount, currency or number is not the
-- payout's never completes it and never refunds it. The payout is held
-- for review: still processing on the wire (the APIs' states), never
-- claimed by the worker nor made due by a hint, its money still in
-- flight, until an operator settles it (`cediramp-admin payout resolve`).
-- payout_reviews is the record of each hold and its one resolution.
ALTER TABLE payouts ADD COLUMN held_at DATETIME(6) NULL;

CREATE TABLE payout_reviews (
  payout_id          VARCHAR(40) NOT NULL PRIMARY KEY,
  asked_amount       DECIMAL(20,2) NOT NULL,
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
  CONSTRAINT ck_payout_reviews_resolved CHECK
    ((decision IS NULL AND reason IS NULL AND resolved_by IS NULL AND resolved_at IS NULL) OR
     (decision IS NOT NULL AND reason IS NOT NULL AND resolved_by IS NOT NULL AND
      resolved_at IS NOT NULL)),
  CONSTRAINT fk_payout_reviews_payout FOREIGN KEY (payout_id) REFERENCES payouts (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
