/*
 * page_number: the partner API's numbered paging (page from 1, per_page 1 to
 * 100, default 25) and its pagination object {page, per_page, total,
 * total_pages, total_capped}. A page past the end is an empty page with the right
 * totals, not an error.
 *
 * The wallet API pages by cursor (page_cursor.h): two contracts that share
 * no logic beyond strict integer parsing, so they stay two modules.
 */
#ifndef CEDIRAMP_PAGE_NUMBER_H
#define CEDIRAMP_PAGE_NUMBER_H

#include <jansson.h>

#include "http/req.h"
#include "http/resp.h"
#include "store/db.h"

#define PAGE_NUMBER_DEFAULT 25
#define PAGE_NUMBER_MAX 100

struct page_number {
	unsigned long long page, per_page;
	unsigned long long offset; /* rows before this page */
};

/*
 * Reads page and per_page of r into p. ERR_OK, or ERR_VALIDATION naming
 * the parameter (not a whole number, 0, over PAGE_NUMBER_MAX, or a page so far
 * that its offset would overflow).
 */
enum err page_number_read(struct req *r, struct resp *resp, struct page_number *p);

/* The pagination object for total matching rows (new reference): total
 * and total_pages as counted, total_capped when more match than were
 * counted (decision 70: a list counts up to api.list_total_cap rows past
 * the start of its page, so the pages counted always reach past this one
 * while more follow). */
json_t *page_number_json(const struct page_number *p, const struct db_total *total);

/* Answers a page: data (stolen; NULL means it could not be built: 500)
 * with the pagination object for total matching rows; ERR_OK. */
enum err page_number_ok(struct resp *resp, const struct page_number *p,
    const struct db_total *total, json_t *data);

/*
 * The from_date and to_date filters of a list (ISO 8601 date or date-time;
 * a date alone as to_date is its whole day) as DATETIME text into from and
 * to (cap bytes each); *f_from and *f_to point at them, or are NULL when
 * absent. ERR_VALIDATION naming the one that is not ISO 8601, or from
 * after to.
 */
enum err page_number_dates(struct req *r, struct resp *resp, char *from, char *to, size_t cap,
    const char **f_from, const char **f_to);

/* The reference_id filter of a list into *out (NULL when absent):
 * ERR_VALIDATION unless it is 1 to max characters. */
enum err page_number_reference(struct req *r, struct resp *resp, size_t max,
    const char **out);

#endif
