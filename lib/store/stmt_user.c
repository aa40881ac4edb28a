#include "store/stmt_internal.h"

const struct db_stmt_def db_stmts_user[] = {
	{ DB_USER_BY_WALLET, 2, "SELECT id, tier FROM users WHERE wallet_id = ?" },
	{ DB_USER_INSERT, 0,
	    "INSERT INTO users (wallet_id, tier) VALUES (?, ?) "
	    "ON DUPLICATE KEY UPDATE wallet_id = wallet_id" },
	{ DB_USER_SET_TIER, 0, "UPDATE users SET tier = ? WHERE wallet_id = ?" },
	{ DB_USER_LOCK, 1, "SELECT id FROM users WHERE id = ? FOR UPDATE" },
	{ DB_STMT__MAX, 0, NULL }
};
