#include "store/stmt_internal.h"

const struct db_stmt_def db_stmts_fxrate[] = {
	{ DB_FXRATE_GET,
	    "SELECT rate, UNIX_TIMESTAMP(updated_at) AS updated FROM fx_rates WHERE pair = ?" },
	{ DB_FXRATE_SET,
	    "INSERT INTO fx_rates (pair, rate, updated_at, source) "
	    "VALUES (?, ?, UTC_TIMESTAMP(6), ?) ON DUPLICATE KEY UPDATE "
	    "rate = VALUES(rate), updated_at = VALUES(updated_at), "
	    "source = VALUES(source)" },
	{ DB_FXRATE_SEED,
	    "INSERT INTO fx_rates (pair, rate, updated_at, source) "
	    "VALUES (?, ?, UTC_TIMESTAMP(6), 'seed') "
	    "ON DUPLICATE KEY UPDATE pair = pair" },
	{ DB_FXRATE_LIST,
	    "SELECT pair, rate, DATE_FORMAT(updated_at, '%Y-%m-%dT%H:%i:%sZ') AS updated_at, "
	    "source, GREATEST(0, TIMESTAMPDIFF(SECOND, updated_at, UTC_TIMESTAMP(6))) "
	    "AS age_seconds FROM fx_rates ORDER BY pair" },
	{ DB_STMT__MAX, NULL }
};
