/* Rate limits against the real stack, counted in MariaDB across processes. */
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/strict.h"
#include "it.h"

/* A header's value as a plain decimal number, or -1 (absent or not one). */
static long long
header_num(const struct it_resp *r, const char *name)
{
	char v[64];
	unsigned long long n;

	if (it_header(r, name, v, sizeof(v)) == NULL ||
	    strict_uint(v, strlen(v), LLONG_MAX, &n) != 0)
		return -1;
	return (long long)n;
}

static long
quote_once(const char *token, struct it_resp *r)
{
	char auth[2000];
	const char *h[] = { it_bearer(token, auth, sizeof(auth)), NULL };

	if (it_http("GET", "/api/convert/rate?from=USDT&to=GHS&amount=1", h, NULL, 0, r) != 0)
		return -1;
	return r->status;
}

static void
test_31st_quote_is_limited(void)
{
	char a[96], b[96], *ta, *tb;
	struct it_resp r;
	long long now = (long long)time(NULL);
	json_t *d;
	int i;

	it_unique("0xrl-a", a, sizeof(a));
	it_unique("0xrl-b", b, sizeof(b));
	ta = it_wallet_token(a, 600);
	tb = it_wallet_token(b, 600);
	for (i = 1; i <= 30; i++) {
		CU_ASSERT_EQUAL(quote_once(ta, &r), 200);
		CU_ASSERT_EQUAL(header_num(&r, "X-RateLimit-Limit"), 30);
		CU_ASSERT_EQUAL(header_num(&r, "X-RateLimit-Remaining"), 30 - i);
		CU_ASSERT_TRUE(header_num(&r, "X-RateLimit-Reset") >= now + 3599 &&
		    header_num(&r, "X-RateLimit-Reset") <= now + 3602);
		it_resp_free(&r);
	}
	quote_once(ta, &r);
	it_assert_wallet_error(&r, 429, "rate_limit_exceeded", "31st quote");
	CU_ASSERT_EQUAL(header_num(&r, "X-RateLimit-Remaining"), 0);
	CU_ASSERT_TRUE(header_num(&r, "Retry-After") >= 3590 && header_num(&r, "Retry-After") <= 3600);
	d = json_object_get(r.json, "data");
	CU_ASSERT_EQUAL(json_object_size(d), 4);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(d, "limit")), 30);
	CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(d, "window")), "hour");
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(d, "retryAfter")), header_num(&r, "Retry-After"));
	CU_ASSERT_TRUE(json_is_string(json_object_get(d, "resetsAt")));
	it_resp_free(&r);
	/* quoting stores nothing (decision 66): the count is the only trace */
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM quotes q JOIN users u ON u.id = q.user_id "
	    "WHERE u.wallet_id = ?", a, NULL), 0);
	/* another user is not affected */
	CU_ASSERT_EQUAL(quote_once(tb, &r), 200);
	CU_ASSERT_EQUAL(header_num(&r, "X-RateLimit-Remaining"), 29);
	it_resp_free(&r);
	/* once the window has passed, counting starts again */
	CU_ASSERT_EQUAL(it_db_exec("UPDATE rate_counters r JOIN users u ON r.subject = CONCAT('u:', u.id) "
	    "SET r.window_start = r.window_start - 3601 WHERE u.wallet_id = ? AND r.category = 'quotes'",
	    a, NULL), 1);
	CU_ASSERT_EQUAL(quote_once(ta, &r), 200);
	CU_ASSERT_EQUAL(header_num(&r, "X-RateLimit-Remaining"), 29);
	it_resp_free(&r);
	free(ta);
	free(tb);
}

struct shot {
	const char *token;
	long status;
};

static void *
fire(void *arg)
{
	struct shot *s = arg;
	struct it_resp r;

	s->status = quote_once(s->token, &r);
	it_resp_free(&r);
	return NULL;
}

