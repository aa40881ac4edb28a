#include "domain/wallet/history.h"

#include <string.h>

#include "core/strict.h"
#include "domain/internal.h"
#include "store/db_sig.h"

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
		e = conversion_get(ctx, who, id, &out->c, o);
		out->created_db = out->c.created_db;
		out->id = out->c.id;
	}
	return e;
}

enum err
history_page(struct ctx *ctx, const struct caller *who,
    const struct history_query *q, struct history_item *out, size_t *n,
    int *more, struct db_total *total, struct outcome *o)
{
	unsigned long long cap = ctx->cfg.list_total_cap;
	struct db_arg a[19];
	struct db_rows rows;
	enum db_rc rc;
	size_t i, b;

	*n = 0;
	*more = 0;
	memset(total, 0, sizeof(*total));
	/* each table's branch reads at most cap + 1 rows */
	if (q->status[0] == '\0' && q->type[0] == '\0') {
		/* no filter: each table's index alone */
		rc = db_run_count_upto(ctx->db, DB_BIND(DB_HIST_COUNT_ALL, hist_count_all,
		    .user_id = who->id, .cap = (long long)cap + 1), cap, total);
	} else {
		rc = db_run_count_upto(ctx->db, DB_BIND(DB_HIST_COUNT, hist_count,
		    .user_id = who->id, .status = q->status, .type = q->type,
		    .cap = (long long)cap + 1), cap, total);
	}
	if (rc != DB_OK)
		return domain_db_fail(o, rc, "count the transactions");
	/* the page's branches (not typed yet, stmt_history.h): the user,
	 * status twice, type twice, the position, a limit; one more row than
	 * the page says whether more exist */
	for (b = 0; b < 2; b++) {
		a[9 * b] = DB_I(who->id);
		a[9 * b + 1] = a[9 * b + 2] = DB_S(q->status);
		a[9 * b + 3] = a[9 * b + 4] = DB_S(q->type);
		a[9 * b + 5] = a[9 * b + 6] = DB_S(q->after);
		a[9 * b + 7] = DB_S(q->after_id);
		a[9 * b + 8] = DB_I((long long)q->limit + 1);
	}
	a[18] = DB_I((long long)q->limit + 1);
	if ((rc = db_exec(ctx->db, q->asc ? DB_HIST_PAGE_ASC : DB_HIST_PAGE_DESC, a, 19,
	    &rows, NULL)) != DB_OK)
		return domain_db_fail(o, rc, "read the transactions");
	for (i = 0; i < rows.nrows && *n < q->limit; i++) {
		struct history_item *h = &out[*n];
		struct db_rows item;
		int bad;

		memset(h, 0, sizeof(*h));
		if (strcmp(db_cell(&rows, i, 0) ? db_cell(&rows, i, 0) : "", "payout") == 0) {
			h->kind = HISTORY_PAYOUT;
			item = db_rows_slice(&rows, i, 1 + CONVERSION_NCOLS, PAYOUT_NCOLS);
			bad = payout_from_row(&item, 0, &h->p);
			h->created_db = h->p.created_db;
			h->id = h->p.id;
		} else {
			h->kind = HISTORY_CONVERSION;
			item = db_rows_slice(&rows, i, 1, CONVERSION_NCOLS);
			bad = conversion_from_row(&item, 0, &h->c);
			h->created_db = h->c.created_db;
			h->id = h->c.id;
		}
		if (bad) {
			db_rows_free(&rows);
			return domain_db_fail(o, DB_FAIL, "read a transaction of the page");
		}
		(*n)++;
	}
	*more = rows.nrows > q->limit;
	db_rows_free(&rows);
	return ERR_OK;
}
