/* The partner API's numbered paging: parameters by table, the object. */
#include "http/page_number.h"

#include <CUnit/Basic.h>
#include <string.h>

#include "unit.h"

static void
test_read_table(void)
{
	static const struct {
		const char *qs;
		enum err e;
		unsigned long long page, per, offset;
	} rows[] = {
		{ "", ERR_OK, 1, 25, 0 },
		{ "page=3", ERR_OK, 3, 25, 50 },
		{ "per_page=100&page=2", ERR_OK, 2, 100, 100 },
		{ "per_page=1", ERR_OK, 1, 1, 0 },
		{ "per_page=0", ERR_VALIDATION, 0, 0, 0 },
		{ "per_page=101", ERR_VALIDATION, 0, 0, 0 },
		{ "per_page=abc", ERR_VALIDATION, 0, 0, 0 },
		{ "per_page=-1", ERR_VALIDATION, 0, 0, 0 },
		{ "per_page=025", ERR_VALIDATION, 0, 0, 0 },
		{ "per_page=", ERR_VALIDATION, 0, 0, 0 },
		{ "page=0", ERR_VALIDATION, 0, 0, 0 },
		{ "page=1.5", ERR_VALIDATION, 0, 0, 0 },
		{ "page=99999999999999999999", ERR_VALIDATION, 0, 0, 0 },
		{ "page=10000000", ERR_OK, 10000000, 25, 249999975 },
		{ "page=10000001", ERR_VALIDATION, 0, 0, 0 },
	};
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		struct req r;
		struct resp resp;
		struct page_number p;
		char msg[200];
		enum err e;

		memset(&r, 0, sizeof(r));
		resp_init(&resp);
		UNIT_REQUIRE(req_parse_query(&r, rows[i].qs, msg, sizeof(msg)) == ERR_OK,
		    "\"%s\" parses", rows[i].qs);
		e = page_number_read(&r, &resp, &p);
		UNIT_CHECK(e == rows[i].e, "\"%s\": err %d want %d", rows[i].qs, (int)e,
		    (int)rows[i].e);
		if (e == ERR_OK && rows[i].e == ERR_OK)
			UNIT_CHECK(p.page == rows[i].page && p.per_page == rows[i].per &&
			    p.offset == rows[i].offset, "\"%s\": %llu/%llu/%llu", rows[i].qs,
			    p.page, p.per_page, p.offset);
		if (e == ERR_VALIDATION)
			UNIT_CHECK(resp.out.nctx == 1 && strcmp(resp.out.ctx[0].key, "field") == 0,
			    "\"%s\": names the field", rows[i].qs);
		resp_free(&resp);
		req_free(&r);
	}
}

static void
test_object(void)
{
	struct page_number p = { 3, 25, 50 };
	struct db_total t = { 60, 0 };
	json_t *o;

	o = page_number_json(&p, &t);
	CU_ASSERT_EQUAL(json_object_size(o), 5);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(o, "page")), 3);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(o, "per_page")), 25);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(o, "total")), 60);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(o, "total_pages")), 3);
	CU_ASSERT(json_is_false(json_object_get(o, "total_capped")));
	json_decref(o);
	p.page = 9;
	t.count = 0;
	o = page_number_json(&p, &t);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(o, "total_pages")), 0);
	json_decref(o);
	p.per_page = 100;
	t.count = 100;
	o = page_number_json(&p, &t);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(o, "total_pages")), 1);
	json_decref(o);
	/* a capped count: a lower bound, said so */
	t.count = 1050;
	t.capped = 1;
	o = page_number_json(&p, &t);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(o, "total")), 1050);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(o, "total_pages")), 11);
	CU_ASSERT(json_is_true(json_object_get(o, "total_capped")));
	json_decref(o);
}

int
main(void)
{
	static const struct tu_test tests[] = {
		{ "page and per_page by table", test_read_table },
		{ "the pagination object", test_object },
	};

	return tu_main("page_number", NULL, NULL, tests, NELEM(tests));
}
