/*
 * stmt_kyc: the statements of KYC submissions (domain/wallet/kyc.c); the
 * images are sealed BLOBs, with the columns their rows hold; the SQL is in
 * stmt_kyc.c.
 */
#ifndef CEDIRAMP_STMT_KYC_H
#define CEDIRAMP_STMT_KYC_H

/* Its statements (their SQL in stmt_kyc.c). */
#define DB_STMTS_KYC(S) \
	S(DB_KYC_INSERT, untyped, untyped) \
	S(DB_KYC_LATEST, untyped, untyped) \
	S(DB_KYC_LOCK, untyped, untyped) \
	S(DB_KYC_APPROVE, untyped, untyped) \
	S(DB_KYC_REJECT, untyped, untyped) \
	S(DB_KYC_RAISE_TIER, untyped, untyped) \
	S(DB_KYC_LIST, untyped, untyped)

#define DB_ARGS_KYC(A)
#define DB_ROWS_KYC(R)

#endif
