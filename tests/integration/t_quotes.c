/*
 * Quotes against the real stack: GET /api/convert/rate and GET /v1/rates.
 * Arithmetic is checked against MariaDB's own DECIMAL arithmetic, an
 * independent exact implementation of the same rule.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/currency.h"
#include "it.h"
#include "domain/quote.h"
#include "core/timefmt.h"

/* gross | fee | receive by docs/design.md's rule, computed by MariaDB. */
static const char ref_sql[] =
    "SELECT CONCAT(g, '|', f, '|', g - f) FROM (SELECT g, "
    "CAST(CEIL(g * 1.00) / 100 AS DECIMAL(30,2)) AS f FROM (SELECT "
    "CAST(FLOOR(CAST(? AS DECIMAL(40,18)) * CAST(? AS DECIMAL(24,8)) * 100) / 100 "
    "AS DECIMAL(30,2)) AS g) x) y";

/* Decimal places of a decimal string (-1 if it has no point). */
static int
places(const char *s)
{
	const char *dot = s ? strchr(s, '.') : NULL;

	return dot ? (int)strlen(dot + 1) : -1;
}

static void
wallet_quote(const char *token, const char *query, struct it_resp *r)
{
	char auth[2000], path[512];
	const char *h[] = { it_bearer(token, auth, sizeof(auth)), NULL };

	snprintf(path, sizeof(path), "/api/convert/rate%s", query);
	CU_ASSERT_EQUAL_FATAL(it_http("GET", path, h, NULL, 0, r), 0);
}

static void
test_wallet_quote_fields_and_math(void)
{
	static const struct { const char *from, *amount, *want_amount; int scale; } cases[] = {
		{ "USDT", "100", "100.000000", 6 },
		{ "USDC", "250.5", "250.500000", 6 },
		{ "USDC_E", "0.75", "0.750000", 6 },
		{ "DAI", "1.123456789012345678", "1.123456789012345678", 18 },
		{ "GHSFIAT", "99.99", "99.99", 2 },
	};
	char wallet[96], *tok, ref[128], want[128], q[256], rate_exact[64];
	struct it_resp r;
	size_t i;

	it_unique("0xquote", wallet, sizeof(wallet));
	tok = it_wallet_token(wallet, 600);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		long long t0 = (long long)time(NULL), exp_t;
		json_t *d;
		char expect_lo[40], expect_hi[40];

		snprintf(q, sizeof(q), "?from=%s&to=GHS&amount=%s", cases[i].from, cases[i].amount);
		wallet_quote(tok, q, &r);
		CU_ASSERT_EQUAL(r.status, 200);
		d = json_object_get(r.json, "data");
		CU_ASSERT_EQUAL_FATAL(json_object_size(d), 9);
		CU_ASSERT_STRING_EQUAL(it_str(d, "from"), cases[i].from);
		CU_ASSERT_STRING_EQUAL(it_str(d, "to"), "GHS");
		CU_ASSERT_STRING_EQUAL(it_str(d, "amount"), cases[i].want_amount);
		CU_ASSERT_EQUAL(places(it_str(d, "amount")), cases[i].scale);
		CU_ASSERT_EQUAL(places(it_str(d, "fee")), 2);
		CU_ASSERT_EQUAL(places(it_str(d, "receiveAmount")), 2);
		CU_ASSERT_STRING_EQUAL(it_str(d, "feePercent"), "1.00");
		CU_ASSERT_TRUE(places(it_str(d, "rate")) >= 2);
		CU_ASSERT_EQUAL(it_strncmp(it_str(d, "quoteId"), "qt_", 3), 0);
		/* a signed id (decision 66), within the partner API's 64 */
		CU_ASSERT_TRUE(it_strlen(it_str(d, "quoteId")) >= 45 && it_strlen(it_str(d, "quoteId")) <= 64);
		/* receiveAmount = amount x rate - fee, to the pesewa */
		CU_ASSERT_EQUAL_FATAL(it_db_text(ref_sql, it_str(d, "amount"), it_str(d, "rate"),
		    ref, sizeof(ref)), 0);
		CU_ASSERT_PTR_NOT_NULL_FATAL(strchr(ref, '|'));
		snprintf(want, sizeof(want), "%.*s|%s|%s", (int)(strchr(ref, '|') - ref), ref,
		    it_str(d, "fee"), it_str(d, "receiveAmount"));
		if (strcmp(ref, want) != 0)
			fprintf(stderr, "%s: reference %s, quote %s\n", cases[i].from, ref, want);
		CU_ASSERT_STRING_EQUAL(ref, want);
		/* expiresAt is five minutes after the request */
		exp_t = t0 + 300;
		timefmt_iso(exp_t, expect_lo, sizeof(expect_lo));
		timefmt_iso(exp_t + 2, expect_hi, sizeof(expect_hi));
		CU_ASSERT_TRUE(it_strcmp(it_str(d, "expiresAt"), expect_lo) >= 0 &&
		    it_strcmp(it_str(d, "expiresAt"), expect_hi) <= 0);
		/* nothing is stored until a conversion redeems it (t_convert
		 * reads the row it writes then) */
		CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM quotes WHERE id = ?",
		    it_str(d, "quoteId"), NULL), 0);
		/* priced at the current rate */
		snprintf(want, sizeof(want), "%s/GHS", cases[i].from);
		CU_ASSERT_EQUAL(it_db_text("SELECT rate FROM fx_rates WHERE pair = ?", want,
		    NULL, rate_exact, sizeof(rate_exact)), 0);
		CU_ASSERT_EQUAL(strncmp(rate_exact, it_str(d, "rate"), it_strlen(it_str(d, "rate"))), 0);
		it_resp_free(&r);
	}
	free(tok);
}

