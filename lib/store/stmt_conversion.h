/*
 * stmt_conversion: the statements of wallet conversions
 * (domain/wallet/conversion.c), their arguments and the columns their
 * rows hold; the SQL is in stmt_conversion.c.
 */
#ifndef CEDIRAMP_STMT_CONVERSION_H
#define CEDIRAMP_STMT_CONVERSION_H

/* A conversion row: CONVERSION_COLS, the SQL of conversion_COLS. The
 * history's page (stmt_history.c) reads it beside a payout's, whose
 * columns share its names: there each column's alias starts with c_
 * (CONVERSION_COLS_AS("c_"), CONVERSION_SHAPE(C, x, c_)), in the same
 * order, so conversion_from_row reads either. */
#define CONVERSION_COLS_AS(P) "c.id AS " P "id, c.user_id AS " P "user_id, " \
	"c.quote_id AS " P "quote_id, c.wallet_id AS " P "wallet_id, " \
	"c.from_currency AS " P "from_currency, c.to_currency AS " P "to_currency, " \
	"c.amount AS " P "amount, c.rate AS " P "rate, c.fee AS " P "fee, " \
	"c.receive_amount AS " P "receive_amount, c.status AS " P "status, " \
	"c.tx_hash AS " P "tx_hash, c.block_number AS " P "block_number, " \
	"c.failure_reason AS " P "failure_reason, " \
	"c.ghs_balance_after AS " P "ghs_balance_after, " \
	"DATE_FORMAT(c.created_at, '%Y-%m-%dT%H:%i:%sZ') AS " P "created_at, " \
	"DATE_FORMAT(c.completed_at, '%Y-%m-%dT%H:%i:%sZ') AS " P "completed_at, " \
	"DATE_FORMAT(c.created_at, '%Y-%m-%d %H:%i:%s.%f') AS " P "created_db "
#define CONVERSION_COLS CONVERSION_COLS_AS("")
/* its columns, each name prefixed by P (domain/wallet/conversion.c,
 * conversion_from_row: read by the caller, each column's checks its own) */
#define CONVERSION_SHAPE(C, x, P) \
	C(x, RAW, P##id, ) C(x, RAW, P##user_id, ) C(x, RAW, P##quote_id, ) \
	C(x, RAW, P##wallet_id, ) C(x, RAW, P##from_currency, ) \
	C(x, RAW, P##to_currency, ) C(x, RAW, P##amount, ) C(x, RAW, P##rate, ) \
	C(x, RAW, P##fee, ) C(x, RAW, P##receive_amount, ) C(x, RAW, P##status, ) \
	C(x, RAW, P##tx_hash, ) C(x, RAW, P##block_number, ) \
	C(x, RAW, P##failure_reason, ) C(x, RAW, P##ghs_balance_after, ) \
	C(x, RAW, P##created_at, ) C(x, RAW, P##completed_at, ) C(x, RAW, P##created_db, )
/* a conversion row (domain/wallet/conversion.h, struct conversion) */
#define conversion_COLS(C, x) CONVERSION_SHAPE(C, x, )

/* a new conversion, processing, its broadcast's lease (seconds) */
#define conv_insert_ARGS(ARG, AGAIN) \
	ARG(TEXT, id) ARG(INT, user_id) ARG(TEXT, quote_id) ARG(TEXT, wallet_id) \
	ARG(TEXT, from) ARG(TEXT, to) ARG(TEXT, amount) ARG(TEXT, rate) \
	ARG(TEXT, fee_percent) ARG(TEXT, gross) ARG(TEXT, fee) ARG(TEXT, receive) \
	ARG(TEXT, tx_hash) ARG(INT, lease_seconds)
/* a conversion by id and its owner (an API call's user) */
#define conv_by_owner_ARGS(ARG, AGAIN) ARG(TEXT, id) ARG(INT, user_id)
/* completed: the block, the GHS balance after it, the transfer's hash */
#define conv_complete_ARGS(ARG, AGAIN) \
	ARG(INT, block) ARG(TEXT, balance) ARG(TEXT, tx_hash) ARG(TEXT, id)
/* failed, and why */
#define conv_fail_ARGS(ARG, AGAIN) ARG(TEXT, reason) ARG(TEXT, id)

/* Its statements (their SQL in stmt_conversion.c): S(statement, its
 * arguments' shape, its rows' shape), as store/db_sig.h says. */
#define DB_STMTS_CONVERSION(S) \
	S(DB_CONV_USED_SINCE, used_since, used) \
	S(DB_CONV_INSERT, conv_insert, db_none) \
	S(DB_CONV_RELEASE, by_id, db_none) \
	S(DB_CONV_DELETE_UNSENT, by_id, db_none) \
	S(DB_CONV_GET, conv_by_owner, conversion) \
	S(DB_CONV_LOCK, by_id, conversion) \
	S(DB_CONV_COMPLETE, conv_complete, db_none) \
	S(DB_CONV_FAIL, conv_fail, db_none) \
	S(DB_CONV_CLAIM, claim_batch, ids) \
	S(DB_CONV_LEASE, lease_id, db_none) \
	S(DB_CONV_CHECKED, by_id, db_none)

#define DB_ARGS_CONVERSION(A) A(conv_insert) A(conv_by_owner) A(conv_complete) A(conv_fail)
#define DB_ROWS_CONVERSION(R) R(conversion)

#endif
