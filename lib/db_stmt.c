#include "db_stmt.h"

#include <stddef.h>

static const char *const db_sql[DB_STMT__MAX] = {
	[DB_PING] = "SELECT 1",
	[DB_LOCK_GET] = "SELECT GET_LOCK(?, ?)",
	[DB_LOCK_RELEASE] = "SELECT RELEASE_LOCK(?)",
	[DB_MIGRATION_APPLIED] =
	    "SELECT version FROM schema_migrations WHERE version = ?",
	[DB_MIGRATION_RECORD] =
	    "INSERT INTO schema_migrations (version, name) VALUES (?, ?)",
	[DB_USER_BY_WALLET] =
	    "SELECT id, tier FROM users WHERE wallet_id = ?",
	[DB_USER_INSERT] =
	    "INSERT INTO users (wallet_id, tier) VALUES (?, ?) "
	    "ON DUPLICATE KEY UPDATE wallet_id = wallet_id",
	[DB_USER_SET_TIER] =
	    "UPDATE users SET tier = ? WHERE wallet_id = ?",
	[DB_PARTNER_INSERT] =
	    "INSERT INTO partners (public_id, name, tier, environment) "
	    "VALUES (?, ?, ?, ?)",
	[DB_PARTNER_BY_PUBLIC_ID] =
	    "SELECT id, public_id, name, tier, environment FROM partners "
	    "WHERE public_id = ?",
	[DB_PARTNER_LIST] =
	    "SELECT p.public_id, p.name, p.tier, p.environment, "
	    "DATE_FORMAT(p.created_at, '%Y-%m-%dT%H:%i:%sZ'), "
	    "(SELECT COUNT(*) FROM api_keys k WHERE k.partner_id = p.id "
	    "AND k.revoked_at IS NULL) FROM partners p ORDER BY p.id",
	[DB_APIKEY_INSERT] =
	    "INSERT INTO api_keys (key_id, partner_id, key_hash, environment) "
	    "VALUES (?, ?, ?, ?)",
	[DB_APIKEY_LOOKUP] =
	    "SELECT k.key_hash, k.environment, p.id, p.public_id, p.tier "
	    "FROM api_keys k JOIN partners p ON p.id = k.partner_id "
	    "WHERE k.key_id = ? AND k.revoked_at IS NULL",
	[DB_APIKEY_REVOKE] =
	    "UPDATE api_keys SET revoked_at = UTC_TIMESTAMP(6) "
	    "WHERE key_id = ? AND revoked_at IS NULL",
	[DB_APIKEY_REVOKE_PARTNER] =
	    "UPDATE api_keys k JOIN partners p ON p.id = k.partner_id "
	    "SET k.revoked_at = UTC_TIMESTAMP(6) "
	    "WHERE p.public_id = ? AND k.revoked_at IS NULL",
	[DB_APIKEY_TOUCH] =
	    "UPDATE api_keys SET last_used_at = UTC_TIMESTAMP() "
	    "WHERE key_id = ? AND (last_used_at IS NULL OR "
	    "last_used_at < UTC_TIMESTAMP() - INTERVAL 1 MINUTE)",
	[DB_SIM_SETTING_GET] =
	    "SELECT value FROM sim_settings WHERE name = ?",
	[DB_SIM_SETTING_SET] =
	    "INSERT INTO sim_settings (name, value) VALUES (?, ?) "
	    "ON DUPLICATE KEY UPDATE value = VALUES(value)",
};

const char *
db_stmt_sql(enum db_stmt s)
{
	return (unsigned)s < DB_STMT__MAX ? db_sql[s] : NULL;
}
