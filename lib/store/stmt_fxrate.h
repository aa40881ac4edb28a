/*
 * stmt_fxrate: the statements of FX rates (domain/fxrate.c), with the
 * columns their rows hold; the SQL is in stmt_fxrate.c.
 */
#ifndef CEDIRAMP_STMT_FXRATE_H
#define CEDIRAMP_STMT_FXRATE_H

/* Its statements (their SQL in stmt_fxrate.c). */
#define DB_STMTS_FXRATE(S) \
	S(DB_FXRATE_GET, untyped, untyped) \
	S(DB_FXRATE_SET, untyped, untyped) \
	S(DB_FXRATE_SEED, untyped, untyped) \
	S(DB_FXRATE_LIST, untyped, untyped)

#define DB_ARGS_FXRATE(A)
#define DB_ROWS_FXRATE(R)

#endif
