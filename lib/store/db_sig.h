/*
 * db_sig: typed statements. A module's stmt_<module>.h declares, once,
 * what each statement takes and what its rows hold, and these macros turn
 * that one declaration into what the code uses: the arguments' struct and
 * its binder, the rows' column enum and their reader, and the names and
 * widths db.c checks against the server's when it prepares the statement.
 * Domain code fills a struct by member name and reads rows by member name;
 * it never counts placeholders or columns (tools/check.sh refuses a
 * numeric index outside lib/store/).
 *
 * A module's declaration (stmt_withdrawal.h is the example):
 *
 *   // S(statement, its arguments' shape, its rows' shape)
 *   #define DB_STMTS_WITHDRAWAL(S) \
 *   	S(DB_WD_GET, wd_by_owner, withdrawal) \
 *   	S(DB_WD_SUBMITTED, wd_id, db_none)
 *   // the shapes, each once
 *   #define DB_ARGS_WITHDRAWAL(A) A(wd_by_owner) A(wd_id)
 *   #define DB_ROWS_WITHDRAWAL(R) R(withdrawal)
 *   // an arguments' shape: its placeholders in order, each a kind and the
 *   // member that fills it (AGAIN: a member bound a second time)
 *   #define wd_by_owner_ARGS(ARG, AGAIN) ARG(TEXT, id) ARG(ID, partner_id)
 *   // a rows' shape: its columns in order, each a kind, the name the
 *   // server gives it (the column's, or its alias), and the member of the
 *   // reader's struct it fills (none for RAW: the caller reads it)
 *   #define withdrawal_COLS(C, x) C(x, TEXT, id, id) C(x, RAW, amount, )
 *
 * and its use:
 *
 *   rc = DB_EXEC(db, DB_WD_GET, wd_by_owner, &rows, NULL,
 *       .id = id, .partner_id = owner);
 *   static const struct db_field fields[] = {
 *   	DB_FIELDS(withdrawal, struct withdrawal) };
 *   db_row_read(&rows, 0, fields, DB_NCOLS(withdrawal), w);
 *   amount = db_cell(&rows, 0, DB_COL(withdrawal, amount));
 *
 * DB_EXEC refuses to compile when the statement takes another shape; a
 * member left out of the initializer binds as zero (TEXT: SQL NULL).
 */
#ifndef CEDIRAMP_DB_SIG_H
#define CEDIRAMP_DB_SIG_H

#include <stddef.h>

#include "store/db.h"
#include "store/db_row.h"

/* The most placeholders a statement has. */
#define DB_SIG_MAX_ARGS 32

/* ---- argument kinds: the member's C type, and how it binds ---- */

/* TEXT: const char *, NULL binds SQL NULL. INT: long long. OPT_INT:
 * const long long *, NULL binds SQL NULL. BYTES: struct db_bytes, p NULL
 * binds SQL NULL (text that may hold NUL bytes, or is not terminated). */
struct db_bytes {
	const void *p;
	size_t n;
};

#define DB_ARG_TYPE_TEXT const char *
#define DB_ARG_TYPE_INT long long
#define DB_ARG_TYPE_OPT_INT const long long *
#define DB_ARG_TYPE_BYTES struct db_bytes

#define DB_ARG_BIND_TEXT(v) db_arg_text(v)
#define DB_ARG_BIND_INT(v) db_arg_int(v)
#define DB_ARG_BIND_OPT_INT(v) db_arg_opt_int(v)
#define DB_ARG_BIND_BYTES(v) db_arg_bytes(v)

/* ---- column kinds: how a column fills the reader's member ---- */

/* TEXT, ID, COUNT, FLAG, DUP as store/db_row.h's DB_FIELD_*; RAW: no
 * member, the caller reads the cell (a column that needs its context). */
#define DB_COL_FIELD_TEXT(T, m) DB_TEXT(T, m)
#define DB_COL_FIELD_ID(T, m) DB_ID(T, m)
#define DB_COL_FIELD_COUNT(T, m) DB_COUNT(T, m)
#define DB_COL_FIELD_FLAG(T, m) DB_FLAG(T, m)
#define DB_COL_FIELD_DUP(T, m) DB_DUP(T, m)
#define DB_COL_FIELD_RAW(T, m) DB_SKIP

/* ---- the generated parts ---- */

/* the shape of a statement without a result set */
#define db_none_COLS(C, x)

/* argument shapes: enum db_args_shape, one value per shape */
#define DB_SIG_SHAPE_ENUM(args) DB_ARGS_SHAPE_##args,
/* row shapes: enum db_rows_shape */
#define DB_SIG_ROWS_ENUM(row) DB_ROWS_SHAPE_##row,

