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
	S(DB_PARTNER_INSERT, untyped, untyped) \
	S(DB_PARTNER_BY_PUBLIC_ID, untyped, untyped) \
	S(DB_PARTNER_LIST, untyped, untyped) \
	S(DB_PARTNER_LOCK, untyped, untyped) \
	S(DB_PWALLET_INSERT, untyped, untyped) \
	S(DB_PWALLET_OWNER, untyped, untyped) \
	S(DB_PWALLET_DELETE, untyped, untyped) \
	S(DB_PWALLET_LIST, untyped, untyped) \
	S(DB_PWCHAL_INSERT, untyped, untyped) \
	S(DB_PWCHAL_EXPIRES, untyped, untyped) \
	S(DB_PWCHAL_LIVE, untyped, untyped) \
	S(DB_PWCHAL_USE, untyped, untyped)

#define DB_ARGS_PARTNER(A)
#define DB_ROWS_PARTNER(R)

#endif
