-- The wallet developer dashboard (issue 36; docs/console.md, "The wallet
-- developer dashboard"): whoever runs the wallet app on top of /api signs
-- in to the console with the platform role wallet-developer. Such an
-- account belongs to no partner (partner_id NULL), and a partner's
-- member always has one; its links (a reset, an unlock) likewise.
ALTER TABLE console_users
  MODIFY partner_id BIGINT UNSIGNED NULL,
  MODIFY role ENUM('owner','developer','finance','viewer','wallet-developer') NOT NULL;
ALTER TABLE console_users DROP CONSTRAINT IF EXISTS ck_console_users_platform;
ALTER TABLE console_users ADD CONSTRAINT ck_console_users_platform
  CHECK ((role = 'wallet-developer') = (partner_id IS NULL));
ALTER TABLE console_tokens MODIFY partner_id BIGINT UNSIGNED NULL;

-- The wallet's webhook endpoints set in that dashboard: subject 'platform'
-- (subject_id 0), where a wallet user's payout.completed and payout.failed
-- go unless that user has an endpoint of its own (decision 4's per-user
-- URL, set with the admin tool, wins: domain/outbox.h). A test event sent
-- to one is the platform's own event.
ALTER TABLE webhook_endpoints
  MODIFY subject_kind ENUM('user','partner','platform') NOT NULL;
-- (a delivery's owner is its endpoint's: the platform's id is 0)
ALTER TABLE webhook_deliveries
  MODIFY subject_kind ENUM('user','partner','platform') NOT NULL DEFAULT 'partner',
  DROP CONSTRAINT IF EXISTS ck_delivery_subject;
ALTER TABLE webhook_deliveries
  ADD CONSTRAINT ck_delivery_subject CHECK ((subject_kind = 'platform') = (subject_id = 0));
ALTER TABLE outbox_events
  MODIFY subject_kind ENUM('user','partner','platform') NOT NULL;
