/*
 * stmt_payout: the statements of payouts, the payout engine's rows
 * (domain/payout.c, domain/wallet/transfer.c), with the columns their rows
 * hold; the SQL is in stmt_payout.c.
 */
#ifndef CEDIRAMP_STMT_PAYOUT_H
#define CEDIRAMP_STMT_PAYOUT_H

/* A payout row: PAYOUT_COLS, the SQL of payout_row_COLS (the history's
 * statements, stmt_history.c, read it too). */
#define PAYOUT_COLS "p.id, p.user_id, p.beneficiary_id, p.provider, p.phone, p.account_name, " \
	"p.amount, p.fee, p.currency, p.client_reference, p.provider_ref, p.status, " \
	"p.failure_reason, p.sends, " \
	"DATE_FORMAT(p.created_at, '%Y-%m-%dT%H:%i:%sZ') AS created_at, " \
	"DATE_FORMAT(p.processing_at, '%Y-%m-%dT%H:%i:%sZ') AS processing_at, " \
	"DATE_FORMAT(p.completed_at, '%Y-%m-%dT%H:%i:%sZ') AS completed_at, " \
	"DATE_FORMAT(p.created_at, '%Y-%m-%d %H:%i:%s.%f') AS created_db, " \
	"IF(p.withdrawal_id IS NULL, 'user', 'withdrawal') AS owner_kind, " \
	"IF(p.withdrawal_id IS NULL, CONCAT(p.user_id), p.withdrawal_id) AS owner_id, " \
	"p.conversion_id AS funding_id, p.held_at IS NOT NULL AS held, " \
	"LEAST(GREATEST(COALESCE(TIMESTAMPDIFF(SECOND, p.in_doubt_at, UTC_TIMESTAMP(6)), " \
	"1000000), 0), 1000000) AS doubt_ago "
/* (domain/payout.h, struct payout); user_id is NULL for a withdrawal's
 * payout: RAW, read by the caller. The owner (docs/design.md, Glossary):
 * a withdrawal's, or else the wallet user's; the funding a stablecoin
 * transfer's conversion. */
#define payout_row_COLS(C, x) \
	C(x, TEXT, id, id) C(x, RAW, user_id, ) C(x, TEXT, beneficiary_id, beneficiary_id) \
	C(x, TEXT, provider, provider) C(x, TEXT, phone, phone) \
	C(x, TEXT, account_name, account_name) C(x, TEXT, amount, amount) \
	C(x, TEXT, fee, fee) C(x, TEXT, currency, currency) \
	C(x, TEXT, client_reference, client_ref) \
	C(x, TEXT, provider_ref, provider_ref) C(x, TEXT, status, status) \
	C(x, TEXT, failure_reason, failure_reason) C(x, COUNT, sends, sends) \
	C(x, TEXT, created_at, created_at) C(x, TEXT, processing_at, processing_at) \
	C(x, TEXT, completed_at, completed_at) C(x, TEXT, created_db, created_db) \
	C(x, TEXT, owner_kind, owner.kind) C(x, TEXT, owner_id, owner.id) \
	C(x, TEXT, funding_id, funding_id) C(x, FLAG, held, held) \
	C(x, COUNT, doubt_ago, doubt_ago)
/* a reversal, as reconcile lists it: read by the caller */
#define payout_reversed_COLS(C, x) \
	C(x, RAW, id, ) C(x, RAW, provider, ) C(x, RAW, amount, ) C(x, RAW, fee, ) \
	C(x, RAW, owner, ) C(x, RAW, completed_at, ) C(x, RAW, reversed_at, )
/* a user's GHS in processing payouts, fees included */
#define payout_pending_COLS(C, x) C(x, RAW, pending, )

/* A review row (DB_PAYOUT_REVIEW_GET/LIST, DB_PI_REVIEW_GET/LIST): the
 * payout's or the intent's id, what was asked and what the provider
 * answered (amount, currency, party: RAW, the reader joins them), its
 * hold, the decision, and the payout's or intent's status
 * (domain/review.h, struct review). REVIEW_COLS is its SQL between the id
 * ("r.payout_id AS id, ") and the status ("p.status "). */
