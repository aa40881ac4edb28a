/*
 * stmt_onchain: the statements of the service's own chain sends: nonces,
 * sends and their signed attempts (domain/onchain.c), with the columns
 * their rows hold; the SQL is in stmt_onchain.c.
 */
#ifndef CEDIRAMP_STMT_ONCHAIN_H
#define CEDIRAMP_STMT_ONCHAIN_H

/* a signer's nonce counter: the chain and the signer's address */
#define oc_signer_ARGS(ARG, AGAIN) ARG(INT, chain_id) ARG(TEXT, address)
/* its first value, from the node */
#define oc_nonce_seed_ARGS(ARG, AGAIN) ARG(INT, chain_id) ARG(TEXT, address) \
	ARG(INT, next_nonce)
/* a send signed (sender and nonce NULL: the simulator's, no nonce used) */
#define oc_send_insert_ARGS(ARG, AGAIN) ARG(TEXT, ref_id) ARG(TEXT, purpose) \
	ARG(INT, chain_id) ARG(TEXT, sender) ARG(OPT_INT, nonce) ARG(TEXT, wallet) \
	ARG(TEXT, asset) ARG(TEXT, amount) ARG(TEXT, tx_hash)
/* a signed attempt of a send: its hash, bytes (raw) and fees */
#define oc_tx_insert_ARGS(ARG, AGAIN) ARG(TEXT, tx_hash) ARG(TEXT, ref_id) \
	ARG(INT, attempt) ARG(BYTES, raw) ARG(INT, gas_limit) ARG(INT, max_fee_wei) \
	ARG(INT, priority_fee_wei)
/* a replacement's hash, unless the send's attempts moved from attempts */
#define oc_replaced_ARGS(ARG, AGAIN) ARG(TEXT, tx_hash) ARG(TEXT, ref_id) ARG(INT, attempts)
/* where a send's receipt was last seen (NULLs: nowhere) */
#define oc_seen_ARGS(ARG, AGAIN) ARG(TEXT, mined_hash) ARG(OPT_INT, mined_block) \
	ARG(TEXT, mined_block_hash) ARG(TEXT, ref_id)
/* a send's final state (reason NULL when confirmed; the receipt's NULLs:
 * none) */
#define oc_final_ARGS(ARG, AGAIN) ARG(TEXT, status) ARG(TEXT, reason) ARG(TEXT, mined_hash) \
	ARG(OPT_INT, mined_block) ARG(TEXT, mined_block_hash) ARG(TEXT, ref_id)
/* a send checked again seconds from now */
#define oc_later_ARGS(ARG, AGAIN) ARG(INT, seconds) ARG(TEXT, id)

/* a signer's next nonce */
#define oc_nonce_COLS(C, x) C(x, RAW, next_nonce, )
/* a send, and how many seconds ago its newest attempt was signed */
#define oc_send_COLS(C, x) C(x, RAW, ref_id, ) C(x, RAW, purpose, ) C(x, RAW, chain_id, ) \
	C(x, RAW, sender, ) C(x, RAW, nonce, ) C(x, RAW, wallet, ) C(x, RAW, asset, ) \
	C(x, RAW, amount, ) C(x, RAW, tx_hash, ) C(x, RAW, attempts, ) \
	C(x, RAW, broadcasts, ) C(x, RAW, status, ) C(x, RAW, mined_hash, ) \
	C(x, RAW, mined_block, ) C(x, RAW, mined_block_hash, ) C(x, RAW, failure_reason, ) \
	C(x, RAW, signed_age, )
/* a send's signed attempt */
#define oc_tx_COLS(C, x) C(x, RAW, tx_hash, ) C(x, RAW, raw, ) C(x, RAW, gas_limit, ) \
	C(x, RAW, max_fee_wei, ) C(x, RAW, priority_fee_wei, ) C(x, RAW, attempt, )
/* an attempt's hash */
#define oc_hash_COLS(C, x) C(x, RAW, tx_hash, )

/* Its statements (their SQL in stmt_onchain.c): S(statement, its
 * arguments' shape, its rows' shape), as store/db_sig.h says; a send's id
 * (by_id, lease_id, oc_later) is its ref_id. */
#define DB_STMTS_ONCHAIN(S) \
	S(DB_CHAIN_NONCE_GET, oc_signer, oc_nonce) \
	S(DB_CHAIN_NONCE_SEED, oc_nonce_seed, db_none) \
	S(DB_CHAIN_NONCE_LOCK, oc_signer, oc_nonce) \
	S(DB_CHAIN_NONCE_TAKE, oc_signer, db_none) \
	S(DB_CHAIN_SEND_INSERT, oc_send_insert, db_none) \
	S(DB_CHAIN_TX_INSERT, oc_tx_insert, db_none) \
	S(DB_CHAIN_SEND_GET, by_id, oc_send) \
	S(DB_CHAIN_SEND_LOCK, by_id, oc_send) \
	S(DB_CHAIN_TX_NEWEST, by_id, oc_tx) \
	S(DB_CHAIN_TX_HASHES, by_id, oc_hash) \
	S(DB_CHAIN_SEND_BROADCAST, by_id, db_none) \
	S(DB_CHAIN_SEND_REPLACED, oc_replaced, db_none) \
	S(DB_CHAIN_SEND_SEEN, oc_seen, db_none) \
	S(DB_CHAIN_SEND_FINAL, oc_final, db_none) \
	S(DB_CHAIN_SEND_DELETE, by_id, db_none) \
	S(DB_CHAIN_SEND_CLAIM, claim_batch, ids) \
	S(DB_CHAIN_SEND_LEASE, lease_id, db_none) \
	S(DB_CHAIN_SEND_CHECK_LATER, oc_later, db_none)
#define DB_ARGS_ONCHAIN(A) A(oc_signer) A(oc_nonce_seed) A(oc_send_insert) A(oc_tx_insert) \
	A(oc_replaced) A(oc_seen) A(oc_final) A(oc_later)
#define DB_ROWS_ONCHAIN(R) R(oc_nonce) R(oc_send) R(oc_tx) R(oc_hash)

#endif
