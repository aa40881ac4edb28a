#include "store/stmt_internal.h"

const struct db_stmt_def db_stmts_funds[] = {
	{ DB_DEPOSIT_INSERT,
	    "INSERT INTO partner_deposits (id, partner_id, currency, amount, deposit_reference, "
	    "source, created_at) VALUES (?, ?, ?, " DEC("?") ", ?, ?, UTC_TIMESTAMP(6))" },
	{ DB_DEPOSIT_BY_REF,
	    "SELECT id, partner_id, currency, amount FROM partner_deposits WHERE deposit_reference = ?" },
	{ DB_STMT__MAX, NULL }
};
