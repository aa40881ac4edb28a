/*
 * Idempotency keys and concurrency against the real stack: replays are
 * byte-identical, conflicts carry their context, validation errors are not
 * stored, keys expire after 24 h, and races resolve to exactly one effect.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "itc.h"

static long long
conversions_of_quote(const char *qid)
{
	return it_db_scalar("SELECT COUNT(*) FROM conversions WHERE quote_id = ?", qid, NULL);
}

static void
test_same_key_same_body(void)
{
	struct itc_wallet w;
	char qid[QUOTE_ID_MAX], key[64];
	struct it_resp a, b;

	itc_wallet(&w, "0xidem", NULL);
	itc_faucet(&w, "USDT", "50");
	CU_ASSERT_EQUAL_FATAL(itc_quote(&w, "USDT", "5", qid, NULL), 0);
	it_unique("key", key, sizeof(key));
	/* on a cluster, the replay goes through the other web server */
	it_http_via(0);
	CU_ASSERT_EQUAL(itc_convert(&w, qid, "5", "USDT", key, &a), 201);
	it_http_via(1);
	CU_ASSERT_EQUAL(itc_convert(&w, qid, "5", "USDT", key, &b), 201);
	it_http_via(-1);
	CU_ASSERT_EQUAL(a.len, b.len);
	CU_ASSERT_STRING_EQUAL(a.body, b.body);
	CU_ASSERT_EQUAL(conversions_of_quote(qid), 1);
	it_resp_free(&a);
	it_resp_free(&b);
	/* GET ignores the header */
	{
		char kh[100];
		const char *h[] = { w.auth, kh, NULL };

		snprintf(kh, sizeof(kh), "X-Idempotency-Key: %s", key);
		CU_ASSERT_EQUAL(it_http("GET", "/api/transactions", h, NULL, 0, &a), 0);
		CU_ASSERT_EQUAL(a.status, 200);
		it_resp_free(&a);
	}
	itc_wallet_free(&w);
}

static void
test_conflicts(void)
{
	struct itc_wallet w, v;
	char q1[QUOTE_ID_MAX], q2[QUOTE_ID_MAX], key[64], cid[40], long_key[140];
	struct it_resp r;
	json_t *d;

	itc_wallet(&w, "0xidem-c", NULL);
	itc_wallet(&v, "0xidem-v", NULL);
	itc_faucet(&w, "USDT", "50");
	itc_faucet(&v, "USDT", "50");
	CU_ASSERT_EQUAL_FATAL(itc_quote(&w, "USDT", "5", q1, NULL), 0);
	CU_ASSERT_EQUAL_FATAL(itc_quote(&w, "USDT", "6", q2, NULL), 0);
	it_unique("key", key, sizeof(key));
	CU_ASSERT_EQUAL_FATAL(itc_convert(&w, q1, "5", "USDT", key, &r), 201);
	snprintf(cid, sizeof(cid), "%s", it_str(json_object_get(r.json, "data"), "conversionId"));
	it_resp_free(&r);
	/* another body under the same key */
	itc_convert(&w, q2, "6", "USDT", key, &r);
	it_assert_wallet_error(&r, 409, "idempotency_conflict", "changed body");
	d = json_object_get(r.json, "data");
	CU_ASSERT_STRING_EQUAL(it_str(d, "existingKey"), key);
	CU_ASSERT_STRING_EQUAL(it_str(d, "originalEndpoint"), "POST /api/convert/usdt-to-ghs");
	CU_ASSERT_PTR_NOT_NULL(it_str(d, "createdAt"));
	it_resp_free(&r);
	CU_ASSERT_EQUAL(conversions_of_quote(q2), 0);
	/* the same key on another endpoint */
	itc_confirm(&w, cid, key, &r);
	it_assert_wallet_error(&r, 409, "idempotency_conflict", "other endpoint");
	it_resp_free(&r);
	/* keys are per user: another user may use the same key */
	{
		char vq[QUOTE_ID_MAX];

		CU_ASSERT_EQUAL_FATAL(itc_quote(&v, "USDT", "5", vq, NULL), 0);
		CU_ASSERT_EQUAL(itc_convert(&v, vq, "5", "USDT", key, &r), 201);
		it_resp_free(&r);
	}
	/* 129 characters is too long; empty is not a key */
	memset(long_key, 'k', 129);
	long_key[129] = '\0';
	itc_convert(&w, q2, "6", "USDT", long_key, &r);
	it_assert_wallet_error(&r, 400, "validation_error", "129-char key");
	it_resp_free(&r);
	long_key[128] = '\0';
	CU_ASSERT_EQUAL(itc_convert(&w, q2, "6", "USDT", long_key, &r), 201);
	it_resp_free(&r);
	itc_wallet_free(&w);
	itc_wallet_free(&v);
}

