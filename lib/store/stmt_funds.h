/*
 * stmt_funds: the statements of partners' deposits (domain/funds.c,
 * domain/chain_deposit.c), with the columns their rows hold; the SQL is in
 * stmt_funds.c.
 */
#ifndef CEDIRAMP_STMT_FUNDS_H
#define CEDIRAMP_STMT_FUNDS_H

/* A credited deposit: its source by name ("seed", "sandbox", "operator",
 * "chain"), its reference unique */
#define deposit_insert_ARGS(ARG, AGAIN) \
	ARG(TEXT, id) ARG(INT, partner_id) ARG(TEXT, currency) ARG(TEXT, amount) \
	ARG(TEXT, deposit_ref) ARG(TEXT, source)
/* a deposit by its reference ... */
#define deposit_by_ref_ARGS(ARG, AGAIN) ARG(TEXT, deposit_ref)
/* ... its id, partner, currency and amount (at 18 places: the caller
 * scales it to the currency's) */
#define deposit_COLS(C, x) \
	C(x, RAW, id, ) C(x, RAW, partner_id, ) C(x, RAW, currency, ) C(x, RAW, amount, )

/* Its statements (their SQL in stmt_funds.c): S(statement, its arguments'
 * shape, its rows' shape), as store/db_sig.h says. */
#define DB_STMTS_FUNDS(S) \
	S(DB_DEPOSIT_INSERT, deposit_insert, db_none) \
	S(DB_DEPOSIT_BY_REF, deposit_by_ref, deposit)
#define DB_ARGS_FUNDS(A) A(deposit_insert) A(deposit_by_ref)
#define DB_ROWS_FUNDS(R) R(deposit)

#endif