static void
test_wallet_quote_bad_inputs(void)
{
	static const struct { const char *query, *code; } cases[] = {
		{ "?to=GHS&amount=10", "validation_error" },
		{ "?from=USDT&amount=10", "validation_error" },
		{ "?from=USDT&to=GHS", "validation_error" },
		{ "", "validation_error" },
		{ "?from=&to=GHS&amount=10", "validation_error" },
		{ "?from=BTC&to=GHS&amount=10", "invalid_stablecoin" },
		{ "?from=usdt&to=GHS&amount=10", "invalid_stablecoin" },
		{ "?from=USDT&to=USD&amount=10", "invalid_currency" },
		{ "?from=USDT&to=GHSFIAT&amount=10", "invalid_currency" },
		{ "?from=USDT&to=GHS&amount=0", "invalid_amount" },
		{ "?from=USDT&to=GHS&amount=0.000000", "invalid_amount" },
		{ "?from=USDT&to=GHS&amount=-1", "invalid_amount" },
		{ "?from=USDT&to=GHS&amount=1e3", "invalid_amount" },
		{ "?from=USDT&to=GHS&amount=abc", "invalid_amount" },
		{ "?from=USDT&to=GHS&amount=%201", "invalid_amount" },
		{ "?from=USDT&to=GHS&amount=+1", "invalid_amount" },
		{ "?from=USDT&to=GHS&amount=%2B1", "invalid_amount" },
		{ "?from=USDT&to=GHS&amount=1.1234567", "invalid_amount" },
		{ "?from=USDT&to=GHS&amount=0x10", "invalid_amount" },
		{ "?from=USDT&to=GHS&amount=1.", "invalid_amount" },
		{ "?from=GHSFIAT&to=GHS&amount=1.001", "invalid_amount" },
		{ "?from=DAI&to=GHS&amount=1.1234567890123456789", "invalid_amount" },
		{ "?from=USDT&to=GHS&amount=0.000001", "invalid_amount" },
		{ "?from=USDT&to=GHS&amount=10&extra=1", "validation_error" },
		{ "?from=USDT&from=USDC&to=GHS&amount=10", "validation_error" },
	};
	char wallet[96], *tok;
	struct it_resp r;
	size_t i;
	long long before;

	it_unique("0xbadquote", wallet, sizeof(wallet));
	tok = it_wallet_token(wallet, 600);
	before = it_db_scalar("SELECT COUNT(*) FROM quotes", NULL, NULL);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		wallet_quote(tok, cases[i].query, &r);
		it_assert_wallet_error(&r, 400, cases[i].code, cases[i].query);
		it_resp_free(&r);
	}
	/* nothing was stored for any of them */
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM quotes", NULL, NULL), before);
	free(tok);
}