/* A 4xx that changed nothing is not stored: the corrected retry runs. */
static void
test_validation_error_not_stored(void)
{
	struct itc_wallet w;
	char qid[QUOTE_ID_MAX], key[64];
	struct it_resp r;

	itc_wallet(&w, "0xidem-v2", NULL);
	CU_ASSERT_EQUAL_FATAL(itc_quote(&w, "USDT", "5", qid, NULL), 0);
	it_unique("key", key, sizeof(key));
	itc_convert(&w, qid, "5", "USDT", key, &r); /* no coin yet */
	it_assert_wallet_error(&r, 400, "insufficient_balance", "first try");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM idempotency_keys WHERE idem_key = ?", key, NULL), 0);
	itc_faucet(&w, "USDT", "5");
	CU_ASSERT_EQUAL(itc_convert(&w, qid, "5", "USDT", key, &r), 201);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(conversions_of_quote(qid), 1);
	itc_wallet_free(&w);
}

/* A key whose stored time is 24 h old is free again, swept or not. */
static void
test_key_expiry(void)
{
	struct itc_wallet w;
	char q1[QUOTE_ID_MAX], q2[QUOTE_ID_MAX], key[64];
	struct it_resp r;

	itc_wallet(&w, "0xidem-exp", NULL);
	itc_faucet(&w, "USDT", "20");
	CU_ASSERT_EQUAL_FATAL(itc_quote(&w, "USDT", "5", q1, NULL), 0);
	CU_ASSERT_EQUAL_FATAL(itc_quote(&w, "USDT", "6", q2, NULL), 0);
	it_unique("key", key, sizeof(key));
	CU_ASSERT_EQUAL(itc_convert(&w, q1, "5", "USDT", key, &r), 201);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_db_exec("UPDATE idempotency_keys SET created_at = created_at - INTERVAL 24 HOUR "
	    "WHERE idem_key = ?", key, NULL), 1);
	CU_ASSERT_EQUAL(itc_convert(&w, q2, "6", "USDT", key, &r), 201);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(conversions_of_quote(q2), 1);
	/* and the expire worker removes old keys */
	CU_ASSERT_EQUAL(it_db_exec("UPDATE idempotency_keys SET created_at = created_at - INTERVAL 25 HOUR "
	    "WHERE idem_key = ?", key, NULL), 1);
	CU_ASSERT_EQUAL(it_worker("expire"), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM idempotency_keys WHERE idem_key = ?", key, NULL), 0);
	itc_wallet_free(&w);
}

struct shot {
	const struct itc_wallet *w;
	const char *qid, *amount, *key;
	long status;
	char *body;
	int via; /* on a cluster: half through each web server */
};

static void *
fire(void *arg)
{
	struct shot *s = arg;
	struct it_resp r;

	it_http_via(s->via);
	s->status = itc_convert(s->w, s->qid, s->amount, "USDT", s->key, &r);
	s->body = r.body ? strdup(r.body) : NULL;
	it_resp_free(&r);
	return NULL;
}

/* 50 identical requests at once under one key: one conversion. */
static void
test_50_concurrent_same_key(void)
{
	struct itc_wallet w;
	struct shot s[50];
	pthread_t t[50];
	char qid[QUOTE_ID_MAX], key[64];
	const char *first = NULL;
	int i, ok = 0, busy = 0, same = 1;

	itc_wallet(&w, "0xidem-50", NULL);
	itc_limit(&w, "convert", 1000);
	itc_faucet(&w, "USDT", "100");
	CU_ASSERT_EQUAL_FATAL(itc_quote(&w, "USDT", "7", qid, NULL), 0);
	it_unique("key", key, sizeof(key));
	for (i = 0; i < 50; i++) {
		s[i] = (struct shot){ &w, qid, "7", key, 0, NULL, i };
		pthread_create(&t[i], NULL, fire, &s[i]);
	}
	for (i = 0; i < 50; i++) {
		pthread_join(t[i], NULL);
		if (s[i].status == 201) {
			ok++;
			if (first == NULL)
				first = s[i].body;
			else if (s[i].body == NULL || strcmp(first, s[i].body) != 0)
				same = 0;
		} else if (s[i].status == 409 && s[i].body && strstr(s[i].body, "\"inProgress\":true")) {
			busy++;
		}
	}
	CU_ASSERT_EQUAL(ok + busy, 50);
	CU_ASSERT_TRUE(ok >= 1);
	CU_ASSERT_TRUE(same);
	CU_ASSERT_EQUAL(conversions_of_quote(qid), 1);
	for (i = 0; i < 50; i++)
		free(s[i].body);
	itc_wallet_free(&w);
}

