/*
 * stmt_beneficiary: the statements of beneficiaries
 * (domain/wallet/beneficiary.c), with the columns their rows hold; the SQL
 * is in stmt_beneficiary.c.
 */
#ifndef CEDIRAMP_STMT_BENEFICIARY_H
#define CEDIRAMP_STMT_BENEFICIARY_H

/* A beneficiary row: BENEFICIARY_COLS, the SQL of beneficiary_COLS (its
 * creation as displayed, then as the cursors hold it). */
#define BENEFICIARY_COLS "b.id, b.user_id, b.provider, b.phone, b.account_name, b.country, " \
	"b.currency, DATE_FORMAT(b.created_at, '%Y-%m-%dT%H:%i:%sZ') AS created_at, " \
	"DATE_FORMAT(b.created_at, '%Y-%m-%d %H:%i:%s.%f') AS created_db "
#define beneficiary_COLS(C, x) \
	C(x, TEXT, id, id) C(x, ID, user_id, user_id) C(x, TEXT, provider, provider) \
	C(x, TEXT, phone, phone) C(x, TEXT, account_name, account_name) \
	C(x, TEXT, country, country) C(x, TEXT, currency, currency) \
	C(x, TEXT, created_at, created_at) C(x, TEXT, created_db, created_db)

/* a user's account at a provider */
#define ben_exists_ARGS(ARG, AGAIN) ARG(INT, user_id) ARG(TEXT, provider) ARG(TEXT, phone)
/* a new beneficiary */
#define ben_insert_ARGS(ARG, AGAIN) \
	ARG(TEXT, id) ARG(INT, user_id) ARG(TEXT, provider) ARG(TEXT, phone) \
	ARG(TEXT, account_name) ARG(TEXT, country) ARG(TEXT, currency)
/* a beneficiary by its id and its user */
#define ben_get_ARGS(ARG, AGAIN) ARG(TEXT, id) ARG(INT, user_id)
/* the list's total, reading at most cap rows */
#define ben_count_ARGS(ARG, AGAIN) ARG(INT, user_id) ARG(INT, cap)
/* a page after a position (created_db text, id), at most limit rows */
#define ben_page_ARGS(ARG, AGAIN) \
	ARG(INT, user_id) ARG(TEXT, after) AGAIN(TEXT, after) ARG(TEXT, after_id) ARG(INT, limit)

/* Its statements (their SQL in stmt_beneficiary.c): S(statement, its
 * arguments' shape, its rows' shape), as store/db_sig.h says. */
#define DB_STMTS_BENEFICIARY(S) \
	S(DB_BEN_EXISTS, ben_exists, ids) \
	S(DB_BEN_INSERT, ben_insert, db_none) \
	S(DB_BEN_GET, ben_get, beneficiary) \
	S(DB_BEN_COUNT, ben_count, count) \
	S(DB_BEN_PAGE_DESC, ben_page, beneficiary) \
	S(DB_BEN_PAGE_ASC, ben_page, beneficiary)

#define DB_ARGS_BENEFICIARY(A) A(ben_exists) A(ben_insert) A(ben_get) A(ben_count) A(ben_page)
#define DB_ROWS_BENEFICIARY(R) R(beneficiary)

#endif
