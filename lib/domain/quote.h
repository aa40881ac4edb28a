/*
 * quote: pricing a conversion and storing the offer. The arithmetic is
 * docs/design.md's: gross = amount x rate rounded down to the pesewa; fee =
 * gross x feePercent / 100 rounded up to the pesewa; receive = gross - fee.
 */
#ifndef CEDIRAMP_QUOTE_H
#define CEDIRAMP_QUOTE_H

#include "domain/ctx.h"
#include "core/currency.h"
#include "core/outcome.h"
#include "domain/caller.h"
#include "core/id.h"
#include "core/money.h"
#include "core/quote_token.h"

struct quote {
	char id[QUOTE_ID_MAX];
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
 * with fee_percent (2 places). Returns ERR_OK, or ERR_INVALID_AMOUNT in o
 * (context {"field":"amount"}, the message says which) when the amount is
 * malformed, zero or has more places than the coin allows;
 * ERR_BELOW_MINIMUM (the same context) when it is too small to leave
 * anything after the fee; ERR_INTERNAL for a bad rate or fee.
 */
enum err quote_price(const struct currency *from, const char *amount,
    const char *rate, const char *fee_percent, struct quote *q,
    struct outcome *o);

/*
 * Prices amount of from at the current rate (no older than
 * rates.max_age_seconds) with the configured fee, storing nothing.
 * ERR_INVALID_AMOUNT, ERR_BELOW_MINIMUM, ERR_RATE_UNAVAILABLE, ERR_SERVICE_UNAVAILABLE,
 * ERR_INTERNAL in o.
 */
enum err quote_live(struct ctx *ctx, const struct currency *from, const char *amount,
    struct quote *q, struct outcome *o);

/*
 * Prices amount of from at the current rate for who (a wallet user or a
 * partner), valid for quotes.ttl_seconds from now, and signs it into its
 * id (core/quote_token.h): nothing is written; the quote's row appears
 * when a conversion or a withdrawal redeems it (domain/quote_redeem.h).
 * Errors in o: ERR_INVALID_AMOUNT, ERR_BELOW_MINIMUM, ERR_RATE_UNAVAILABLE (no fresh rate),
 * ERR_SERVICE_UNAVAILABLE, ERR_INTERNAL (no signing key).
 */
enum err quote_create(struct ctx *ctx, const struct caller *who,
    const struct currency *from, const char *amount, struct quote *q,
    struct outcome *o);

#endif
