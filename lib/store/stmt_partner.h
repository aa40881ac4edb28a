/*
 * stmt_partner: the statements of partners, the lock that orders a
 * partner's creates, the addresses partners send deposits from and the
 * challenges that prove them (domain/partner.c, domain/partner_wallet.c,
 * domain/partner/resource.c), with the columns their
 * rows hold; the SQL is in stmt_partner.c.
 */
#ifndef CEDIRAMP_STMT_PARTNER_H
#define CEDIRAMP_STMT_PARTNER_H

/* Its statements (their SQL in stmt_partner.c). */
#define DB_STMTS_PARTNER(S) \
	S(DB_PARTNER_INSERT) \
	S(DB_PARTNER_BY_PUBLIC_ID) \
	S(DB_PARTNER_LIST) \
	S(DB_PARTNER_LOCK) \
	S(DB_PWALLET_INSERT) \
	S(DB_PWALLET_OWNER) \
	S(DB_PWALLET_DELETE) \
	S(DB_PWALLET_LIST) \
	S(DB_PWCHAL_INSERT) \
	S(DB_PWCHAL_EXPIRES) \
	S(DB_PWCHAL_LIVE) \
	S(DB_PWCHAL_USE)

#endif
