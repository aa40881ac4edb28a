#include "store/stmt_internal.h"

const struct db_stmt_def db_stmts_apikey[] = {
	{ DB_APIKEY_INSERT, 0,
	    "INSERT INTO api_keys (key_id, partner_id, key_hash, environment) "
	    "VALUES (?, ?, ?, ?)" },
	{ DB_APIKEY_LOOKUP, 5,
	    "SELECT k.key_hash, k.environment, p.id, p.public_id, p.tier "
	    "FROM api_keys k JOIN partners p ON p.id = k.partner_id "
	    "WHERE k.key_id = ? AND k.revoked_at IS NULL" },
	{ DB_APIKEY_REVOKE, 0,
	    "UPDATE api_keys SET revoked_at = UTC_TIMESTAMP(6) "
	    "WHERE key_id = ? AND revoked_at IS NULL" },
	{ DB_APIKEY_REVOKE_PARTNER, 0,
	    "UPDATE api_keys k JOIN partners p ON p.id = k.partner_id "
	    "SET k.revoked_at = UTC_TIMESTAMP(6) "
	    "WHERE p.public_id = ? AND k.revoked_at IS NULL" },
	{ DB_APIKEY_TOUCH, 0,
	    "UPDATE api_keys SET last_used_at = UTC_TIMESTAMP() "
	    "WHERE key_id = ? AND (last_used_at IS NULL OR "
	    "last_used_at < UTC_TIMESTAMP() - INTERVAL 1 MINUTE)" },
	{ DB_STMT__MAX, 0, NULL }
};
