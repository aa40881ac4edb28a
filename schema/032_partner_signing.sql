-- The signing policy is the partner's (issue 34, item 2): every key of a
-- partner, issued now or later, follows partners.signing; a key's own
-- api_keys.signature_required can only make that key stricter
-- (`partner key-policy KEY_ID signed`). Partners with an active key that
-- required signatures before now require them for every key: nothing
-- that was signed may be sent unsigned through another key.
ALTER TABLE partners
  ADD COLUMN signing ENUM('optional','required') NOT NULL DEFAULT 'optional';

UPDATE partners p SET p.signing = 'required'
WHERE EXISTS (SELECT 1 FROM api_keys k WHERE k.partner_id = p.id
              AND k.signature_required = 1 AND k.revoked_at IS NULL);