static void
test_40_concurrent_give_30(void)
{
	struct shot shots[40];
	pthread_t th[40];
	char w[96], *tok;
	int i, ok = 0, limited = 0;

	it_unique("0xrl-burst", w, sizeof(w));
	tok = it_wallet_token(w, 600);
	for (i = 0; i < 40; i++) {
		shots[i].token = tok;
		shots[i].status = 0;
		pthread_create(&th[i], NULL, fire, &shots[i]);
	}
	for (i = 0; i < 40; i++) {
		pthread_join(th[i], NULL);
		ok += shots[i].status == 200;
		limited += shots[i].status == 429;
	}
	CU_ASSERT_EQUAL(ok, 30);
	CU_ASSERT_EQUAL(limited, 10);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT hits FROM rate_counters r JOIN users u ON r.subject = CONCAT('u:', u.id) "
	    "WHERE u.wallet_id = ? AND r.category = 'quotes'", w, NULL), 40);
	free(tok);
}

/* Errors of a limited endpoint carry the headers too. */
static void
test_headers_on_errors(void)
{
	char w[96], *tok, auth[2000];
	struct it_resp r;

	it_unique("0xrl-err", w, sizeof(w));
	tok = it_wallet_token(w, 600);
	{
		const char *h[] = { it_bearer(tok, auth, sizeof(auth)), NULL };

		CU_ASSERT_EQUAL_FATAL(it_http("GET", "/api/convert/rate?from=BTC&to=GHS&amount=1", h, NULL, 0, &r), 0);
		it_assert_wallet_error(&r, 400, "invalid_stablecoin", "limited error");
		CU_ASSERT_EQUAL(header_num(&r, "X-RateLimit-Limit"), 30);
		CU_ASSERT_EQUAL(header_num(&r, "X-RateLimit-Remaining"), 29);
		it_resp_free(&r);
	}
	free(tok);
}

static long
partner_get(const char *key, struct it_resp *r)
{
	char auth[260];
	const char *h[] = { it_bearer(key, auth, sizeof(auth)), NULL };

	if (it_http("GET", "/v1/limits", h, NULL, 0, r) != 0)
		return -1;
	return r->status;
}

static void
test_61st_partner_request_is_limited(void)
{
	char key[200], other[200];
	struct it_resp r;
	int i, ok = 0;

	CU_ASSERT_EQUAL_FATAL(it_admin("partner create --name 'IT Limit Co' --quiet", key, sizeof(key)), 0);
	CU_ASSERT_EQUAL_FATAL(it_admin("partner create --name 'IT Other Co' --quiet", other, sizeof(other)), 0);
	for (i = 1; i <= 60; i++) {
		if (partner_get(key, &r) == 200)
			ok++;
		if (i == 1) {
			CU_ASSERT_EQUAL(header_num(&r, "X-RateLimit-Limit"), 60);
			CU_ASSERT_EQUAL(header_num(&r, "X-RateLimit-Remaining"), 59);
		}
		it_resp_free(&r);
	}
	CU_ASSERT_EQUAL(ok, 60);
	partner_get(key, &r);
	it_assert_partner_error(&r, 429, "RATE_LIMITED", "61st partner request");
	CU_ASSERT_EQUAL(header_num(&r, "X-RateLimit-Remaining"), 0);
	CU_ASSERT_TRUE(header_num(&r, "Retry-After") >= 1 && header_num(&r, "Retry-After") <= 60);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(partner_get(other, &r), 200);
	it_resp_free(&r);
}

static void
test_expire_removes_closed_windows(void)
{
	it_db_exec("REPLACE INTO rate_counters VALUES ('u:999999991', 'quotes', 1000, 3600, 5), "
	    "('u:999999992', 'quotes', UNIX_TIMESTAMP(), 3600, 5)", NULL, NULL);
	CU_ASSERT_EQUAL(it_worker("expire"), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM rate_counters WHERE subject = 'u:999999991'", NULL, NULL), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM rate_counters WHERE subject = 'u:999999992'", NULL, NULL), 1);
	it_db_exec("DELETE FROM rate_counters WHERE subject = 'u:999999992'", NULL, NULL);
}

int
it_suite_ratelimit(void)
{
	static const struct tu_test tests[] = {
		{ "the 31st quote in an hour is 429; others unaffected", test_31st_quote_is_limited },
		{ "40 concurrent quotes by one user: exactly 30 succeed", test_40_concurrent_give_30 },
		{ "errors of a limited endpoint carry the headers", test_headers_on_errors },
		{ "the 61st partner request in a minute is 429", test_61st_partner_request_is_limited },
		{ "expire removes closed windows only", test_expire_removes_closed_windows },
	};

	return tu_add_suite("rate limits", NULL, NULL, tests, NELEM(tests));
}
