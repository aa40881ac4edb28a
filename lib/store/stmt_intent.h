/*
 * stmt_intent: the statements of payment intents (domain/partner/intent.c,
 * through domain/partner/resource.c), with the columns their rows hold;
 * the SQL is in stmt_intent.c.
 */
#ifndef CEDIRAMP_STMT_INTENT_H
#define CEDIRAMP_STMT_INTENT_H

/* A payment intent row: INTENT_COLS, the SQL of intent_COLS. */
#define INTENT_COLS "id, partner_id, reference_id, request_hash, amount, currency, fee, " \
	"net_amount, payer_phone, mobile_network, description, metadata, status, " \
	"provider_ref, sends, failure_reason, " \
	"DATE_FORMAT(expires_at, '%Y-%m-%dT%H:%i:%sZ') AS expires_at, " \
	"DATE_FORMAT(created_at, '%Y-%m-%dT%H:%i:%sZ') AS created_at, " \
	"DATE_FORMAT(updated_at, '%Y-%m-%dT%H:%i:%sZ') AS updated_at, " \
	"DATE_FORMAT(completed_at, '%Y-%m-%dT%H:%i:%sZ') AS completed_at, late, " \
	"expires_at <= UTC_TIMESTAMP(6) AS past_ttl, held_at IS NOT NULL AS held "
/* (domain/partner/intent.h, struct intent) */
#define intent_COLS(C, x) \
	C(x, TEXT, id, id) C(x, ID, partner_id, partner_id) \
	C(x, TEXT, reference_id, reference_id) C(x, TEXT, request_hash, request_hash) \
	C(x, TEXT, amount, amount) C(x, TEXT, currency, currency) C(x, TEXT, fee, fee) \
	C(x, TEXT, net_amount, net_amount) C(x, TEXT, payer_phone, phone) \
	C(x, TEXT, mobile_network, network) C(x, DUP, description, description) \
	C(x, DUP, metadata, metadata) C(x, TEXT, status, status) \
	C(x, TEXT, provider_ref, provider_ref) C(x, COUNT, sends, sends) \
	C(x, TEXT, failure_reason, failure_reason) C(x, TEXT, expires_at, expires_at) \
	C(x, TEXT, created_at, created_at) C(x, TEXT, updated_at, updated_at) \
	C(x, TEXT, completed_at, completed_at) C(x, FLAG, late, late) \
	C(x, FLAG, past_ttl, past_ttl) C(x, FLAG, held, held)
/* a collection credited late (reconcile's report): read by the caller */
#define pi_late_COLS(C, x) \
	C(x, RAW, id, ) C(x, RAW, partner_id, ) C(x, RAW, net_amount, ) C(x, RAW, expires_at, ) \
	C(x, RAW, completed_at, )

/* A new intent: pending_approval, its request-to-pay's reference
 * (provider_ref) stored before it is sent; it expires ttl seconds on */
#define pi_insert_ARGS(ARG, AGAIN) \
	ARG(TEXT, id) ARG(INT, partner_id) ARG(TEXT, reference_id) ARG(TEXT, request_hash) \
	ARG(TEXT, amount) ARG(TEXT, fee) ARG(TEXT, net_amount) ARG(TEXT, payer_phone) \
	ARG(TEXT, mobile_network) ARG(TEXT, description) ARG(TEXT, metadata) \
	ARG(TEXT, provider_ref) ARG(INT, ttl)
/* one transition, from the state it leaves to another (to: its status,
 * then read four times more), with its reason (NULL: keep the one stored) */
#define pi_move_ARGS(ARG, AGAIN) \
	ARG(TEXT, to) AGAIN(TEXT, to) AGAIN(TEXT, to) AGAIN(TEXT, to) AGAIN(TEXT, to) \
	ARG(TEXT, reason) ARG(TEXT, id) ARG(TEXT, from)
/* asked again in at least min_seconds */
#define pi_check_later_ARGS(ARG, AGAIN) ARG(INT, min_seconds) ARG(TEXT, id)
/* expired intents past the window (seconds) */
#define pi_window_ARGS(ARG, AGAIN) ARG(INT, seconds)
/* Its statements (their SQL in stmt_intent.c): S(statement, its
 * arguments' shape, its rows' shape), as store/db_sig.h says. The review
 * rows, the hint and the review's insert and decision are shaped as the
 * payouts' (stmt_payout.h). */
#define DB_STMTS_INTENT(S) \
	S(DB_PI_INSERT, pi_insert, db_none) \
	S(DB_PI_BY_REFERENCE, res_by_reference, intent) \
	S(DB_PI_GET, res_by_owner, intent) \
	S(DB_PI_LOCK, res_by_owner, intent) \
	S(DB_PI_GET_ANY, by_id, intent) \
	S(DB_PI_LOCK_ANY, by_id, intent) \
	S(DB_PI_MOVE, pi_move, db_none) \
	S(DB_PI_SENT, by_id, db_none) \
	S(DB_PI_CHECK_LATER, pi_check_later, db_none) \
	S(DB_PI_CLAIM, claim_batch, ids) \
	S(DB_PI_EXPIRE_CLAIM, claim_batch, ids) \
	S(DB_PI_LEASE, lease_id, db_none) \
	S(DB_PI_COUNT, res_count, count) \
	S(DB_PI_COUNT_ALL, res_count_all, count) \
	S(DB_PI_PAGE, res_page, intent) \
	S(DB_PI_LATE, no_args, pi_late) \
	S(DB_PI_CHECK_NOW, hint, db_none) \
	S(DB_PI_LATE_CLAIM, claim_batch, ids) \
	S(DB_PI_LATE_LATER, by_id, db_none) \
	S(DB_PI_LATE_STOP, by_id, db_none) \
	S(DB_PI_LATE_EXPIRE_WATCH, pi_window, db_none) \
	S(DB_PI_REVIEW_HOLD, by_id, db_none) \
	S(DB_PI_REVIEW_INSERT, review_insert, db_none) \
	S(DB_PI_REVIEW_GET, by_id, review) \
	S(DB_PI_REVIEW_LIST, no_args, review) \
	S(DB_PI_REVIEW_DECIDE, review_decide, db_none) \
	S(DB_PI_REVIEW_RELEASE, by_id, db_none)
#define DB_ARGS_INTENT(A) A(pi_insert) A(pi_move) A(pi_check_later) A(pi_window)
#define DB_ROWS_INTENT(R) R(intent) R(pi_late)

#endif
