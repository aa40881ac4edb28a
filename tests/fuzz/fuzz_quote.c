/*
 * fuzz_quote: the quote token (core/quote_token.h, issue 25) under a fixed
 * key and scope (issue 34). Input: a mode byte, then
 *   even: a quote id as a client sends it (a C string): decoded; when it
 *         decodes, what it carries is sane, and another scope, another
 *         key, or any one character changed refuse it;
 *   odd:  the coin index (1 byte), expires_at (8 bytes), then amount,
 *         '\n', rate, '\n', fee percent: encoded; when it encodes, it is
 *         at most QUOTE_ID_MAX - 1 characters of a token's shape and
 *         decodes to the same values (at the coin's, 8 and 2 places).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/currency.h"
#include "core/money.h"
#include "core/quote_token.h"

#include "fuzzutil.h"

static const unsigned char key[32] = "fuzz-quote-key-0123456789abcdef";
static const unsigned char other_key[32] = "fuzz-quote-key-0123456789abcdeF";
static const char *const coins[] = { "USDT", "USDC", "USDC_E", "DAI", "BTC", "" };

/* A decoded token's promises, and the refusals around id. */
static void
check_decoded(const char *id, const struct quote_token *t)
{
	const struct currency *c = currency_find(t->coin);
	struct quote_token u;
	char *changed;
	size_t i, n = strlen(id);

	FZ_CHECK(c != NULL);
	FZ_CHECK(money_cmp_text(t->amount, t->amount, c->scale) == 0);
	FZ_CHECK(money_cmp_text(t->rate, t->rate, 8) == 0);
	FZ_CHECK(money_cmp_text(t->fee_percent, t->fee_percent, 2) == 0);
	FZ_CHECK(quote_token_shaped(id));
	FZ_CHECK(quote_token_decode(key, sizeof(key), "p:8", id, &u) != 0);
	FZ_CHECK(quote_token_decode(other_key, sizeof(other_key), "p:7", id, &u) != 0);
	changed = fz_strndup(id, n);
	/* the last character may carry bits past the bytes: not changed */
	for (i = 0; i + 1 < n; i += 1 + n / 16) {
		char was = changed[i];

		changed[i] = was == 'A' ? 'B' : 'A';
		FZ_CHECK(quote_token_decode(key, sizeof(key), "p:7", changed, &u) != 0 ||
		    strcmp(changed, id) == 0);
		changed[i] = was;
	}
	free(changed);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	struct fz_in in = { data, n };
	uint8_t mode = fz_byte(&in);
	struct quote_token t, u;
	char id[QUOTE_ID_MAX];

	if (mode % 2 == 0) {
		char *text = fz_strndup(in.p, in.n);

		memset(&t, 0, sizeof(t));
		if (quote_token_decode(key, sizeof(key), "p:7", text, &t) == 0)
			check_decoded(text, &t);
		free(text);
		return 0;
	}
	memset(&t, 0, sizeof(t));
	snprintf(t.coin, sizeof(t.coin), "%s", coins[fz_byte(&in) % 6]);
	t.expires_at = (long long)(fz_u64(&in) >> 1);
	{
		char *amount = fz_cut(&in, '\n', NULL), *rate = fz_cut(&in, '\n', NULL),
		    *fee = fz_cut(&in, '\n', NULL);
		const struct currency *c = currency_find(t.coin);

		snprintf(t.amount, sizeof(t.amount), "%s", amount);
		snprintf(t.rate, sizeof(t.rate), "%s", rate);
		snprintf(t.fee_percent, sizeof(t.fee_percent), "%s", fee);
		if (quote_token_encode(key, sizeof(key), "p:7", &t, id) == 0) {
			FZ_CHECK(c != NULL);
			FZ_CHECK(strlen(id) < QUOTE_ID_MAX && quote_token_shaped(id));
			FZ_CHECK(quote_token_decode(key, sizeof(key), "p:7", id, &u) == 0);
			FZ_CHECK(strcmp(u.coin, t.coin) == 0 && u.expires_at == t.expires_at);
			FZ_CHECK(money_cmp_text(u.amount, t.amount, c->scale) == 0);
			FZ_CHECK(money_cmp_text(u.rate, t.rate, 8) == 0);
			FZ_CHECK(money_cmp_text(u.fee_percent, t.fee_percent, 2) == 0);
			check_decoded(id, &u);
		}
		free(amount);
		free(rate);
		free(fee);
	}
	return 0;
}
