/*
 * stmt_ledger: the statements of the double-entry ledger and its checks
 * (domain/ledger.c, domain/statement.c), their arguments and the columns
 * their rows hold; the SQL is in stmt_ledger.c.
 */
#ifndef CEDIRAMP_STMT_LEDGER_H
#define CEDIRAMP_STMT_LEDGER_H

/* an account by its code, made when new: its asset and kind */
#define ledger_account_ARGS(ARG, AGAIN) ARG(TEXT, code) ARG(TEXT, asset) ARG(TEXT, kind)
/* an account's balance moved by amount (signed decimal text) */
#define ledger_balance_add_ARGS(ARG, AGAIN) ARG(TEXT, amount) ARG(INT, id)
/* an account by its code */
#define ledger_code_ARGS(ARG, AGAIN) ARG(TEXT, code)
/* its balance: read by the caller */
#define ledger_balance_COLS(C, x) C(x, RAW, balance, )
/* the checks' rows (domain/ledger.c, ledger_check), each printed whole:
 * a transaction's unbalanced sum of an asset */
#define ledger_tx_sum_COLS(C, x) C(x, RAW, tx_id, ) C(x, RAW, asset, ) C(x, RAW, total, )
/* an account whose cached balance is not its entries' sum */
#define ledger_cache_COLS(C, x) C(x, RAW, code, ) C(x, RAW, balance, ) C(x, RAW, entries, )
/* an account below zero */
#define ledger_negative_COLS(C, x) C(x, RAW, code, ) C(x, RAW, balance, )
/* an entry in another asset than its account's */
#define ledger_asset_COLS(C, x) C(x, RAW, id, ) C(x, RAW, code, ) C(x, RAW, asset, )
/* an account's balance before a time (DATETIME text) */
#define ledger_before_ARGS(ARG, AGAIN) ARG(TEXT, since) ARG(TEXT, code)
/* ... read by the caller */
#define ledger_before_COLS(C, x) C(x, RAW, balance, )
/* a partner's statement: its available and pending accounts' codes (the
 * first twice), over a period (from, to: DATETIME text, inclusive) */
#define ledger_statement_partner_ARGS(ARG, AGAIN) \
	ARG(TEXT, available) AGAIN(TEXT, available) ARG(TEXT, pending) \
	ARG(TEXT, from) ARG(TEXT, to)
/* a wallet user's statement: the GHS account's code, over a period */
#define ledger_statement_user_ARGS(ARG, AGAIN) ARG(TEXT, code) ARG(TEXT, from) ARG(TEXT, to)
/* a statement's movement (domain/statement.c, movement): its date, event
 * kind and object's id, the object's client reference, which balance, the
 * amount, and the gross and fee it splits into: read by the caller */
#define ledger_movement_COLS(C, x) \
	C(x, RAW, created_at, ) C(x, RAW, kind, ) C(x, RAW, ref_id, ) C(x, RAW, client_reference, ) \
	C(x, RAW, balance, ) C(x, RAW, amount, ) C(x, RAW, gross, ) C(x, RAW, fee, )

/* Its statements (their SQL in stmt_ledger.c): S(statement, its
 * arguments' shape, its rows' shape), as store/db_sig.h says. */
#define DB_STMTS_LEDGER(S) \
	S(DB_LEDGER_ACCOUNT_ENSURE, ledger_account, db_none) \
	S(DB_LEDGER_TX_INSERT_MANY, json_batch, db_none) \
	S(DB_LEDGER_ENTRY_INSERT_MANY, json_batch, db_none) \
	S(DB_LEDGER_BALANCE_ADD, ledger_balance_add, db_none) \
	S(DB_LEDGER_BALANCE_GET, ledger_code, ledger_balance) \
	S(DB_LEDGER_CHECK_TX_SUMS, no_args, ledger_tx_sum) \
	S(DB_LEDGER_CHECK_CACHE, no_args, ledger_cache) \
	S(DB_LEDGER_CHECK_NEGATIVE, no_args, ledger_negative) \
	S(DB_LEDGER_CHECK_ASSETS, no_args, ledger_asset) \
	S(DB_LEDGER_SUM_BEFORE, ledger_before, ledger_before) \
	S(DB_LEDGER_STATEMENT_PARTNER, ledger_statement_partner, ledger_movement) \
	S(DB_LEDGER_STATEMENT_USER, ledger_statement_user, ledger_movement)

#define DB_ARGS_LEDGER(A) A(ledger_account) A(ledger_balance_add) \
	A(ledger_code) A(ledger_before) A(ledger_statement_partner) A(ledger_statement_user)
#define DB_ROWS_LEDGER(R) R(ledger_balance) R(ledger_tx_sum) R(ledger_cache) \
	R(ledger_negative) R(ledger_asset) R(ledger_before) R(ledger_movement)

#endif
