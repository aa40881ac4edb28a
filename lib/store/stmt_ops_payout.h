/*
 * stmt_ops_payout: the statements of the back office's payouts needing a
 * person (domain/payout_call.c writes the calls and refusals;
 * domain/console/ops_payout.c reads them), with the columns their rows
 * hold; the SQL is in stmt_ops_payout.c.
 */
#ifndef CEDIRAMP_STMT_OPS_PAYOUT_H
#define CEDIRAMP_STMT_OPS_PAYOUT_H

/* A payout as the back office shows it, every column RAW (the reader
 * names them: OPS_PAYOUT_NAMES): its owner (a partner's withdrawal, or a
 * wallet user's payout) and the owner's partner or wallet, its moments
 * (ISO 8601, NULL when not reached), the worker's schedule (due: 1 when
 * its next check is due now). */
#define ops_payout_COLS(C, x) \
	C(x, RAW, id, ) C(x, RAW, status, ) C(x, RAW, network, ) C(x, RAW, amount, ) \
	C(x, RAW, fee, ) C(x, RAW, currency, ) C(x, RAW, owner_kind, ) C(x, RAW, owner_id, ) \
	C(x, RAW, account, ) C(x, RAW, client_reference, ) C(x, RAW, provider_ref, ) \
	C(x, RAW, failure_reason, ) C(x, RAW, sends, ) C(x, RAW, checks, ) \
	C(x, RAW, created_at, ) C(x, RAW, processing_at, ) C(x, RAW, completed_at, ) \
	C(x, RAW, held_at, ) C(x, RAW, reversed_at, ) C(x, RAW, next_check_at, ) \
	C(x, RAW, due, ) C(x, RAW, leased, )
/* one provider call of a payout */
#define ops_payout_call_COLS(C, x) \
	C(x, RAW, operation, ) C(x, RAW, started_at, ) C(x, RAW, latency_ms, ) \
	C(x, RAW, result, ) C(x, RAW, state, ) C(x, RAW, detail, ) C(x, RAW, request_id, )
/* one event of a payout or its withdrawal */
#define ops_payout_event_COLS(C, x) \
	C(x, RAW, event_id, ) C(x, RAW, type, ) C(x, RAW, created_at, ) C(x, RAW, request_id, )
/* one refusal for float */
#define ops_float_refusal_COLS(C, x) \
	C(x, RAW, network, ) C(x, RAW, amount, ) C(x, RAW, owner_kind, ) C(x, RAW, owner_id, ) \
	C(x, RAW, payout_id, ) C(x, RAW, refused_at, ) C(x, RAW, request_id, )

/* payouts in doubt for longer than seconds, at most n */
#define ops_doubt_ARGS(ARG, AGAIN) ARG(INT, seconds) ARG(INT, n)
/* the newest n */
#define ops_newest_ARGS(ARG, AGAIN) ARG(INT, n)
/* a call, after it returned */
#define payout_call_ARGS(ARG, AGAIN) \
	ARG(TEXT, payout_id) ARG(TEXT, operation) ARG(INT, latency_ms) AGAIN(INT, latency_ms) \
	ARG(TEXT, result) ARG(TEXT, state) ARG(TEXT, detail) ARG(TEXT, request_id)
/* a refusal for float */
#define float_refusal_ARGS(ARG, AGAIN) \
	ARG(TEXT, network) ARG(TEXT, amount) ARG(TEXT, owner_kind) ARG(TEXT, owner_id) \
	ARG(TEXT, payout_id) ARG(TEXT, request_id)

/* Its statements (their SQL in stmt_ops_payout.c): S(statement, its
 * arguments' shape, its rows' shape), as store/db_sig.h says. */
#define DB_STMTS_OPS_PAYOUT(S) \
	S(DB_PAYOUT_CALL_INSERT, payout_call, db_none) \
	S(DB_PAYOUT_CALL_INSERT_MANY, json_batch, db_none) \
	S(DB_FLOAT_REFUSAL_INSERT, float_refusal, db_none) \
	S(DB_OPS_PAYOUT_GET, by_id, ops_payout) \
	S(DB_OPS_PAYOUTS_DOUBT, ops_doubt, ops_payout) \
	S(DB_OPS_PAYOUTS_REVERSED, ops_newest, ops_payout) \
	S(DB_OPS_FLOAT_REFUSALS, ops_newest, ops_float_refusal) \
	S(DB_OPS_PAYOUT_CALLS, by_id, ops_payout_call) \
	S(DB_OPS_PAYOUT_EVENTS, by_id, ops_payout_event) \
	S(DB_OPS_PAYOUT_RETRY, by_id, db_none)

#define DB_ARGS_OPS_PAYOUT(A) A(ops_doubt) A(ops_newest) A(payout_call) A(float_refusal)
#define DB_ROWS_OPS_PAYOUT(R) \
	R(ops_payout) R(ops_payout_call) R(ops_payout_event) R(ops_float_refusal)

#endif