static void
test_partner_rates(void)
{
	static const struct { const char *query; long status; const char *code; } bad[] = {
		{ "?to_currency=GHS&amount=10", 400, "VALIDATION_ERROR" },
		{ "?from_currency=USDT&amount=10", 400, "VALIDATION_ERROR" },
		{ "?from_currency=USDT&to_currency=GHS", 400, "VALIDATION_ERROR" },
		{ "?from_currency=DAI&to_currency=GHS&amount=10", 400, "INVALID_CURRENCY" },
		{ "?from_currency=USDC_E&to_currency=GHS&amount=10", 400, "INVALID_CURRENCY" },
		{ "?from_currency=USDT&to_currency=NGN&amount=10", 400, "INVALID_CURRENCY" },
		{ "?from_currency=USDT&to_currency=GHS&amount=-5", 400, "VALIDATION_ERROR" },
		{ "?from_currency=USDT&to_currency=GHS&amount=1.1234567", 400, "VALIDATION_ERROR" },
		{ "?from_currency=USDT&to_currency=GHS&amount=10&from=USDT", 400, "VALIDATION_ERROR" },
		{ "?from_currency=USDT&to_currency=GHS&amount=0", 400, "VALIDATION_ERROR" },
		/* well formed, but nothing is left after the fee (the API fuzz, issue 23) */
		{ "?from_currency=USDT&to_currency=GHS&amount=0.00052", 422, "BELOW_MINIMUM" },
		{ "?from_currency=USDC&to_currency=GHS&amount=0.000001", 422, "BELOW_MINIMUM" },
	};
	char key[200], auth[260], ref[128], want[128], key_id[17];
	struct it_resp r;
	json_t *d;
	size_t i;
	long long before;

	CU_ASSERT_EQUAL_FATAL(it_admin("partner create --name 'IT Rates Co' --quiet", key, sizeof(key)), 0);
	{
		const char *h[] = { it_bearer(key, auth, sizeof(auth)), NULL };

		CU_ASSERT_EQUAL_FATAL(it_http("GET", "/v1/rates?from_currency=USDC&to_currency=GHS&amount=250.5",
		    h, NULL, 0, &r), 0);
		CU_ASSERT_EQUAL(r.status, 200);
		d = json_object_get(r.json, "data");
		CU_ASSERT_EQUAL_FATAL(json_object_size(d), 8);
		CU_ASSERT_STRING_EQUAL(it_str(d, "from_currency"), "USDC");
		CU_ASSERT_STRING_EQUAL(it_str(d, "to_currency"), "GHS");
		CU_ASSERT_STRING_EQUAL(it_str(d, "amount"), "250.500000");
		CU_ASSERT_EQUAL(places(it_str(d, "fee")), 2);
		CU_ASSERT_EQUAL(places(it_str(d, "total_ghs")), 2);
		CU_ASSERT_PTR_NOT_NULL(it_str(d, "valid_until"));
		CU_ASSERT_EQUAL_FATAL(it_db_text(ref_sql, it_str(d, "amount"), it_str(d, "rate"), ref, sizeof(ref)), 0);
		snprintf(want, sizeof(want), "%.*s|%s|%s", (int)(strchr(ref, '|') - ref), ref,
		    it_str(d, "fee"), it_str(d, "total_ghs"));
		CU_ASSERT_STRING_EQUAL(ref, want);
		/* the guaranteed rate is in its signed quote_id; nothing is
		 * stored until a withdrawal locks it (t_withdrawals) */
		snprintf(key_id, sizeof(key_id), "%.16s", key + 8);
		CU_ASSERT_TRUE(it_strlen(it_str(d, "quote_id")) >= 45 && it_strlen(it_str(d, "quote_id")) <= 64);
		CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM quotes q JOIN api_keys k ON k.partner_id = q.partner_id "
		    "WHERE k.key_id = ?", key_id, NULL), 0);
		it_resp_free(&r);
		before = it_db_scalar("SELECT COUNT(*) FROM quotes", NULL, NULL);
		for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
			char path[256];

			snprintf(path, sizeof(path), "/v1/rates%s", bad[i].query);
			CU_ASSERT_EQUAL_FATAL(it_http("GET", path, h, NULL, 0, &r), 0);
			it_assert_partner_error(&r, bad[i].status, bad[i].code, bad[i].query);
			it_resp_free(&r);
		}
		/* nothing was stored for any of them */
		CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM quotes", NULL, NULL), before);
	}
}

