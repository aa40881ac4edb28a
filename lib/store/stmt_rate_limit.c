#include "store/stmt_internal.h"

const struct db_stmt_def db_stmts_rate_limit[] = {
	/*
	 * One atomic step per request: a closed window restarts at 1, an open
	 * one counts up. Assignments run left to right, so both IFs still see
	 * the old window.
	 */
	/* the count after this hit comes back as the statement's insert id
	 * (LAST_INSERT_ID(expr)), atomically with the hit: each hit commits on
	 * its own, so a read afterwards could see later hits (from any node).
	 * On Galera two nodes' hits on one window conflict at certification
	 * and the loser runs again (db_exec), so the count stays exact */
	{ DB_RL_HIT,
	    "INSERT INTO rate_counters (subject, category, window_start, "
	    "window_seconds, hits) VALUES (?, ?, ?, ?, LAST_INSERT_ID(1)) ON DUPLICATE KEY UPDATE "
	    "hits = LAST_INSERT_ID(IF(window_start + window_seconds <= VALUES(window_start), "
	    "1, hits + 1)), "
	    "window_start = IF(window_start + window_seconds <= VALUES(window_start), "
	    "VALUES(window_start), window_start), "
	    "window_seconds = VALUES(window_seconds)" },
	/* two categories' windows at once (two points of the primary key) */
	{ DB_RL_READ,
	    "SELECT r.category, r.window_start + r.window_seconds AS reset, o.limit_count "
	    "FROM rate_counters r LEFT JOIN rate_limit_overrides o "
	    "ON o.subject = r.subject AND o.category = r.category "
	    "WHERE r.subject = ? AND r.category IN (?, ?)" },
	{ DB_RL_EXPIRE,
	    "DELETE FROM rate_counters WHERE window_start + window_seconds < ? "
	    "LIMIT 1000" },
	{ DB_RL_OVERRIDE_SET,
	    "INSERT INTO rate_limit_overrides (subject, category, limit_count) "
	    "VALUES (?, ?, ?) ON DUPLICATE KEY UPDATE limit_count = VALUES(limit_count)" },
	{ DB_RL_OVERRIDE_DELETE,
	    "DELETE FROM rate_limit_overrides WHERE subject = ? AND category = ?" },
	{ DB_STMT__MAX, NULL }
};
