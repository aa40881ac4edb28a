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

#define DB_ARGS_PAYOUT(A)
#define DB_ROWS_PAYOUT(R)

#endif
