/*
 * stmt_withdrawal: the statements of partner withdrawals
 * (domain/partner/withdrawal.c, through domain/partner/resource.c), with
 * the columns their rows hold; the SQL is in stmt_withdrawal.c.
 */
#ifndef CEDIRAMP_STMT_WITHDRAWAL_H
#define CEDIRAMP_STMT_WITHDRAWAL_H

/* A withdrawal row: WITHDRAWAL_COLS, and its columns in order. */
#define WITHDRAWAL_COLS "w.id, w.partner_id, w.reference_id, w.request_hash, w.quote_id, " \
	"w.currency, w.amount, w.rate, w.gross_amount, w.fee, w.ghs_amount, " \
	"w.recipient_phone, w.mobile_network, w.metadata, w.status, w.tx_hash, " \
	"w.submits, w.payout_id, w.failure_reason, " \
	"DATE_FORMAT(w.created_at, '%Y-%m-%dT%H:%i:%sZ'), " \
	"DATE_FORMAT(w.processing_at, '%Y-%m-%dT%H:%i:%sZ'), " \
	"DATE_FORMAT(w.completed_at, '%Y-%m-%dT%H:%i:%sZ'), p.provider_ref, p.sends "
enum withdrawal_col { WC_ID, WC_PARTNER, WC_REFERENCE, WC_HASH, WC_QUOTE, WC_CURRENCY,
	WC_AMOUNT, WC_RATE, WC_GROSS, WC_FEE, WC_GHS, WC_PHONE, WC_NETWORK, WC_METADATA,
	WC_STATUS, WC_TX_HASH, WC_SUBMITS, WC_PAYOUT, WC_REASON, WC_CREATED,
	WC_PROCESSING, WC_COMPLETED, WC_PROVIDER_REF, WC_SENDS, WITHDRAWAL_NCOLS };

/* Its statements (their SQL in stmt_withdrawal.c). */
#define DB_STMTS_WITHDRAWAL(S) \
	S(DB_WD_INSERT) \
	S(DB_WD_BY_REFERENCE) \
	S(DB_WD_GET) \
	S(DB_WD_LOCK) \
	S(DB_WD_GET_ANY) \
	S(DB_WD_LOCK_ANY) \
	S(DB_WD_SUBMITTED) \
	S(DB_WD_PROCESSING) \
	S(DB_WD_SIGNED) \
	S(DB_WD_COMPLETE) \
	S(DB_WD_FAIL) \
	S(DB_WD_CANCEL) \
	S(DB_WD_REVERSE) \
	S(DB_WD_CHECK_LATER) \
	S(DB_WD_CLAIM) \
	S(DB_WD_LEASE) \
	S(DB_WD_USED_SINCE) \
	S(DB_WD_COUNT) \
	S(DB_WD_COUNT_ALL) \
	S(DB_WD_PAGE)

#endif
