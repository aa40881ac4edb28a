#include "store/db_row.h"

#include <stdlib.h>
#include <string.h>

#include "core/strict.h"

int
db_row_read(const struct db_rows *r, size_t row, const struct db_field *f, size_t n,
    void *out)
{
	unsigned long long u;
	const char *v;
	size_t i;

	if (row >= r->nrows || n > r->ncols)
		return -1;
	for (i = 0; i < n; i++) {
		char *m = (char *)out + f[i].at;
		long long ll;
		unsigned un;
		int flag;
		char *dup;

		v = db_cell(r, row, i);
		switch (f[i].type) {
		case DB_FIELD_TEXT:
			(void)strict_clip(m, f[i].cap, v ? v : "", v ? strlen(v) : 0);
			break;
		case DB_FIELD_ID:
			if (v == NULL || strict_uint(v, strlen(v), ~0ULL >> 1, &u) != 0)
				return -1;
			ll = (long long)u;
			memcpy(m, &ll, sizeof(ll));
			break;
		case DB_FIELD_COUNT:
			if (v == NULL || strict_uint(v, strlen(v), 1000000, &u) != 0)
				return -1;
			un = (unsigned)u;
			memcpy(m, &un, sizeof(un));
			break;
		case DB_FIELD_FLAG:
			flag = v != NULL && strcmp(v, "1") == 0;
			memcpy(m, &flag, sizeof(flag));
			break;
		case DB_FIELD_DUP:
			dup = NULL;
			if (v != NULL && (dup = strdup(v)) == NULL)
				return -1;
			memcpy(m, &dup, sizeof(dup));
			break;
		default:
			break;
		}
	}
	return 0;
}
