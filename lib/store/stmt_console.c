#include "store/stmt_internal.h"

/* a live session with its user and partner (DB_CONSOLE_SESSION_FIND, _SYNC);
 * the platform's wallet developer has none (its partner columns empty, 0) */
#define SESSION_FIND \
	    "SELECT s.id, s.csrf_token, DATE_FORMAT(s.created_at, '%Y-%m-%dT%H:%i:%sZ') " \
	    "AS created_at, " \
	    "COALESCE(TIMESTAMPDIFF(SECOND, s.reauth_at, UTC_TIMESTAMP(6)), 1000000000) " \
	    "AS since_reauth, u.id AS user_id, u.public_id AS user_public_id, u.email, u.role, " \
	    "COALESCE(p.id, 0) AS partner_id, COALESCE(p.public_id, '') AS partner_public_id, " \
	    "COALESCE(p.name, '') AS partner_name, COALESCE(p.tier, '') AS tier, " \
	    "COALESCE(p.environment, '') AS environment, u.totp_enabled, " \
	    "COALESCE(p.console_require_2fa, 0) AS require_2fa " \
	    "FROM console_sessions s JOIN console_users u ON u.id = s.user_id " \
	    "LEFT JOIN partners p ON p.id = u.partner_id " \
	    "WHERE s.session_hash = ? AND s.revoked_at IS NULL AND u.removed_at IS NULL " \
	    "AND s.created_at > UTC_TIMESTAMP(6) - INTERVAL ? SECOND " \
	    "AND s.last_seen_at > UTC_TIMESTAMP(6) - INTERVAL ? SECOND"

/* a key as the console lists it: its state active, expiring (rolled, in
 * its overlap), expired or revoked */
#define KEY_ROW \
	"SELECT key_id, name, CASE WHEN revoked_at IS NOT NULL THEN 'revoked' " \
	"WHEN expires_at IS NULL THEN 'active' " \
	"WHEN expires_at > UTC_TIMESTAMP(6) THEN 'expiring' ELSE 'expired' END AS state, " \
	"DATE_FORMAT(created_at, '%Y-%m-%dT%H:%i:%sZ') AS created_at, " \
	"DATE_FORMAT(last_used_at, '%Y-%m-%dT%H:%i:%sZ') AS last_used_at, last_used_address, " \
	"DATE_FORMAT(expires_at, '%Y-%m-%dT%H:%i:%sZ') AS expires_at, " \
	"DATE_FORMAT(revoked_at, '%Y-%m-%dT%H:%i:%sZ') AS revoked_at FROM api_keys "

