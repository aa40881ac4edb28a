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
	S(DB_CHAIN_BLOCK_LAST) \
	S(DB_CHAIN_BLOCK_BELOW) \
	S(DB_CHAIN_BLOCK_INSERT) \
	S(DB_CHAIN_BLOCK_DELETE_ABOVE) \
	S(DB_CHAIN_BLOCK_PRUNE) \
	S(DB_CHAIN_TX_OURS) \
	S(DB_CDEP_LOCK) \
	S(DB_CDEP_INSERT) \
	S(DB_CDEP_RECORD) \
	S(DB_CDEP_ABOVE) \
	S(DB_CDEP_SET_STATUS) \
	S(DB_CDEP_ASSIGN) \
	S(DB_CDEP_REPORT)

#endif
