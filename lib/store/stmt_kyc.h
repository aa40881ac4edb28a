/*
 * stmt_kyc: the statements of KYC submissions (domain/wallet/kyc.c); the
 * images are sealed BLOBs, with the columns their rows hold; the SQL is in
 * stmt_kyc.c.
 */
#ifndef CEDIRAMP_STMT_KYC_H
#define CEDIRAMP_STMT_KYC_H

/* Its statements (their SQL in stmt_kyc.c). */
#define DB_STMTS_KYC(S) \
	S(DB_KYC_INSERT) \
	S(DB_KYC_LATEST) \
	S(DB_KYC_LOCK) \
	S(DB_KYC_APPROVE) \
	S(DB_KYC_REJECT) \
	S(DB_KYC_RAISE_TIER) \
	S(DB_KYC_LIST)

#endif
