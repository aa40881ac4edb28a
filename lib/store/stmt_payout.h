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
/* A review row (DB_PAYOUT_REVIEW_GET, DB_PAYOUT_REVIEW_LIST), in order. */
enum payout_review_col { PR_PAYOUT, PR_ASKED_AMOUNT, PR_ASKED_CURRENCY, PR_ASKED_PARTY,
	PR_ANSWERED_AMOUNT, PR_ANSWERED_CURRENCY, PR_ANSWERED_PARTY, PR_FINANCIAL_ID,
	PR_HELD_AT, PR_DECISION, PR_REASON, PR_RESOLVED_BY, PR_RESOLVED_AT, PR_STATUS,
	PAYOUT_REVIEW_NCOLS };

/* Its statements (their SQL in stmt_payout.c). */
#define DB_STMTS_PAYOUT(S) \
	S(DB_PAYOUT_INSERT) \
	S(DB_PAYOUT_REVIEW_HOLD) \
	S(DB_PAYOUT_REVIEW_INSERT) \
	S(DB_PAYOUT_REVIEW_GET) \
	S(DB_PAYOUT_REVIEW_LIST) \
	S(DB_PAYOUT_REVIEW_DECIDE) \
	S(DB_PAYOUT_REVIEW_RELEASE) \
	S(DB_PAYOUT_INSERT_PENDING) \
	S(DB_PAYOUT_DELETE_PENDING) \
	S(DB_PAYOUT_START) \
	S(DB_PAYOUT_GET) \
	S(DB_PAYOUT_LOCK) \
	S(DB_PAYOUT_GET_ANY) \
	S(DB_PAYOUT_LOCK_ANY) \
	S(DB_PAYOUT_GET_MANY) \
	S(DB_PAYOUT_LOCK_MANY) \
	S(DB_PAYOUT_COMPLETE_MANY) \
	S(DB_PAYOUT_FAIL_MANY) \
	S(DB_PAYOUT_CHECK_LATER_MANY) \
	S(DB_PAYOUT_LEASE_MANY) \
	S(DB_PAYOUT_SENT) \
	S(DB_PAYOUT_RELEASE) \
	S(DB_PAYOUT_COMPLETE) \
	S(DB_PAYOUT_FAIL) \
	S(DB_PAYOUT_CHECK_LATER) \
	S(DB_PAYOUT_CHECK_NOW) \
	S(DB_PAYOUT_CLAIM) \
	S(DB_PAYOUT_CLAIM_PENDING) \
	S(DB_PAYOUT_LEASE) \
	S(DB_PAYOUT_WATCH_CLAIM) \
	S(DB_PAYOUT_WATCH_LATER) \
	S(DB_PAYOUT_REVERSE) \
	S(DB_PAYOUT_REVERSED) \
	S(DB_PAYOUT_USED_SINCE) \
	S(DB_PAYOUT_PENDING_SUM) \
	S(DB_PAYOUT_INSERT_WITHDRAWAL)

#endif
