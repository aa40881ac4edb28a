/*
 * stmt_payout: the statements of payouts, the payout engine's rows
 * (domain/payout.c, domain/wallet/transfer.c), with the columns their rows
 * hold; the SQL is in stmt_payout.c.
 */
#ifndef CEDIRAMP_STMT_PAYOUT_H
#define CEDIRAMP_STMT_PAYOUT_H

/* A payout row: PAYOUT_COLS, and its columns in order. */
#define PAYOUT_COLS "p.id, p.user_id, p.beneficiary_id, p.provider, p.phone, p.account_name, " \
	"p.amount, p.fee, p.currency, p.reference, p.provider_ref, p.status, " \
	"p.failure_reason, p.sends, DATE_FORMAT(p.created_at, '%Y-%m-%dT%H:%i:%sZ'), " \
	"DATE_FORMAT(p.processing_at, '%Y-%m-%dT%H:%i:%sZ'), " \
	"DATE_FORMAT(p.completed_at, '%Y-%m-%dT%H:%i:%sZ'), " \
	"DATE_FORMAT(p.created_at, '%Y-%m-%d %H:%i:%s.%f'), p.conversion_id, p.withdrawal_id, " \
	"p.held_at IS NOT NULL "
enum payout_col { PC_ID, PC_USER, PC_BEN, PC_PROVIDER, PC_PHONE, PC_NAME, PC_AMOUNT,
	PC_FEE, PC_CURRENCY, PC_REFERENCE, PC_PROVIDER_REF, PC_STATUS, PC_REASON, PC_SENDS,
	PC_CREATED, PC_PROCESSING, PC_COMPLETED, PC_CREATED_DB, PC_CONVERSION,
	PC_WITHDRAWAL, PC_HELD, PAYOUT_NCOLS };
/* A review row (DB_PAYOUT_REVIEW_GET/LIST, DB_PI_REVIEW_GET/LIST): the
 * payout's or the intent's id, what was asked and what the provider
 * answered (amount, currency, party: RAW, the reader joins them), its
 * hold, the decision, and the payout's or intent's status
 * (domain/payout_review.h, struct payout_review) */
#define review_COLS(C, x) \
	C(x, TEXT, id, payout_id) C(x, RAW, asked_amount, ) C(x, RAW, asked_currency, ) \
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

/* (PAYOUT_REVIEW_NCOLS: the payout review statements until they are typed) */
enum payout_review_col { PR_PAYOUT, PR_ASKED_AMOUNT, PR_ASKED_CURRENCY, PR_ASKED_PARTY,
	PR_ANSWERED_AMOUNT, PR_ANSWERED_CURRENCY, PR_ANSWERED_PARTY, PR_FINANCIAL_ID,
	PR_HELD_AT, PR_DECISION, PR_REASON, PR_RESOLVED_BY, PR_RESOLVED_AT, PR_STATUS,
	PAYOUT_REVIEW_NCOLS };

/* Its statements (their SQL in stmt_payout.c). */
#define DB_STMTS_PAYOUT(S) \
	S(DB_PAYOUT_INSERT, untyped, untyped) \
	S(DB_PAYOUT_REVIEW_HOLD, untyped, untyped) \
	S(DB_PAYOUT_REVIEW_INSERT, untyped, untyped) \
	S(DB_PAYOUT_REVIEW_GET, untyped, untyped) \
	S(DB_PAYOUT_REVIEW_LIST, untyped, untyped) \
	S(DB_PAYOUT_REVIEW_DECIDE, untyped, untyped) \
	S(DB_PAYOUT_REVIEW_RELEASE, untyped, untyped) \
	S(DB_PAYOUT_INSERT_PENDING, untyped, untyped) \
	S(DB_PAYOUT_DELETE_PENDING, untyped, untyped) \
	S(DB_PAYOUT_START, untyped, untyped) \
	S(DB_PAYOUT_GET, untyped, untyped) \
	S(DB_PAYOUT_LOCK, untyped, untyped) \
	S(DB_PAYOUT_GET_ANY, untyped, untyped) \
	S(DB_PAYOUT_LOCK_ANY, untyped, untyped) \
	S(DB_PAYOUT_GET_MANY, untyped, untyped) \
	S(DB_PAYOUT_LOCK_MANY, untyped, untyped) \
	S(DB_PAYOUT_COMPLETE_MANY, untyped, untyped) \
	S(DB_PAYOUT_FAIL_MANY, untyped, untyped) \
	S(DB_PAYOUT_CHECK_LATER_MANY, untyped, untyped) \
	S(DB_PAYOUT_LEASE_MANY, untyped, untyped) \
	S(DB_PAYOUT_SENT, untyped, untyped) \
	S(DB_PAYOUT_RELEASE, untyped, untyped) \
	S(DB_PAYOUT_COMPLETE, untyped, untyped) \
	S(DB_PAYOUT_FAIL, untyped, untyped) \
	S(DB_PAYOUT_CHECK_LATER, untyped, untyped) \
	S(DB_PAYOUT_CHECK_NOW, untyped, untyped) \
	S(DB_PAYOUT_CLAIM, untyped, untyped) \
	S(DB_PAYOUT_CLAIM_PENDING, untyped, untyped) \
	S(DB_PAYOUT_LEASE, untyped, untyped) \
	S(DB_PAYOUT_WATCH_CLAIM, untyped, untyped) \
	S(DB_PAYOUT_WATCH_LATER, untyped, untyped) \
	S(DB_PAYOUT_REVERSE, untyped, untyped) \
	S(DB_PAYOUT_REVERSED, untyped, untyped) \
	S(DB_PAYOUT_USED_SINCE, untyped, untyped) \
	S(DB_PAYOUT_PENDING_SUM, untyped, untyped) \
	S(DB_PAYOUT_INSERT_WITHDRAWAL, untyped, untyped)

/* (review_insert, review_decide, hint and review are the intents' too) */
#define DB_ARGS_PAYOUT(A) A(review_insert) A(review_decide) A(hint)
#define DB_ROWS_PAYOUT(R) R(review)

#endif