#define REVIEW_COLS "r.asked_amount, r.asked_currency, r.asked_party, " \
	"r.answered_amount, r.answered_currency, r.answered_party, r.financial_id, " \
	"DATE_FORMAT(r.held_at, '%Y-%m-%dT%H:%i:%sZ') AS held_at, r.decision, r.reason, " \
	"r.resolved_by, DATE_FORMAT(r.resolved_at, '%Y-%m-%dT%H:%i:%sZ') AS resolved_at, "
#define review_COLS(C, x) \
	C(x, TEXT, id, id) C(x, RAW, asked_amount, ) C(x, RAW, asked_currency, ) \
	C(x, RAW, asked_party, ) C(x, RAW, answered_amount, ) \
	C(x, RAW, answered_currency, ) C(x, RAW, answered_party, ) \
	C(x, TEXT, financial_id, financial_id) C(x, TEXT, held_at, held_at) \
	C(x, TEXT, decision, decision) C(x, TEXT, reason, reason) \
	C(x, TEXT, resolved_by, resolved_by) C(x, TEXT, resolved_at, resolved_at) \
	C(x, TEXT, status, status)
/* a review's row: the provider's answer (amount, currency, party, its
 * financial id) for the held payout's or intent's id */
#define review_insert_ARGS(ARG, AGAIN) \
	ARG(TEXT, amount) ARG(TEXT, currency) ARG(TEXT, party) ARG(TEXT, financial_id) \
	ARG(TEXT, id)
/* a review's one decision ("complete", "fail"), why, and who took it */
#define review_decide_ARGS(ARG, AGAIN) \
	ARG(TEXT, decision) ARG(TEXT, reason) ARG(TEXT, resolved_by) ARG(TEXT, id)
/* a provider's hint (a callback) on a network's payout or intent, by our
 * id or its reference, at most once per interval (seconds) */
#define hint_ARGS(ARG, AGAIN) \
	ARG(TEXT, network) ARG(TEXT, id) ARG(TEXT, provider_ref) ARG(INT, interval)

/* A wallet transfer's payout: processing at once, its status checked
 * check_seconds on, leased for lease_seconds */
#define payout_insert_ARGS(ARG, AGAIN) \
	ARG(TEXT, id) ARG(INT, user_id) ARG(TEXT, beneficiary_id) ARG(TEXT, provider) \
	ARG(TEXT, phone) ARG(TEXT, account_name) ARG(TEXT, amount) ARG(TEXT, fee) \
	ARG(TEXT, currency) ARG(TEXT, client_ref) ARG(TEXT, provider_ref) \
	ARG(INT, check_seconds) ARG(INT, lease_seconds)
/* a stablecoin transfer's payout, pending its conversion (the coin and
 * amount it converts) */
#define payout_insert_pending_ARGS(ARG, AGAIN) \
	ARG(TEXT, id) ARG(INT, user_id) ARG(TEXT, beneficiary_id) ARG(TEXT, provider) \
	ARG(TEXT, phone) ARG(TEXT, account_name) ARG(TEXT, amount) ARG(TEXT, fee) \
	ARG(TEXT, currency) ARG(TEXT, client_ref) ARG(TEXT, conversion_id) \
	ARG(TEXT, source_currency) ARG(TEXT, source_amount) ARG(TEXT, provider_ref)
/* a withdrawal's payout (GHS, no fee), pending the withdrawal */
#define payout_insert_wd_ARGS(ARG, AGAIN) \
	ARG(TEXT, id) ARG(TEXT, provider) ARG(TEXT, phone) ARG(TEXT, amount) \
	ARG(TEXT, client_ref) ARG(TEXT, withdrawal_id) ARG(TEXT, provider_ref)
/* the pending payout of a conversion */
#define payout_conversion_ARGS(ARG, AGAIN) ARG(TEXT, conversion_id)
/* a payout by id and its owner (an API call's user) */
#define payout_by_owner_ARGS(ARG, AGAIN) ARG(TEXT, id) ARG(INT, user_id)
/* a JSON array of ids checked again later, at most backoff_max seconds on */
#define payout_ids_later_ARGS(ARG, AGAIN) ARG(TEXT, ids) ARG(INT, backoff_max)
/* completed; watch 1: watched for a reversal */
#define payout_complete_ARGS(ARG, AGAIN) ARG(INT, watch) ARG(TEXT, id)
/* failed or reversed, and why (clipped to 200) */
#define payout_reason_ARGS(ARG, AGAIN) ARG(TEXT, reason) ARG(TEXT, id)
/* still completed: watched again, until window seconds after it completed */
#define payout_watch_later_ARGS(ARG, AGAIN) ARG(INT, window) ARG(TEXT, id)
/* a user's payouts */
#define payout_user_ARGS(ARG, AGAIN) ARG(INT, user_id)
/* Its statements (their SQL in stmt_payout.c): S(statement, its
 * arguments' shape, its rows' shape), as store/db_sig.h says. */
