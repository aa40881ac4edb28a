/*
 * stmt_gauges: the statements GET /metrics reads the service's state with
 * at scrape time (domain/ops_gauges.c): reads only, each on an index,
 * with the columns their rows hold; the SQL is in stmt_gauges.c.
 */
#ifndef CEDIRAMP_STMT_GAUGES_H
#define CEDIRAMP_STMT_GAUGES_H

/* payouts in doubt (processing, not held: the provider has not settled
 * them), the oldest one's age in seconds (0 none), held for review, and
 * reversed by their provider after they completed */
#define gauge_payouts_COLS(C, x) \
	C(x, RAW, in_doubt, ) C(x, RAW, in_doubt_oldest_seconds, ) C(x, RAW, held, ) \
	C(x, RAW, reversed, )
/* a queue's due items and the oldest one's lateness in seconds */
#define gauge_queue_COLS(C, x) C(x, RAW, queue, ) C(x, RAW, due, ) C(x, RAW, oldest_due_seconds, )
/* webhook deliveries still to make (due now or waiting for a retry) */
#define gauge_webhooks_COLS(C, x) C(x, RAW, pending, )
/* each chain: the age in seconds of the last block the deposit scanner
 * finished (it lags the head by the confirmations) */
#define gauge_chain_COLS(C, x) C(x, RAW, chain_id, ) C(x, RAW, head_age_seconds, )
/* the service's chain transactions sent and not yet final */
#define gauge_chain_sends_COLS(C, x) C(x, RAW, pending, ) C(x, RAW, fills, )
/* the node's Galera state: whether it is a Galera node (wsrep_on ON;
 * each NULL on a build without wsrep), its cluster's size, ready, state */
#define gauge_galera_COLS(C, x) \
	C(x, RAW, wsrep_on, ) C(x, RAW, cluster_size, ) C(x, RAW, ready, ) C(x, RAW, local_state, )

/* Its statements (their SQL in stmt_gauges.c): S(statement, its
 * arguments' shape, its rows' shape), as store/db_sig.h says. */
#define DB_STMTS_GAUGES(S) \
	S(DB_GAUGE_PAYOUTS, no_args, gauge_payouts) \
	S(DB_GAUGE_QUEUES, no_args, gauge_queue) \
	S(DB_GAUGE_WEBHOOKS, no_args, gauge_webhooks) \
	S(DB_GAUGE_CHAIN, no_args, gauge_chain) \
	S(DB_GAUGE_CHAIN_SENDS, no_args, gauge_chain_sends) \
	S(DB_GAUGE_GALERA, no_args, gauge_galera)

#define DB_ARGS_GAUGES(A)
#define DB_ROWS_GAUGES(R) \
	R(gauge_payouts) R(gauge_queue) R(gauge_webhooks) R(gauge_chain) R(gauge_chain_sends) \
	R(gauge_galera)

#endif
