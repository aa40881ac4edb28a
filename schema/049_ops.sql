-- The back office (issue 37; docs/console.md, "Back office"): the
-- platform's people, who sign in to the same console at /console/ops/.
--
-- Their roles are the platform's: operator, compliance, finance and
-- read-only, beside 045's wallet-developer. Such an account belongs to no
-- partner (partner_id NULL). "finance" is also a partner member's role:
-- with a partner it is that partner's finance, without one the
-- platform's. So owner, developer and viewer need a partner,
-- wallet-developer, operator, compliance and read-only need none, and
-- finance either. An invitation to the back office names no partner
-- either (console_tokens.partner_id NULL since 045).
ALTER TABLE console_users
  MODIFY role ENUM('owner','developer','finance','viewer','wallet-developer',
    'operator','compliance','read-only') NOT NULL;
ALTER TABLE console_users DROP CONSTRAINT IF EXISTS ck_console_users_platform;
ALTER TABLE console_users ADD CONSTRAINT ck_console_users_platform
  CHECK (role = 'finance' OR
    (role IN ('owner','developer','viewer')) = (partner_id IS NOT NULL));
ALTER TABLE console_tokens
  MODIFY role ENUM('owner','developer','finance','viewer','operator','compliance',
    'read-only') NULL;

-- Every back-office action is in the audit log with the reason its
-- operator typed (1 to 200 printable characters; NULL for the actions
-- that take none: sign-ins, a partner's own).
ALTER TABLE console_audit ADD COLUMN IF NOT EXISTS reason VARCHAR(200) NULL;

-- A partner suspended by an operator: its API keys answer 403 FORBIDDEN
-- (http/auth.c, within auth.key_cache_seconds) until it is reactivated;
-- nothing else changes (its keys, funds, people and history stay).
-- suspended_reason is the operator's last reason (the audit log keeps
-- every one).
ALTER TABLE partners
  ADD COLUMN IF NOT EXISTS suspended_at DATETIME(6) NULL,
  ADD COLUMN IF NOT EXISTS suspended_reason VARCHAR(200) NULL;