#define DB_STMTS_PAYOUT(S) \
	S(DB_PAYOUT_INSERT, payout_insert, db_none) \
	S(DB_PAYOUT_REVIEW_HOLD, by_id, db_none) \
	S(DB_PAYOUT_REVIEW_INSERT, review_insert, db_none) \
	S(DB_PAYOUT_REVIEW_GET, by_id, review) \
	S(DB_PAYOUT_REVIEW_LIST, no_args, review) \
	S(DB_PAYOUT_REVIEW_DECIDE, review_decide, db_none) \
	S(DB_PAYOUT_REVIEW_RELEASE, by_id, db_none) \
	S(DB_PAYOUT_INSERT_PENDING, payout_insert_pending, db_none) \
	S(DB_PAYOUT_DELETE_PENDING, payout_conversion, db_none) \
	S(DB_PAYOUT_START, lease_id, db_none) \
	S(DB_PAYOUT_GET, payout_by_owner, payout_row) \
	S(DB_PAYOUT_LOCK, payout_by_owner, payout_row) \
	S(DB_PAYOUT_GET_ANY, by_id, payout_row) \
	S(DB_PAYOUT_LOCK_ANY, by_id, payout_row) \
	S(DB_PAYOUT_GET_MANY, json_batch, payout_row) \
	S(DB_PAYOUT_LOCK_MANY, json_batch, payout_row) \
	S(DB_PAYOUT_COMPLETE_MANY, json_batch, db_none) \
	S(DB_PAYOUT_FAIL_MANY, json_batch, db_none) \
	S(DB_PAYOUT_CHECK_LATER_MANY, payout_ids_later, db_none) \
	S(DB_PAYOUT_LEASE_MANY, lease_many, db_none) \
	S(DB_PAYOUT_SENT, by_id, db_none) \
	S(DB_PAYOUT_IN_DOUBT, by_id, db_none) \
	S(DB_PAYOUT_RELEASE, by_id, db_none) \
	S(DB_PAYOUT_COMPLETE, payout_complete, db_none) \
	S(DB_PAYOUT_FAIL, payout_reason, db_none) \
	S(DB_PAYOUT_CHECK_LATER, check_later, db_none) \
	S(DB_PAYOUT_CHECK_NOW, hint, db_none) \
	S(DB_PAYOUT_CLAIM, claim_batch, ids) \
	S(DB_PAYOUT_CLAIM_PENDING, claim_batch, ids) \
	S(DB_PAYOUT_LEASE, lease_id, db_none) \
	S(DB_PAYOUT_WATCH_CLAIM, claim_batch, ids) \
	S(DB_PAYOUT_WATCH_LATER, payout_watch_later, db_none) \
	S(DB_PAYOUT_REVERSE, payout_reason, db_none) \
	S(DB_PAYOUT_REVERSED, no_args, payout_reversed) \
	S(DB_PAYOUT_USED_SINCE, used_since, used) \
	S(DB_PAYOUT_PENDING_SUM, payout_user, payout_pending) \
	S(DB_PAYOUT_INSERT_WITHDRAWAL, payout_insert_wd, db_none)
/* (review_insert, review_decide, hint and review are the intents' too) */
#define DB_ARGS_PAYOUT(A) A(review_insert) A(review_decide) A(hint) A(payout_insert) \
	A(payout_insert_pending) A(payout_insert_wd) A(payout_conversion) A(payout_by_owner) \
	A(payout_ids_later) \
	A(payout_complete) A(payout_reason) A(payout_watch_later) A(payout_user)
#define DB_ROWS_PAYOUT(R) R(review) R(payout_row) R(payout_reversed) R(payout_pending)

#endif
