/*
 * stmt_onchain: the statements of the service's own chain sends: nonces,
 * sends and their signed attempts (domain/onchain.c), with the columns
 * their rows hold; the SQL is in stmt_onchain.c.
 */
#ifndef CEDIRAMP_STMT_ONCHAIN_H
#define CEDIRAMP_STMT_ONCHAIN_H

/* A send row: SEND_COLS, and its columns in order. */
#define SEND_COLS "ref_id, purpose, chain_id, sender, nonce, wallet, asset, amount, " \
	"tx_hash, attempts, broadcasts, status, mined_hash, mined_block, mined_block_hash, " \
	"failure_reason, TIMESTAMPDIFF(SECOND, signed_at, UTC_TIMESTAMP(6)) "
enum send_col { SC_REF, SC_PURPOSE, SC_CHAIN, SC_SENDER, SC_NONCE, SC_WALLET, SC_ASSET,
	SC_AMOUNT, SC_HASH, SC_ATTEMPTS, SC_BROADCASTS, SC_STATUS, SC_MINED_HASH,
	SC_MINED_BLOCK, SC_MINED_BLOCK_HASH, SC_REASON, SC_SIGNED_AGE, SEND_NCOLS };

/* The columns of DB_CHAIN_TX_NEWEST (a send's newest signed attempt). */
enum send_tx_col { TC_HASH, TC_RAW, TC_GAS, TC_MAX_FEE, TC_PRIORITY_FEE, TC_ATTEMPT,
	SEND_TX_NCOLS };

/* Its statements (their SQL in stmt_onchain.c). */
#define DB_STMTS_ONCHAIN(S) \
	S(DB_CHAIN_NONCE_GET, untyped, untyped) \
	S(DB_CHAIN_NONCE_SEED, untyped, untyped) \
	S(DB_CHAIN_NONCE_LOCK, untyped, untyped) \
	S(DB_CHAIN_NONCE_TAKE, untyped, untyped) \
	S(DB_CHAIN_SEND_INSERT, untyped, untyped) \
	S(DB_CHAIN_TX_INSERT, untyped, untyped) \
	S(DB_CHAIN_SEND_GET, untyped, untyped) \
	S(DB_CHAIN_SEND_LOCK, untyped, untyped) \
	S(DB_CHAIN_TX_NEWEST, untyped, untyped) \
	S(DB_CHAIN_TX_HASHES, untyped, untyped) \
	S(DB_CHAIN_SEND_BROADCAST, untyped, untyped) \
	S(DB_CHAIN_SEND_REPLACED, untyped, untyped) \
	S(DB_CHAIN_SEND_SEEN, untyped, untyped) \
	S(DB_CHAIN_SEND_FINAL, untyped, untyped) \
	S(DB_CHAIN_SEND_DELETE, untyped, untyped) \
	S(DB_CHAIN_SEND_CLAIM, untyped, untyped) \
	S(DB_CHAIN_SEND_LEASE, untyped, untyped) \
	S(DB_CHAIN_SEND_CHECK_LATER, untyped, untyped)

#define DB_ARGS_ONCHAIN(A)
#define DB_ROWS_ONCHAIN(R)

#endif