/* With the feed down and the stored rate old, no price is given. */
static void
test_stale_rate_is_never_quoted(void)
{
	char wallet[96], *tok, key[200], auth[260], out[64];
	struct it_resp r;

	it_unique("0xstale", wallet, sizeof(wallet));
	tok = it_wallet_token(wallet, 600);
	CU_ASSERT_EQUAL_FATAL(it_admin("partner create --name 'IT Stale Co' --quiet", key, sizeof(key)), 0);
	it_db_exec("REPLACE INTO sim_settings VALUES ('rates.source', 'down')", NULL, NULL);
	/* the test stacks run no worker of their own: this one fails */
	CU_ASSERT_NOT_EQUAL(it_worker("rates"), 0);
	CU_ASSERT_EQUAL(it_db_exec("UPDATE fx_rates SET updated_at = UTC_TIMESTAMP(6) - INTERVAL 1 HOUR "
	    "WHERE pair IN ('USDT/GHS', 'USDC/GHS')", NULL, NULL), 2);
	/* a process's copy of the rate is read again after rates.cache_seconds
	 * (1 on the test stacks) */
	it_pause_ms(IT_RATE_CACHE_PASS_MS, "every process's copy of the rate is renewed");
	wallet_quote(tok, "?from=USDT&to=GHS&amount=10", &r);
	it_assert_wallet_error(&r, 503, "provider_unavailable", "stale wallet quote");
	it_resp_free(&r);
	{
		const char *h[] = { it_bearer(key, auth, sizeof(auth)), NULL };

		CU_ASSERT_EQUAL_FATAL(it_http("GET", "/v1/rates?from_currency=USDC&to_currency=GHS&amount=10",
		    h, NULL, 0, &r), 0);
		it_assert_partner_error(&r, 503, "RATE_UNAVAILABLE", "stale partner quote");
		it_resp_free(&r);
	}
	/* a coin whose rate is still fresh quotes normally */
	wallet_quote(tok, "?from=DAI&to=GHS&amount=10", &r);
	CU_ASSERT_EQUAL(r.status, 200);
	it_resp_free(&r);
	/* the feed comes back: the worker refreshes, quoting resumes */
	it_db_exec("DELETE FROM sim_settings WHERE name = 'rates.source'", NULL, NULL);
	CU_ASSERT_EQUAL(it_worker("rates"), 0);
	CU_ASSERT_EQUAL(it_db_text("SELECT source FROM fx_rates WHERE pair = 'USDT/GHS'", NULL, NULL,
	    out, sizeof(out)), 0);
	CU_ASSERT_STRING_EQUAL(out, "feed");
	wallet_quote(tok, "?from=USDT&to=GHS&amount=10", &r);
	CU_ASSERT_EQUAL(r.status, 200);
	it_resp_free(&r);
	free(tok);
}

/*
 * A new rate reaches every quote within rates.cache_seconds (1 on the
 * test stacks): after it, 12 quotes (spread over the programs' processes)
 * all carry it.
 */
