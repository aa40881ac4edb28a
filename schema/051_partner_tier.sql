-- A partner's tier set by an operator (issue 37: `cediramp-admin partner
-- tier`, the back office's partner page): its limits (lib/domain/
-- tier_limit.c, the tier's withdrawals) follow from its next request.
-- tier_reason and tier_changed_at are the operator's last change (the
-- console's audit log keeps every one made there); NULL for a partner
-- whose tier is still the one it was created with.
ALTER TABLE partners
  ADD COLUMN IF NOT EXISTS tier_changed_at DATETIME(6) NULL,
  ADD COLUMN IF NOT EXISTS tier_reason VARCHAR(200) NULL;
