/*
 * stmt_delivery: the statements of the webhooks worker's deliveries and
 * attempts (domain/delivery.c), with the columns their rows hold; the SQL
 * is in stmt_delivery.c.
 */
#ifndef CEDIRAMP_STMT_DELIVERY_H
#define CEDIRAMP_STMT_DELIVERY_H

/* microseconds until the next pending delivery may be claimed (NULL: none) */
#define dlv_next_due_COLS(C, x) C(x, RAW, due_us, )
/* a delivery to send: its state, its endpoint's URL, secret (sealed, hex)
 * and whether it is active, its event, the endpoint's key ids and public
 * id, the previous secret while it overlaps; the delivery's id last */
#define dlv_load_COLS(C, x) \
	C(x, RAW, status, ) C(x, RAW, url, ) C(x, RAW, secret_sealed, ) C(x, RAW, active, ) \
	C(x, RAW, event_id, ) C(x, RAW, type, ) C(x, RAW, subject_kind, ) \
	C(x, RAW, created_at, ) C(x, RAW, payload, ) C(x, RAW, secret_key_id, ) \
	C(x, RAW, public_id, ) C(x, RAW, previous_secret_sealed, ) \
	C(x, RAW, previous_secret_key_id, ) C(x, RAW, delivery_id, )
/* a delivery locked for its attempts' record */
#define dlv_locked_COLS(C, x) \
	C(x, RAW, status, ) C(x, RAW, attempts, ) C(x, RAW, round_failures, ) C(x, RAW, id, )

/* Its statements (their SQL in stmt_delivery.c): S(statement, its
 * arguments' shape, its rows' shape), as store/db_sig.h says. */
#define DB_STMTS_DELIVERY(S) \
	S(DB_WH_CLAIM, claim_batch, ids) \
	S(DB_WH_NEXT_DUE, no_args, dlv_next_due) \
	S(DB_WH_LEASE_MANY, lease_many, db_none) \
	S(DB_WH_LOAD_MANY, json_batch, dlv_load) \
	S(DB_WH_LOCK_MANY, json_batch, dlv_locked) \
	S(DB_WH_ATTEMPT_INSERT_MANY, json_batch, db_none) \
	S(DB_WH_RECORD_MANY, json_batch, db_none)
#define DB_ARGS_DELIVERY(A)
#define DB_ROWS_DELIVERY(R) R(dlv_next_due) R(dlv_load) R(dlv_locked)

#endif
