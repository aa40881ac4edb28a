/*
 * stmt_sim: the statements of the sandbox's simulators and helpers: their
 * settings, the mobile money and chain simulators' books, the KYC
 * checker's magic numbers (lib/sandbox/), with the columns their rows
 * hold; the SQL is in stmt_sim.c.
 */
#ifndef CEDIRAMP_STMT_SIM_H
#define CEDIRAMP_STMT_SIM_H

/* a simulator setting (sim.* names) */
#define sim_name_ARGS(ARG, AGAIN) ARG(TEXT, name)
#define sim_setting_ARGS(ARG, AGAIN) ARG(TEXT, name) ARG(TEXT, value)
#define sim_value_COLS(C, x) C(x, RAW, value, )
/* a mobile money simulator's token: issued for ttl seconds ... */
#define sim_token_insert_ARGS(ARG, AGAIN) \
	ARG(TEXT, token) ARG(TEXT, network) ARG(TEXT, product) ARG(INT, ttl)
/* ... and still valid (count: 1) */
#define sim_token_ARGS(ARG, AGAIN) ARG(TEXT, token) ARG(TEXT, network) ARG(TEXT, product)
/* a simulated transfer or request to pay by its reference ... */
#define sim_ref_ARGS(ARG, AGAIN) ARG(TEXT, reference)
/* ... and by reference, network and kind ("transfer", "rtp") */
#define sim_tx_key_ARGS(ARG, AGAIN) ARG(TEXT, reference) ARG(TEXT, network) ARG(TEXT, kind)
/* what a send again is compared with */
#define sim_tx_lock_COLS(C, x) \
	C(x, RAW, network, ) C(x, RAW, kind, ) C(x, RAW, body_hash, ) C(x, RAW, state, ) \
	C(x, RAW, sends, ) C(x, RAW, msisdn, )
/* a send as the simulator first heard it; final_state is what it settles to */
#define sim_tx_insert_ARGS(ARG, AGAIN) \
	ARG(TEXT, reference) ARG(TEXT, network) ARG(TEXT, kind) ARG(TEXT, msisdn) \
	ARG(TEXT, amount) ARG(TEXT, currency) ARG(TEXT, external_id) ARG(TEXT, body_hash) \
	ARG(TEXT, final_state) ARG(TEXT, reason) ARG(TEXT, financial_id) ARG(TEXT, api)
/* accepted: called back at callback_url (NULL: none), settled after
 * settle_seconds */
#define sim_tx_accept_ARGS(ARG, AGAIN) \
	ARG(TEXT, callback_url) ARG(INT, settle_seconds) ARG(TEXT, reference)
/* a transfer's or request's status as the simulator answers it (into a
 * struct sim_sent, sandbox/sim_sends.h) */
#define sim_tx_COLS(C, x) \
	C(x, TEXT, state, state) C(x, TEXT, reason, reason) \
	C(x, TEXT, financial_id, financial_id) C(x, TEXT, msisdn, msisdn) \
	C(x, TEXT, amount, amount) C(x, TEXT, currency, currency) \
	C(x, TEXT, external_id, external_id) C(x, RAW, success_reads, ) \
	C(x, TEXT, created_at, created_at)
/* the sandbox's payer's answer to a request to pay */
#define sim_rtp_answer_ARGS(ARG, AGAIN) \
	ARG(TEXT, final_state) ARG(TEXT, reason) ARG(TEXT, reference)
/* a callback due: what the simulator posts, and where */
#define sim_callback_COLS(C, x) \
	C(x, RAW, reference, ) C(x, RAW, kind, ) C(x, RAW, callback_url, ) C(x, RAW, state, ) \
	C(x, RAW, reason, ) C(x, RAW, financial_id, ) C(x, RAW, msisdn, ) C(x, RAW, amount, ) \
	C(x, RAW, currency, ) C(x, RAW, external_id, ) C(x, RAW, api, ) C(x, RAW, network, )
/* a network's simulated account: the opening balance, less what it paid
 * out (paid 1) and the out-of-band debits, plus what it collected
 * (collected 1) */
#define sim_momo_balance_ARGS(ARG, AGAIN) \
	ARG(TEXT, opening) ARG(INT, paid) ARG(INT, collected) ARG(TEXT, debits) \
	ARG(TEXT, network)
#define sim_balance_COLS(C, x) C(x, RAW, balance, )
/* the Paystack simulator's transfer recipients */
#define sim_recipient_add_ARGS(ARG, AGAIN) \
	ARG(TEXT, recipient_code) ARG(TEXT, network) ARG(TEXT, account_number) ARG(TEXT, name)
