/*
 * stmt_history: the statements of a wallet user's history: conversions and
 * payouts as one list (domain/wallet/history.c), with the columns their
 * rows hold; the SQL is in stmt_history.c.
 */
#ifndef CEDIRAMP_STMT_HISTORY_H
#define CEDIRAMP_STMT_HISTORY_H

/* the list's total without a filter: the user and the cap, once per table */
#define hist_count_all_ARGS(ARG, AGAIN) \
	ARG(INT, user_id) ARG(INT, cap) AGAIN(INT, user_id) AGAIN(INT, cap)
/* a table's branch of the filtered total: the user, status and type each
 * twice ('': no filter), the cap */
#define HIST_COUNT_BRANCH_ARGS(ARG, AGAIN) ARG(INT, user_id) \
	ARG(TEXT, status) AGAIN(TEXT, status) ARG(TEXT, type) AGAIN(TEXT, type) ARG(INT, cap)
/* the list's total with the filters: the branch of each table */
#define hist_count_ARGS(ARG, AGAIN) \
	HIST_COUNT_BRANCH_ARGS(ARG, AGAIN) HIST_COUNT_BRANCH_ARGS(AGAIN, AGAIN)

/* a table's branch of a page: the user, status and type each twice ('':
 * no filter), the position (after: the last row's created_at, twice, and
 * after_id), the limit */
#define HIST_PAGE_BRANCH_ARGS(ARG, AGAIN) ARG(INT, user_id) \
	ARG(TEXT, status) AGAIN(TEXT, status) ARG(TEXT, type) AGAIN(TEXT, type) \
	ARG(TEXT, after) AGAIN(TEXT, after) ARG(TEXT, after_id) ARG(INT, limit)
/* a page: the branch of each table, then the page's limit (the same) */
#define hist_page_ARGS(ARG, AGAIN) HIST_PAGE_BRANCH_ARGS(ARG, AGAIN) \
	HIST_PAGE_BRANCH_ARGS(AGAIN, AGAIN) AGAIN(INT, limit)
/* a page's row: its kind ("conversion", "payout"), then a conversion's
 * columns (their names prefixed c_, stmt_conversion.h) and a payout's side
 * by side, the other kind's NULL: each read by its own reader from a
 * slice (db_rows_slice) */
#define hist_page_COLS(C, x) \
	C(x, RAW, kind, ) CONVERSION_SHAPE(C, x, c_) payout_row_COLS(C, x)

/* Its statements (their SQL in stmt_history.c): S(statement, its
 * arguments' shape, its rows' shape), as store/db_sig.h says. */
#define DB_STMTS_HISTORY(S) \
	S(DB_HIST_COUNT, hist_count, count) \
	S(DB_HIST_COUNT_ALL, hist_count_all, count) \
	S(DB_HIST_PAGE_DESC, hist_page, hist_page) \
	S(DB_HIST_PAGE_ASC, hist_page, hist_page)

#define DB_ARGS_HISTORY(A) A(hist_count_all) A(hist_count) A(hist_page)
#define DB_ROWS_HISTORY(R) R(hist_page)

#endif
