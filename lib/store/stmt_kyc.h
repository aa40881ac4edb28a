/*
 * stmt_kyc: the statements of KYC submissions (domain/wallet/kyc.c); the
 * images are sealed BLOBs, with the columns their rows hold; the SQL is in
 * stmt_kyc.c.
 */
#ifndef CEDIRAMP_STMT_KYC_H
#define CEDIRAMP_STMT_KYC_H

/* a submission: the client's texts as sent (BYTES), the sealed images
 * (the back's may be absent), its time (Unix seconds) */
#define kyc_insert_ARGS(ARG, AGAIN) \
	ARG(TEXT, public_id) ARG(INT, user_id) ARG(BYTES, document_type) \
	ARG(BYTES, document_number) ARG(BYTES, full_name) ARG(BYTES, date_of_birth) \
	ARG(BYTES, document_front) ARG(BYTES, document_back) ARG(BYTES, selfie) \
	ARG(INT, submitted_at)
/* a submission by its public id */
#define kyc_public_ARGS(ARG, AGAIN) ARG(TEXT, public_id)
/* an approval: the tier granted, by whom */
#define kyc_approve_ARGS(ARG, AGAIN) ARG(TEXT, approved_tier) ARG(TEXT, decided_by) ARG(INT, id)
/* a rejection: why, by whom */
#define kyc_reject_ARGS(ARG, AGAIN) \
	ARG(TEXT, rejection_reason) ARG(TEXT, decided_by) ARG(INT, id)
/* a user's new tier, by the user's row id */
#define kyc_tier_ARGS(ARG, AGAIN) ARG(TEXT, tier) ARG(INT, id)
/* the list, at most limit rows */
#define kyc_list_ARGS(ARG, AGAIN) ARG(INT, limit)
/* a sealed image: its role, the submission's public id */
#define kyc_sealed_ARGS(ARG, AGAIN) ARG(TEXT, role) ARG(TEXT, public_id)
/* a user's tier and latest submission (its columns NULL when none); read
 * by the caller */
#define kyc_latest_COLS(C, x) \
	C(x, RAW, public_id, ) C(x, RAW, status, ) C(x, RAW, submitted_at, ) \
	C(x, RAW, decided_at, ) C(x, RAW, rejection_reason, ) C(x, RAW, document_type, ) \
	C(x, RAW, approved_tier, ) C(x, RAW, tier, )
/* a submission locked with its user; read by the caller */
#define kyc_lock_COLS(C, x) \
	C(x, RAW, id, ) C(x, RAW, user_id, ) C(x, RAW, status, ) C(x, RAW, wallet_id, ) \
	C(x, RAW, tier, )
/* a listed submission (domain/wallet/kyc.h, struct kyc_row) */
#define kyc_row_COLS(C, x) \
	C(x, TEXT, public_id, id) C(x, TEXT, wallet_id, wallet_id) \
	C(x, TEXT, document_type, document_type) C(x, TEXT, status, status) \
	C(x, TEXT, submitted_at, submitted_at)
/* one submission (domain/wallet/kyc.h, struct kyc_detail) */
#define kyc_detail_COLS(C, x) \
	C(x, TEXT, public_id, id) C(x, TEXT, wallet_id, wallet_id) \
	C(x, TEXT, user_tier, user_tier) C(x, TEXT, document_type, document_type) \
	C(x, TEXT, document_number, document_number) C(x, TEXT, full_name, full_name) \
	C(x, TEXT, date_of_birth, date_of_birth) C(x, TEXT, status, status) \
	C(x, TEXT, approved_tier, approved_tier) C(x, TEXT, rejection_reason, rejection_reason) \
	C(x, TEXT, decided_by, decided_by) C(x, TEXT, submitted_at, submitted_at) \
	C(x, TEXT, decided_at, decided_at) C(x, FLAG, has_back, has_back)
/* a sealed image in hex (NULL: none); read by the caller */
#define kyc_sealed_COLS(C, x) C(x, RAW, sealed, )

/* Its statements (their SQL in stmt_kyc.c): S(statement, its arguments'
 * shape, its rows' shape), as store/db_sig.h says. */
#define DB_STMTS_KYC(S) \
	S(DB_KYC_INSERT, kyc_insert, db_none) \
	S(DB_KYC_LATEST, user_id, kyc_latest) \
	S(DB_KYC_LOCK, kyc_public, kyc_lock) \
	S(DB_KYC_APPROVE, kyc_approve, db_none) \
	S(DB_KYC_REJECT, kyc_reject, db_none) \
	S(DB_KYC_RAISE_TIER, kyc_tier, db_none) \
	S(DB_KYC_LIST, kyc_list, kyc_row) \
	S(DB_KYC_DETAIL, kyc_public, kyc_detail) \
	S(DB_KYC_SEALED, kyc_sealed, kyc_sealed)

#define DB_ARGS_KYC(A) A(kyc_insert) A(kyc_public) A(kyc_approve) A(kyc_reject) A(kyc_tier) \
	A(kyc_list) A(kyc_sealed)
#define DB_ROWS_KYC(R) R(kyc_latest) R(kyc_lock) R(kyc_row) R(kyc_detail) R(kyc_sealed)

#endif
