#include "store/stmt_internal.h"

const struct db_stmt_def db_stmts_user[] = {
	{ DB_USER_BY_WALLET, "SELECT id, tier FROM users WHERE wallet_id = ?" },
	{ DB_USER_INSERT,
	    "INSERT INTO users (wallet_id, tier) VALUES (?, ?) "
	    "ON DUPLICATE KEY UPDATE wallet_id = wallet_id" },
	{ DB_USER_SET_TIER, "UPDATE users SET tier = ? WHERE wallet_id = ?" },
	{ DB_USER_LOCK, "SELECT id FROM users WHERE id = ? FOR UPDATE" },
	{ DB_STMT__MAX, NULL }
};