const struct db_stmt_def db_stmts_console[] = {
	{ DB_CONSOLE_USER_INSERT,
	    "INSERT INTO console_users (public_id, partner_id, email, role, password_hash) "
	    "VALUES (?, ?, ?, ?, ?)" },
	/* since_failure: seconds since the last failure (a large number when
	 * there was none), for the backoff */
	{ DB_CONSOLE_USER_BY_EMAIL,
	    "SELECT id, public_id, COALESCE(partner_id, 0) AS partner_id, role, password_hash, "
	    "failed_signins, "
	    "COALESCE(TIMESTAMPDIFF(SECOND, last_failure_at, UTC_TIMESTAMP(6)), 1000000000) "
	    "AS since_failure, locked_at IS NOT NULL AS locked, totp_enabled "
	    "FROM console_users WHERE email = ? AND removed_at IS NULL" },
	{ DB_CONSOLE_USER_FAILED,
	    "UPDATE console_users SET failed_signins = failed_signins + 1, "
	    "last_failure_at = UTC_TIMESTAMP(6), "
	    "locked_at = IF(failed_signins >= ?, COALESCE(locked_at, UTC_TIMESTAMP(6)), locked_at) "
	    "WHERE id = ?" },
	{ DB_CONSOLE_USER_SUCCEEDED,
	    "UPDATE console_users SET failed_signins = 0, last_failure_at = NULL "
	    "WHERE id = ? AND failed_signins > 0" },
	{ DB_CONSOLE_USER_UNLOCK,
	    "UPDATE console_users SET failed_signins = 0, last_failure_at = NULL, "
	    "locked_at = NULL WHERE email = ? AND removed_at IS NULL" },
	{ DB_CONSOLE_MEMBERS,
	    "SELECT public_id, email, role, DATE_FORMAT(created_at, '%Y-%m-%dT%H:%i:%sZ') "
	    "AS created_at, locked_at IS NOT NULL AS locked "
	    "FROM console_users WHERE partner_id = ? AND removed_at IS NULL ORDER BY id" },
	/* a sign-in is the password given: the session starts reauthenticated */
	{ DB_CONSOLE_SESSION_INSERT,
	    "INSERT INTO console_sessions (session_hash, user_id, csrf_token, address, user_agent, "
	    "reauth_at) VALUES (?, ?, ?, ?, ?, UTC_TIMESTAMP(6))" },
	/* the session's own row decides (never a cache): a revocation holds on
	 * every process from its commit */
	{ DB_CONSOLE_SESSION_FIND, SESSION_FIND },
	/* the same, after the node caught up with the cluster: a session
	 * opened on another node a moment ago (read so only on a miss) */
	{ DB_CONSOLE_SESSION_FIND_SYNC, SYNC_READ SESSION_FIND },
	/* written at most every 15 s: the idle limit needs no finer grain */
	{ DB_CONSOLE_SESSION_TOUCH,
	    "UPDATE console_sessions SET last_seen_at = UTC_TIMESTAMP(6) "
	    "WHERE id = ? AND last_seen_at < UTC_TIMESTAMP(6) - INTERVAL 15 SECOND" },
	{ DB_CONSOLE_SESSION_REAUTH,
	    "UPDATE console_sessions SET reauth_at = UTC_TIMESTAMP(6) WHERE id = ?" },
	{ DB_CONSOLE_SESSION_REVOKE,
	    "UPDATE console_sessions SET revoked_at = UTC_TIMESTAMP(6) "
	    "WHERE id = ? AND revoked_at IS NULL" },
	{ DB_CONSOLE_SESSION_REVOKE_USER,
	    "UPDATE console_sessions SET revoked_at = UTC_TIMESTAMP(6) "
	    "WHERE user_id = ? AND revoked_at IS NULL" },
	{ DB_CONSOLE_AUDIT_INSERT,
	    "INSERT INTO console_audit (partner_id, user_id, action, object, address, user_agent, "
	    "reason) VALUES (?, ?, ?, ?, ?, ?, ?)" },
	{ DB_CONSOLE_AUDIT_PAGE,
	    "SELECT a.id, COALESCE(u.email, '') AS email, a.action, a.object, a.address, "
	    "a.user_agent, DATE_FORMAT(a.created_at, '%Y-%m-%dT%H:%i:%sZ') AS created_at, "
	    "COALESCE(a.reason, '') AS reason FROM console_audit a LEFT JOIN console_users u ON u.id = a.user_id "
	    "WHERE a.partner_id = ? AND a.id < ? ORDER BY a.id DESC LIMIT ?" },
	{ DB_CONSOLE_KEYS, KEY_ROW "WHERE partner_id = ? ORDER BY id DESC" },
	{ DB_CONSOLE_KEY_GET, KEY_ROW "WHERE key_id = ? AND partner_id = ?" },
	/* a revoked or expired key is not revoked again */
	{ DB_CONSOLE_KEY_REVOKE,
	    "UPDATE api_keys SET revoked_at = UTC_TIMESTAMP(6) "
	    "WHERE key_id = ? AND partner_id = ? AND revoked_at IS NULL "
	    "AND (expires_at IS NULL OR expires_at > UTC_TIMESTAMP(6))" },
	{ DB_CONSOLE_KEY_INSERT,
	    "INSERT INTO api_keys (key_id, partner_id, key_hash, environment, name) "
	    "VALUES (?, ?, ?, ?, ?)" },
	{ DB_CONSOLE_KEY_RENAME,
	    "UPDATE api_keys SET name = ? WHERE key_id = ? AND partner_id = ?" },
	/* only a live key that was never rolled: a key rolls once */
	{ DB_CONSOLE_KEY_EXPIRE,
	    "UPDATE api_keys SET expires_at = UTC_TIMESTAMP(6) + INTERVAL ? SECOND "
	    "WHERE key_id = ? AND partner_id = ? AND revoked_at IS NULL AND expires_at IS NULL" },
	/* read once the node caught up with the cluster: the step another node
	 * took a moment ago must be seen, or its code would pass twice */
	{ DB_CONSOLE_TOTP_GET,
	    SYNC_READ "SELECT totp_sealed, totp_key_id, totp_enabled, totp_last_step "
	    "FROM console_users WHERE id = ?" },
	{ DB_CONSOLE_TOTP_PENDING,
	    "UPDATE console_users SET totp_sealed = ?, totp_key_id = ? "
	    "WHERE id = ? AND totp_enabled = 0" },
	{ DB_CONSOLE_TOTP_ENABLE,
	    "UPDATE console_users SET totp_enabled = 1 WHERE id = ? AND totp_sealed IS NOT NULL" },
	/* one row changed: this step is later than any accepted before */
	{ DB_CONSOLE_TOTP_USE,
	    "UPDATE console_users SET totp_last_step = ? WHERE id = ? AND totp_last_step < ?" },
	{ DB_CONSOLE_TOTP_DISABLE,
	    "UPDATE console_users SET totp_enabled = 0, totp_sealed = NULL, totp_key_id = NULL "
	    "WHERE id = ?" },
	{ DB_CONSOLE_RECOVERY_CLEAR,
	    "DELETE FROM console_recovery_codes WHERE user_id = ?" },
	{ DB_CONSOLE_RECOVERY_INSERT,
	    "INSERT INTO console_recovery_codes (user_id, code_hash) VALUES (?, ?)" },
	{ DB_CONSOLE_RECOVERY_USE,
	    "UPDATE console_recovery_codes SET used_at = UTC_TIMESTAMP(6) "
	    "WHERE user_id = ? AND code_hash = ? AND used_at IS NULL" },
	{ DB_CONSOLE_REQUIRE_2FA,
	    "UPDATE partners SET console_require_2fa = ? WHERE id = ?" },
	{ DB_CONSOLE_TOKEN_INSERT,
	    "INSERT INTO console_tokens (token_hash, kind, partner_id, user_id, email, role, "
	    "created_by, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, "
	    "UTC_TIMESTAMP(6) + INTERVAL ? SECOND)" },
	{ DB_CONSOLE_TOKEN_FIND,
	    "SELECT id, COALESCE(partner_id, 0) AS partner_id, user_id, email, role, "
	    "DATE_FORMAT(expires_at, '%Y-%m-%dT%H:%i:%sZ') AS expires_at FROM console_tokens "
	    "WHERE token_hash = ? AND kind = ? AND used_at IS NULL "
	    "AND expires_at > UTC_TIMESTAMP(6) FOR UPDATE" },
	{ DB_CONSOLE_TOKEN_USE,
	    "UPDATE console_tokens SET used_at = UTC_TIMESTAMP(6) WHERE id = ? AND used_at IS NULL" },
	{ DB_CONSOLE_USER_REMOVE,
	    "UPDATE console_users SET removed_at = UTC_TIMESTAMP(6) "
	    "WHERE id = ? AND partner_id = ? AND removed_at IS NULL" },
	{ DB_WALLET_JWT_GET,
	    "SELECT issuer, audience, jwks_url, "
	    "DATE_FORMAT(updated_at, '%Y-%m-%dT%H:%i:%sZ') AS updated_at "
	    "FROM wallet_jwt_settings WHERE id = 1" },
	{ DB_WALLET_JWT_SET,
	    "INSERT INTO wallet_jwt_settings (id, issuer, audience, jwks_url, updated_by) "
	    "VALUES (1, ?, ?, ?, ?) ON DUPLICATE KEY UPDATE issuer = VALUES(issuer), "
	    "audience = VALUES(audience), jwks_url = VALUES(jwks_url), "
	    "updated_by = VALUES(updated_by), updated_at = UTC_TIMESTAMP(6)" },
	{ DB_CONSOLE_USER_ROLE,
	    "UPDATE console_users SET role = ? WHERE id = ? AND partner_id = ? AND removed_at IS NULL" },
	/* a new password clears the failures and the lockout */
	{ DB_CONSOLE_USER_PASSWORD,
	    "UPDATE console_users SET password_hash = ?, failed_signins = 0, last_failure_at = NULL, "
	    "locked_at = NULL WHERE id = ? AND removed_at IS NULL" },
	{ DB_CONSOLE_USER_UNLOCK_ID,
	    "UPDATE console_users SET failed_signins = 0, last_failure_at = NULL, locked_at = NULL "
	    "WHERE id = ? AND removed_at IS NULL" },
	{ DB_CONSOLE_USER_BY_PUBLIC,
	    "SELECT id, role FROM console_users WHERE public_id = ? AND partner_id = ? "
	    "AND removed_at IS NULL" },
	{ DB_MAIL_SINK_INSERT,
	    "INSERT INTO mail_sink (mail_from, rcpt_to, subject, body) VALUES (?, ?, ?, ?)" },
	{ DB_MAIL_SINK_LIST,
	    "SELECT m.id, m.rcpt_to, m.subject, m.body, "
	    "DATE_FORMAT(m.received_at, '%Y-%m-%dT%H:%i:%sZ') AS received_at FROM mail_sink m "
	    "WHERE m.rcpt_to IN (SELECT email FROM console_users WHERE partner_id = ? "
	    "UNION SELECT email FROM console_tokens WHERE partner_id = ?) "
	    "ORDER BY m.id DESC LIMIT ?" },
	/* the last 30 days (UTC), a row for each day with any: withdrawals
	 * made (GHS to recipients) and payment intents made (GHS paid) */
	{ DB_MAIL_SINK_MINE,
	    "SELECT id, rcpt_to, subject, body, "
	    "DATE_FORMAT(received_at, '%Y-%m-%dT%H:%i:%sZ') AS received_at FROM mail_sink "
	    "WHERE rcpt_to = ? ORDER BY id DESC LIMIT ?" },
	{ DB_CONSOLE_DAYS,
	    "SELECT day, SUM(w) AS withdrawals, SUM(wg) AS withdrawn_ghs, SUM(c) AS collections, "
	    "SUM(cg) AS collected_ghs FROM ("
	    "SELECT DATE_FORMAT(created_at, '%Y-%m-%d') AS day, 1 AS w, ghs_amount AS wg, 0 AS c, "
	    "0 AS cg FROM withdrawals WHERE partner_id = ? "
	    "AND created_at >= UTC_DATE() - INTERVAL 29 DAY "
	    "UNION ALL SELECT DATE_FORMAT(created_at, '%Y-%m-%d'), 0, 0, 1, amount "
	    "FROM payment_intents WHERE partner_id = ? "
	    "AND created_at >= UTC_DATE() - INTERVAL 29 DAY) d GROUP BY day ORDER BY day" },
	{ DB_CONSOLE_ATTENTION,
	    "SELECT (SELECT COUNT(*) FROM webhook_deliveries d JOIN webhook_endpoints e "
	    "ON e.id = d.endpoint_id WHERE e.subject_kind = 'partner' AND e.subject_id = ? "
	    "AND d.status = 'failed') AS failed_deliveries, "
	    "(SELECT COUNT(*) FROM withdrawals WHERE partner_id = ? AND status = 'failed' "
	    "AND created_at >= UTC_DATE() - INTERVAL 29 DAY) AS failed_withdrawals, "
	    "(SELECT COUNT(*) FROM withdrawals w JOIN payouts p ON p.id = w.payout_id "
	    "WHERE w.partner_id = ? AND p.held_at IS NOT NULL AND p.status = 'processing') "
	    "AS held_withdrawals" },
	{ DB_CONSOLE_EVENTS,
	    "SELECT id, type, DATE_FORMAT(created_at, '%Y-%m-%dT%H:%i:%s.%fZ') AS created_at "
	    "FROM outbox_events WHERE ref_id = ? AND subject_kind = 'partner' AND subject_id = ? "
	    "ORDER BY seq" },
	{ DB_STMT__MAX, NULL }
};
