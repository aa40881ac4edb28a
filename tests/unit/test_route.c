/* Unit tests for lib/http/route.c: exact matching, parameters, 405 Allow text. */
#include "http/route.h"

#include <CUnit/Basic.h>
#include <string.h>

#include "http/req.h"
#include "unit.h"

static enum err
h_any(struct req *r, struct resp *resp)
{
	(void)r;
	(void)resp;
	return ERR_OK;
}

static const struct route table[] = {
	/* 0 */ { "GET", "/v1/health", h_any, ROUTE_PUBLIC, NULL, RATE_LIMIT_GENERAL },
	/* 1 */ { "GET", "/v1/withdrawals/:id", h_any, 0, NULL, RATE_LIMIT_GENERAL },
	/* 2 */ { "GET", "/v1/withdrawals", h_any, 0, NULL, RATE_LIMIT_GENERAL },
	/* 3 */ { "POST", "/v1/withdrawals", h_any, ROUTE_BODY, NULL, RATE_LIMIT_GENERAL },
	/* 4 */ { "DELETE", "/v1/webhooks/:webhook_id", h_any, 0, NULL, RATE_LIMIT_GENERAL },
	/* 5 */ { "GET", "/v1/partners/:pid/keys/:kid", h_any, 0, NULL, RATE_LIMIT_GENERAL },
	/* 6 */ { "GET", "/api/v1/ping", h_any, ROUTE_PUBLIC, NULL, RATE_LIMIT_GENERAL },
	/* 7 */ { "POST", "/api/v1/ping", h_any, ROUTE_PUBLIC, NULL, RATE_LIMIT_GENERAL },
	/* 8 */ { "GET", "/v1/a/:p1/:p2/:p3/:p4/:p5", h_any, 0, NULL, RATE_LIMIT_GENERAL },
	/* 9 */ { "PATCH", "/v1/withdrawals/:id", h_any, 0, NULL, RATE_LIMIT_GENERAL },
	/* patterns ending in '/' (MTN MoMo's /disbursement/token/) */
	/* 10 */ { "POST", "/sim/:net/disbursement/token/", h_any, ROUTE_PUBLIC, NULL, RATE_LIMIT_GENERAL },
	/* 11 */ { "GET", "/v1/dirs/:d/", h_any, 0, NULL, RATE_LIMIT_GENERAL },
	/* a literal beside a parameter: the literal's path */
	/* 12 */ { "POST", "/v1/withdrawals/bulk", h_any, ROUTE_BODY, NULL, RATE_LIMIT_GENERAL },
};

#define NOIDX (-1)

struct row {
	const char *method;
	const char *path;
	enum route_match m;
	int idx;              /* table index for ROUTE_FOUND */
	int pub;              /* expected *public_path */
	const char *allow;    /* expected allow text */
	size_t nparams;
	const char *k1, *v1, *k2, *v2;
};

