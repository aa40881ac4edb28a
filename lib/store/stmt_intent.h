/*
 * stmt_intent: the statements of payment intents (domain/partner/intent.c,
 * through domain/partner/resource.c), with the columns their rows hold;
 * the SQL is in stmt_intent.c.
 */
#ifndef CEDIRAMP_STMT_INTENT_H
#define CEDIRAMP_STMT_INTENT_H

/* A payment intent row: INTENT_COLS, and its columns in order. */
#define INTENT_COLS "id, partner_id, reference_id, request_hash, amount, currency, fee, " \
	"net_amount, payer_phone, mobile_network, description, metadata, status, " \
	"provider_ref, sends, failure_reason, " \
	"DATE_FORMAT(expires_at, '%Y-%m-%dT%H:%i:%sZ'), " \
	"DATE_FORMAT(created_at, '%Y-%m-%dT%H:%i:%sZ'), " \
	"DATE_FORMAT(updated_at, '%Y-%m-%dT%H:%i:%sZ'), " \
	"DATE_FORMAT(completed_at, '%Y-%m-%dT%H:%i:%sZ'), late, " \
	"expires_at <= UTC_TIMESTAMP(6), held_at IS NOT NULL "
enum intent_col { IC_ID, IC_PARTNER, IC_REFERENCE, IC_HASH, IC_AMOUNT, IC_CURRENCY,
	IC_FEE, IC_NET, IC_PHONE, IC_NETWORK, IC_DESCRIPTION, IC_METADATA, IC_STATUS,
	IC_PROVIDER_REF, IC_SENDS, IC_REASON, IC_EXPIRES, IC_CREATED, IC_UPDATED,
	IC_COMPLETED, IC_LATE, IC_PAST, IC_HELD, INTENT_NCOLS };
/* A review row (DB_PI_REVIEW_GET, DB_PI_REVIEW_LIST), in order: as
 * payout_review_col (stmt_payout.h), the intent's status last. */

/* Its statements (their SQL in stmt_intent.c). */
#define DB_STMTS_INTENT(S) \
	S(DB_PI_INSERT, untyped, untyped) \
	S(DB_PI_BY_REFERENCE, untyped, untyped) \
	S(DB_PI_GET, untyped, untyped) \
	S(DB_PI_LOCK, untyped, untyped) \
	S(DB_PI_GET_ANY, untyped, untyped) \
	S(DB_PI_LOCK_ANY, untyped, untyped) \
	S(DB_PI_MOVE, untyped, untyped) \
	S(DB_PI_SENT, untyped, untyped) \
	S(DB_PI_CHECK_LATER, untyped, untyped) \
	S(DB_PI_CLAIM, untyped, untyped) \
	S(DB_PI_EXPIRE_CLAIM, untyped, untyped) \
	S(DB_PI_LEASE, untyped, untyped) \
	S(DB_PI_COUNT, untyped, untyped) \
	S(DB_PI_COUNT_ALL, untyped, untyped) \
	S(DB_PI_PAGE, untyped, untyped) \
	S(DB_PI_LATE, untyped, untyped) \
	S(DB_PI_CHECK_NOW, untyped, untyped) \
	S(DB_PI_LATE_CLAIM, untyped, untyped) \
	S(DB_PI_LATE_LATER, untyped, untyped) \
	S(DB_PI_LATE_STOP, untyped, untyped) \
	S(DB_PI_LATE_EXPIRE_WATCH, untyped, untyped) \
	S(DB_PI_REVIEW_HOLD, untyped, untyped) \
	S(DB_PI_REVIEW_INSERT, untyped, untyped) \
	S(DB_PI_REVIEW_GET, untyped, untyped) \
	S(DB_PI_REVIEW_LIST, untyped, untyped) \
	S(DB_PI_REVIEW_DECIDE, untyped, untyped) \
	S(DB_PI_REVIEW_RELEASE, untyped, untyped)

#define DB_ARGS_INTENT(A)
#define DB_ROWS_INTENT(R)

#endif
