/*
 * db_row: a result row read into a struct by a table of fields, one per
 * column in the statement's order, so a row's reader is its column list
 * and nothing else (as openradtool generates them). A field names the
 * member it fills and how the column's text becomes it.
 */
#ifndef CEDIRAMP_DB_ROW_H
#define CEDIRAMP_DB_ROW_H

#include <stddef.h>

#include "store/db.h"

enum db_field_type {
	DB_FIELD_SKIP = 0, /* read by the caller (a column that needs its context) */
	DB_FIELD_TEXT,     /* char[cap]: NULL is "", longer text is clipped */
	DB_FIELD_ID,       /* long long, 0 to 2^63-1: a NULL or any other text fails */
	DB_FIELD_COUNT,    /* unsigned, 0 to 1,000,000: as DB_FIELD_ID */
	DB_FIELD_FLAG,     /* int: 1 when the column is "1", else 0 */
	DB_FIELD_DUP       /* char *: a malloc'd copy, or NULL for NULL */
};

struct db_field {
	enum db_field_type type;
	size_t at;   /* the member's offset */
	size_t cap;  /* its size */
};

#define DB_FIELD_OF(t, type, member) \
	{ (t), offsetof(type, member), sizeof(((type *)0)->member) }
#define DB_TEXT(type, member) DB_FIELD_OF(DB_FIELD_TEXT, type, member)
#define DB_ID(type, member) DB_FIELD_OF(DB_FIELD_ID, type, member)
#define DB_COUNT(type, member) DB_FIELD_OF(DB_FIELD_COUNT, type, member)
#define DB_FLAG(type, member) DB_FIELD_OF(DB_FIELD_FLAG, type, member)
#define DB_DUP(type, member) DB_FIELD_OF(DB_FIELD_DUP, type, member)
#define DB_SKIP { DB_FIELD_SKIP, 0, 0 }

/*
 * Reads row of r into out, field i from column i (n fields; r has at
 * least n columns). 0, or -1 when a number is missing or malformed or
 * memory ran out; the DB_FIELD_DUP members already copied are then the
 * caller's to free, as on success.
 */
int db_row_read(const struct db_rows *r, size_t row, const struct db_field *f, size_t n,
    void *out);

#endif
