/*
 * stmt_apikey: the statements of partner API keys (domain/apikey.c,
 * domain/partner.c, domain/sigkey.c), with the columns their rows hold; the SQL is in
 * stmt_apikey.c.
 */
#ifndef CEDIRAMP_STMT_APIKEY_H
#define CEDIRAMP_STMT_APIKEY_H

/* Its statements (their SQL in stmt_apikey.c). */
#define DB_STMTS_APIKEY(S) \
	S(DB_APIKEY_INSERT) \
	S(DB_APIKEY_LOOKUP) \
	S(DB_APIKEY_POLICY) \
	S(DB_APIKEY_REVOKE) \
	S(DB_APIKEY_REVOKE_PARTNER) \
	S(DB_APIKEY_TOUCH) \
	S(DB_APIKEY_SET_SIGNATURE_POLICY) \
	S(DB_PARTNER_SIGNING_GET) \
	S(DB_PARTNER_SIGNING_SET) \
	S(DB_SIGKEY_INSERT) \
	S(DB_SIGKEY_DELETE) \
	S(DB_SIGKEY_LIST) \
	S(DB_SIGKEY_FIND) \
	S(DB_SIGSEEN_INSERT) \
	S(DB_SIGSEEN_EXPIRE)

#endif