static const struct row rows[] = {
	/* exact matches */
	{ "GET", "/v1/health", ROUTE_FOUND, 0, 1, "GET", 0, NULL, NULL, NULL, NULL },
	{ "GET", "/v1/withdrawals", ROUTE_FOUND, 2, 0, "GET, POST", 0, NULL, NULL, NULL, NULL },
	{ "POST", "/v1/withdrawals", ROUTE_FOUND, 3, 0, "GET, POST", 0, NULL, NULL, NULL, NULL },
	{ "GET", "/v1/withdrawals/wd_123", ROUTE_FOUND, 1, 0, "GET, PATCH", 1, "id", "wd_123", NULL, NULL },
	{ "PATCH", "/v1/withdrawals/wd_123", ROUTE_FOUND, 9, 0, "GET, PATCH", 1, "id", "wd_123", NULL, NULL },
	{ "DELETE", "/v1/webhooks/wh_9", ROUTE_FOUND, 4, 0, "DELETE", 1, "webhook_id", "wh_9", NULL, NULL },
	{ "GET", "/v1/partners/p1/keys/k2", ROUTE_FOUND, 5, 0, "GET", 2, "pid", "p1", "kid", "k2" },
	{ "GET", "/api/v1/ping", ROUTE_FOUND, 6, 1, "GET, POST", 0, NULL, NULL, NULL, NULL },
	{ "POST", "/api/v1/ping", ROUTE_FOUND, 7, 1, "GET, POST", 0, NULL, NULL, NULL, NULL },
	/* parameters are percent-decoded ('+' stays '+') */
	{ "GET", "/v1/withdrawals/wd_abc%2Dx", ROUTE_FOUND, 1, 0, "GET, PATCH", 1, "id", "wd_abc-x", NULL, NULL },
	{ "GET", "/v1/withdrawals/wd_abc%2dx", ROUTE_FOUND, 1, 0, "GET, PATCH", 1, "id", "wd_abc-x", NULL, NULL },
	{ "GET", "/v1/withdrawals/%41%42", ROUTE_FOUND, 1, 0, "GET, PATCH", 1, "id", "AB", NULL, NULL },
	{ "GET", "/v1/withdrawals/a+b", ROUTE_FOUND, 1, 0, "GET, PATCH", 1, "id", "a+b", NULL, NULL },
	{ "GET", "/v1/withdrawals/a%20b", ROUTE_FOUND, 1, 0, "GET, PATCH", 1, "id", "a b", NULL, NULL },
	{ "GET", "/v1/withdrawals/caf%C3%A9", ROUTE_FOUND, 1, 0, "GET, PATCH", 1, "id", "caf\xc3\xa9", NULL, NULL },
	{ "GET", "/v1/partners/a%2Db/keys/%5F", ROUTE_FOUND, 5, 0, "GET", 2, "pid", "a-b", "kid", "_" },
	/* a literal segment beats a parameter, whatever the table order */
	{ "POST", "/v1/withdrawals/bulk", ROUTE_FOUND, 12, 0, "POST", 0, NULL, NULL, NULL, NULL },
	{ "GET", "/v1/withdrawals/bulk", ROUTE_BAD_METHOD, NOIDX, 0, "POST", 0, NULL, NULL, NULL, NULL },
	{ "GET", "/v1/withdrawals/bulkx", ROUTE_FOUND, 1, 0, "GET, PATCH", 1, "id", "bulkx", NULL, NULL },
	/* wrong method: 405 with the path's methods in table order */
	{ "PUT", "/v1/withdrawals", ROUTE_BAD_METHOD, NOIDX, 0, "GET, POST", 0, NULL, NULL, NULL, NULL },
	{ "DELETE", "/v1/withdrawals", ROUTE_BAD_METHOD, NOIDX, 0, "GET, POST", 0, NULL, NULL, NULL, NULL },
	{ "get", "/v1/withdrawals", ROUTE_BAD_METHOD, NOIDX, 0, "GET, POST", 0, NULL, NULL, NULL, NULL },
	{ "POST", "/v1/withdrawals/wd_1", ROUTE_BAD_METHOD, NOIDX, 0, "GET, PATCH", 0, NULL, NULL, NULL, NULL },
	{ "GET", "/v1/webhooks/wh_1", ROUTE_BAD_METHOD, NOIDX, 0, "DELETE", 0, NULL, NULL, NULL, NULL },
	{ "POST", "/v1/health", ROUTE_BAD_METHOD, NOIDX, 1, "GET", 0, NULL, NULL, NULL, NULL },
	{ "HEAD", "/v1/health", ROUTE_BAD_METHOD, NOIDX, 1, "GET", 0, NULL, NULL, NULL, NULL },
	{ "PUT", "/api/v1/ping", ROUTE_BAD_METHOD, NOIDX, 1, "GET, POST", 0, NULL, NULL, NULL, NULL },
	/* no such path */
	{ "GET", "/v1/withdrawalsX", ROUTE_NONE, NOIDX, 0, "", 0, NULL, NULL, NULL, NULL },
	{ "GET", "/v1/withdrawal", ROUTE_NONE, NOIDX, 0, "", 0, NULL, NULL, NULL, NULL },
	{ "GET", "/v1/withdrawals/", ROUTE_NONE, NOIDX, 0, "", 0, NULL, NULL, NULL, NULL },
	{ "GET", "/v1//withdrawals", ROUTE_NONE, NOIDX, 0, "", 0, NULL, NULL, NULL, NULL },
	{ "GET", "//v1/withdrawals", ROUTE_NONE, NOIDX, 0, "", 0, NULL, NULL, NULL, NULL },
	{ "GET", "/v1/withdrawals/a/b", ROUTE_NONE, NOIDX, 0, "", 0, NULL, NULL, NULL, NULL },
	{ "GET", "/v1/withdrawals/a/", ROUTE_NONE, NOIDX, 0, "", 0, NULL, NULL, NULL, NULL },
	{ "GET", "/v1/withdrawals/..", ROUTE_NONE, NOIDX, 0, "", 0, NULL, NULL, NULL, NULL },
	{ "GET", "/v1/withdrawals/.", ROUTE_NONE, NOIDX, 0, "", 0, NULL, NULL, NULL, NULL },
	{ "GET", "/v1/withdrawals/../health", ROUTE_NONE, NOIDX, 0, "", 0, NULL, NULL, NULL, NULL },
	{ "GET", "/v1/./health", ROUTE_NONE, NOIDX, 0, "", 0, NULL, NULL, NULL, NULL },
	{ "GET", "/v1/health/", ROUTE_NONE, NOIDX, 0, "", 0, NULL, NULL, NULL, NULL },
	{ "GET", "/v1/health/.", ROUTE_NONE, NOIDX, 0, "", 0, NULL, NULL, NULL, NULL },
	{ "GET", "/V1/health", ROUTE_NONE, NOIDX, 0, "", 0, NULL, NULL, NULL, NULL },
	{ "GET", "v1/health", ROUTE_NONE, NOIDX, 0, "", 0, NULL, NULL, NULL, NULL },
	{ "GET", "", ROUTE_NONE, NOIDX, 0, "", 0, NULL, NULL, NULL, NULL },
	{ "GET", "/", ROUTE_NONE, NOIDX, 0, "", 0, NULL, NULL, NULL, NULL },
	{ "GET", "/v1/withdrawals/a%2Fb", ROUTE_NONE, NOIDX, 0, "", 0, NULL, NULL, NULL, NULL },
	{ "GET", "/v1/withdrawals/a%2fb", ROUTE_NONE, NOIDX, 0, "", 0, NULL, NULL, NULL, NULL },
	{ "GET", "/v1/withdrawals/%zz", ROUTE_NONE, NOIDX, 0, "", 0, NULL, NULL, NULL, NULL },
	{ "GET", "/v1/withdrawals/a%2", ROUTE_NONE, NOIDX, 0, "", 0, NULL, NULL, NULL, NULL },
	{ "GET", "/v1/withdrawals/a%", ROUTE_NONE, NOIDX, 0, "", 0, NULL, NULL, NULL, NULL },
	{ "GET", "/v1/withdrawals/%00", ROUTE_NONE, NOIDX, 0, "", 0, NULL, NULL, NULL, NULL },
	{ "GET", "/v1/withdrawals/a%0Ab", ROUTE_NONE, NOIDX, 0, "", 0, NULL, NULL, NULL, NULL },
	{ "GET", "/v1/withdrawals/%7F", ROUTE_NONE, NOIDX, 0, "", 0, NULL, NULL, NULL, NULL },
	{ "GET", "/v1/withdrawals/a\tb", ROUTE_NONE, NOIDX, 0, "", 0, NULL, NULL, NULL, NULL },
	{ "DELETE", "/v1/webhooks/", ROUTE_NONE, NOIDX, 0, "", 0, NULL, NULL, NULL, NULL },
	{ "DELETE", "/v1/webhooks", ROUTE_NONE, NOIDX, 0, "", 0, NULL, NULL, NULL, NULL },
	{ "GET", "/v1/partners//keys/k", ROUTE_NONE, NOIDX, 0, "", 0, NULL, NULL, NULL, NULL },
	{ "GET", "/v1/partners/p/keys/", ROUTE_NONE, NOIDX, 0, "", 0, NULL, NULL, NULL, NULL },
	/* a pattern's trailing slash matches exactly one trailing slash */
	{ "POST", "/sim/MTN/disbursement/token/", ROUTE_FOUND, 10, 1, "POST", 1, "net", "MTN", NULL, NULL },
	{ "GET", "/sim/MTN/disbursement/token/", ROUTE_BAD_METHOD, NOIDX, 1, "POST", 0, NULL, NULL, NULL, NULL },
	{ "POST", "/sim/MTN/disbursement/token", ROUTE_NONE, NOIDX, 0, "", 0, NULL, NULL, NULL, NULL },
	{ "POST", "/sim/MTN/disbursement/token//", ROUTE_NONE, NOIDX, 0, "", 0, NULL, NULL, NULL, NULL },
	{ "POST", "/sim/MTN/disbursement/token/x", ROUTE_NONE, NOIDX, 0, "", 0, NULL, NULL, NULL, NULL },
	{ "POST", "/sim/MTN/disbursement/token/.", ROUTE_NONE, NOIDX, 0, "", 0, NULL, NULL, NULL, NULL },
	{ "POST", "/sim//disbursement/token/", ROUTE_NONE, NOIDX, 0, "", 0, NULL, NULL, NULL, NULL },
	{ "GET", "/v1/dirs/a%2Db/", ROUTE_FOUND, 11, 0, "GET", 1, "d", "a-b", NULL, NULL },
	{ "GET", "/v1/dirs/a", ROUTE_NONE, NOIDX, 0, "", 0, NULL, NULL, NULL, NULL },
	{ "GET", "/v1/dirs/", ROUTE_NONE, NOIDX, 0, "", 0, NULL, NULL, NULL, NULL },
	{ "GET", "/v1/dirs/../", ROUTE_NONE, NOIDX, 0, "", 0, NULL, NULL, NULL, NULL },
	{ "GET", "/v1/dirs/a/b/", ROUTE_NONE, NOIDX, 0, "", 0, NULL, NULL, NULL, NULL },
	/* more than REQ_PARAM_MAX parameters never match */
	{ "GET", "/v1/a/1/2/3/4/5", ROUTE_NONE, NOIDX, 0, "", 0, NULL, NULL, NULL, NULL },
};

