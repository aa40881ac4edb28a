#include "http/numpage.h"

#include <string.h>

#include "core/strict.h"

/* Page numbers past this are refused: their offset would not fit a query. */
#define NUMPAGE_PAGE_MAX 10000000ULL

enum err
numpage_read(struct req *r, struct resp *resp, struct numpage *p)
{
	const char *page = req_query(r, "page"), *per = req_query(r, "per_page");

	p->page = 1;
	p->per_page = NUMPAGE_DEFAULT;
	if (page != NULL && (strict_uint(page, strlen(page), NUMPAGE_PAGE_MAX, &p->page) != 0 ||
	    p->page == 0))
		return resp_invalid(resp, ERR_VALIDATION, "page", "a whole number from 1");
	if (per != NULL && (strict_uint(per, strlen(per), NUMPAGE_MAX, &p->per_page) != 0 ||
	    p->per_page == 0))
		return resp_invalid(resp, ERR_VALIDATION, "per_page",
		    "a whole number from 1 to 100");
	p->offset = (p->page - 1) * p->per_page;
	return ERR_OK;
}

json_t *
numpage_json(const struct numpage *p, unsigned long long total)
{
	unsigned long long pages = (total + p->per_page - 1) / p->per_page;

	return json_pack("{s:I,s:I,s:I,s:I}", "page", (json_int_t)p->page,
	    "per_page", (json_int_t)p->per_page, "total", (json_int_t)total,
	    "total_pages", (json_int_t)pages);
}
