#include "http/page_number.h"

#include "core/timefmt.h"

#include <stdio.h>
#include <string.h>

#include "core/strict.h"

/* Page numbers past this are refused: their offset would not fit a query. */
#define NUMPAGE_PAGE_MAX 10000000ULL

enum err
page_number_read(struct req *r, struct resp *resp, struct page_number *p)
{
	const char *page = req_query(r, "page"), *per = req_query(r, "per_page");

	p->page = 1;
	p->per_page = PAGE_NUMBER_DEFAULT;
	if (page != NULL && (strict_uint(page, strlen(page), NUMPAGE_PAGE_MAX, &p->page) != 0 ||
	    p->page == 0))
		return resp_invalid(resp, ERR_VALIDATION, "page", "a whole number from 1");
	if (per != NULL && (strict_uint(per, strlen(per), PAGE_NUMBER_MAX, &p->per_page) != 0 ||
	    p->per_page == 0))
		return resp_invalid(resp, ERR_VALIDATION, "per_page",
		    "a whole number from 1 to 100");
	p->offset = (p->page - 1) * p->per_page;
	return ERR_OK;
}

json_t *
page_number_json(const struct page_number *p, const struct db_total *total)
{
	unsigned long long pages = (total->count + p->per_page - 1) / p->per_page;

	return json_pack("{s:I,s:I,s:I,s:I,s:b}", "page", (json_int_t)p->page,
	    "per_page", (json_int_t)p->per_page, "total", (json_int_t)total->count,
	    "total_pages", (json_int_t)pages, "total_capped", total->capped);
}

enum err
page_number_dates(struct req *r, struct resp *resp, char *from, char *to, size_t cap,
    const char **f_from, const char **f_to)
{
	const char *fs = req_query(r, "from_date"), *ts = req_query(r, "to_date");
	long long fu = 0, tu = 0;

	if (fs != NULL && timefmt_iso_to_us(fs, 0, &fu) != 0)
		return resp_invalid(resp, ERR_VALIDATION, "from_date",
		    "an ISO 8601 date or date-time (2026-11-22 or 2026-11-22T10:00:00Z)");
	if (ts != NULL && timefmt_iso_to_us(ts, 1, &tu) != 0)
		return resp_invalid(resp, ERR_VALIDATION, "to_date",
		    "an ISO 8601 date or date-time (2026-11-22 or 2026-11-22T10:00:00Z)");
	if (fs != NULL && ts != NULL && fu > tu)
		return resp_invalid(resp, ERR_VALIDATION, "from_date", "not after to_date");
	if (fs != NULL)
		timefmt_us_to_db(fu, from, cap);
	if (ts != NULL)
		timefmt_us_to_db(tu, to, cap);
	*f_from = fs ? from : NULL;
	*f_to = ts ? to : NULL;
	return ERR_OK;
}

enum err
page_number_reference(struct req *r, struct resp *resp, size_t max, const char **out)
{
	const char *v = req_query(r, "reference_id");
	char why[48];

	*out = v;
	if (v != NULL && (v[0] == '\0' || strlen(v) > max)) {
		snprintf(why, sizeof(why), "1 to %zu characters", max);
		return resp_invalid(resp, ERR_VALIDATION, "reference_id", why);
	}
	return ERR_OK;
}

enum err
page_number_ok(struct resp *resp, const struct page_number *p, const struct db_total *total,
    json_t *data)
{
	if (data == NULL)
		return ERR_INTERNAL;
	json_decref(resp->pagination);
	if ((resp->pagination = page_number_json(p, total)) == NULL) {
		json_decref(data);
		return ERR_INTERNAL;
	}
	return resp_ok(resp, 200, data);
}
