/*
 * stmt_chain_deposit: the statements of the deposits worker: blocks read,
 * deposits seen on chain (domain/chain_deposit.c), with the columns their
 * rows hold; the SQL is in stmt_chain_deposit.c.
 */
#ifndef CEDIRAMP_STMT_CHAIN_DEPOSIT_H
#define CEDIRAMP_STMT_CHAIN_DEPOSIT_H

/* a chain's blocks */
#define cd_chain_ARGS(ARG, AGAIN) ARG(INT, chain_id)
/* a chain's blocks below, above or up to a block number */
#define cd_chain_block_ARGS(ARG, AGAIN) ARG(INT, chain_id) ARG(INT, number)
/* a block read to its end */
#define cd_block_insert_ARGS(ARG, AGAIN) ARG(INT, chain_id) ARG(INT, number) ARG(TEXT, hash)
/* a transaction by its hash */
#define cd_tx_ARGS(ARG, AGAIN) ARG(TEXT, tx_hash)
/* a transfer log: its chain, transaction and index there */
#define cd_log_ARGS(ARG, AGAIN) ARG(INT, chain_id) ARG(TEXT, tx_hash) ARG(INT, log_index)
/* a deposit seen (amount NULL: not representable; partner_id NULL:
 * unmatched; credits 1 when credited; note NULL: none) */
#define cd_insert_ARGS(ARG, AGAIN) ARG(TEXT, id) ARG(INT, chain_id) ARG(TEXT, tx_hash) \
	ARG(INT, log_index) ARG(INT, block_number) ARG(TEXT, block_hash) ARG(TEXT, token) \
	ARG(TEXT, asset) ARG(TEXT, sender) ARG(TEXT, units) ARG(TEXT, amount) \
	ARG(TEXT, status) ARG(OPT_INT, partner_id) ARG(TEXT, deposit_ref) ARG(INT, credits) \
	ARG(TEXT, note)
/* a deposit a reorg had reversed, recorded anew (credits: added) */
#define cd_record_ARGS(ARG, AGAIN) ARG(INT, block_number) ARG(TEXT, block_hash) \
	ARG(TEXT, status) ARG(OPT_INT, partner_id) ARG(TEXT, deposit_ref) ARG(INT, credits) \
	ARG(TEXT, note) ARG(TEXT, id)
/* a deposit's new status and why */
#define cd_set_status_ARGS(ARG, AGAIN) ARG(TEXT, status) ARG(TEXT, note) ARG(TEXT, id)
/* an unmatched deposit credited by an operator: the partner, the deposit's
 * reference, asset and amount (decimal text) */
#define cd_assign_ARGS(ARG, AGAIN) ARG(INT, partner_id) ARG(TEXT, deposit_ref) \
	ARG(TEXT, asset) ARG(TEXT, amount)

/* a block read to its end */
#define cd_block_COLS(C, x) C(x, RAW, number, ) C(x, RAW, hash, )
/* a deposit locked when its log is seen again */
#define cd_lock_COLS(C, x) C(x, RAW, id, ) C(x, RAW, status, ) C(x, RAW, credits, )
/* a deposit above a block (a reorg's) */
#define cd_above_COLS(C, x) C(x, RAW, id, ) C(x, RAW, status, ) C(x, RAW, asset, ) \
	C(x, RAW, amount, ) C(x, RAW, partner_id, ) C(x, RAW, deposit_reference, ) \
	C(x, RAW, block_number, )
/* a deposit an operator must look at */
#define cd_report_COLS(C, x) C(x, RAW, id, ) C(x, RAW, status, ) C(x, RAW, asset, ) \
	C(x, RAW, amount, ) C(x, RAW, units, ) C(x, RAW, sender, ) C(x, RAW, tx_hash, ) \
	C(x, RAW, log_index, ) C(x, RAW, block_number, ) C(x, RAW, deposit_reference, ) \
	C(x, RAW, note, )

/* at most n */
#define cd_upto_ARGS(ARG, AGAIN) ARG(INT, n)
/* a deposit as the back office lists it (amount NULL: not exact at its
 * asset's places) */
#define cd_listed_COLS(C, x) C(x, RAW, id, ) C(x, RAW, chain_id, ) C(x, RAW, tx_hash, ) \
	C(x, RAW, log_index, ) C(x, RAW, block_number, ) C(x, RAW, sender, ) \
	C(x, RAW, asset, ) C(x, RAW, amount, ) C(x, RAW, units, ) \
	C(x, RAW, deposit_reference, ) C(x, RAW, seen_at, )
/* ... and its status */
#define cd_one_COLS(C, x) cd_listed_COLS(C, x) C(x, RAW, status, )

/* Its statements (their SQL in stmt_chain_deposit.c): S(statement, its
 * arguments' shape, its rows' shape), as store/db_sig.h says. */
#define DB_STMTS_CHAIN_DEPOSIT(S) \
	S(DB_CHAIN_BLOCK_LAST, cd_chain, cd_block) \
	S(DB_CHAIN_BLOCK_BELOW, cd_chain_block, cd_block) \
	S(DB_CHAIN_BLOCK_INSERT, cd_block_insert, db_none) \
	S(DB_CHAIN_BLOCK_DELETE_ABOVE, cd_chain_block, db_none) \
	S(DB_CHAIN_BLOCK_PRUNE, cd_chain_block, db_none) \
	S(DB_CHAIN_TX_OURS, cd_tx, count) \
	S(DB_CDEP_LOCK, cd_log, cd_lock) \
	S(DB_CDEP_INSERT, cd_insert, db_none) \
	S(DB_CDEP_RECORD, cd_record, db_none) \
	S(DB_CDEP_ABOVE, cd_chain_block, cd_above) \
	S(DB_CDEP_SET_STATUS, cd_set_status, db_none) \
	S(DB_CDEP_ASSIGN, cd_assign, db_none) \
	S(DB_CDEP_REPORT, no_args, cd_report) \
	S(DB_CDEP_UNMATCHED, cd_upto, cd_listed) \
	S(DB_CDEP_GET, by_id, cd_one)
#define DB_ARGS_CHAIN_DEPOSIT(A) A(cd_chain) A(cd_chain_block) A(cd_block_insert) A(cd_tx) \
	A(cd_log) A(cd_insert) A(cd_record) A(cd_set_status) A(cd_assign) \
	A(cd_upto)
#define DB_ROWS_CHAIN_DEPOSIT(R) R(cd_block) R(cd_lock) R(cd_above) R(cd_report) R(cd_listed) \
	R(cd_one)

#endif
