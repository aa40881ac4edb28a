/*
 * stmt_partner: the statements of partners, the lock that orders a
 * partner's creates, the addresses partners send deposits from and the
 * challenges that prove them (domain/partner_account.c, domain/partner_wallet.c,
 * domain/partner/resource.c), with the columns their
 * rows hold; the SQL is in stmt_partner.c.
 */
#ifndef CEDIRAMP_STMT_PARTNER_H
#define CEDIRAMP_STMT_PARTNER_H

/* a new partner (its row id: the insert's) */
#define partner_insert_ARGS(ARG, AGAIN) \
	ARG(TEXT, public_id) ARG(TEXT, name) ARG(TEXT, tier) ARG(TEXT, environment)
/* a partner by its public id (pt_...) ... */
#define partner_by_public_id_ARGS(ARG, AGAIN) ARG(TEXT, public_id)
/* ... its row */
#define partner_COLS(C, x) \
	C(x, RAW, id, ) C(x, RAW, public_id, ) C(x, RAW, name, ) C(x, RAW, tier, ) \
	C(x, RAW, environment, )
/* a partner in the operator's list, with its count of active keys, its
 * status (active, suspended) and its row id (the back office's paging) */
#define partner_listed_COLS(C, x) \
	C(x, RAW, public_id, ) C(x, RAW, name, ) C(x, RAW, tier, ) C(x, RAW, environment, ) \
	C(x, RAW, created_at, ) C(x, RAW, active_keys, ) C(x, RAW, status, ) C(x, RAW, row_id, )
/* a page of an environment's partners: after row id after, at most n */
#define partner_page_ARGS(ARG, AGAIN) ARG(TEXT, environment) ARG(INT, after) ARG(INT, n)
/* a partner as the back office shows it: as listed, and its suspension */
#define partner_detail_COLS(C, x) \
	C(x, RAW, public_id, ) C(x, RAW, name, ) C(x, RAW, tier, ) C(x, RAW, environment, ) \
	C(x, RAW, created_at, ) C(x, RAW, active_keys, ) C(x, RAW, status, ) C(x, RAW, row_id, ) \
	C(x, RAW, suspended_at, ) C(x, RAW, suspended_reason, ) C(x, RAW, tier_changed_at, ) \
	C(x, RAW, tier_reason, )
/* a partner suspended with the operator's reason (not when it is) */
#define partner_suspend_ARGS(ARG, AGAIN) ARG(TEXT, reason) ARG(INT, id)
/* a partner's tier set by an operator with a reason (not when it is that
 * tier already) */
#define partner_tier_ARGS(ARG, AGAIN) \
	ARG(TEXT, tier) ARG(TEXT, reason) ARG(INT, id) AGAIN(TEXT, tier)
/* a partner by its row id (the lock that orders its creates; rows ids) */
#define partner_by_row_ARGS(ARG, AGAIN) ARG(INT, id)

/* a partner's deposit address (lower-case 0x hex) */
#define pw_address_ARGS(ARG, AGAIN) ARG(TEXT, address) ARG(INT, partner_id)
/* an address's owner, by the address */
#define pw_by_address_ARGS(ARG, AGAIN) ARG(TEXT, address)
#define pw_owner_COLS(C, x) C(x, RAW, partner_id, )
/* the addresses of a partner, given twice (NULL: every partner's) */
#define pw_list_ARGS(ARG, AGAIN) ARG(OPT_INT, partner_id) AGAIN(OPT_INT, partner_id)
#define pw_listed_COLS(C, x) C(x, RAW, address, ) C(x, RAW, public_id, ) C(x, RAW, created_at, )

/* a challenge to prove an address on a chain, live for seconds */
#define pwchal_insert_ARGS(ARG, AGAIN) \
	ARG(TEXT, nonce) ARG(INT, partner_id) ARG(TEXT, address) ARG(INT, chain_id) \
	ARG(INT, seconds)
/* a challenge by its nonce: its expiry, as the message shows it (not
 * named expires_at: DB_PWCHAL_LIVE orders by that column) */
#define pwchal_by_nonce_ARGS(ARG, AGAIN) ARG(TEXT, nonce)
#define pwchal_expires_COLS(C, x) C(x, RAW, expires, )
/* the live challenges of (partner, address, chain), newest first */
#define pwchal_live_ARGS(ARG, AGAIN) ARG(INT, partner_id) ARG(TEXT, address) ARG(INT, chain_id)
#define pwchal_COLS(C, x) C(x, RAW, nonce, ) C(x, RAW, expires, )

/* Its statements (their SQL in stmt_partner.c): S(statement, its
 * arguments' shape, its rows' shape), as store/db_sig.h says. */
#define DB_STMTS_PARTNER(S) \
	S(DB_PARTNER_INSERT, partner_insert, db_none) \
	S(DB_PARTNER_BY_PUBLIC_ID, partner_by_public_id, partner) \
	S(DB_PARTNER_LIST, no_args, partner_listed) \
	S(DB_PARTNER_PAGE, partner_page, partner_listed) \
	S(DB_PARTNER_DETAIL, partner_by_row, partner_detail) \
	S(DB_PARTNER_SUSPEND, partner_suspend, db_none) \
	S(DB_PARTNER_REACTIVATE, partner_by_row, db_none) \
	S(DB_PARTNER_TIER_SET, partner_tier, db_none) \
	S(DB_PARTNER_LOCK, partner_by_row, ids) \
	S(DB_PWALLET_INSERT, pw_address, db_none) \
	S(DB_PWALLET_OWNER, pw_by_address, pw_owner) \
	S(DB_PWALLET_DELETE, pw_address, db_none) \
	S(DB_PWALLET_LIST, pw_list, pw_listed) \
	S(DB_PWCHAL_INSERT, pwchal_insert, db_none) \
	S(DB_PWCHAL_EXPIRES, pwchal_by_nonce, pwchal_expires) \
	S(DB_PWCHAL_LIVE, pwchal_live, pwchal) \
	S(DB_PWCHAL_USE, pwchal_by_nonce, db_none)
#define DB_ARGS_PARTNER(A) A(partner_insert) A(partner_by_public_id) A(partner_by_row) \
	A(partner_page) A(partner_suspend) A(partner_tier) \
	A(pw_address) A(pw_by_address) A(pw_list) A(pwchal_insert) A(pwchal_by_nonce) \
	A(pwchal_live)
#define DB_ROWS_PARTNER(R) R(partner) R(partner_listed) R(partner_detail) R(pw_owner) \
	R(pw_listed) \
	R(pwchal_expires) R(pwchal)

#endif
