/*
 * stmt_sim: the statements of the sandbox's simulators and helpers: their
 * settings, the mobile money and chain simulators' books, the KYC
 * checker's magic numbers (lib/sandbox/), with the columns their rows
 * hold; the SQL is in stmt_sim.c.
 */
#ifndef CEDIRAMP_STMT_SIM_H
#define CEDIRAMP_STMT_SIM_H

/* Its statements (their SQL in stmt_sim.c). */
#define DB_STMTS_SIM(S) \
	S(DB_SIM_SETTING_GET) \
	S(DB_SIM_SETTING_SET) \
	S(DB_SIM_MOMO_TOKEN_INSERT) \
	S(DB_SIM_MOMO_TOKEN_VALID) \
	S(DB_SIM_MOMO_TOKEN_EXPIRE) \
	S(DB_SIM_MOMO_TX_LOCK) \
	S(DB_SIM_MOMO_TX_INSERT) \
	S(DB_SIM_MOMO_TX_COUNT_SEND) \
	S(DB_SIM_MOMO_TX_ACCEPT) \
	S(DB_SIM_MOMO_TX_SETTLE) \
	S(DB_SIM_MOMO_SETTLE_DUE) \
	S(DB_SIM_MOMO_REVERSE_DUE) \
	S(DB_SIM_MOMO_CALLBACKS_DUE) \
	S(DB_SIM_MOMO_CALLBACK_TAKE) \
	S(DB_SIM_MOMO_BALANCE) \
	S(DB_SIM_MOMO_TX_GET) \
	S(DB_SIM_MOMO_RTP_READ) \
	S(DB_SIM_MOMO_RTP_REVERSE) \
	S(DB_SIM_MOMO_RTP_ANSWER) \
	S(DB_SIM_PS_RECIPIENT_ADD) \
	S(DB_SIM_PS_RECIPIENT_OF) \
	S(DB_SIM_PS_RECIPIENT_GET) \
	S(DB_SIM_BAL_GET) \
	S(DB_SIM_BAL_CREDIT) \
	S(DB_SIM_BAL_DEBIT) \
	S(DB_SIM_TX_INSERT) \
	S(DB_SIM_TX_GET) \
	S(DB_SIM_KYC_MAGIC_DUE)

#endif
