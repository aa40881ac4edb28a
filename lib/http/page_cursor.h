/*
 * page_cursor: the wallet API's list paging (limit 1..100, default 20;
 * order asc or desc, default desc; an opaque cursor bound to the query it
 * came from). A handler reads the page, asks the domain for the rows after
 * its position, and renders the pagination object through
 * page_cursor_render. (The partner API pages by number: page_number.h.)
 */
#ifndef CEDIRAMP_PAGE_CURSOR_H
#define CEDIRAMP_PAGE_CURSOR_H

#include "core/cursor.h"
#include "http/req.h"
#include "http/resp.h"
#include "store/db.h"

struct page_cursor {
	size_t limit;
	int asc;
	char after[40];                    /* DATETIME(6) text of the position */
	char after_id[CURSOR_ID_MAX + 1];  /* ties on time break by id */
	char scope[256];                   /* what a cursor is bound to */
};

/*
 * Reads limit, order and cursor of r into p; filters (the caller's other
 * query values, e.g. "type=payout|status=") and the caller bind the
 * cursor. ERR_OK, or ERR_VALIDATION naming the parameter in resp
 * (ERR_INTERNAL without a cursor secret).
 */
enum err page_cursor_read(struct req *r, struct resp *resp, const char *filters,
    struct page_cursor *p);

/*
 * Sets resp's pagination: the cursor after the last item shown (its
 * DATETIME(6) text and id) when more follow, hasMore, total (the matches
 * up to api.list_total_cap) and totalCapped (more than that match).
 */
void page_cursor_render(struct req *r, struct resp *resp, const struct page_cursor *p,
    const char *last_created_db, const char *last_id, int more,
    const struct db_total *total);

#endif
