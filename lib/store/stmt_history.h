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

/* Its statements (their SQL in stmt_history.c): S(statement, its
 * arguments' shape, its rows' shape), as store/db_sig.h says. A page's
 * rows hold a conversion's columns and a payout's side by side: they stay
 * untyped until the payout's row shape (stmt_payout.h) is declared. */
#define DB_STMTS_HISTORY(S) \
	S(DB_HIST_COUNT, hist_count, count) \
	S(DB_HIST_COUNT_ALL, hist_count_all, count) \
	S(DB_HIST_PAGE_DESC, untyped, untyped) \
	S(DB_HIST_PAGE_ASC, untyped, untyped)

#define DB_ARGS_HISTORY(A) A(hist_count_all) A(hist_count)
#define DB_ROWS_HISTORY(R)

#endif
