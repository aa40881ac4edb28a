-- Partner operations (issue 24): a pending withdrawal the partner cancels
-- before its conversion is signed for the chain ends `cancelled`, its
-- final time in completed_at as a failed one's is.
ALTER TABLE withdrawals
  MODIFY status ENUM('pending','processing','completed','failed','cancelled') NOT NULL;
ALTER TABLE withdrawals DROP CONSTRAINT IF EXISTS ck_withdrawals_final;
ALTER TABLE withdrawals ADD CONSTRAINT ck_withdrawals_final
  CHECK ((status IN ('completed','failed','cancelled')) = (completed_at IS NOT NULL));
