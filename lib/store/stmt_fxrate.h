/*
 * stmt_fxrate: the statements of FX rates (domain/fxrate.c), with the
 * columns their rows hold; the SQL is in stmt_fxrate.c.
 */
#ifndef CEDIRAMP_STMT_FXRATE_H
#define CEDIRAMP_STMT_FXRATE_H

/* a pair's rate ("USDT/GHS") */
#define fx_pair_ARGS(ARG, AGAIN) ARG(TEXT, pair)
/* a pair's new rate, and who set it ("feed", "admin") */
#define fx_set_ARGS(ARG, AGAIN) ARG(TEXT, pair) ARG(TEXT, rate) ARG(TEXT, source)
/* a pair's first rate (source "seed") */
#define fx_seed_ARGS(ARG, AGAIN) ARG(TEXT, pair) ARG(TEXT, rate)
/* a rate and its time (Unix seconds, with a fraction): the caller checks
 * its age */
#define fx_rate_COLS(C, x) C(x, RAW, rate, ) C(x, RAW, updated, )
/* a rate as listed (domain/fxrate.h, struct fxrate_row), with its age by
 * the database's clock */
#define fx_row_COLS(C, x) \
	C(x, TEXT, pair, pair) C(x, TEXT, rate, rate) C(x, TEXT, updated_at, updated_at) \
	C(x, TEXT, source, source) C(x, TEXT, age_seconds, age_seconds)

/* Its statements (their SQL in stmt_fxrate.c): S(statement, its
 * arguments' shape, its rows' shape), as store/db_sig.h says. */
#define DB_STMTS_FXRATE(S) \
	S(DB_FXRATE_GET, fx_pair, fx_rate) \
	S(DB_FXRATE_SET, fx_set, db_none) \
	S(DB_FXRATE_SEED, fx_seed, db_none) \
	S(DB_FXRATE_LIST, no_args, fx_row)

#define DB_ARGS_FXRATE(A) A(fx_pair) A(fx_set) A(fx_seed)
#define DB_ROWS_FXRATE(R) R(fx_rate) R(fx_row)

#endif
