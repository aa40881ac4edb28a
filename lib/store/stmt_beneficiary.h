/*
 * stmt_beneficiary: the statements of beneficiaries
 * (domain/wallet/beneficiary.c), with the columns their rows hold; the SQL
 * is in stmt_beneficiary.c.
 */
#ifndef CEDIRAMP_STMT_BENEFICIARY_H
#define CEDIRAMP_STMT_BENEFICIARY_H

/* A beneficiary row: BENEFICIARY_COLS, and its columns in order. */
#define BENEFICIARY_COLS "b.id, b.user_id, b.provider, b.phone, b.account_name, b.country, " \
	"b.currency, DATE_FORMAT(b.created_at, '%Y-%m-%dT%H:%i:%sZ'), " \
	"DATE_FORMAT(b.created_at, '%Y-%m-%d %H:%i:%s.%f') "
enum beneficiary_col { BC_ID, BC_USER, BC_PROVIDER, BC_PHONE, BC_NAME, BC_COUNTRY,
	BC_CURRENCY, BC_CREATED, BC_CREATED_DB, BENEFICIARY_NCOLS };

/* Its statements (their SQL in stmt_beneficiary.c). */
#define DB_STMTS_BENEFICIARY(S) \
	S(DB_BEN_EXISTS, untyped, untyped) \
	S(DB_BEN_INSERT, untyped, untyped) \
	S(DB_BEN_GET, untyped, untyped) \
	S(DB_BEN_COUNT, untyped, untyped) \
	S(DB_BEN_PAGE_DESC, untyped, untyped) \
	S(DB_BEN_PAGE_ASC, untyped, untyped)

#define DB_ARGS_BENEFICIARY(A)
#define DB_ROWS_BENEFICIARY(R)

#endif
