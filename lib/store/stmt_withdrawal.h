/*
 * stmt_withdrawal: the statements of partner withdrawals
 * (domain/partner/withdrawal.c, through domain/partner/resource.c), with
 * the columns their rows hold; the SQL is in stmt_withdrawal.c.
 */
#ifndef CEDIRAMP_STMT_WITHDRAWAL_H
#define CEDIRAMP_STMT_WITHDRAWAL_H

/* A withdrawal row: WITHDRAWAL_COLS, the SQL of withdrawal_COLS (its
 * payout's reference and sends last). */
#define WITHDRAWAL_COLS "w.id, w.partner_id, w.reference_id, w.request_hash, w.quote_id, " \
	"w.currency, w.amount, w.rate, w.gross_amount, w.fee, w.ghs_amount, " \
	"w.recipient_phone, w.mobile_network, w.metadata, w.status, w.tx_hash, " \
	"w.submits, w.payout_id, w.failure_reason, " \
	"DATE_FORMAT(w.created_at, '%Y-%m-%dT%H:%i:%sZ') AS created_at, " \
	"DATE_FORMAT(w.processing_at, '%Y-%m-%dT%H:%i:%sZ') AS processing_at, " \
	"DATE_FORMAT(w.completed_at, '%Y-%m-%dT%H:%i:%sZ') AS completed_at, " \
	"p.provider_ref, p.sends "
/* amount (at the coin's scale) and rate (as displayed) need the currency:
 * RAW, read by the caller */
#define withdrawal_COLS(C, x) \
	C(x, TEXT, id, id) C(x, ID, partner_id, partner_id) \
	C(x, TEXT, reference_id, reference_id) C(x, TEXT, request_hash, request_hash) \
	C(x, TEXT, quote_id, quote_id) C(x, TEXT, currency, currency) \
	C(x, RAW, amount, ) C(x, RAW, rate, ) C(x, TEXT, gross_amount, gross) \
	C(x, TEXT, fee, fee) C(x, TEXT, ghs_amount, ghs_amount) \
	C(x, TEXT, recipient_phone, phone) C(x, TEXT, mobile_network, network) \
	C(x, DUP, metadata, metadata) C(x, TEXT, status, status) \
	C(x, TEXT, tx_hash, tx_hash) C(x, COUNT, submits, submits) \
	C(x, TEXT, payout_id, payout_id) C(x, TEXT, failure_reason, failure_reason) \
	C(x, TEXT, created_at, created_at) C(x, TEXT, processing_at, processing_at) \
	C(x, TEXT, completed_at, completed_at) C(x, TEXT, provider_ref, provider_ref) \
	C(x, RAW, sends, )

/* A new withdrawal: pending, checked at once */
#define wd_insert_ARGS(ARG, AGAIN) \
	ARG(TEXT, id) ARG(INT, partner_id) ARG(TEXT, reference_id) ARG(TEXT, request_hash) \
	ARG(TEXT, quote_id) ARG(TEXT, currency) ARG(TEXT, amount) ARG(TEXT, rate) \
	ARG(TEXT, gross_amount) ARG(TEXT, fee) ARG(TEXT, ghs_amount) \
	ARG(TEXT, recipient_phone) ARG(TEXT, mobile_network) ARG(TEXT, metadata) \
	ARG(TEXT, tx_hash) ARG(TEXT, payout_id)
/* the signed conversion's hash (NULL: keep the one stored) */
#define wd_tx_hash_ARGS(ARG, AGAIN) ARG(TEXT, tx_hash) ARG(TEXT, id)
/* why cediramp-signer signed nothing for it */
#define wd_signer_hold_ARGS(ARG, AGAIN) ARG(TEXT, reason) ARG(TEXT, id)
/* a failure's reason (clipped to 200) */
#define wd_reason_ARGS(ARG, AGAIN) ARG(TEXT, reason) ARG(TEXT, id)

/* Its statements (their SQL in stmt_withdrawal.c): S(statement, its
 * arguments' shape, its rows' shape), as store/db_sig.h says. */
#define DB_STMTS_WITHDRAWAL(S) \
	S(DB_WD_INSERT, wd_insert, db_none) \
	S(DB_WD_BY_REFERENCE, res_by_reference, withdrawal) \
	S(DB_WD_GET, res_by_owner, withdrawal) \
	S(DB_WD_LOCK, res_by_owner, withdrawal) \
	S(DB_WD_GET_ANY, by_id, withdrawal) \
	S(DB_WD_LOCK_ANY, by_id, withdrawal) \
	S(DB_WD_SUBMITTED, by_id, db_none) \
	S(DB_WD_PROCESSING, wd_tx_hash, db_none) \
	S(DB_WD_SIGNED, wd_tx_hash, db_none) \
	S(DB_WD_SIGNER_HOLD, wd_signer_hold, db_none) \
	S(DB_WD_COMPLETE, by_id, db_none) \
	S(DB_WD_FAIL, wd_reason, db_none) \
	S(DB_WD_CANCEL, by_id, db_none) \
	S(DB_WD_REVERSE, wd_reason, db_none) \
	S(DB_WD_CHECK_LATER, check_later, db_none) \
	S(DB_WD_CLAIM, claim_batch, ids) \
	S(DB_WD_LEASE, lease_id, db_none) \
	S(DB_WD_USED_SINCE, used_since, used) \
	S(DB_WD_COUNT, res_count, count) \
	S(DB_WD_COUNT_ALL, res_count_all, count) \
	S(DB_WD_PAGE, res_page, withdrawal)
#define DB_ARGS_WITHDRAWAL(A) A(wd_insert) A(wd_tx_hash) A(wd_signer_hold) A(wd_reason)
#define DB_ROWS_WITHDRAWAL(R) R(withdrawal)

#endif
