#include "domain/history.h"

#include <string.h>

#include "core/strict.h"
#include "domain/internal.h"

enum err
history_get(struct ctx *ctx, const struct caller *who, const char *id,
    struct history_item *out, struct outcome *o)
{
	enum err e;

	memset(out, 0, sizeof(*out));
	if (strncmp(id, "po_", 3) == 0) {
		out->kind = HISTORY_PAYOUT;
		e = payout_get(ctx, who, id, &out->p, o);
		out->created_db = out->p.created_db;
		out->id = out->p.id;
	} else {
		out->kind = HISTORY_CONVERSION;
		e = conv_get(ctx, who, id, &out->c, o);
		out->created_db = out->c.created_db;
		out->id = out->c.id;
	}
	return e;
}

enum err
history_page(struct ctx *ctx, const struct caller *who,
    const struct history_query *q, struct history_item *out, size_t *n,
    int *more, unsigned long long *total, struct outcome *o)
{
	struct db_arg a[12];
	struct db_rows rows;
	enum db_rc rc;
	enum err e = ERR_OK;
	size_t i;

	*n = 0;
	*more = 0;
	*total = 0;
	a[0] = DB_I(who->id);
	a[1] = DB_S(q->status);
	a[2] = DB_S(q->status);
	a[3] = DB_I(who->id);
	a[4] = DB_S(q->status);
	a[5] = DB_S(q->status);
	a[6] = DB_S(q->type);
	a[7] = DB_S(q->type);
	if ((rc = db_exec(ctx->db, DB_HIST_COUNT, a, 8, &rows, NULL)) != DB_OK)
		return domain_db_fail(o, rc, "count the transactions");
	if (db_cell(&rows, 0, 0) != NULL)
		(void)strict_uint(db_cell(&rows, 0, 0), strlen(db_cell(&rows, 0, 0)), ~0ULL, total);
	db_rows_free(&rows);
	a[8] = DB_S(q->after);
	a[9] = DB_S(q->after);
	a[10] = DB_S(q->after_id);
	a[11] = DB_I((long long)q->limit + 1); /* one more says whether more exist */
	if ((rc = db_exec(ctx->db, q->asc ? DB_HIST_PAGE_ASC : DB_HIST_PAGE_DESC, a, 12,
	    &rows, NULL)) != DB_OK)
		return domain_db_fail(o, rc, "read the transactions");
	/* the page's ids, then each item in full */
	for (i = 0; i < rows.nrows && *n < q->limit && e == ERR_OK; i++) {
		e = history_get(ctx, who, db_cell(&rows, i, 0), &out[*n], o);
		if (e == ERR_OK)
			(*n)++;
		else if (e == ERR_NOT_FOUND)
			e = ERR_OK; /* gone between the two reads: skip it */
	}
	*more = rows.nrows > q->limit;
	db_rows_free(&rows);
	return e;
}
