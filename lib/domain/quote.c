#include "domain/quote.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "domain/fxrate.h"
#include "domain/quote_redeem.h"
#include "core/log.h"
#include "core/strict.h"

/* amount as a positive amount of from into amt: NULL, or why not. */
static const char *
amount_parse(const struct currency *from, const char *amount, mpz_t amt)
{
	switch (money_parse(amount, from->scale, amt)) {
	case MONEY_OK:
		return mpz_sgn(amt) > 0 ? NULL : "must be greater than zero";
	case MONEY_PRECISION:
		return "more decimal places than the currency has";
	case MONEY_RANGE:
		return "too large";
	default:
		return "not a decimal number (digits and one optional point)";
	}
}

enum err
quote_price(const struct currency *from, const char *amount, const char *rate,
    const char *fee_percent, struct quote *q, struct outcome *o)
{
	const char *why = NULL;
	const unsigned ghs = currency_ghs()->scale;
	mpz_t amt, r, pct, gross, fee, recv;
	enum err e = ERR_INVALID_AMOUNT;

	mpz_inits(amt, r, pct, gross, fee, recv, NULL);
	if ((why = amount_parse(from, amount, amt)) != NULL)
		goto out;
	if (money_parse(rate, FXRATE_SCALE, r) != MONEY_OK ||
	    money_parse(fee_percent, 2, pct) != MONEY_OK) {
		why = "rate or fee misconfigured";
		e = ERR_INTERNAL;
		goto out;
	}
	money_mul(gross, amt, from->scale, r, FXRATE_SCALE, ghs, MONEY_DOWN);
	/* fee = gross x pct / 100: pct has 2 places, /100 adds 2 more */
	money_mul(fee, gross, ghs, pct, 2 + 2, ghs, MONEY_UP);
	mpz_sub(recv, gross, fee);
	if (mpz_sgn(recv) <= 0) {
		/* well formed, but below what can be paid: the partner API's
		 * 422 BELOW_MINIMUM, the wallet's 400 invalid_amount (issue 23) */
		why = "too small: nothing is left after the fee";
		e = ERR_BELOW_MINIMUM;
		goto out;
	}
	if (money_format(amt, from->scale, q->amount, sizeof(q->amount)) != 0 ||
	    money_format(gross, ghs, q->gross, sizeof(q->gross)) != 0 ||
	    money_format(fee, ghs, q->fee, sizeof(q->fee)) != 0 ||
	    money_format(recv, ghs, q->receive, sizeof(q->receive)) != 0 ||
	    money_format(pct, 2, q->fee_percent, sizeof(q->fee_percent)) != 0 ||
	    money_format(r, FXRATE_SCALE, q->rate_exact, sizeof(q->rate_exact)) != 0) {
		why = "too large";
		goto out;
	}
	fxrate_display(q->rate_exact, q->rate, sizeof(q->rate));
	q->from = from;
	e = ERR_OK;
out:
	mpz_clears(amt, r, pct, gross, fee, recv, NULL);
	if (e == ERR_INVALID_AMOUNT || e == ERR_BELOW_MINIMUM)
		return outcome_field(o, e, "amount", why);
	if (e != ERR_OK)
		return outcome_fail(o, e, "%s", why);
	return e;
}

enum err
quote_live(struct ctx *ctx, const struct currency *from, const char *amount,
    struct quote *q, struct outcome *o)
{
	const struct cfg *c = &ctx->cfg;
	char rate[FXRATE_TEXT];
	const char *why;
	mpz_t amt;

	/* a bad amount is refused before the rate is looked up: the answer
	 * to a malformed request never depends on the feed (the API fuzz
	 * found a 503 RATE_UNAVAILABLE for one, issue 23) */
	mpz_init(amt);
	why = amount_parse(from, amount, amt);
	mpz_clear(amt);
	if (why != NULL)
		return outcome_field(o, ERR_INVALID_AMOUNT, "amount", why);
	switch (fxrate_quoted(ctx->db, from->code, (long long)c->rate_max_age_seconds,
	    (long long)c->rate_cache_seconds, (long long)time(NULL), rate, sizeof(rate))) {
	case FXRATE_OK:
		break;
	case FXRATE_DB:
		return outcome_err(o, ERR_SERVICE_UNAVAILABLE);
	default:
		/* never an old price: no quote until the feed is back */
		log_event("warn", "no fresh %s/GHS rate; quoting refused", from->code);
		return outcome_err(o, ERR_RATE_UNAVAILABLE);
	}
	return quote_price(from, amount, rate, c->fee_conversion_percent, q, o);
}

enum err
quote_create(struct ctx *ctx, const struct caller *who,
    const struct currency *from, const char *amount, struct quote *q,
    struct outcome *o)
{
	const struct cfg *c = &ctx->cfg;
	long long now = (long long)time(NULL);
	unsigned char key[32];
	struct quote_token t;
	char scope[32];
	size_t klen;
	enum err e;

	if ((e = quote_live(ctx, from, amount, q, o)) != ERR_OK)
		return e;
	if ((klen = quote_key(c, key)) == 0)
		return outcome_fail(o, ERR_INTERNAL, "quotes.signing_key is not configured");
	q->created_at = now;
	q->expires_at = now + (long long)c->quote_ttl_seconds;
	memset(&t, 0, sizeof(t));
	(void)strict_copy(t.coin, sizeof(t.coin), from->code);
	(void)strict_copy(t.amount, sizeof(t.amount), q->amount);
	(void)strict_copy(t.rate, sizeof(t.rate), q->rate_exact);
	(void)strict_copy(t.fee_percent, sizeof(t.fee_percent), q->fee_percent);
	t.expires_at = q->expires_at;
	quote_scope(who, scope);
	if (quote_token_encode(key, klen, scope, &t, q->id) != 0) {
		log_event("error", "quote: %s %s at %s could not be signed", q->amount,
		    from->code, q->rate_exact);
		return outcome_err(o, ERR_INTERNAL);
	}
	return ERR_OK;
}
