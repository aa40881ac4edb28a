/*
 * stmt_apikey: the statements of partner API keys (domain/apikey.c,
 * domain/partner.c), with the columns their rows hold; the SQL is in
 * stmt_apikey.c.
 */
#ifndef CEDIRAMP_STMT_APIKEY_H
#define CEDIRAMP_STMT_APIKEY_H

/* Its statements (their SQL in stmt_apikey.c). */
#define DB_STMTS_APIKEY(S) \
	S(DB_APIKEY_INSERT) \
	S(DB_APIKEY_LOOKUP) \
	S(DB_APIKEY_REVOKE) \
	S(DB_APIKEY_REVOKE_PARTNER) \
	S(DB_APIKEY_TOUCH)

#endif
