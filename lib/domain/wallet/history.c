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
	struct db_rows rows;
	enum db_rc rc;
	size_t i;

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
	/* one more row than the page says whether more exist */
	rc = db_run(ctx->db, DB_BIND_ANY(q->asc ? DB_HIST_PAGE_ASC : DB_HIST_PAGE_DESC,
	    hist_page, .user_id = who->id, .status = q->status, .type = q->type,
	    .after = q->after, .after_id = q->after_id, .limit = (long long)q->limit + 1),
	    &rows, NULL);
	if (rc != DB_OK)
		return domain_db_fail(o, rc, "read the transactions");
	for (i = 0; i < rows.nrows && *n < q->limit; i++) {
		struct history_item *h = &out[*n];
		struct db_rows item;
		const char *kind;
		int bad;

		memset(h, 0, sizeof(*h));
		kind = db_cell(&rows, i, DB_COL(hist_page, kind));
		if (strcmp(kind ? kind : "", "payout") == 0) {
			h->kind = HISTORY_PAYOUT;
			item = db_rows_slice(&rows, i, DB_COL(hist_page, id), DB_NCOLS(payout_row));
			bad = payout_from_row(&item, 0, &h->p);
			h->created_db = h->p.created_db;
			h->id = h->p.id;
		} else {
			h->kind = HISTORY_CONVERSION;
			item = db_rows_slice(&rows, i, DB_COL(hist_page, c_id), DB_NCOLS(conversion));
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