/* 50 distinct quotes at once with coin for 10: exactly 10 convert. */
static void
test_50_concurrent_coin_for_10(void)
{
	struct itc_wallet w;
	struct shot s[50];
	pthread_t t[50];
	char qid[50][QUOTE_ID_MAX];
	int i, tries, ok = 0, poor = 0;

	itc_wallet(&w, "0xrace", "enterprise");
	itc_limit(&w, "convert", 1000);
	itc_limit(&w, "quotes", 1000);
	itc_faucet(&w, "USDT", "10");
	for (i = 0; i < 50; i++)
		CU_ASSERT_EQUAL_FATAL(itc_quote(&w, "USDT", "1", qid[i], NULL), 0);
	for (i = 0; i < 50; i++) {
		s[i] = (struct shot){ &w, qid[i], "1", NULL, 0, NULL, i };
		pthread_create(&t[i], NULL, fire, &s[i]);
	}
	for (i = 0; i < 50; i++) {
		pthread_join(t[i], NULL);
		/* 503: the database gave up on a conflict (a Galera cluster's
		 * certification, 50 at once), nothing committed; a client sends
		 * the same request again */
		for (tries = 0; tries < 5 && s[i].status == 503; tries++) {
			free(s[i].body);
			fire(&s[i]);
		}
		ok += s[i].status == 201;
		poor += s[i].status == 400 && s[i].body && strstr(s[i].body, "\"insufficient_balance\"");
		free(s[i].body);
	}
	it_http_via(-1);
	/* exactly 10 reached the chain; a broadcast whose answer came too
	 * late (a loaded machine: the gateway took longer than the provider
	 * timeout) is in doubt, answered 201 processing though the chain never
	 * took it, and the worker's send of the same bytes again is refused:
	 * it fails, refunding nothing it never took */
	CU_ASSERT_EQUAL(ok + poor, 50);
	CU_ASSERT(ok >= 10);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM sim_chain_txs WHERE wallet = ? AND "
	    "outcome = 'confirm'", w.id, NULL), 10);
	IT_UNTIL("the in-doubt conversions failed", it_worker("payouts") == 0 &&
	    it_db_scalar("SELECT COUNT(*) FROM conversions c WHERE c.wallet_id = ? AND "
	    "c.status <> 'failed' AND NOT EXISTS (SELECT 1 FROM sim_chain_txs t WHERE "
	    "t.tx_hash = c.tx_hash)", w.id, NULL) == 0);
	if (ok > 10)
		fprintf(stderr, "race: %d of %d conversions were in doubt, then failed\n",
		    ok - 10, ok);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM conversions WHERE wallet_id = ? AND "
	    "status <> 'failed'", w.id, NULL), 10);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM sim_chain_balances WHERE wallet = ? AND balance = 0",
	    w.id, NULL), 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM ledger_accounts WHERE kind <> 'house' AND balance < 0",
	    NULL, NULL), 0);
	CU_ASSERT_EQUAL(it_worker("reconcile"), 0);
	itc_wallet_free(&w);
}

int
it_suite_idem(void)
{
	static const struct tu_test tests[] = {
		{ "same key, same body: one conversion, identical bytes", test_same_key_same_body },
		{ "changed body or endpoint: 409 with context; key rules", test_conflicts },
		{ "a refusal that changed nothing is not stored", test_validation_error_not_stored },
		{ "keys are reusable after 24 hours; expire sweeps them", test_key_expiry },
		{ "50 concurrent identical requests: one conversion", test_50_concurrent_same_key },
		{ "50 concurrent conversions, coin for 10: exactly 10", test_50_concurrent_coin_for_10 },
	};

	return tu_add_suite("idempotency and races", NULL, NULL, tests, NELEM(tests));
}