#define sim_recipient_of_ARGS(ARG, AGAIN) ARG(TEXT, network) ARG(TEXT, account_number)
#define sim_recipient_code_COLS(C, x) C(x, RAW, recipient_code, )
#define sim_recipient_get_ARGS(ARG, AGAIN) ARG(TEXT, recipient_code)
#define sim_account_COLS(C, x) C(x, RAW, account_number, )
/* the chain simulator's books: a wallet's balance of an asset ... */
#define sim_wallet_asset_ARGS(ARG, AGAIN) ARG(TEXT, wallet) ARG(TEXT, asset)
/* ... credited, or debited while it covers amount */
#define sim_credit_ARGS(ARG, AGAIN) ARG(TEXT, wallet) ARG(TEXT, asset) ARG(TEXT, amount)
#define sim_debit_ARGS(ARG, AGAIN) \
	ARG(TEXT, amount) ARG(TEXT, wallet) ARG(TEXT, asset) AGAIN(TEXT, amount)
/* a simulated chain transaction, confirmed after confirm_seconds */
#define sim_chain_tx_insert_ARGS(ARG, AGAIN) \
	ARG(TEXT, tx_hash) ARG(TEXT, wallet) ARG(TEXT, asset) ARG(TEXT, amount) \
	ARG(TEXT, outcome) ARG(INT, confirm_seconds)
#define sim_tx_hash_ARGS(ARG, AGAIN) ARG(TEXT, tx_hash)
#define sim_chain_tx_COLS(C, x) \
	C(x, RAW, wallet, ) C(x, RAW, asset, ) C(x, RAW, amount, ) C(x, RAW, outcome, ) \
	C(x, RAW, block_number, ) C(x, RAW, confirmed, )
/* KYC submissions whose document number is a magic one */
#define sim_kyc_due_COLS(C, x) C(x, RAW, public_id, ) C(x, RAW, document_number, )

/* Its statements (their SQL in stmt_sim.c): S(statement, its arguments'
 * shape, its rows' shape), as store/db_sig.h says. */
#define DB_STMTS_SIM(S) \
	S(DB_SIM_SETTING_GET, sim_name, sim_value) \
	S(DB_SIM_SETTING_SET, sim_setting, db_none) \
	S(DB_SIM_MOMO_TOKEN_INSERT, sim_token_insert, db_none) \
	S(DB_SIM_MOMO_TOKEN_VALID, sim_token, count) \
	S(DB_SIM_MOMO_TOKEN_EXPIRE, no_args, db_none) \
	S(DB_SIM_MOMO_TX_LOCK, sim_ref, sim_tx_lock) \
	S(DB_SIM_MOMO_TX_INSERT, sim_tx_insert, db_none) \
	S(DB_SIM_MOMO_TX_COUNT_SEND, sim_ref, db_none) \
	S(DB_SIM_MOMO_TX_ACCEPT, sim_tx_accept, db_none) \
	S(DB_SIM_MOMO_TX_SETTLE, sim_tx_key, db_none) \
	S(DB_SIM_MOMO_SETTLE_DUE, claim_batch, db_none) \
	S(DB_SIM_MOMO_REVERSE_DUE, claim_batch, db_none) \
	S(DB_SIM_MOMO_CALLBACKS_DUE, claim_batch, sim_callback) \
	S(DB_SIM_MOMO_CALLBACK_TAKE, sim_ref, db_none) \
	S(DB_SIM_MOMO_BALANCE, sim_momo_balance, sim_balance) \
	S(DB_SIM_MOMO_TX_GET, sim_tx_key, sim_tx) \
	S(DB_SIM_MOMO_RTP_READ, sim_ref, db_none) \
	S(DB_SIM_MOMO_RTP_REVERSE, sim_ref, db_none) \
	S(DB_SIM_MOMO_RTP_ANSWER, sim_rtp_answer, db_none) \
	S(DB_SIM_PS_RECIPIENT_ADD, sim_recipient_add, db_none) \
	S(DB_SIM_PS_RECIPIENT_OF, sim_recipient_of, sim_recipient_code) \
	S(DB_SIM_PS_RECIPIENT_GET, sim_recipient_get, sim_account) \
	S(DB_SIM_BAL_GET, sim_wallet_asset, sim_balance) \
	S(DB_SIM_BAL_CREDIT, sim_credit, db_none) \
	S(DB_SIM_BAL_DEBIT, sim_debit, db_none) \
	S(DB_SIM_TX_INSERT, sim_chain_tx_insert, db_none) \
	S(DB_SIM_TX_GET, sim_tx_hash, sim_chain_tx) \
	S(DB_SIM_KYC_MAGIC_DUE, claim_batch, sim_kyc_due)
#define DB_ARGS_SIM(A) \
	A(sim_name) A(sim_setting) A(sim_token_insert) A(sim_token) A(sim_ref) A(sim_tx_key) \
	A(sim_tx_insert) A(sim_tx_accept) A(sim_rtp_answer) A(sim_momo_balance) \
	A(sim_recipient_add) A(sim_recipient_of) A(sim_recipient_get) A(sim_wallet_asset) \
	A(sim_credit) A(sim_debit) A(sim_chain_tx_insert) A(sim_tx_hash)
#define DB_ROWS_SIM(R) \
	R(sim_value) R(sim_tx_lock) R(sim_tx) R(sim_callback) R(sim_balance) \
	R(sim_recipient_code) R(sim_account) R(sim_chain_tx) R(sim_kyc_due)

#endif
