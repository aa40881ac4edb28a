#include "store/stmt_internal.h"

const struct db_stmt_def db_stmts_quote[] = {
	{ DB_QUOTE_INSERT,
	    "INSERT INTO quotes (id, api, user_id, partner_id, from_currency, "
	    "to_currency, amount, rate, fee_percent, gross_amount, fee, "
	    "receive_amount, created_at, expires_at) VALUES "
	    "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, FROM_UNIXTIME(?), FROM_UNIXTIME(?))" },
	/* a signed quote redeemed: its row appears, used (domain/quote_redeem.c) */
	{ DB_QUOTE_INSERT_USED,
	    "INSERT INTO quotes (id, api, user_id, partner_id, from_currency, "
	    "to_currency, amount, rate, fee_percent, gross_amount, fee, "
	    "receive_amount, created_at, expires_at, used_at) VALUES "
	    "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, FROM_UNIXTIME(?), FROM_UNIXTIME(?), "
	    "UTC_TIMESTAMP(6))" },
	{ DB_QUOTE_EXPIRE,
	    "DELETE FROM quotes WHERE used_at IS NULL AND "
	    "expires_at < UTC_TIMESTAMP(6) - INTERVAL 1 DAY "
	    "AND id NOT IN (SELECT quote_id FROM conversions) LIMIT 1000" },
	{ DB_QUOTE_LOCK,
	    "SELECT user_id, api, from_currency, amount, rate, fee_percent, "
	    "gross_amount, fee, receive_amount, expires_at <= UTC_TIMESTAMP(6) AS expired, "
	    "used_at IS NOT NULL AS used, partner_id FROM quotes WHERE id = ? FOR UPDATE" },
	{ DB_QUOTE_MARK_USED,
	    "UPDATE quotes SET used_at = UTC_TIMESTAMP(6) WHERE id = ? AND used_at IS NULL" },
	{ DB_QUOTE_UNMARK_USED, "UPDATE quotes SET used_at = NULL WHERE id = ?" },
	{ DB_STMT__MAX, NULL }
};
