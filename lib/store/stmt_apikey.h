/*
 * stmt_apikey: the statements of partner API keys (domain/apikey.c,
 * domain/partner_account.c, domain/sigkey.c), with the columns their rows hold; the SQL is in
 * stmt_apikey.c.
 */
#ifndef CEDIRAMP_STMT_APIKEY_H
#define CEDIRAMP_STMT_APIKEY_H

/* a partner's new key: its id, its hash (hex) */
#define ak_insert_ARGS(ARG, AGAIN) \
	ARG(TEXT, key_id) ARG(INT, partner_id) ARG(TEXT, key_hash) ARG(TEXT, environment)
/* an active key by its id ... */
#define ak_by_key_id_ARGS(ARG, AGAIN) ARG(TEXT, key_id)
/* a key used (at most once a minute), from address (NULL: keep the last) */
#define ak_touch_ARGS(ARG, AGAIN) ARG(TEXT, address) ARG(TEXT, key_id)
/* ... its hash and environment, its partner, the key's own signing flag,
 * its partner's signing policy and whether the partner is suspended ... */
#define ak_lookup_COLS(C, x) \
	C(x, RAW, key_hash, ) C(x, RAW, environment, ) C(x, RAW, id, ) C(x, RAW, public_id, ) \
	C(x, RAW, tier, ) C(x, RAW, signature_required, ) C(x, RAW, signing, ) \
	C(x, RAW, suspended, )
/* ... or those three alone */
#define ak_policy_COLS(C, x) C(x, RAW, signature_required, ) C(x, RAW, signing, ) \
	C(x, RAW, suspended, ) C(x, RAW, tier, )
/* the keys revoked: one by its key id, or a partner's by its public id */
#define ak_revoke_ARGS(ARG, AGAIN) ARG(TEXT, which)
/* a key's own signing flag (0 or 1) set */
#define ak_policy_set_ARGS(ARG, AGAIN) \
	ARG(INT, required) ARG(TEXT, key_id) ARG(TEXT, environment)
/* a partner's signing policy ("required", "optional"), by its public id */
#define ak_partner_ARGS(ARG, AGAIN) ARG(TEXT, public_id) ARG(TEXT, environment)
#define ak_signing_COLS(C, x) C(x, RAW, signing, )
#define ak_signing_set_ARGS(ARG, AGAIN) \
	ARG(TEXT, signing) ARG(TEXT, public_id) ARG(TEXT, environment)

/* a partner's public key for signed requests (PEM, not terminated) */
#define sigkey_insert_ARGS(ARG, AGAIN) \
	ARG(TEXT, keyid) ARG(TEXT, alg) ARG(BYTES, public_key_pem) ARG(TEXT, public_id) \
	ARG(TEXT, environment)
#define sigkey_delete_ARGS(ARG, AGAIN) \
	ARG(TEXT, public_id) ARG(TEXT, environment) ARG(TEXT, keyid)
/* the keys of an environment, of one partner given twice (NULL: all) */
#define sigkey_list_ARGS(ARG, AGAIN) \
	ARG(TEXT, environment) ARG(TEXT, public_id) AGAIN(TEXT, public_id)
#define sigkey_listed_COLS(C, x) \
	C(x, RAW, public_id, ) C(x, RAW, keyid, ) C(x, RAW, alg, ) C(x, RAW, created_at, )
/* a partner's key by its keyid */
#define sigkey_find_ARGS(ARG, AGAIN) ARG(INT, partner_id) ARG(TEXT, keyid)
#define sigkey_COLS(C, x) C(x, RAW, alg, ) C(x, RAW, public_key_pem, )
/* an accepted signature's base (SHA-256, hex), kept until expires_at
 * (Unix seconds) ... */
#define sigseen_insert_ARGS(ARG, AGAIN) \
	ARG(INT, partner_id) ARG(TEXT, base_sha256) ARG(INT, expires_at)
/* ... and deleted after it, 1000 at a time */
#define sigseen_expire_ARGS(ARG, AGAIN) ARG(INT, now)

/* Its statements (their SQL in stmt_apikey.c): S(statement, its
 * arguments' shape, its rows' shape), as store/db_sig.h says. */
#define DB_STMTS_APIKEY(S) \
	S(DB_APIKEY_INSERT, ak_insert, db_none) \
	S(DB_APIKEY_LOOKUP, ak_by_key_id, ak_lookup) \
	S(DB_APIKEY_LOOKUP_SYNC, ak_by_key_id, ak_lookup) \
	S(DB_APIKEY_POLICY, ak_by_key_id, ak_policy) \
	S(DB_APIKEY_REVOKE, ak_revoke, db_none) \
	S(DB_APIKEY_REVOKE_PARTNER, ak_revoke, db_none) \
	S(DB_APIKEY_TOUCH, ak_touch, db_none) \
	S(DB_APIKEY_SET_SIGNATURE_POLICY, ak_policy_set, db_none) \
	S(DB_PARTNER_SIGNING_GET, ak_partner, ak_signing) \
	S(DB_PARTNER_SIGNING_SET, ak_signing_set, db_none) \
	S(DB_SIGKEY_INSERT, sigkey_insert, db_none) \
	S(DB_SIGKEY_DELETE, sigkey_delete, db_none) \
	S(DB_SIGKEY_LIST, sigkey_list, sigkey_listed) \
	S(DB_SIGKEY_FIND, sigkey_find, sigkey) \
	S(DB_SIGSEEN_INSERT, sigseen_insert, db_none) \
	S(DB_SIGSEEN_EXPIRE, sigseen_expire, db_none)
#define DB_ARGS_APIKEY(A) A(ak_insert) A(ak_by_key_id) A(ak_touch) A(ak_revoke) A(ak_policy_set) \
	A(ak_partner) A(ak_signing_set) A(sigkey_insert) A(sigkey_delete) A(sigkey_list) \
	A(sigkey_find) A(sigseen_insert) A(sigseen_expire)
#define DB_ROWS_APIKEY(R) R(ak_lookup) R(ak_policy) R(ak_signing) R(sigkey_listed) R(sigkey)

#endif
