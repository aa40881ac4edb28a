-- Webhook secrets bound to their key id and slot as well as their endpoint
-- (issue 34, item 7; docs/security.md, "Webhook secrets").
--
-- lib/domain/webhook_secret.c seals a secret with associated data naming
-- the endpoint, the sealing key's id and the slot (current or previous):
-- binding 2. Rows sealed by an earlier version name the endpoint alone:
-- binding 1, which every existing row is. `cediramp-admin migrate` seals
-- those again (binding 2) right after this file; every statement that
-- writes a secret writes 2, and the programs open binding 2 only.
ALTER TABLE webhook_endpoints
  ADD COLUMN secret_binding TINYINT UNSIGNED NOT NULL DEFAULT 1 AFTER previous_secret_expires_at,
  ADD CONSTRAINT ck_webhook_secret_binding CHECK (secret_binding IN (1, 2));
