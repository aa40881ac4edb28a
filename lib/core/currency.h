/*
 * currency: every currency the service knows, with its decimal scale.
 * Stablecoins are the conversion sources; GHS is the only target.
 */
#ifndef CEDIRAMP_CURRENCY_H
#define CEDIRAMP_CURRENCY_H

#define CURRENCY_STABLECOIN 0x1u /* a conversion source on the wallet API */
#define CURRENCY_CONVERTIBLE 0x2u /* usable with POST /api/convert/usdt-to-ghs */
#define CURRENCY_PARTNER 0x4u    /* a partner API source (USDT, USDC) */

struct currency {
	const char *code;
	unsigned scale; /* decimal places */
	unsigned flags;
};

/* The currency with that exact code, or NULL. */
const struct currency *currency_find(const char *code);

/* GHS, the payout currency (2 places). */
const struct currency *currency_ghs(void);

/* The i-th stablecoin source (USDT, USDC, USDC_E, DAI, GHSFIAT), or NULL. */
const struct currency *currency_source(unsigned i);

#endif