/* a statement's shapes, as constants DB_X__ARGS and DB_X__ROWS */
#define DB_SIG_STMT_SHAPES(id, args, row) \
	enum { id##__ARGS = DB_ARGS_SHAPE_##args, id##__ROWS = DB_ROWS_SHAPE_##row };

/* an arguments' struct and its binder */
#define DB_SIG_MEMBER(kind, m) DB_ARG_TYPE_##kind m;
#define DB_SIG_NO_MEMBER(kind, m)
#define DB_SIG_BIND(kind, m) DB_ARG_BIND_##kind(in->m),
#define DB_SIG_ONE(kind, m) +1
#define DB_SIG_ARGS_DECLARE(args) \
	struct args##_args { \
		int none_; /* so that a statement without arguments has a struct */ \
		args##_ARGS(DB_SIG_MEMBER, DB_SIG_NO_MEMBER) \
	}; \
	static inline struct db_bound \
	args##_bind(enum db_stmt s, const struct args##_args *in) \
	{ \
		struct db_bound b = { s, 0 args##_ARGS(DB_SIG_ONE, DB_SIG_ONE), \
		    DB_ARGS_SHAPE_##args, { args##_ARGS(DB_SIG_BIND, DB_SIG_BIND) } }; \
		(void)in; \
		return b; \
	}

/* a rows' column enum: DB_COL(row, name), and DB_NCOLS(row) */
#define DB_SIG_COL_CONST(x, kind, name, m) x##__##name,
#define DB_SIG_ROWS_DECLARE(row) \
	enum row##_col { row##_COLS(DB_SIG_COL_CONST, row) row##__ncols };
#define DB_COL(row, name) row##__##name
#define DB_NCOLS(row) row##__ncols

/* A reader's fields (store/db_row.h) for rows of shape row into struct T. */
#define DB_SIG_FIELD(T, kind, name, m) DB_COL_FIELD_##kind(T, m),
#define DB_FIELDS(row, T) row##_COLS(DB_SIG_FIELD, T)

/*
 * A statement bound to its arguments: what the binders return and
 * db_run takes. shape is the arguments' shape, checked against the
 * statement's when the shape was not known at compile time.
 */
struct db_bound {
	enum db_stmt stmt;
	size_t n;
	int shape;
	struct db_arg a[DB_SIG_MAX_ARGS];
};

/* the binders' conversions */
static inline struct db_arg
db_arg_text(const char *s)
{
	return s == NULL ? DB_NULL : DB_S(s);
}

static inline struct db_arg
db_arg_int(long long v)
{
	return DB_I(v);
}

static inline struct db_arg
db_arg_opt_int(const long long *v)
{
	return v == NULL ? DB_NULL : DB_I(*v);
}

static inline struct db_arg
db_arg_bytes(struct db_bytes b)
{
	return b.p == NULL ? DB_NULL : DB_SN((const char *)b.p, b.n);
}

/* A compile-time 0 that fails to compile unless statement id takes the
 * arguments' shape args. */
#define DB_SIG_TAKES(id, args) \
	(0 * sizeof(char[(int)id##__ARGS == (int)DB_ARGS_SHAPE_##args ? 1 : -1]))

/* The bound statement id with the arguments that follow (designated
 * initializers of struct args_args). */
#define DB_BIND(id, args, ...) \
	args##_bind((id) + DB_SIG_TAKES(id, args), \
	    &(const struct args##_args){ .none_ = 0, __VA_ARGS__ })
/* The same for a statement chosen at run time (a resource kind's): the
 * shape is checked when it runs (db_run: DB_FAIL, "another shape"). */
#define DB_BIND_ANY(id, args, ...) \
	args##_bind((id), &(const struct args##_args){ .none_ = 0, __VA_ARGS__ })

/* db_exec with a statement bound to the arguments that follow */
#define DB_EXEC(db, id, args, rows, res, ...) \
	db_run((db), DB_BIND(id, args, __VA_ARGS__), (rows), (res))

/* ---- every module's shapes and statements ---- */

#define DB_SIG_ARGS_SHAPES(A) DB_ARGS_SHAPES(A) \
	DB_ARGS_DB(A) \
	DB_ARGS_USER(A) \
	DB_ARGS_PARTNER(A) \
	DB_ARGS_APIKEY(A) \
	DB_ARGS_SIM(A) \
	DB_ARGS_FXRATE(A) \
	DB_ARGS_QUOTE(A) \
	DB_ARGS_RATE_LIMIT(A) \
	DB_ARGS_LEDGER(A) \
	DB_ARGS_CONVERSION(A) \
	DB_ARGS_IDEMPOTENCY(A) \
	DB_ARGS_PAYOUT(A) \
	DB_ARGS_WITHDRAWAL(A) \
	DB_ARGS_OUTBOX(A) \
	DB_ARGS_FUNDS(A) \
	DB_ARGS_HISTORY(A) \
	DB_ARGS_PAYOUT_FLOAT(A) \
	DB_ARGS_BENEFICIARY(A) \
	DB_ARGS_KYC(A) \
	DB_ARGS_WEBHOOK(A) \
	DB_ARGS_DELIVERY(A) \
	DB_ARGS_INTENT(A) \
	DB_ARGS_ONCHAIN(A) \
	DB_ARGS_CHAIN_DEPOSIT(A) \
	DB_ARGS_CONSOLE(A) \
	DB_ARGS_GAUGES(A) \
	DB_ARGS_OPS_PAYOUT(A) \
	DB_ARGS_RECONCILE(A) \
	DB_ARGS_SIGNER(A)
#define DB_SIG_ROWS_SHAPES(R) DB_ROWS_SHAPES(R) \
	DB_ROWS_DB(R) \
	DB_ROWS_USER(R) \
	DB_ROWS_PARTNER(R) \
	DB_ROWS_APIKEY(R) \
	DB_ROWS_SIM(R) \
	DB_ROWS_FXRATE(R) \
	DB_ROWS_QUOTE(R) \
	DB_ROWS_RATE_LIMIT(R) \
	DB_ROWS_LEDGER(R) \
	DB_ROWS_CONVERSION(R) \
	DB_ROWS_IDEMPOTENCY(R) \
	DB_ROWS_PAYOUT(R) \
	DB_ROWS_WITHDRAWAL(R) \
	DB_ROWS_OUTBOX(R) \
	DB_ROWS_FUNDS(R) \
	DB_ROWS_HISTORY(R) \
	DB_ROWS_PAYOUT_FLOAT(R) \
	DB_ROWS_BENEFICIARY(R) \
	DB_ROWS_KYC(R) \
	DB_ROWS_WEBHOOK(R) \
	DB_ROWS_DELIVERY(R) \
	DB_ROWS_INTENT(R) \
	DB_ROWS_ONCHAIN(R) \
	DB_ROWS_CHAIN_DEPOSIT(R) \
	DB_ROWS_CONSOLE(R) \
	DB_ROWS_GAUGES(R) \
	DB_ROWS_OPS_PAYOUT(R) \
	DB_ROWS_RECONCILE(R) \
	DB_ROWS_SIGNER(R)
#define DB_SIG_STMTS(S) \
	DB_STMTS_DB(S) \
	DB_STMTS_USER(S) \
	DB_STMTS_PARTNER(S) \
	DB_STMTS_APIKEY(S) \
	DB_STMTS_SIM(S) \
	DB_STMTS_FXRATE(S) \
	DB_STMTS_QUOTE(S) \
	DB_STMTS_RATE_LIMIT(S) \
	DB_STMTS_LEDGER(S) \
	DB_STMTS_CONVERSION(S) \
	DB_STMTS_IDEMPOTENCY(S) \
	DB_STMTS_PAYOUT(S) \
	DB_STMTS_WITHDRAWAL(S) \
	DB_STMTS_OUTBOX(S) \
	DB_STMTS_FUNDS(S) \
	DB_STMTS_HISTORY(S) \
	DB_STMTS_PAYOUT_FLOAT(S) \
	DB_STMTS_BENEFICIARY(S) \
	DB_STMTS_KYC(S) \
	DB_STMTS_WEBHOOK(S) \
	DB_STMTS_DELIVERY(S) \
	DB_STMTS_INTENT(S) \
	DB_STMTS_ONCHAIN(S) \
	DB_STMTS_CHAIN_DEPOSIT(S) \
	DB_STMTS_CONSOLE(S) \
	DB_STMTS_GAUGES(S) \
	DB_STMTS_OPS_PAYOUT(S) \
	DB_STMTS_RECONCILE(S) \
	DB_STMTS_SIGNER(S)

enum db_args_shape { DB_SIG_ARGS_SHAPES(DB_SIG_SHAPE_ENUM) DB_ARGS_SHAPE__MAX };
enum db_rows_shape { DB_ROWS_SHAPE_db_none, DB_SIG_ROWS_SHAPES(DB_SIG_ROWS_ENUM)
	DB_ROWS_SHAPE__MAX };
DB_SIG_STMTS(DB_SIG_STMT_SHAPES)
DB_SIG_ARGS_SHAPES(DB_SIG_ARGS_DECLARE)
DB_SIG_ROWS_SHAPES(DB_SIG_ROWS_DECLARE)

/*
 * db_exec (store/db.h) of a bound statement. DB_FAIL, and nothing run,
 * when b's shape is not the statement's (DB_BIND_ANY's run-time check).
 */
enum db_rc db_run(struct db *db, struct db_bound b, struct db_rows *rows,
    struct db_res *res);

/* db_count of a bound statement, as db_run. */
enum db_rc db_run_count(struct db *db, struct db_bound b, unsigned long long *total);

/* db_count_upto of a bound statement, as db_run. */
enum db_rc db_run_count_upto(struct db *db, struct db_bound b, unsigned long long cap,
    struct db_total *out);

/* db_each of a bound statement, as db_run. */
enum db_rc db_run_each(struct db *db, struct db_bound b, db_row_fn fn, void *arg);

#endif
