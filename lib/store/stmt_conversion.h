/*
 * stmt_conversion: the statements of wallet conversions
 * (domain/wallet/conversion.c), with the columns their rows hold; the SQL
 * is in stmt_conversion.c.
 */
#ifndef CEDIRAMP_STMT_CONVERSION_H
#define CEDIRAMP_STMT_CONVERSION_H

/* A conversion row: CONVERSION_COLS, and its columns in order. */
#define CONVERSION_COLS "c.id, c.user_id, c.quote_id, c.wallet_id, c.from_currency, c.to_currency, " \
	"c.amount, c.rate, c.fee, c.receive_amount, c.status, c.tx_hash, c.block_number, " \
	"c.failure_reason, c.ghs_balance_after, " \
	"DATE_FORMAT(c.created_at, '%Y-%m-%dT%H:%i:%sZ'), " \
	"DATE_FORMAT(c.completed_at, '%Y-%m-%dT%H:%i:%sZ'), " \
	"DATE_FORMAT(c.created_at, '%Y-%m-%d %H:%i:%s.%f') "
enum conversion_col { CC_ID, CC_USER, CC_QUOTE, CC_WALLET, CC_FROM, CC_TO, CC_AMOUNT,
	CC_RATE, CC_FEE, CC_RECEIVE, CC_STATUS, CC_HASH, CC_BLOCK, CC_REASON, CC_BALANCE,
	CC_CREATED, CC_COMPLETED, CC_CREATED_DB, CONVERSION_NCOLS };

/* Its statements (their SQL in stmt_conversion.c). */
#define DB_STMTS_CONVERSION(S) \
	S(DB_CONV_USED_SINCE, untyped, untyped) \
	S(DB_CONV_INSERT, untyped, untyped) \
	S(DB_CONV_RELEASE, untyped, untyped) \
	S(DB_CONV_DELETE_UNSENT, untyped, untyped) \
	S(DB_CONV_GET, untyped, untyped) \
	S(DB_CONV_LOCK, untyped, untyped) \
	S(DB_CONV_COMPLETE, untyped, untyped) \
	S(DB_CONV_FAIL, untyped, untyped) \
	S(DB_CONV_CLAIM, untyped, untyped) \
	S(DB_CONV_LEASE, untyped, untyped) \
	S(DB_CONV_CHECKED, untyped, untyped)

#define DB_ARGS_CONVERSION(A)
#define DB_ROWS_CONVERSION(R)

#endif