static void
test_new_rate_within_cache_bound(void)
{
	char wallet[96], *tok, before[64], out[256];
	struct it_resp r;
	json_t *d;
	int i, fresh = 0;

	it_unique("0xratecache", wallet, sizeof(wallet));
	tok = it_wallet_token(wallet, 600);
	CU_ASSERT_EQUAL_FATAL(it_db_text("SELECT rate FROM fx_rates WHERE pair = 'DAI/GHS'", NULL, NULL,
	    before, sizeof(before)), 0);
	/* every process reads the current rate once */
	for (i = 0; i < 12; i++) {
		wallet_quote(tok, "?from=DAI&to=GHS&amount=10", &r);
		it_resp_free(&r);
	}
	CU_ASSERT_EQUAL_FATAL(it_admin("rate set DAI 17.25", out, sizeof(out)), 0);
	it_pause_ms(IT_RATE_CACHE_PASS_MS, "every process's copy of the rate is renewed");
	for (i = 0; i < 12; i++) {
		wallet_quote(tok, "?from=DAI&to=GHS&amount=10", &r);
		d = json_object_get(r.json, "data");
		CU_ASSERT_EQUAL(r.status, 200);
		fresh += d != NULL && it_str(d, "rate") != NULL && it_strcmp(it_str(d, "rate"), "17.25") == 0;
		it_resp_free(&r);
	}
	CU_ASSERT_EQUAL(fresh, 12);
	{
		char cmd[96];

		snprintf(cmd, sizeof(cmd), "rate set DAI %s", before);
		CU_ASSERT_EQUAL(it_admin(cmd, out, sizeof(out)), 0);
	}
	it_pause_ms(IT_RATE_CACHE_PASS_MS, "every process's copy of the rate is renewed");
	free(tok);
}

/* 2,000 random quotes priced by lib/domain/quote.c and by MariaDB must agree. */
static void
test_pricing_matches_mariadb_decimal(void)
{
	static const char *coins[] = { "USDT", "USDC", "USDC_E", "DAI", "GHSFIAT" };
	struct tu_rng rng;
	int i, mismatches = 0, priced = 0;

	tu_rng_seed(&rng, 0x9E3779B97F4A7C15ULL);
	for (i = 0; i < 2000; i++) {
		const struct currency *c = currency_find(coins[i % 5]);
		char amount[64], rate[64], ref[256], got[256];
		struct outcome o;
		struct quote q;
		size_t idig, places;

		idig = 1 + tu_rng_below(&rng, 12);
		places = tu_rng_below(&rng, c->scale + 1);
		CU_ASSERT_EQUAL_FATAL(tu_rng_decimal(&rng, idig, places, amount,
		    sizeof(amount)), 0);
		idig = 1 + tu_rng_below(&rng, 3);
		places = tu_rng_below(&rng, 9);
		CU_ASSERT_EQUAL_FATAL(tu_rng_decimal(&rng, idig, places, rate,
		    sizeof(rate)), 0);
		outcome_init(&o);
		if (quote_price(c, amount, rate, "1.00", &q, &o) != ERR_OK)
			continue; /* too small to leave anything after the fee */
		priced++;
		if (it_db_text(ref_sql, q.amount, q.rate_exact, ref, sizeof(ref)) != 0) {
			mismatches++;
			continue;
		}
		snprintf(got, sizeof(got), "%s|%s|%s", q.gross, q.fee, q.receive);
		if (strcmp(ref, got) != 0) {
			if (mismatches < 5)
				fprintf(stderr, "%s %s x %s: mariadb %s, lib %s\n", c->code,
				    amount, rate, ref, got);
			mismatches++;
		}
	}
	CU_ASSERT_TRUE(priced > 1900);
	CU_ASSERT_EQUAL(mismatches, 0);
}

int
it_suite_quotes(void)
{
	static const struct tu_test tests[] = {
		{ "wallet quote: nine fields, scales, exact math, nothing stored", test_wallet_quote_fields_and_math },
		{ "wallet quote: bad inputs, nothing stored", test_wallet_quote_bad_inputs },
		{ "partner rates: fields, math, bad inputs", test_partner_rates },
		{ "a stale rate is never quoted", test_stale_rate_is_never_quoted },
		{ "a new rate reaches every quote within rates.cache_seconds", test_new_rate_within_cache_bound },
		{ "2,000 random prices agree with MariaDB DECIMAL", test_pricing_matches_mariadb_decimal },
	};

	return tu_add_suite("quotes", NULL, NULL, tests, NELEM(tests));
}