static void
test_table(void)
{
	size_t i, j;

	for (i = 0; i < NELEM(rows); i++) {
		const struct row *t = &rows[i];
		static const struct route sentinel;
		const struct route *found = &sentinel;
		struct req r;
		char allow[64], label[160];
		int pub = -1;
		enum route_match m;

		memset(&r, 0, sizeof(r));
		snprintf(r.method, sizeof(r.method), "%s", t->method);
		snprintf(r.path, sizeof(r.path), "%s", t->path);
		memset(allow, 'Z', sizeof(allow));
		snprintf(label, sizeof(label), "row %zu %s %s", i, t->method, t->path);

		m = route_find(table, NELEM(table), &r, &found, allow, sizeof(allow),
		    &pub);
		UNIT_CHECK(m == t->m, "%s: match %d want %d", label, (int)m, (int)t->m);
		if (t->m == ROUTE_FOUND) {
			UNIT_CHECK(found == &table[t->idx], "%s: found route %d want %d",
			    label, found ? (int)(found - table) : -1, t->idx);
		} else {
			UNIT_CHECK(found == NULL, "%s: found not NULL", label);
		}
		UNIT_CHECK(pub == t->pub, "%s: public_path %d want %d", label, pub, t->pub);
		if (t->m == ROUTE_BAD_METHOD || t->m == ROUTE_NONE)
			UNIT_STR_EQ(allow, t->allow, label);
		if (t->m == ROUTE_FOUND) {
			UNIT_CHECK(r.nparams == t->nparams, "%s: nparams %zu want %zu",
			    label, r.nparams, t->nparams);
			if (t->k1 != NULL)
				UNIT_STR_EQ(req_param(&r, t->k1), t->v1, label);
			if (t->k2 != NULL)
				UNIT_STR_EQ(req_param(&r, t->k2), t->v2, label);
			/* parameters are stored in pattern order */
			for (j = 0; j < r.nparams && j < 2; j++)
				UNIT_STR_EQ(r.params[j].key, j == 0 ? t->k1 : t->k2, label);
			UNIT_CHECK(req_param(&r, "nope") == NULL, "%s: unknown param", label);
		} else {
			UNIT_CHECK(r.nparams == 0, "%s: nparams %zu on no match", label,
			    r.nparams);
		}
		req_free(&r);
	}
}

