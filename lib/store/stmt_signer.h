/*
 * stmt_signer: the statements of cediramp-signer (domain/signing.c): its
 * journal (schema 053, append-only: an insert and reads, nothing else),
 * what its policy reads, the withdrawal a withdrawal's move must name,
 * and its key rotations (schema 054); the SQL is in stmt_signer.c.
 */
#ifndef CEDIRAMP_STMT_SIGNER_H
#define CEDIRAMP_STMT_SIGNER_H

/* one decision (NULLs: not in the request, or nothing signed) */
#define sg_journal_ARGS(ARG, AGAIN) ARG(INT, caller_uid) ARG(TEXT, op) ARG(TEXT, purpose) \
	ARG(TEXT, ref_id) ARG(TEXT, asset) ARG(TEXT, amount) ARG(TEXT, wallet) \
	ARG(TEXT, decision) ARG(TEXT, reason) ARG(TEXT, signer) ARG(OPT_INT, nonce) \
	ARG(TEXT, tx_hash)
/* a coin's moves signed within the last day */
#define sg_asset_ARGS(ARG, AGAIN) ARG(TEXT, asset)
/* the send of a signer's nonce on a chain */
#define sg_nonce_ARGS(ARG, AGAIN) ARG(INT, chain_id) ARG(TEXT, sender) ARG(INT, nonce)
/* a send voided: its fill's hash and why */
#define sg_void_ARGS(ARG, AGAIN) ARG(TEXT, tx_hash) ARG(TEXT, reason) ARG(TEXT, ref_id)
/* a page of the journal, newest first: before an id, at most limit */
#define sg_page_ARGS(ARG, AGAIN) ARG(INT, before) ARG(INT, limit)

/* a rotation asked for: its chain, the key it replaces, who asked */
#define sg_rot_new_ARGS(ARG, AGAIN) ARG(INT, chain_id) ARG(TEXT, old_address) \
	ARG(INT, requested_by)
/* the new key's name's prefix */
#define sg_rot_name_ARGS(ARG, AGAIN) ARG(TEXT, prefix)
/* a rotation's next step (reason and new_address NULL: unchanged), from
 * the step it is at */
#define sg_rot_step_ARGS(ARG, AGAIN) ARG(TEXT, step) ARG(TEXT, reason) \
	ARG(TEXT, new_address) ARG(INT, id) ARG(TEXT, from_step)
/* a rotation's transaction of a step */
#define sg_rot_tx_ARGS(ARG, AGAIN) ARG(INT, rotation_id) ARG(TEXT, step) ARG(TEXT, sender) \
	ARG(INT, nonce) ARG(TEXT, tx_hash) ARG(TEXT, raw) ARG(TEXT, value_wei)
#define sg_rot_step_of_ARGS(ARG, AGAIN) ARG(INT, rotation_id) ARG(TEXT, step)
#define sg_rot_settle_ARGS(ARG, AGAIN) ARG(TEXT, status) ARG(INT, rotation_id) ARG(TEXT, step)
/* a chain's key */
#define sg_chain_key_ARGS(ARG, AGAIN) ARG(INT, chain_id) ARG(TEXT, sender)
/* a chain */
#define sg_chain_ARGS(ARG, AGAIN) ARG(INT, chain_id)
/* a rotation */
#define sg_rot_id_ARGS(ARG, AGAIN) ARG(INT, id)

/* the sum of amounts (decimal text) */
#define sg_sum_COLS(C, x) C(x, RAW, total, )
/* a pending withdrawal's coin and amount */
#define sg_withdrawal_COLS(C, x) C(x, RAW, currency, ) C(x, RAW, amount, )
/* the send holding a nonce: its state, ages (seconds since stored and
 * since its newest attempt) and whether anything owns it (1 or 0) */
#define sg_at_COLS(C, x) C(x, RAW, ref_id, ) C(x, RAW, status, ) C(x, RAW, broadcasts, ) \
	C(x, RAW, failure_reason, ) C(x, RAW, age, ) C(x, RAW, signed_age, ) C(x, RAW, owned, )
