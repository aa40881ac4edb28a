#include "http/resource_page.h"

#include <stdlib.h>
#include <string.h>

#include <stdio.h>
#include "http/page_number.h"

const char *const resource_page_params[] = { "status", "from_date", "to_date",
	"reference_id", "page", "per_page", NULL };

/* "a, b, c or d": k's statuses, for a message. */
static void
statuses_text(const struct resource_kind *k, char *out, size_t cap)
{
	size_t i, at = 0;

	out[0] = '\0';
	for (i = 0; i < k->nstatuses && at < cap; i++) {
		const char *sep = i == 0 ? "" : i + 1 == k->nstatuses ? " or " : ", ";
		int n = snprintf(out + at, cap - at, "%s%s", sep, k->statuses[i]);

		if (n < 0)
			break;
		at += (size_t)n;
	}
}

enum err
resource_page_answer(struct req *r, struct resp *resp, const struct resource_kind *k,
    size_t reference_max, resource_view_fn view)
{
	struct resource_filter f;
	struct db_total total;
	char from[40], to[40], hint[256];
	struct page_number p;
	json_t *data;
	size_t i, n;
	void *rows;
	enum err e;

	memset(&f, 0, sizeof(f));
	if ((e = page_number_read(r, resp, &p)) != ERR_OK ||
	    (e = page_number_dates(r, resp, from, to, sizeof(from), &f.from, &f.to)) != ERR_OK)
		return e;
	f.status = req_query(r, "status");
	if (f.status != NULL && !resource_status_valid(k, f.status)) {
		statuses_text(k, hint, sizeof(hint));
		return resp_invalid(resp, ERR_VALIDATION, "status", hint);
	}
	if ((e = page_number_reference(r, resp, reference_max, &f.reference_id)) != ERR_OK)
		return e;
	if ((rows = calloc(k->page_max, k->size)) == NULL)
		return ERR_INTERNAL;
	if ((e = resource_list(r->ctx, k, &r->caller, &f, p.offset, (size_t)p.per_page,
	    rows, &n, &total, &resp->out)) != ERR_OK) {
		free(rows);
		return e;
	}
	data = json_array();
	for (i = 0; i < n; i++) {
		void *row = (char *)rows + i * k->size;

		if (data != NULL && json_array_append_new(data, view(row, r->ctx)) != 0) {
			json_decref(data);
			data = NULL;
		}
		k->free(row);
	}
	free(rows);
	return page_number_ok(resp, &p, &total, data);
}
