-- KYC submissions (docs/decisions.md, decisions 5, 6 and 23). A wallet user uploads
-- a document and a selfie; an operator (or, in the sandbox, the kyc worker
-- by magic document numbers) approves or rejects it once; an approval
-- raises the user's tier.
--
-- The images are sealed by lib/domain/wallet/kyc.c with AES-256-GCM under
-- kyc.encryption_key, which never reaches the database: each BLOB is
-- iv (12 bytes) || tag (16) || ciphertext, with the submission's public id
-- and the image's field name as associated data, so a BLOB moved to another
-- row or column no longer opens.
CREATE TABLE kyc_submissions (
  id               BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  public_id        VARCHAR(40) NOT NULL,                 -- 'kyc_...'
  user_id          BIGINT UNSIGNED NOT NULL,
  document_type    ENUM('passport','national_id','drivers_license','voter_id') NOT NULL,
  document_number  VARCHAR(64) NOT NULL,
  full_name        VARCHAR(200) NOT NULL,
  date_of_birth    DATE NOT NULL,
  document_front   MEDIUMBLOB NOT NULL,
  document_back    MEDIUMBLOB NULL,
  selfie           MEDIUMBLOB NOT NULL,
  status           ENUM('pending','approved','rejected') NOT NULL DEFAULT 'pending',
  approved_tier    ENUM('basic','verified','enterprise') NULL,
  rejection_reason VARCHAR(200) NULL,
  decided_by       ENUM('operator','sandbox') NULL,
  submitted_at     DATETIME(6) NOT NULL,
  decided_at       DATETIME(6) NULL,
  UNIQUE KEY uq_kyc_public (public_id),
  KEY ix_kyc_user (user_id, submitted_at),
  KEY ix_kyc_status (status, submitted_at),
  CONSTRAINT fk_kyc_user FOREIGN KEY (user_id) REFERENCES users (id),
  CONSTRAINT ck_kyc_number CHECK (CHAR_LENGTH(document_number) BETWEEN 1 AND 64),
  CONSTRAINT ck_kyc_name CHECK (CHAR_LENGTH(full_name) BETWEEN 1 AND 200),
  -- sealed images are never shorter than the iv and tag
  CONSTRAINT ck_kyc_sealed CHECK (OCTET_LENGTH(document_front) > 28 AND
    OCTET_LENGTH(selfie) > 28 AND
    (document_back IS NULL OR OCTET_LENGTH(document_back) > 28)),
  -- pending has no decision; approved has a tier; rejected has a reason
  CONSTRAINT ck_kyc_decision CHECK (
    (status = 'pending' AND decided_at IS NULL AND decided_by IS NULL AND
      approved_tier IS NULL AND rejection_reason IS NULL) OR
    (status = 'approved' AND decided_at IS NOT NULL AND decided_by IS NOT NULL AND
      approved_tier IS NOT NULL AND rejection_reason IS NULL) OR
    (status = 'rejected' AND decided_at IS NOT NULL AND decided_by IS NOT NULL AND
      approved_tier IS NULL AND CHAR_LENGTH(rejection_reason) BETWEEN 1 AND 200))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- A decision is final: once approved or rejected, the decision's columns
-- never change again (the code decides only WHERE status = 'pending'; this
-- is the last line of defence).
CREATE TRIGGER tr_kyc_decision_final BEFORE UPDATE ON kyc_submissions
  FOR EACH ROW
  IF OLD.status <> 'pending' AND NOT (NEW.status <=> OLD.status AND
      NEW.approved_tier <=> OLD.approved_tier AND
      NEW.rejection_reason <=> OLD.rejection_reason AND
      NEW.decided_by <=> OLD.decided_by AND NEW.decided_at <=> OLD.decided_at) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'a KYC decision is final';
  END IF;
