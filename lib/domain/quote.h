/*
 * quote: pricing a conversion and storing the offer. The arithmetic is
 * DESIGN.md's: gross = amount x rate rounded down to the pesewa; fee =
 * gross x feePercent / 100 rounded up to the pesewa; receive = gross - fee.
 */
#ifndef CEDIRAMP_QUOTE_H
#define CEDIRAMP_QUOTE_H

#include "domain/ctx.h"
#include "core/currency.h"
#include "core/err.h"
#include "core/id.h"
#include "core/money.h"

struct quote {
	char id[ID_MAX];
	const struct currency *from;
	char amount[MONEY_MAX_TEXT];  /* at the coin's scale */
	char rate[MONEY_MAX_TEXT];    /* as displayed */
	char rate_exact[MONEY_MAX_TEXT]; /* as stored, 8 places */
	char fee_percent[16];
	char gross[MONEY_MAX_TEXT];   /* GHS, 2 places */
	char fee[MONEY_MAX_TEXT];
	char receive[MONEY_MAX_TEXT];
	long long created_at, expires_at;
};

/*
 * Prices amount (the client's text) of from at rate (FXRATE_SCALE places)
 * with fee_percent (2 places). Returns ERR_OK, or ERR_INVALID_AMOUNT when
 * the amount is malformed, zero, has more places than the coin allows, or
 * is too small to leave anything after the fee (why says which).
 */
enum err quote_price(const struct currency *from, const char *amount,
    const char *rate, const char *fee_percent, struct quote *q,
    const char **why);

/*
 * Prices amount of from at the current rate and stores the quote for its
 * owner (a user on API_WALLET, a partner on API_PARTNER), valid for
 * quotes.ttl_seconds from now. Errors: ERR_INVALID_AMOUNT (why set),
 * ERR_RATE_UNAVAILABLE (no fresh rate), ERR_SERVICE_UNAVAILABLE.
 */
enum err quote_create(struct ctx *ctx, enum api api, long long owner_id,
    const struct currency *from, const char *amount, struct quote *q,
    const char **why);

#endif
