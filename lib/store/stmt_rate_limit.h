/*
 * stmt_rate_limit: the statements of the HTTP rate limiter's counters and
 * per-user overrides (http/rate_limit.c, domain/user.c, cron/expire.c),
 * with the columns their rows hold; the SQL is in stmt_rate_limit.c.
 */
#ifndef CEDIRAMP_STMT_RATE_LIMIT_H
#define CEDIRAMP_STMT_RATE_LIMIT_H

/* a hit on a subject's window in a category: the window's start (Unix
 * seconds, now) and length */
#define rl_hit_ARGS(ARG, AGAIN) \
	ARG(TEXT, subject) ARG(TEXT, category) ARG(INT, window_start) ARG(INT, window_seconds)
/* a subject's windows in two categories (one twice to read one) */
#define rl_read_ARGS(ARG, AGAIN) ARG(TEXT, subject) ARG(TEXT, category) ARG(TEXT, other)
/* the windows closed before now (Unix seconds) */
#define rl_expire_ARGS(ARG, AGAIN) ARG(INT, now)
/* a subject's own limit in a category */
#define rl_override_ARGS(ARG, AGAIN) ARG(TEXT, subject) ARG(TEXT, category) ARG(INT, limit)
/* a subject's category (its own limit removed) */
#define rl_subject_ARGS(ARG, AGAIN) ARG(TEXT, subject) ARG(TEXT, category)
/* a window: its category, its end (Unix seconds) and the subject's own
 * limit (NULL: none); read by the caller, which matches the category */
#define rl_window_COLS(C, x) C(x, RAW, category, ) C(x, RAW, reset, ) C(x, RAW, limit_count, )

/* Its statements (their SQL in stmt_rate_limit.c): S(statement, its
 * arguments' shape, its rows' shape), as store/db_sig.h says. */
#define DB_STMTS_RATE_LIMIT(S) \
	S(DB_RL_HIT, rl_hit, db_none) \
	S(DB_RL_READ, rl_read, rl_window) \
	S(DB_RL_EXPIRE, rl_expire, db_none) \
	S(DB_RL_OVERRIDE_SET, rl_override, db_none) \
	S(DB_RL_OVERRIDE_DELETE, rl_subject, db_none)

#define DB_ARGS_RATE_LIMIT(A) A(rl_hit) A(rl_read) A(rl_expire) A(rl_override) A(rl_subject)
#define DB_ROWS_RATE_LIMIT(R) R(rl_window)

#endif
