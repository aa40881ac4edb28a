#include "store/stmt_internal.h"

const struct db_stmt_def db_stmts_user[] = {
	{ DB_USER_BY_WALLET, DB_SIG, "SELECT id, tier FROM users WHERE wallet_id = ?" },
	{ DB_USER_INSERT, DB_SIG,
	    "INSERT INTO users (wallet_id, tier) VALUES (?, ?) "
	    "ON DUPLICATE KEY UPDATE wallet_id = wallet_id" },
	{ DB_USER_SET_TIER, DB_SIG, "UPDATE users SET tier = ? WHERE wallet_id = ?" },
	{ DB_USER_LOCK, DB_SIG, "SELECT id FROM users WHERE id = ? FOR UPDATE" },
	{ DB_STMT__MAX, 0, NULL }
};
