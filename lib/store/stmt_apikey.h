/*
 * stmt_apikey: the statements of partner API keys (domain/apikey.c,
 * domain/partner.c, domain/sigkey.c), with the columns their rows hold; the SQL is in
 * stmt_apikey.c.
 */
#ifndef CEDIRAMP_STMT_APIKEY_H
#define CEDIRAMP_STMT_APIKEY_H

/* Its statements (their SQL in stmt_apikey.c). */
#define DB_STMTS_APIKEY(S) \
	S(DB_APIKEY_INSERT, untyped, untyped) \
	S(DB_APIKEY_LOOKUP, untyped, untyped) \
	S(DB_APIKEY_POLICY, untyped, untyped) \
	S(DB_APIKEY_REVOKE, untyped, untyped) \
	S(DB_APIKEY_REVOKE_PARTNER, untyped, untyped) \
	S(DB_APIKEY_TOUCH, untyped, untyped) \
	S(DB_APIKEY_SET_SIGNATURE_POLICY, untyped, untyped) \
	S(DB_PARTNER_SIGNING_GET, untyped, untyped) \
	S(DB_PARTNER_SIGNING_SET, untyped, untyped) \
	S(DB_SIGKEY_INSERT, untyped, untyped) \
	S(DB_SIGKEY_DELETE, untyped, untyped) \
	S(DB_SIGKEY_LIST, untyped, untyped) \
	S(DB_SIGKEY_FIND, untyped, untyped) \
	S(DB_SIGSEEN_INSERT, untyped, untyped) \
	S(DB_SIGSEEN_EXPIRE, untyped, untyped)

#define DB_ARGS_APIKEY(A)
#define DB_ROWS_APIKEY(R)

#endif