/*
 * The longest path a request holds (REQ_PATH_MAX - 1 bytes) still matches
 * and its parameter is stored whole.
 */
static void
test_param_length(void)
{
	static const struct route t[] = {
		{ "GET", "/x/:v", h_any, 0, NULL, RATE_LIMIT_GENERAL },
	};
	const size_t vlen = REQ_PATH_MAX - 1 - 3;
	const struct route *found = NULL;
	struct req r;
	char allow[64];
	int pub;
	enum route_match m;

	memset(&r, 0, sizeof(r));
	memcpy(r.path, "/x/", 3);
	memset(r.path + 3, 'A', vlen);
	r.path[3 + vlen] = '\0';
	snprintf(r.method, sizeof(r.method), "GET");
	m = route_find(t, NELEM(t), &r, &found, allow, sizeof(allow), &pub);
	CU_ASSERT_EQUAL(m, ROUTE_FOUND);
	CU_ASSERT_PTR_EQUAL(found, &t[0]);
	CU_ASSERT_EQUAL(r.nparams, 1);
	if (m == ROUTE_FOUND) {
		CU_ASSERT_EQUAL(strlen(req_param(&r, "v")), vlen);
		CU_ASSERT_EQUAL(req_param(&r, "v")[vlen - 1], 'A');
	}
	req_free(&r);
}

/*
 * A short allow buffer is never overrun and holds whole method names
 * only: "GET, POST" does not fit in 6 bytes, so the text should be "GET",
 * not "GET" followed by the start of the next entry.
 */
static void
test_allow_small_buffer(void)
{
	const struct route *found;
	struct req r;
	char allow[16];
	int pub;
	enum route_match m;

	memset(&r, 0, sizeof(r));
	snprintf(r.method, sizeof(r.method), "PUT");
	snprintf(r.path, sizeof(r.path), "/v1/withdrawals");
	memset(allow, 'Z', sizeof(allow));
	m = route_find(table, NELEM(table), &r, &found, allow, 6, &pub);
	CU_ASSERT_EQUAL(m, ROUTE_BAD_METHOD);
	UNIT_STR_EQ(allow, "GET", "Allow text in a 6-byte buffer");
	CU_ASSERT_EQUAL(allow[6], 'Z');
	req_free(&r);
}

int
main(void)
{
	static const struct tu_test tests[] = {
		{ "route_find table", test_table },
		{ "route_find longest path", test_param_length },
		{ "route_find small Allow buffer", test_allow_small_buffer },
	};

	return tu_main("route", NULL, NULL, tests, NELEM(tests));
}
