/*
 * stmt_quote: the statements of quotes (domain/quote.c; conversions and
 * withdrawals lock and use them), with the columns their rows hold; the
 * SQL is in stmt_quote.c.
 */
#ifndef CEDIRAMP_STMT_QUOTE_H
#define CEDIRAMP_STMT_QUOTE_H

/* a quote's row: its owner (a user's id for the wallet API, a partner's
 * for the partner API, the other NULL), the priced amounts, and its
 * creation and expiry (Unix seconds) */
#define quote_insert_ARGS(ARG, AGAIN) \
	ARG(TEXT, id) ARG(TEXT, api) ARG(OPT_INT, user_id) ARG(OPT_INT, partner_id) \
	ARG(TEXT, from_currency) ARG(TEXT, to_currency) ARG(TEXT, amount) ARG(TEXT, rate) \
	ARG(TEXT, fee_percent) ARG(TEXT, gross_amount) ARG(TEXT, fee) \
	ARG(TEXT, receive_amount) ARG(INT, created_at) ARG(INT, expires_at)
/* a locked quote: its owner and amounts, whether it has expired and
 * whether it was used ("1" or "0"); read by the caller (the amount needs
 * the coin, the owner the caller) */
#define quote_lock_COLS(C, x) \
	C(x, RAW, user_id, ) C(x, RAW, api, ) C(x, RAW, from_currency, ) C(x, RAW, amount, ) \
	C(x, RAW, rate, ) C(x, RAW, fee_percent, ) C(x, RAW, gross_amount, ) C(x, RAW, fee, ) \
	C(x, RAW, receive_amount, ) C(x, RAW, expired, ) C(x, RAW, used, ) \
	C(x, RAW, partner_id, )

/* Its statements (their SQL in stmt_quote.c): S(statement, its arguments'
 * shape, its rows' shape), as store/db_sig.h says. */
#define DB_STMTS_QUOTE(S) \
	S(DB_QUOTE_INSERT, quote_insert, db_none) \
	S(DB_QUOTE_INSERT_USED, quote_insert, db_none) \
	S(DB_QUOTE_EXPIRE, no_args, db_none) \
	S(DB_QUOTE_LOCK, by_id, quote_lock) \
	S(DB_QUOTE_MARK_USED, by_id, db_none) \
	S(DB_QUOTE_UNMARK_USED, by_id, db_none)

#define DB_ARGS_QUOTE(A) A(quote_insert)
#define DB_ROWS_QUOTE(R) R(quote_lock)

#endif
