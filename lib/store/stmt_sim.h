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
	S(DB_SIM_SETTING_GET, untyped, untyped) \
	S(DB_SIM_SETTING_SET, untyped, untyped) \
	S(DB_SIM_MOMO_TOKEN_INSERT, untyped, untyped) \
	S(DB_SIM_MOMO_TOKEN_VALID, untyped, untyped) \
	S(DB_SIM_MOMO_TOKEN_EXPIRE, untyped, untyped) \
	S(DB_SIM_MOMO_TX_LOCK, untyped, untyped) \
	S(DB_SIM_MOMO_TX_INSERT, untyped, untyped) \
	S(DB_SIM_MOMO_TX_COUNT_SEND, untyped, untyped) \
	S(DB_SIM_MOMO_TX_ACCEPT, untyped, untyped) \
	S(DB_SIM_MOMO_TX_SETTLE, untyped, untyped) \
	S(DB_SIM_MOMO_SETTLE_DUE, untyped, untyped) \
	S(DB_SIM_MOMO_REVERSE_DUE, untyped, untyped) \
	S(DB_SIM_MOMO_CALLBACKS_DUE, untyped, untyped) \
	S(DB_SIM_MOMO_CALLBACK_TAKE, untyped, untyped) \
	S(DB_SIM_MOMO_BALANCE, untyped, untyped) \
	S(DB_SIM_MOMO_TX_GET, untyped, untyped) \
	S(DB_SIM_MOMO_RTP_READ, untyped, untyped) \
	S(DB_SIM_MOMO_RTP_REVERSE, untyped, untyped) \
	S(DB_SIM_MOMO_RTP_ANSWER, untyped, untyped) \
	S(DB_SIM_PS_RECIPIENT_ADD, untyped, untyped) \
	S(DB_SIM_PS_RECIPIENT_OF, untyped, untyped) \
	S(DB_SIM_PS_RECIPIENT_GET, untyped, untyped) \
	S(DB_SIM_BAL_GET, untyped, untyped) \
	S(DB_SIM_BAL_CREDIT, untyped, untyped) \
	S(DB_SIM_BAL_DEBIT, untyped, untyped) \
	S(DB_SIM_TX_INSERT, untyped, untyped) \
	S(DB_SIM_TX_GET, untyped, untyped) \
	S(DB_SIM_KYC_MAGIC_DUE, untyped, untyped)

#define DB_ARGS_SIM(A)
#define DB_ROWS_SIM(R)

#endif
