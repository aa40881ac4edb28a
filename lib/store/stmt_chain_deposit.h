/*
 * stmt_chain_deposit: the statements of the deposits worker: blocks read,
 * deposits seen on chain (domain/chain_deposit.c), with the columns their
 * rows hold; the SQL is in stmt_chain_deposit.c.
 */
#ifndef CEDIRAMP_STMT_CHAIN_DEPOSIT_H
#define CEDIRAMP_STMT_CHAIN_DEPOSIT_H

/* The columns of DB_CDEP_ABOVE (deposits above a block). */
enum deposit_above_col { AB_ID, AB_STATUS, AB_ASSET, AB_AMOUNT, AB_PARTNER, AB_REFERENCE,
	AB_BLOCK, DEPOSIT_ABOVE_NCOLS };

/* The columns of DB_CDEP_REPORT (deposits an operator must look at). */
enum deposit_report_col { RP_ID, RP_STATUS, RP_ASSET, RP_AMOUNT, RP_UNITS, RP_SENDER,
	RP_TX, RP_LOG, RP_BLOCK, RP_REFERENCE, RP_NOTE, DEPOSIT_REPORT_NCOLS };

/* Its statements (their SQL in stmt_chain_deposit.c). */
#define DB_STMTS_CHAIN_DEPOSIT(S) \
	S(DB_CHAIN_BLOCK_LAST, untyped, untyped) \
	S(DB_CHAIN_BLOCK_BELOW, untyped, untyped) \
	S(DB_CHAIN_BLOCK_INSERT, untyped, untyped) \
	S(DB_CHAIN_BLOCK_DELETE_ABOVE, untyped, untyped) \
	S(DB_CHAIN_BLOCK_PRUNE, untyped, untyped) \
	S(DB_CHAIN_TX_OURS, untyped, untyped) \
	S(DB_CDEP_LOCK, untyped, untyped) \
	S(DB_CDEP_INSERT, untyped, untyped) \
	S(DB_CDEP_RECORD, untyped, untyped) \
	S(DB_CDEP_ABOVE, untyped, untyped) \
	S(DB_CDEP_SET_STATUS, untyped, untyped) \
	S(DB_CDEP_ASSIGN, untyped, untyped) \
	S(DB_CDEP_REPORT, untyped, untyped)

#define DB_ARGS_CHAIN_DEPOSIT(A)
#define DB_ROWS_CHAIN_DEPOSIT(R)

#endif
