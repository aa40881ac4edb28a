#include "http/page_cursor.h"

#include <stdio.h>
#include <string.h>

#include "core/strict.h"
#include "core/timefmt.h"
#include "domain/ctx.h"

enum err
page_cursor_read(struct req *r, struct resp *resp, const char *filters, struct page_cursor *p)
{
	const struct cfg *cfg = &r->ctx->cfg;
	const char *lim = req_query(r, "limit"), *order = req_query(r, "order");
	const char *cur = req_query(r, "cursor");
	unsigned long long limit = 20;
	struct cursor_pos pos;

	memset(p, 0, sizeof(*p));
	if (lim != NULL && (strict_uint(lim, strlen(lim), 100, &limit) != 0 || limit == 0))
		return resp_invalid(resp, ERR_VALIDATION, "limit", "a whole number from 1 to 100");
	if (order != NULL && strcmp(order, "asc") != 0 && strcmp(order, "desc") != 0)
		return resp_invalid(resp, ERR_VALIDATION, "order", "not an allowed value");
	p->limit = (size_t)limit;
	p->asc = order != NULL && strcmp(order, "asc") == 0;
	if (cfg->cursor_secret[0] == '\0')
		return resp_fail(resp, ERR_INTERNAL, "api.cursor_secret is not configured");
	/* a cursor is good only for the query (owner, order, filters) it came from */
	snprintf(p->scope, sizeof(p->scope), "u:%lld|%s|%s", r->caller.id,
	    p->asc ? "asc" : "desc", filters);
	if (cur != NULL) {
		if (cursor_decode((const unsigned char *)cfg->cursor_secret,
		    strlen(cfg->cursor_secret), p->scope, cur, &pos) != 0)
			return resp_invalid(resp, ERR_VALIDATION, "cursor",
			    "not a cursor of this query");
		timefmt_us_to_db(pos.created_us, p->after, sizeof(p->after));
		(void)strict_copy(p->after_id, sizeof(p->after_id), pos.id);
	} else if (p->asc) {
		(void)strict_copy(p->after, sizeof(p->after), "1000-01-01 00:00:00.000000");
	} else {
		(void)strict_copy(p->after, sizeof(p->after), "9999-12-31 23:59:59.999999");
		(void)strict_copy(p->after_id, sizeof(p->after_id), "~");
	}
	return ERR_OK;
}

void
page_cursor_render(struct req *r, struct resp *resp, const struct page_cursor *p,
    const char *last_created_db, const char *last_id, int more,
    const struct db_total *total)
{
	const struct cfg *cfg = &r->ctx->cfg;
	char next[CURSOR_MAX + 1] = "";
	struct cursor_pos pos;

	if (more && last_id != NULL &&
	    timefmt_db_to_us(last_created_db, &pos.created_us) == 0 &&
	    strict_copy(pos.id, sizeof(pos.id), last_id) == 0 &&
	    cursor_encode((const unsigned char *)cfg->cursor_secret,
	    strlen(cfg->cursor_secret), p->scope, &pos, next) != 0)
		next[0] = '\0';
	json_decref(resp->pagination);
	resp->pagination = json_pack("{s:o,s:b,s:I,s:b}",
	    "cursor", next[0] ? json_string(next) : json_null(),
	    "hasMore", more, "total", (json_int_t)total->count,
	    "totalCapped", total->capped);
}
