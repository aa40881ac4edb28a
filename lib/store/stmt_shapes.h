/*
 * stmt_shapes: the arguments' and rows' shapes (store/db_sig.h) that
 * statements of several modules share: a row's id, a worker's claim and
 * lease, a batch as one JSON argument, and the partner resources' get, list and count (withdrawals and
 * payment intents, read through domain/partner/resource.c).
 */
#ifndef CEDIRAMP_STMT_SHAPES_H
#define CEDIRAMP_STMT_SHAPES_H

#define DB_ARGS_SHAPES(A) \
	A(no_args) \
	A(by_id) \
	A(claim_batch) \
	A(lease_id) \
	A(lease_many) \
	A(json_batch) \
	A(res_by_owner) \
	A(res_by_reference) \
	A(res_count_all) \
	A(res_count) \
	A(res_page) \
	A(check_later) \
	A(used_since)
#define DB_ROWS_SHAPES(R) \
	R(ids) \
	R(count) \
	R(used)

/* a statement without placeholders */
#define no_args_ARGS(ARG, AGAIN)
/* one row by its id */
#define by_id_ARGS(ARG, AGAIN) ARG(TEXT, id)
/* a worker's claim (store/db.h, db_claim): at most n due ids ... */
#define claim_batch_ARGS(ARG, AGAIN) ARG(INT, n)
/* ... each leased for seconds */
#define lease_id_ARGS(ARG, AGAIN) ARG(INT, seconds) ARG(TEXT, id)
/* ... or all at once (db_claim_all): a JSON array of ids, for seconds */
#define lease_many_ARGS(ARG, AGAIN) ARG(TEXT, ids) ARG(INT, seconds)
/* a whole batch as one JSON array (store/stmt_internal.h, J_ROWS): ids, or
 * the rows a statement writes (its comment in stmt_<module>.c says their
 * members) */
#define json_batch_ARGS(ARG, AGAIN) ARG(TEXT, json)
#define ids_COLS(C, x) C(x, TEXT, id, id)
/* a count (db_count, db_count_upto) */
#define count_COLS(C, x) C(x, RAW, total, )

/* a row checked again later: 1, 2, 4 ... seconds from now, at most
 * backoff_max */
#define check_later_ARGS(ARG, AGAIN) ARG(INT, backoff_max) ARG(TEXT, id)
/* GHS an owner (a user's or a partner's id) used since a time (DATETIME
 * text): the tier limits' sums */
#define used_since_ARGS(ARG, AGAIN) ARG(INT, owner_id) ARG(TEXT, since)
#define used_COLS(C, x) C(x, RAW, used, )

/* A partner resource: by id and its owner (an API call's) */
#define res_by_owner_ARGS(ARG, AGAIN) ARG(TEXT, id) ARG(INT, partner_id)
/* under the partner's reference_id */
#define res_by_reference_ARGS(ARG, AGAIN) ARG(INT, partner_id) ARG(TEXT, reference_id)
/* the list's total without a filter, reading at most cap rows */
#define res_count_all_ARGS(ARG, AGAIN) ARG(INT, partner_id) ARG(INT, cap)
/* the list filters, each placeholder twice (NULL: no filter): status, from
 * and to (DATETIME text, inclusive bounds on created_at), reference_id */
#define RES_FILTER_ARGS(ARG, AGAIN) ARG(INT, partner_id) \
	ARG(TEXT, status) AGAIN(TEXT, status) ARG(TEXT, from) AGAIN(TEXT, from) \
	ARG(TEXT, to) AGAIN(TEXT, to) ARG(TEXT, reference_id) AGAIN(TEXT, reference_id)
/* the list's total with the filters, reading at most cap rows */
#define res_count_ARGS(ARG, AGAIN) RES_FILTER_ARGS(ARG, AGAIN) ARG(INT, cap)
/* a page of the list */
#define res_page_ARGS(ARG, AGAIN) RES_FILTER_ARGS(ARG, AGAIN) ARG(INT, limit) ARG(INT, offset)

#endif
