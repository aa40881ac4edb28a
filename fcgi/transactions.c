/*
 * transactions: the wallet user's history. GET /api/transactions lists
 * conversions (payouts join when they exist) newest first by default, with
 * opaque cursors; GET /api/transactions/:id is one of them, 404 for an id
 * that is not the caller's.
 */
#include <stdio.h>
#include <string.h>

#include "http/app.h"
#include "domain/conv.h"
#include "core/cursor.h"
#include "core/strict.h"
#include "core/timefmt.h"

static json_t *
item(const struct conversion *c)
{
	return json_pack("{s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:o}",
	    "transactionId", c->id, "type", "conversion", "status", c->status,
	    "amount", c->amount, "from", c->from, "to", c->to, "rate", c->rate,
	    "fee", c->fee, "receiveAmount", c->receive, "txHash", c->tx_hash,
	    "createdAt", c->created_at,
	    "completedAt", c->completed_at[0] ? json_string(c->completed_at) : json_null());
}

/* One of the allowed values, or ERR_VALIDATION naming the parameter. */
static enum err
one_of(struct req *r, struct resp *resp, const char *name, const char *const *ok,
    const char **out)
{
	const char *v = req_query(r, name);

	*out = "";
	if (v == NULL)
		return ERR_OK;
	for (; *ok != NULL; ok++)
		if (strcmp(*ok, v) == 0) {
			*out = v;
			return ERR_OK;
		}
	return resp_invalid(resp, ERR_VALIDATION, name, "not an allowed value");
}

static const char *const orders[] = { "asc", "desc", NULL };
static const char *const types[] = { "conversion", "payout", NULL };
static const char *const statuses[] = { "pending", "processing", "completed", "failed", NULL };
static const char *const list_params[] = { "limit", "cursor", "order", "type", "status", NULL };

