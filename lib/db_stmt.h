/*
 * db_stmt: every SQL statement the programs run, in one indexed table.
 * Nothing else in the tree holds SQL text (migrations aside); no function
 * takes SQL from a caller.
 */
#ifndef CEDIRAMP_DB_STMT_H
#define CEDIRAMP_DB_STMT_H

enum db_stmt {
	DB_PING = 0,
	DB_LOCK_GET,
	DB_LOCK_RELEASE,
	DB_MIGRATION_APPLIED,
	DB_MIGRATION_RECORD,
	DB_USER_BY_WALLET,
	DB_USER_INSERT,
	DB_USER_SET_TIER,
	DB_PARTNER_INSERT,
	DB_PARTNER_BY_PUBLIC_ID,
	DB_PARTNER_LIST,
	DB_APIKEY_INSERT,
	DB_APIKEY_LOOKUP,
	DB_APIKEY_REVOKE,
	DB_APIKEY_REVOKE_PARTNER,
	DB_APIKEY_TOUCH,
	DB_SIM_SETTING_GET,
	DB_SIM_SETTING_SET,
	DB_FXRATE_GET,
	DB_FXRATE_SET,
	DB_QUOTE_INSERT,
	DB_RL_HIT,
	DB_RL_READ,
	DB_RL_EXPIRE,
	DB_QUOTE_EXPIRE,
	DB_FXRATE_SEED,
	DB_FXRATE_LIST,
	DB_STMT__MAX
};

/* The SQL text of s. */
const char *db_stmt_sql(enum db_stmt s);

#endif
