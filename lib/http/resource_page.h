/*
 * resource_page: GET of a list of a partner resource kind (withdrawals,
 * payment intents; domain/partner/resource.h), as the partner spec pages
 * every list: the status (one of the kind's), from_date, to_date and
 * reference_id filters, page and per_page, the pagination object.
 */
#ifndef CEDIRAMP_RESOURCE_PAGE_H
#define CEDIRAMP_RESOURCE_PAGE_H

#include <jansson.h>

#include "domain/partner/resource.h"
#include "http/req.h"
#include "http/resp.h"

/* A list row as the response shows it (new reference, NULL out of memory). */
typedef json_t *(*resource_view_fn)(const void *row, const struct ctx *ctx);

/* The query parameters resource_page_answer reads (a route's allowed list). */
extern const char *const resource_page_params[];

/*
 * Answers the page r asks for of its caller's resources of kind k, each
 * row through view; a reference_id filter is 1 to reference_max
 * characters. ERR_OK, or ERR_VALIDATION naming the parameter in resp.
 */
enum err resource_page_answer(struct req *r, struct resp *resp,
    const struct resource_kind *k, size_t reference_max, resource_view_fn view);

#endif