/* a withdrawal held by the signer: since when, why */
#define sg_held_COLS(C, x) C(x, TEXT, id, id) C(x, TEXT, partner_id, partner_id) \
	C(x, TEXT, currency, currency) C(x, TEXT, amount, amount) C(x, TEXT, held_at, held_at) \
	C(x, TEXT, reason, reason)
/* a rotation (step_age: seconds at its step) */
#define sg_rot_COLS(C, x) C(x, ID, id, id) C(x, TEXT, old_address, old_address) \
	C(x, TEXT, new_address, new_address) C(x, RAW, key_name, ) C(x, TEXT, step, step) \
	C(x, TEXT, reason, reason) C(x, ID, requested_by, requested_by) \
	C(x, TEXT, created_at, created_at) C(x, TEXT, updated_at, updated_at) \
	C(x, ID, step_age, step_age)
/* a rotation's transaction (age: seconds since stored) */
#define sg_rot_tx_COLS(C, x) C(x, RAW, sender, ) C(x, RAW, nonce, ) C(x, RAW, tx_hash, ) \
	C(x, RAW, raw, ) C(x, RAW, status, ) C(x, RAW, value_wei, ) C(x, RAW, age, )
/* a journal entry */
#define sg_entry_COLS(C, x) C(x, RAW, id, ) C(x, RAW, at, ) C(x, RAW, caller_uid, ) \
	C(x, RAW, op, ) C(x, RAW, purpose, ) C(x, RAW, ref_id, ) C(x, RAW, asset, ) \
	C(x, RAW, amount, ) C(x, RAW, wallet, ) C(x, RAW, decision, ) C(x, RAW, reason, ) \
	C(x, RAW, signer, ) C(x, RAW, nonce, ) C(x, RAW, tx_hash, )

/* Its statements (their SQL in stmt_signer.c): S(statement, its
 * arguments' shape, its rows' shape), as store/db_sig.h says. */
#define DB_STMTS_SIGNER(S) \
	S(DB_SIGNER_JOURNAL, sg_journal, db_none) \
	S(DB_SIGNER_SIGNED_MINUTE, no_args, count) \
	S(DB_SIGNER_SIGNED_DAY, sg_asset, sg_sum) \
	S(DB_SIGNER_WITHDRAWAL, by_id, sg_withdrawal) \
	S(DB_SIGNER_JOURNAL_PAGE, sg_page, sg_entry) \
	S(DB_SIGNER_SEND_AT, sg_nonce, sg_at) \
	S(DB_SIGNER_VOID, sg_void, db_none) \
	S(DB_SIGNER_HELD, claim_batch, sg_held) \
	S(DB_ROT_OPEN, sg_chain, sg_rot) \
	S(DB_ROT_ACTIVE, sg_chain, sg_rot) \
	S(DB_ROT_OF_KEY, sg_chain_key, sg_rot) \
	S(DB_ROT_BY_ID, sg_rot_id, sg_rot) \
	S(DB_ROT_LIST, claim_batch, sg_rot) \
	S(DB_ROT_INSERT, sg_rot_new, db_none) \
	S(DB_ROT_NAME, sg_rot_name, db_none) \
	S(DB_ROT_STEP, sg_rot_step, db_none) \
	S(DB_ROT_TX_INSERT, sg_rot_tx, db_none) \
	S(DB_ROT_TX, sg_rot_step_of, sg_rot_tx) \
	S(DB_ROT_TX_SETTLE, sg_rot_settle, db_none) \
	S(DB_ROT_UNSETTLED, sg_chain_key, count)
#define DB_ARGS_SIGNER(A) A(sg_journal) A(sg_asset) A(sg_page) A(sg_nonce) A(sg_void) \
	A(sg_rot_new) A(sg_rot_name) A(sg_rot_step) A(sg_rot_tx) A(sg_rot_step_of) \
	A(sg_rot_settle) A(sg_chain_key) A(sg_chain) A(sg_rot_id)
#define DB_ROWS_SIGNER(R) R(sg_sum) R(sg_withdrawal) R(sg_entry) R(sg_at) R(sg_held) \
	R(sg_rot) R(sg_rot_tx)

#endif
