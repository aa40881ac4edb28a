/*
 * stmt_rate_limit: the statements of the HTTP rate limiter's counters and
 * per-user overrides (http/rate_limit.c, domain/user.c, cron/expire.c),
 * with the columns their rows hold; the SQL is in stmt_rate_limit.c.
 */
#ifndef CEDIRAMP_STMT_RATE_LIMIT_H
#define CEDIRAMP_STMT_RATE_LIMIT_H

/* Its statements (their SQL in stmt_rate_limit.c). */
#define DB_STMTS_RATE_LIMIT(S) \
	S(DB_RL_HIT, untyped, untyped) \
	S(DB_RL_READ, untyped, untyped) \
	S(DB_RL_EXPIRE, untyped, untyped) \
	S(DB_RL_OVERRIDE_SET, untyped, untyped) \
	S(DB_RL_OVERRIDE_DELETE, untyped, untyped)

#define DB_ARGS_RATE_LIMIT(A)
#define DB_ROWS_RATE_LIMIT(R)

#endif