static enum err
list(struct req *r, struct resp *resp)
{
	const struct cfg *cfg = &r->ctx->cfg;
	const char *order, *type, *status, *lim = req_query(r, "limit"), *cur;
	char scope[128], after[40], after_id[CURSOR_ID_MAX + 1] = "", next[CURSOR_MAX + 1];
	unsigned long long limit = 20, total = 0;
	struct cursor_pos pos;
	struct db_rows rows;
	struct db_arg a[7];
	json_t *data;
	size_t i, shown;
	enum err e;

	if (lim != NULL && (strict_uint(lim, strlen(lim), 100, &limit) != 0 || limit == 0))
		return resp_invalid(resp, ERR_VALIDATION, "limit", "a whole number from 1 to 100");
	if ((e = one_of(r, resp, "order", orders, &order)) != ERR_OK ||
	    (e = one_of(r, resp, "type", types, &type)) != ERR_OK ||
	    (e = one_of(r, resp, "status", statuses, &status)) != ERR_OK)
		return e;
	if (order[0] == '\0')
		order = "desc";
	if (cfg->cursor_secret[0] == '\0')
		return resp_fail(resp, ERR_INTERNAL, "api.cursor_secret is not configured");
	/* a cursor is good only for the query (owner, order, filters) it came from */
	snprintf(scope, sizeof(scope), "u:%lld|%s|%s|%s", r->caller.id, order, type, status);
	cur = req_query(r, "cursor");
	if (strcmp(order, "desc") == 0)
		(void)strict_copy(after, sizeof(after), "9999-12-31 23:59:59.999999");
	else
		(void)strict_copy(after, sizeof(after), "1000-01-01 00:00:00.000000");
	if (cur != NULL) {
		if (cursor_decode((const unsigned char *)cfg->cursor_secret,
		    strlen(cfg->cursor_secret), scope, cur, &pos) != 0)
			return resp_invalid(resp, ERR_VALIDATION, "cursor",
			    "not a cursor of this query");
		timefmt_us_to_db(pos.created_us, after, sizeof(after));
		(void)strict_copy(after_id, sizeof(after_id), pos.id);
	} else if (strcmp(order, "asc") == 0) {
		after_id[0] = '\0';
	} else {
		(void)strict_copy(after_id, sizeof(after_id), "~");
	}
	data = json_array();
	if (data == NULL)
		return ERR_INTERNAL;
	if (strcmp(type, "payout") == 0) {
		/* no payouts exist yet: an empty, final page */
		resp_ok(resp, 200, data);
		resp->pagination = json_pack("{s:n,s:b,s:i}", "cursor", "hasMore", 0, "total", 0);
		return ERR_OK;
	}
	a[0] = DB_I(r->caller.id);
	a[1] = DB_S(status);
	a[2] = DB_S(status);
	if (db_exec(r->ctx->db, DB_CONV_COUNT, a, 3, &rows, NULL) != DB_OK) {
		json_decref(data);
		return ERR_SERVICE_UNAVAILABLE;
	}
	if (db_cell(&rows, 0, 0) != NULL)
		(void)strict_uint(db_cell(&rows, 0, 0), strlen(db_cell(&rows, 0, 0)), ~0ULL, &total);
	db_rows_free(&rows);
	a[3] = DB_S(after);
	a[4] = DB_S(after);
	a[5] = DB_S(after_id);
	a[6] = DB_I((long long)limit + 1); /* one more says whether more exist */
	if (db_exec(r->ctx->db, strcmp(order, "asc") == 0 ? DB_CONV_PAGE_ASC : DB_CONV_PAGE_DESC,
	    a, 7, &rows, NULL) != DB_OK) {
		json_decref(data);
		return ERR_SERVICE_UNAVAILABLE;
	}
	shown = rows.nrows > limit ? (size_t)limit : rows.nrows;
	next[0] = '\0';
	for (i = 0; i < shown; i++) {
		struct conversion c;

		if (conv_from_row(&rows, i, &c) != 0)
			continue;
		json_array_append_new(data, item(&c));
		if (i + 1 == shown && rows.nrows > limit &&
		    timefmt_db_to_us(c.created_db, &pos.created_us) == 0 &&
		    strict_copy(pos.id, sizeof(pos.id), c.id) == 0 &&
		    cursor_encode((const unsigned char *)cfg->cursor_secret,
		    strlen(cfg->cursor_secret), scope, &pos, next) != 0)
			next[0] = '\0';
	}
	resp_ok(resp, 200, data);
	resp->pagination = json_pack("{s:o,s:b,s:I}",
	    "cursor", next[0] ? json_string(next) : json_null(),
	    "hasMore", rows.nrows > limit, "total", (json_int_t)total);
	db_rows_free(&rows);
	return ERR_OK;
}

static enum err
detail(struct req *r, struct resp *resp)
{
	struct db_arg a[2] = { DB_S(req_param(r, "id")), DB_I(r->caller.id) };
	struct conversion c;
	struct db_rows rows;
	json_t *o;

	if (db_exec(r->ctx->db, DB_CONV_GET, a, 2, &rows, NULL) != DB_OK)
		return ERR_SERVICE_UNAVAILABLE;
	if (rows.nrows != 1 || conv_from_row(&rows, 0, &c) != 0) {
		db_rows_free(&rows);
		return ERR_NOT_FOUND; /* unknown, or someone else's */
	}
	db_rows_free(&rows);
	o = item(&c);
	json_object_set_new(o, "blockNumber", c.block_number ? json_integer(c.block_number) : json_null());
	json_object_set_new(o, "failureReason", c.failure_reason[0] ?
	    json_string(c.failure_reason) : json_null());
	return resp_ok(resp, 200, o);
}

static const struct route routes[] = {
	{ "GET", "/api/transactions", list, 0, list_params, RL_GENERAL },
	{ "GET", "/api/transactions/:id", detail, 0, NULL, RL_GENERAL },
};

int
main(void)
{
	return app_run("transactions", routes, APP_NROUTES(routes));
}
